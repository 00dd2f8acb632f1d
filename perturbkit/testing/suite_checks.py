"""Checking a suite report in a test: every test's verdict per metric, as the test kinds make it
(:mod:`perturbkit.kinds`), under the suite's own thresholds (each kind's defaults where it
sets none) or under thresholds given here; one readable summary when something fails.

>>> checks = check_suite(report)                                   # doctest: +SKIP
>>> assert_suite(report, min_win_rate=0.8, thresholds={"causal": {"min_win_rate": 0.6}})  # doctest: +SKIP
"""

from __future__ import annotations

import difflib
import math
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..kinds import Status, Verdict, get_kind
from ..kinds import thresholds as _kind_thresholds
from .pairs import Pair

if TYPE_CHECKING:
    from ..report import Report, TestResult

__all__ = ["THRESHOLDS", "Check", "SuiteCheckFailure", "assert_suite", "check_suite", "failing", "format_checks"]

#: threshold name -> (test kinds it applies to, statistic in the report, ">=" or "<="), as the kinds define them
THRESHOLDS: dict[str, tuple[tuple[str, ...], str, str]] = {
    name: (kinds, t.statistic, t.op) for name, (t, kinds) in _kind_thresholds().items()
}


@dataclass(frozen=True)
class Check:
    """One threshold checked on one test for one metric: ``verdict`` is the kind's judgement on it."""

    test: str
    kind: str
    metric: str
    verdict: Verdict

    @property
    def status(self) -> Status:
        return self.verdict.status

    @property
    def passed(self) -> bool:
        return self.verdict.passed

    @property
    def threshold(self) -> str:
        """The threshold's name, e.g. ``min_win_rate``."""
        return self.verdict.rule or ""

    @property
    def stat(self) -> str:
        return self.verdict.statistic or ""

    @property
    def limit(self) -> float | None:
        return self.verdict.threshold

    @property
    def value(self) -> float | None:
        return self.verdict.value

    @property
    def n_pairs(self) -> int | None:
        """How many cases the statistic rests on (pairs; rated stories for human correlation)."""
        return self.verdict.n

    def line(self, width: int = 4) -> str:
        """``FAIL  win_rate 0.500 < 0.9  (min_win_rate, 6 pairs)`` (the status padded to ``width``)."""
        word = "ok" if self.passed else self.status.label
        n = f", {self.n_pairs} {get_kind(self.kind).count_noun}" if self.n_pairs is not None else ""
        note = f"; {self.verdict.note}" if self.verdict.note else ""
        return f"{word:<{width}}  {self.verdict.reason}  ({self.threshold}{n}{note})"


class SuiteCheckFailure(AssertionError):
    """A suite report is below its thresholds; ``checks`` holds every check made."""

    def __init__(self, message: str, checks: list[Check]) -> None:
        super().__init__(message)
        self.checks = checks


def _validate_thresholds(values: Mapping[str, Any], where: str) -> dict[str, float]:
    out = {}
    for k, v in values.items():
        if k not in THRESHOLDS:
            near = difflib.get_close_matches(k, list(THRESHOLDS), n=1)
            hint = f"did you mean {near[0]!r}? " if near else ""
            raise ValueError(f"{where}: unknown threshold {k!r}; {hint}thresholds: {', '.join(THRESHOLDS)}")
        if v is None:
            continue
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise ValueError(f"{where}: threshold {k} must be a number, got {v!r}")
        out[k] = float(v)
    return out


