"""The recipe schema (pydantic models): what ``perturbkit augment`` reads, writes and applies.

A recipe names its input options, what to apply (``transforms``: each entry on its own;
``one_of``: one entry drawn per variant; ``mixture``: UNION-style), filters, variants per story,
labels, the seed, how corpus-fitted transforms are fitted, and the output; or several named
``sets``, each tagged in the records' ``set`` field, sharing those as defaults::

    Recipe(name="mine", transforms=["negation", "typos>>synonym"], variants=2)

Validation is strict and happens before any work: unknown keys (with the nearest valid one),
unknown transforms, filters or parameters, transforms whose optional extra is missing. Errors
are :class:`~perturbkit.errors.RecipeError` naming the file, line and key path.
"""

from __future__ import annotations

import copy
import difflib
from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import ConfigDict, Field, ValidationError, field_validator, model_validator

from ..errors import RecipeError
from ..specmodel import (
    FilterRefBase,
    SpecModel,
    StorySelect,
    build_transform,
    check_name,
    check_transform_name,
    is_transform,
    nested_validation,
    spec_error,
)

Scalar = int | float | str | bool
UNION_COUNTS: dict[int, float] = {1: 0.5, 2: 0.2, 3: 0.2, 4: 0.1}
VARIANTS_OF = "variants-of:"


class _Model(SpecModel):
    """The recipe schema's models: validation errors from direct construction are RecipeErrors."""

    model_config = ConfigDict(arbitrary_types_allowed=True)  # a Step may hold a Transform object

    spec_error = RecipeError
    spec_noun = "recipe"


# ------------------------------------------------------------------------------------------------
# Transforms and filters
# ------------------------------------------------------------------------------------------------
class Step(_Model):
    """One registered transform with parameters (or, from Python, a Transform object in ``obj``)."""

    name: str
    params: dict[str, Any] = Field(default_factory=dict)
    obj: Any = Field(None, exclude=True, repr=False)

    @model_validator(mode="after")
    def _known(self) -> Step:
        if self.obj is not None:
            return self
        check_transform_name(self.name)
        self.build()
        return self

    def build(self) -> Any:
        """A fresh Transform (a copy of ``obj`` when given, so fitting never changes the caller's)."""
        if self.obj is not None:
            return copy.deepcopy(self.obj)
        return build_transform(self.name, self.params)

    def param_values(self) -> dict[str, Any]:
        """Every parameter with its value (defaults included), as recorded in the output."""
        return dict(self.obj.params() if self.obj is not None else self.build().params())


def _step(item: Any) -> Any:
    if isinstance(item, str):
        return {"name": item.strip(), "params": {}}
    if is_transform(item):
        return _step_from_object(item)
    if isinstance(item, Mapping) and len(item) == 1 and not set(item) & {"name", "params"}:
        ((name, params),) = item.items()
        return {"name": name, "params": {} if params is None else params}
    return item


def _step_from_object(t: Any) -> dict[str, Any]:
    return {"name": t.name, "params": {}, "obj": t}


def _as_entry(value: Any) -> Any:
    """``"a"`` | ``"a>>b"`` | ``{a: params}`` | ``{chain: [a, {b: params}]}`` | a Transform object
    -> ``{"chain": [step, ...]}`` (other shapes pass through for pydantic to reject)."""
    if isinstance(value, str):
        return {"chain": [_step(s) for s in value.split(">>")]}
    if is_transform(value):
        from ..transform import Chain

        parts = value.transforms if type(value) is Chain else [value]
        return {"chain": [_step_from_object(t) for t in parts]}
    if isinstance(value, Mapping) and set(value) == {"chain"} and isinstance(value["chain"], (list, tuple, str)):
        chain = value["chain"]
        return {"chain": [_step(s) for s in (chain.split(">>") if isinstance(chain, str) else chain)]}
    if isinstance(value, Mapping) and len(value) == 1:
        ((name, params),) = value.items()
        if isinstance(name, str) and ">>" in name and params:
            raise spec_error(
                "entry", f"{name!r} with parameters: write a chain as {{chain: [{{step: {{param: value}}}}]}}"
            )
        if isinstance(name, str) and ">>" not in name:
            return {"chain": [_step(value)]}
        return {"chain": [_step(s) for s in str(name).split(">>")]}
    return value


def _as_entries(value: Any) -> Any:
    if value is None:
        return None
    if isinstance(value, (str, Mapping)) or is_transform(value):
        value = [value]
    return [_as_entry(v) for v in value] if isinstance(value, (list, tuple)) else value


class Entry(_Model):
    """One thing to apply: a transform or a chain of them (``a>>b``)."""

    chain: Annotated[list[Step], Field(min_length=1)]

    _steps = field_validator("chain", mode="before")(lambda v: [_step(s) for s in v] if isinstance(v, list) else v)

    @model_validator(mode="before")
    @classmethod
    def _steps_named(cls, data: Any) -> Any:
        """A bad step's message is placed at the entry itself when the entry is one transform
        (``transforms[2]``, not ``transforms[2].chain[0]``)."""
        chain = data.get("chain") if isinstance(data, Mapping) else None
        if not isinstance(chain, list) or len(chain) != 1 or not isinstance(chain[0], Mapping):
            return data
        with nested_validation():
            try:
                Step.model_validate(chain[0])
            except ValidationError as exc:
                first = exc.errors(include_url=False)[0]
                if "msg" in (first.get("ctx") or {}):
                    raise spec_error(first["type"], first["ctx"]["msg"]) from None
        return data

    @property
    def label(self) -> str:
        """``name`` or ``a>>b``: the ``transform`` field of the output records."""
        return ">>".join(s.name for s in self.chain)

    def build(self) -> Any:
        from ..transform import Chain

        built = [s.build() for s in self.chain]
        return built[0] if len(built) == 1 else Chain(*built)

    def params(self) -> list[dict[str, Any]]:
        """Each step's parameters, in chain order (the ``params`` field of the output records)."""
        return [s.param_values() for s in self.chain]


