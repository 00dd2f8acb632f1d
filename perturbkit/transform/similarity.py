"""Meaning kept, wording changed: the similarity check behind the paraphrase transforms and the
``similarity`` filter.

A pair (source, candidate) passes when the sentence encoder's cosine is at least
``min_similarity`` (meaning kept) and the candidate's BLEU-1 against the source is at most
``max_bleu1`` (wording changed). OpenMEVA kept back-translated paraphrases with MoverScore above
0.4 and BLEU-1 below 0.6; we use MiniLM cosine (all-MiniLM-L6-v2, offline) with bounds chosen on
dev ROC sentences (docs/filters.md says how).

>>> bleu1("he went home .", "he walked home .")
0.75
>>> check = SimilarityCheck(min_similarity=0.8, max_bleu1=0.6)
>>> check.accept_many(["He went home."], ["He returned to his house."])   # doctest: +SKIP
[True]
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..resources.models import load_sentence_encoder

_WORD = re.compile(r"\[[A-Z]+\]|\w+(?:'\w+)?|[^\w\s]")
# Cosine of all-MiniLM-L6-v2 and BLEU-1, chosen on 200 dev ROC sentences (docs/filters.md).
MIN_SIMILARITY = 0.75
MAX_BLEU1 = 0.6


def word_tokens(text: str) -> list[str]:
    """Lower-cased words and punctuation marks (masks like ``[MALE]`` stay one token)."""
    return [w.lower() for w in _WORD.findall(text)]


def bleu1(candidate: str, reference: str) -> float:
    """Sentence BLEU-1 of ``candidate`` against ``reference``: clipped unigram precision times the
    brevity penalty (nltk's ``sentence_bleu`` with weights (1,)). 0.0 for an empty candidate."""
    cand, ref = word_tokens(candidate), word_tokens(reference)
    if not cand or not ref:
        return 0.0
    counts = Counter(ref)
    hits = sum(min(n, counts[w]) for w, n in Counter(cand).items())
    bp = 1.0 if len(cand) > len(ref) else math.exp(1 - len(ref) / len(cand))
    return bp * hits / len(cand)


@dataclass
class SimilarityCheck:
    """Cosine lower bound and BLEU-1 upper bound on (source, candidate) pairs; the encoder (a
    sentence-transformers path; None: all-MiniLM-L6-v2) is loaded once per process on first use."""

    min_similarity: float = MIN_SIMILARITY
    max_bleu1: float = MAX_BLEU1
    model: str | None = None
    device: str = "auto"
    batch_size: int = 64
    _memo: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not -1.0 <= self.min_similarity <= 1.0:
            raise ValueError(f"min_similarity must be in [-1, 1], got {self.min_similarity!r}")
        if not 0.0 <= self.max_bleu1 <= 1.0:
            raise ValueError(f"max_bleu1 must be in [0, 1], got {self.max_bleu1!r}")

    def _embed(self, texts: Sequence[str]) -> dict[str, Any]:
        todo = [t for t in dict.fromkeys(texts) if t not in self._memo]
        if todo:
            enc = load_sentence_encoder(self.model, self.device)
            vecs = enc.encode(list(todo), batch_size=self.batch_size, normalize_embeddings=True, convert_to_numpy=True)
            if len(self._memo) > 50_000:  # bounded: a long run does not keep every sentence
                self._memo.clear()
            self._memo.update(zip(todo, vecs))
        return {t: self._memo[t] for t in texts}

    def cosines(self, sources: Sequence[str], candidates: Sequence[str]) -> list[float]:
        """Encoder cosine of each (source, candidate) pair, in one encoder call."""
        if not sources:
            return []
        vecs = self._embed([*sources, *candidates])
        return [float(vecs[a] @ vecs[b]) for a, b in zip(sources, candidates)]

    def scores(self, sources: Sequence[str], candidates: Sequence[str]) -> list[tuple[float, float]]:
        """(cosine, BLEU-1) per pair."""
        cos = self.cosines(sources, candidates)
        return [(c, bleu1(b, a)) for c, a, b in zip(cos, sources, candidates)]

    def accept_many(self, sources: Sequence[str], candidates: Sequence[str]) -> list[bool]:
        """Whether each candidate means the same as its source in different enough words. BLEU-1
        is checked first, so pairs it rejects never reach the encoder."""
        lexical = [bool(b.strip()) and bleu1(b, a) <= self.max_bleu1 for a, b in zip(sources, candidates)]
        idx = [i for i, ok in enumerate(lexical) if ok]
        cos = self.cosines([sources[i] for i in idx], [candidates[i] for i in idx])
        out = [False] * len(sources)
        for i, c in zip(idx, cos):
            out[i] = c >= self.min_similarity
        return out
