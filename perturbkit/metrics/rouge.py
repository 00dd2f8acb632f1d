"""ROUGE-L: longest-common-subsequence F-measure against the reference (no extra dependency).

Tokens are nltk ``WordPunctTokenizer`` tokens, lower-cased (as in the ``rouge`` package OpenMEVA
used); the score is ``(1 + beta^2) P R / (R + beta^2 P)`` with ``P = LCS / len(story)`` and
``R = LCS / len(reference)``; ``beta = 1`` gives the usual F1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .base import Metric


def lcs_length(a: Sequence[str], b: Sequence[str]) -> int:
    """Length of the longest common subsequence (O(len(a) * len(b)) time, O(len(b)) memory)."""
    if len(a) < len(b):
        a, b = b, a
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b):
            cur.append(prev[j] + 1 if x == y else max(prev[j + 1], cur[j]))
        prev = cur
    return prev[-1]


def rouge_l(hyp: Sequence[str], ref: Sequence[str], beta: float = 1.0) -> float:
    """ROUGE-L F-measure of two token lists (0 when either is empty)."""
    if not hyp or not ref:
        return 0.0
    lcs = lcs_length(hyp, ref)
    if lcs == 0:
        return 0.0
    p, r = lcs / len(hyp), lcs / len(ref)
    b2 = beta * beta
    return (1 + b2) * p * r / (r + b2 * p)


@dataclass(repr=False)
class RougeL(Metric):
    """ROUGE-L F-measure of the story against its reference, in [0, 1].

    >>> RougeL()(["the cat sat"], references=["the cat sat on the mat"])
    [0.6666666666666666]
    """

    beta: float = 1.0

    name = "rouge_l"
    batch_size = 256
    needs = ("reference",)
    uses = ("reference",)

    def __post_init__(self) -> None:
        if self.beta <= 0:
            raise ValueError(f"beta must be > 0, got {self.beta}")

    def score_batch(self, texts, contexts=None, references=None):
        from nltk.tokenize import WordPunctTokenizer

        tok = WordPunctTokenizer().tokenize
        if references is None:
            raise ValueError("rouge_l needs references")
        return [rouge_l(tok(t.lower()), tok((r or "").lower()), self.beta) for t, r in zip(texts, references)]
