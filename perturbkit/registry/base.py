"""The :class:`Registry` class behind :mod:`perturbkit.registry`, and its errors and warning."""

from __future__ import annotations

import contextlib
import difflib
import functools
import importlib
import os
import sys
import threading
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, distributions, entry_points
from types import MappingProxyType
from typing import Any

from ..errors import UserError

__all__ = ["BUILTIN", "DuplicateName", "PluginFailed", "PluginWarning", "Registry", "UnknownName"]

BUILTIN = "perturbkit"  # the origin of built-in entries
_MISSING: Any = object()


class UnknownName(UserError, KeyError):
    """A name no built-in and no plugin provides; ``suggestions`` holds the nearest known names."""

    def __init__(self, message: str, *, kind: str = "", name: str = "", suggestions: Iterable[str] = ()) -> None:
        super().__init__(message)
        self.kind, self.name, self.suggestions = kind, name, list(suggestions)

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class PluginFailed(UnknownName):
    """The name belongs to an installed plugin that failed to load; the message says why."""


class DuplicateName(UserError, ValueError):
    """A second, different object registered under a name that is already taken."""


class PluginWarning(UserWarning):
    """An installed plugin failed to load; perturbkit works without it."""


@dataclass
class _Layer:
    """Entries plus the entry points seen from them. The root layer lives as long as the process;
    :meth:`Registry.scoped` pushes a throwaway one."""

    entries: dict[str, Any] = field(default_factory=dict)
    origins: dict[str, str] = field(default_factory=dict)
    plugins: dict[str, list[EntryPoint]] | None = None  # by name; discovered on first need
    tried: set[tuple[str, str, str]] = field(default_factory=set)  # entry points loaded or failed
    failed: dict[str, str] = field(default_factory=dict)  # name -> why its plugin failed


