"""Paratext: the separators and authors' notes around a story (WritingPrompts: "-- -", "*****",
"Edit: thanks for the gold", "Original is [here](.../r/writing/...)", "first time writing"). One
detector for every transform: ``sentence_shuffle`` keeps them in place (``_shuffle_units``), and
the transforms that copy narration (``_narration``) never copy past the first of them."""

from __future__ import annotations

import re

#: A separator: three or more dashes, asterisks, underscores, ... ("-- -", "***", "* * *", "_____"),
#: on a line of its own or inline (WritingPrompts flattens a story to one line).
SEPARATOR = re.compile(r"(?:^|(?<=\s))(?:[-*_=~#]\s?){3,}(?=\s|$)")

#: An author's note: "Edit:", "EDIT", "PS:", "A/N", "Thanks for reading", "I'll try to write more",
#: "first time writing", a plea for feedback, a subreddit, or a note on a revision ("Changed the
#: second to last paragraph", "fixed some typos": round 103, wp_dev-369).
NOTE = re.compile(
    r"\b(?:edit|update)\s*\d*\s*:|(?-i:\bEDIT\b)|\bA/N\b|\bauthor\s*'?\s*s note\b|(?<![\w.])p\.?\s?s\.?\s*:"
    r"|\bthanks?\s+(?:you\s+)?(?:so\s+much\s+|all\s+)?for\s+reading\b"
    r"|\b(?:i\s*'?\s*ll|i will|i may|i might) (?:try to )?(?:write|continue|post) (?:more|a part|part|another)\b"
    r"|\bfirst (?:time|attempt|post|story|prompt)\b[^.!?]*\b(?:writing|responding|posting|trying|prompts?|here)\b"
    r"|(?:^|(?<=[.!?:]\s)|\bi\s*(?:'\s*ve\s+|have\s+)?)(?:changed|fixed|edited|reworded|rewrote|added|updated)\b"
    r"(?:\s+\w+){0,6}?\s+"
    r"(?:paragraphs?|typos?|formatting|wording|spelling|grammar|ending)\b"
    r"|\b(?:feedback|criticism|critique)\b|\br/\w|\bwritingprompts?\b",
    re.IGNORECASE,
)


def paratext_at(text: str) -> int | None:
    """Where the first separator or author's note of ``text`` starts, or None."""
    found = [m.start() for m in (SEPARATOR.search(text), NOTE.search(text)) if m]
    return min(found) if found else None
