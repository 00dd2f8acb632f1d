"""Edits for a variant a library made without saying what it changed: a token-level diff.

The texts are split into words, single punctuation marks and whitespace runs (every character
belongs to one token), aligned with :class:`difflib.SequenceMatcher` (no library in the
dependencies diffs tokens with offsets), and each differing run becomes one :class:`Change` in
input offsets; applying the changes to the input gives the variant exactly.

>>> [tuple(c) for c in diff_changes("He went home.", "He wnet home!")]
[(3, 7, 'wnet', ''), (12, 13, '!', '')]
"""

from __future__ import annotations

import difflib
import re

from ...transform import Change

_TOKEN = re.compile(r"\w+|\s+|[^\w\s]")


def _tokens(text: str) -> tuple[list[str], list[int]]:
    """The tokens of ``text`` and their start offsets (plus ``len(text)`` at the end)."""
    found = [(m.group(), m.start()) for m in _TOKEN.finditer(text)]
    return [t for t, _ in found], [s for _, s in found] + [len(text)]


def diff_changes(before: str, after: str) -> list[Change]:
    """The replacements turning ``before`` into ``after``, one per differing run of tokens."""
    a, a_at = _tokens(before)
    b, b_at = _tokens(after)
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op != "equal":
            out.append(Change(a_at[i1], a_at[i2], after[b_at[j1] : b_at[j2]]))
    return out
