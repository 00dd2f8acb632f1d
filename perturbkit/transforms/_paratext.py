"""Paratext: the separators and authors' notes around a story (WritingPrompts: "-- -", "*****",
"Edit: thanks for the gold", "Original is [here](.../r/writing/...)", "first time writing"). One
detector for every transform: ``sentence_shuffle`` keeps them in place (``_shuffle_units``), and
the transforms that copy narration (``_narration``) never copy past the first of them."""

from __future__ import annotations

import re

# a run of separator marks standing alone as tokens, at least %d marks long
_MARK_RUN = r"(?:^|(?<=\s))(?:[-*_=~#]\s?){%d,}(?=\s|$)"

#: A separator: three or more dashes, asterisks, underscores, ... ("-- -", "***", "* * *", "_____"),
#: on a line of its own or inline (WritingPrompts flattens a story to one line).
SEPARATOR = re.compile(_MARK_RUN % 3)

#: A separator-like run: two marks or more ("__", "**", "--"); ``SEPARATOR`` with a shorter run.
#: ``sentence_shuffle`` holds in place a unit with one inside it (round 118, wp_dev-840: a scene
#: break "__" inside "We make eye contact . __ Alice opens her eyes ." moved to the story's start).
SEPARATOR_LIKE = re.compile(_MARK_RUN % 2)

#: An author's note: "Edit:", "EDIT", "PS:", "A/N", "Thanks for reading", "I'll try to write more",
#: "first time writing", a plea for feedback, a subreddit, or a note on a revision ("Changed the
#: second to last paragraph", "fixed some typos": round 103, wp_dev-369); a word to the reader about
#: the story ("finish reading my story first before reading anything under here", "hope you enjoyed
#: reading") or a glossary ("Garfu means fork in my native language": round 108, wp_dev-74).
NOTE = re.compile(
    r"\b(?:edit|update)\s*\d*\s*:|(?-i:\bEDIT\b)|\bA/N\b|\bauthor\s*'?\s*s note\b|(?<![\w.])p\.?\s?s\.?\s*:"
    r"|\bthanks?\s+(?:you\s+)?(?:so\s+much\s+|all\s+)?for\s+reading\b"
    r"|\b(?:i\s*'?\s*ll|i will|i may|i might) (?:try to )?(?:write|continue|post) (?:more|a part|part|another)\b"
    r"|\bfirst (?:time|attempt|post|story|prompt)\b[^.!?]*\b(?:writing|responding|posting|trying|prompts?|here)\b"
    r"|(?:^|(?<=[.!?:]\s)|\bi\s*(?:'\s*ve\s+|have\s+)?)(?:changed|fixed|edited|reworded|rewrote|added|updated)\b"
    r"(?:\s+\w+){0,6}?\s+"
    r"(?:paragraphs?|typos?|formatting|wording|spelling|grammar|ending)\b"
    r"|\b(?:feedback|criticism|critique)\b|\br/\w|\bwritingprompts?\b"
    r"|\b(?:finish|keep|stop)\s+reading\s+(?:my|the|this)\s+(?:story|post|piece)\b|\b(?:anything|everything)\s+(?:under|below)\s+(?:here|this)\b"
    r"|\bhope\s+(?:you|y\s*'?\s*all|everyone)\s+(?:all\s+|guys\s+)?(?:enjoy(?:ed)?|like[ds]?)\s+(?:reading|(?:my|this)\s+(?:little\s+)?(?:story|piece|poem))\b"
    r"|\bmeans\s+[^.!?]{0,40}?\bin\s+(?:my|our|the|their)\s+(?:native\s+|own\s+|mother\s+)?(?:language|tongue)\b"
    # a note on the writing itself (round 114, wp_dev-1180: "First creative writing I 've done in a while")
    r"|\bfirst\s+(?:(?:real|creative|actual|proper|serious|ever)\s+){0,2}(?:writing|post|submission)\b(?!\s+office)"
    r"|\b(?:sorry|apologi[sz]e)\s+(?:for|about)\s+(?:any|the|my|all\s+the)?\s*(?:\w+\s+)?"
    r"(?:mistakes|typos|errors|formatting|grammar|spelling|length)\b"
    r"|\b(?:excuse|forgive|pardon)\s+(?:any|the|my)\s+(?:\w+\s+)?(?:mistakes|typos|errors|formatting|grammar|spelling)\b"
    r"|\b(?:comments|thoughts|critiques?|c\s?&\s?c)\s+(?:are\s+|is\s+)?(?:always\s+)?(?:welcome|appreciated)\b"
    r"|\bhope\s+(?:somebody|someone|anybody|anyone|people)\s+(?:enjoys?|likes?)\s+(?:it|this)\b"
    r"|\bedit\s+(?:\w+\s+){0,3}?(?:this|my)\s+(?:\w+\s+)?(?:piece|story|post|prompt|response)\b",
    re.IGNORECASE,
)


