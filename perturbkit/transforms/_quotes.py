"""Where the quotations (dialogue) of a text are: :class:`Quotes` answers whether a position lies
inside a double-quoted passage in O(log n); :func:`quotation_spans` finds each quotation's extent,
in every quoting style stories use (straight, curly and single curly quotes, and the tokenised
```` ... ''`` of released corpora), so that quoted speech can be treated as one unit."""

from __future__ import annotations

import bisect
import re


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


# ------------------------------------------------------------------------------------------------
# Quotation spans
# ------------------------------------------------------------------------------------------------
_HAS_MARK = re.compile("``|''|[\"\u201c\u201d\u2018]")
_DOUBLE = re.compile("``|''|[\"\u201c\u201d]")
_OPEN_SINGLE = re.compile("(?:(?<=^)|(?<=[\\s(\\[\u2014\u2013-]))\u2018")
# a right single quote that is an apostrophe: a contraction ("don ’ t", "I’ve") or an elision
_APOSTROPHE = re.compile("[A-Za-z] ?\u2019 ?(?:s|t|ve|re|ll|d|m)\\b", re.IGNORECASE)
# a left single quote used as an apostrophe: "‘em", "‘bout", "‘90s"
_ELISION = re.compile("\u2018 ?(?:em|bout|cause|til|till|tis|twas|n|\\d\\d)\\b", re.IGNORECASE)
_SINGLE_REACH = 600  # characters a single-quoted passage may span (else the quote was an apostrophe)


def _paragraph_start(text: str, pos: int) -> int:
    return text.rfind("\n", 0, pos) + 1


def _double_spans(text: str) -> list[tuple[int, int]]:
    """Double-quoted passages. An opening mark while a quotation is open starts a new one when a
    line break lies between them (a quotation running over paragraphs reopens each one) and is
    ignored otherwise; a closing mark with nothing open closes a quotation that began at the start
    of its paragraph (a story that starts mid-quote); a quotation never closed runs to the end."""
    spans: list[tuple[int, int]] = []
    start: int | None = None
    for m in _DOUBLE.finditer(text):
        mark, pos = m.group(), m.start()
        if mark == '"':
            if start is None:
                start = pos
            else:
                spans.append((start, m.end()))
                start = None
        elif mark in ("``", "\u201c"):
            if start is None:
                start = pos
            elif "\n" in text[start:pos]:
                spans.append((start, text.rfind("\n", start, pos)))
                start = pos
        elif start is not None:
            spans.append((start, m.end()))
            start = None
        else:
            spans.append((_paragraph_start(text, pos), m.end()))
    if start is not None:
        spans.append((start, len(text)))
    return spans


def _single_spans(text: str) -> list[tuple[int, int]]:
    """Passages in curly single quotes: an opening ‘ (not an elision such as "‘em") closed by the
    first ’ after it that is not an apostrophe ("don’t"), in the same paragraph and close by."""
    spans = []
    for m in _OPEN_SINGLE.finditer(text):
        start = m.start()
        if _ELISION.match(text, start) or (spans and start < spans[-1][1]):
            continue
        limit = min(len(text), start + _SINGLE_REACH)
        nl = text.find("\n", start, limit)
        limit = nl if nl != -1 else limit
        pos = text.find("\u2019", start + 1, limit)
        while pos != -1:
            if "\u2018" in text[start + 1 : pos]:
                break  # another opening quote first: this one was not a quotation
            if not _APOSTROPHE.match(text, max(0, pos - 2)) and not _APOSTROPHE.match(text, max(0, pos - 1)):
                spans.append((start, pos + 1))
                break
            pos = text.find("\u2019", pos + 1, limit)
    return spans


