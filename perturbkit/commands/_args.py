"""Shared command-line helpers: argparse types that reject bad numbers with a clear message, and
a name check that suggests the nearest valid name."""

from __future__ import annotations

import argparse
import difflib
from collections.abc import Iterable


def _int(s: str) -> int:
    try:
        return int(s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {s!r}") from None


def positive_int(s: str) -> int:
    """argparse type: an integer >= 1 (``--batch-size``, ``--limit``)."""
    n = _int(s)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}")
    return n


def count(s: str) -> int:
    """argparse type: an integer >= 0."""
    n = _int(s)
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {n}")
    return n


def seed(s: str) -> int:
    """argparse type: any integer (a seed)."""
    return _int(s)


def check_choice(option: str, value: str | None, valid: Iterable[str]) -> None:
    """Raise InputError when ``value`` is not one of ``valid``, suggesting the nearest one."""
    from ..errors import InputError

    names = sorted(set(valid))
    if value is None or value in names:
        return
    near = difflib.get_close_matches(value, names, n=1, cutoff=0.5)
    hint = f"; did you mean {near[0]!r}?" if near else ""
    raise InputError(f"{option} {value!r} is not one of: {', '.join(names)}{hint}")
