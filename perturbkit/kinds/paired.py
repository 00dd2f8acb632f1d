"""What the three perturbation kinds (discrimination, invariance, directional) share: each variant
paired with its original, the correlation of the score with the label (1 original, 0 variant),
the paired win rate and mean change with a bootstrap CI, tolerances in units, and the minimum
number of pairs a verdict needs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .. import stats as st
from . import cells
from .base import Kind
from .cells import Column

__all__ = ["MIN_PAIRS", "MIN_PAIRS_WHY", "PairedKind", "pairs", "in_units"]

#: Below this many pairs a perturbation test is INCONCLUSIVE.
MIN_PAIRS = 6
MIN_PAIRS_WHY = (
    "a two-sided sign test on fewer than 6 pairs cannot reach p < 0.05 even when every pair goes the "
    "same way (2 × 0.5⁵ = 0.0625), so neither a pass nor a fail could be told from chance"
)


def pairs(cases: Sequence[Any], metric: str) -> tuple[np.ndarray, np.ndarray, list[Any]]:
    """Scores of each variant's original and of the variant, and the variant cases, in case order."""
    orig = {c.id: c for c in cases if c.role == "original"}
    o, v, vc = [], [], []
    for c in cases:
        if c.role == "variant" and c.pair_of in orig:
            o.append(orig[c.pair_of].scores[metric])
            v.append(c.scores[metric])
            vc.append(c)
    return np.asarray(o, dtype=np.float64), np.asarray(v, dtype=np.float64), vc


def in_units(value: float, units: str, originals: np.ndarray) -> tuple[np.ndarray | float, str]:
    """A tolerance or margin in score units (per pair for ``relative``) and a note when it
    degenerates (``std`` units over originals with no spread)."""
    if units == "absolute":
        return value, ""
    if units == "relative":
        return value * np.abs(originals), ""
    sd = float(np.std(originals, ddof=1)) if originals.size >= 2 else 0.0
    note = "" if sd > 0 else "originals' scores have no spread: tolerance in std units is 0"
    return value * sd, note


def corr_fields(corr: st.Correlation) -> dict[str, Any]:
    d = corr.to_dict()
    d.pop("n")
    return d


def mean(xs: Sequence[float]) -> float | None:
    return float(np.mean(xs)) if len(xs) else None


# columns the discrimination and invariance detail tables share
N_ORIG_VAR = Column("n orig / var", lambda s, c: f"{s.get('n_pos', 0)} / {s.get('n_neg', 0)}")
N_NA = Column("n/a", cells.not_applicable)
MEAN_DELTA = Column("mean Δ [95% CI]", cells.delta_ci)
HOLM = Column("Holm p", cells.stat("p_holm", cells.fmt_p))
CORRELATIONS = (
    Column("r (p)", cells.value_p("pearson")),
    Column("Spearman", cells.stat("spearman")),
    Column("Kendall", cells.stat("kendall")),
    Column("win rate", cells.stat("win_rate", cells.pct)),
    MEAN_DELTA,
    HOLM,
)


class PairedKind(Kind):
    """A kind whose cases are originals and the variants made from them."""

    min_cases = MIN_PAIRS
    min_cases_why = MIN_PAIRS_WHY

    def evaluate(self, test: Any, cases: Sequence[Any], metric: str, seed: int = 0) -> dict[str, Any]:
        o, v, vc = pairs(cases, metric)
        out = self._labelled(cases, metric, o, v, vc, seed)
        out.update(self.paired_stats(test, o, v, vc, out, seed=seed))
        return out

    def paired_stats(
        self, test: Any, o: np.ndarray, v: np.ndarray, vc: list[Any], out: dict[str, Any], seed: int = 0
    ) -> dict[str, Any]:
        """The kind's own statistics, added after the shared ones in ``out`` (``seed``: for bootstraps)."""
        return {}

    def _labelled(
        self, cases: Sequence[Any], metric: str, o: np.ndarray, v: np.ndarray, vc: list[Any], seed: int
    ) -> dict[str, Any]:
        """Label correlation, win rate and mean change (and, for one-of tests, per transform)."""
        if self.compare_all:  # every selected original once against every variant
            pos = [c.scores[metric] for c in cases if c.role == "original"]
            neg = [c.scores[metric] for c in cases if c.role == "variant"]
        else:  # OpenMEVA's invariance sets pair every variant with its own original
            pos, neg = o.tolist(), v.tolist()
        corr = st.correlation(list(pos) + list(neg), [1.0] * len(pos) + [0.0] * len(neg), names=("scores", "labels"))
        if not neg:
            corr.note = "no variants: nothing to compare"
        elif not pos:
            corr.note = "no originals: nothing to compare"
        delta = st.mean_delta(o, v, seed=seed)
        out: dict[str, Any] = {"n_pos": len(pos), "n_neg": len(neg), "n_pairs": int(o.size)}
        out.update(corr_fields(corr))
        out.update(
            {
                "mean_original": mean(pos),
                "mean_variant": mean(neg),
                "win_rate": st.win_rate(o, v),
                "mean_delta": delta.mean,
                "delta_ci_low": delta.ci_low,
                "delta_ci_high": delta.ci_high,
            }
        )
        names = sorted({c.transform or "" for c in vc})
        if len(names) > 1:  # a one-of test: how each transform fared
            out["by_transform"] = {}
            for name in names:
                idx = [i for i, c in enumerate(vc) if (c.transform or "") == name]
                out["by_transform"][name] = {
                    "n": len(idx),
                    "win_rate": st.win_rate(o[idx], v[idx]),
                    "mean_delta": float(np.mean(v[idx] - o[idx])),
                }
        return out
