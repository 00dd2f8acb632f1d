"""The suite schema (pydantic models) and the YAML loader.

A suite is a named list of tests. The same objects are built from YAML or in Python::

    Suite(name="mini", tests=[
        Discrimination(name="shuffled", transforms="sentence_shuffle"),
        Invariance(name="typos", transforms={"typos": {"n": 1}}),
    ])

Validation is strict (unknown keys, wrong types, unknown transforms or parameters, transforms whose
optional extra is not installed); every problem becomes a :class:`~perturbkit.errors.SuiteError`
naming the file, line and key path (``tests[2].transforms[0]``) and suggesting the nearest valid
key or name.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import Field, model_validator

from .. import kinds as _kinds
from .. import registry
from ..specmodel import load_spec, spec_error, validate_spec
from .options import Defaults, Select, Thresholds, Windows
from .refs import FilterRef, TransformRef, _Model
from .testspec import (
    TEST_CLASSES,
    AnyTest,
    Directional,
    Discrimination,
    HumanCorrelation,
    Invariance,
    PerturbationTest,
    TestSpec,
)

__all__ = [
    "KINDS",
    "TEST_CLASSES",
    "AnyTest",
    "Defaults",
    "Directional",
    "Discrimination",
    "FilterRef",
    "HumanCorrelation",
    "Invariance",
    "PerturbationTest",
    "Select",
    "Suite",
    "TestSpec",
    "Thresholds",
    "TransformRef",
    "Windows",
    "load_suite",
    "shipped_suites",
    "suite_from_dict",
]

KINDS = tuple(_kinds.KINDS)


class Suite(_Model):
    """A named, declarative list of tests (built from YAML with :func:`load_suite` or in Python)."""

    name: str
    description: str = ""
    defaults: Defaults = Field(default_factory=Defaults)
    thresholds: Thresholds | None = None  # type: ignore[valid-type]  # suite-wide bounds on every test's verdict
    tests: Annotated[list[AnyTest], Field(min_length=1)]
    source: str | None = Field(None, exclude=True, repr=False)  # the file it came from

    @model_validator(mode="after")
    def _cross_checks(self) -> Suite:
        seen: dict[str, int] = {}
        for i, t in enumerate(self.tests):
            if t.name in seen:
                raise spec_error(
                    "duplicate_test",
                    f"duplicate test name {t.name!r} (also tests[{seen[t.name]}])",
                    ("tests", i, "name"),
                )
            seen[t.name] = i
        disc = [t.name for t in self.tests if isinstance(t, Discrimination)]
        for i, t in enumerate(self.tests):
            if not isinstance(t, Invariance):
                continue
            for ref in t.negatives_of:
                if ref == "*":
                    if not disc:
                        raise spec_error(
                            "negatives_of",
                            "'negatives-of:*' but the suite has no discrimination test",
                            ("tests", i, "originals"),
                        )
                    continue
                if ref not in disc:
                    near = difflib.get_close_matches(ref, disc, n=1)
                    hint = (
                        f"; did you mean {near[0]!r}?"
                        if near
                        else (f"; discrimination tests: {', '.join(disc)}" if disc else "; the suite has none")
                    )
                    raise spec_error(
                        "negatives_of",
                        f"{ref!r} is not a discrimination test of this suite{hint}",
                        ("tests", i, "originals"),
                    )
        return self

    def __eq__(self, other: object) -> bool:  # the source file does not make suites differ
        if not isinstance(other, Suite):
            return NotImplemented
        return self.model_dump() == other.model_dump()

    __hash__ = None  # type: ignore[assignment]

    def test(self, name: str) -> TestSpec:
        """The test called ``name`` (KeyError with a suggestion otherwise)."""
        for t in self.tests:
            if t.name == name:
                return t
        near = difflib.get_close_matches(name, [t.name for t in self.tests], n=1)
        raise KeyError(f"suite {self.name!r} has no test {name!r}" + (f"; did you mean {near[0]!r}?" if near else ""))

    def negatives_of(self, test: Invariance) -> list[str]:
        """The discrimination tests an invariance test draws its originals from (``*`` expanded)."""
        out: list[str] = []
        for ref in test.negatives_of:
            out.extend([t.name for t in self.tests if isinstance(t, Discrimination)] if ref == "*" else [ref])
        return list(dict.fromkeys(out))

    def to_yaml(self) -> str:
        """The suite as YAML (loads back to an equal suite)."""
        import yaml

        def refs(items: list[dict[str, Any]]) -> list[Any]:
            return [r["name"] if not r.get("params") else {r["name"]: r["params"]} for r in items]

        data = self.model_dump(mode="json", exclude_defaults=True)
        if "filters" in data.get("defaults", {}):
            data["defaults"]["filters"] = refs(data["defaults"]["filters"])
        tests = []
        for t, d in zip(self.tests, data["tests"]):
            d = {"name": d.pop("name"), "kind": t.kind, **d}
            for key in ("transforms", "filters"):
                if d.get(key) is not None:
                    d[key] = refs(d[key])
            tests.append(d)
        data["tests"] = tests
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def shipped_suites() -> dict[str, Any]:
    """Suites shipped with perturbkit, by name -> resource (a Traversable path). Plugins' suites
    (entry-point group ``perturbkit.suites``) are in :data:`perturbkit.registry.suites` too."""
    return registry.shipped_files("suites")


def suite_from_dict(
    data: Mapping[str, Any], *, source: str | None = None, lines: Mapping[tuple[Any, ...], int] | None = None
) -> Suite:
    """Validate a plain mapping (parsed YAML/JSON) into a Suite; errors name ``source``."""
    return validate_spec(Suite, data, source=source, lines=lines, shape=" with 'name' and 'tests'")


def load_suite(source: str | os.PathLike[str] | Mapping[str, Any] | Suite) -> Suite:
    """A Suite from a YAML file path, the name of a shipped suite (``demo``, ``openmeva``, ...) or
    of a plugin's suite (:data:`perturbkit.registry.suites`), a mapping, or a Suite (returned as is)."""
    return load_spec(Suite, source, registry.suites, suite_from_dict)
