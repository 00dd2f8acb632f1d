"""A pair of stories (an original and a variant a transform made from it), how failure messages
show it, and the two checks the pair assertions make on its scores.

>>> p = as_pair(("Tom ran. He fell.", "He fell. Tom ran."))
>>> check_decrease("m", p, (0.9, 0.4))
(0.9, 0.4)
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..example import Edit, Example, as_example

__all__ = ["Pair", "RobustnessFailure", "as_pair", "check_decrease", "check_invariant"]

_CLIP = 600  # characters of a story shown in a failure message


class RobustnessFailure(AssertionError):
    """A metric failed a pair assertion; ``pair`` and ``scores`` (original, variant) are attached."""

    def __init__(self, message: str, pair: Pair, scores: tuple[float, float]) -> None:
        super().__init__(message)
        self.pair, self.scores = pair, scores


@dataclass(frozen=True, repr=False)
class Pair:
    """An original story and a variant a transform made from it (``seed``: the seed that did, so
    ``transform(original, seed=seed)`` makes the variant again).

    Unpacks as ``original, variant = pair``; ``edits`` are the variant's own edits."""

    original: Example
    variant: Example
    seed: int | None = None

    def __iter__(self) -> Iterator[Example]:
        return iter((self.original, self.variant))

    @property
    def edits(self) -> tuple[Edit, ...]:
        n = len(self.original.edits)
        own = self.variant.edits
        return own[n:] if own[:n] == self.original.edits else own

    @property
    def transform(self) -> str:
        """The transform(s) that made the variant, e.g. ``sentence_shuffle`` (``""`` if unknown)."""
        return " >> ".join(dict.fromkeys(e.transform for e in self.edits))

    def describe(self, scores: tuple[float, float] | None = None, metric: str = "") -> str:
        """Original, variant and edits (with scores when given), as shown in failure messages."""
        so, sv = scores if scores is not None else (None, None)
        seed = f" (seed {self.seed})" if self.seed is not None else ""
        lines = [_story_line("original", self.original.id, so, metric), f"    {_clip(self.original.text)}"]
        if self.original.context:
            lines.append(f"    context: {_clip(self.original.context, 200)}")
        lines += [_story_line("variant ", self.variant.id + seed, sv, metric), f"    {_clip(self.variant.text)}"]
        edits = self.edits
        if edits:
            lines.append(f"  edits ({len(edits)}):")
            lines += [f"    {_edit_line(e)}" for e in edits]
        else:
            diff = _word_diff(self.original.text, self.variant.text)
            lines.append("  changes (word diff; no edits recorded):" if diff else "  no changes")
            lines += [f"    {d}" for d in diff]
        return "\n".join(lines)

    def __repr__(self) -> str:
        edits = self.edits
        shown = "; ".join(_edit_line(e, width=40, note=False) for e in edits[:3])
        more = f"; ... {len(edits) - 3} more" if len(edits) > 3 else ""
        seed = f", seed={self.seed}" if self.seed is not None else ""
        what = self.transform or "variant"
        return f"Pair({what} of {self.original.id!r}{seed}: {shown or repr(_clip(self.variant.text, 60))}{more})"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:  # hypothesis' "Falsifying example" printer
        p.text(repr(self))


def as_pair(x: Pair | tuple[Any, Any]) -> Pair:
    """A Pair from a Pair or an (original, variant) tuple of strings or Examples."""
    if isinstance(x, Pair):
        return x
    if isinstance(x, tuple) and len(x) == 2:
        return Pair(as_example(x[0]), as_example(x[1]))
    raise TypeError(f"expected a Pair or an (original, variant) tuple, got {type(x).__name__}")


def _clip(text: str, n: int = _CLIP) -> str:
    text = " ".join(text.split()) if "\n" in text else text
    return text if len(text) <= n else text[: n - 1] + "…"


def _story_line(role: str, ident: str, score: float | None, metric: str) -> str:
    s = "" if score is None else f"  {metric + ' ' if metric else ''}score {_num(score)}"
    return f"  {role} {ident}{s}"


def _edit_line(e: Edit, width: int = 80, note: bool = True) -> str:
    a, b = e.before_span
    n = f"  ({e.note})" if note and e.note else ""
    return f"{e.transform} [{a}:{b}] {_clip(e.before, width)!r} -> {_clip(e.after, width)!r}{n}"


def _word_diff(a: str, b: str) -> list[str]:
    wa, wb = a.split(), b.split()
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=wa, b=wb, autojunk=False).get_opcodes():
        if op != "equal":
            out.append(f"words {i1}-{i2}: {_clip(' '.join(wa[i1:i2]), 80)!r} -> {_clip(' '.join(wb[j1:j2]), 80)!r}")
    return out[:10]


def _num(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.6g}"


def check_invariant(
    metric: str, pair: Pair, scores: tuple[float, float], tol: float, rel_tol: float = 0.0
) -> tuple[float, float]:
    """Raise :class:`RobustnessFailure` unless the variant's score is within ``tol`` of the
    original's (or ``rel_tol`` times its absolute value, whichever is larger); return the scores."""
    __tracebackhide__ = True
    if tol < 0 or rel_tol < 0:
        raise ValueError(f"tol and rel_tol must be >= 0, got {tol} and {rel_tol}")
    so, sv = scores
    allowed = max(tol, rel_tol * abs(so))
    if not abs(sv - so) <= allowed:
        what = pair.transform or "this change"
        raise RobustnessFailure(
            f"metric {metric!r} is not invariant to {what}: the score moved by {sv - so:+.4g} "
            f"(allowed ±{allowed:.4g})\n{pair.describe((so, sv))}",
            pair,
            (so, sv),
        )
    return so, sv


def check_decrease(metric: str, pair: Pair, scores: tuple[float, float], margin: float = 0.0) -> tuple[float, float]:
    """Raise :class:`RobustnessFailure` unless the variant scores below the original by more than
    ``margin`` (higher scores mean better stories); return the scores."""
    __tracebackhide__ = True
    if margin < 0:
        raise ValueError(f"margin must be >= 0, got {margin}")
    so, sv = scores
    if not sv < so - margin:
        what = f"the {pair.transform} variant" if pair.transform else "the variant"
        change = "did not change" if sv == so else f"changed by {sv - so:+.4g}"
        need = f" (it should drop by more than {margin:.4g})" if margin else ""
        raise RobustnessFailure(
            f"metric {metric!r} did not score {what} lower: the score {change}{need}\n{pair.describe((so, sv))}",
            pair,
            (so, sv),
        )
    return so, sv
