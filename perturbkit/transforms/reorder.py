"""Reordering: sentence shuffles (and, in the transform library, clause reordering)."""
from __future__ import annotations

import random
from dataclasses import dataclass

from ..example import Example
from ..transform import Change, Effect, Transform, register
from ._text import sentences


def _movable(doc) -> list:
    """Sentences with at least one word; punctuation-only fragments stay where they are."""
    return [s for s in sentences(doc) if any(c.isalnum() for c in s.text)]


@register
@dataclass(repr=False)
class SentenceShuffle(Transform):
    """Reorder the story's sentences so that at least one moves (separators stay in place)."""

    name = "sentence_shuffle"
    aspect = "coherence"
    effect = Effect.BREAKS
    example = "Tom woke up early. He made coffee. Then he went to work."

    def applicable(self, example, doc) -> bool:
        sents = _movable(doc)
        return len(sents) >= 2 and len({s.text.strip() for s in sents}) >= 2

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        sents = _movable(doc)
        texts = [s.text.strip() for s in sents]
        order = list(range(len(sents)))
        for _ in range(20):
            rng.shuffle(order)
            if [texts[i] for i in order] != texts:
                break
        else:
            return None
        changes = []
        for slot, src in enumerate(order):
            s = sents[slot]
            start = s.start_char + (len(s.text) - len(s.text.lstrip()))
            end = start + len(texts[slot])
            changes.append(Change(start, end, texts[src], f"sentence {src + 1} -> position {slot + 1}"))
        return self.rewrite(example, changes)
