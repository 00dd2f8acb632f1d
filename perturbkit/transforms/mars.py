"""MARS attacks on a candidate (besides ``retrieve_context`` in ``relatedness``): token shuffling.

MARS (Ma et al.) builds hard negatives for dialogue/story evaluators by reordering part of a
candidate's tokens: the words stay, their order does not, so word-overlap metrics are fooled.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ..annotate import Level
from ..example import Example
from ..transform import Change, Effect, Transform, register
from ._text import doc_text

_CLOSERS = frozenset({'"', "'", "\u201d", "\u2019", ")", "]", "}", "\u00bb"})


class _Toks:
    """Plain lists of the token attributes the shuffle reads (spaCy builds a Token object on every
    ``doc[i]``; this reads each token once)."""

    def __init__(self, doc) -> None:
        self.text = doc_text(doc)  # built once: Doc.text joins every token on each access
        toks = list(doc)
        self.words = [t.text for t in toks]
        self.ws = [bool(t.whitespace_) for t in toks]
        self.idx = [t.idx for t in toks]
        self.punct = [t.is_punct for t in toks]
        self.space = [t.is_space for t in toks]

    def span(self, a: int, b: int) -> str:
        return self.text[self.idx[a]:self.idx[b - 1] + len(self.words[b - 1])]


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
        t = _Toks(doc)
        return len({t.span(a, b) for a, b in _units(t)}) >= 2

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        t = _Toks(doc)
        units = _units(t)
        k = max(2, round(self.rate * len(units)))
        picked = sorted(rng.sample(range(len(units)), min(k, len(units))))
        texts = [t.span(*units[u]) for u in picked]
        if len(set(texts)) < 2:
            return None
        order = list(texts)
        for _ in range(20):
            rng.shuffle(order)
            if order != texts:
                break
        else:
            return None
        new_at = dict(zip(picked, order))
        # rebuild from the unit before the first picked one to the unit after the last; where a
        # moved word would touch another word with no space between, a space keeps them apart
        lo, hi = max(0, picked[0] - 1), min(len(units) - 1, picked[-1] + 1)
        parts: list[str] = []
        for u in range(lo, hi + 1):
            a, b = units[u]
            old = t.span(a, b)
            parts.append(new_at.get(u, old))
            if u < hi:
                nxt_a, nxt_b = units[u + 1]
                ws = t.text[t.idx[b - 1] + len(t.words[b - 1]):t.idx[nxt_a]]
                nxt_old = t.span(nxt_a, nxt_b)
                moved = new_at.get(u, old) != old or new_at.get(u + 1, nxt_old) != nxt_old
                if not ws and moved and not (new_at.get(u + 1, nxt_old) == nxt_old and t.punct[nxt_a]):
                    ws = " "
                parts.append(ws)
        start = t.idx[units[lo][0]]
        last = units[hi][1] - 1
        return self.rewrite(example, [Change(start, t.idx[last] + len(t.words[last]), "".join(parts),
                                             f"shuffled {len(picked)} tokens")])


_OPENERS = frozenset({"(", "[", "{", '"', "'", "\u201c", "\u2018", "\u00ab", "`", "``"})
_TRAILERS = frozenset({",", ".", ";", ":", "!", "?", "...", ")", "]", "}", '"', "'", "\u201d", "\u2019",
                       "\u00bb", "''"})


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
