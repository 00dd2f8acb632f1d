"""Variant filters: decide whether an (original, variant) pair is kept, by name in suites and
recipes; the runner counts what each one removed.

>>> from perturbkit.filters import build_filter
>>> keep = build_filter("max_edits", {"n": 1})
"""

from __future__ import annotations

from .builtin import FilterError, FilterFn, build_filter, filter_names

__all__ = ["FilterError", "FilterFn", "build_filter", "filter_names"]
