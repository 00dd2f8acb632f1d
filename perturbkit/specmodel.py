"""The pydantic base shared by the suite and recipe schemas: strict, closed models whose validation
errors become one error (``SuiteError``, ``RecipeError``) naming the file, line and key path; the
transform and filter references both name; and validating a parsed file or loading it by name.

Each schema sets its error class and the noun its messages use on its own base::

    class _Model(SpecModel):
        spec_error = SuiteError
        spec_noun = "suite"
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import os
import re
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic_core import PydanticCustomError

from . import registry as _registry
from .specfile import find_spec, read_yaml
from .specmessages import format_validation_error

__all__ = [
    "FilterRefBase",
    "SpecModel",
    "StorySelect",
    "build_transform",
    "check_name",
    "check_transform_name",
    "is_transform",
    "load_spec",
    "nested_validation",
    "spec_error",
    "validate_spec",
]

M = TypeVar("M", bound="SpecModel")

#: How deep in nested model construction we are: only the outermost call formats the error.
_DEPTH: contextvars.ContextVar[int] = contextvars.ContextVar("perturbkit_spec_depth", default=0)


def spec_error(kind: str, message: str, loc: tuple[Any, ...] | None = None) -> PydanticCustomError:
    """A validation error with a ready message (and, from model validators, the key path below the
    model it is about)."""
    ctx: dict[str, Any] = {"msg": message}
    if loc is not None:
        ctx["at"] = json.dumps(list(loc))
    return PydanticCustomError(kind, "{msg}", ctx)


class SpecModel(BaseModel):
    """Strict, closed models; constructing one directly turns validation errors into ``spec_error``."""

    model_config = ConfigDict(extra="forbid", strict=True, validate_default=False)

    spec_error: ClassVar[type[Exception]] = ValueError
    spec_noun: ClassVar[str] = "spec"

    def __init__(self, **data: Any) -> None:
        # pydantic also calls a custom __init__ for nested models: only the outermost call
        # turns a ValidationError into the schema's error (inner ones must stay ValidationErrors)
        depth = _DEPTH.get()
        token = _DEPTH.set(depth + 1)
        try:
            super().__init__(**data)
        except ValidationError as exc:
            if depth:
                raise
            raise self.spec_error(format_validation_error(exc, type(self), noun=self.spec_noun)) from None
        finally:
            _DEPTH.reset(token)


@contextlib.contextmanager
def nested_validation() -> Iterator[None]:
    """Inside, models keep their ``ValidationError`` (for ``model_validate`` calls whose caller
    formats the error itself)."""
    token = _DEPTH.set(_DEPTH.get() + 1)
    try:
        yield
    finally:
        _DEPTH.reset(token)


_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")


def check_name(name: str, what: str) -> str:
    """``name`` when it is a valid test or set name (letters, digits, ``_-.``), else a validation
    error of kind ``<what>_name``."""
    if not _NAME.match(name):
        raise spec_error(f"{what}_name", f"{what} names use letters, digits, '_', '-', '.' (got {name!r})")
    return name


def is_transform(x: Any) -> bool:
    """True for a Transform object (imported on use: the schemas load without the transforms)."""
    from .transform import Transform

    return isinstance(x, Transform)


def check_transform_name(name: str) -> None:
    """A registered transform whose optional extra is installed, else a validation error."""
    from .resources.extras import missing_extra
    from .transform import UnknownTransform, transform_class

    try:
        tcls = transform_class(name)
    except UnknownTransform as exc:
        raise spec_error("unknown_transform", str(exc)) from None
    for res in getattr(tcls, "requires", ()) or ():
        install = missing_extra(res)
        if install:
            raise spec_error(
                "missing_extra", f"transform {name!r} needs {res}, which is not installed; install it with: {install}"
            )


def build_transform(name: str, params: Mapping[str, Any]) -> Any:
    """A fresh Transform instance, its parameter errors as validation errors."""
    from .transform import TransformParamError, get_transform

    try:
        return get_transform(name, **params)
    except TransformParamError as exc:
        raise spec_error("transform_param", str(exc)) from None
    except (TypeError, ValueError) as exc:
        raise spec_error("transform_param", f"transform {name!r}: {exc}") from None


class StorySelect(SpecModel):
    """Which stories qualify (all conditions must hold): shared by suite tests and recipe sets,
    which subclass it on their own ``_Model`` (their error class) and may add options."""

    min_sentences: int | None = Field(None, ge=0)
    max_sentences: int | None = Field(None, ge=0)
    min_words: int | None = Field(None, ge=0)
    max_words: int | None = Field(None, ge=0)
    meta: dict[str, Any] = Field(default_factory=dict)  # field -> value (or list: any of them)
    has_context: bool | None = None
    has_reference: bool | None = None

    @model_validator(mode="after")
    def _ranges(self) -> StorySelect:
        for lo, hi in (("min_sentences", "max_sentences"), ("min_words", "max_words")):
            a, b = getattr(self, lo), getattr(self, hi)
            if a is not None and b is not None and a > b:
                raise spec_error("range", f"{lo} ({a}) is larger than {hi} ({b})")
        return self

    @property
    def needs_sentences(self) -> bool:
        """Whether the sentence counts matter (the stories must be parsed)."""
        return self.min_sentences is not None or self.max_sentences is not None

    def admits(self, ex: Any) -> bool:
        """Every condition but the sentence counts holds for the Example ``ex``."""
        if self.has_context is not None and bool(ex.context) != self.has_context:
            return False
        if self.has_reference is not None and bool(ex.reference) != self.has_reference:
            return False
        if self.min_words is not None or self.max_words is not None:
            n = len(ex.text.split())
            if (self.min_words is not None and n < self.min_words) or (
                self.max_words is not None and n > self.max_words
            ):
                return False
        return all(_meta_match(ex.meta.get(k), want) for k, want in self.meta.items())

    def admits_sentences(self, n: int) -> bool:
        """The sentence-count conditions hold for a story of ``n`` sentences."""
        return (self.min_sentences is None or n >= self.min_sentences) and (
            self.max_sentences is None or n <= self.max_sentences
        )


def _meta_match(value: Any, want: Any) -> bool:
    return value in want if isinstance(want, list) else value == want


class FilterRefBase(SpecModel):
    """A variant filter by name, with parameters (see :mod:`perturbkit.filters`); each schema
    subclasses it together with its own base, for its error class."""

    name: str
    params: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _known(self) -> FilterRefBase:
        from .filters import FilterError, build_filter

        try:
            build_filter(self.name, self.params)
        except FilterError as exc:
            raise spec_error("unknown_filter", str(exc)) from None
        return self


def validate_spec(
    root: type[M],
    data: Any,
    *,
    source: str | None = None,
    lines: Mapping[tuple[Any, ...], int] | None = None,
    shape: str = "",
) -> M:
    """Validate a plain mapping (parsed YAML/JSON) into ``root``; errors name ``source``. A file
    without a ``name`` is named after its stem. ``shape`` says what the mapping should hold."""
    noun = root.spec_noun
    if not isinstance(data, Mapping):
        raise root.spec_error(f"{source or noun}: a {noun} must be a mapping{shape}, got {type(data).__name__}")
    data = dict(data)
    if source and "name" not in data:
        data["name"] = Path(source).stem
    with nested_validation():
        try:
            spec = root.model_validate(data)
        except ValidationError as exc:
            raise root.spec_error(format_validation_error(exc, root, source, lines, noun=noun)) from None
    spec.source = source
    return spec


def load_spec(
    root: type[M],
    source: str | os.PathLike[str] | Mapping[str, Any] | M,
    reg: _registry.Registry,
    from_dict: Callable[..., M],
) -> M:
    """``root`` from a YAML file path, the name of a shipped file or a plugin's entry in ``reg``, a
    mapping (through ``from_dict``), or a ``root`` (returned as is)."""
    if isinstance(source, root):
        return source
    if isinstance(source, Mapping):
        return from_dict(source)
    found = find_spec(source, reg, root.spec_error, root.spec_noun)
    if found.text is None:
        if isinstance(found.obj, root):
            return found.obj
        if isinstance(found.obj, Mapping):
            return from_dict({"name": found.origin, **found.obj}, source=found.label)
    data, lines = read_yaml(found.text or "", found.label, root.spec_error)
    return from_dict(data, source=found.label, lines=lines)
