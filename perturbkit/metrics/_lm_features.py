"""Language-model features for the frozen learned metric (``train metric --freeze-encoder
--lm-features``): token negative log-likelihood statistics of a text's sentences under a causal LM
(SmolLM2-135M by default, any model :class:`~perturbkit.metrics.perplexity.Perplexity` loads).

Why: union negatives (repeated, reordered, substituted or shuffled words and sentences) make a
story less likely under a language model, and more so sentence by sentence than on average. For
each sentence ``s_k`` (split by :func:`~perturbkit.metrics.embedding.split_sentences`, at most
``MAX_SENTENCES``) two NLLs are measured: given the sentences before it (``c_k``, the mean NLL
of its tokens) and alone (``a_k``). Their difference ``a_k - c_k`` is how much the earlier
sentences help predict it: high for a sentence that follows from its predecessors, low for one
moved, repeated out of place or unrelated. The ``N_LM`` features of a text:

    0 mean NLL of all its tokens in context (the log perplexity)
    1-4 mean, max, min and spread of c_k     5-7 mean, max and spread of a_k
    8-10 mean, min and max of a_k - c_k (k >= 2)     11 c_k of the last sentence

The NLLs come from :meth:`Perplexity.nll_sums` with prefix sharing on the CPU: the sequences
``s_1 .. s_k`` of a text share their beginnings, so the in-context pass costs about one pass over
the text. Per text the raw (sum, count) pairs are cached in sqlite like the pooled encoder states; they are float32
whether measured or read from the cache, so a cached run gives the same features.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .embedding import split_sentences

LM_FEATURES = "lm-nll-v1"  # the layout of the LM statistics (part of the cache key and the folder's features)
N_LM = 12
MAX_SENTENCES = 12
CHUNK = 64  # texts per call to the LM (the cache is written after each)


def sentence_sequences(text: str) -> list[tuple[str, str | None]]:
    """(story, context) pairs to score for ``text``: each sentence after the ones before it, then
    each sentence from the second on alone (the first is alone already)."""
    sents = split_sentences(text)[:MAX_SENTENCES]
    in_context = [(s, " ".join(sents[:k]) or None) for k, s in enumerate(sents)]
    return in_context + [(s, None) for s in sents[1:]]


def stats_of(raw: np.ndarray) -> np.ndarray:
    """The ``N_LM`` features from a ``(sentences, 4)`` array of (in-context NLL sum, its tokens,
    alone NLL sum, its tokens) per sentence; zeros for a text without tokens."""
    out = np.zeros(N_LM, dtype=np.float32)
    keep = raw[(raw[:, 1] > 0) & (raw[:, 3] > 0)] if len(raw) else raw
    if not len(keep):
        return out
    c = keep[:, 0] / keep[:, 1]
    a = keep[:, 2] / keep[:, 3]
    out[0] = keep[:, 0].sum() / keep[:, 1].sum()
    out[1:5] = [c.mean(), c.max(), c.min(), c.std()]
    out[5:8] = [a.mean(), a.max(), a.std()]
    if len(keep) >= 2:
        gain = (a - c)[1:]
        out[8:11] = [gain.mean(), gain.min(), gain.max()]
    out[11] = c[-1]
    return out


class LMFeatures:
    """Per-text LM statistics (:func:`stats_of`), computed with a causal LM and cached; with
    ``repetition`` followed by the text's repetition statistics (:mod:`._rep_features`, not cached)."""

    def __init__(
        self,
        model: str | None = None,
        device: str = "cpu",
        max_tokens: int = 256,
        cache: Any = None,
        repetition: bool = False,
    ):
        from .perplexity import Perplexity

        self.ppl = Perplexity(model=model, device=device, max_tokens=max_tokens, mode="nll")
        self.cache = cache
        self.encoded = 0  # texts run through the LM (not found in the cache)
        self.repetition = repetition

    def raw(self, texts: Sequence[str]) -> list[np.ndarray]:
        """Per text a ``(sentences, 4)`` array (see :func:`stats_of`)."""
        unique = list(dict.fromkeys(texts))
        done = self.cache.get(unique) if self.cache is not None else {}
        todo = [t for t in unique if t not in done]
        for i in range(0, len(todo), CHUNK):
            new = self._measure(todo[i : i + CHUNK])
            self.encoded += len(new)
            if self.cache is not None:
                self.cache.put(new)
            done.update(new)
        return [done[t] for t in texts]

    def _measure(self, texts: list[str]) -> dict[str, np.ndarray]:
        self.ppl.setup()
        seqs = [sentence_sequences(t) for t in texts]
        flat = [pair for s in seqs for pair in s]
        sums, counts = self.ppl.nll_sums([story for story, _ in flat], [ctx for _, ctx in flat])
        out, pos = {}, 0
        for text, s in zip(texts, seqs):
            n = (len(s) + 1) // 2  # sentences: n in context, n - 1 alone
            ctx_sum, ctx_n = sums[pos : pos + n], counts[pos : pos + n]
            alone_sum = sums[pos : pos + 1] + sums[pos + n : pos + len(s)]
            alone_n = counts[pos : pos + 1] + counts[pos + n : pos + len(s)]
            out[text] = np.array([ctx_sum, ctx_n, alone_sum, alone_n], dtype=np.float32).T.reshape(n, 4)
            pos += len(s)
        return out

    def features(self, texts: Sequence[str]) -> np.ndarray:
        from ._rep_features import N_REP, rep_stats

        width = N_LM + (N_REP if self.repetition else 0)
        if not texts:
            return np.zeros((0, width), np.float32)
        rows = [stats_of(r) for r in self.raw(texts)]
        if self.repetition:
            rows = [np.concatenate([r, rep_stats(t)]) for r, t in zip(rows, texts)]
        return np.stack(rows)
