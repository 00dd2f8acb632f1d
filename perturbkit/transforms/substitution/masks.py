"""RoMe's masked words: content words replaced by a mask token."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...annotation import Level
from ...example import Example
from ...transform import Change, Effect, Transform, register
from .._substitution.masks import maskable_words

if TYPE_CHECKING:
    from spacy.tokens import Doc


@register
@dataclass(repr=False)
class MaskWords(Transform):
    """Replace a share (``rate``, at least one) of content words with a mask token ("AAA").

    Words of a multiword unit (an idiom, a name of two words or more) are left whole."""

    name = "mask_words"
    aspect = "robustness"
    effect = Effect.BREAKS
    level = Level.PARSE  # lemmas, parts of speech and entities find the multiword units to keep
    requires = ("wordnet",)  # its multiword entries
    example = "The old fisherman sailed out before dawn and caught a huge tuna."

    rate: float = 0.15
    token: str = "AAA"

    def validate(self) -> None:
        super().validate()
        if not self.token.strip() or any(c.isspace() for c in self.token):
            raise ValueError(f"token must be one non-blank word, got {self.token!r}")

    def applicable(self, example: Example, doc: Doc) -> bool:
        return any(w != self.token for w in maskable_words(doc)[1])

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        starts, words = maskable_words(doc)
        cands = [j for j, w in enumerate(words) if w != self.token]
        k = max(1, round(self.rate * len(cands)))
        picked = sorted(rng.sample(cands, k))  # in text order
        return self.rewrite(
            example, [Change(starts[j], starts[j] + len(words[j]), self.token, "masked") for j in picked]
        )
