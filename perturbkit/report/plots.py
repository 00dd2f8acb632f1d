"""Plots for the HTML report, as PNG bytes (matplotlib's Agg canvas: no display, no pyplot state).

Each function takes plain lists of floats and returns PNG bytes; ``data_uri`` turns them into an
``<img src>`` value so the report stays one self-contained file.

>>> png = score_distributions({"bleu": ([0.5, 0.6, 0.7], [0.2, 0.4, 0.6])})  # doctest: +SKIP
>>> data_uri(png)[:22]                                                        # doctest: +SKIP
'data:image/png;base64,'
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["data_uri", "difference_correlation", "metric_vs_human", "paired_scores", "score_distributions"]

ORIGINAL = "#3b6ea8"
VARIANT = "#d0743c"
FAILED = "#c0392b"


def _figure(
    width: float,
    height: float,
    *,
    left: float = 0.75,
    right: float = 0.15,
    bottom: float = 0.55,
    top: float = 0.55,
    hspace: float = 0.55,
    wspace: float = 0.3,
) -> tuple[Any, Any]:
    """A figure with fixed margins in inches (cheaper than constrained layout, same look)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100)
    FigureCanvasAgg(fig)
    fig.subplots_adjust(
        left=left / width,
        right=1 - right / width,
        bottom=bottom / height,
        top=1 - top / height,
        hspace=hspace,
        wspace=wspace,
    )
    return fig, fig.canvas


def _png(fig: Any) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    return buf.getvalue()


def _finite(xs: Sequence[Any]) -> list[float]:
    out = []
    for x in xs:
        if isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x):
            out.append(float(x))
    return out


def data_uri(png: bytes) -> str:
    """``data:image/png;base64,...`` for an ``<img src>`` (no external files)."""
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def score_distributions(
    by_metric: Mapping[str, tuple[Sequence[float], Sequence[float]]],
    *,
    labels: tuple[str, str] = ("originals", "variants"),
) -> bytes:
    """Per metric, a box plot and overlaid histograms of original vs variant scores."""
    n = max(1, len(by_metric))
    fig, _ = _figure(7.5, 2.3 * n, left=1.0, top=0.15, wspace=0.35)
    axes = fig.subplots(n, 2, squeeze=False, width_ratios=[1, 2])
    for row, (metric, (orig, var)) in enumerate(by_metric.items()):
        o, v = _finite(orig), _finite(var)
        box, hist = axes[row]
        if not o and not v:
            for ax in (box, hist):
                ax.text(0.5, 0.5, "no scores", ha="center", va="center", transform=ax.transAxes)
                ax.set_axis_off()
            continue
        bp = box.boxplot([o or [math.nan], v or [math.nan]], tick_labels=list(labels), patch_artist=True, widths=0.6)
        for patch, colour in zip(bp["boxes"], (ORIGINAL, VARIANT)):
            patch.set_facecolor(colour)
            patch.set_alpha(0.6)
        box.set_ylabel(metric)
        lo, hi = min(o + v), max(o + v)
        bins = 20 if hi > lo else 1
        rng = (lo, hi) if hi > lo else (lo - 0.5, hi + 0.5)
        hist.hist(o, bins=bins, range=rng, alpha=0.55, color=ORIGINAL, label=f"{labels[0]} (n={len(o)})")
        hist.hist(v, bins=bins, range=rng, alpha=0.55, color=VARIANT, label=f"{labels[1]} (n={len(v)})")
        hist.set_xlabel(f"{metric} score")
        hist.set_ylabel("count")
        hist.legend(fontsize=8, frameon=False)
    return _png(fig)


