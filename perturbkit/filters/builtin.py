"""Variant filters a suite applies after a transform: each decides whether an (original, variant)
pair is kept, and the runner counts what each one removed.

Built-in:
  ``changed``                  the variant differs from the original beyond whitespace (always on)
  ``max_change: {fraction}``   at most this share of the original's characters were edited
  ``max_edits: {n}``           at most ``n`` edits
  ``length_ratio: {min, max}`` variant length / original length within [min, max]

Each built-in is a factory ``(**params) -> (original, variant) -> bool``; other packages add
filters the same way through the entry-point group ``perturbkit.filters`` (see docs/plugins.md),
and :func:`build_filter` finds both through :data:`perturbkit.registry.filters`.
"""

from __future__ import annotations

import difflib
import inspect
from collections.abc import Callable, Mapping
from typing import Any

from .. import registry
from ..errors import UserError
from ..example import Example

FilterFn = Callable[[Example, Example], bool]


class FilterError(UserError, ValueError):
    """An unknown filter or bad filter parameters."""


def _norm(s: str) -> str:
    return " ".join(s.split())


def changed() -> FilterFn:
    """Keep variants that differ from the original beyond whitespace."""
    return lambda orig, var: _norm(orig.text) != _norm(var.text)


def max_change(fraction: float = 0.5) -> FilterFn:
    """Keep variants whose own edits touch at most ``fraction`` of the original's characters."""
    if not isinstance(fraction, (int, float)) or not 0 < fraction <= 1:
        raise FilterError(f"max_change: fraction must be in (0, 1], got {fraction!r}")

    def keep(orig: Example, var: Example) -> bool:
        n = max(1, len(orig.text))
        own = var.edits[len(orig.edits) :]
        return sum(max(e.before_span[1] - e.before_span[0], len(e.after)) for e in own) / n <= fraction

    return keep


def max_edits(n: int = 1) -> FilterFn:
    """Keep variants with at most ``n`` edits of their own."""
    if not isinstance(n, int) or n < 1:
        raise FilterError(f"max_edits: n must be a positive integer, got {n!r}")
    return lambda orig, var: len(var.edits) - len(orig.edits) <= n


def length_ratio(min: float = 0.0, max: float = float("inf")) -> FilterFn:  # noqa: A002
    """Keep variants whose length over the original's lies in [min, max]."""
    if not (isinstance(min, (int, float)) and isinstance(max, (int, float))) or min < 0 or max < min:
        raise FilterError(f"length_ratio: need 0 <= min <= max, got min={min!r}, max={max!r}")
    return lambda orig, var: min <= len(var.text) / (len(orig.text) or 1) <= max


def filter_names() -> list[str]:
    """Names a suite may use: the built-ins plus plugins of the entry-point group ``perturbkit.filters``."""
    return registry.filters.names()


def build_filter(name: str, params: Mapping[str, Any] | None = None) -> FilterFn:
    """The filter function for ``name`` with ``params`` (FilterError names near names/parameters)."""
    params = dict(params or {})
    try:
        factory = registry.filters.get(name)
    except registry.UnknownName as exc:
        raise FilterError(str(exc)) from None
    try:
        return factory(**params)
    except FilterError:
        raise
    except UserError as exc:
        raise FilterError(str(exc)) from None
    except TypeError as exc:
        try:
            valid = list(inspect.signature(factory).parameters)
        except (TypeError, ValueError):
            valid = []
        bad = [k for k in params if k not in valid]
        if valid and bad:
            near = difflib.get_close_matches(bad[0], valid, n=1)
            hint = f"; did you mean {near[0]!r}?" if near else f"; valid: {', '.join(valid) or 'none'}"
            raise FilterError(f"filter {name!r} has no parameter {bad[0]!r}{hint}") from None
        raise FilterError(f"filter {name!r}: {exc}") from None
    except (KeyError, ValueError) as exc:
        raise FilterError(f"filter {name!r}: {exc}") from None
