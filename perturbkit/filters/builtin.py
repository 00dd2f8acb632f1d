"""Variant filters a suite applies after a transform: each decides whether an (original, variant)
pair is kept, and the runner counts what each one removed.

Built-in:
  ``changed``                  the variant differs from the original beyond whitespace (always on)
  ``max_change: {fraction}``   at most this share of the original's characters were edited
  ``max_edits: {n}``           at most ``n`` edits
  ``length_ratio: {min, max}`` variant length / original length within [min, max]

If a ``perturbkit.filters`` module exists and offers ``get_filter(name, **params)`` returning a
callable ``(original, variant) -> bool``, names not listed here resolve through it (e.g. model-
based grammaticality or similarity filters).
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Callable, Mapping
from typing import Any

from ..errors import UserError
from ..example import Example

FilterFn = Callable[[Example, Example], bool]


class FilterError(UserError, ValueError):
    """An unknown filter or bad filter parameters."""


def _norm(s: str) -> str:
    return " ".join(s.split())


def _changed() -> FilterFn:
    return lambda orig, var: _norm(orig.text) != _norm(var.text)


def _max_change(fraction: float = 0.5) -> FilterFn:
    if not isinstance(fraction, (int, float)) or not 0 < fraction <= 1:
        raise FilterError(f"max_change: fraction must be in (0, 1], got {fraction!r}")

    def keep(orig: Example, var: Example) -> bool:
        n = max(1, len(orig.text))
        own = var.edits[len(orig.edits) :]
        return sum(max(e.before_span[1] - e.before_span[0], len(e.after)) for e in own) / n <= fraction

    return keep


def _max_edits(n: int = 1) -> FilterFn:
    if not isinstance(n, int) or n < 1:
        raise FilterError(f"max_edits: n must be a positive integer, got {n!r}")
    return lambda orig, var: len(var.edits) - len(orig.edits) <= n


def _length_ratio(min: float = 0.0, max: float = float("inf")) -> FilterFn:  # noqa: A002
    if not (isinstance(min, (int, float)) and isinstance(max, (int, float))) or min < 0 or max < min:
        raise FilterError(f"length_ratio: need 0 <= min <= max, got min={min!r}, max={max!r}")
    return lambda orig, var: min <= len(var.text) / (len(orig.text) or 1) <= max


BUILTIN: dict[str, Callable[..., FilterFn]] = {
    "changed": _changed,
    "max_change": _max_change,
    "max_edits": _max_edits,
    "length_ratio": _length_ratio,
}


def _external(name: str) -> Callable[..., FilterFn] | None:
    try:
        mod = importlib.import_module("perturbkit.filters")
    except ImportError:
        return None
    getter = getattr(mod, "get_filter", None)
    if getter is None:
        return None
    return lambda **params: getter(name, **params)


def filter_names() -> list[str]:
    """Names a suite may use (built-ins plus those of ``perturbkit.filters``, if present)."""
    names = set(BUILTIN)
    try:
        mod = importlib.import_module("perturbkit.filters")
        names.update(getattr(mod, "FILTERS", None) or getattr(mod, "REGISTRY", None) or ())
    except ImportError:
        pass
    return sorted(names)


def build_filter(name: str, params: Mapping[str, Any] | None = None) -> FilterFn:
    """The filter function for ``name`` with ``params`` (FilterError names near names/parameters)."""
    params = dict(params or {})
    factory = BUILTIN.get(name)
    if factory is None:
        ext = _external(name)
        if ext is not None:
            try:
                return ext(**params)
            except UserError as exc:
                raise FilterError(str(exc)) from None
            except (KeyError, TypeError, ValueError) as exc:
                raise FilterError(f"filter {name!r}: {exc}") from None
        near = difflib.get_close_matches(name, filter_names(), n=1, cutoff=0.5)
        hint = f"; did you mean {near[0]!r}?" if near else f"; filters: {', '.join(filter_names())}"
        raise FilterError(f"unknown filter {name!r}{hint}")
    try:
        return factory(**params)
    except TypeError as exc:
        import inspect

        valid = [p for p in inspect.signature(factory).parameters]
        bad = [k for k in params if k not in valid]
        if bad:
            near = difflib.get_close_matches(bad[0], valid, n=1)
            hint = f"; did you mean {near[0]!r}?" if near else f"; valid: {', '.join(valid) or 'none'}"
            raise FilterError(f"filter {name!r} has no parameter {bad[0]!r}{hint}") from None
        raise FilterError(f"filter {name!r}: {exc}") from None
