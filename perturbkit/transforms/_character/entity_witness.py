"""What a replaced number, date or name contradicts in ``entity_replacement``: a witness, i.e. the
same entity stated again with its original value about the same thing ("a level of 1100 ... his
level is 1100 again", "you two ... them both"). Without one the edit is a fluent detail change
nothing depends on ("ten more pages" -> "twenty more pages"), and the transform declines. Also
list members ("brands like Honda, Toyota, Kia"), which a replacement of the same label only swaps."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .names import word_spans

if TYPE_CHECKING:
    from spacy.tokens import Doc

_WORD = re.compile(r"[^\W\d_]+")
_WINDOW = 4  # words either side of a mention that say what it counts or dates
# Words that say nothing about what a number counts.
_FILLER = frozenset(
    "a an the of to in on at for by with from and or but so as it its it's is was were be been being are am "
    "has have had do did does not n't no yes he she they we you i me him her them us my his their our your "
    "this that these those there here then than when while about after before again more less most some any "
    "all each every just only also very too still even almost nearly over under up down out into s t ll ve re d "
    "one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred thousand".split()
)


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def _around(text: str, a: int, b: int, own: set[str]) -> set[str]:
    """The content words within ``_WINDOW`` words of ``text[a:b]`` (its own words excluded)."""
    before = _WORD.findall(text[max(0, a - 80) : a].lower())[-_WINDOW:]
    after = _WORD.findall(text[b : b + 80].lower())[:_WINDOW]
    return {_stem(w) for w in before + after if w not in _FILLER and _stem(w) not in own}


def _sentence(text: str, a: int, b: int) -> str:
    """The sentence around ``text[a:b]`` (split at full stops, question and exclamation marks)."""
    start = max(text.rfind(p, 0, a) for p in ".!?") + 1
    ends = [e for e in (text.find(p, b) for p in ".!?") if e >= 0]
    return text[start : min(ends) + 1 if ends else len(text)].strip()


def number_witness(text: str, anchor: str, old: str, spans: list[tuple[int, int]]) -> str | None:
    """A kept statement of ``old`` (in the story outside ``spans`` or in ``anchor``, the context or
    reference) about the same thing as a replaced mention (a content word shared within a few words:
    "level"), or "both" in a replaced "two"'s sentence; quoted for the provenance, else None."""
    own = {_stem(w) for w in _WORD.findall(old.lower())}
    near = set().union(*(_around(text, a, b, own) for a, b in spans)) if spans else set()
    kept = [(text, a, b) for a, b in word_spans(old, text, ignore_case=True) if (a, b) not in spans]
    kept += [(anchor, a, b) for a, b in word_spans(old, anchor, ignore_case=True)] if anchor else []
    for src, a, b in kept:
        shared = near & _around(src, a, b, own)
        if shared:
            return f"'{_sentence(src, a, b)}' (both about '{sorted(shared)[0]}')"
    if old.lower() in ("two", "2"):
        for a, b in spans:
            sent = _sentence(text, a, b)
            if re.search(r"\bboth\b", sent, re.I):
                return f"'both' in '{sent}'"
    return None


def list_member(doc: Doc, spans: list[tuple[int, int]]) -> bool:
    """Whether a replaced mention is one item of a list ("Honda, Toyota, Suburu, Kia"): coordinated
    with another entity or standing between commas next to one."""
    for a, b in spans:
        inside = [t for t in doc if a <= t.idx < b]
        if not inside:
            return True
        i, j = inside[0].i, inside[-1].i
        if any(
            (t.dep_ == "conj" and t.head.ent_type_) or any(c.dep_ == "conj" and c.ent_type_ for c in t.children)
            for t in inside
        ):
            return True
        for sep, item in ((i - 1, i - 2), (j + 1, j + 2)):
            if 0 <= min(sep, item) and max(sep, item) < len(doc):
                if doc[sep].lower_ in (",", "and", "or", "/") and doc[item].ent_type_:
                    return True
    return False
