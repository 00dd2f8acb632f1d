"""The ``grammaticality`` filter: keep a variant whose new sentences read as acceptable English,
as OpenMEVA filtered its test examples with a CoLA classifier.

Two scorers, by ``method``:
  ``slor`` (offline default)  SLOR under a causal LM (``model``; None: SmolLM2-135M-Instruct) with
                              wordfreq unigrams (:class:`perturbkit.metrics.acceptability.Slor`);
                              a sentence is acceptable when its SLOR is at least ``threshold``
                              (default calibrated on dev ROC sentences, docs/filters.md).
  ``classifier``              a Hugging Face sequence-classification model by path; a sentence is
                              acceptable when P(label ``acceptable_label``) is at least ``threshold``.

Only the sentences the variant adds or rewrites are scored (each distinct sentence once per
process), so a coherence-breaking variant built from grammatical sentences (a shuffle) is kept.

>>> keep = build_filter("grammaticality", {"threshold": -1.5})      # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..example import Example
from .sentences import new_sentences

# SLOR (nats per word) under SmolLM2-135M-Instruct with wordfreq unigrams that best separates dev
# ROC sentences from their broken versions (benchmarks/grammaticality.py; docs/filters.md).
SLOR_THRESHOLD = -2.0
METHODS = ("slor", "classifier")


@dataclass
class GrammaticalityFilter:
    """Pair filter (callable on one pair; ``keep_many`` scores many pairs' sentences at once)."""

    method: str = "slor"
    model: str | None = None
    threshold: float | None = None  # None: SLOR_THRESHOLD for slor, 0.5 for a classifier
    unigrams: str | None = None  # slor: None = wordfreq, else a text file to count words from
    acceptable_label: int = 1  # classifier: the index of the "acceptable" class
    device: str = "auto"
    batch_size: int = 32
    _memo: dict[str, float] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise ValueError(f"method must be one of {', '.join(METHODS)}, got {self.method!r}")
        if self.method == "classifier" and not self.model:
            raise ValueError("method='classifier' needs model='path/to/classifier' (a CoLA classifier)")
        if self.threshold is None:
            self.threshold = SLOR_THRESHOLD if self.method == "slor" else 0.5
        self._scorer: Any = None

    # -- scoring --------------------------------------------------------------------------------
    def _slor(self, sents: list[str]) -> list[float]:
        if self._scorer is None:
            from ..metrics.acceptability import Slor

            self._scorer = Slor(model=self.model, unigrams=self.unigrams, device=self.device)
        out: list[float] = []
        for i in range(0, len(sents), self.batch_size):
            out += self._scorer.score_batch(sents[i : i + self.batch_size])
        return out

    def _classify(self, sents: list[str]) -> list[float]:
        import torch

        from ..resources.models import load_sequence_classifier

        clf, tok = load_sequence_classifier(self.model, self.device)
        dev = next(clf.parameters()).device
        out: list[float] = []
        for i in range(0, len(sents), self.batch_size):
            enc = tok(sents[i : i + self.batch_size], padding=True, truncation=True, return_tensors="pt")
            with torch.no_grad():
                logits = clf(**{k: v.to(dev) for k, v in enc.items()}).logits
            out += torch.softmax(logits.float(), dim=-1)[:, self.acceptable_label].cpu().tolist()
        return out

    def scores(self, sentences: Sequence[str]) -> list[float]:
        """Acceptability of each sentence (SLOR or P(acceptable)); each distinct one scored once."""
        todo = [s for s in dict.fromkeys(sentences) if s not in self._memo]
        if todo:
            got = self._slor(todo) if self.method == "slor" else self._classify(todo)
            self._memo.update(zip(todo, got))
        return [self._memo[s] for s in sentences]

    # -- filtering ------------------------------------------------------------------------------
    def __call__(self, original: Example, variant: Example) -> bool:
        return self.keep_many([(original, variant)])[0]

    def keep_many(self, pairs: Sequence[tuple[Example, Example]]) -> list[bool]:
        news = [new_sentences(o.text, v.text) for o, v in pairs]
        self.scores([s for ss in news for s in ss])
        return [all(self._memo[s] >= self.threshold for s in ss) for ss in news]  # type: ignore[operator]


def grammaticality(
    method: str = "slor",
    model: str | None = None,
    threshold: float | None = None,
    unigrams: str | None = None,
    acceptable_label: int = 1,
) -> GrammaticalityFilter:
    """Keep variants whose new sentences are acceptable English (see the module doc)."""
    return GrammaticalityFilter(method, model, threshold, unigrams, acceptable_label)
