"""Reordering: the story's sentences shuffled, or (MARS's attack on a candidate) a share of its
tokens. MARS (Ma et al.) builds hard negatives for dialogue/story evaluators by reordering part of
a candidate's tokens: the words stay, their order does not, so word-overlap metrics are fooled.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..annotation import Level
from ..example import Example
from ..transform import Change, Effect, Transform, register
from ._reorder import movable_sentences, rejoined, token_units


@register
@dataclass(repr=False)
class SentenceShuffle(Transform):
    """Reorder the story's sentences so that at least one moves (separators stay in place;
    sentences with no space between them move together)."""

    name = "sentence_shuffle"
    aspect = "coherence"
    effect = Effect.BREAKS
    example = "Tom woke up early. He made coffee. Then he went to work."

    def applicable(self, example, doc) -> bool:
        sents = movable_sentences(doc)
        return len(sents) >= 2 and len({text for _, text in sents}) >= 2

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        sents = movable_sentences(doc)
        texts = [text for _, text in sents]
        order = list(range(len(sents)))
        for _ in range(20):
            rng.shuffle(order)
            if [texts[i] for i in order] != texts:
                break
        else:
            return None
        changes = []
        for slot, src in enumerate(order):
            start = sents[slot][0]
            end = start + len(texts[slot])
            changes.append(Change(start, end, texts[src], f"sentence {src + 1} -> position {slot + 1}"))
        return self.rewrite(example, changes)


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
        return len(set(token_units(doc).texts)) >= 2

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        table = token_units(doc)
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
        start, end, new = rejoined(table, picked, order)
        return self.rewrite(example, [Change(start, end, new, f"shuffled {len(picked)} tokens")])
