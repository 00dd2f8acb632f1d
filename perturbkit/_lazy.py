"""Lazy public names for a package, so importing it loads none of its heavy parts.

>>> __getattr__, __dir__ = lazy_exports(__name__, {"Suite": "spec"})   # doctest: +SKIP

``table`` maps a public name to the submodule (relative to the package) that defines it; the name
is imported on first access and kept in the package's namespace. (A few lines rather than the
``lazy_loader`` package: one more dependency for what four packages use at import time.)
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(package: str, table: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for ``package`` serving the names of ``table`` on first use."""
    namespace = sys.modules[package].__dict__

    def __getattr__(name: str) -> Any:
        module = table.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{module.lstrip('.')}", package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(namespace.get("__all__", ())) | set(table))

    return __getattr__, __dir__
