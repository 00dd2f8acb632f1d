"""Which sentence units of a story are plain narration, for ``semantic_repetition``: a copy must
not carry quotation or markdown marks ("**", an unclosed "*"), land inside a quotation or an
italic aside, or land after the story's end (an author's note after a "-----" rule, "Edit:",
"Thanks for reading")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ._persons import MASKED

# Quotation and markdown marks (name masks like "[MALE]" are removed before the check).
_MARKS = re.compile(r"[*_#~>|\[\]\"\u201c\u201d]|``|''")
# Where an author's note starts: a horizontal rule, "Edit:", "Thanks for reading", a subreddit plug.
_STORY_END = re.compile(
    r"(?:(?<=\s)|^)(?:(?:-\s*){3,}|(?:\*\s*){3,}|(?:_\s*){3,}|(?:=\s*){3,})"
    r"|\b(?:edit|update|ps|p\.s\.|a/n|author's note)\s*:"
    r"|\bthanks?\s+(?:you\s+)?(?:so\s+much\s+|all\s+)?for\s+reading"
    r"|(?:^|\s)/?r/\w",
    re.IGNORECASE,
)


def is_plain(text: str) -> bool:
    """True when ``text`` holds no quotation or markdown mark."""
    return not _MARKS.search(MASKED.sub("", text))


def story_end(text: str) -> int:
    """Where the story proper ends: the start of an author's note, else the text's length."""
    m = _STORY_END.search(text)
    return m.start() if m else len(text)


def open_marks(text: str, ends: Sequence[int]) -> list[bool]:
    """For each offset in ``ends`` (ascending): whether a quotation or an italic ("*", "_") is
    open there. One pass over the text."""
    out, pos = [], 0
    stars = under = straight = 0
    opened = 0  # `` and \u201c minus '' and \u201d
    for e in ends:
        chunk = text[pos:e]
        stars += chunk.count("*")
        under += len(re.findall(r"(?<!\w)_|_(?!\w)", chunk))
        straight += chunk.count('"')
        opened += chunk.count("``") + chunk.count("\u201c") - chunk.count("''") - chunk.count("\u201d")
        out.append(bool(stars % 2 or under % 2 or straight % 2 or opened > 0))
        pos = e
    return out


def narration(text: str, sp: Sequence[tuple[int, int, str, bool]]) -> list[bool]:
    """Per unit of ``sp`` (start, end, text, copyable): a copyable unit of plain narration, inside
    the story proper, with no quotation or italic open at its start or end."""
    end = story_end(text)
    bounds = open_marks(text, [b for s, e, _, _ in sp for b in (s, e)])
    return [
        ok and e <= end and is_plain(t) and not bounds[2 * k] and not bounds[2 * k + 1]
        for k, (s, e, t, ok) in enumerate(sp)
    ]
