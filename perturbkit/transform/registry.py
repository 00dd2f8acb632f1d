"""Transforms by name: thin wrappers over :data:`perturbkit.registry.transforms`.

Built-in transforms register themselves with ``@register`` when their module is imported; the
registry imports them all on first use. Other packages add transforms through the entry-point
group ``perturbkit.transforms`` (see docs/plugins.md).

A name ``prefix:target`` (``textattack:WordSwapQWERTY``, ``nlpaug:char.KeyboardAug``,
``checklist:add_typos``) is resolved by the function registered for ``prefix`` with
:func:`register_prefix`: the adapters of :mod:`perturbkit.transforms.external` build the class
for ``target`` on demand (see docs/adapters.md). Such names are not listed by :func:`registry`.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Callable, Mapping
from typing import Any

from .. import registry as _registry
from ..errors import UserError
from ..params import ParamTypeError, check_params
from .base import Transform


class UnknownTransform(_registry.UnknownName):
    """A transform name that is not registered; the message suggests near names."""


class TransformParamError(UserError, TypeError):
    """A parameter a transform does not have, or a value it rejects (from ``validate()``)."""


def check_transform(name: str, obj: Any) -> type[Transform]:
    """The registry's check: a Transform subclass whose ``name`` is the name it is registered under
    (a class that does not set its own ``name`` takes it)."""
    return _registry.check_named_subclass(name, obj, Transform, "transform", "perturbkit.Transform")


def register(cls: type[Transform] | None = None, *, name: str | None = None) -> Any:
    """Class decorator adding a Transform to the registry under ``cls.name`` (or ``name``).

    >>> @register
    ... @dataclass
    ... class Shout(Transform):  # doctest: +SKIP
    ...     name = "shout"; aspect = "surface"; effect = Effect.PRESERVES; level = Level.NONE
    ...     def apply(self, ex, doc, rng):
    ...         return self.rewrite(ex, [Change(0, len(ex.text), ex.text.upper())])

    In tests, register inside ``with perturbkit.registry.transforms.scoped():`` so the toy is gone
    afterwards. A name taken by another class raises :class:`perturbkit.registry.DuplicateName`.
    """

    def deco(c: type[Transform]) -> type[Transform]:
        key = name or c.name
        if not key:
            raise ValueError(f"{c.__name__} has no name")
        if name:
            c.name = name
        return _registry.transforms.register(key, c)

    return deco(cls) if cls is not None else deco


#: ``prefix`` -> function building the transform class for ``prefix:target`` from ``target``.
_PREFIXES: dict[str, Callable[[str], type[Transform]]] = {}


def register_prefix(prefix: str, resolve: Callable[[str], type[Transform]]) -> None:
    """Resolve every name ``prefix:target`` with ``resolve(target)`` (a Transform subclass whose
    ``name`` is the whole name; :class:`UnknownTransform` for a target it does not know).

    >>> register_prefix("textattack", TextAttackAdapter.resolve)  # doctest: +SKIP
    """
    if _PREFIXES.get(prefix, resolve) is not resolve:
        raise _registry.DuplicateName(f"transform prefix {prefix!r} is already registered by {_PREFIXES[prefix]!r}")
    _PREFIXES[prefix] = resolve


def prefixes() -> Mapping[str, Callable[[str], type[Transform]]]:
    """The registered ``prefix:`` resolvers (after the built-in modules that register them loaded)."""
    _registry.transforms.names()
    return dict(sorted(_PREFIXES.items()))


def registry() -> Mapping[str, type[Transform]]:
    """All registered transforms, by name (built-ins and entry-point plugins)."""
    return _registry.transforms.all()


def transform_class(name: str) -> type[Transform]:
    """The class registered as ``name``, or built for ``prefix:target`` by the prefix's resolver
    (:class:`UnknownTransform` with suggestions otherwise)."""
    prefix, colon, target = name.partition(":")
    if colon and prefix:
        resolve = prefixes().get(prefix)
        if resolve is None:
            near = difflib.get_close_matches(prefix, list(_PREFIXES), n=1)
            hint = f"; did you mean {near[0]!r}?" if near else f"; prefixes: {', '.join(_PREFIXES) or 'none'}"
            raise UnknownTransform(
                f"unknown transform prefix {prefix!r} in {name!r}{hint}", kind="transforms", name=name
            )
        return resolve(target)
    try:
        return _registry.transforms.get(name)
    except _registry.UnknownName as exc:
        raise UnknownTransform(str(exc), kind="transforms", name=name, suggestions=exc.suggestions) from None


def get_transform(name: str, **params: Any) -> Transform:
    """Instantiate a registered transform; unknown parameters are errors that name near ones.

    >>> get_transform("repeat_ngram", n=2).n  # doctest: +SKIP
    2
    """
    cls = transform_class(name)
    valid = [f.name for f in dataclasses.fields(cls) if f.init]
    for k in params:
        if k not in valid:
            near = difflib.get_close_matches(k, valid, n=1)
            hint = f"; did you mean {near[0]!r}?" if near else f"; valid: {', '.join(valid) or 'none'}"
            raise TransformParamError(f"transform {name!r} has no parameter {k!r}{hint}")
    try:  # types first (strict: keep_length=maybe is not true), then the transform's own ranges
        check_params(cls, params)
    except ParamTypeError as exc:
        raise TransformParamError(f"transform {name!r}: {exc}") from None
    inst = cls(**params)
    validate = getattr(inst, "validate", None)
    if callable(validate):
        try:
            validate()
        except ValueError as exc:
            raise TransformParamError(f"transform {name!r}: {exc}") from None
    return inst
