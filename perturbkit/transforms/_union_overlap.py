"""Where UNION's techniques meet (round 70): a repetition and another technique that edit the
same sentence stack into a garbled clause ("he was excited for tryouts" -> repeated "excited"
-> negated "was": "he was not excited and excited for tryouts"), not a story-level error.

:func:`clashes` tells whether a step's edits share a sentence with a repetition's (or, for a
repetition step, with any earlier technique's). Earlier edits are located in the step's input
text by carrying their spans forward through the steps after them (a shuffle's "sentence i ->
position j" moves carry a span along with its sentence), from the edits alone: a variant's
edits keep each step's spans in the text at that step (:class:`~perturbkit.example.Edit`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import groupby

from ..example import Edit

#: The transforms behind UNION's repetition technique.
REPETITIONS = frozenset({"repeat_ngram", "repeat_sentence"})
_MOVE = re.compile(r"sentence (\d+) -> position (\d+)")
#: A sentence ends at a stop (and any closing quotes) before white space, or at a line break.
_SENTENCE_END = re.compile(r"[.!?]+['\"`’”]*(?=\s)|\n")

Span = tuple[int, int]


def steps(edits: Sequence[Edit]) -> list[list[Edit]]:
    """The edits grouped by step: each drawn technique runs once, so a step is a run of edits
    of one transform."""
    return [list(g) for _, g in groupby(edits, key=lambda e: e.transform)]


def _carry_moved(span: Span, step: list[Edit]) -> Span | None:
    """``span`` through a shuffle step when a moved sentence holds it; None when none does."""
    for e in step:
        a, b = e.before_span
        if a <= span[0] and span[1] <= b:
            m = _MOVE.search(e.note)
            if m is None:
                return None
            dest = next((f for f in step if (g := _MOVE.search(f.note)) and g[1] == m[2]), None)
            if dest is None or dest.after != e.before:
                return None  # not moved verbatim: the span is lost
            return dest.after_span[0] + span[0] - a, dest.after_span[0] + span[1] - a
    return None


def carry(span: Span, step: list[Edit]) -> Span | None:
    """``span`` of a step's input text in its output text, widened to cover any edit that touches
    it; None when it cannot be followed (in a shuffle slot that moved not verbatim)."""
    if step and step[0].transform == "sentence_shuffle":
        moved = _carry_moved(span, step)
        if moved is not None:
            return moved
        if any(e.before_span[0] < span[1] and span[0] < e.before_span[1] for e in step):
            return None
    return _position(span[0], step, start=True), _position(span[1], step, start=False)


def _position(p: int, step: list[Edit], *, start: bool) -> int:
    """Offset ``p`` of a step's input text in its output text; inside an edit, that edit's start
    (for a span's ``start``) or end, so that a carried span covers the edits it touches."""
    shift = 0
    for e in step:
        a, b = e.before_span
        if a < p < b or (start and a == p < b) or (not start and a < p == b):
            return e.after_span[0] if start else e.after_span[1]
        if b <= p:
            shift += (e.after_span[1] - e.after_span[0]) - (b - a)
    return p + shift


def source_span(e: Edit) -> Span | None:
    """The sentence a ``repeat_sentence`` edit copied, in the text after its step: right before
    the copy (an inserted copy keeps the original gap in its ``after``; a copy that replaced the
    next sentence is one separator, taken as one character, after it). None for other edits."""
    if e.transform != "repeat_sentence" or not e.after.strip():
        return None
    a = e.after_span[0]
    if e.before_span[0] == e.before_span[1]:  # inserted: "<gap><copy>" right after the source
        return a - len(e.after.lstrip()), a
    return max(0, a - 1 - len(e.after)), max(0, a - 1)


def located(edits: Sequence[Edit]) -> list[tuple[str, Span | None]]:
    """Each step's transform with each of its edits' spans carried to the text after the last step
    (None where a span was lost). A sentence copy's source counts as part of the repetition too
    (round 741: "parents" -> "students" in the source of a copy left "his students started getting
    worried ... . his parents started getting worried ...")."""
    groups = steps(edits)
    out: list[tuple[str, Span | None]] = []
    for k, step in enumerate(groups):
        for e in step:
            src = source_span(e)
            for first in (e.after_span,) if src is None else (e.after_span, src):
                span: Span | None = first
                for later in groups[k + 1 :]:
                    if span is None:
                        break
                    span = carry(span, later)
                out.append((e.transform, span))
    return out


def sentence_of(text: str, span: Span) -> Span:
    """The sentence of ``text`` around ``span`` (stops and line breaks: no parse needed)."""
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if m.end() <= span[0]:
            start = m.end()
        elif m.end() >= span[1]:
            return start, m.end()
    return start, len(text)


def clashes(text: str, earlier: Sequence[Edit], new: Sequence[Edit]) -> bool:
    """The step that made ``new`` (spans in ``text`` and its output) edits a sentence of ``text``
    an earlier technique edited, where one of the two is a repetition (or an earlier edit cannot
    be located while the new step or it is one)."""
    if not new or new[0].transform == "sentence_shuffle":
        return False
    rep_new = new[0].transform in REPETITIONS
    mine = [sentence_of(text, e.before_span) for e in new]
    for kind, span in located(earlier):
        if kind == "sentence_shuffle" or not (rep_new or kind in REPETITIONS):
            continue
        if span is None:
            return True
        a, b = sentence_of(text, span)
        if any(a < d and c < b or a == c for c, d in mine):
            return True
    return False