def quotation_spans(text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of every quotation in ``text``, from its opening to its closing mark, sorted
    and merged where they overlap.

    >>> quotation_spans("He said , `` Go . Now . '' She left .")
    ((10, 26),)
    """
    if not _HAS_MARK.search(text):
        return ()
    return merge_spans(_double_spans(text) + (_single_spans(text) if "\u2018" in text else []))


def merge_spans(spans) -> tuple[tuple[int, int], ...]:
    """(start, end) spans sorted, overlapping ones merged: ``merge_spans([(5, 9), (0, 6)]) == ((0, 9),)``."""
    merged: list[list[int]] = []
    for a, b in sorted(spans):
        if merged and a < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return tuple((a, b) for a, b in merged)


def inside_any(spans: tuple[tuple[int, int], ...], pos: int) -> bool:
    """Whether ``pos`` lies strictly inside one of ``spans`` (sorted, not overlapping)."""
    i = bisect.bisect_left(spans, pos, key=lambda s: s[0]) - 1  # the last span starting before pos
    return i >= 0 and pos < spans[i][1]


_STAR = re.compile(r"(?:\*\s?){3,}|\*+")  # a run of three or more ("***", "* * *") is a separator


def _star_side(text: str, a: int, b: int) -> str:
    """Which side the asterisks ``text[a:b]`` stand on: "open" (attached to the word after:
    "*Yes"), "close" (attached to the word before: "which-*"), or "either" (apart: "noted . * Wait")."""
    before = text[a - 1] if a else " "
    after = text[b] if b < len(text) else " "
    if before.isspace() and not after.isspace():
        return "open"
    if after.isspace() and not before.isspace():
        return "close"
    return "either"


#: A ``*...*`` span of at most this many words marks stressed words ("I * can not * go"), not a
#: thought or a turn: ``contraction`` keeps their form, UNION's strict flips take them for no quotation.
STRESSED_WORDS = 4


def starred_spans(text: str) -> tuple[tuple[int, int], ...]:
    """``*...*`` spans within a line: a thought or a stage direction in WritingPrompts stories
    ("*More laughing . *"), stressed words ("I * can not * go"), or one speaker's turns in a
    dialogue that marks them so ("*Yes , but do not be nervous . You are not failing any sort of
    test . *"). Marks pair in order, by the side they stand on: a mark attached to the word after
    it opens, one attached to the word before it closes, one standing apart does either. A mark
    that opens while a span opened by a mark standing apart is still open shows that mark closed
    a span begun at the start of its line ("You are the fourteenth human ... * Jesus . *I will
    pause": round 112, wp_dev-653 cut the machine's turns apart and glued them to the other
    speaker's lines), when it was the line's first mark; a span left open is none (see
    :func:`open_starred_spans`)."""
    return _starred(text)[0]


def open_starred_spans(text: str) -> tuple[tuple[int, int], ...]:
    """``*...`` passages whose opening mark (attached to the word after it) is never closed in its
    line, from the mark to the end of the line: a letter or a thought whose closing asterisk the
    writer left off ("*Dear Danny* , *I can assure you that I do not exist . Pease stop writing to
    me ." ending the story: round 117, wp_dev-1102). :func:`starred_spans` leaves them out.

    >>> open_starred_spans("He read : *I do not exist . Stop writing .")
    ((10, 42),)
    """
    return _starred(text)[1]


def _starred(text: str) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """:func:`starred_spans` and :func:`open_starred_spans`."""
    if "*" not in text:
        return (), ()
    spans: list[tuple[int, int]] = []
    opened: list[tuple[int, int]] = []
    start: int | None = None
    apart = opened_first = False  # the open span was opened by a mark standing apart, the line's first
    for m in _STAR.finditer(text):
        a, b = m.span()
        if b - a > 2 and m.group().count("*") >= 3:
            continue  # a separator
        line = text.rfind("\n", 0, a) + 1
        if start is not None and start < line:
            if not apart:
                opened.append((start, text.find("\n", start)))
            start = None  # left open at a line break: no span
        first = not spans or spans[-1][1] <= line  # no span before it on its line
        side = _star_side(text, a, b)
        if start is None:
            if side == "close" and first:
                spans.append((line, b))  # closes a span begun at the start of its line
            elif side != "close":
                start, apart, opened_first = a, side == "either", first
        elif side == "open" and apart and opened_first:
            spans.append((line, start + 1))  # the mark apart closed a span begun at the start of its line
            start, apart = a, False
        else:
            spans.append((start, b))
            start = None
    if start is not None and not apart:
        end = text.find("\n", start)
        opened.append((start, len(text) if end == -1 else end))
    return tuple(spans), tuple(opened)


# ------------------------------------------------------------------------------------------------
# Straight single quotes ('...') as quotation marks
# ------------------------------------------------------------------------------------------------
# a "'" that opens a word but is an apostrophe: a clitic the tokeniser split off ("it 's", "I 'm",
# "we 've") or an elision ("'em", "'im", "'til", "'90s", "rock 'n roll")
_CLITIC = re.compile(r"'(?:s|m|d|t|re|ve|ll|em|im|til|till|cause|bout|tis|twas|n|\d\ds?)\b", re.IGNORECASE)
_CLOSE_AFTER = ".!?,;:-\u2026\u2014\u2013"  # end punctuation a closing quote follows ("news . '", "it,'")
_DROPPED_G = re.compile(r"[a-z]in ?$|\bol ?$")  # "sittin '", "good ol '": an elision, not a quote


def _single_kind(text: str, pos: int) -> str:
    """What the "'" at ``pos`` is: "open" ('Sir), "close" (after punctuation, or a lone mark after
    a word: "have ' Carl"), "either" (a lone mark after a word: a closing quote, or a tokenised
    possessive "students '"), or "apostrophe" (inside a word: "don't", "n't"; a clitic: "'s")."""
    before = text[pos - 1] if pos else " "
    after = text[pos + 1] if pos + 1 < len(text) else " "
    if before.isalnum() and after.isalnum():
        return "apostrophe"
    if after.isalnum():
        if not (before.isspace() or before in '([\u201c"*\u2014-'):
            return "close" if before in _CLOSE_AFTER else "apostrophe"
        return "apostrophe" if _CLITIC.match(text, pos) else "open"
    if before in _CLOSE_AFTER:
        return "close"
    word = text[max(0, pos - 20) : pos]
    if _DROPPED_G.search(word):
        return "apostrophe"
    if before.isspace() and word.rstrip()[-1:] in tuple(_CLOSE_AFTER):
        return "close"
    return "either"  # "have '" / "students '"


def single_quote_spans(text: str) -> tuple[tuple[int, int], ...] | None:
    """(start, end) of every passage in straight single quotes ('I have bad news . China wo n't
    bite . '), or None when the story's "'" marks cannot be paired reliably: a closing mark with no
    quotation open (past the story's first mark), a second opening mark inside an open quotation,
    a quotation never closed (an elision such as "'Ello" taken for an opening quote would swallow
    the rest of the story).

    Apostrophes never count: "don't", tokenised "wo n't", "it 's", "'em", "'til", a dropped g
    ("sittin '"), and a lone "'" after a word with no quotation open (a possessive "students '").
    A quotation still open at a line break (one running over paragraphs reopens each) ends there;
    a closing mark that is the story's first mark closes a quotation begun at the story's start
    (a story that starts mid-quote).

    >>> single_quote_spans("He said , 'I 'm tired . Let 's go . ' Tom 's dog barked .")
    ((10, 37),)
    """
    if "'" not in text:
        return ()
    spans: list[tuple[int, int]] = []
    start: int | None = None
    marked = False  # a mark has opened or closed a quotation
    pos = text.find("'")
    while pos != -1:
        if text.startswith("''", pos):
            pos = text.find("'", pos + 2)  # a tokenised double closing quote ('')
            continue
        kind = _single_kind(text, pos)
        if start is not None and "\n" in text[start:pos]:
            spans.append((start, text.find("\n", start, pos)))  # ran over a paragraph: reopens
            start = None
        if kind == "open":
            if start is not None:
                return None  # a second opening inside an open quotation
            start, marked = pos, True
        elif kind in ("close", "either") and start is not None:
            spans.append((start, pos + 1))
            start = None
        elif kind == "close":
            if marked or "\n" in text[:pos]:
                return None  # a closing mark with nothing open, past the story's first mark
            spans.append((0, pos + 1))
            marked = True
        pos = text.find("'", pos + 1)
    return None if start is not None else tuple(spans)


def speech_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Quotations (straight single quotes too, when they pair) and ``*...*`` spans within a line
    (a thought or a stage direction), merged: the passages that are a character's words, not the
    narrator's.

    >>> speech_spans("He said , 'I 'm tired . ' *Go . * She left .")
    ((10, 25), (26, 33))
    """
    quotes, starred, single = quotation_spans(text), starred_spans(text), single_quote_spans(text) or ()
    return merge_spans([*quotes, *starred, *single]) if starred or single else quotes


# ------------------------------------------------------------------------------------------------
# Bracketed asides
# ------------------------------------------------------------------------------------------------
_BRACKETS = {"(": ")", "[": "]"}
_BRACKET_MARK = re.compile(r"[()\[\]\n]")
_BRACKET_REACH = 1000  # characters an aside may span (else the bracket was never closed)


def bracket_spans(text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of every outermost passage in round or square brackets that closes within its
    line and :data:`_BRACKET_REACH` characters: an aside or an author's note that may hold several
    sentences ("( OK I have not wrote ANYTHING since high school . ... cheers ! )", round 112,
    wp_dev-1029). A closing bracket with none open (a list's "1)", a smiley's ":)") is no span,
    nor is an opening one never closed.

    >>> bracket_spans("He left . ( Sorry . More soon ! ) 1) Go .")
    ((10, 33),)
    """
    if "(" not in text and "[" not in text:
        return ()
    spans: list[tuple[int, int]] = []
    start, stack = 0, []
    for m in _BRACKET_MARK.finditer(text):
        ch, i = m.group(), m.start()
        if ch in _BRACKETS:
            if not stack:
                start = i
            stack.append(_BRACKETS[ch])
        elif stack and ch == "\n":
            stack = []  # not closed in its line: no span
        elif stack and ch == stack[-1]:
            stack.pop()
            if not stack and i - start <= _BRACKET_REACH:
                spans.append((start, i + 1))
    return tuple(spans)
