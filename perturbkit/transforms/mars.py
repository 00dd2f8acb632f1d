"""MARS attacks on a candidate (besides ``retrieve_context`` in ``relatedness``): token shuffling.

MARS (Ma et al.) builds hard negatives for dialogue/story evaluators by reordering part of a
candidate's tokens: the words stay, their order does not, so word-overlap metrics are fooled.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple

from ..annotation import Level, frozen, token_columns, token_strings
from ..example import Example
from ..transform import Change, Effect, Transform, register

_CLOSERS = frozenset({'"', "'", "\u201d", "\u2019", ")", "]", "}", "\u00bb"})


_UNITS_KEY = "pk_mars_units"


class _Toks:
    """Plain lists of the token attributes the shuffle reads."""

    def __init__(
        self, text: str, words: list[str], ws: list[bool], idx: list[int], punct: list[bool], space: list[bool]
    ) -> None:
        self.text, self.words, self.ws, self.idx, self.punct, self.space = text, words, ws, idx, punct, space


class _Units(NamedTuple):
    """The movable units of a text (see ``_units``): text, character start and end, the text
    between each unit and the next, and whether a unit starts with a punctuation token."""

    texts: tuple[str, ...]
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    gaps: tuple[str, ...]
    punct_first: tuple[bool, ...]


def _unit_table(doc, text: str) -> _Units:
    """The units of ``doc`` (whose text is ``text``), from token attributes read through
    ``doc.to_array`` (spaCy builds a Token object per ``doc[i]``, and per token for ``Doc.text``).
    Computed once per Doc and kept in ``doc.user_data`` as plain tuples: ``applicable`` and
    ``apply`` both need them."""
    cached = doc.user_data.get(_UNITS_KEY)
    if cached is not None:
        return _Units(*cached)
    cols = token_columns(doc)
    idx, length, ws, punct, space = (cols[k] for k in ("IDX", "LENGTH", "SPACY", "IS_PUNCT", "IS_SPACE"))
    t = _Toks(text, token_strings(doc)["text"], ws, idx, punct, space)
    units = _units(t)
    starts = [idx[a] for a, _ in units]
    ends = [idx[b - 1] + length[b - 1] for _, b in units]
    table = frozen(
        (
            [text[a:b] for a, b in zip(starts, ends)],
            starts,
            ends,
            [text[e:a] for e, a in zip(ends, starts[1:])],
            [bool(punct[a]) for a, _ in units],
        )
    )
    doc.user_data[_UNITS_KEY] = table
    return _Units(*table)


def _tail_start(t: _Toks) -> int:
    """Index of the first token of the trailing punctuation run (".", "!?", '."'): it stays put."""
    w = t.words
    i = len(w)
    while i > 0 and (t.punct[i - 1] or t.space[i - 1] or w[i - 1] in _CLOSERS):
        if w[i - 1] == "]" and i >= 3 and w[i - 3] == "[" and w[i - 2].isupper():
            break  # the end of a masked name like [MALE], not punctuation
        i -= 1
    return i


@register
@dataclass(repr=False)
class TokenShuffle(Transform):
    """Reorder a share (``rate``) of the candidate's tokens; final punctuation stays at the end."""

    name = "token_shuffle"
    aspect = "mars"
    effect = Effect.BREAKS
    level = Level.TOKENS
    example = "She walked to the store and bought some bread."

    rate: float = 0.5

    def applicable(self, example: Example, doc) -> bool:
        return len(set(_unit_table(doc, example.text).texts)) >= 2

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        table = _unit_table(doc, example.text)
        old = table.texts
        k = max(2, round(self.rate * len(old)))
        picked = sorted(rng.sample(range(len(old)), min(k, len(old))))
        texts = [old[u] for u in picked]
        if len(set(texts)) < 2:
            return None
        order = list(texts)
        for _ in range(20):
            rng.shuffle(order)
            if order != texts:
                break
        else:
            return None
        # rebuild from the unit before the first picked one to the unit after the last; where a
        # moved word would touch another word with no space between, a space keeps them apart
        lo, hi = max(0, picked[0] - 1), min(len(old) - 1, picked[-1] + 1)
        new = list(old[lo : hi + 1])
        for u, text in zip(picked, order):
            new[u - lo] = text
        parts = [new[0]]
        for u in range(lo + 1, hi + 1):
            ws = table.gaps[u - 1]
            now, was = new[u - lo], old[u]
            if not ws and (new[u - lo - 1] != old[u - 1] or now != was) and not (now == was and table.punct_first[u]):
                ws = " "
            parts += (ws, now)
        return self.rewrite(
            example, [Change(table.starts[lo], table.ends[hi], "".join(parts), f"shuffled {len(picked)} tokens")]
        )


_OPENERS = frozenset({"(", "[", "{", '"', "'", "\u201c", "\u2018", "\u00ab", "`", "``"})
_TRAILERS = frozenset(
    {",", ".", ";", ":", "!", "?", "...", ")", "]", "}", '"', "'", "\u201d", "\u2019", "\u00bb", "''"}
)


def _units(t: _Toks) -> list[tuple[int, int]]:
    """Movable token ranges before the final punctuation. A unit is a whitespace-delimited chunk
    ("8mm", "don't", "``", "'ve" stay whole), with opening and closing punctuation split off a
    word ("walked," -> "walked" + ","); a masked name such as ``[MALE]`` moves as one."""
    end = _tail_start(t)
    w, punct, space = t.words, t.punct, t.space
    out: list[tuple[int, int]] = []
    i = 0
    while i < end:
        if space[i]:
            i += 1
            continue
        j = i + 1  # the chunk: tokens joined without whitespace
        while j < end and not t.ws[j - 1] and not space[j]:
            j += 1
        a, b = i, j
        if b - a == 1:  # the common case: one token, a unit whatever it is
            out.append((a, b))
            i = j
            continue
        if b - a == 3 and w[a] == "[" and w[b - 1] == "]" and w[a + 1].isupper():
            out.append((a, b))
            i = j
            continue
        words = [k for k in range(a, b) if not punct[k]]
        if words:  # split opening/closing punctuation off the word part
            lo, hi = words[0], words[-1] + 1
            lead = [(k, k + 1) for k in range(a, lo) if w[k] in _OPENERS]
            trail = [(k, k + 1) for k in range(hi, b) if w[k] in _TRAILERS]
            if len(lead) == lo - a and len(trail) == b - hi:
                out.extend(lead + [(lo, hi)] + trail)
                i = j
                continue
        out.append((a, b))
        i = j
    return out
