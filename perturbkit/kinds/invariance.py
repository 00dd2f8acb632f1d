"""Invariance: originals (label 1) against meaning-preserving variants (label 0), each variant
paired with its own original. A good metric cannot tell them apart.

* Statistics: the shared paired ones (:mod:`.paired`), plus ``abs_r`` (|Pearson r| with the label,
  OpenMEVA Table 7) and ``moved_share``, the share of pairs whose score moved by more than the
  test's ``tolerance`` (in ``units``: standard deviations of the originals' scores, absolute, or
  relative to the original), with ``tolerance_abs`` in score units.
* Headline: |r| with the label; smaller is better.
* Verdict: PASS when |r| is at most ``max_abs_r`` (default 0.1; constant scores, where r is
  undefined, count as 0); ``max_moved_share`` bounds the moved share instead. INCONCLUSIVE below
  :data:`~.paired.MIN_PAIRS` pairs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from . import cells
from .base import PairOutcome, Threshold
from .cells import Column
from .paired import CORRELATIONS, N_NA, N_ORIG_VAR, PairedKind, in_units

__all__ = ["InvarianceKind", "DEFAULT_MAX_ABS_R"]

#: |r| = 0.1: the original/variant label explains at most 1% of the score's variance.
DEFAULT_MAX_ABS_R = 0.1


def _moved(s: Mapping[str, Any], counts: Mapping[str, Any]) -> str:
    tol = s.get("tolerance_abs")
    return cells.pct(s.get("moved_share")) + (f" (>{cells.fmt(tol)})" if tol is not None else "")


class InvarianceKind(PairedKind):
    name = "invariance"
    title = "Invariance"
    primary = "abs_r"
    primary_short = "|r|"
    primary_label = "|Pearson r| with the label (1 original, 0 perturbed)"
    higher_is_better = False
    thresholds = (
        Threshold(
            "max_abs_r",
            "abs_r",
            "<=",
            "|r| with the label; constant scores (r undefined) count as 0",
            default=DEFAULT_MAX_ABS_R,
        ),
        Threshold("max_moved_share", "moved_share", "<=", "share of pairs that moved more than the test's `tolerance`"),
    )
    defaults_why = "|r| = 0.1 means the original/variant label explains at most 1% of the score's variance"
    passes_when = "|r| with the label is at most `max_abs_r`"
    detail_columns = (N_ORIG_VAR, N_NA, Column("|r|", cells.stat("abs_r")), Column("moved", _moved), *CORRELATIONS)
    failure_label = "pairs whose score moved beyond the tolerance"
    rank_all_pairs = True

    def paired_stats(
        self, test: Any, o: np.ndarray, v: np.ndarray, vc: list[Any], out: dict[str, Any], seed: int = 0
    ) -> dict[str, Any]:
        r = out["pearson"]
        tol, note = in_units(test.tolerance, test.units, o)
        outcomes = self.pair_outcomes(o, v, [c.transform for c in vc], {"tolerance_abs": tol})
        extra: dict[str, Any] = {
            "abs_r": None if r is None else abs(r),
            "moved_share": float(np.mean([x.failed for x in outcomes])) if outcomes else None,
            "tolerance": test.tolerance,
            "units": test.units,
        }
        if np.ndim(tol) == 0:
            extra["tolerance_abs"] = float(tol)
        if note:
            extra["tolerance_note"] = note
        return extra

    def statistic(self, key: str, stats: Mapping[str, Any]) -> tuple[float | None, str]:
        value, note = super().statistic(key, stats)
        if value is None and key == "abs_r" and stats.get("n_pairs"):
            # with pairs present the labels vary, so r is undefined only when the scores are
            # constant: the metric did not move at all
            return 0.0, "scores constant: |r| taken as 0"
        return value, note

    def pair_outcomes(
        self,
        originals: Sequence[float] | np.ndarray,
        variants: Sequence[float] | np.ndarray,
        transforms: Sequence[str | None],
        options: Mapping[str, Any],
    ) -> list[PairOutcome]:
        """A pair fails when its score moved by more than the tolerance: ``tolerance_abs`` (score
        units) when given, else ``tolerance`` in ``units`` (default 0.1 std)."""
        o = np.asarray(originals, dtype=np.float64)
        d = np.abs(np.asarray(variants, dtype=np.float64) - o)
        tol = options.get("tolerance_abs")
        if tol is None:
            tol, _ = in_units(float(options.get("tolerance", 0.1)), str(options.get("units", "std")), o)
        tol = np.broadcast_to(np.asarray(tol, dtype=np.float64), d.shape)
        return [PairOutcome("same", bool(x > t), float(x)) for x, t in zip(d, tol)]
