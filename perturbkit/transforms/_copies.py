"""Sentence units as spans a copy may take or overwrite, and which of them a reader would notice
as copied: shared by the sentence repetitions (repeat_sentence, repeat_sentence_far, UNION's copy)
and the paraphrase transforms."""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..annotation import doc_text, per_doc
from ._narration import LONG_STORY_UNITS, far_copy_source, narration, quoted
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
_TRAILING = re.compile(r"(?:\.\s*){3}$|\u2026$")  # a line ending in an ellipsis, outside quotes


#: A short question or exclamation said again further on reads as the speaker's own repeat ("What ?
#: Ha !" two lines later in a rant, round 123), not as a copy; a short statement ("tom left .") does not
_OUTCRY_MAX_WORDS = 3


def _outcry(text: str) -> bool:
    """``text`` is a short question or exclamation (at most :data:`_OUTCRY_MAX_WORDS` words): no
    source for a copy further on (``repeat_sentence_far``)."""
    return len(_WORDS.findall(text)) <= _OUTCRY_MAX_WORDS and text.rstrip(" '\"\u201d").endswith(("?", "!"))


@per_doc
def _repeatable_spans(doc: Doc) -> tuple[tuple[int, int, str, bool], ...]:
    """:func:`_copyable_spans` for the sentence repetitions (and UNION's): an untagged dialogue turn
    is neither copied nor overwritten (one turn more or fewer swaps every later line's speaker), nor
    a one-word sentence ("Hm . Hm ." reads as hesitation, not as a repetition; round 78), nor a line
    trailing off in an ellipsis into the next ("... then I remembered ..." before "Britta has been
    dead": copied, it ends mid-thought; round 121)."""
    turns = untagged_turns(doc_text(doc), sentence_units(doc))
    spans = _copyable_spans(doc)
    return tuple(
        (
            a,
            b,
            t,
            ok and i not in turns and len(_WORDS.findall(t)) > 1 and not (i + 1 < len(spans) and _TRAILING.search(t)),
        )
        for i, (a, b, t, ok) in enumerate(spans)
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


# an author's note, a section mark or an afterword ("# # #", "-- -- --", "-- -", "Edit: thanks", "A/N",
# "Critique is welcome", "more of my stuff at /r/..."): copied, it repeats the frame, not the story
# (WP readings, rounds 90 and 92), a letter's salutation ("Dear Reader", round 94)
_NOTE = re.compile(
    r"#|(?:-\s*){3,}|(?:\*\s*){3,}|_{3,}|={3,}|~{3,}|/r/|^\W*(?:edit\b|a/n\b|author'?s note|p\.?s\.?\b|note:|dear\b)"
    r"|\bcritique|\bcriticisms?\b|\bfeedback\b|thanks for reading|\bsubreddit|\bupvote|\bmore of my\b",
    re.IGNORECASE,
)
_LINE_WORDS = re.compile(r"[^\W_]+")
_LONG_STORY_MIN_WORDS = 8  # there, a shorter line doubled reads as emphasis ("No. No."), not as an error
# a word three times in a row ("No No No"): a story that repeats on purpose
_TRIPLED = re.compile(r"\b([^\W\d_]+)\W+\1\W+\1\b", re.IGNORECASE)
_ECHO_WORDS = 5  # a line sharing this many words in a row with another line echoes a refrain (round 94)
_ANAPHORA_WORDS = 3  # a long story's line whose first words open two more lines ("I do not want ...") is a figure


@per_doc
def _line_keys(doc: Doc) -> tuple[tuple[str, ...], ...]:
    """Per unit of :func:`_repeatable_spans`: its lower-cased words (what makes two lines the same)."""
    return tuple(tuple(_LINE_WORDS.findall(t.lower())) for _, _, t, _ in _repeatable_spans(doc))


@per_doc
def repeats_on_purpose(doc: Doc) -> bool:
    """A long story that repeats itself on purpose: a line told twice ("Step . Shriek . Step .
    Shriek") or a word three times in a row ("No No No"); one more repetition reads as its style
    (rounds 93, 98)."""
    keys = _line_keys(doc)
    if len(keys) <= LONG_STORY_UNITS:
        return False
    return max(Counter(keys).values()) > 1 or bool(_TRIPLED.search(doc_text(doc)))


@per_doc
def _noticeable_copies(doc: Doc) -> tuple[tuple[bool, bool], ...]:
    """Per unit of :func:`_repeatable_spans`: (a copy anywhere, a copy right after it) reads as an
    unintended repetition. Not an author's note or afterword, not a line the story already repeats
    or echoes (five words in a row of it in another line: "how she loved the Sun"); in a long story
    not a line of an anaphora ("I do not want ..." opening three lines) and, right after it, not a
    short line (a doubled short line reads as emphasis; rounds 90, 92).
    A long story that repeats itself on purpose (a line told twice, "Step . Shriek . Step . Shriek",
    "No No No") gets no copy: one more reads as its style (round 93)."""
    keys = _line_keys(doc)
    seen = Counter(keys)
    long_story = len(keys) > LONG_STORY_UNITS
    if repeats_on_purpose(doc):
        return tuple((False, False) for _ in keys)
    openings = Counter(k[:_ANAPHORA_WORDS] for k in keys if len(k) > _ANAPHORA_WORDS)
    grams = [{k[j : j + _ECHO_WORDS] for j in range(len(k) - _ECHO_WORDS + 1)} for k in keys]
    echoes = Counter(g for gs in grams for g in gs)
    out = []
    for (_, _, text, _), key, gs in zip(_repeatable_spans(doc), keys, grams):
        ok = not _NOTE.search(text) and seen[key] == 1 and all(echoes[g] == 1 for g in gs)
        ok = ok and not (long_story and len(key) > _ANAPHORA_WORDS and openings[key[:_ANAPHORA_WORDS]] > 2)
        out.append((ok, ok and not (long_story and len(key) < _LONG_STORY_MIN_WORDS)))
    return tuple(out)


@per_doc
def _plain_units(doc: Doc) -> list[bool]:
    """Per unit of :func:`_repeatable_spans`: plain narration (no quotation or markdown around it)."""
    return narration(doc_text(doc), _repeatable_spans(doc))


_FINITE = {"VBD", "VBZ", "VBP", "MD"}


@per_doc
def _far_sources(doc: Doc) -> list[bool]:
    """Per unit: in a long story, a line a copy may take: plain narration with a finite verb (no
    fragment cut from what it describes), no speech next to it (a tag copied without its quotation:
    "Mark sang out upon entering"), and :func:`far_copy_source` (round 99)."""
    sp = _repeatable_spans(doc)
    plain, speech = _plain_units(doc), quoted(doc_text(doc), sp)
    starts = [a for a, _, _, _ in sp]
    finite = [False] * len(sp)
    for t in doc:
        k = bisect.bisect_right(starts, t.idx) - 1
        if k >= 0 and t.idx < sp[k][1] and t.tag_ in _FINITE:
            finite[k] = True
    return [
        plain[i]
        and finite[i]
        and not any(speech[k] for k in (i - 1, i + 1) if 0 <= k < len(sp))
        and far_copy_source(sp[i][2])
        for i in range(len(sp))
    ]
