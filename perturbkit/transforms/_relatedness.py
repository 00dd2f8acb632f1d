"""Sentence relatedness, which ``random_word_replacement`` and ``sentence_replacement`` require of
a story (OpenMEVA's relatedness aspect): how related its sentences are to each other, by
content-lemma overlap (default) or MiniLM embeddings (``similarity="embedding"``, ``models``
extra), and the shared base that applies only to stories related enough."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from ..annotation import (
    Annotator,
    Level,
    default_annotator,
    per_doc,
    sentence_bounds,
    sentences,
    token_columns,
    token_strings,
)
from ..example import Example
from ..resources.models import load_sentence_encoder
from ..transform import Transform

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

_CONTENT_POS = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "ADV"})
# Defaults chosen on ROCStories dev: about 90% of human stories pass either (max over pairs).
_DEFAULT_THRESHOLD = {"overlap": 0.1, "embedding": 0.4}


def content_lemmas(sent: Span) -> frozenset[str]:
    """Lower-cased lemmas of a sentence's content words (nouns, verbs, adjectives, adverbs)."""
    return _content_lemmas(sent.doc, sent.start, sent.end)


def _content_lemmas(doc: Doc, start: int, end: int) -> frozenset[str]:
    cols, pos = token_columns(doc), token_strings(doc)["pos"]
    lemma, alpha, stop = cols["lemma"], cols["IS_ALPHA"], cols["IS_STOP"]
    return frozenset(lemma[i] for i in range(start, end) if pos[i] in _CONTENT_POS and alpha[i] and not stop[i])


def sentence_lemmas(doc: Doc) -> list[frozenset[str]]:
    """:func:`content_lemmas` of each of ``sentences(doc)``, without building Spans."""
    return [_content_lemmas(doc, a, b) for a, b in sentence_bounds(doc)]


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


@functools.lru_cache(maxsize=1)
def minilm():
    """The all-MiniLM-L6-v2 sentence encoder on the CPU (one copy per process, shared with the
    embedding metrics: :func:`perturbkit.resources.models.load_sentence_encoder`)."""
    return load_sentence_encoder(device="cpu")


def pair_similarities(sents: Sequence[Span], method: str = "overlap") -> list[float]:
    """Similarity of every pair of sentences: content-lemma Jaccard or MiniLM cosine."""
    if len(sents) < 2:
        return []
    if method == "embedding":
        emb = minilm().encode([s.text.strip() for s in sents], normalize_embeddings=True)
        return [float(emb[i] @ emb[j]) for i, j in combinations(range(len(sents)), 2)]
    return _jaccards([content_lemmas(s) for s in sents])


def _jaccards(lem: Sequence[frozenset[str]]) -> list[float]:
    return [jaccard(lem[i], lem[j]) for i, j in combinations(range(len(lem)), 2)]


@per_doc
def story_relatedness(doc: Doc, similarity: str, aggregate: str) -> float | None:
    """The story's sentence relatedness by ``similarity`` ("overlap" or "embedding"), the max or
    mean (``aggregate``) over sentence pairs; None below 2 sentences. Kept per Doc and method:
    both relatedness transforms ask for it."""
    if similarity == "overlap":  # from the token table: no Span or Token objects
        sims = _jaccards(sentence_lemmas(doc))
    else:
        sims = pair_similarities(sentences(doc), similarity)
    return None if not sims else max(sims) if aggregate == "max" else sum(sims) / len(sims)


@dataclass(repr=False)
class RelatedStories(Transform):
    """Shared applicability: the story's sentences must be related to each other."""

    min_similarity: float | None = None  # None: 0.1 for "overlap", 0.4 for "embedding"
    aggregate: str = "max"
    similarity: str = "overlap"

    def validate(self) -> None:
        super().validate()
        if self.aggregate not in ("max", "mean"):
            raise ValueError(f"aggregate must be 'max' or 'mean', got {self.aggregate!r}")
        if self.similarity not in ("overlap", "embedding"):
            raise ValueError(f"similarity must be 'overlap' or 'embedding', got {self.similarity!r}")
        if self.min_similarity is not None and not -1.0 <= self.min_similarity <= 1.0:
            raise ValueError(f"min_similarity must be in [-1, 1], got {self.min_similarity}")

    def relatedness(self, doc: Doc) -> float | None:
        """The story's sentence relatedness (:func:`story_relatedness` by this transform's method)."""
        return story_relatedness(doc, self.similarity, self.aggregate)

    def applicable(self, example: Example, doc) -> bool:
        score = self.relatedness(doc)
        threshold = self.min_similarity if self.min_similarity is not None else _DEFAULT_THRESHOLD[self.similarity]
        return score is not None and score >= threshold


def fit_docs(corpus: Sequence[Example], annotator: Annotator | None) -> list[tuple[Example, Doc]]:
    """The corpus's non-empty examples with their parses (one batched pass)."""
    exs = [ex for ex in corpus if ex.text.strip()]
    docs = (annotator or default_annotator()).pipe([ex.text for ex in exs], Level.PARSE)
    return list(zip(exs, docs))
