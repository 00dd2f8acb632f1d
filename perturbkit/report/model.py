"""The report objects: a :class:`Report` of :class:`TestResult` s, each holding its cases (every
original and variant with its per-metric scores and provenance), per-metric statistics and a
:class:`~perturbkit.kinds.Verdict` per metric.

Verdicts are made by the test kinds (:mod:`perturbkit.kinds`) from the statistics and the
suite's thresholds (each kind's defaults where the suite sets none). A report built or loaded
without them (format 1 files, hand-made reports) gets them when the Report is created.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from ..errors import InputError
from ..example import Example
from ..kinds import Tally, Verdict, get_kind
from . import summary

__all__ = ["Case", "TestResult", "Report", "FORMAT_VERSION"]

#: 1: statistics only; 2: a verdict per test and metric. Older files load (verdicts are made on load).
FORMAT_VERSION = 2


@dataclass
class Case:
    """One scored story in a test.

    ``role`` is ``original`` or ``variant`` (perturbation tests) or ``rated`` (human correlation).
    A variant's ``pair_of`` is the id of the story it was made from (its partner in paired
    statistics; for ``negatives-of`` invariance tests that story is itself a variant), and
    ``transform`` the transform that made it. ``scores`` maps metric name to score."""

    id: str
    role: str
    label: int | None = None
    pair_of: str | None = None
    transform: str | None = None
    scores: dict[str, float] = field(default_factory=dict)
    rating: float | None = None
    groups: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        d = {k: v for k, v in asdict(self).items() if v not in (None, {}, [])}
        d["scores"] = dict(self.scores)
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Case:
        return cls(
            id=d["id"],
            role=d["role"],
            label=d.get("label"),
            pair_of=d.get("pair_of"),
            transform=d.get("transform"),
            scores=dict(d.get("scores") or {}),
            rating=d.get("rating"),
            groups=dict(d.get("groups") or {}),
        )


@dataclass(repr=False)
class TestResult:
    """One test's outcome: what was generated (``counts``), the cases, per-metric ``stats`` and
    per-metric ``verdicts``.

    ``stats[metric]`` holds the kind's numbers (see docs/suites.md): for discrimination and
    invariance ``n_pos``, ``n_neg``, ``pearson``/``spearman``/``kendall`` with ``*_p``, ``win_rate``,
    ``mean_delta`` with ``delta_ci_low``/``delta_ci_high``, ``p_holm``; invariance adds ``abs_r``
    and ``moved_share``; directional has ``fail_rate``; human correlation adds ``groups`` and
    ``windows``."""

    __test__ = False  # not a pytest test class

    name: str
    kind: str
    aspect: str = ""
    description: str = ""
    transforms: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    counts: dict[str, Any] = field(default_factory=dict)
    stats: dict[str, dict[str, Any]] = field(default_factory=dict)
    cases: list[Case] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    verdicts: dict[str, Verdict] = field(default_factory=dict)

    # ---- access ---------------------------------------------------------------------------
    def case(self, case_id: str) -> Case:
        for c in self.cases:
            if c.id == case_id:
                return c
        raise KeyError(f"test {self.name!r} has no case {case_id!r}")

    def originals(self) -> list[Case]:
        return [c for c in self.cases if c.role == "original"]

    def variants(self) -> list[Case]:
        return [c for c in self.cases if c.role == "variant"]

    def pairs(self) -> list[tuple[Case, Case]]:
        """(original case, variant case) for every variant, in case order."""
        by_id = {c.id: c for c in self.cases if c.role == "original"}
        return [(by_id[c.pair_of], c) for c in self.cases if c.role == "variant" and c.pair_of in by_id]

    def scores(self, metric: str, role: str | None = None) -> list[float]:
        """Scores of ``metric`` for the cases with ``role`` (all cases if None), in case order."""
        return [c.scores[metric] for c in self.cases if (role is None or c.role == role) and metric in c.scores]

    def primary(self, metric: str) -> float | None:
        """The kind's headline number for ``metric`` (see :mod:`perturbkit.kinds`)."""
        return (self.stats.get(metric) or {}).get(get_kind(self.kind).primary)

    def judge(self, *layers: Mapping[str, Any] | None) -> dict[str, Verdict]:
        """A verdict per metric under the threshold ``layers`` (merged in order; the kind's
        defaults when none applies), without storing them."""
        kind = get_kind(self.kind)
        limits = kind.limits(*layers)
        return {m: kind.judge(s, limits) for m, s in self.stats.items()}

    def tally(self) -> Tally:
        """This test's verdicts counted: ``str(t.tally())`` -> ``'1 passed, 1 failed'``."""
        return Tally.of(self.verdicts.values())

    # ---- display --------------------------------------------------------------------------
    def __repr__(self) -> str:
        return summary.result_repr(self)

    def _repr_html_(self) -> str:
        return summary.html_table(summary.verdict_rows([self]), summary.result_repr(self))

    def to_pandas(self) -> Any:
        """One row per metric: headline statistic, verdict and counts (a pandas DataFrame)."""
        return summary.frame(summary.verdict_rows([self]))

    # ---- serialisation ----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "aspect": self.aspect,
            "description": self.description,
            "transforms": list(self.transforms),
            "options": dict(self.options),
            "counts": dict(self.counts),
            "stats": {m: dict(s) for m, s in self.stats.items()},
            "verdicts": {m: v.to_dict() for m, v in self.verdicts.items()},
            "notes": list(self.notes),
            "cases": [c.to_dict() for c in self.cases],
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> TestResult:
        return cls(
            name=d["name"],
            kind=d["kind"],
            aspect=d.get("aspect") or "",
            description=d.get("description") or "",
            transforms=list(d.get("transforms") or []),
            options=dict(d.get("options") or {}),
            counts=dict(d.get("counts") or {}),
            stats={m: dict(s) for m, s in (d.get("stats") or {}).items()},
            cases=[Case.from_dict(c) for c in d.get("cases") or []],
            notes=list(d.get("notes") or []),
            verdicts={m: Verdict.from_dict(v) for m, v in (d.get("verdicts") or {}).items()},
        )


