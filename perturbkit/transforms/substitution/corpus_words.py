"""OpenMEVA's relatedness test: nouns and verbs replaced by random corpus words of the same slot."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...annotation import Annotator
from ...example import Example
from ...transform import Change, Effect, register
from .._relatedness import RelatedStories, fit_docs
from .._substitution.corpus_words import (
    SlotVocabulary,
    corpus_vocabulary,
    corpus_word_changes,
    draw_word,
    slot_replaceable,
)

if TYPE_CHECKING:
    from spacy.tokens import Doc


@register
@dataclass(repr=False)
class RandomWordReplacement(RelatedStories):
    """Replace a share of nouns and verbs (``rate``, at most ``max_words``) with random corpus words
    of the same slot: the same Penn tag and, for verbs, the same frame (objects, complements,
    prepositions), so the sentence stays grammatical and only its relatedness breaks (needs ``fit``)."""

    name = "random_word_replacement"
    aspect = "relatedness"
    effect = Effect.BREAKS
    example = "Tom went to the store to buy some milk. He paid for the milk and went home."

    rate: float = 0.25
    max_words: int = 6
    vocab_size: int = 5000
    min_count: int = 2
    _vocab: SlotVocabulary | None = field(default=None, init=False, repr=False, compare=False)

    def validate(self) -> None:
        super().validate()
        if self.vocab_size < 1:
            raise ValueError(f"vocab_size must be positive, got {self.vocab_size}")
        if self.min_count < 1:
            raise ValueError(f"min_count must be at least 1, got {self.min_count}")
        if self.max_words < 1:
            raise ValueError(f"max_words must be at least 1, got {self.max_words}")

    def fit(self, corpus: Sequence[Example], annotator: Annotator | None = None) -> RandomWordReplacement:
        """Build the vocabulary: per slot (tag and verb frame), the ``vocab_size`` most frequent
        noun and verb forms of the corpus (seen at least ``min_count`` times); replacements are
        drawn uniformly from the slot's words."""
        docs = (doc for _, doc in fit_docs(corpus, annotator))
        self._vocab = corpus_vocabulary(docs, self.vocab_size, self.min_count)
        return self

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        if not self._vocab:
            return None
        cands = list(slot_replaceable(doc))
        if not cands:
            return None
        k = min(self.max_words, max(1, round(self.rate * len(cands))))
        rng.shuffle(cands)
        changes: list[Change] = []
        done: set[int] = set()
        for i in cands:
            if len(done) >= k:
                break
            if done & {i - 1, i + 1}:
                continue  # two neighbours replaced read as garble, not as unrelated words
            new = draw_word(rng, self._vocab, doc[i])
            if new is not None:
                done.add(i)
                changes += corpus_word_changes(doc, doc[i], new)
        return self.rewrite(example, changes) if changes else None
