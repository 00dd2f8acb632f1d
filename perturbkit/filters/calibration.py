"""Calibration data for the grammaticality filter, made from human sentences: each sentence
(label 1) beside one broken version of itself (label 0): ``scrambled`` (all words shuffled),
``truncated`` (cut after 30-70% of its words, final punctuation kept) or ``token_shuffled`` (two
to three adjacent word pairs swapped: locally broken, mostly the same words). The threshold is the
one that classifies the calibration part best; accuracy is reported on a held-back part.

>>> pairs = broken_pairs(["Tom went to the store to buy milk."], seed=0)
>>> [label for _, label, _ in pairs]
[1, 0]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..seeds import derive_seed

KINDS = ("scrambled", "truncated", "token_shuffled")


def _break(words: list[str], kind: str, rng: random.Random) -> list[str]:
    body, end = (words[:-1], words[-1:]) if words and words[-1] in {".", "!", "?"} else (words, [])
    if kind == "scrambled":
        out = body[:]
        while out == body:
            rng.shuffle(out)
        return out + end
    if kind == "truncated":
        k = max(1, round(len(body) * rng.uniform(0.3, 0.7)))
        return body[:k] + end
    out = body[:]
    for _ in range(rng.randint(2, 3)):
        i = rng.randrange(len(out) - 1)
        out[i], out[i + 1] = out[i + 1], out[i]
    return out + end if out != body else _break(words, "scrambled", rng)


def broken_pairs(sentences: Sequence[str], seed: int = 0, min_words: int = 5) -> list[tuple[str, int, str]]:
    """(text, label, kind) rows: each sentence of at least ``min_words`` words (kind ``human``,
    label 1) followed by one broken version (kinds in turn, label 0). Sentences must have
    space-separated tokens (tokenised text, as ROC and WP are released, or plain text)."""
    out: list[tuple[str, int, str]] = []
    for i, s in enumerate(sentences):
        words = s.split()
        if len(words) < min_words:
            continue
        kind = KINDS[len(out) // 2 % len(KINDS)]
        rng = random.Random(derive_seed(seed, "broken", i))
        out.append((s, 1, "human"))
        out.append((" ".join(_break(words, kind, rng)), 0, kind))
    return out


def best_threshold(scores: Sequence[float], labels: Sequence[int]) -> tuple[float, float]:
    """(threshold, accuracy): the cut between sorted scores that classifies ``score >= threshold``
    as label 1 most accurately (a midpoint between neighbouring scores)."""
    pairs = sorted(zip(scores, labels))
    n = len(pairs)
    ones_above = sum(labels)  # with the cut below every score, all are called 1
    best = (pairs[0][0] - 1.0, ones_above / n) if n else (0.0, 0.0)
    zeros_below = 0
    for k in range(n):
        s, y = pairs[k]
        if y:
            ones_above -= 1
        else:
            zeros_below += 1
        if k + 1 < n and pairs[k + 1][0] == s:
            continue
        acc = (zeros_below + ones_above) / n
        cut = (s + pairs[k + 1][0]) / 2 if k + 1 < n else s + 1.0
        if acc > best[1]:
            best = (cut, acc)
    return best


def accuracy(scores: Sequence[float], labels: Sequence[int], threshold: float) -> float:
    """Share of rows where ``score >= threshold`` matches the label."""
    return sum((s >= threshold) == bool(y) for s, y in zip(scores, labels)) / max(1, len(scores))
