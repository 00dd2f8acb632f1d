"""Directional: each pair's score change must go the expected way (RoMe's robustness cases):
``decrease`` (by more than ``margin``), ``increase`` (likewise), ``same`` (within ``tolerance``) or
``auto`` (decrease for coherence-breaking transforms, same for meaning-preserving ones, per variant).

* Statistics: the shared paired ones (:mod:`.paired`), plus ``fail_rate`` (share of pairs that did
  not change as expected), the down/same/up counts and a two-sided sign test (``sign_p``).
* Headline: the fail rate; smaller is better.
* Verdict: PASS when the fail rate is at most ``max_fail_rate`` (default 0.2). INCONCLUSIVE below
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
from .paired import HOLM, MEAN_DELTA, N_NA, PairedKind, in_units

__all__ = ["DirectionalKind", "DEFAULT_MAX_FAIL_RATE", "expected_change"]

#: At most one pair in five may go against the expectation.
DEFAULT_MAX_FAIL_RATE = 0.2


def expected_change(expect: str, transform: str | None) -> str:
    """What a variant's score should do: ``expect`` itself, or for ``auto`` ``decrease`` when the
    transform that made it breaks coherence and ``same`` when it preserves meaning (a transform
    this install does not know, e.g. in a report from elsewhere, counts as breaking)."""
    if expect != "auto":
        return expect
    from ..transform import Effect, UnknownTransform, transform_class

    try:
        effect = transform_class(transform or "").effect
    except UnknownTransform:
        effect = Effect.BREAKS
    return "decrease" if effect == Effect.BREAKS else "same"


class DirectionalKind(PairedKind):
    name = "directional"
    title = "Directional"
    primary = "fail_rate"
    primary_short = "fail rate"
    primary_label = "share of pairs whose score did not change as expected"
    higher_is_better = False
    p_key = "sign_p"
    p_label = "the sign test of changes the expected way against the opposite way"
    thresholds = (
        Threshold(
            "max_fail_rate",
            "fail_rate",
            "<=",
            "share of pairs that did not change the expected way",
            default=DEFAULT_MAX_FAIL_RATE,
        ),
    )
    defaults_why = "at most one pair in five may go against the expectation"
    passes_when = "at most `max_fail_rate` of the pairs did not change as expected"
    detail_columns = (
        Column("expect", lambda s, c: str(s.get("expect", ""))),
        Column("n pairs", lambda s, c: str(s.get("n_pairs", 0))),
        N_NA,
        Column("fail rate", cells.stat("fail_rate", cells.pct)),
        Column(
            "down / same / up",
            lambda s, c: f"{s.get('n_decrease', 0)} / {s.get('n_same', 0)} / {s.get('n_increase', 0)}",
        ),
        MEAN_DELTA,
        Column("sign p", cells.stat("sign_p", cells.fmt_p)),
        HOLM,
    )
    failure_label = "pairs that did not change as expected"

    def paired_stats(
        self, test: Any, o: np.ndarray, v: np.ndarray, vc: list[Any], out: dict[str, Any], seed: int = 0
    ) -> dict[str, Any]:
        d = v - o
        options = {"expect": test.expect, "margin": test.margin, "tolerance": test.tolerance, "units": test.units}
        outcomes = self.pair_outcomes(o, v, [c.transform for c in vc], options)
        expects = [x.expect for x in outcomes]
        n_exp = sum(int(x < 0) if e == "decrease" else int(x > 0) for e, x in zip(expects, d) if e != "same")
        n_opp = sum(int(x > 0) if e == "decrease" else int(x < 0) for e, x in zip(expects, d) if e != "same")
        n = int(d.size)
        n_fail = sum(x.failed for x in outcomes)
        extra: dict[str, Any] = {
            "expect": test.expect,
            "fail_rate": (n_fail / n) if n else None,
            "n_fail": n_fail,
            "n_decrease": int(np.sum(d < 0)),
            "n_increase": int(np.sum(d > 0)),
            "n_same": int(np.sum(d == 0)),
            "sign_p": st.sign_test(n_exp, n_opp),
            "margin": test.margin,
            "tolerance": test.tolerance,
            "units": test.units,
        }
        if test.expect == "auto":
            extra["expected_counts"] = {e: expects.count(e) for e in sorted(set(expects))}
        note_margin = in_units(test.margin, test.units, o)[1] if test.margin else ""
        notes = [x for x in (note_margin, in_units(test.tolerance, test.units, o)[1]) if x]
        if notes:
            extra["tolerance_note"] = notes[0]
        return extra

    def pair_outcomes(
        self,
        originals: Sequence[float] | np.ndarray,
        variants: Sequence[float] | np.ndarray,
        transforms: Sequence[str | None],
        options: Mapping[str, Any],
    ) -> list[PairOutcome]:
        """``decrease``/``increase`` fail unless the score moved that way by more than ``margin``;
        ``same`` fails when it moved by more than ``tolerance`` (both in ``units``)."""
        o = np.asarray(originals, dtype=np.float64)
        d = np.asarray(variants, dtype=np.float64) - o
        units = str(options.get("units") or "std")
        margin = np.broadcast_to(in_units(float(options.get("margin") or 0.0), units, o)[0], d.shape)
        tol = np.broadcast_to(in_units(float(options.get("tolerance", 0.1)), units, o)[0], d.shape)
        expect = str(options.get("expect") or "auto")
        out = []
        for x, m, t, name in zip(d, margin, tol, transforms):
            e = expected_change(expect, name)
            if e == "decrease":
                out.append(PairOutcome(e, not x < -m, float(x)))
            elif e == "increase":
                out.append(PairOutcome(e, not x > m, float(-x)))
            else:
                out.append(PairOutcome(e, not abs(x) <= t, float(abs(x))))
        return out
