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
import weakref
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ..resources.models import load_sentence_encoder
from ..resources.quantization import check_quantize

_WORD = re.compile(r"\[[A-Z]+\]|\w+(?:'\w+)?|[^\w\s]")
# Cosine of all-MiniLM-L6-v2 and BLEU-1, chosen on 200 dev ROC sentences (docs/filters.md).
MIN_SIMILARITY = 0.75
MAX_BLEU1 = 0.6
# Unit vectors by sentence, one table per loaded encoder: every check using the same model (the
# paraphrase and semantic_repetition transforms, the similarity filter) embeds a sentence once.
_MEMOS: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()
MAX_MEMO = 50_000  # sentences kept per encoder: a long run does not keep every one


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


@contextmanager
def torch_threads(n: int | None) -> Iterator[None]:
    """At most ``n`` torch CPU threads inside the block (None: unchanged), restored after."""
    try:
        import torch
    except ImportError:  # a stand-in encoder without torch installed
        torch = None
    if n is None or torch is None:
        yield
        return
    before = torch.get_num_threads()
    if before <= n:
        yield
        return
    torch.set_num_threads(n)
    try:
        yield
    finally:
        torch.set_num_threads(before)


@dataclass
class SimilarityCheck:
    """Cosine lower bound and BLEU-1 upper bound on (source, candidate) pairs; the encoder (a
    sentence-transformers path; None: all-MiniLM-L6-v2) is loaded once per process on first use,
    and each sentence is embedded once per process (shared by all checks of that encoder).

    ``threads`` caps torch's CPU threads while encoding (None: torch's setting): batches of short
    sentences gain little from a second thread, and on a shared machine its spin-waiting tripled
    the CPU time of the encoder in ``benchmarks/suite_build.py``; the vectors are bitwise the same.

    ``quantize="int8"`` runs the encoder's Linear layers in dynamic int8 on CPU (CUDA keeps float
    weights): about 2.5x less encoder CPU time, but cosines move by up to 0.16 (mean 0.03) and
    depend on which sentences share a batch, so a pair near ``min_similarity`` may be judged
    differently (47 of 5,872 same-story ROC sentence pairs at 0.75; docs/benchmarks.md). None
    (the default) keeps float weights."""

    min_similarity: float = MIN_SIMILARITY
    max_bleu1: float = MAX_BLEU1
    model: str | None = None
    device: str = "auto"
    batch_size: int = 64
    threads: int | None = 1
    quantize: str | None = None

    def __post_init__(self) -> None:
        if not -1.0 <= self.min_similarity <= 1.0:
            raise ValueError(f"min_similarity must be in [-1, 1], got {self.min_similarity!r}")
        if not 0.0 <= self.max_bleu1 <= 1.0:
            raise ValueError(f"max_bleu1 must be in [0, 1], got {self.max_bleu1!r}")
        check_quantize(self.quantize)

    def _embed(self, texts: Sequence[str]) -> dict[str, Any]:
        """Unit vectors of ``texts``: each distinct text not yet embedded with this encoder goes to
        it once, all in one call; the rest come from the encoder's memo."""
        enc = load_sentence_encoder(self.model, self.device, quantize=self.quantize)
        memo = _MEMOS.setdefault(enc, {})
        todo = [t for t in dict.fromkeys(texts) if t not in memo]
        if todo:
            vecs = self._encode(enc, todo)
            if len(memo) > MAX_MEMO:
                memo.clear()
            memo.update(zip(todo, vecs))
        return {t: memo[t] for t in texts}

    def _encode(self, enc: Any, texts: list[str]) -> Any:
        """One encoder call over ``texts`` (the only place the model runs)."""
        with torch_threads(self.threads):
            return enc.encode(texts, batch_size=self.batch_size, normalize_embeddings=True, convert_to_numpy=True)

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

    def first_accepted(self, groups: Sequence[Sequence[tuple[str, str]]]) -> list[int | None]:
        """Per group of (source, candidate) pairs in order of preference, the index of the first
        pair :meth:`accept_many` accepts (None: none does). Same answer as checking every pair, but
        in rounds: each round checks the next pair of every group still open, in one encoder call,
        so the pairs after a group's first accepted one are never embedded."""
        out: list[int | None] = [None] * len(groups)
        open_ = [g for g, pairs in enumerate(groups) if pairs]
        k = 0
        while open_:
            ok = self.accept_many([groups[g][k][0] for g in open_], [groups[g][k][1] for g in open_])
            for g, good in zip(open_, ok):
                if good:
                    out[g] = k
            k += 1
            open_ = [g for g in open_ if out[g] is None and k < len(groups[g])]
        return out
