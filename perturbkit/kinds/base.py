"""What every test kind shares: the :class:`Verdict` a test gets per metric, the
:class:`Threshold` s a kind is judged by, and the :class:`Kind` base that each kind module fills in
(its statistics, its headline number, when it passes, how the report shows it).

A verdict is one of three statuses, decided by :meth:`Kind.judge` and nowhere else:

* ``INCONCLUSIVE`` when the test rests on fewer cases than the kind's ``min_cases`` (the number is
  named in each kind module with the reason), or a statistic it is judged by is undefined;
* ``FAIL`` when a statistic is on the wrong side of its threshold;
* ``PASS`` otherwise.

>>> from perturbkit.kinds import get_kind
>>> v = get_kind("discrimination").judge({"win_rate": 0.5, "n_pairs": 40})
>>> str(v)
'FAIL: win_rate 0.500 < 0.75'
>>> get_kind("discrimination").judge({"win_rate": 0.9, "n_pairs": 3}).status
<Status.INCONCLUSIVE: 'inconclusive'>
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar

from .cells import Column

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Status", "Verdict", "Tally", "Threshold", "PairOutcome", "Kind"]


class Status(str, Enum):
    """A verdict's status; ``str(status)`` is its JSON value (``"pass"``), ``label`` the word
    reports show (``"PASS"``)."""

    PASS = "pass"
    FAIL = "fail"
    INCONCLUSIVE = "inconclusive"

    def __str__(self) -> str:
        return self.value

    @property
    def label(self) -> str:
        return self.value.upper()


_WORST_FIRST = {Status.FAIL: 0, Status.INCONCLUSIVE: 1, Status.PASS: 2}


@dataclass(frozen=True)
class Verdict:
    """The outcome of one test for one metric.

    ``statistic``/``value`` is the number that decided, ``threshold`` the limit it was held to
    (``rule`` names it, e.g. ``min_win_rate``), ``reason`` one line saying why, ``n`` the cases
    the statistic rests on. A test judged by several thresholds lists each in ``checks`` and takes
    the worst (FAIL, then INCONCLUSIVE, then PASS; the first of equals)."""

    status: Status
    statistic: str | None = None
    value: float | None = None
    threshold: float | None = None
    reason: str = ""
    rule: str | None = None
    n: int | None = None
    note: str = ""
    checks: tuple[Verdict, ...] = ()

    @property
    def passed(self) -> bool:
        return self.status is Status.PASS

    @property
    def failed(self) -> bool:
        return self.status is Status.FAIL

    @property
    def inconclusive(self) -> bool:
        return self.status is Status.INCONCLUSIVE

    def __str__(self) -> str:
        return f"{self.status.label}: {self.reason}" if self.reason else self.status.label

    @classmethod
    def combine(cls, checks: Sequence[Verdict]) -> Verdict:
        """One verdict from per-threshold ``checks``: the worst of them, with all of them attached."""
        worst = min(checks, key=lambda c: _WORST_FIRST[c.status])  # min keeps the first of equals
        return replace(worst, checks=tuple(checks))

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "status": self.status.value,
            "statistic": self.statistic,
            "value": self.value,
            "threshold": self.threshold,
            "reason": self.reason,
            "rule": self.rule,
            "n": self.n,
        }
        if self.note:
            d["note"] = self.note
        if self.checks:
            d["checks"] = [c.to_dict() for c in self.checks]
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Verdict:
        return cls(
            status=Status(d["status"]),
            statistic=d.get("statistic"),
            value=d.get("value"),
            threshold=d.get("threshold"),
            reason=d.get("reason") or "",
            rule=d.get("rule"),
            n=d.get("n"),
            note=d.get("note") or "",
            checks=tuple(cls.from_dict(c) for c in d.get("checks") or ()),
        )


@dataclass(frozen=True)
class Tally:
    """Verdicts counted by status; ``str`` reads like pytest's summary: ``14 passed, 2 failed``.

    >>> str(Tally(passed=14, failed=2)), Tally(passed=3).ok
    ('14 passed, 2 failed', True)
    """

    passed: int = 0
    failed: int = 0
    inconclusive: int = 0

    @classmethod
    def of(cls, verdicts: Iterable[Verdict]) -> Tally:
        statuses = [v.status for v in verdicts]
        return cls(statuses.count(Status.PASS), statuses.count(Status.FAIL), statuses.count(Status.INCONCLUSIVE))

    @property
    def total(self) -> int:
        return self.passed + self.failed + self.inconclusive

    @property
    def ok(self) -> bool:
        """No verdict failed (inconclusive ones do not count against)."""
        return self.failed == 0

    def __str__(self) -> str:
        parts = [f"{n} {word}" for n, word in ((self.passed, "passed"), (self.failed, "failed")) if n]
        if self.inconclusive:
            parts.append(f"{self.inconclusive} inconclusive")
        return ", ".join(parts) or "no verdicts"


@dataclass(frozen=True)
class Threshold:
    """A bound on one statistic: a test passes it when ``value op limit`` (``>=`` or ``<=``).
    ``lo``/``hi`` are the limits a suite may set; ``default`` (None: not applied by default) is
    what the kind is judged by when nothing else is set."""

    name: str
    statistic: str
    op: str
    help: str
    default: float | None = None
    lo: float = 0.0
    hi: float = 1.0

    def holds(self, value: float, limit: float) -> bool:
        return value >= limit if self.op == ">=" else value <= limit

    @property
    def failing_op(self) -> str:
        return {">=": "<", "<=": ">"}[self.op]


@dataclass(frozen=True)
class PairOutcome:
    """What one (original, variant) pair was expected to do (``decrease``, ``increase``, ``same``),
    whether it failed to, and how far against the expectation it went (for ranking: larger is worse)."""

    expect: str
    failed: bool
    badness: float


class Kind:
    """A test kind: how its statistics are computed and read. One instance per kind, found with
    :func:`perturbkit.kinds.get_kind`; the schema, the runner, the reports and
    :mod:`perturbkit.testing` read everything below from it."""

    name: ClassVar[str]
    title: ClassVar[str]  # section title in the reports
    paired: ClassVar[bool] = True  # cases are (original, variant) pairs
    compare_all: ClassVar[bool] = False  # label correlation over every original and every variant
    # the headline number of the summary tables (a key of the statistics)
    primary: ClassVar[str]
    primary_short: ClassVar[str]
    primary_label: ClassVar[str]
    higher_is_better: ClassVar[bool]
    p_key: ClassVar[str] = "pearson_p"  # the p-value adjusted (Holm) across the tests of a suite
    p_label: ClassVar[str] = "the Pearson p-value"  # what that p-value is, for the report's notes
    # the verdict
    thresholds: ClassVar[tuple[Threshold, ...]]
    defaults_why: ClassVar[str]
    passes_when: ClassVar[str]
    min_cases: ClassVar[int]
    min_cases_why: ClassVar[str]
    count_key: ClassVar[str] = "n_pairs"
    count_noun: ClassVar[str] = "pairs"
    # how the reports show it
    summary_count_label: ClassVar[str] = "*n pairs*"
    detail_columns: ClassVar[tuple[Column, ...]] = ()
    failure_label: ClassVar[str] = ""  # "<n> of <m> {failure_label}" above the worst pairs
    rank_all_pairs: ClassVar[bool] = False  # list the largest moves even when they did not fail

    def __repr__(self) -> str:
        return f"<test kind {self.name!r}>"

    # ---- statistics --------------------------------------------------------------------------
    def evaluate(self, test: Any, cases: Sequence[Any], metric: str, seed: int = 0) -> dict[str, Any]:
        """The statistics of ``metric`` on one test's scored cases (JSON-ready; None when undefined)."""
        raise NotImplementedError

    def pair_outcomes(
        self,
        originals: Sequence[float] | np.ndarray,
        variants: Sequence[float] | np.ndarray,
        transforms: Sequence[str | None],
        options: Mapping[str, Any],
    ) -> list[PairOutcome]:
        """Per pair: what it should have done and whether it did (paired kinds only). ``options``:
        the test's options and/or its statistics (``tolerance``, ``units``, ``expect``, ...)."""
        raise TypeError(f"{self.name} tests have no (original, variant) pairs")

    def p_value(self, stats: Mapping[str, Any]) -> float | None:
        """The p-value this test contributes to the Holm adjustment across tests."""
        return stats.get(self.p_key)

    def summary_count(self, result: Any) -> str:
        """The last row of the summary table for one test (a :class:`~perturbkit.report.TestResult`)."""
        return str(len(result.variants()))

    # ---- the verdict -------------------------------------------------------------------------
    @property
    def defaults(self) -> dict[str, float]:
        return {t.name: t.default for t in self.thresholds if t.default is not None}

    @property
    def threshold_names(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.thresholds)

    def limits(self, *layers: Mapping[str, Any] | None) -> dict[str, float]:
        """The thresholds a test of this kind is judged by: ``layers`` merged in order (later ones
        win; None values and other kinds' thresholds are ignored), or the kind's defaults when no
        layer sets one that applies. A suite's thresholds replace the defaults, they do not add to them."""
        merged: dict[str, float] = {}
        for layer in layers:
            for key, value in (layer or {}).items():
                if value is not None and key in self.threshold_names:
                    merged[key] = float(value)
        return merged or self.defaults

    def count(self, stats: Mapping[str, Any]) -> int | None:
        """How many cases the statistics rest on (None when the statistics do not say)."""
        n = stats.get(self.count_key)
        return None if n is None else int(n)

    def statistic(self, key: str, stats: Mapping[str, Any]) -> tuple[float | None, str]:
        """The value of statistic ``key`` a threshold is held to, and a note when it was inferred."""
        value = stats.get(key)
        return (None if value is None else float(value)), ""

    def judge(self, stats: Mapping[str, Any] | None, thresholds: Mapping[str, float] | None = None) -> Verdict:
        """The verdict on one metric's statistics under ``thresholds`` (the kind's defaults when None)."""
        stats = stats or {}
        limits = self.defaults if thresholds is None else thresholds
        n = self.count(stats)
        checks = [self._check(t, float(limits[t.name]), stats, n) for t in self.thresholds if t.name in limits]
        if not checks:
            raise ValueError(
                f"none of the thresholds {', '.join(limits) or '(none)'} applies to {self.name} tests "
                f"(they take {', '.join(self.threshold_names)})"
            )
        extra = self.verdict_note(stats, limits)
        if extra:  # on every check, so a check read alone (perturbkit.testing) carries it too
            checks = [replace(c, note="; ".join(x for x in (c.note, extra) if x)) for c in checks]
        return Verdict.combine(checks)

    def verdict_note(self, stats: Mapping[str, Any], limits: Mapping[str, float]) -> str:
        """A caveat the reports show beside the verdict (e.g. two statistics that disagree); none by default."""
        return ""

    def _check(self, t: Threshold, limit: float, stats: Mapping[str, Any], n: int | None) -> Verdict:
        value, note = self.statistic(t.statistic, stats)
        shown = "undefined" if value is None else f"{value:.3f}"
        if n is not None and n < self.min_cases:
            status = Status.INCONCLUSIVE
            reason = f"{t.statistic} {shown} from too few {self.count_noun} (a verdict needs {self.min_cases})"
        elif value is None or math.isnan(value):
            status, value = Status.INCONCLUSIVE, None
            reason = f"{t.statistic} undefined ({stats.get('note') or f'no {self.count_noun}'})"
        elif t.holds(value, limit):
            status, reason = Status.PASS, f"{t.statistic} {shown} {t.op} {limit:g}"
        else:
            status, reason = Status.FAIL, f"{t.statistic} {shown} {t.failing_op} {limit:g}"
        return Verdict(status, t.statistic, value, limit, reason, t.name, n, note)
