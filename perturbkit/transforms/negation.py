"""Negation: insert or delete the negation of a sentence's main verb (OpenMEVA's consistency
perturbation, UNION's negation alteration), keeping the sentence grammatical.

Insertion follows English auxiliary syntax: after the first auxiliary or modal ("has gone" ->
"has not gone", "can" -> "cannot"), after a finite copula ("was" -> "was not"), else with
do-support in the verb's tense ("went" -> "did not go", "likes" -> "does not like"). Deletion is
the reverse ("did n't go" -> "went", "won't" -> "will", "wasn't" -> "was", "never went" ->
"went"). Contractions follow the story's own style ("didn't" in normal text, "did n't" in
tokenised text, "did not" when the story never contracts). Only the main clause (the parse root
and its auxiliaries) is touched; questions, inversions, clauses with other negative words, and
deletions that would strand a negative polarity item ("did n't have any") are skipped.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..annotation import Level
from ..example import Example
from ..transform import Change, Effect, Transform, register
from ._negation.ops import Op, op_table

if TYPE_CHECKING:
    from spacy.tokens import Doc

_MODES = ("insert", "delete", "both")


@register
@dataclass(repr=False)
class Negation(Transform):
    """Insert or delete the main-verb negation in ``rate`` of the sentences (at least one):
    "went" -> "did not go", "can't" -> "can" (OpenMEVA's consistency perturbation)."""

    name = "negation"
    aspect = "consistency"
    effect = Effect.BREAKS
    level = Level.PARSE
    example = "Tom went to the store. He could n't find any milk. He was sad."

    rate: float = 0.2
    mode: str = "both"

    def validate(self) -> None:
        super().validate()
        if self.mode not in _MODES:
            raise ValueError(f"mode must be one of {', '.join(_MODES)}, got {self.mode!r}")

    def applicable(self, example: Example, doc: Doc) -> bool:
        return bool(op_table(doc, self.mode)[1])

    def choose(self, ops: list[Op], n_total: int, rng: random.Random) -> list[Op]:
        """Which flips to make: ``rate`` of the story's sentences (at least one), among those
        that can be flipped (OpenMEVA: ``max(1, int(n * 0.2))``)."""
        return rng.sample(ops, min(len(ops), max(1, int(n_total * self.rate))))

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        n_sents, table = op_table(doc, self.mode)
        if not table:
            return None
        # The ops' changes stay plain (start, end, new, note) tuples until their final note is known.
        chosen = sorted(self.choose([Op(*row) for row in table], n_sents, rng))
        changes = [
            Change(start, end, new, f"sentence {op.sentence + 1}: {note}")
            for op in chosen
            for start, end, new, note in op.changes
        ]
        return self.rewrite(example, changes)


@register
@dataclass(repr=False)
class NegationAlteration(Negation):
    """UNION's negation alteration: flip the negation of a random number of sentences (uniform
    between one and all of them), deleting where negated and inserting elsewhere."""

    name = "negation_alteration"
    aspect = "consistency"
    effect = Effect.BREAKS
    example = "Tom went to the store. He could n't find any milk. He was sad."

    rate: float = 1.0

    def choose(self, ops: list[Op], n_total: int, rng: random.Random) -> list[Op]:
        """UNION: draw a count uniformly from 1..n (n = ``rate`` of the sentences), pick that
        many sentences, flip those that can be flipped (one flippable sentence if none can)."""
        drawn = rng.randint(1, max(1, int(round(n_total * self.rate))))
        picked = set(rng.sample(range(n_total), min(drawn, n_total)))
        chosen = [op for op in ops if op.sentence in picked]
        return chosen or [rng.choice(ops)]
