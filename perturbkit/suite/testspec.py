"""The suite's tests, one model per kind (discrimination, invariance, directional, human
correlation): the fields each takes. What a kind computes and how it is judged lives in
:mod:`perturbkit.kinds`."""

from __future__ import annotations

import difflib
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from .. import kinds as _kinds
from ..specmodel import check_name, spec_error
from .options import Select, Thresholds, Windows
from .refs import FilterRef, TransformRef, _as_refs, _Model


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
        return check_name(v, "test")

    @model_validator(mode="after")
    def _thresholds_apply(self) -> TestSpec:
        kind = _kinds.KINDS.get(getattr(self, "kind", ""))
        if kind is None or self.thresholds is None:
            return self
        for name, value in self.thresholds.model_dump().items():
            if value is not None and name not in kind.threshold_names:
                raise spec_error(
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
        raise spec_error("originals", f"originals must be 'human' or 'negatives-of:<test name>', got {v!r}{hint}")

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
