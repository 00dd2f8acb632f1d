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

import contextvars
import dataclasses
import difflib
import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model, field_validator, model_validator
from pydantic_core import PydanticCustomError

from .. import kinds as _kinds
from .. import registry
from ..errors import SuiteError
from ..resources.extras import missing_extra
from ..specfile import find_spec, read_yaml
from .messages import format_validation_error

KINDS = tuple(_kinds.KINDS)


def _err(kind: str, message: str, loc: tuple[Any, ...] | None = None) -> PydanticCustomError:
    """A validation error with a ready message (and, from model validators, the key path it is about)."""
    ctx: dict[str, Any] = {"msg": message}
    if loc is not None:
        ctx["at"] = json.dumps(list(loc))
    return PydanticCustomError(kind, "{msg}", ctx)


_DEPTH: contextvars.ContextVar[int] = contextvars.ContextVar("perturbkit_suite_depth", default=0)


class _Model(BaseModel):
    """Strict, closed models; direct construction errors become SuiteError."""

    model_config = ConfigDict(extra="forbid", strict=True, validate_default=False)

    def __init__(self, **data: Any) -> None:
        # pydantic also calls a custom __init__ for nested models: only the outermost call
        # turns a ValidationError into a SuiteError (inner ones must stay ValidationErrors)
        depth = _DEPTH.get()
        token = _DEPTH.set(depth + 1)
        try:
            super().__init__(**data)
        except ValidationError as exc:
            if depth:
                raise
            raise SuiteError(format_validation_error(exc, type(self))) from None
        finally:
            _DEPTH.reset(token)


# ------------------------------------------------------------------------------------------------
# Transform and filter references
# ------------------------------------------------------------------------------------------------
def _as_refs(value: Any, what: str) -> Any:
    """Normalise ``name`` | ``{name: params, ...}`` | ``[name | {name: params}, ...]`` to a list
    of ``{"name", "params"}`` dicts (other shapes pass through for pydantic to reject)."""
    if value is None:
        return value
    if isinstance(value, (str, Mapping)) or _is_transform(value):
        value = [value]
    if not isinstance(value, (list, tuple)):
        return value
    out: list[Any] = []
    for item in value:
        if isinstance(item, str):
            out.append({"name": item, "params": {}})
        elif _is_transform(item):
            out.append(_ref_from_transform(item))
        elif isinstance(item, Mapping) and isinstance(item.get("name"), str) and set(item) <= {"name", "params"}:
            out.append({"name": item["name"], "params": item.get("params") or {}})
        elif isinstance(item, Mapping):
            for name, params in item.items():
                out.append({"name": name, "params": {} if params is None else params})
        else:
            out.append(item)
    return out


def _is_transform(x: Any) -> bool:
    from ..transform import Transform

    return isinstance(x, Transform)


def _ref_from_transform(t: Any) -> dict[str, Any]:
    """A registered transform instance as a reference (only parameters that differ from defaults)."""
    from ..transform.combinators import _Combinator

    if isinstance(t, _Combinator):
        raise _err(
            "combinator",
            f"combinators cannot be named in a suite; give a list of transforms (it means one-of) instead of {t.name}",
        )
    params = {}
    for f in dataclasses.fields(t):
        if not f.init:
            continue
        default = (
            f.default
            if f.default is not dataclasses.MISSING
            else (f.default_factory() if f.default_factory is not dataclasses.MISSING else dataclasses.MISSING)
        )
        value = getattr(t, f.name)
        if value != default:
            params[f.name] = value
    return {"name": t.name, "params": params}


