"""The suite schema's model base, and the transform and filter references its tests name:
``name`` | ``{name: params, ...}`` | ``[name | {name: params}, ...]`` | Transform objects."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from pydantic import Field, field_validator, model_validator

from ..errors import SuiteError
from ..specmodel import FilterRefBase, SpecModel, build_transform, check_transform_name, is_transform, spec_error


class _Model(SpecModel):
    """The suite schema's models: validation errors from direct construction are SuiteErrors."""

    spec_error = SuiteError
    spec_noun = "suite"


def _as_refs(value: Any, what: str) -> Any:
    """Normalise ``name`` | ``{name: params, ...}`` | ``[name | {name: params}, ...]`` to a list
    of ``{"name", "params"}`` dicts (other shapes pass through for pydantic to reject)."""
    if value is None:
        return value
    if isinstance(value, (str, Mapping)) or is_transform(value):
        value = [value]
    if not isinstance(value, (list, tuple)):
        return value
    out: list[Any] = []
    for item in value:
        if isinstance(item, str):
            out.append({"name": item, "params": {}})
        elif is_transform(item):
            out.append(_ref_from_transform(item))
        elif isinstance(item, Mapping) and isinstance(item.get("name"), str) and set(item) <= {"name", "params"}:
            out.append({"name": item["name"], "params": item.get("params") or {}})
        elif isinstance(item, Mapping):
            for name, params in item.items():
                out.append({"name": name, "params": {} if params is None else params})
        else:
            out.append(item)
    return out


def _ref_from_transform(t: Any) -> dict[str, Any]:
    """A registered transform instance as a reference (only parameters that differ from defaults)."""
    from ..transform.combinators import _Combinator

    if isinstance(t, _Combinator):
        raise spec_error(
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
        check_transform_name(name)
        return name

    @model_validator(mode="after")
    def _params_ok(self) -> TransformRef:
        self.build()
        return self

    def build(self) -> Any:
        """A fresh Transform instance (parameters validated by the transform)."""
        return build_transform(self.name, self.params)

    def label(self) -> str:
        """``name`` or ``name(k=v, ...)``."""
        if not self.params:
            return self.name
        return f"{self.name}({', '.join(f'{k}={v!r}' for k, v in self.params.items())})"


class FilterRef(FilterRefBase, _Model):
    """A variant filter by name, with parameters (see :mod:`perturbkit.filters`)."""
