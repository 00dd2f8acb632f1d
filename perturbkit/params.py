"""Strict type checks for transform parameters, from the dataclass fields' annotations.

Parameters arrive from YAML suites, ``--param KEY=VALUE`` and Python. Without a check, a wrong type
surfaces as a traceback deep inside a transform (``labels=5``: ``'int' object is not iterable``) or,
worse, is silently accepted (``keep_length=maybe`` is a non-empty string, so it reads as true).
:func:`check_params` validates each value against its field's annotation with a pydantic
``TypeAdapter`` in strict mode: booleans are ``true``/``false`` only, integers are not floats or
strings, strings are not numbers. Lists are accepted where a tuple is declared (YAML has no
tuples). Ranges stay the transform's own business (its ``validate()``). Values are only checked,
never converted: the transform receives exactly what was given.

>>> from perturbkit.transforms.repetition import RepeatSentence     # doctest: +SKIP
>>> check_params(RepeatSentence, {"keep_length": "maybe"})          # doctest: +SKIP
Traceback (most recent call last):
perturbkit.params.ParamTypeError: parameter 'keep_length' must be true or false, got 'maybe'
"""

from __future__ import annotations

import dataclasses
import functools
import operator
import types
import typing
from collections.abc import Mapping
from typing import Any, Union

from .errors import UserError

__all__ = ["ParamTypeError", "check_params", "describe_type"]


class ParamTypeError(UserError, TypeError):
    """A parameter value whose type does not match the parameter's declared type."""


@functools.cache
def _field_types(cls: type) -> dict[str, Any]:
    """``{parameter: annotation}`` for a dataclass's init fields ({} if the hints do not resolve)."""
    if not dataclasses.is_dataclass(cls):
        return {}
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # a plugin's annotation naming something not importable: skip the check
        return {}
    return {f.name: hints[f.name] for f in dataclasses.fields(cls) if f.init and f.name in hints}


def _lenient_sequences(tp: Any) -> Any:
    """``tp`` with every ``tuple[X, ...]`` also accepting ``list[X]`` (YAML and JSON have lists only)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is None or not args:
        return tp
    if origin is tuple:
        inner = tuple(_lenient_sequences(a) for a in args if a is not Ellipsis)
        if args[-1] is Ellipsis:
            return tuple[inner[0], ...] | list[inner[0]]  # type: ignore[valid-type]
        return tuple[inner] | list[_union(inner)]  # type: ignore[valid-type]
    if origin in (Union, types.UnionType):
        return _union(tuple(_lenient_sequences(a) for a in args))
    if origin in (list, set, frozenset) and len(args) == 1:
        return origin[_lenient_sequences(args[0])]
    if origin is dict and len(args) == 2:
        return dict[_lenient_sequences(args[0]), _lenient_sequences(args[1])]  # type: ignore[misc]
    return tp


def _union(args: tuple[Any, ...]) -> Any:
    return functools.reduce(operator.or_, args)


@functools.cache
def _adapter(tp: Any) -> Any:
    from pydantic import ConfigDict, TypeAdapter

    try:
        return TypeAdapter(_lenient_sequences(tp), config=ConfigDict(strict=True, arbitrary_types_allowed=True))
    except Exception:  # a type pydantic cannot describe: no check
        return None


_NAMES = {bool: "true or false", int: "an integer", float: "a number", str: "a string", type(None): "null"}
_PLURALS = {bool: "booleans", int: "integers", float: "numbers", str: "strings"}


def describe_type(tp: Any) -> str:
    """A type as a user reads it: ``tuple[str, ...]`` -> ``a list of strings``.

    >>> describe_type(dict[str, float] | None)
    'a mapping of a string to a number, or null'
    """
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp in _NAMES:
        return _NAMES[tp]
    if origin in (Union, types.UnionType):
        named = " or ".join(describe_type(a) for a in args if a is not type(None))
        return f"{named}, or null" if type(None) in args else named
    if origin in (tuple, list, set, frozenset):
        item = args[0] if args else None
        return f"a list of {_PLURALS[item]}" if item in _PLURALS else "a list"
    if origin is dict and len(args) == 2:
        return f"a mapping of {describe_type(args[0])} to {describe_type(args[1])}"
    if origin is typing.Literal:
        return " or ".join(repr(a) for a in args)
    return getattr(tp, "__name__", str(tp))


def _plain(value: Any) -> Any:
    """numpy scalars as Python numbers (``np.int64(3)`` is an integer to a user)."""
    if type(value).__module__ == "numpy" and hasattr(value, "item") and getattr(value, "ndim", 1) == 0:
        return value.item()
    return value


def check_params(cls: type, params: Mapping[str, Any]) -> None:
    """Raise :class:`ParamTypeError` for the first value in ``params`` that does not match the type
    its field declares (unknown names and unannotated fields are not checked here)."""
    fields = _field_types(cls)
    for name, value in params.items():
        tp = fields.get(name)
        if tp is None or tp is Any:
            continue
        adapter = _adapter(tp)
        if adapter is None:
            continue
        from pydantic import ValidationError

        try:
            adapter.validate_python(_plain(value))
        except ValidationError:
            raise ParamTypeError(f"parameter {name!r} must be {describe_type(tp)}, got {value!r}") from None
