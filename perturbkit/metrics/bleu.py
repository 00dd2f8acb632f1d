"""Sentence BLEU against the human reference, set up exactly as OpenMEVA's baseline.

OpenMEVA (Guan et al., 2021, ``eva/bleu.py``) tokenises candidate and reference with nltk's
``WordPunctTokenizer`` (no lower-casing), then calls ``nltk.translate.bleu_score.sentence_bleu``
with the default weights (0.25, 0.25, 0.25, 0.25) and ``SmoothingFunction().method1``. This
metric does the same, so its scores match OpenMEVA's on the same text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .base import Metric


@dataclass(repr=False)
class Bleu(Metric):
    """Smoothed sentence BLEU-4 of the story against its reference (OpenMEVA set-up), in [0, 1].

    >>> Bleu()(["the cat sat on the mat ."], references=["the cat sat on the mat ."])
    [1.0]
    """

    weights: tuple[float, ...] = (0.25, 0.25, 0.25, 0.25)

    name = "bleu"
    batch_size = 256
    needs = ("reference",)
    uses = ("reference",)

    def __post_init__(self) -> None:
        self.weights = tuple(float(w) for w in self.weights)
        if not self.weights or any(w < 0 for w in self.weights):
            raise ValueError(f"weights must be non-negative and non-empty, got {self.weights}")
        self._fns: Any = None

    def setup(self) -> None:
        if self._fns is None:
            from nltk.tokenize import WordPunctTokenizer
            from nltk.translate.bleu_score import SmoothingFunction, sentence_bleu

            self._fns = (WordPunctTokenizer().tokenize, sentence_bleu, SmoothingFunction().method1)

    def params(self) -> dict[str, Any]:
        return {"weights": list(self.weights), "tokenizer": "nltk.WordPunctTokenizer", "smoothing": "method1"}

    def score_batch(self, texts, contexts=None, references=None):
        self.setup()
        tokenize, sentence_bleu, smooth = self._fns
        if references is None:
            raise ValueError("bleu needs references")
        out = []
        for text, ref in zip(texts, references):
            hyp = tokenize(text)
            if not hyp:  # nltk returns 0 with a warning; say it quietly
                out.append(0.0)
                continue
            out.append(
                float(sentence_bleu([tokenize(ref or "")], hyp, weights=self.weights, smoothing_function=smooth))
            )
        return out
