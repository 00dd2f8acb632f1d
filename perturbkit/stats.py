"""Statistics for suite reports: correlations with p-values, paired win rates, bootstrap CIs,
Holm adjustment and OpenMEVA's window analysis.

Every function takes plain sequences of floats, never raises on degenerate input (constant scores,
too few points) and instead returns ``None`` values with a ``note`` saying why. Randomness (the
bootstrap) comes from a ``numpy.random.Generator`` built from an explicit seed: no global RNG.

>>> corr = correlation([1, 2, 3, 4], [1, 3, 2, 4])
>>> round(corr.pearson, 2), corr.n
(0.8, 4)
>>> correlation([1, 1, 1], [1, 2, 3]).note
'constant x: correlation undefined'
>>> win_rate([2, 1, 3], [1, 1, 4])  # one win, one tie (half), one loss
0.5
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from itertools import combinations
from typing import Any

import numpy as np

__all__ = [
    "Correlation",
    "Delta",
    "WindowAnalysis",
    "correlation",
    "win_rate",
    "WinRate",
    "paired_wins",
    "mean_delta",
    "bootstrap_ci",
    "holm",
    "sign_test",
    "moved_share",
    "window_difference_correlation",
]

MIN_N = 3  # fewer points than this: correlations are reported as undefined


def _clean(x: float | None) -> float | None:
    """A finite Python float, or None (NaN and infinities become None: JSON has no NaN)."""
    if x is None:
        return None
    x = float(x)
    return x if math.isfinite(x) else None


@dataclass
class Correlation:
    """Pearson, Spearman and Kendall (tau-b) coefficients with two-sided p-values.

    A coefficient is None when it is undefined (constant input, fewer than 3 points); ``note``
    then says why."""

    n: int
    pearson: float | None = None
    pearson_p: float | None = None
    spearman: float | None = None
    spearman_p: float | None = None
    kendall: float | None = None
    kendall_p: float | None = None
    note: str = ""

    @property
    def defined(self) -> bool:
        return self.pearson is not None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Correlation:
        return cls(
            **{k: d.get(k) for k in ("n", "pearson", "pearson_p", "spearman", "spearman_p", "kendall", "kendall_p")},
            note=d.get("note") or "",
        )


def correlation(x: Sequence[float], y: Sequence[float], *, names: tuple[str, str] = ("x", "y")) -> Correlation:
    """Pearson, Spearman and Kendall correlation of two equal-length sequences (undefined, with a
    note, when either is constant or there are fewer than 3 pairs)."""
    from scipy import stats

    a = np.asarray(x, dtype=np.float64)
    b = np.asarray(y, dtype=np.float64)
    if a.shape != b.shape:
        raise ValueError(f"correlation: lengths differ ({a.size} vs {b.size})")
    n = int(a.size)
    if n < MIN_N:
        return Correlation(n, note=f"only {n} pair(s): correlation undefined")
    if not (np.isfinite(a).all() and np.isfinite(b).all()):
        return Correlation(n, note="non-finite values: correlation undefined")
    for arr, name in ((a, names[0]), (b, names[1])):
        if np.ptp(arr) == 0:
            return Correlation(n, note=f"constant {name}: correlation undefined")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # near-constant input warnings: the values are still right
        p = stats.pearsonr(a, b)
        s = stats.spearmanr(a, b)
        k = stats.kendalltau(a, b)
    return Correlation(
        n,
        _clean(p.statistic),
        _clean(p.pvalue),
        _clean(s.statistic),
        _clean(s.pvalue),
        _clean(k.statistic),
        _clean(k.pvalue),
    )


def win_rate(originals: Sequence[float], variants: Sequence[float]) -> float | None:
    """Share of pairs where the original scored above its variant; ties count half (None if no pairs)."""
    o = np.asarray(originals, dtype=np.float64)
    v = np.asarray(variants, dtype=np.float64)
    if o.shape != v.shape:
        raise ValueError(f"win_rate: lengths differ ({o.size} vs {v.size})")
    if o.size == 0:
        return None
    return float((np.sum(o > v) + 0.5 * np.sum(o == v)) / o.size)


@dataclass
class WinRate:
    """The paired win rate: share of pairs where the original scored above its variant (ties
    count half), its percentile-bootstrap CI, the win/loss/tie counts and the two-sided sign test
    of wins against losses (ties left out)."""

    n: int
    rate: float | None
    ci_low: float | None
    ci_high: float | None
    wins: int
    losses: int
    ties: int
    p: float | None


def paired_wins(
    originals: Sequence[float], variants: Sequence[float], *, seed: int = 0, n_resamples: int = 2000
) -> WinRate:
    """:func:`win_rate` with a bootstrap CI (over the per-pair outcomes 1, 0.5, 0) and the sign
    test p-value.

    >>> w = paired_wins([2, 2, 2, 2, 2, 2], [1, 1, 1, 1, 1, 3])
    >>> round(w.rate, 3), (w.wins, w.losses, w.ties), round(w.p, 3)
    (0.833, (5, 1, 0), 0.219)
    """
    o = np.asarray(originals, dtype=np.float64)
    v = np.asarray(variants, dtype=np.float64)
    if o.shape != v.shape:
        raise ValueError(f"paired_wins: lengths differ ({o.size} vs {v.size})")
    wins, losses = int(np.sum(o > v)), int(np.sum(o < v))
    ties = int(o.size) - wins - losses
    outcome = np.where(o > v, 1.0, np.where(o < v, 0.0, 0.5))
    lo, hi = bootstrap_ci(outcome, seed=seed, n_resamples=n_resamples)
    return WinRate(int(o.size), win_rate(o, v), lo, hi, wins, losses, ties, sign_test(wins, losses))


def bootstrap_ci(
    values: Sequence[float],
    statistic: Callable[..., Any] = np.mean,
    *,
    seed: int = 0,
    n_resamples: int = 2000,
    confidence: float = 0.95,
) -> tuple[float | None, float | None]:
    """Percentile bootstrap confidence interval of ``statistic`` (a vectorised numpy reducer that
    takes ``axis``), deterministic for ``seed``. (None, None) for fewer than 2 values."""
    from scipy import stats

    arr = np.asarray(values, dtype=np.float64)
    if arr.size < 2:
        return None, None
    if np.ptp(arr) == 0:
        v = _clean(statistic(arr))
        return v, v
    res = stats.bootstrap(
        (arr,),
        statistic,
        n_resamples=n_resamples,
        confidence_level=confidence,
        method="percentile",
        vectorized=True,
        rng=np.random.default_rng(seed),
    )
    return _clean(res.confidence_interval.low), _clean(res.confidence_interval.high)


@dataclass
class Delta:
    """Mean of ``variant - original`` over pairs with a bootstrap CI (negative: the metric dropped)."""

    n: int
    mean: float | None
    ci_low: float | None
    ci_high: float | None
    confidence: float = 0.95

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def mean_delta(
    originals: Sequence[float],
    variants: Sequence[float],
    *,
    seed: int = 0,
    n_resamples: int = 2000,
    confidence: float = 0.95,
) -> Delta:
    """Mean paired score change (variant minus original) with a bootstrap CI."""
    o = np.asarray(originals, dtype=np.float64)
    v = np.asarray(variants, dtype=np.float64)
    if o.shape != v.shape:
        raise ValueError(f"mean_delta: lengths differ ({o.size} vs {v.size})")
    d = v - o
    if d.size == 0:
        return Delta(0, None, None, None, confidence)
    lo, hi = bootstrap_ci(d, seed=seed, n_resamples=n_resamples, confidence=confidence)
    return Delta(int(d.size), _clean(d.mean()), lo, hi, confidence)


def moved_share(originals: Sequence[float], variants: Sequence[float], tolerance: float) -> float | None:
    """Share of pairs whose score moved by more than ``tolerance`` (either way)."""
    d = np.asarray(variants, dtype=np.float64) - np.asarray(originals, dtype=np.float64)
    if d.size == 0:
        return None
    return float(np.mean(np.abs(d) > tolerance))


def sign_test(n_expected: int, n_opposite: int) -> float | None:
    """Two-sided binomial sign test p-value for changes in the expected vs the opposite direction
    (pairs with no change are left out); None when there are none."""
    from scipy import stats

    n = n_expected + n_opposite
    if n == 0:
        return None
    return _clean(stats.binomtest(n_expected, n, 0.5).pvalue)


def holm(pvalues: Sequence[float | None]) -> list[float | None]:
    """Holm-Bonferroni adjusted p-values (same order; None stays None and is not counted).

    >>> holm([0.01, 0.04, None, 0.03])
    [0.03, 0.06, None, 0.06]
    """
    idx = [i for i, p in enumerate(pvalues) if p is not None and math.isfinite(p)]
    m = len(idx)
    out: list[float | None] = [None] * len(pvalues)
    running = 0.0
    for rank, i in enumerate(sorted(idx, key=lambda j: pvalues[j])):  # type: ignore[arg-type,return-value]
        adj = min(1.0, (m - rank) * float(pvalues[i]))  # type: ignore[arg-type]
        running = max(running, adj)
        out[i] = round(running, 15)
    return out


@dataclass
class WindowAnalysis:
    """OpenMEVA's window analysis: stories sorted by human score, cut into windows of ``size``
    with ``stride``; for every pair of windows (i < j), the difference of mean human scores
    (``human_diffs``) against the difference of mean metric scores (``metric_diffs``), and the
    correlation between the two. ``windows`` holds (start, mean human, mean metric) per window."""

    size: int
    stride: int
    n: int
    windows: list[tuple[int, float, float]] = field(default_factory=list)
    human_diffs: list[float] = field(default_factory=list)
    metric_diffs: list[float] = field(default_factory=list)
    correlation: Correlation | None = None
    note: str = ""

    @property
    def pairs(self) -> list[tuple[float, float]]:
        """(human difference, metric difference) for each pair of windows."""
        return list(zip(self.human_diffs, self.metric_diffs))

    def to_dict(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "stride": self.stride,
            "n": self.n,
            "windows": [list(w) for w in self.windows],
            "human_diffs": self.human_diffs,
            "metric_diffs": self.metric_diffs,
            "correlation": self.correlation.to_dict() if self.correlation else None,
            "note": self.note,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> WindowAnalysis:
        corr = d.get("correlation")
        return cls(
            int(d["size"]),
            int(d["stride"]),
            int(d["n"]),
            [tuple(w) for w in d.get("windows") or []],  # type: ignore[misc]
            list(d.get("human_diffs") or []),
            list(d.get("metric_diffs") or []),
            Correlation.from_dict(corr) if corr else None,
            d.get("note") or "",
        )


def window_difference_correlation(
    metric: Sequence[float], human: Sequence[float], size: int = 200, stride: int = 10
) -> WindowAnalysis:
    """Correlate metric-score differences with human-score differences across all pairs of
    windows of stories sorted by human score (ties keep input order). Fewer than two windows
    gives an undefined correlation with a note."""
    if size < 1 or stride < 1:
        raise ValueError(f"window size and stride must be >= 1, got size={size}, stride={stride}")
    m = np.asarray(metric, dtype=np.float64)
    h = np.asarray(human, dtype=np.float64)
    if m.shape != h.shape:
        raise ValueError(f"window_difference_correlation: lengths differ ({m.size} vs {h.size})")
    n = int(m.size)
    order = np.argsort(h, kind="stable")
    hs, ms = h[order], m[order]
    starts = list(range(0, n - size + 1, stride)) if n >= size else []
    wins = [(s, float(hs[s : s + size].mean()), float(ms[s : s + size].mean())) for s in starts]
    out = WindowAnalysis(size, stride, n, wins)
    if len(wins) < 2:
        out.note = f"{n} stories give {len(wins)} window(s) of {size}: need at least 2"
        out.correlation = Correlation(0, note=out.note)
        return out
    for (_, h1, m1), (_, h2, m2) in combinations(wins, 2):
        out.human_diffs.append(h2 - h1)
        out.metric_diffs.append(m2 - m1)
    out.correlation = correlation(out.metric_diffs, out.human_diffs, names=("metric differences", "human differences"))
    return out
