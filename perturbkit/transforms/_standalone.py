"""Confident standalone sentences (``sentence_shuffle`` in a long story): the units that may move.

Rounds 112-117 each found a new kind of piece cut from its host in long WritingPrompts stories
("Tick ." fragments after "I looked down at my watch .", "You know ?" cut from what it asks about,
"*104 . 105 . 106 . *" from "I clenched my teeth ...", a list item "McKinley fall remix ." away
from its list, a dateline "January 13 , 2257 . 5:45 PM , GMT ." left behind by the scene it
opens). Rather than one more opener, a structural rule: in a long story a unit moves only if it
is a confident standalone sentence and so are both units next to it (a missing neighbour at the
story's start or end counts as one); every other unit stays where it is. An attachment holds in
both directions: a fragment, heading, dateline, list item or aside never moves, and neither does
the unit on either side of it.

A unit is a confident standalone sentence when it is movable and ends like a sentence with ".",
"!" or "?" (not an ellipsis, a dash or a colon), holds at least ``MIN_WORDS`` words and more words
of letters than numbers, starts with a capital (unless the story is lower-cased), has no colon
(a list or a label opens) and does not open with a coordinator, a subordinator or a wh-word
unless its first sentence asks a question, nor with a reply ("No ,", "Oh well ,"); and each of
its sentences outside quotations is no fragment (``_fragments._fragment``) and has a finite main
verb with its own explicit subject (``_fragments._finite`` and ``_subject``: no imperative, no
subject guessed from a noun). A quotation counts only with a tag that has one (`` "Go ," she said
. ``): an untagged quotation, a starred thought or a line of numbers has no narration at all."""

from __future__ import annotations

import bisect
import re
from typing import TYPE_CHECKING

from ..annotation import sentence_chars, token_columns, token_strings
from ._fragments import _RELATIVE_WORDS, _SUBORDINATORS, _WH, _clause, _finite, _fragment, _subject
from ._quotes import inside_any
from ._units import _OPENERS, Unit, _spans

if TYPE_CHECKING:
    from spacy.tokens import Doc

MIN_WORDS = 4
_COORDINATORS = frozenset({"and", "but", "or", "nor", "so", "yet", "for", "plus"})
_LINKED = _COORDINATORS | _SUBORDINATORS | _WH | _RELATIVE_WORDS
# a reply or a reaction to the sentence before ("No , that would n't work .", "Oh well , someone else
# can take the wrap this time ."): read 117, wp_dev-149 and -67
_REPLIES = frozenset({"no", "yes", "yeah", "yep", "nope", "oh", "ah", "well", "ok", "okay", "hmm", "huh", "wow"})
# ends with ".", "!" or "?" (closing quotes or brackets after it), not with an ellipsis
_SENTENCE_END = re.compile(r"(?<![.\u2026])[.!?]+(?:\s*(?:''|[\"\u201d\u2019')\]*]))*$")
_COLON = re.compile(r"(?<!\d)\s?:|:(?!\s?\d)")  # a colon, not a time's ("5:45")
_OPEN = tuple(sorted(_OPENERS, key=len, reverse=True))


def standing_units(doc: Doc, text: str, units: tuple[Unit, ...] | list[Unit]) -> list[Unit]:
    """The units of a long story that may move: confident standalone sentences (see the module)
    whose neighbours both are too."""
    sure = standalone(doc, text, units)
    n = len(sure)
    return [u for i, u in enumerate(units) if sure[i] and (i == 0 or sure[i - 1]) and (i == n - 1 or sure[i + 1])]


def standalone(doc: Doc, text: str, units: tuple[Unit, ...] | list[Unit]) -> list[bool]:
    """Whether each unit is a confident standalone sentence (see the module)."""
    uncased = not any(c.isupper() for c in text[:200])
    cols, strs = token_columns(doc), token_strings(doc)
    spans = _spans(text)
    sents = sentence_chars(doc)
    idx = cols["IDX"]

    def tokens(a: int, b: int) -> range:
        return range(bisect.bisect_left(idx, a), bisect.bisect_left(idx, b))

    def grammatical(u: Unit) -> bool:
        told = False  # a sentence of narration seen
        for a, b in sents:
            a, b = max(a, u.start), min(b, u.end)
            if a >= b:
                continue
            toks = [i for i in tokens(a, b) if not inside_any(spans, idx[i])]
            if not any(any(ch.isalpha() for ch in cols["lower"][i]) for i in toks):
                continue  # all quoted: the quotation's own words
            told = True
            sent = text[a:b].strip()
            rng = tokens(a, b)
            if not sent.startswith(_OPEN) and _fragment(rng, sent, cols, strs):
                return False
            if not _subject_verb(rng, set(toks), cols, strs):
                return False
        return told

    out = []
    for u in units:
        t = u.text
        words = [w for w in t.split() if any(ch.isalpha() for ch in w)]
        numbers = [w for w in t.split() if any(ch.isdigit() for ch in w)]
        body = t.lstrip("".join(_OPENERS) + " ")
        first = body.split()[0].lower() if body.split() else ""
        asks = "?" in next((text[max(a, u.start) : b] for a, b in sents if b > u.start), t)
        ok = (
            u.movable
            and u.whole
            and bool(_SENTENCE_END.search(t))
            and len(words) >= MIN_WORDS
            and len(numbers) * 2 < len(words)
            and (uncased or body[:1].isupper())
            and not _COLON.search(t)
            and (first not in _LINKED or asks)
            and first.strip(",") not in _REPLIES
        )
        out.append(ok and grammatical(u))
    return out


def _subject_verb(toks: range, narration: set[int], cols: dict, strs: dict) -> bool:
    """The sentence's main verb (its root, or a clause of its own beside it) is finite and has an
    explicit subject, outside any quotation."""
    head, lower = cols["HEAD"], cols["lower"]
    tag, dep, children = strs["tag"], strs["dep"], strs["children"]
    roots = [i for i in toks if head[i] == i or not toks.start <= head[i] < toks.stop]
    clauses = roots + [c for r in roots for c in children[r] if _clause(r, c, tag, dep, children)]
    return any(
        r in narration and _subject(r, dep, children) and _finite(r, toks, lower, tag, dep, children) for r in clauses
    )
