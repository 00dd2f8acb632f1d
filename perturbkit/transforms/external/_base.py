"""The shared base of the adapters: one call into another library, wrapped as a perturbkit Transform.

Each adapter module subclasses :class:`ExternalTransform` for its library and registers its prefix
(``register_prefix("nlpaug", NlpaugTransform.resolve)``). ``resolve(target)`` builds, once per
target, a dataclass subclass named ``prefix:target`` whose fields are the keyword parameters of the
library's class or function (so ``get_transform`` rejects unknown names and wrong types like for any
transform) plus ``effect`` and ``aspect`` (defaults per target, overridable). The base does the rest:
seeding the library's global generators for one call and restoring them, drawing one variant when
the library returns several, and recording Edits by diffing the variant against the input.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from ...annotation import Level
from ...example import Example
from ...resources.extras import missing_extra
from ...seeds import own_global_random
from ...transform import Effect, Transform, UnknownTransform, transform_class
from ._diff import diff_changes

_SKIP = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
_TYPED = (bool, int, float, str)


class Target(NamedTuple):
    """What an adapter found for one target: the library object and how to wrap it."""

    obj: Any  # the class or function in the library
    params: Mapping[str, inspect.Parameter]  # its keyword parameters the user may set
    level: Level = Level.NONE  # Level.PARSE when it reads a spaCy Doc
    effect: Effect = Effect.PRESERVES
    aspect: str = "surface"


def keyword_params(fn: Any, reserved: frozenset[str] = frozenset()) -> dict[str, inspect.Parameter]:
    """The keyword parameters of a class's ``__init__`` or a function, minus ``reserved`` ones and
    names the Transform base already uses (``name``, ``level``...), first positional one dropped
    for functions (the text) and ``self`` for classes."""
    sig = inspect.signature(fn.__init__ if isinstance(fn, type) else fn)
    params = list(sig.parameters.values())
    if params and (isinstance(fn, type) or params[0].default is inspect.Parameter.empty):
        params = params[1:]  # self, or the text/doc argument
    return {
        p.name: p
        for p in params
        if p.kind not in _SKIP and p.name not in reserved and not hasattr(ExternalTransform, p.name)
    }


def _field(p: inspect.Parameter, default: Any) -> tuple[str, Any, Any]:
    """A dataclass field for one library parameter, typed by its default (None: any value); a
    parameter without a default is a required keyword."""
    tp: Any = Any
    if default is inspect.Parameter.empty:
        return p.name, tp, dataclasses.field()
    if isinstance(default, bool):
        tp = bool
    elif isinstance(default, _TYPED):
        tp = type(default) | None
    if isinstance(default, (list, dict, set)):
        return p.name, tp, dataclasses.field(default_factory=functools.partial(type(default), default))
    return p.name, tp, dataclasses.field(default=default)


@dataclass
class ExternalTransform(Transform):
    """Base of the adapters: subclasses set ``library`` (the prefix, also the extra named in
    ``requires``) and implement :meth:`find` and :meth:`call`."""

    library: ClassVar[str] = ""
    target: ClassVar[str] = ""
    found: ClassVar[Any] = None  # the library's class or function for ``target``
    defaults: ClassVar[Mapping[str, Any]] = {}  # library parameters whose default the adapter changes
    level = Level.NONE
    effect = Effect.PRESERVES
    aspect = "surface"
    fractions = ()  # library parameters keep the library's own checks

    # --- to implement -----------------------------------------------------------------------
    @classmethod
    def find(cls, target: str) -> Target:
        """The library object for ``target`` (import the library here); UnknownTransform if none."""
        raise NotImplementedError

    def call(self, obj: Any, text: str, doc: Any) -> Any:
        """Run the library once on ``text`` (``doc`` is its parse when ``level`` asks for one);
        return a string, a list of strings (one is drawn), or None."""
        raise NotImplementedError

    def build(self) -> Any:
        """The library object ``call`` receives (built once per instance): by default the class
        instantiated with the parameters, or the function itself."""
        found = type(self).found
        return found(**self.library_params()) if isinstance(found, type) else found

    # --- shared machinery ---------------------------------------------------------------------
    @classmethod
    def resolve(cls, target: str) -> type[ExternalTransform]:
        """The transform class for ``prefix:target`` (built once; see the module doc)."""
        return _resolved(cls, target)

    def __post_init__(self) -> None:
        if isinstance(self.effect, str) and self.effect in {e.value for e in Effect}:
            self.effect = Effect(self.effect)

    def validate(self) -> None:
        super().validate()
        if not isinstance(self.effect, Effect):
            raise ValueError(f"effect must be one of {', '.join(e.value for e in Effect)}, got {self.effect!r}")

    def library_params(self) -> dict[str, Any]:
        """The parameters passed to the library (all fields but ``effect`` and ``aspect``)."""
        return {k: v for k, v in self.params().items() if k not in ("effect", "aspect")}

    def apply(self, example: Example, doc: Any, rng: random.Random) -> Example | None:
        with own_global_random(rng.getrandbits(32)):
            obj = self.__dict__.get("_obj")
            if obj is None:
                obj = self.__dict__["_obj"] = self.build()
            out = self.call(obj, example.text, doc)
        text = pick(out, example.text, rng)
        if text is None:
            return None
        return self.rewrite(example, diff_changes(example.text, text))

    def __reduce__(self) -> tuple[Any, ...]:  # a built class is not importable: rebuild it by name
        return _rebuild, (self.name, self.params())


def pick(out: Any, text: str, rng: random.Random) -> str | None:
    """The variant: ``out`` itself if a string, else one of its strings that differ from ``text``
    drawn with ``rng`` (sorted first: libraries often list a set, whose order varies between
    processes); None when the library changed nothing or returned nothing."""
    if isinstance(out, str):
        return out if out != text else None
    variants = sorted({v for v in out or () if isinstance(v, str) and v != text})
    if not variants:
        return None
    return variants[0] if len(variants) == 1 else rng.choice(variants)


@functools.cache
def _resolved(base: type[ExternalTransform], target: str) -> type[ExternalTransform]:
    name = f"{base.library}:{target}"
    install = missing_extra(base.library)
    if install:
        raise UnknownTransform(
            f"transform {name!r} needs {base.library}, which is not installed; install it with: {install}",
            kind="transforms",
            name=name,
        )
    with own_global_random():
        found = base.find(target)
    fields = [_field(p, base.defaults.get(k, p.default)) for k, p in found.params.items()]
    fields += [("effect", str, dataclasses.field(default=found.effect)), ("aspect", str, found.aspect)]
    doc = (inspect.getdoc(found.obj) or "").strip().split("\n")[0]
    ns = {
        "name": name,
        "target": target,
        "found": found.obj,
        "level": found.level,
        "__doc__": f"{base.library} {target}: {doc}" if doc else f"{base.library} {target}",
        "__module__": base.__module__,
    }
    cls = dataclasses.make_dataclass(
        f"{base.__name__}_{target.replace('.', '_')}", fields, bases=(base,), namespace=ns, kw_only=True
    )
    return cls


def _rebuild(name: str, params: Mapping[str, Any]) -> Transform:
    return transform_class(name)(**params)