class Registry:
    """Names to objects for one kind; built-ins load lazily, plugins come from entry points.

    ``builtins`` maps names to ``"module:attribute"`` references (imported when the name is first
    asked for); ``modules`` lists modules that register their entries when imported (the built-in
    transforms, through ``@register``); ``scan`` returns name -> object for built-ins that are data
    files (shipped suites and recipes). ``validate(name, obj) -> obj`` (a callable, or a
    ``"module:function"`` reference so this module imports nothing above it) checks every entry.

    >>> colours = Registry("colours", "colour", builtins={"pi": "math:pi"})
    >>> colours.get("pi")
    3.141592653589793
    >>> colours.register("tau", 6.28)
    6.28
    >>> colours.names()
    ['pi', 'tau']
    """

    def __init__(
        self,
        kind: str,
        noun: str,
        *,
        builtins: Mapping[str, str] | None = None,
        modules: Callable[[], Iterable[str]] | Iterable[str] = (),
        scan: Callable[[], Mapping[str, Any]] | None = None,
        validate: Callable[[str, Any], Any] | str | None = None,
        listing: str = "",
    ) -> None:
        self.kind, self.noun = kind, noun
        self.group = f"perturbkit.{kind}"
        self._refs = dict(builtins or {})
        self._modules = modules
        self._scan = scan
        self._validate = validate
        self._listing = listing  # how to see them all, for the unknown-name message
        self._layers = [_Layer()]
        self._modules_loaded = self._scanned = False
        self._loading = False
        self._importing: set[tuple[str, str, str]] = set()
        self._lock = threading.RLock()

    def __repr__(self) -> str:
        return f"<Registry {self.group}>"

    # -------------------------------------------------------------------------------- lookups
    @property
    def builtin_refs(self) -> Mapping[str, str]:
        """Built-in names -> ``"module:attribute"`` (reading it imports nothing)."""
        return MappingProxyType(self._refs)

    def get(self, name: str) -> Any:
        """The object registered as ``name``: a built-in, a runtime registration or a plugin's.

        Raises :class:`UnknownName` (with suggestions) or :class:`PluginFailed`."""
        with self._lock:
            found = self._find(name)
            if found is _MISSING and not self._modules_loaded:
                self._load_modules()
                found = self._find(name)
            if found is _MISSING:
                failures = [self._load_plugin(ep, warn=False) for ep in self._plugins().get(name, ())]
                found = self._find(name)
                if found is not _MISSING:  # another plugin gave the name: warn about the rest
                    for why in filter(None, failures):
                        warnings.warn(why, PluginWarning, stacklevel=_caller_level())
            if found is not _MISSING:
                return found
            for layer in reversed(self._layers):
                if name in layer.failed:
                    raise PluginFailed(layer.failed[name], kind=self.kind, name=name)
            raise self._unknown(name)

    def names(self) -> list[str]:
        """Every name, sorted; plugin names come from their metadata, without importing them."""
        with self._lock:
            self._load_modules()
            self._load_scan()
            out = set(self._refs) | set(self._plugins())
            for layer in self._layers:
                out.update(layer.entries)
            return sorted(out)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self.names()

    def all(self) -> dict[str, Any]:
        """Every entry by name, sorted, with every plugin loaded (a failing one warns and is left out)."""
        with self._lock:
            self._load_modules()
            self._load_scan()
            for name in self._refs:
                self._find(name)
            for eps in self._plugins().values():
                for ep in eps:
                    self._load_plugin(ep)
            merged: dict[str, Any] = {}
            for layer in self._layers:
                merged.update(layer.entries)
            return dict(sorted(merged.items()))

    def origin(self, name: str) -> str:
        """Where ``name`` comes from: ``"perturbkit"`` for built-ins, the distribution (name and
        version) for a plugin, or the module that registered it at run time."""
        self.get(name)
        for layer in reversed(self._layers):
            if name in layer.origins:
                return layer.origins[name]
        return BUILTIN

    def plugins(self) -> dict[str, tuple[bool, str]]:
        """Each entry point of the group, by name -> (loaded, its distribution or why it failed).
        Loads them all (a failing one also warns)."""
        with self._lock:
            self.all()
            out: dict[str, tuple[bool, str]] = {}
            for name in self._plugins():
                why = next((layer.failed[name] for layer in reversed(self._layers) if name in layer.failed), None)
                out[name] = (False, why) if why else (True, self._origin_of(name))
            return dict(sorted(out.items()))

    # -------------------------------------------------------------------------------- registration
    def register(self, name: str, obj: Any = _MISSING) -> Any:
        """Add ``obj`` under ``name`` and return it; without ``obj``, a decorator doing the same.

        A name already taken by a different object raises :class:`DuplicateName`; registering the
        same object again is a no-op. Inside :meth:`scoped` the entry lasts until the block ends."""
        if obj is _MISSING:
            return lambda o: self.register(name, o)
        with self._lock:
            if not self._loading:
                self._load_modules()  # built-ins first, so a runtime entry can never shadow one
            obj = self._check(name, obj)
            self._claim(name, obj, getattr(obj, "__module__", None) or "run time")
        return obj

    @contextlib.contextmanager
    def scoped(self) -> Iterator[Registry]:
        """A block whose registrations (and plugins newly on ``sys.path``) vanish when it ends.

        Tests use it so toy entries never leak into the process-wide registry::

            with registry.transforms.scoped():
                register(ToyTransform)
                ...
        """
        with self._lock:
            self._load_modules()  # built-in modules register into the root layer, never a scope
            self._load_scan()
            layer = _Layer()
            self._layers.append(layer)
        try:
            yield self
        finally:
            with self._lock:
                if self._layers[-1] is not layer:
                    raise RuntimeError(f"{self!r}: scoped() blocks closed out of order")
                self._layers.pop()

    # -------------------------------------------------------------------------------- internals
    def _find(self, name: str) -> Any:
        for layer in reversed(self._layers):
            if name in layer.entries:
                return layer.entries[name]
        root = self._layers[0]
        if name in self._refs:
            obj = self._check(name, _resolve(self._refs[name]))
            root.entries[name], root.origins[name] = obj, BUILTIN
            return obj
        if not self._scanned:
            self._load_scan()
            return root.entries.get(name, _MISSING)
        return _MISSING

    def _claim(self, name: str, obj: Any, origin: str) -> None:
        existing = self._find(name)
        if existing is obj:
            return
        if existing is not _MISSING:
            raise DuplicateName(
                f"{self.noun} name {name!r} is already registered by {_describe(existing)} "
                f"(from {self._origin_of(name)}); {_describe(obj)} cannot take it too: give it another name"
            )
        layer = self._layers[0] if self._loading else self._layers[-1]
        layer.entries[name], layer.origins[name] = obj, BUILTIN if self._loading else origin

    def _origin_of(self, name: str) -> str:
        for layer in reversed(self._layers):
            if name in layer.origins:
                return layer.origins[name]
        return BUILTIN

    def _check(self, name: str, obj: Any) -> Any:
        validate = self._validate
        if isinstance(validate, str):
            validate = self._validate = _resolve(validate)
        return validate(name, obj) if validate is not None else obj

    def _load_modules(self) -> None:
        if self._modules_loaded or self._loading:
            return
        self._loading = True
        try:
            for module in self._modules() if callable(self._modules) else self._modules:
                importlib.import_module(module)
        finally:
            self._loading = False
        self._modules_loaded = True  # only once every module imported

    def _load_scan(self) -> None:
        if self._scanned or self._scan is None:
            self._scanned = True
            return
        found = dict(self._scan())
        root = self._layers[0]
        for name, obj in found.items():
            root.entries.setdefault(name, self._check(name, obj))
            root.origins.setdefault(name, BUILTIN)
        self._scanned = True

    def _plugins(self) -> dict[str, list[EntryPoint]]:
        layer = self._layers[-1]
        if layer.plugins is None:
            # the root shares one scan of the installed distributions with the other registries; a
            # scoped layer scans afresh, so a plugin put on sys.path inside the block is seen
            found = _entry_points(tuple(sys.path)).get(self.group, ()) if len(self._layers) == 1 else None
            if found is None:
                found = tuple(entry_points(group=self.group))
            by_name: dict[str, list[EntryPoint]] = {}
            for ep in found:
                by_name.setdefault(ep.name, []).append(ep)
            layer.plugins = by_name
        return layer.plugins

    def _load_plugin(self, ep: EntryPoint, *, warn: bool = True) -> str | None:
        """Load one entry point into the top layer; on failure record (and warn) why, and return it."""
        layer = self._layers[-1]
        key = (ep.name, ep.value, _dist_name(ep))
        if key in layer.tried or key in self._importing:
            return None
        self._importing.add(key)
        try:
            obj = self._check(ep.name, ep.load())
            self._claim(ep.name, obj, f"{_dist_name(ep)} {_dist_version(ep)}".strip())
        except Exception as exc:  # noqa: BLE001 - a broken plugin must not break perturbkit
            why = self._plugin_failure(ep, exc)
            layer.failed.setdefault(ep.name, why)
            if warn:
                warnings.warn(why, PluginWarning, stacklevel=_caller_level())
            return why
        finally:
            self._importing.discard(key)
            layer.tried.add(key)  # loaded or failed: either way, once per entry point
        return None

    def _plugin_failure(self, ep: EntryPoint, exc: Exception) -> str:
        dist = _dist_name(ep)
        return (
            f"perturbkit: plugin distribution {dist!r} failed to load {self.noun} {ep.name!r} "
            f"(entry point '{ep.name} = {ep.value}' in group {self.group!r}): {type(exc).__name__}: {exc}. "
            f"Everything else works; fix or uninstall {dist!r} to silence this."
        )

    def _unknown(self, name: str) -> UnknownName:
        known = self.names()
        near = difflib.get_close_matches(name, known, n=3, cutoff=0.5)
        if near:
            hint = f"; did you mean {', '.join(near)}?"
        elif self._listing:
            hint = f"; {self._listing}"
        else:
            hint = f"; known: {', '.join(known) or 'none'}"
        return UnknownName(f"unknown {self.noun} {name!r}{hint}", kind=self.kind, name=name, suggestions=near)


