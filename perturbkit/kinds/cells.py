"""How report tables show a kind's numbers: cell formatters and the :class:`Column` a kind lists
for its detail table (markdown and HTML read the same columns).

>>> fmt(0.12345), fmt(None), fmt_p(0.0002), pct(0.5)
('0.123', '–', '<0.001', '50.0%')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Cell", "Column", "delta_ci", "fmt", "fmt_p", "not_applicable", "pct", "stat", "value_p"]

Cell = Callable[[Mapping[str, Any], Mapping[str, Any]], str]  # (stats of one metric, test counts) -> text


@dataclass(frozen=True)
class Column:
    """One column of a kind's detail table: its header and how a cell is made from the metric's
    statistics and the test's counts."""

    header: str
    cell: Cell


def fmt(x: Any, digits: int = 3) -> str:
    """A number for a table cell ("–" for undefined)."""
    if x is None:
        return "–"
    if isinstance(x, (bool, int)):
        return str(x)
    if isinstance(x, float):
        s = f"{x:.{digits}f}"
        return s[1:] if s == "-0." + "0" * digits else s  # no "-0.000"
    return str(x)


def fmt_p(p: float | None) -> str:
    """A p-value for a table cell ("<0.001" below a thousandth)."""
    if p is None:
        return "–"
    if p < 0.001:
        return "<0.001"
    return f"{p:.3f}"


def pct(x: float | None) -> str:
    """A share as a percentage with one decimal."""
    return "–" if x is None else f"{100 * x:.1f}%"


def value_p(key: str) -> Cell:
    """``value (p)`` for a statistic and its ``<key>_p``."""
    return lambda s, c: f"{fmt(s.get(key))} ({fmt_p(s.get(key + '_p'))})"


def stat(key: str, how: Callable[[Any], str] = fmt) -> Cell:
    """One statistic, formatted with ``how``."""
    return lambda s, c: how(s.get(key))


def delta_ci(s: Mapping[str, Any], counts: Mapping[str, Any] | None = None) -> str:
    """Mean paired change with its bootstrap CI: ``-0.250 [-0.400, -0.100]``."""
    if s.get("mean_delta") is None:
        return "–"
    lo, hi = s.get("delta_ci_low"), s.get("delta_ci_high")
    ci = f" [{fmt(lo)}, {fmt(hi)}]" if lo is not None else ""
    return f"{fmt(s['mean_delta'])}{ci}"


def not_applicable(s: Mapping[str, Any], counts: Mapping[str, Any]) -> str:
    """Stories the transforms could not perturb, plus the variants filters removed."""
    filtered = sum((counts.get("n_filtered") or {}).values())
    out = str(counts.get("n_not_applicable", 0))
    return out + (f" (+{filtered} filtered)" if filtered else "")
