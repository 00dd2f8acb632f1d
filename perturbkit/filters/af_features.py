"""Features and classifiers for :class:`~perturbkit.filters.adversarial.AdversarialFilter`'s committee.

The default featurizer, :class:`StoryFeatures`, describes a story by its MiniLM embedding (the mean of
its sentences' unit vectors) and two language-model features: the log perplexity under a causal LM
(SmolLM2-135M-Instruct by default) and the repeated n-gram rate. The default committee member is a
scikit-learn logistic regression on standardised features.

>>> feats = StoryFeatures()                    # doctest: +SKIP
>>> feats(["He went home. He slept."]).shape   # doctest: +SKIP
(1, 386)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


class Classifier(Protocol):
    """What a committee member needs: scikit-learn's ``fit`` and ``predict_proba`` (class 1 = human)."""

    def fit(self, X: Any, y: Any) -> Any: ...

    def predict_proba(self, X: Any) -> Any: ...


def logistic_regression(C: float = 1.0) -> Classifier:
    """The default member: standardised features, then L2 logistic regression (lbfgs; deterministic)."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    return make_pipeline(StandardScaler(), LogisticRegression(C=C, max_iter=2000))


@dataclass
class StoryFeatures:
    """``features(texts) -> array (n_texts, n_features)``: MiniLM embedding + [log perplexity,
    repetition rate]. Each distinct text is featurised once per instance; ``lm=False`` leaves the
    language model out (embedding and repetition only: about 50x faster on a CPU)."""

    encoder: str | None = None  # a sentence-transformers path; None: all-MiniLM-L6-v2
    model: str | None = None  # a causal LM path; None: SmolLM2-135M-Instruct
    lm: bool = True
    device: str = "auto"
    _memo: dict[str, Any] = field(default_factory=dict, init=False, repr=False)

    def __call__(self, texts: Sequence[str]) -> Any:
        import numpy as np

        todo = list(dict.fromkeys(t for t in texts if t not in self._memo))
        if todo:
            for t, row in zip(todo, self._compute(todo)):
                self._memo[t] = row
        return np.stack([self._memo[t] for t in texts]) if texts else np.zeros((0, 0), dtype=np.float32)

    def _compute(self, texts: list[str]) -> Any:
        import numpy as np

        from ..metrics.embedding import get_encoder, split_sentences
        from ..metrics.lexical import NgramRepetition

        enc = get_encoder(self.encoder, self.device)
        sents = [split_sentences(t) or [t] for t in texts]
        vecs = enc.encode([s for ss in sents for s in ss])
        emb, i = [], 0
        for ss in sents:
            emb.append(vecs[i : i + len(ss)].mean(axis=0))
            i += len(ss)
        cols = [np.asarray(emb, dtype=np.float32)]
        rep = NgramRepetition()(texts)
        cols.append(-np.asarray(rep, dtype=np.float32)[:, None])  # the metric is minus the rate
        if self.lm:
            from ..metrics.perplexity import Perplexity

            nll = Perplexity(model=self.model, device=self.device, mode="nll")(texts)
            cols.append(-np.asarray(nll, dtype=np.float32)[:, None])  # minus minus mean NLL: log perplexity
        return np.concatenate(cols, axis=1)


def lexical_features(texts: Sequence[str]) -> Any:
    """Cheap text statistics, no model: log word count, sentences, mean word length, type/token
    ratio, repeated-bigram rate, share of capitalised words. A weak committee (it sees no meaning),
    for smoke runs and tests; a real run uses :class:`StoryFeatures`.

    >>> lexical_features(["Tom ran. Tom ran."]).shape
    (1, 6)
    """
    import math
    import re

    import numpy as np

    rows = []
    for t in texts:
        words = re.findall(r"[A-Za-z']+", t)
        low = [w.lower() for w in words]
        bigrams = list(zip(low, low[1:]))
        n = max(len(words), 1)
        rows.append(
            [
                math.log1p(len(words)),
                len(re.findall(r"[.!?]+", t)),
                sum(len(w) for w in words) / n,
                len(set(low)) / n,
                1 - len(set(bigrams)) / len(bigrams) if bigrams else 0.0,
                sum(w[0].isupper() for w in words) / n,
            ]
        )
    return np.asarray(rows, dtype=np.float64).reshape(len(rows), 6)