@dataclass(repr=False)
class Report:
    """A suite run: the suite, metrics, seed, data summary, test results and every example
    (originals and variants with their edits), keyed by id.

    Every test gets a verdict per metric when the Report is made (unless it has one), from the
    suite's thresholds in ``spec`` and the kinds' defaults.

    >>> r = Report.load("report.json")                          # doctest: +SKIP
    >>> r                                                       # doctest: +SKIP
    <Report 'demo': 6 tests × 2 metrics (ngram_repetition, lexical_diversity); 10 passed, 2 failed>
    >>> r.test("sentence_order").verdicts["ngram_repetition"]   # doctest: +SKIP
    >>> r.to_pandas()                                           # doctest: +SKIP
    """

    suite: str
    tests: list[TestResult] = field(default_factory=list)
    metrics: list[dict[str, Any]] = field(default_factory=list)  # {"name", "spec", "identity"}
    description: str = ""
    seed: int = 0
    data: dict[str, Any] = field(default_factory=dict)  # {"source", "n_examples"}
    spec: dict[str, Any] = field(default_factory=dict)  # the suite, as validated
    examples: dict[str, dict[str, Any]] = field(default_factory=dict)  # id -> Example.to_dict()
    notes: list[str] = field(default_factory=list)
    version: str = ""
    format: int = FORMAT_VERSION

    def __post_init__(self) -> None:
        for t in self.tests:
            missing = [m for m in t.stats if m not in t.verdicts]
            if missing:
                made = t.judge(*self.threshold_layers(t.name))
                t.verdicts.update({m: made[m] for m in missing})

    @property
    def metric_names(self) -> list[str]:
        return [m["name"] for m in self.metrics]

    def test(self, name: str) -> TestResult:
        for t in self.tests:
            if t.name == name:
                return t
        import difflib

        near = difflib.get_close_matches(name, [t.name for t in self.tests], n=1)
        raise KeyError(f"report has no test {name!r}" + (f"; did you mean {near[0]!r}?" if near else ""))

    def by_kind(self, kind: str) -> list[TestResult]:
        return [t for t in self.tests if t.kind == kind]

    def example(self, example_id: str) -> Example:
        """The original or variant with this id (text, context, edits, parent id)."""
        return Example.from_dict(self.examples[example_id])

    def __iter__(self) -> Iterator[TestResult]:
        return iter(self.tests)

    # ---- verdicts ---------------------------------------------------------------------------
    def threshold_layers(self, test: str) -> tuple[Mapping[str, Any] | None, Mapping[str, Any] | None]:
        """The suite's own thresholds for ``test``: suite-wide, then the test's (from ``spec``)."""
        own = next((t for t in self.spec.get("tests") or [] if isinstance(t, Mapping) and t.get("name") == test), {})
        return self.spec.get("thresholds"), own.get("thresholds")

    def iter_verdicts(self) -> Iterator[tuple[TestResult, str, Verdict]]:
        """(test, metric, verdict) for every test and metric, in test then metric order."""
        return ((t, m, t.verdicts[m]) for t in self.tests for m in t.stats if m in t.verdicts)

    def tally(self) -> Tally:
        """Every verdict counted: ``str(report.tally())`` -> ``'14 passed, 2 failed'``; ``.ok`` is
        False when one failed."""
        return Tally.of(v for _, _, v in self.iter_verdicts())

    # ---- display ----------------------------------------------------------------------------
    def __repr__(self) -> str:
        return summary.report_repr(self)

    def _repr_html_(self) -> str:
        return summary.html_table(summary.verdict_rows(self.tests, self.metric_names), summary.report_repr(self))

    def to_pandas(self) -> Any:
        """One row per test and metric: the headline statistic, the verdict and the test's counts
        (a pandas DataFrame; needs pandas)."""
        return summary.frame(summary.verdict_rows(self.tests, self.metric_names))

    # ---- serialisation ----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT_VERSION,
            "version": self.version,
            "suite": self.suite,
            "description": self.description,
            "seed": self.seed,
            "metrics": [dict(m) for m in self.metrics],
            "data": dict(self.data),
            "notes": list(self.notes),
            "spec": self.spec,
            "tests": [t.to_dict() for t in self.tests],
            "examples": self.examples,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Report:
        """A report from its :meth:`to_dict` (any format up to :data:`FORMAT_VERSION`; older ones
        are upgraded in memory)."""
        fmt = int(d.get("format", FORMAT_VERSION))
        if fmt > FORMAT_VERSION:
            raise InputError(f"report format {fmt} is newer than this perturbkit reads ({FORMAT_VERSION}); upgrade")
        return cls(
            suite=d["suite"],
            tests=[TestResult.from_dict(t) for t in d.get("tests") or []],
            metrics=[dict(m) for m in d.get("metrics") or []],
            description=d.get("description") or "",
            seed=int(d.get("seed") or 0),
            data=dict(d.get("data") or {}),
            spec=dict(d.get("spec") or {}),
            examples=dict(d.get("examples") or {}),
            notes=list(d.get("notes") or []),
            version=d.get("version") or "",
        )

    def to_json(self, path: str | os.PathLike[str]) -> None:
        """Write the whole report as JSON, atomically."""
        from ..io import write_json

        write_json(path, self.to_dict())

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Report:
        """Read a report written by :meth:`to_json`; a missing or malformed file raises
        :class:`~perturbkit.errors.InputError` naming it."""
        try:
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
        except FileNotFoundError:
            raise InputError(f"{path}: no such report file") from None
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}:{exc.lineno}: malformed JSON ({exc.msg})") from None
        if not isinstance(data, dict) or "suite" not in data or "tests" not in data:
            raise InputError(f"{path}: not a perturbkit report (no 'suite' and 'tests' keys)")
        try:
            return cls.from_dict(data)
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"{path}: malformed report ({type(exc).__name__}: {exc})") from None

    def to_markdown(self, **kwargs: Any) -> str:
        """OpenMEVA-style tables (see :func:`perturbkit.report.markdown.render`)."""
        from .markdown import render

        return render(self, **kwargs)
