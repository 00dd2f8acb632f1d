"""Where the double-quoted passages (dialogue) of a text are, answered in O(log n) per position."""
from __future__ import annotations

import bisect


class Quotes:
    """Positions of straight and curly double quotes in ``text``, to ask whether a position is
    inside a quotation (straight quotes toggle; curly ones open and close)."""

    def __init__(self, text: str) -> None:
        self._straight = [i for i, c in enumerate(text) if c == '"']
        self._open = [i for i, c in enumerate(text) if c == "\u201c"]
        self._close = [i for i, c in enumerate(text) if c == "\u201d"]

    def inside(self, pos: int) -> bool:
        """Whether ``pos`` lies inside a quotation (counting the quotes before it)."""
        return (bisect.bisect_left(self._straight, pos) % 2 == 1
                or bisect.bisect_left(self._open, pos) > bisect.bisect_left(self._close, pos))
