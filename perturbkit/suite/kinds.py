"""What each test kind computes from its scored cases.

``evaluate(test, cases, metric, seed)`` returns the statistics of one metric on one test (plain
JSON-ready numbers; undefined values are None with a ``note``):

* discrimination: correlation of the score with the label (1 original, 0 perturbed), paired win
  rate (original above its variant; ties half) and the mean paired change with a bootstrap CI.
* invariance: the same numbers plus ``abs_r`` (smaller is better) and ``moved_share``, the share
  of pairs whose score moved by more than the tolerance.
* directional: ``fail_rate``, the share of pairs whose change did not go the expected way, with a
  sign test.
* human_correlation: correlation with the human rating overall, per group value, and OpenMEVA's
  window analysis.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from .. import stats as st
from ..report import Case
from .spec import Directional, Discrimination, HumanCorrelation, Invariance, TestSpec


def evaluate(test: TestSpec, cases: Sequence[Case], metric: str, seed: int = 0) -> dict[str, Any]:
    """Statistics of ``metric`` on one test's scored ``cases``."""
    if isinstance(test, HumanCorrelation):
        return _human(test, cases, metric)
    out = _labelled(test, cases, metric, seed)
    if isinstance(test, Invariance):
        r = out["pearson"]
        out["abs_r"] = None if r is None else abs(r)
        out.update(_invariance(test, cases, metric))
    elif isinstance(test, Directional):
        out.update(_directional(test, cases, metric))
    return out


def _pairs(cases: Sequence[Case], metric: str) -> tuple[np.ndarray, np.ndarray, list[Case]]:
    orig = {c.id: c for c in cases if c.role == "original"}
    o, v, vc = [], [], []
    for c in cases:
        if c.role == "variant" and c.pair_of in orig:
            o.append(orig[c.pair_of].scores[metric])
            v.append(c.scores[metric])
            vc.append(c)
    return np.asarray(o, dtype=np.float64), np.asarray(v, dtype=np.float64), vc


def _corr_fields(corr: st.Correlation) -> dict[str, Any]:
    d = corr.to_dict()
    d.pop("n")
    return d