@functools.lru_cache(maxsize=2)
def _entry_points(path: tuple[str, ...]) -> dict[str, tuple[EntryPoint, ...]]:
    """Every ``perturbkit.*`` entry point by group, from one scan of the distributions on ``path``."""
    out: dict[str, list[EntryPoint]] = {}
    seen: set[str] = set()
    for dist in distributions():
        key = getattr(dist, "_normalized_name", None) or dist.metadata["Name"]  # first on the path wins,
        if key in seen:  # as importlib.metadata.entry_points() does
            continue
        seen.add(key)
        for ep in dist.entry_points:
            if ep.group.startswith("perturbkit."):
                out.setdefault(ep.group, []).append(ep)
    return {group: tuple(eps) for group, eps in out.items()}


def _caller_level() -> int:
    """The ``stacklevel`` of the first frame outside perturbkit, so a warning points at user code."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    frame, level = sys._getframe(1), 1
    while frame is not None and frame.f_code.co_filename.startswith(root):
        frame, level = frame.f_back, level + 1
    return level


def _resolve(ref: str) -> Any:
    """``"package.module:attr.sub"`` -> the object."""
    module, _, attr = ref.partition(":")
    obj: Any = importlib.import_module(module)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


def _describe(obj: Any) -> str:
    module, qual = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
    if module and qual:
        return f"{module}.{qual}"
    text = repr(obj)
    return text if len(text) <= 80 else text[:77] + "..."


def _dist_name(ep: EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    return (dist.name if dist is not None else None) or "(unknown distribution)"


def _dist_version(ep: EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    return (dist.version if dist is not None else None) or ""