class TransformRef(_Model):
    """A registered transform by name, with parameters."""

    name: str
    params: dict[str, Any] = Field(default_factory=dict)

    @field_validator("name")
    @classmethod
    def _known(cls, name: str) -> str:
        from ..transform import UnknownTransform, transform_class

        try:
            tcls = transform_class(name)
        except UnknownTransform as exc:
            raise _err("unknown_transform", str(exc)) from None
        for res in getattr(tcls, "requires", ()) or ():
            install = missing_extra(res)
            if install:
                raise _err(
                    "missing_extra",
                    f"transform {name!r} needs {res}, which is not installed; install it with: {install}",
                )
        return name

    @model_validator(mode="after")
    def _params_ok(self) -> TransformRef:
        self.build()
        return self

    def build(self) -> Any:
        """A fresh Transform instance (parameters validated by the transform)."""
        from ..transform import TransformParamError, get_transform

        try:
            return get_transform(self.name, **self.params)
        except TransformParamError as exc:
            raise _err("transform_param", str(exc)) from None
        except (TypeError, ValueError) as exc:
            raise _err("transform_param", f"transform {self.name!r}: {exc}") from None

    def label(self) -> str:
        """``name`` or ``name(k=v, ...)``."""
        if not self.params:
            return self.name
        return f"{self.name}({', '.join(f'{k}={v!r}' for k, v in self.params.items())})"


class FilterRef(_Model):
    """A variant filter by name, with parameters (see :mod:`perturbkit.filters`)."""

    name: str
    params: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _known(self) -> FilterRef:
        from ..filters import FilterError, build_filter

        try:
            build_filter(self.name, self.params)
        except FilterError as exc:
            raise _err("unknown_filter", str(exc)) from None
        return self


# ------------------------------------------------------------------------------------------------
# Options
# ------------------------------------------------------------------------------------------------
class Select(_Model):
    """Which stories qualify as originals for a test (all conditions must hold)."""

    min_sentences: int | None = Field(None, ge=0)
    max_sentences: int | None = Field(None, ge=0)
    min_words: int | None = Field(None, ge=0)
    max_words: int | None = Field(None, ge=0)
    meta: dict[str, Any] = Field(default_factory=dict)  # field -> value (or list: any of them)
    has_context: bool | None = None
    has_reference: bool | None = None
    limit: int | None = Field(None, ge=1)  # keep the first N that qualify
    sample: int | None = Field(None, ge=1)  # keep a seeded random N of those that qualify

    @model_validator(mode="after")
    def _ranges(self) -> Select:
        for lo, hi in (("min_sentences", "max_sentences"), ("min_words", "max_words")):
            a, b = getattr(self, lo), getattr(self, hi)
            if a is not None and b is not None and a > b:
                raise _err("range", f"{lo} ({a}) is larger than {hi} ({b})")
        return self

    @property
    def needs_sentences(self) -> bool:
        return self.min_sentences is not None or self.max_sentences is not None


class Windows(_Model):
    """OpenMEVA window analysis: stories sorted by human score, windows of ``size``, ``stride``."""

    size: int = Field(200, ge=2)
    stride: int = Field(10, ge=1)


Thresholds: type[_Model] = create_model(  # one optional bound per threshold the kinds define
    "Thresholds",
    __base__=_Model,
    __doc__="""Pass/fail bounds on a test's statistics (see perturbkit.kinds): a test fails when its
    statistic is on the wrong side. Each applies to the kinds that define it; a test whose kind none
    of them applies to is judged by its kind's defaults.""",
    **{
        name: (float | None, Field(None, ge=t.lo, le=t.hi, description=f"{', '.join(ks)}: {t.help}"))
        for name, (t, ks) in _kinds.thresholds().items()
    },
)


def _default_filters() -> list[FilterRef]:
    return [FilterRef.model_construct(name="changed", params={})]


class Defaults(_Model):
    """Suite-wide defaults; a test's own value wins."""

    seed: int = 0
    filters: list[FilterRef] = Field(default_factory=_default_filters)
    n_samples: int = Field(1, ge=1, le=100)  # variants drawn per original (distinct seeds)

    _norm_filters = field_validator("filters", mode="before")(lambda v: _as_refs(v, "filter"))