def _labelled(test: TestSpec, cases: Sequence[Case], metric: str, seed: int) -> dict[str, Any]:
    """Label correlation, win rate and mean delta (shared by the perturbation kinds)."""
    o, v, vc = _pairs(cases, metric)
    if isinstance(test, Discrimination):
        pos = [c.scores[metric] for c in cases if c.role == "original"]  # every selected original once
        neg = [c.scores[metric] for c in cases if c.role == "variant"]
    else:  # OpenMEVA's invariance sets pair every variant with its own original
        pos, neg = o.tolist(), v.tolist()
    scores = list(pos) + list(neg)
    labels = [1.0] * len(pos) + [0.0] * len(neg)
    corr = st.correlation(scores, labels, names=("scores", "labels"))
    if not neg:
        corr.note = "no variants: nothing to compare"
    elif not pos:
        corr.note = "no originals: nothing to compare"
    delta = st.mean_delta(o, v, seed=seed)
    out: dict[str, Any] = {"n_pos": len(pos), "n_neg": len(neg), "n_pairs": int(o.size)}
    out.update(_corr_fields(corr))
    out.update(
        {
            "mean_original": _mean(pos),
            "mean_variant": _mean(neg),
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


def _mean(xs: Sequence[float]) -> float | None:
    return float(np.mean(xs)) if len(xs) else None


def _abs_tolerance(tolerance: float, units: str, originals: np.ndarray) -> tuple[np.ndarray | float, str]:
    """The tolerance in score units (per pair for ``relative``) and a note when it degenerates."""
    if units == "absolute":
        return tolerance, ""
    if units == "relative":
        return tolerance * np.abs(originals), ""
    sd = float(np.std(originals, ddof=1)) if originals.size >= 2 else 0.0
    note = "" if sd > 0 else "originals' scores have no spread: tolerance in std units is 0"
    return tolerance * sd, note


def _invariance(test: Invariance, cases: Sequence[Case], metric: str) -> dict[str, Any]:
    o, v, _ = _pairs(cases, metric)
    tol, note = _abs_tolerance(test.tolerance, test.units, o)
    moved = None
    if o.size:
        moved = float(np.mean(np.abs(v - o) > tol))
    out: dict[str, Any] = {"moved_share": moved, "tolerance": test.tolerance, "units": test.units}
    if np.ndim(tol) == 0:
        out["tolerance_abs"] = float(tol)
    if note:
        out["tolerance_note"] = note
    return out


def _expected(test: Directional, case: Case) -> str:
    if test.expect != "auto":
        return test.expect
    from ..transform import Effect, transform_class

    try:
        effect = transform_class(case.transform or "").effect
    except Exception:  # an unregistered name (e.g. from an old report): treat as breaking
        effect = Effect.BREAKS
    return "decrease" if effect == Effect.BREAKS else "same"


def _directional(test: Directional, cases: Sequence[Case], metric: str) -> dict[str, Any]:
    o, v, vc = _pairs(cases, metric)
    d = v - o
    margin, note_m = _abs_tolerance(test.margin, test.units, o)
    tol, note_t = _abs_tolerance(test.tolerance, test.units, o)
    margin = np.broadcast_to(margin, d.shape)
    tol = np.broadcast_to(tol, d.shape)
    expects = [_expected(test, c) for c in vc]
    ok = np.zeros(d.shape, dtype=bool)
    n_exp = n_opp = 0
    for i, e in enumerate(expects):
        if e == "decrease":
            ok[i] = d[i] < -margin[i]
            n_exp += d[i] < 0
            n_opp += d[i] > 0
        elif e == "increase":
            ok[i] = d[i] > margin[i]
            n_exp += d[i] > 0
            n_opp += d[i] < 0
        else:
            ok[i] = abs(d[i]) <= tol[i]
    n = int(d.size)
    n_fail = int(n - ok.sum())
    out: dict[str, Any] = {
        "expect": test.expect,
        "fail_rate": (n_fail / n) if n else None,
        "n_fail": n_fail,
        "n_decrease": int(np.sum(d < 0)),
        "n_increase": int(np.sum(d > 0)),
        "n_same": int(np.sum(d == 0)),
        "sign_p": st.sign_test(int(n_exp), int(n_opp)),
        "margin": test.margin,
        "tolerance": test.tolerance,
        "units": test.units,
    }
    if test.expect == "auto":
        out["expected_counts"] = {e: expects.count(e) for e in sorted(set(expects))}
    notes = [x for x in (note_m if test.margin else "", note_t) if x]
    if notes:
        out["tolerance_note"] = notes[0]
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


def _human(test: HumanCorrelation, cases: Sequence[Case], metric: str) -> dict[str, Any]:
    rated = [c for c in cases if c.role == "rated" and c.rating is not None]
    m = [c.scores[metric] for c in rated]
    h = [float(c.rating) for c in rated]  # type: ignore[arg-type]
    corr = st.correlation(m, h, names=("metric scores", "human ratings"))
    out: dict[str, Any] = {"n": len(rated)}
    out.update(_corr_fields(corr))
    groups: dict[str, dict[str, Any]] = {}
    for fieldname in test.group_by:
        if rated and all(c.groups.get(fieldname, "(missing)") == "(missing)" for c in rated):
            out.setdefault("group_notes", []).append(f"no rated story has a {fieldname!r} field")
            continue
        values: dict[str, list[Case]] = {}
        for c in rated:
            values.setdefault(c.groups.get(fieldname, "(missing)"), []).append(c)
        groups[fieldname] = {}
        for value in sorted(values):
            cs = values[value]
            gc = st.correlation(
                [c.scores[metric] for c in cs],
                [float(c.rating) for c in cs],  # type: ignore[arg-type]
                names=("metric scores", "human ratings"),
            )
            groups[fieldname][value] = gc.to_dict()
    out["groups"] = groups
    if test.windows is not None:
        out["windows"] = st.window_difference_correlation(
            m, h, size=test.windows.size, stride=test.windows.stride
        ).to_dict()
    return out


def primary_p(kind: str, stats: dict[str, Any]) -> float | None:
    """The p-value a test contributes to the Holm adjustment across tests."""
    if kind == "directional":
        return stats.get("sign_p")
    return stats.get("pearson_p")
