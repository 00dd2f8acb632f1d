"""Metric specs to Metric objects: a registered name, ``module:callable``, ``file.py:callable``,
``learned:DIR`` (a plausibility classifier trained by ``perturbkit train metric``),
``evaluate:PATH`` (a Hugging Face ``evaluate`` module) or ``sentence-transformers:PATH`` (cosine
similarity on any sentence encoder).

Registered names are the built-ins plus the entry-point group ``perturbkit.metrics``
(:data:`perturbkit.registry.metrics`). ``module:callable`` finds modules in the current directory
too, as ``python -m`` does, so ``perturbkit run ... --metric mymetrics:score`` works from the
folder holding ``mymetrics.py``.

>>> resolve_metric("ngram_repetition").name
'ngram_repetition'
"""

from __future__ import annotations

import difflib
import hashlib
import importlib
import importlib.util
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import registry
from ..errors import MetricError
from .base import Metric, as_metric

BUILTIN_METRICS = registry.metrics.builtin_refs  # name -> "module:Class"; reading it imports nothing
# ``PREFIX:PATH`` specs: a library's models or modules by path; the factory takes the path first
PREFIXED = {
    "evaluate": "perturbkit.metrics.hf_evaluate:EvaluateMetric",
    "sentence-transformers": "perturbkit.metrics.embedding:sentence_transformer_metric",
}


def builtin_metric(name: str, **params: Any) -> Metric:
    """Instantiate a registered metric (built-in or plugin) by name with parameters."""
    try:
        target = registry.metrics.get(name)
    except registry.PluginFailed as exc:
        raise MetricError(str(exc)) from None
    except registry.UnknownName as exc:
        raise MetricError(_unknown(name, exc.suggestions)) from None
    return _build(target, params, name, registered=True)


def resolve_metric(spec: str | Callable[..., Any] | Metric, **params: Any) -> Metric:
    """A Metric from a registered name, ``module:callable``, ``file.py:callable``, ``learned:DIR``, or an
    object."""
    if not isinstance(spec, str):
        if params:
            if isinstance(spec, type):
                spec = spec(**params)
            else:
                raise MetricError(f"parameters {sorted(params)} given for an already built metric {spec!r}")
        return as_metric(spec)
    spec = spec.strip()
    if spec.startswith("learned:"):  # a folder written by `perturbkit train metric`
        from .learned import learned_metric

        return learned_metric(spec, **params)
    prefix, _, target = spec.partition(":")
    if prefix in PREFIXED:
        if not target.strip():
            raise MetricError(f"metric spec {spec!r} names no model or module after {prefix + ':'!r}")
        factory = _import_target(PREFIXED[prefix], spec)
        try:
            metric = factory(target.strip(), **params)
        except (TypeError, ValueError) as exc:
            raise MetricError(f"bad parameters for metric {spec!r}: {exc}") from exc
        return as_metric(metric, name=spec)  # named as typed: two models of one kind stay apart
    if ":" not in spec:
        return builtin_metric(spec, **params)
    return _build(_import_target(spec, spec), params, spec, registered=False)


def _build(target: Any, params: dict[str, Any], label: str, *, registered: bool) -> Metric:
    """Instantiate a class with ``params``; a function takes none. A registered function is named
    by its registry name (what the user typed), a class keeps its own ``name``."""
    if isinstance(target, type):
        try:
            target = target(**params)
        except TypeError as exc:
            what = "bad parameters for metric" if registered else "could not build metric"
            raise MetricError(f"{what} {label!r}: {exc}") from exc
    elif params:
        raise MetricError(f"metric {label!r} is a function; it takes no parameters (got {sorted(params)})")
    if not callable(target):
        raise MetricError(f"metric {label!r} is a {type(target).__name__}, not a callable")
    named = bool(getattr(target, "name", "")) if isinstance(target, Metric) else False
    return as_metric(target, name=label if registered and not named else None)


def _import_module(module_part: str) -> Any:
    """Import ``module_part``; when its top-level package is not on ``sys.path`` but sits in the
    current directory, add the current directory (as ``python -m`` does) and import it from there."""
    try:
        return importlib.import_module(module_part)
    except ModuleNotFoundError as exc:
        top = module_part.split(".")[0]
        cwd = os.getcwd()
        on_path = {os.path.abspath(p or os.curdir) for p in sys.path}
        if exc.name != top or cwd in on_path:
            raise
        if not (Path(cwd, f"{top}.py").is_file() or Path(cwd, top, "__init__.py").is_file()):
            raise
        sys.path.append(cwd)  # appended: an installed package of the same name still wins
        importlib.invalidate_caches()
        return importlib.import_module(module_part)


def _import_file(path: Path, label: str) -> Any:
    if not path.is_file():
        raise MetricError(f"metric file {str(path)!r} not found (spec {label!r})")
    # a stable name: it is part of the metric's identity (the score cache key), and hash() of a
    # string changes from one process to the next, so a resumed run would find none of its scores
    digest = hashlib.sha1(str(path.resolve()).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    mod_name = f"_perturbkit_metric_{digest}"
    mod = sys.modules.get(mod_name)
    if mod is None:
        s = importlib.util.spec_from_file_location(mod_name, path)
        assert s is not None and s.loader is not None
        mod = importlib.util.module_from_spec(s)
        sys.modules[mod_name] = mod
        try:
            s.loader.exec_module(mod)
        except BaseException:
            del sys.modules[mod_name]
            raise
    return mod


def _import_target(spec: str, label: str) -> Any:
    module_part, _, attr = spec.rpartition(":")
    if not module_part or not attr:
        raise MetricError(f"metric spec {label!r} must look like 'module:callable' or 'file.py:callable'")
    try:
        if module_part.endswith(".py") or "/" in module_part or "\\" in module_part:
            mod = _import_file(Path(module_part).expanduser(), label)
        else:
            mod = _import_module(module_part)
    except ImportError as exc:
        raise MetricError(f"cannot import {module_part!r} for metric {label!r}: {exc}") from exc
    obj: Any = mod
    for part in attr.split("."):
        if not hasattr(obj, part):
            names = [n for n in dir(mod) if not n.startswith("_")]
            near = difflib.get_close_matches(part, names, n=3)
            hint = f"; did you mean {', '.join(near)}?" if near else ""
            raise MetricError(f"{module_part!r} has no attribute {attr!r} (metric {label!r}){hint}")
        obj = getattr(obj, part)
    return obj


def _unknown(name: str, near: list[str]) -> str:
    hint = f" Did you mean {', '.join(repr(n) for n in near)}?" if near else ""
    return (
        f"unknown metric {name!r}.{hint} Known metrics: {', '.join(registry.metrics.names())}; "
        f"or give 'module:callable' or 'path/to/file.py:callable'."
    )
