"""Edits shown inline: a story with the changes that made its variant marked as ``<del>`` and
``<ins>`` (escaped HTML), from the variant's Edit spans when they describe one transform step, else
from a word-level diff.

>>> edit_markup("a b c", "a x c", [Edit("t", (2, 3), (2, 3), "b", "x")])
'a <del title="t">b</del><ins title="t">x</ins> c'
"""

from __future__ import annotations

import difflib
import html
import re
from collections.abc import Sequence
from typing import Any

from ..example import Edit

__all__ = ["edit_markup", "esc"]


def esc(s: Any) -> str:
    """Escape text for HTML (quotes too, so it is safe inside attributes)."""
    return html.escape("" if s is None else str(s), quote=True)


def _steps(edits: Sequence[Edit]) -> list[list[Edit]]:
    """Split edits into transform steps: a step is a run of one transform's ascending, disjoint edits."""
    steps: list[list[Edit]] = []
    for e in edits:
        prev = steps[-1][-1] if steps else None
        if prev is None or e.transform != prev.transform or e.before_span[0] < prev.before_span[1]:
            steps.append([e])
        else:
            steps[-1].append(e)
    return steps


def _span_markup(before: str, after: str, edits: Sequence[Edit]) -> str | None:
    """Inline markup from one step's Edit spans, or None when they do not describe ``before -> after``."""
    out: list[str] = []
    rebuilt: list[str] = []
    pos = 0
    for e in edits:
        s, t = e.before_span
        if not (0 <= pos <= s <= t <= len(before)) or before[s:t] != e.before:
            return None
        out.append(esc(before[pos:s]))
        rebuilt.append(before[pos:s])
        title = esc(f"{e.transform}: {e.note}" if e.note else e.transform)
        if e.before:
            out.append(f'<del title="{title}">{esc(e.before)}</del>')
        if e.after:
            out.append(f'<ins title="{title}">{esc(e.after)}</ins>')
        rebuilt.append(e.after)
        pos = t
    out.append(esc(before[pos:]))
    rebuilt.append(before[pos:])
    return "".join(out) if "".join(rebuilt) == after else None


def _diff_markup(before: str, after: str) -> str:
    """Word-level diff markup (used when the edits span several chained steps)."""
    a, b = re.findall(r"\s+|\S+", before), re.findall(r"\s+|\S+", after)
    out: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(esc("".join(a[i1:i2])))
            continue
        if i2 > i1:
            out.append(f"<del>{esc(''.join(a[i1:i2]))}</del>")
        if j2 > j1:
            out.append(f"<ins>{esc(''.join(b[j1:j2]))}</ins>")
    return "".join(out)


def edit_markup(before: str, after: str, edits: Sequence[Edit] = ()) -> str:
    """``before`` with the changes that made ``after`` marked as ``<del>``/``<ins>`` (escaped HTML).

    Uses the Edit spans when the edits are one transform step that rebuilds ``after`` exactly;
    otherwise (chains, shifted spans) a word-level diff of the two texts.

    >>> edit_markup("a b c", "a x c", [Edit("t", (2, 3), (2, 3), "b", "x")])
    'a <del title="t">b</del><ins title="t">x</ins> c'
    """
    steps = _steps(edits)
    if len(steps) == 1:
        marked = _span_markup(before, after, steps[0])
        if marked is not None:
            return marked
    return _diff_markup(before, after)
