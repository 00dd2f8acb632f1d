"""Metrics: the Metric protocol, the batched runner, and built-in baseline metrics.

>>> from perturbkit.metrics import resolve_metric
>>> m = resolve_metric("ngram_repetition")
>>> m(["the cat sat . the cat sat ."])[0] < m(["the cat sat on the mat ."])[0]
True

A metric spec is a built-in name (``BUILTIN_METRICS``), ``"module:callable"`` or
``"path/to/file.py:callable"``; a class is instantiated, a function wrapped.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import MetricError
from .base import CallableMetric, Metric, as_metric, resolve_device

# name -> "module:Class" (imported only when used, so listing names loads nothing)
BUILTIN_METRICS: dict[str, str] = {
    "ngram_repetition": "perturbkit.metrics.lexical:NgramRepetition",
    "lexical_diversity": "perturbkit.metrics.lexical:LexicalDiversity",
    "bleu": "perturbkit.metrics.bleu:Bleu",
    "rouge_l": "perturbkit.metrics.rouge:RougeL",
    "bertscore": "perturbkit.metrics.embedding:BertScore",
    "coherence": "perturbkit.metrics.embedding:Coherence",
    "context_relatedness": "perturbkit.metrics.embedding:ContextRelatedness",
    "perplexity": "perturbkit.metrics.perplexity:Perplexity",
}

__all__ = [
    "Metric",
    "CallableMetric",
    "as_metric",
    "resolve_metric",
    "resolve_device",
    "BUILTIN_METRICS",
    "MetricRunner",
    "builtin_metric",
]


def __getattr__(name: str) -> Any:
    if name == "MetricRunner":
        from .runner import MetricRunner

        return MetricRunner
    raise AttributeError(f"module 'perturbkit.metrics' has no attribute {name!r}")


def builtin_metric(name: str, **params: Any) -> Metric:
    """Instantiate a built-in metric by name with parameters."""
    if name not in BUILTIN_METRICS:
        raise MetricError(_unknown(name))
    cls = _import_target(BUILTIN_METRICS[name], name)
    try:
        return cls(**params)
    except TypeError as exc:
        raise MetricError(f"bad parameters for metric {name!r}: {exc}") from exc


def resolve_metric(spec: str | Callable[..., Any] | Metric, **params: Any) -> Metric:
    """A Metric from a built-in name, ``module:callable``, ``file.py:callable``, or an object."""
    if not isinstance(spec, str):
        if params:
            if isinstance(spec, type):
                spec = spec(**params)
            else:
                raise MetricError(f"parameters {sorted(params)} given for an already built metric {spec!r}")
        return as_metric(spec)
    spec = spec.strip()
    if spec in BUILTIN_METRICS:
        return builtin_metric(spec, **params)
    if ":" not in spec:
        raise MetricError(_unknown(spec))
    target = _import_target(spec, spec)
    if isinstance(target, type):
        try:
            target = target(**params)
        except TypeError as exc:
            raise MetricError(f"could not build metric {spec!r}: {exc}") from exc
    elif params:
        raise MetricError(f"metric {spec!r} is a function; it takes no parameters (got {sorted(params)})")
    if not callable(target):
        raise MetricError(f"metric {spec!r} is a {type(target).__name__}, not a callable")
    return as_metric(target)


def _import_target(spec: str, label: str) -> Any:
    module_part, _, attr = spec.rpartition(":")
    if not module_part or not attr:
        raise MetricError(f"metric spec {label!r} must look like 'module:callable' or 'file.py:callable'")
    try:
        if module_part.endswith(".py") or "/" in module_part or "\\" in module_part:
            path = Path(module_part).expanduser()
            if not path.is_file():
                raise MetricError(f"metric file {str(path)!r} not found (spec {label!r})")
            mod_name = f"_perturbkit_metric_{abs(hash(str(path.resolve())))}"
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
        else:
            mod = importlib.import_module(module_part)
    except MetricError:
        raise
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


def _unknown(name: str) -> str:
    near = difflib.get_close_matches(name, list(BUILTIN_METRICS), n=3, cutoff=0.5)
    hint = f" Did you mean {', '.join(repr(n) for n in near)}?" if near else ""
    return (
        f"unknown metric {name!r}.{hint} Built-in metrics: {', '.join(BUILTIN_METRICS)}; "
        f"or give 'module:callable' or 'path/to/file.py:callable'."
    )