#: An aside in brackets all in capitals, two words or more: an author's note that ``sentence_shuffle``
#: keeps in place (round 116, wp_dev-23: "( FIXED THE FORMATTING YAY )" moved with its sentence into
#: the story). Not part of ``NOTE``: one at the start of a story would end the narration that the
#: copying transforms draw from (``paratext_at``) before it began.
CAPS_ASIDE = re.compile(r"\(\s*(?=[^a-z()]*?\b[A-Z]{2,}\b[^a-z()]*?\b[A-Z]{2,}\b)[^a-z()]+\)")


def note_in(text: str) -> re.Match | None:
    """The first author's note in ``text`` for ``sentence_shuffle``: ``NOTE`` or ``CAPS_ASIDE``."""
    found = [m for m in (NOTE.search(text), CAPS_ASIDE.search(text)) if m]
    return min(found, key=lambda m: m.start()) if found else None


#: A preface at the start of the text that introduces the whole piece: "To the tune of actual
#: cannibal : Shia LeBeouf", "Title: ...", "Genre: ..." (round 108, wp_dev-80: it was moved, glued to
#: the first lyric line, into the song).
PREFACE = re.compile(
    r"\s*(?:to\s+the\s+tune\s+of\b|sung\s+to\s+the\s+tune\b|(?:title|genre|prompt|wp)\s*:)", re.IGNORECASE
)


def preface_end(text: str) -> int:
    """Where a preface that opens ``text`` ends, or 0 when it opens with none: the end of its first
    line when that line is a preface or ends with ":" (not a speaker label, "Human:"); in a text
    flattened to one line, the end of the preface's opening words (the caller keeps in place the
    unit that holds them: where the preface ends in that unit no rule can tell)."""
    first, newline, _ = text.partition("\n")
    m = PREFACE.match(text)
    line = first.rstrip()
    if newline and (m or (line.endswith(":") and not _LABEL_LINE.fullmatch(line.strip()))):
        return len(line)
    if m:
        return m.end()
    intro = _INTRO.match(first)  # flattened: "I kind of drew from personal feelings with this one : I love you ."
    return intro.end() if intro and not _LABEL_LINE.fullmatch(intro.group().strip()) else 0


# the opening words of a one-line text, ended by a colon before the next sentence starts: a line that
# introduces what follows (round 112, wp_dev-560: "I kind of drew from personal feelings with this one
# :" was moved, glued to "I love you .", to the end); not a time ("8 : 19") nor a sentence's own colon
_INTRO = re.compile(r"\s*[A-Z][^.!?:\n\"\u201c`*]{8,120}?\s:(?=\s+[A-Z\"\u201c`*])")


_LABEL_LINE = re.compile(r"[A-Z][\w.'\u2019-]*(?: [A-Z][\w.'\u2019-]*){0,2} ?:")


# a closing italic note: a "*" that opens a sentence and runs to the end of the text, closed there or
# never (round 114, wp_dev-1180: "*Under normal circumstances I 'd probably take forever to edit ...")
_CLOSING_ITALIC = re.compile(r"(?:^|(?<=[.!?\u2026\n'\"\u201d]\s))\*(?=[A-Za-z])[^*]*\*?\s*$")


def closing_italic(text: str) -> int | None:
    """Where a closing italic note that ends ``text`` starts (see ``_CLOSING_ITALIC``), or None."""
    m = _CLOSING_ITALIC.search(text)
    return m.start() if m else None


def paratext_at(text: str) -> int | None:
    """Where the first separator or author's note of ``text`` starts, or None."""
    found = [m.start() for m in (SEPARATOR.search(text), NOTE.search(text)) if m]
    return min(found) if found else None