# ------------------------------------------------------------------------------------------------
# Tests
# ------------------------------------------------------------------------------------------------
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")


class TestSpec(_Model):
    """Fields every test has."""

    __test__ = False  # not a pytest test class

    name: str
    description: str = ""
    aspect: str | None = None  # column label in the table (default: the transforms' aspect)
    select: Select = Field(default_factory=Select)
    thresholds: Thresholds | None = None  # type: ignore[valid-type]  # this test's bounds (win over the suite's)

    @field_validator("name")
    @classmethod
    def _name_ok(cls, v: str) -> str:
        if not _NAME.match(v):
            raise _err("test_name", f"test names use letters, digits, '_', '-', '.' (got {v!r})")
        return v

    @model_validator(mode="after")
    def _thresholds_apply(self) -> TestSpec:
        kind = _kinds.KINDS.get(getattr(self, "kind", ""))
        if kind is None or self.thresholds is None:
            return self
        for name, value in self.thresholds.model_dump().items():
            if value is not None and name not in kind.threshold_names:
                raise _err(
                    "threshold_kind",
                    f"threshold {name!r} does not apply to {kind.name} tests (they take {', '.join(kind.threshold_names)})",
                    ("thresholds", name),
                )
        return self

    @property
    def perturbs(self) -> bool:
        return False


class PerturbationTest(TestSpec):
    """A test that perturbs originals (discrimination, invariance, directional)."""

    transforms: Annotated[list[TransformRef], Field(min_length=1)]
    filters: list[FilterRef] | None = None  # None: the suite's defaults.filters
    n_samples: int | None = Field(None, ge=1, le=100)  # None: defaults.n_samples

    _norm_transforms = field_validator("transforms", mode="before")(lambda v: _as_refs(v, "transform"))
    _norm_filters = field_validator("filters", mode="before")(lambda v: _as_refs(v, "filter"))

    @property
    def perturbs(self) -> bool:
        return True


class Discrimination(PerturbationTest):
    """Originals (label 1) against coherence-breaking variants (label 0): a good metric separates them.

    ``positives``: ``selected`` (OpenMEVA: every original the test selects) or ``perturbed`` (only
    originals that produced at least one variant)."""

    kind: Literal["discrimination"] = "discrimination"
    positives: Literal["selected", "perturbed"] = "selected"


_NEG_PREFIX = "negatives-of:"


class Invariance(PerturbationTest):
    """Originals (label 1) against meaning-preserving variants (label 0): a good metric cannot tell
    them apart (|r| near 0, few pairs moving more than ``tolerance``).

    ``originals``: ``human`` (the data's stories) or ``negatives-of:<test>[,<test>...]`` (the
    variants of discrimination tests, as OpenMEVA's second invariance set; ``negatives-of:*`` means
    every discrimination test). ``units`` says what ``tolerance`` is measured in: ``std`` (standard
    deviations of the metric over the originals), ``absolute`` or ``relative`` (to the original)."""

    kind: Literal["invariance"] = "invariance"
    tolerance: float = Field(0.1, ge=0)
    units: Literal["std", "absolute", "relative"] = "std"
    originals: str = "human"

    @field_validator("originals")
    @classmethod
    def _originals_ok(cls, v: str) -> str:
        v = v.strip()
        if v == "human":
            return v
        if v.startswith(_NEG_PREFIX) and v[len(_NEG_PREFIX) :].strip():
            names = [n.strip() for n in v[len(_NEG_PREFIX) :].split(",")]
            return _NEG_PREFIX + ",".join(n for n in names if n)
        near = difflib.get_close_matches(v, ["human", _NEG_PREFIX], n=1, cutoff=0.4)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        raise _err("originals", f"originals must be 'human' or 'negatives-of:<test name>', got {v!r}{hint}")

    @property
    def negatives_of(self) -> list[str]:
        """Names of the discrimination tests whose variants are this test's originals ([] if human)."""
        if not self.originals.startswith(_NEG_PREFIX):
            return []
        return self.originals[len(_NEG_PREFIX) :].split(",")


