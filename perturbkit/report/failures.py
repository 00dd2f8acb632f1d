"""The worst pairs of a test, as its kind judges each (original, variant) pair: what the HTML page
lists under each test and the JUnit failure messages quote.

>>> fails, n_failed = worst_failures(report.test("sentence_order"), "bleu", limit=5)  # doctest: +SKIP
>>> fails[0].variant.id, fails[0].delta                                               # doctest: +SKIP
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..kinds import get_kind
from .model import Case

if TYPE_CHECKING:
    from .model import TestResult

__all__ = ["Failure", "MAX_FAILURES", "worst_failures"]

MAX_FAILURES = 20


@dataclass
class Failure:
    """A variant that went the wrong way, with its original (the pair partner)."""

    original: Case
    variant: Case
    metric: str
    original_score: float
    variant_score: float
    expect: str  # "decrease", "increase" or "same"

    @property
    def delta(self) -> float:
        return self.variant_score - self.original_score


def worst_failures(test: TestResult, metric: str, limit: int = MAX_FAILURES) -> tuple[list[Failure], int]:
    """The ``limit`` worst pairs, worst first, and how many pairs failed in all, as the test's kind
    judges each pair (:meth:`perturbkit.kinds.Kind.pair_outcomes`).

    Discrimination: the variants scored above their original, by the largest margin first.
    Invariance: the biggest moves either way (failed: moved beyond the test's tolerance).
    Directional: the pairs that did not change as expected (beyond ``margin`` for decrease and
    increase, within ``tolerance`` for same), furthest against the expectation first."""
    kind = get_kind(test.kind)
    pairs = [(o, v) for o, v in test.pairs() if metric in o.scores and metric in v.scores]
    outcomes = kind.pair_outcomes(
        [float(o.scores[metric]) for o, _ in pairs],
        [float(v.scores[metric]) for _, v in pairs],
        [v.transform for _, v in pairs],
        {**test.options, **(test.stats.get(metric) or {})},
    )
    ranked = [
        (out.badness, Failure(o, v, metric, float(o.scores[metric]), float(v.scores[metric]), out.expect))
        for (o, v), out in zip(pairs, outcomes)
        if out.failed or kind.rank_all_pairs
    ]
    ranked.sort(key=lambda kf: -kf[0])
    return [f for _, f in ranked[:limit]], sum(out.failed for out in outcomes)
