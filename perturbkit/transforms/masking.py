"""RoMe's masked-words case: content words replaced by a meaningless token.

TextAttack's attack on RoMe showed that metrics built on embeddings can score a story with words
masked out (here "AAA") close to the original; a robust metric must score it lower.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..annotation import Level, token_columns
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

    def applicable(self, example: Example, doc) -> bool:
        return any(w != self.token for w in _candidates(doc, example.text)[1])

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        starts, words = _candidates(doc, example.text)
        cands = [j for j, w in enumerate(words) if w != self.token]
        k = max(1, round(self.rate * len(cands)))
        picked = sorted(rng.sample(cands, k))  # in text order
        return self.rewrite(
            example, [Change(starts[j], starts[j] + len(words[j]), self.token, "masked") for j in picked]
        )


_CANDS_KEY = "pk_masking_candidates"


def _candidates(doc, text: str) -> tuple[list[int], list[str]]:
    """(character offsets, texts) of the content words of ``doc`` (whose text is ``text``) that
    may be masked: masking "the" or "of" tests nothing; masked names ("[MALE]") stay names. Read
    once per Doc through ``doc.to_array`` (no spaCy Token objects; ``applicable`` and ``apply``
    both need them) and kept in ``doc.user_data`` as two plain lists."""
    cands = doc.user_data.get(_CANDS_KEY)
    if cands is None:
        cols = token_columns(doc)
        idx, length, alpha, stop = cols["IDX"], cols["LENGTH"], cols["IS_ALPHA"], cols["IS_STOP"]
        keep = [
            i
            for i in range(len(idx))
            if alpha[i]
            and not stop[i]
            and length[i] > 1
            and not (i > 0 and length[i - 1] == 1 and text[idx[i - 1]] == "[")
        ]
        cands = doc.user_data[_CANDS_KEY] = (
            tuple(idx[i] for i in keep),
            tuple(text[idx[i] : idx[i] + length[i]] for i in keep),
        )
    return cands
