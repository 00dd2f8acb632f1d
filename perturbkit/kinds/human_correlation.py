"""Human correlation: metric scores against human ratings (``example.meta[rating]``), overall and
per value of each ``group_by`` field, with OpenMEVA's optional window analysis.

* Statistics: ``n`` rated stories, Pearson/Spearman/Kendall with p-values, ``groups`` (the same per
  group value), ``windows`` (correlation of window differences).
* Headline: Pearson r with the human rating; higher is better.
* Verdict: PASS when r is at least ``min_r`` (default 0.2). INCONCLUSIVE below :data:`MIN_RATED`
  rated stories.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from .. import stats as st
from . import cells
from .base import Kind, Threshold
from .cells import Column
from .paired import corr_fields

__all__ = ["HumanCorrelationKind", "MIN_RATED", "DEFAULT_MIN_R", "parse_rating"]

#: Below this many rated stories a human-correlation test is INCONCLUSIVE.
MIN_RATED = 10
MIN_RATED_WHY = (
    "with fewer than 10 rated stories only a correlation above 0.67 reaches p < 0.05 (0.666 at 9 stories), "
    "far above what published metrics reach on MANS, so a low r could not be told from chance"
)
#: OpenMEVA (Table 5) reports 0.25-0.41 for perplexity and learned metrics on MANS and about 0 for
#: BLEU; 0.2 separates the two.
DEFAULT_MIN_R = 0.2


def _window_r(s: Any, counts: Any) -> str:
    w = s.get("windows") or {}
    return cells.fmt((w.get("correlation") or {}).get("pearson")) if w else "–"


class HumanCorrelationKind(Kind):
    name = "human_correlation"
    title = "Correlation with human ratings"
    paired = False
    primary = "pearson"
    primary_short = "r"
    primary_label = "Pearson r with the human rating"
    higher_is_better = True
    thresholds = (
        Threshold("min_r", "pearson", ">=", "Pearson r with the human rating", default=DEFAULT_MIN_R, lo=-1.0),
    )
    defaults_why = (
        "OpenMEVA reports 0.25-0.41 for perplexity and learned metrics on MANS and about 0 for BLEU; "
        "0.2 separates the two"
    )
    passes_when = "Pearson r with the human rating is at least `min_r`"
    min_cases = MIN_RATED
    min_cases_why = MIN_RATED_WHY
    count_key = "n"
    count_noun = "rated stories"
    summary_count_label = "*n rated*"
    detail_columns = (
        Column("n (excluded)", lambda s, c: f"{s.get('n', 0)} ({c.get('n_excluded', 0)})"),
        Column("Pearson (p)", cells.value_p("pearson")),
        Column("Spearman (p)", cells.value_p("spearman")),
        Column("Kendall (p)", cells.value_p("kendall")),
        Column("window r", _window_r),
        Column("Holm p", cells.stat("p_holm", cells.fmt_p)),
    )

    def summary_count(self, result: Any) -> str:
        return cells.fmt(result.counts.get("n_rated"))

    def evaluate(self, test: Any, cases: Sequence[Any], metric: str, seed: int = 0) -> dict[str, Any]:
        rated = [c for c in cases if c.role == "rated" and c.rating is not None]
        m = [c.scores[metric] for c in rated]
        h = [float(c.rating) for c in rated]
        corr = st.correlation(m, h, names=("metric scores", "human ratings"))
        out: dict[str, Any] = {"n": len(rated)}
        out.update(corr_fields(corr))
        groups: dict[str, dict[str, Any]] = {}
        for fieldname in test.group_by:
            if rated and all(c.groups.get(fieldname, "(missing)") == "(missing)" for c in rated):
                out.setdefault("group_notes", []).append(f"no rated story has a {fieldname!r} field")
                continue
            values: dict[str, list[Any]] = {}
            for c in rated:
                values.setdefault(c.groups.get(fieldname, "(missing)"), []).append(c)
            groups[fieldname] = {}
            for value in sorted(values):
                cs = values[value]
                gc = st.correlation(
                    [c.scores[metric] for c in cs],
                    [float(c.rating) for c in cs],
                    names=("metric scores", "human ratings"),
                )
                groups[fieldname][value] = gc.to_dict()
        out["groups"] = groups
        if test.windows is not None:
            out["windows"] = st.window_difference_correlation(
                m, h, size=test.windows.size, stride=test.windows.stride
            ).to_dict()
        return out


def parse_rating(value: Any) -> float | None:
    """A human rating as a float: a number, a numeric string, or a list of numbers (averaged);
    None for anything else (missing, empty, non-numeric, NaN).

    >>> parse_rating([3, 4, 5]), parse_rating("2.5"), parse_rating("n/a"), parse_rating(None)
    (4.0, 2.5, None, None)
    """
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        x = float(value)
    elif isinstance(value, str):
        try:
            x = float(value.strip())
        except ValueError:
            return None
    elif isinstance(value, (list, tuple)):
        parts = [parse_rating(v) for v in value]
        if not parts or any(p is None for p in parts) or any(isinstance(v, (list, tuple)) for v in value):
            return None
        x = float(np.mean(parts))
    else:
        return None
    return x if math.isfinite(x) else None
