"""Assertions on one (original, variant) pair: the metric must score the variant lower
(:func:`assert_decreases`) or about the same (:func:`assert_invariant`). Failures raise
:class:`~perturbkit.testing.RobustnessFailure` with the original, the variant, the edits and both
scores. Metrics are scored through the process-wide kit (:func:`~perturbkit.testing.default_kit`)
unless ``kit`` is given.

>>> assert_decreases(lambda texts, c=None, r=None: [len(t) for t in texts], ("abc", "ab"))
(3.0, 2.0)
"""

from __future__ import annotations

from typing import Any

from .kit import Kit, default_kit
from .pairs import Pair

__all__ = ["assert_decreases", "assert_invariant"]


def assert_invariant(
    metric: Any, pair: Pair | tuple[Any, Any], tol: float, *, rel_tol: float = 0.0, kit: Kit | None = None
) -> tuple[float, float]:
    """Fail unless the metric scores the variant within ``tol`` of the original (or within
    ``rel_tol`` times the original's absolute score, whichever is larger). Returns both scores."""
    __tracebackhide__ = True
    return (kit or default_kit()).assert_invariant(metric, pair, tol, rel_tol=rel_tol)


def assert_decreases(
    metric: Any, pair: Pair | tuple[Any, Any], margin: float = 0.0, *, kit: Kit | None = None
) -> tuple[float, float]:
    """Fail unless the metric scores the variant below the original by more than ``margin``
    (higher scores mean better stories). Returns both scores."""
    __tracebackhide__ = True
    return (kit or default_kit()).assert_decreases(metric, pair, margin)
