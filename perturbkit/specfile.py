"""Finding and reading the declarative YAML files (suites, recipes): a path, or the name of a shipped
file or a plugin's entry in a registry; YAML errors name the file and line.

Suites (:func:`perturbkit.suite.load_suite`) and recipes (:func:`perturbkit.recipe.load_recipe`)
both load through here, so they accept the same sources and report the same errors.

>>> from perturbkit import registry
>>> found = find_spec("demo", registry.suites, SuiteError, "suite")   # doctest: +SKIP
>>> data, label, lines = read_yaml(found.text, found.label, SuiteError)   # doctest: +SKIP
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import registry as _registry

__all__ = ["Found", "find_spec", "read_yaml", "yaml_lines"]


@dataclass(frozen=True)
class Found:
    """What a name or path led to: YAML ``text`` read from ``label`` (a path or a resource name), or
    an object a plugin registered (a mapping, or a built spec) in ``obj`` with its ``origin``."""

    text: str | None = None
    label: str = ""
    obj: Any = None
    origin: str = ""


def find_spec(source: str | os.PathLike[str], reg: _registry.Registry, error: type[Exception], noun: str) -> Found:
    """A YAML file at ``source``, else the entry ``source`` of ``reg`` (a shipped file or a plugin's).
    Unknown names raise ``error`` naming the nearest known one."""
    path = Path(source)
    if path.is_file():
        return Found(text=_read(path, error), label=str(path))
    try:
        found = reg.get(str(source))
    except _registry.PluginFailed as exc:
        raise error(str(exc)) from None
    except _registry.UnknownName as exc:
        near = f"; did you mean {exc.suggestions[0]!r}?" if exc.suggestions else ""
        raise error(
            f"no {noun} file {str(source)!r} and no shipped {noun} of that name{near} "
            f"(shipped and installed: {', '.join(reg.names()) or 'none'})"
        ) from None
    if isinstance(found, Mapping) or not (isinstance(found, (str, os.PathLike)) or hasattr(found, "read_text")):
        return Found(obj=found, label=f"{noun} {str(source)!r} of {reg.origin(str(source))}", origin=str(source))
    resource = Path(found) if isinstance(found, (str, os.PathLike)) else found
    # a real path for a normal install; else the file name
    return Found(text=_read(resource, error), label=str(resource))


def _read(resource: Any, error: type[Exception]) -> str:
    """The file's text; non-UTF-8 bytes and unreadable files raise ``error`` naming the line or the cause."""
    from .errors import InputError
    from .textfiles import read_text

    try:
        return read_text(resource)
    except InputError as exc:
        raise error(str(exc)) from None
    except OSError as exc:
        raise error(f"{resource}: cannot read the file ({exc.strerror or exc})") from None


def read_yaml(text: str, label: str, error: type[Exception]) -> tuple[Any, dict[tuple[Any, ...], int]]:
    """The parsed YAML and the line of every key path (for error messages); bad YAML, alias bombs and
    empty files raise ``error`` naming ``label`` and the line (:mod:`perturbkit.safeyaml`)."""
    from .safeyaml import load_yaml

    data = load_yaml(text, label, error=error)  # plain data only; aliases, size and depth bounded
    if data is None:
        raise error(f"{label}: the file is empty")
    return data, yaml_lines(text)


def yaml_lines(text: str) -> dict[tuple[Any, ...], int]:
    """Map key paths to 1-based line numbers (mapping entries are also indexed by position, so a
    ``{name: params}`` transform mapping normalised to a list still finds its line)."""
    import yaml

    out: dict[tuple[Any, ...], int] = {}
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return out

    def walk(node: Any, path: tuple[Any, ...]) -> None:
        out.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            for i, (k, v) in enumerate(node.value):
                key = k.value
                out[path + (key,)] = k.start_mark.line + 1
                out.setdefault(path + (i,), k.start_mark.line + 1)
                walk(v, path + (key,))
        elif isinstance(node, yaml.SequenceNode):
            for i, v in enumerate(node.value):
                out[path + (i,)] = v.start_mark.line + 1
                walk(v, path + (i,))

    if root is not None:
        walk(root, ())
    return out
