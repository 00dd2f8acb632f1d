"""Metrics: the Metric protocol, the batched runner, and built-in baseline metrics.

>>> from perturbkit.metrics import resolve_metric
>>> m = resolve_metric("ngram_repetition")
>>> m(["the cat sat . the cat sat ."])[0] < m(["the cat sat on the mat ."])[0]
True

A metric spec is a registered name (the built-ins in ``BUILTIN_METRICS`` plus plugins of the
entry-point group ``perturbkit.metrics``), ``"module:callable"`` or ``"path/to/file.py:callable"``;
a class is instantiated, a function wrapped.
"""

from __future__ import annotations

from typing import Any

from .base import CallableMetric, Metric, as_metric, resolve_device
from .resolve import BUILTIN_METRICS, builtin_metric, resolve_metric

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
