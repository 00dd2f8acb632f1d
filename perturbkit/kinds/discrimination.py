"""Discrimination: originals (label 1) against coherence-breaking variants (label 0). A good metric
scores the original higher.

* Statistics: the shared paired ones (:mod:`.paired`): Pearson/Spearman/Kendall with the label over
  every selected original and every variant (OpenMEVA Table 6) and the mean change; plus the paired
  win rate with a bootstrap CI (``win_rate_ci_low``/``win_rate_ci_high``), the win/loss/tie counts
  and a two-sided sign test of wins against losses (``win_p``, adjusted across tests by Holm).
* Headline: the paired win rate (each variant against its own original, ties half); higher is
  better. The point-biserial r stays beside it as the OpenMEVA-comparable column; when the two
  point opposite ways the verdict carries a note saying so (:meth:`DiscriminationKind.verdict_note`).
* Verdict: PASS when the original scores above its variant in at least ``min_win_rate`` of the
  pairs (default 0.75); ``min_r`` bounds the point-biserial r instead. INCONCLUSIVE below
  :data:`~.paired.MIN_PAIRS` pairs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from .. import stats as st
from . import cells
from .base import PairOutcome, Threshold
from .cells import Column
from .paired import HOLM, MEAN_DELTA, N_NA, N_ORIG_VAR, PairedKind

__all__ = ["DiscriminationKind", "DEFAULT_MIN_WIN_RATE"]

#: A metric blind to the change wins half the pairs (ties count half); 0.75 asks it to prefer the
#: original in three pairs of four.
DEFAULT_MIN_WIN_RATE = 0.75
#: r and the win rate disagreeing is worth a note only when one of them is significant at this level.
SIGNIFICANT = 0.05


def _win_ci(s: Mapping[str, Any], counts: Mapping[str, Any]) -> str:
    """``82.0% [70.0%, 92.0%]``."""
    if s.get("win_rate") is None:
        return "–"
    lo, hi = s.get("win_rate_ci_low"), s.get("win_rate_ci_high")
    ci = f" [{cells.pct(lo)}, {cells.pct(hi)}]" if lo is not None else ""
    return cells.pct(s["win_rate"]) + ci


def _wlt(s: Mapping[str, Any], counts: Mapping[str, Any]) -> str:
    if s.get("n_wins") is None:
        return "–"
    return f"{s['n_wins']} / {s.get('n_ties', 0)} / {s.get('n_losses', 0)}"


class DiscriminationKind(PairedKind):
    name = "discrimination"
    title = "Discrimination"
    compare_all = True  # OpenMEVA: every selected original is a positive, perturbed or not
    primary = "win_rate"
    primary_short = "win rate"
    primary_label = "Paired win rate: share of pairs where the original scored above its own variant (ties count half)"
    higher_is_better = True
    p_key = "win_p"
    p_label = "the sign test of wins against losses"
    thresholds = (
        Threshold(
            "min_win_rate",
            "win_rate",
            ">=",
            "share of pairs where the original scored above its variant (ties count half)",
            default=DEFAULT_MIN_WIN_RATE,
        ),
        Threshold("min_r", "pearson", ">=", "point-biserial Pearson r with the label (1 original, 0 variant)", lo=-1.0),
    )
    defaults_why = (
        "a metric blind to the change wins half the pairs (ties count half); 0.75 asks it to prefer the "
        "original in three pairs of four"
    )
    passes_when = "the original scores above its variant in at least `min_win_rate` of the pairs"
    summary_count_label = "*n orig / perturbed*"
    detail_columns = (
        N_ORIG_VAR,
        N_NA,
        Column("win rate [95% CI]", _win_ci),
        Column("won / tied / lost", _wlt),
        Column("sign p", cells.stat("win_p", cells.fmt_p)),
        Column("r (p)", cells.value_p("pearson")),
        Column("Spearman", cells.stat("spearman")),
        Column("Kendall", cells.stat("kendall")),
        MEAN_DELTA,
        HOLM,
    )
    failure_label = "variants scored above their original"

    def summary_count(self, result: Any) -> str:
        return f"{len(result.originals())} / {len(result.variants())}"

    def paired_stats(
        self, test: Any, o: np.ndarray, v: np.ndarray, vc: list[Any], out: dict[str, Any], seed: int = 0
    ) -> dict[str, Any]:
        w = st.paired_wins(o, v, seed=seed)
        return {
            "win_rate_ci_low": w.ci_low,
            "win_rate_ci_high": w.ci_high,
            "n_wins": w.wins,
            "n_ties": w.ties,
            "n_losses": w.losses,
            "win_p": w.p,
        }

    def verdict_note(self, stats: Mapping[str, Any], limits: Mapping[str, float]) -> str:
        """A note when the point-biserial r and the win rate point opposite ways (r > 0 while the
        original wins fewer than half its pairs, or the reverse) and at least one of them is
        significant (p < 0.05; with neither p-value known the signs alone decide): the two answer
        different questions. Two values both within chance of 0 and 50% are no disagreement."""
        r, w = stats.get("pearson"), stats.get("win_rate")
        if r is None or w is None or not ((r > 0 and w < 0.5) or (r < 0 and w > 0.5)):
            return ""
        ps = [p for p in (stats.get("pearson_p"), stats.get("win_p")) if p is not None]
        if ps and min(ps) >= SIGNIFICANT:
            return ""
        return (
            f"r = {r:+.3f} with the label but the original wins {cells.pct(w)} of its pairs: r compares every "
            "selected original with every variant (with `positives: selected` the unperturbed originals too, "
            "and large score gaps weigh more), the win rate each variant with its own original; the "
            f"verdict follows {'the win rate' if 'min_win_rate' in limits else 'r'}"
        )

    def pair_outcomes(
        self,
        originals: Sequence[float] | np.ndarray,
        variants: Sequence[float] | np.ndarray,
        transforms: Sequence[str | None],
        options: Mapping[str, Any],
    ) -> list[PairOutcome]:
        d = np.asarray(variants, dtype=np.float64) - np.asarray(originals, dtype=np.float64)
        return [PairOutcome("decrease", bool(x > 0), float(x)) for x in d]  # a tie is no failure
