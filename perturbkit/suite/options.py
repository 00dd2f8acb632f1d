"""The suite's options: which stories a test selects, the window analysis, pass/fail thresholds (one
per threshold the kinds define) and the suite-wide defaults."""

from __future__ import annotations

from pydantic import Field, create_model, field_validator

from .. import kinds as _kinds
from ..specmodel import StorySelect
from .refs import FilterRef, _as_refs, _Model


class Select(_Model, StorySelect):
    """Which stories qualify as originals for a test (all conditions must hold), and how many."""

    limit: int | None = Field(None, ge=1)  # keep the first N that qualify
    sample: int | None = Field(None, ge=1)  # keep a seeded random N of those that qualify


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