class Directional(PerturbationTest):
    """Each pair's score change must go the expected way: ``decrease`` (by more than ``margin``),
    ``increase`` (likewise), ``same`` (within ``tolerance``) or ``auto`` (decrease for
    coherence-breaking transforms, same for meaning-preserving ones). Reports the fail rate."""

    kind: Literal["directional"] = "directional"
    expect: Literal["decrease", "increase", "same", "auto"]
    margin: float = Field(0.0, ge=0)
    tolerance: float = Field(0.1, ge=0)
    units: Literal["std", "absolute", "relative"] = "std"


class HumanCorrelation(TestSpec):
    """Metric scores against human ratings (``example.meta[rating]``: a number, a numeric string or
    a list of numbers, averaged) overall and per value of each ``group_by`` field, with the optional
    OpenMEVA window analysis. Stories without a usable rating are excluded and counted."""

    kind: Literal["human_correlation"] = "human_correlation"
    rating: str = "rating"
    group_by: list[str] = Field(default_factory=list)
    windows: Windows | None = None

    @field_validator("group_by", mode="before")
    @classmethod
    def _one_or_many(cls, v: Any) -> Any:
        return [v] if isinstance(v, str) else v


AnyTest = Annotated[Discrimination | Invariance | Directional | HumanCorrelation, Field(discriminator="kind")]
TEST_CLASSES: dict[str, type[TestSpec]] = {
    "discrimination": Discrimination,
    "invariance": Invariance,
    "directional": Directional,
    "human_correlation": HumanCorrelation,
}


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
                raise _err(
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
                        raise _err(
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
                    raise _err(
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


# ------------------------------------------------------------------------------------------------
# Loading
# ------------------------------------------------------------------------------------------------
def shipped_suites() -> dict[str, Any]:
    """Suites shipped with perturbkit, by name -> resource (a Traversable path). Plugins' suites
    (entry-point group ``perturbkit.suites``) are in :data:`perturbkit.registry.suites` too."""
    return registry.shipped_files("suites")


def suite_from_dict(
    data: Mapping[str, Any], *, source: str | None = None, lines: Mapping[tuple[Any, ...], int] | None = None
) -> Suite:
    """Validate a plain mapping (parsed YAML/JSON) into a Suite; errors name ``source``."""
    if not isinstance(data, Mapping):
        raise SuiteError(
            f"{source or 'suite'}: a suite must be a mapping with 'name' and 'tests', got {type(data).__name__}"
        )
    data = dict(data)
    if source and "name" not in data:
        data["name"] = Path(source).stem
    token = _DEPTH.set(_DEPTH.get() + 1)  # model_validate runs our __init__: keep ValidationError
    try:
        suite = Suite.model_validate(data)
    except ValidationError as exc:
        raise SuiteError(format_validation_error(exc, Suite, source, lines)) from None
    finally:
        _DEPTH.reset(token)
    suite.source = source
    return suite


def load_suite(source: str | os.PathLike[str] | Mapping[str, Any] | Suite) -> Suite:
    """A Suite from a YAML file path, the name of a shipped suite (``demo``, ``openmeva``, ...) or
    of a plugin's suite (:data:`perturbkit.registry.suites`), a mapping, or a Suite (returned as is)."""
    if isinstance(source, Suite):
        return source
    if isinstance(source, Mapping):
        return suite_from_dict(source)
    found = find_spec(source, registry.suites, SuiteError, "suite")
    if found.text is None:
        if isinstance(found.obj, Suite):
            return found.obj
        if isinstance(found.obj, Mapping):
            return suite_from_dict({"name": found.origin, **found.obj}, source=found.label)
    data, lines = read_yaml(found.text or "", found.label, SuiteError)
    return suite_from_dict(data, source=found.label, lines=lines)