def _call_layers(
    rep: Report, chosen: list[TestResult], given: Mapping[str, Any], per_test: Mapping[str, Mapping[str, Any]] | None
) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
    """The call's thresholds, suite-wide and per test, checked against the report's tests."""
    names = [t.name for t in rep.tests]
    call_wide = _validate_thresholds(given, "assert_suite")
    call_own = {}
    for name, values in (per_test or {}).items():
        if name not in names:
            near = difflib.get_close_matches(name, names, n=1)
            hint = f"; did you mean {near[0]!r}?" if near else f"; tests: {', '.join(names)}"
            raise ValueError(f"thresholds given for {name!r}, which is not a test of suite {rep.suite!r}{hint}")
        call_own[name] = _validate_thresholds(values or {}, f"thresholds[{name!r}]")
        kind = get_kind(rep.test(name).kind)
        stray = [k for k in call_own[name] if k not in kind.threshold_names]
        if stray:
            raise ValueError(
                f"thresholds[{name!r}]: {', '.join(stray)} does not apply to {kind.name} tests "
                f"(they take {', '.join(kind.threshold_names)})"
            )
    if call_wide and not any(k in get_kind(t.kind).threshold_names for t in chosen for k in call_wide):
        kinds = sorted({t.kind for t in chosen})
        raise ValueError(
            f"none of the thresholds {', '.join(call_wide)} applies to the tests checked "
            f"(kinds: {', '.join(kinds)}); "
            + "; ".join(f"{k} applies to {'/'.join(THRESHOLDS[k][0])}" for k in call_wide)
        )
    return call_wide, call_own


def check_suite(
    report: Report | str | os.PathLike[str],
    *,
    thresholds: Mapping[str, Mapping[str, Any]] | None = None,
    tests: Iterable[str] | None = None,
    metrics: Iterable[str] | None = None,
    **given: float | None,
) -> list[Check]:
    """Every threshold checked on every test and metric of ``report`` (no raising on failure; see
    :func:`assert_suite` for the arguments). Without thresholds in the call these are the report's
    own verdicts."""
    from ..report import Report

    rep = report if isinstance(report, Report) else Report.load(report)
    names = [t.name for t in rep.tests]
    chosen_names = names if tests is None else ([tests] if isinstance(tests, str) else list(tests))
    for n in chosen_names:
        if n not in names:
            near = difflib.get_close_matches(n, names, n=1)
            raise ValueError(
                f"report of suite {rep.suite!r} has no test {n!r}"
                + (f"; did you mean {near[0]!r}?" if near else f"; tests: {', '.join(names)}")
            )
    mnames = rep.metric_names if metrics is None else ([metrics] if isinstance(metrics, str) else list(metrics))
    for m in mnames:
        if m not in rep.metric_names:
            raise ValueError(f"report has no metric {m!r}; metrics: {', '.join(rep.metric_names)}")
    chosen = [t for t in rep.tests if t.name in chosen_names]
    call_wide, call_own = _call_layers(rep, chosen, given, thresholds)
    checks: list[Check] = []
    for t in chosen:
        if call_wide or call_own.get(t.name):
            verdicts = t.judge(*rep.threshold_layers(t.name), call_wide, call_own.get(t.name))
        else:
            verdicts = t.verdicts
        for m in mnames:
            if m in verdicts:
                checks += [Check(t.name, t.kind, m, c) for c in verdicts[m].checks or (verdicts[m],)]
    return checks


def assert_suite(
    report: Report | str | os.PathLike[str],
    min_win_rate: float | None = None,
    max_abs_r: float | None = None,
    *,
    thresholds: Mapping[str, Mapping[str, Any]] | None = None,
    tests: Iterable[str] | None = None,
    metrics: Iterable[str] | None = None,
    allow_inconclusive: bool = False,
    **bounds: float | None,
) -> list[Check]:
    """Fail when a test of a suite report (a Report or its JSON file) fails its verdict.

    Without thresholds the report's verdicts decide (the suite's thresholds, else each kind's
    defaults; see docs/suites.md). Thresholds given here (``min_win_rate``, ``max_abs_r`` and the
    others as keywords: ``min_r``, ``max_moved_share``, ``max_fail_rate``) win over the suite's,
    and ``thresholds={test: {name: value}}`` over those, for the test kinds they apply to; a test
    none of them applies to keeps its own. ``tests`` and ``metrics`` restrict what is checked. An
    INCONCLUSIVE verdict (too few cases, an undefined statistic) fails too unless
    ``allow_inconclusive``. Returns every :class:`Check` made.
    """
    __tracebackhide__ = True
    checks = check_suite(
        report,
        thresholds=thresholds,
        tests=tests,
        metrics=metrics,
        min_win_rate=min_win_rate,
        max_abs_r=max_abs_r,
        **bounds,
    )
    if failing(checks, allow_inconclusive=allow_inconclusive):
        from ..report import Report

        rep = report if isinstance(report, Report) else Report.load(report)
        raise SuiteCheckFailure(format_checks(rep, checks), checks)
    return checks


