"""The transform registry: names to classes, built-ins and entry-point plugins."""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Mapping
from typing import Any

from ..errors import UserError
from .base import Transform

_REGISTRY: dict[str, type[Transform]] = {}
_loaded = False


class UnknownTransform(UserError, KeyError):
    """A transform name that is not registered; the message suggests near names."""

    def __str__(self) -> str:  # KeyError quotes its message otherwise
        return str(self.args[0])


class TransformParamError(UserError, TypeError):
    """A parameter a transform does not have, or a value it rejects (from ``validate()``)."""


def register(cls: type[Transform] | None = None, *, name: str | None = None) -> Any:
    """Class decorator adding a Transform to the registry under ``cls.name`` (or ``name``).

    >>> @register
    ... @dataclass
    ... class Shout(Transform):  # doctest: +SKIP
    ...     name = "shout"; aspect = "surface"; effect = Effect.PRESERVES; level = Level.NONE
    ...     def apply(self, ex, doc, rng):
    ...         return self.rewrite(ex, [Change(0, len(ex.text), ex.text.upper())])
    """

    def deco(c: type[Transform]) -> type[Transform]:
        key = name or c.name
        if not key:
            raise ValueError(f"{c.__name__} has no name")
        if key in _REGISTRY and _REGISTRY[key] is not c:
            raise ValueError(f"transform name {key!r} is already registered by {_REGISTRY[key].__module__}")
        if name:
            c.name = name
        _REGISTRY[key] = c
        return c

    return deco(cls) if cls is not None else deco


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    import importlib
    import os
    import pkgutil
    from importlib.metadata import entry_points

    from .. import transforms as pkg

    for mod in pkgutil.iter_modules(pkg.__path__):
        if mod.name.startswith("_"):
            continue
        if not mod.ispkg:
            importlib.import_module(f"{pkg.__name__}.{mod.name}")
            continue
        # a sub-package (external/: adapters to other libraries) is scanned for its modules; one
        # without modules is not imported at all
        where = [os.path.join(getattr(mod.module_finder, "path", ""), mod.name)]
        for sub in pkgutil.iter_modules(where):
            if not sub.name.startswith("_"):
                importlib.import_module(f"{pkg.__name__}.{mod.name}.{sub.name}")
    for ep in entry_points(group="perturbkit.transforms"):
        obj = ep.load()
        if isinstance(obj, type) and issubclass(obj, Transform) and obj.name not in _REGISTRY:
            register(obj)


def registry() -> Mapping[str, type[Transform]]:
    """All registered transforms, by name (built-ins and entry-point plugins)."""
    _load_all()
    return dict(sorted(_REGISTRY.items()))


def transform_class(name: str) -> type[Transform]:
    _load_all()
    try:
        return _REGISTRY[name]
    except KeyError:
        near = difflib.get_close_matches(name, list(_REGISTRY), n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join(near)}?" if near else "; run `perturbkit list` to see them"
        raise UnknownTransform(f"unknown transform {name!r}{hint}") from None


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
    inst = cls(**params)
    validate = getattr(inst, "validate", None)
    if callable(validate):
        try:
            validate()
        except ValueError as exc:
            raise TransformParamError(f"transform {name!r}: {exc}") from None
    return inst
