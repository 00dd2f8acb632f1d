"""Discrimination: originals (label 1) against coherence-breaking variants (label 0). A good metric
scores the original higher.

* Statistics: the shared paired ones (:mod:`.paired`): Pearson/Spearman/Kendall with the label over
  every selected original and every variant (OpenMEVA Table 6), the paired win rate and mean change.
* Headline: Pearson r with the label; higher is better.
* Verdict: PASS when the original scores above its variant in at least ``min_win_rate`` of the
  pairs (default 0.75; ties count half); ``min_r`` bounds the headline r instead. INCONCLUSIVE
  below :data:`~.paired.MIN_PAIRS` pairs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from .base import PairOutcome, Threshold
from .paired import CORRELATIONS, N_NA, N_ORIG_VAR, PairedKind

__all__ = ["DiscriminationKind", "DEFAULT_MIN_WIN_RATE"]

#: A metric blind to the change wins half the pairs (ties count half); 0.75 asks it to prefer the
#: original in three pairs of four.
DEFAULT_MIN_WIN_RATE = 0.75


class DiscriminationKind(PairedKind):
    name = "discrimination"
    title = "Discrimination"
    compare_all = True  # OpenMEVA: every selected original is a positive, perturbed or not
    primary = "pearson"
    primary_short = "r"
    primary_label = "Pearson r with the label (1 original, 0 perturbed)"
    higher_is_better = True
    thresholds = (
        Threshold(
            "min_win_rate",
            "win_rate",
            ">=",
            "share of pairs where the original scored above its variant (ties count half)",
            default=DEFAULT_MIN_WIN_RATE,
        ),
        Threshold("min_r", "pearson", ">=", "Pearson r with the label (1 original, 0 variant)", lo=-1.0),
    )
    defaults_why = (
        "a metric blind to the change wins half the pairs (ties count half); 0.75 asks it to prefer the "
        "original in three pairs of four"
    )
    passes_when = "the original scores above its variant in at least `min_win_rate` of the pairs"
    summary_count_label = "*n orig / perturbed*"
    detail_columns = (N_ORIG_VAR, N_NA, *CORRELATIONS)
    failure_label = "variants scored above their original"

    def summary_count(self, result: Any) -> str:
        return f"{len(result.originals())} / {len(result.variants())}"

    def pair_outcomes(
        self,
        originals: Sequence[float] | np.ndarray,
        variants: Sequence[float] | np.ndarray,
        transforms: Sequence[str | None],
        options: Mapping[str, Any],
    ) -> list[PairOutcome]:
        d = np.asarray(variants, dtype=np.float64) - np.asarray(originals, dtype=np.float64)
        return [PairOutcome("decrease", bool(x > 0), float(x)) for x in d]  # a tie is no failure