def failing(checks: Iterable[Check], *, allow_inconclusive: bool = False) -> list[Check]:
    """The checks that make a suite assertion fail: FAIL, and INCONCLUSIVE unless allowed."""
    return [
        c for c in checks if c.status is Status.FAIL or (c.status is Status.INCONCLUSIVE and not allow_inconclusive)
    ]


_ORDER = {Status.FAIL: 0, Status.INCONCLUSIVE: 1, Status.PASS: 2}


def format_checks(report: Report, checks: Sequence[Check], *, examples: bool = True) -> str:
    """A readable summary of the checks: one line per check, failures first, then for each test
    and metric that did not pass the pair that went most against expectation, with its edits."""
    n_failed = sum(c.status is Status.FAIL for c in checks)
    n_open = sum(c.status is Status.INCONCLUSIVE for c in checks)
    n_ex = report.data.get("n_examples")
    head = (
        f"suite {report.suite!r} ({f'{n_ex} stories, ' if n_ex else ''}seed {report.seed}): "
        f"{n_failed} of {len(checks)} check{'s' if len(checks) != 1 else ''} failed"
        + (f", {n_open} inconclusive" if n_open else "")
    )
    wt = max(len(c.test) for c in checks)
    wk = max(len(c.kind) for c in checks)
    wm = max(len(c.metric) for c in checks)
    ws = max([len("FAIL")] + [len(c.status.label) for c in checks if not c.passed])
    lines = [head]
    for c in sorted(checks, key=lambda c: _ORDER[c.status]):
        lines.append(f"  {c.test:<{wt}}  {c.kind:<{wk}}  {c.metric:<{wm}}  {c.line(ws)}")
    if examples:
        shown = set()
        for c in checks:
            if c.passed or (c.test, c.metric) in shown:
                continue
            shown.add((c.test, c.metric))
            worst = _worst_pair(report, c.test, c.metric)
            if worst is not None:
                pair, scores, why = worst
                lines.append(f"\n{c.test}, metric {c.metric!r}: {why}")
                lines.append(pair.describe(scores, c.metric))
    return "\n".join(lines)


def _worst_pair(report: Report, test: str, metric: str) -> tuple[Pair, tuple[float, float], str] | None:
    """The pair of a test that went most against what its kind expects (see
    :meth:`~perturbkit.kinds.Kind.pair_outcomes`), its scores and a phrase saying why."""
    t = report.test(test)
    kind = get_kind(t.kind)
    scored = [(o, v) for o, v in t.pairs() if metric in o.scores and metric in v.scores]
    if not kind.paired or not scored:
        return None
    so_all = [float(o.scores[metric]) for o, _ in scored]
    sv_all = [float(v.scores[metric]) for _, v in scored]
    options = {**t.options, **(t.stats.get(metric) or {})}
    outcomes = kind.pair_outcomes(so_all, sv_all, [v.transform for _, v in scored], options)
    i = max(range(len(scored)), key=lambda j: outcomes[j].badness)  # the first of the worst
    (o, v), so, sv, expect = scored[i], so_all[i], sv_all[i], outcomes[i].expect
    try:
        orig, var = report.example(o.id), report.example(v.id)
    except KeyError:
        return None
    n = len(scored)
    if expect == "same":
        why = f"the pair whose score moved most (of {n})"
    elif sv == so:
        ties = sum(a == b for a, b in zip(so_all, sv_all))
        why = f"a variant that scored the same as its original ({ties} of {n} pairs tie)"
    elif expect == "decrease":
        why = (
            f"the variant that scored furthest above its original (of {n} pairs)"
            if sv > so
            else (f"the pair with the smallest drop (of {n})")
        )
    else:
        why = (
            f"the variant that scored furthest below its original (of {n} pairs)"
            if sv < so
            else (f"the pair with the smallest rise (of {n})")
        )
    return Pair(orig, var), (so, sv), why
