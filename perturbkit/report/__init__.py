"""The result of running a suite: a :class:`Report` of :class:`TestResult` s, each holding its
cases (every original and variant with its per-metric scores and provenance) and per-metric
statistics. Renderers read this object: :mod:`.markdown` (OpenMEVA-style tables), :mod:`.jsonreport`
(everything, round-trips through :meth:`Report.from_dict`) and the HTML report.

>>> r = Report.load("report.json")                          # doctest: +SKIP
>>> t = r.test("lexical_repetition")                        # doctest: +SKIP
>>> t.stats["ngram_repetition"]["pearson"], t.primary("ngram_repetition")  # doctest: +SKIP
>>> for orig, var in t.pairs(): print(r.example(var.id).edits)              # doctest: +SKIP
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from ..example import Example

__all__ = ["Case", "TestResult", "Report", "PRIMARY", "FORMAT_VERSION"]

FORMAT_VERSION = 1

# The number each kind is summarised by in tables: (stats key, higher is better, label).
PRIMARY: dict[str, tuple[str, bool, str]] = {
    "discrimination": ("pearson", True, "Pearson r with the label (1 original, 0 perturbed); higher is better"),
    "invariance": ("abs_r", False, "|Pearson r| with the label (1 original, 0 perturbed); smaller is better"),
    "directional": ("fail_rate", False, "share of pairs whose score did not change as expected; smaller is better"),
    "human_correlation": ("pearson", True, "Pearson r with the human rating; higher is better"),
}


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


@dataclass
class TestResult:
    """One test's outcome: what was generated (``counts``), the cases, and per-metric ``stats``.

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
        """The kind's headline number for ``metric`` (see ``PRIMARY``)."""
        key = PRIMARY[self.kind][0]
        return (self.stats.get(metric) or {}).get(key)

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
        )


@dataclass
class Report:
    """A suite run: the suite, metrics, seed, data summary, test results and every example
    (originals and variants with their edits), keyed by id."""

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

    # ---- serialisation ----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": self.format,
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
        fmt = int(d.get("format", FORMAT_VERSION))
        if fmt > FORMAT_VERSION:
            from ..errors import InputError

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
            format=fmt,
        )

    def to_json(self, path: str | os.PathLike[str]) -> None:
        """Write the whole report as JSON, atomically."""
        from .jsonreport import write_report

        write_report(self, path)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Report:
        """Read a report written by :meth:`to_json` (errors name the file)."""
        from .jsonreport import read_report

        return read_report(path)

    def to_markdown(self, **kwargs: Any) -> str:
        """OpenMEVA-style tables (see :func:`perturbkit.report.markdown.render`)."""
        from .markdown import render

        return render(self, **kwargs)
