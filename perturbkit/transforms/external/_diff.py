"""Edits for a variant a library made without saying what it changed: a token-level diff.

The texts are split into words, single punctuation marks and whitespace runs (every character
belongs to one token), aligned with :class:`difflib.SequenceMatcher` (no library in the
dependencies diffs tokens with offsets), and each differing run becomes one :class:`Change` in
input offsets; applying the changes to the input gives the variant exactly. Sentences are aligned
first and only the differing ones are diffed by token: matching thousands of tokens at once is
quadratic in the repeated ones (spaces, "the"), sentences rarely repeat.

>>> [tuple(c) for c in diff_changes("He went home.", "He wnet home!")]
[(3, 7, 'wnet', ''), (12, 13, '!', '')]
"""

from __future__ import annotations

import difflib
import re

from ...transform import Change

_TOKEN = re.compile(r"\w+|\s+|[^\w\s]")
_SENTENCE = re.compile(r"[^\n.!?]*(?:[.!?]+|\n|$)\s*")  # never empty before the end of the text


def _split(pattern: re.Pattern[str], text: str) -> tuple[list[str], list[int]]:
    """The pieces of ``text`` and their start offsets (plus ``len(text)`` at the end)."""
    found = [(m.group(), m.start()) for m in pattern.finditer(text) if m.group()]
    return [t for t, _ in found], [s for _, s in found] + [len(text)]


def _align(pattern: re.Pattern[str], before: str, after: str) -> list[tuple[int, int, int, int]]:
    """``(start, end)`` spans in ``before`` and ``after`` of the pieces that differ."""
    a, a_at = _split(pattern, before)
    b, b_at = _split(pattern, after)
    return [
        (a_at[i1], a_at[i2], b_at[j1], b_at[j2])
        for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()
        if op != "equal"
    ]


def diff_changes(before: str, after: str) -> list[Change]:
    """The replacements turning ``before`` into ``after``, one per differing run of tokens."""
    out = []
    for sa, ea, sb, eb in _align(_SENTENCE, before, after):
        for s, e, s2, e2 in _align(_TOKEN, before[sa:ea], after[sb:eb]):
            out.append(Change(sa + s, sa + e, after[sb + s2 : sb + e2]))
    return out