def paired_scores(
    by_metric: Mapping[str, tuple[Sequence[float], Sequence[float], Sequence[bool]]],
    *,
    band: Mapping[str, float] | None = None,
) -> bytes:
    """Per metric, one row: each pair's original score (x) against its variant's (y) with the
    y = x line (points off the line moved; failed pairs in red), and the distribution of the
    paired changes (variant − original) with 0 marked. ``band``: a tolerance per metric, drawn as
    a grey band of changes that count as "no move" (invariance)."""
    n = max(1, len(by_metric))
    fig, _ = _figure(8.0, 2.7 * n, left=0.9, top=0.35, wspace=0.35, hspace=0.7)
    axes = fig.subplots(n, 2, squeeze=False, width_ratios=[1, 1.3])
    for row, (metric, (orig, var, failed)) in enumerate(by_metric.items()):
        pts = [(float(a), float(b), bool(f)) for a, b, f in zip(orig, var, failed) if _finite([a]) and _finite([b])]
        scatter, hist = axes[row]
        if not pts:
            for ax in (scatter, hist):
                ax.text(0.5, 0.5, "no scored pairs", ha="center", va="center", transform=ax.transAxes)
                ax.set_axis_off()
            continue
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        lo, hi = min(xs + ys), max(xs + ys)
        pad = (hi - lo) * 0.05 or 0.5
        ok = [p for p in pts if not p[2]]
        bad = [p for p in pts if p[2]]
        scatter.plot([lo - pad, hi + pad], [lo - pad, hi + pad], color="#888", linewidth=0.8, zorder=1, label="y = x")
        if ok:
            scatter.scatter(
                [p[0] for p in ok],
                [p[1] for p in ok],
                s=12,
                alpha=0.6,
                color=ORIGINAL,
                linewidths=0,
                label=f"as expected ({len(ok)})",
                zorder=2,
            )
        if bad:
            scatter.scatter(
                [p[0] for p in bad],
                [p[1] for p in bad],
                s=14,
                alpha=0.8,
                color=FAILED,
                linewidths=0,
                label=f"failed ({len(bad)})",
                zorder=3,
            )
        scatter.set_xlim(lo - pad, hi + pad)
        scatter.set_ylim(lo - pad, hi + pad)
        from matplotlib.ticker import MaxNLocator

        for ax in (scatter, hist):  # few ticks: long score labels must not run into each other
            ax.xaxis.set_major_locator(MaxNLocator(5))
        scatter.yaxis.set_major_locator(MaxNLocator(5))
        scatter.set_xlabel(f"original {metric}")
        scatter.set_ylabel(f"variant {metric}")
        scatter.legend(fontsize=7, frameon=False, loc="upper left")
        deltas = [b - a for a, b, _ in pts]
        dlo, dhi = min(deltas), max(deltas)
        spread = dhi - dlo > 1e-9 * max(1.0, abs(dlo), abs(dhi))  # float noise is no spread
        bins = 25 if spread else 1
        rng = (dlo, dhi) if spread else (dlo - 0.5, dhi + 0.5)
        tol = (band or {}).get(metric)
        if tol is not None and tol > 0:
            hist.axvspan(-tol, tol, color="#ddd", zorder=0, label=f"|Δ| ≤ {tol:.3g}")
        hist.hist(deltas, bins=bins, range=rng, color=VARIANT, alpha=0.75, zorder=1)
        hist.axvline(0, color="#555", linewidth=0.8, zorder=2)
        hist.set_xlabel(f"Δ {metric} (variant − original)")
        hist.set_ylabel("pairs")
        if tol is not None and tol > 0:
            hist.legend(fontsize=7, frameon=False)
    return _png(fig)


def difference_correlation(
    human_diffs: Sequence[float],
    metric_diffs: Sequence[float],
    *,
    metric: str = "metric",
    r: float | None = None,
    size: int | None = None,
    stride: int | None = None,
) -> bytes:
    """OpenMEVA's window plot: metric-score differences against human-score differences over all
    pairs of windows of stories sorted by human score."""
    fig, _ = _figure(4.8, 3.6, left=1.0)
    ax = fig.subplots()
    h, m = _finite(human_diffs), _finite(metric_diffs)
    if len(h) != len(m) or not h:
        ax.text(
            0.5,
            0.5,
            "fewer than two windows: no differences to plot",
            ha="center",
            va="center",
            transform=ax.transAxes,
            fontsize=9,
        )
        ax.set_axis_off()
        return _png(fig)
    ax.scatter(h, m, s=6, alpha=0.4, color=ORIGINAL, linewidths=0)
    ax.axhline(0, color="#999", linewidth=0.7)
    ax.set_xlabel("human-score difference between windows")
    ax.set_ylabel(f"{metric} difference")
    title = "window differences"
    if size:
        title += f" (size {size}, stride {stride})"
    if r is not None:
        title += f"\nPearson r = {r:.3f}"
    ax.set_title(title, fontsize=10)
    return _png(fig)


def metric_vs_human(
    metric_scores: Sequence[float], human_scores: Sequence[float], *, metric: str = "metric", r: float | None = None
) -> bytes:
    """Scatter of the metric's score against the human rating, one point per story."""
    fig, _ = _figure(4.8, 3.6, left=1.0)
    ax = fig.subplots()
    pairs = [(float(a), float(b)) for a, b in zip(metric_scores, human_scores) if _finite([a]) and _finite([b])]
    if not pairs:
        ax.text(0.5, 0.5, "no rated stories", ha="center", va="center", transform=ax.transAxes)
        ax.set_axis_off()
        return _png(fig)
    ax.scatter([p[1] for p in pairs], [p[0] for p in pairs], s=10, alpha=0.45, color=VARIANT, linewidths=0)
    ax.set_xlabel("human rating")
    ax.set_ylabel(f"{metric} score")
    ax.set_title(
        f"{metric} vs human (n={len(pairs)})" + (f"\nPearson r = {r:.3f}" if r is not None else ""), fontsize=10
    )
    return _png(fig)