class Technique(_Model):
    """A mixture's technique and its weight."""

    transform: Entry
    weight: float = Field(1.0, ge=0)

    _entry = field_validator("transform", mode="before")(_as_entry)


class MixtureSpec(_Model):
    """UNION-style sampling (:class:`perturbkit.transform.Mixture`): draw how many techniques
    (``counts``), then which (by weight, without replacement), apply them in the drawn order."""

    techniques: Annotated[list[Technique], Field(min_length=1)]
    counts: dict[int, float] = Field(default_factory=lambda: dict(UNION_COUNTS))

    @field_validator("techniques", mode="before")
    @classmethod
    def _pairs(cls, v: Any) -> Any:
        if isinstance(v, Mapping):
            return [{"transform": k, "weight": w} for k, w in v.items()]
        return v

    @field_validator("counts")
    @classmethod
    def _counts_ok(cls, v: dict[int, float]) -> dict[int, float]:
        if not v or any(k < 1 or p < 0 for k, p in v.items()) or sum(v.values()) <= 0:
            raise spec_error("range", f"counts must map positive integers to probabilities, got {v}")
        return v


class FilterSpec(FilterRefBase, _Model):
    """A variant filter by name with parameters (see :mod:`perturbkit.filters`)."""


def _as_filters(value: Any) -> Any:
    if value is None:
        return None
    if isinstance(value, (str, Mapping)):
        value = [value]
    if not isinstance(value, (list, tuple)):
        return value
    out = []
    for item in value:
        s = _step(item) if isinstance(item, (str, Mapping)) and not is_transform(item) else item
        out.append(s)
    return out


# ------------------------------------------------------------------------------------------------
# Options
# ------------------------------------------------------------------------------------------------
class InputSpec(_Model):
    """How to read the stories: the format (by extension when absent) and which columns hold what."""

    format: str | None = None
    text: str | None = None
    id: str | None = None
    context: str | None = None
    reference: str | None = None
    split: str | None = None  # a Hugging Face DatasetDict's split


class FitSpec(_Model):
    """How corpus-fitted transforms are fitted: on the first ``limit`` stories of the input (None:
    all of it), parsed in chunks, before any output (see docs/augment.md)."""

    limit: int | None = Field(5000, ge=1)


class Labels(_Model):
    """The ``label`` of original and variant records."""

    original: Scalar = 1
    variant: Scalar = 0


class Select(_Model, StorySelect):
    """Which stories a set perturbs (all conditions must hold)."""


class _Applies(_Model):
    """What to apply, and the options a set can override."""

    transforms: list[Entry] | None = None
    one_of: list[Entry] | None = None
    weights: list[float] | None = None
    mixture: MixtureSpec | None = None
    filters: list[FilterSpec] | None = None
    variants: int | None = Field(None, ge=1, le=100)
    labels: Labels | None = None
    keep_originals: bool | None = None
    select: Select | None = None

    _entries = field_validator("transforms", "one_of", mode="before")(_as_entries)
    _filters = field_validator("filters", mode="before")(_as_filters)

    def _what(self) -> list[str]:
        return [k for k in ("transforms", "one_of", "mixture") if getattr(self, k) is not None]

    @model_validator(mode="after")
    def _weights_ok(self) -> _Applies:
        if self.weights is not None:
            if self.one_of is None:
                raise spec_error("weights", "'weights' go with 'one_of'", ("weights",))
            if len(self.weights) != len(self.one_of):
                raise spec_error(
                    "weights", f"{len(self.weights)} weights for {len(self.one_of)} one_of entries", ("weights",)
                )
        return self


class SetSpec(_Applies):
    """One named set of a recipe (its records carry ``set: <name>``). ``originals``: ``input`` (the stories) or
    ``variants-of:<set>[,<set>]`` (the kept variants of sets above this one; ``*`` for all)."""

    name: str
    description: str = ""
    originals: str = "input"

    @field_validator("name")
    @classmethod
    def _name_ok(cls, v: str) -> str:
        return check_name(v, "set")

    @field_validator("originals")
    @classmethod
    def _originals_ok(cls, v: str) -> str:
        v = v.strip()
        if v == "input" or (v.startswith(VARIANTS_OF) and v[len(VARIANTS_OF) :].strip()):
            return v
        near = difflib.get_close_matches(v, ["input", VARIANTS_OF], n=1, cutoff=0.4)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        raise spec_error("originals", f"originals must be 'input' or 'variants-of:<set>', got {v!r}{hint}")

    @model_validator(mode="after")
    def _one_thing(self) -> SetSpec:
        what = self._what()
        if len(what) != 1:
            raise spec_error(
                "apply", f"set {self.name!r} needs exactly one of transforms, one_of, mixture (got {what or 'none'})"
            )
        return self

    @property
    def variants_of(self) -> list[str]:
        """The sets whose variants are this set's originals (names; ``*`` unexpanded)."""
        if self.originals == "input":
            return []
        return [n.strip() for n in self.originals[len(VARIANTS_OF) :].split(",") if n.strip()]
