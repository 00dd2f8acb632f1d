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
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..annotation import Level
from ..annotation.capabilities import LEVEL_NEEDS
from ..example import Example
from ..transform import Change, Effect, Transform, register
from ..transform.targets import Target, choose, contradiction_note
from ._negation.ops import Op, op_table
from ._negation.strict import flip_is_clean
from ._negation.targets import flip_witnesses, object_witnesses

if TYPE_CHECKING:
    from spacy.tokens import Doc

_MODES = ("insert", "delete", "both")


def _witnesses(doc: Doc, kind: str, sentence: int, find: Callable = flip_witnesses) -> tuple:
    """What contradicts a targeted flip: only insertions have it (a negation deleted, "he never
    gambled" -> "he gambled", leaves a different story that nothing later rules out)."""
    return find(doc, sentence) if kind == "insert" else ()


@register
@dataclass(repr=False)
class Negation(Transform):
    """Insert or delete the main-verb negation of a sentence the rest of the story depends on:
    "he bought a car. he drove the car home." -> "he did not buy a car. ..." (OpenMEVA's
    consistency perturbation)."""

    name = "negation"
    aspect = "consistency"
    effect = Effect.BREAKS
    level = Level.PARSE
    needs = LEVEL_NEEDS[Level.PARSE] - {"ENT_IOB"}  # no entities read: the parse can skip ner
    example = "Tom bought a bike. He rode the bike to school. He was happy."

    max_edits: int = 1
    rate: float | None = None
    mode: str = "both"
    targeted: bool = True
    #: only flips :func:`~._negation.strict.flip_is_clean` passes (UNION's untargeted flips, round 53)
    strict: bool = False
    # what a targeted flip must contradict (see _negation.targets)
    witness_finder: ClassVar[Callable] = staticmethod(flip_witnesses)

    def validate(self) -> None:
        super().validate()
        if self.mode not in _MODES:
            raise ValueError(f"mode must be one of {', '.join(_MODES)}, got {self.mode!r}")
        if isinstance(self.max_edits, bool) or not isinstance(self.max_edits, int) or self.max_edits < 1:
            raise ValueError(f"max_edits must be an integer >= 1, got {self.max_edits!r}")

    def targets(self, doc: Doc) -> list[Target]:
        """Every possible flip with the places that depend on it (all flips, each with no
        witnesses, when not ``targeted``)."""
        ops = [Op(*row) for row in self._table(doc)]
        if not self.targeted:
            return [Target(op, op.sentence, ()) for op in ops]
        return [Target(op, op.sentence, _witnesses(doc, op.kind, op.sentence, self.witness_finder)) for op in ops]

    def _table(self, doc: Doc) -> tuple:
        """The Doc's flips (rows of :func:`op_table`), only the clean ones when ``strict``."""
        table = op_table(doc, self.mode)[1]
        return tuple(r for r in table if flip_is_clean(doc, r[0], r[1], r[2])) if self.strict else table

    def applicable(self, example: Example, doc: Doc) -> bool:
        table = self._table(doc)
        if not self.targeted:
            return bool(table)
        return any(_witnesses(doc, row[1], row[0], self.witness_finder) for row in table)

    def count(self, n_sentences: int, rng: random.Random) -> int:
        """How many sentences to flip: ``max_edits``, or with ``rate`` OpenMEVA's share of the
        story's sentences, ``max(1, int(n * rate))``."""
        return max(1, int(n_sentences * self.rate)) if self.rate is not None else self.max_edits

    def draw(self, targets: list[Target], n_sentences: int, rng: random.Random) -> list[Target]:
        """Untargeted: ``count`` flips drawn at random among the possible ones (OpenMEVA)."""
        k = self.count(n_sentences, rng)
        return sorted(rng.sample(targets, min(len(targets), k)), key=lambda t: t.sentence)

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        n_sents = op_table(doc, self.mode)[0]
        targets = self.targets(doc)
        if not targets:
            return None
        chosen = choose(rng, targets, self.count(n_sents, rng)) if self.targeted else self.draw(targets, n_sents, rng)
        changes = []
        for t in chosen:
            op: Op = t.item
            why = contradiction_note(t.witnesses, own=op.sentence)
            for start, end, new, note in op.changes:
                changes.append(
                    Change(start, end, new, f"sentence {op.sentence + 1}: {note}" + (f"; {why}" if why else ""))
                )
        return self.rewrite(example, changes)


@register
@dataclass(repr=False)
class NegationAlteration(Negation):
    """UNION's negation alteration on the sentences the rest of the story depends on: flip one
    (``max_edits``), or with ``rate`` a count drawn uniformly between one and ``rate`` of the
    sentences, deleting where negated and inserting elsewhere."""

    name = "negation_alteration"
    aspect = "consistency"
    effect = Effect.BREAKS
    example = "Tom bought a bike. He rode the bike to school. He was n't happy."
    needs = None  # object_witnesses reads PERSON entities (is_character)
    # only objects of the negated verb, no posture verbs (round 44: "did not make a sale to a young man")
    witness_finder: ClassVar[Callable] = staticmethod(object_witnesses)
    #: at most this share of the sentences flipped (``union_negative``: a third; round 114: four
    #: negated sentences of four leave a dull story of non-events, no incoherent one)
    max_share: float | None = None

    def validate(self) -> None:
        super().validate()
        if self.max_share is not None and not 0 < self.max_share <= 1:
            raise ValueError(f"max_share must be in (0, 1], got {self.max_share!r}")

    def count(self, n_sentences: int, rng: random.Random) -> int:
        """UNION: with ``rate``, a count drawn uniformly from 1..round(n * rate); else ``max_edits``."""
        if self.rate is None:
            return self.max_edits
        return rng.randint(1, max(1, int(round(n_sentences * self.rate))))

    def draw(self, targets: list[Target], n_sentences: int, rng: random.Random) -> list[Target]:
        """Untargeted, as UNION: pick ``count`` of ALL the sentences and flip those that can be
        flipped (one flippable sentence when none of them can); with ``max_share``, only the first
        picked of them, at most that share of the sentences (at least one)."""
        order = rng.sample(range(n_sentences), min(self.count(n_sentences, rng), n_sentences))
        hits = [t for t in targets if t.sentence in set(order)]
        if self.max_share is not None:
            flippable = {t.sentence for t in hits}
            keep = set([s for s in order if s in flippable][: max(1, int(n_sentences * self.max_share))])
            hits = [t for t in hits if t.sentence in keep]
        return sorted(hits or [rng.choice(targets)], key=lambda t: t.sentence)
