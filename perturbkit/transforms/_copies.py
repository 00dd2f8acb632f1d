"""Sentence units as spans a copy may take or overwrite: shared by the sentence repetitions
(repeat_sentence, repeat_sentence_far, UNION's copy) and the paraphrase transforms."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..annotation import doc_text, per_doc
from ._units import sentence_units, untagged_turns

if TYPE_CHECKING:
    from spacy.tokens import Doc

_MAX_COPY_WORDS = 80  # a unit longer than this (a long speech) is not copied whole


@per_doc
def _copyable_spans(doc: Doc) -> tuple[tuple[int, int, str, bool], ...]:
    """(start, end, text, ok) per sentence unit (``_units``: quoted speech with its attribution,
    fragments with the sentence they belong to); ``ok``: the unit can be copied, or be the target
    of a copy (a whole unit, so a copy never splits a quotation or repeats a fragment of one).
    Shared by the sentence-level transforms."""
    return tuple(
        (u.start, u.end, u.text, u.whole and len(u.text.split()) <= _MAX_COPY_WORDS) for u in sentence_units(doc)
    )


_WORDS = re.compile(r"[^\W\d_]+")


@per_doc
def _repeatable_spans(doc: Doc) -> tuple[tuple[int, int, str, bool], ...]:
    """:func:`_copyable_spans` for the sentence repetitions (and UNION's): an untagged dialogue turn
    is neither copied nor overwritten (one turn more or fewer swaps every later line's speaker), nor
    a one-word sentence ("Hm . Hm ." reads as hesitation, not as a repetition; round 78)."""
    turns = untagged_turns(doc_text(doc), sentence_units(doc))
    return tuple(
        (a, b, t, ok and i not in turns and len(_WORDS.findall(t)) > 1)
        for i, (a, b, t, ok) in enumerate(_copyable_spans(doc))
    )


def _gap(text: str, sp: Sequence[tuple[int, int, str, bool]], i: int) -> str:
    """The separator to put between sentence ``i`` and a copy inserted after it."""
    if i + 1 < len(sp):
        gap = text[sp[i][1] : sp[i + 1][0]]
    elif i > 0:
        gap = text[sp[i - 1][1] : sp[i][0]]
    else:
        gap = " "
    return gap if gap and not gap.strip() and "\n\n" not in gap else " "
