"""Where the double-quoted passages (dialogue) of a text are, answered in O(log n) per position."""

from __future__ import annotations

import bisect


def _positions(text: str, char: str) -> list[int]:
    """Indices of ``char`` in ``text`` (``str.find`` jumps; most texts have no quotes at all)."""
    out, i = [], text.find(char)
    while i != -1:
        out.append(i)
        i = text.find(char, i + 1)
    return out


class Quotes:
    """Positions of straight and curly double quotes in ``text``, to ask whether a position is
    inside a quotation (straight quotes toggle; curly ones open and close)."""

    def __init__(self, text: str) -> None:
        self._straight = _positions(text, '"')
        self._open = _positions(text, "\u201c")
        self._close = _positions(text, "\u201d")

    def inside(self, pos: int) -> bool:
        """Whether ``pos`` lies inside a quotation (counting the quotes before it)."""
        return bisect.bisect_left(self._straight, pos) % 2 == 1 or bisect.bisect_left(
            self._open, pos
        ) > bisect.bisect_left(self._close, pos)
