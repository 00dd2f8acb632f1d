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

_CLOSERS = frozenset({'"', "'", "\u201d", "\u2019", ")", "]", "}", "\u00bb"})


def _tail_start(doc) -> int:
    """Index of the first token of the trailing punctuation run (".", "!?", '."'): it stays put."""
    i = len(doc)
    while i > 0 and (doc[i - 1].is_punct or doc[i - 1].is_space or doc[i - 1].text in _CLOSERS):
        if doc[i - 1].text == "]" and i >= 3 and doc[i - 3].text == "[" and doc[i - 2].text.isupper():
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
        return len({doc[a:b].text for a, b in _units(doc)}) >= 2

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        units = _units(doc)
        k = max(2, round(self.rate * len(units)))
        picked = sorted(rng.sample(range(len(units)), min(k, len(units))))
        texts = [doc[units[u][0]:units[u][1]].text for u in picked]
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
        text = doc.text  # built once: Doc.text joins every token on each access
        parts: list[str] = []
        for u in range(lo, hi + 1):
            a, b = units[u]
            old = doc[a:b].text
            parts.append(new_at.get(u, old))
            if u < hi:
                nxt_a, nxt_b = units[u + 1]
                ws = text[doc[b - 1].idx + len(doc[b - 1]):doc[nxt_a].idx]
                nxt_old = doc[nxt_a:nxt_b].text
                moved = new_at.get(u, old) != old or new_at.get(u + 1, nxt_old) != nxt_old
                if not ws and moved and not (new_at.get(u + 1, nxt_old) == nxt_old and doc[nxt_a].is_punct):
                    ws = " "
                parts.append(ws)
        start = doc[units[lo][0]].idx
        last = doc[units[hi][1] - 1]
        return self.rewrite(example, [Change(start, last.idx + len(last), "".join(parts),
                                             f"shuffled {len(picked)} tokens")])


_OPENERS = frozenset({"(", "[", "{", '"', "'", "\u201c", "\u2018", "\u00ab", "`", "``"})
_TRAILERS = frozenset({",", ".", ";", ":", "!", "?", "...", ")", "]", "}", '"', "'", "\u201d", "\u2019",
                       "\u00bb", "''"})


def _units(doc) -> list[tuple[int, int]]:
    """Movable token ranges before the final punctuation. A unit is a whitespace-delimited chunk
    ("8mm", "don't", "``", "'ve" stay whole), with opening and closing punctuation split off a
    word ("walked," -> "walked" + ","); a masked name such as ``[MALE]`` moves as one."""
    end = _tail_start(doc)
    out: list[tuple[int, int]] = []
    i = 0
    while i < end:
        if doc[i].is_space:
            i += 1
            continue
        j = i + 1  # the chunk: tokens joined without whitespace
        while j < end and not doc[j - 1].whitespace_ and not doc[j].is_space:
            j += 1
        a, b = i, j
        if b - a == 3 and doc[a].text == "[" and doc[b - 1].text == "]" and doc[a + 1].text.isupper():
            out.append((a, b))
            i = j
            continue
        words = [k for k in range(a, b) if not doc[k].is_punct]
        if words:  # split opening/closing punctuation off the word part
            lo, hi = words[0], words[-1] + 1
            lead = [(k, k + 1) for k in range(a, lo) if doc[k].text in _OPENERS]
            trail = [(k, k + 1) for k in range(hi, b) if doc[k].text in _TRAILERS]
            if len(lead) == lo - a and len(trail) == b - hi:
                out.extend(lead + [(lo, hi)] + trail)
                i = j
                continue
        out.append((a, b))
        i = j
    return out
