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
from ._narration import LONG_STORY_UNITS
from ._reorder import rejoined, scrambled_order, token_units
from ._shuffle_units import shuffle_units

_FEW = 4  # movable units a long story needs to be shuffled


@register
@dataclass(repr=False)
class SentenceShuffle(Transform):
    """Reorder the story's sentences so that the order of events breaks: no sentence keeps the one
    after it (short stories) and more than one pair changes order. Quoted speech, a speaker label
    or heading with what it labels, and fragments move as one unit (see ``_units``); separators
    stay in place."""

    name = "sentence_shuffle"
    aspect = "coherence"
    effect = Effect.BREAKS
    example = "Tom woke up early. He made coffee. Then he went to work."

    def applicable(self, example, doc) -> bool:
        texts = [u.text for u in self._units(doc)]
        return len(texts) >= 2 and len(set(texts)) >= 2

    @staticmethod
    def _units(doc) -> list:
        """The movable units; none when they hold more than ten sentences but number fewer than ``_FEW`` (dialogue
        joined into blocks, WP round 100): swapping a block and a line or two may read as a
        flashback, not as a broken order."""
        movable = [u for u in shuffle_units(doc) if u.movable]
        return [] if len(movable) < _FEW and sum(u.pieces for u in movable) > LONG_STORY_UNITS else movable

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        units = self._units(doc)
        texts = [u.text for u in units]
        order = scrambled_order(texts, rng)
        if order is None:
            return None
        return self.rewrite(
            example,
            [
                Change(units[slot].start, units[slot].end, texts[src], f"sentence {src + 1} -> position {slot + 1}")
                for slot, src in enumerate(order)
            ],
        )


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
