"""Reference-free lexical metrics with no model (core dependencies only): the offline defaults.

Both lower-case the text and count words only (punctuation is ignored), so tokenised text such as
``he did n't go .`` and normal text score alike.

>>> NgramRepetition()(["the dog ran home .", "the dog ran . the dog ran ."])
[-0.0, -0.2875]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .base import Metric

_WORD = re.compile(r"n't|'\w+|\w+", re.UNICODE)


def words(text: str) -> list[str]:
    """Lower-cased word tokens (``n't`` and ``'s`` kept as tokens; punctuation dropped)."""
    return _WORD.findall(text.lower())


def repetition_rate(tokens: Sequence[str], n: int) -> float | None:
    """Share of the text's n-grams that repeat an earlier one: ``1 - distinct / total``.

    None when the text has no n-gram of that order.
    """
    grams = [tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)]
    if not grams:
        return None
    return 1.0 - len(set(grams)) / len(grams)


@dataclass(repr=False)
class NgramRepetition(Metric):
    """Minus the mean repeated n-gram rate over orders ``min_n..max_n`` (default 1-4).

    For each order n, ``rep_n = 1 - distinct n-grams / all n-grams`` (Welleck et al.'s rep-n on
    one text; the quantity OpenMEVA's lexical-repetition tests target); orders the text is too short
    for are skipped. The score is ``-mean(rep_n)``: 0 for a text with no repeats, towards -1 for a
    text that repeats itself. An empty text scores 0.
    """

    min_n: int = 1
    max_n: int = 4

    name = "ngram_repetition"
    batch_size = 256
    needs = ()
    uses = ()

    def __post_init__(self) -> None:
        if not 1 <= self.min_n <= self.max_n:
            raise ValueError(f"need 1 <= min_n <= max_n, got min_n={self.min_n}, max_n={self.max_n}")

    def score_one(self, text: str) -> float:
        toks = words(text)
        rates = [r for n in range(self.min_n, self.max_n + 1) if (r := repetition_rate(toks, n)) is not None]
        return -sum(rates) / len(rates) if rates else 0.0

    def score_batch(self, texts, contexts=None, references=None):
        return [self.score_one(t) for t in texts]


def mattr(tokens: Sequence[str], window: int) -> float:
    """Moving-average type-token ratio (Covington & McFall 2010); plain TTR when shorter than
    the window; 0 for no tokens."""
    n = len(tokens)
    if n == 0:
        return 0.0
    if n <= window:
        return len(set(tokens)) / n
    counts: dict[str, int] = {}
    for t in tokens[:window]:
        counts[t] = counts.get(t, 0) + 1
    total = len(counts)
    for i in range(window, n):
        new, old = tokens[i], tokens[i - window]
        counts[new] = counts.get(new, 0) + 1
        counts[old] -= 1
        if counts[old] == 0:
            del counts[old]
        total += len(counts)
    return total / ((n - window + 1) * window)


@dataclass(repr=False)
class LexicalDiversity(Metric):
    """Moving-average type-token ratio of the words (window ``window``), in [0, 1].

    MATTR does not fall with length the way plain TTR does, so long and short stories compare;
    a text shorter than the window gets its plain TTR. An empty text scores 0.
    """

    window: int = 50

    name = "lexical_diversity"
    batch_size = 256
    needs = ()
    uses = ()

    def __post_init__(self) -> None:
        if self.window < 1:
            raise ValueError(f"window must be >= 1, got {self.window}")

    def score_batch(self, texts, contexts=None, references=None):
        return [mattr(words(t), self.window) for t in texts]
