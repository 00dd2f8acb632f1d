"""OpenMEVA's commonsense substitution: a noun or verb the story depends on replaced by a
neighbouring ConceptNet concept."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...annotation import Level, token_columns
from ...example import Example
from ...transform import Effect, register
from ...transform.substitution import (
    Candidate,
    Proposal,
)
from ...transform.targeted import TargetedSubstitution
from .._substitution.concepts import COMMONSENSE_POS, concept_neighbours, has_concept_edge
from .._substitution.contrasts import antonym_fits

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token


@register
@dataclass(repr=False)
class ConceptNetSubstitution(TargetedSubstitution):
    """Replace a noun or verb the story depends on with a neighbouring ConceptNet concept (an
    antonym, or an IsA sibling of a thing the story mentions again: "the dog chased the cat. then
    the dog slept" -> "then the fox slept"), inflected like the original ("dogs" -> "cats")."""

    name = "conceptnet_substitution"
    aspect = "commonsense"
    effect = Effect.BREAKS
    level = Level.PARSE
    requires = ("wordnet",)
    example = "The dog chased the cat into the garden. Then the dog slept."
    label = "conceptnet"
    upos = COMMONSENSE_POS
    memo_fields = ("conceptnet",)

    rate: float | None = None
    conceptnet: str | None = None

    @property
    def provider(self):
        from ...resources.conceptnet import get_provider

        return get_provider(self.conceptnet)

    def sites(self, doc: Doc) -> list[tuple[int, str]]:
        """The replaceable words the provider knows."""
        known, lemmas = self.provider.has, token_columns(doc)["lemma"]
        return [(i, pos) for i, pos in super().sites(doc) if known(lemmas[i])]

    def propose(self, lemma: str, pos: str) -> list[Proposal]:
        return [Proposal(w, rel) for w, rel in concept_neighbours(self.provider, lemma, pos)]

    def fits(self, tok: Token, lemma: str, proposal: Proposal) -> bool:
        return antonym_fits(tok, lemma, proposal.lemma)

    def applicable(self, example: Example, doc: Doc) -> bool:
        return has_concept_edge(doc, self.provider) and super().applicable(example, doc)

    def count(self, doc: Doc) -> int:
        """``max_words``, or with ``rate`` OpenMEVA's share of the concept words (at least one)."""
        return self.max_words if self.rate is None else max(1, round(self.rate * len(self.sites(doc))))

    def pick_one(self, rng: random.Random, cands: Sequence[Candidate]) -> Candidate:
        """One of the word's concepts, an antonym where it has one."""
        antonyms = [c for c in cands if c.source == "Antonym"]
        return rng.choice(antonyms or list(cands))
