"""RoMe's masked-words case: content words replaced by a meaningless token.

TextAttack's attack on RoMe showed that metrics built on embeddings can score a story with words
masked out (here "AAA") close to the original; a robust metric must score it lower.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ..annotate import Level
from ..example import Example
from ..transform import Change, Effect, Transform, register


@register
@dataclass(repr=False)
class MaskWords(Transform):
    """Replace a share (``rate``, at least one) of content words with a mask token ("AAA")."""

    name = "mask_words"
    aspect = "robustness"
    effect = Effect.BREAKS
    level = Level.TOKENS
    example = "The old fisherman sailed out before dawn and caught a huge tuna."

    rate: float = 0.15
    token: str = "AAA"

    def validate(self) -> None:
        super().validate()
        if not self.token.strip() or any(c.isspace() for c in self.token):
            raise ValueError(f"token must be one non-blank word, got {self.token!r}")

    @staticmethod
    def _candidates(doc) -> list:
        # content words only: masking "the" or "of" tests nothing; masked names stay names
        return [t for t in doc if t.is_alpha and not t.is_stop and len(t) > 1
                and not (t.i > 0 and doc[t.i - 1].text == "[")]

    def applicable(self, example: Example, doc) -> bool:
        return any(t.text != self.token for t in self._candidates(doc))

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        cands = [t for t in self._candidates(doc) if t.text != self.token]
        k = max(1, round(self.rate * len(cands)))
        picked = sorted(rng.sample(cands, k), key=lambda t: t.i)
        return self.rewrite(example, [Change(t.idx, t.idx + len(t.text), self.token, "masked") for t in picked])
