"""Sentence units: the pieces of a story that sentence-level transforms may move, copy or replace.

A unit is one or more of the parser's sentences that must stay together so that moving or
copying it never breaks the text apart:

- quoted speech is one unit: a quotation running over several sentences (`` No . I want nothing
  to do with this . '', or in single quotes: 'No . Go away . '), and the attribution right after
  it (`` No . '' House said .);
- a fragment that does not end like a sentence belongs with what follows it ("I remember saying
  good" + "bye ."; a heading line; "Human:" and its turn), and a piece that starts in lower case
  in cased text with what precedes it ("... etc." + "! ", "so I let it happen .");
- a speaker label ("Human:", "Dr. Lee:") keeps its whole line; a heading (a short line of its
  own that does not end like a sentence: "Chapter 1") is a unit of its own that never moves;
- sentences with no space between them ("associates.That 's right") move as one piece.

A unit is ``movable`` when it has a word and balanced quotation marks, and ``whole`` (may be
copied, or replaced) when it also ends like a sentence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..annotation import doc_text, per_doc, sentence_chars
from ..resources.inflect import all_lemmas
from ..resources.lexicons import verb_class
from ._quotes import inside_any, quotation_spans, single_quote_spans, speech_spans

if TYPE_CHECKING:
    from spacy.tokens import Doc


class Unit(NamedTuple):
    """A unit's (start, end) offsets in the text, its text, and how many parser sentences it holds."""

    start: int
    end: int
    text: str
    pieces: int
    movable: bool  # has a word, its quotation marks balance
    whole: bool  # movable, and ends like a sentence: may be copied or replaced


_CLOSERS = "(?:''|[\"\u201d\u2019')\\]*])"
_END = re.compile(rf"(?:[.!?\u2026]|\.\.\.){_CLOSERS}*(?:\s*{_CLOSERS})*$")
_ABBREVIATION = re.compile(r"(?:^|\s)(?:Mr|Mrs|Ms|Dr|St|Prof|Jr|Sr|Gen|Capt|Lt|Sgt|Col)\s?\.$")
_OPENERS = ("``", "\u201c", '"', "\u2018", "'", "(", "[", "*")
_LABEL = re.compile(r"[A-Z][\w.'\u2019-]*(?: [A-Z][\w.'\u2019-]*){0,2} ?:(?:\s|$)")
# up to four words after a closing quotation: one of them a speech verb makes the sentence the
# quotation's tag ("'' House said .", "Chase questioned .", "'' she whispers ."); verbs by lemma
# (verb_classes.tsv, class speech), any inflected form
_TAG_STEP = re.compile(r"[\w'\u2019.-]+\s+")
_TAG_VERB = re.compile(r"[A-Za-z]+\b")
_SPEECH = verb_class("speech")


def _attribution(text: str, at: int) -> bool:
    """Whether the sentence at ``at`` starts with a speech tag: an inflected speech verb (or "say")
    as one of its first four space-separated words."""
    pos = at
    for _ in range(4):
        verb = _TAG_VERB.match(text, pos)
        if verb:
            word = verb.group().lower()
            lemmas = all_lemmas(word, "VERB").get("VERB", ())
            inflected = word not in lemmas  # "lay" is also a verb of its own: not "lie"
            if word == "say" or (inflected and any(lemma in _SPEECH for lemma in lemmas)):
                return True
        step = _TAG_STEP.match(text, pos)
        if step is None:
            return False
        pos = step.end()
    return False


def _balanced(text: str) -> bool:
    return (
        text.count("``") == text.count("''")
        and text.count("\u201c") == text.count("\u201d")
        and text.count('"') % 2 == 0
        and text.count("*") % 2 == 0
    )


def _spans(text: str) -> tuple[tuple[int, int], ...]:
    """Quotations (straight single quotes too, when they pair: 'I have bad news . China wo n't
    bite . ') and, like them, ``*...*`` spans within a line (a thought or a stage direction in
    WritingPrompts stories: "*More laughing . *"): sentences inside one never come apart."""
    return speech_spans(text)


def _ends_sentence(text: str) -> bool:
    return bool(_END.search(text)) and not _ABBREVIATION.search(text)


def _continues(text: str) -> bool:
    """A piece that carries on the sentence before it: it starts in lower case or with
    punctuation other than an opening quote or bracket."""
    first = text[0]
    return first.islower() or (not first.isalnum() and not text.startswith(_OPENERS))


def _line_start(text: str, pos: int) -> int:
    return text.rfind("\n", 0, pos) + 1


def units_of(text: str, pieces: list[tuple[int, int]]) -> tuple[Unit, ...]:
    """The units of ``text`` made from its sentence ``pieces`` ((start, end) offsets in order)."""
    spans = _spans(text)
    quote_ends = {b for _, b in spans}
    stripped = []
    for a, b in pieces:
        raw = text[a:b]
        if raw.strip():
            lead = len(raw) - len(raw.lstrip())
            stripped.append((a + lead, a + lead + len(raw.strip())))
    stripped = [part for a, b in stripped for part in _split_heading(text, a, b)]
    cased = any(text[a].isupper() for a, _ in stripped)
    groups: list[list[int]] = []  # [start, end, pieces, holds_line, heading]
    for a, b in stripped:
        heading = _heading(text, a, b) and not inside_any(spans, a)
        if groups and not heading and not groups[-1][4]:
            g = groups[-1]
            prev = text[g[0] : g[1]]
            gap = text[g[1] : a]
            joined = (
                not gap
                or inside_any(spans, a)
                or not _ends_sentence(prev)
                or (cased and _continues(text[a:b]))
                or (g[3] and "\n" not in gap)
                or (g[1] in quote_ends and not text.startswith(_OPENERS, a) and _attribution(text, a))
            )
            if joined:
                g[1], g[2] = b, g[2] + 1
                continue
        line = text[_line_start(text, a) : a]
        holds = not heading and not line.strip() and bool(_LABEL.match(text, a))
        groups.append([a, b, 1, holds, heading])
    out = []
    for a, b, n, _, heading in groups:
        t = text[a:b]
        movable = not heading and any(c.isalnum() for c in t) and _balanced(t)
        out.append(Unit(a, b, t, n, movable, movable and _ends_sentence(t)))
    return tuple(out)


_HEADING_WORDS = 12


def _heading(text: str, a: int, b: int) -> bool:
    """A short line of its own that does not end like a sentence ("Chapter 1", "The End") and is
    followed by a line that starts a sentence: it titles what follows, so it stays where it is."""
    if text[_line_start(text, a) : a].strip():
        return False
    line_end = text.find("\n", b)
    if line_end == -1 or text[b:line_end].strip() or not text[line_end:].strip():
        return False
    t, after = text[a:b], text[line_end:].lstrip()
    return (
        not _ends_sentence(t)
        and len(t.split()) <= _HEADING_WORDS
        and not _LABEL.match(t)
        and not t[0].islower()
        and not t.endswith((",", ";", "-"))
        and not after[0].islower()  # a line broken mid-sentence ("saying good" / "bye .") goes on
    )


def _split_heading(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """A parser sentence that starts with a heading line ("Chapter 1\nThe rain fell.") as the
    heading and the rest."""
    nl = text.find("\n", a, b)
    if nl == -1 or not _heading(text, a, nl):
        return [(a, b)]
    rest = nl + len(text[nl:b]) - len(text[nl:b].lstrip())
    return [(a, nl), (rest, b)] if rest < b else [(a, nl)]


def untagged_turns(text: str, units: Sequence[Unit]) -> frozenset[int]:
    """Indices of the units that are an untagged turn of a dialogue: the unit is a quotation and
    nothing else (no speech tag before or after it) and a unit next to it is quoted speech too.
    In such a dialogue the reader tells the speakers apart by their order alone, so a copy of the
    turn (or a sentence put in its place) swaps who says every later line: a repetition declines it."""
    spans = quotation_spans(text)
    bare = [u.text.startswith(_OPENERS) and any(a <= u.start and u.end <= b for a, b in spans) for u in units]
    quoted = [u.text.startswith(_OPENERS) and inside_any(spans, u.start + 1) for u in units]
    return frozenset(
        i
        for i, is_bare in enumerate(bare)
        if is_bare and ((i > 0 and quoted[i - 1]) or (i + 1 < len(units) and quoted[i + 1]))
    )


@per_doc
def sentence_units(doc: Doc) -> tuple[Unit, ...]:
    """The units of a parsed story, from its sentences (kept once per Doc)."""
    return units_of(doc_text(doc), list(sentence_chars(doc)))


_ABBREV = re.compile(r"\b(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|vs|etc|e\.g|i\.e)\.$", re.IGNORECASE)
_SPLIT = re.compile(r"(?<=[.!?\u2026])([\"\u201d\u2019')\]]*)\s+")


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of the sentences of a text no parser has seen (a context), by a light rule:
    a sentence ends at final punctuation and closing quotes followed by a space, not after common
    abbreviations ("Mr.")."""
    out: list[tuple[int, int]] = []
    start = 0
    for m in _SPLIT.finditer(text):
        if _ABBREV.search(text[start : m.start()]):
            continue
        out.append((start, m.end(1)))
        start = m.end()
    out.append((start, len(text)))
    return [(a, b) for a, b in out if text[a:b].strip()]


def text_units(text: str) -> tuple[Unit, ...]:
    """The units of a text no parser has seen, from :func:`sentence_spans`."""
    return units_of(text, sentence_spans(text))


# ---------------------------------------------------------------- the units sentence_shuffle moves

# a separator: three or more dashes, asterisks, ... ("-- -", "***", "* * *"), on a line or inline
_SEPARATOR = re.compile(r"(?:^|(?<=\s))(?:[-*_=~#]\s?){3,}(?=\s|$)")
# an author's note: "Edit:", "EDIT", "A/N", "I'll try to write more", "first time writing", ...
_NOTE = re.compile(
    r"\b(?:edit|update)\s*\d*\s*:|(?-i:\bEDIT\b)|\bA/N\b|\bauthor\s*'?\s*s note\b|\bthanks? (?:you )?for reading\b"
    r"|\b(?:i\s*'?\s*ll|i will|i may|i might) (?:try to )?(?:write|continue|post) (?:more|a part|part|another)\b"
    r"|\bfirst (?:time|attempt|post|story|prompt)\b[^.!?]*\b(?:writing|responding|posting|trying|prompts?|here)\b"
    r"|\b(?:feedback|criticism|critique)\b|\br/\w|\bwritingprompts?\b",
    re.IGNORECASE,
)
_TRAILING_ELLIPSIS = re.compile(r"(?:\.\.\.|\u2026)\s*$")
_STUTTER_WORDS = 2  # a piece of this many words ending in an ellipsis goes with what follows ("It ..." "It was")
_NOTE_TAIL = 0.5  # a note in the last half of the story, and all after it, stays put
_SEPARATOR_TAIL = 2 / 3  # so does all after a separator in the last third (the author's afterword)


def _join_stutters(text: str, units: list[Unit]) -> list[Unit]:
    """A unit that ends in an ellipsis and is a stutter or a short start ("It ..." + "It was mine .")
    joined with the unit after it."""
    out: list[Unit] = []
    for u in units:
        if out and out[-1].movable and u.movable and "\n" not in text[out[-1].end : u.start]:
            prev = out[-1]
            if _TRAILING_ELLIPSIS.search(prev.text):
                before = _TRAILING_ELLIPSIS.sub("", prev.text).split()
                first = u.text.split()[0].lower() if u.text.split() else ""
                if len(before) <= _STUTTER_WORDS or (before and before[-1].lower() == first):
                    t = text[prev.start : u.end]
                    out[-1] = Unit(prev.start, u.end, t, prev.pieces + u.pieces, True, u.whole)
                    continue
        out.append(u)
    return out


_QUOTE_CLOSE = re.compile(r"(?:''|[\"\u201d])\s*$")


def _join_beats(text: str, units: list[Unit]) -> list[Unit]:
    """A quotation and the narration right after it on the same line (its tag or beat: "`` So why
    did you ? '' She inquired nervously", "'Sir ? ' She panted") joined, so a shuffle never leaves
    a speech tag dangling away from its quotation."""
    single_ends = {b for _, b in single_quote_spans(text) or ()}
    out: list[Unit] = []
    for u in units:
        if out and out[-1].movable and u.movable and "\n" not in text[out[-1].end : u.start]:
            prev = out[-1]
            closes = _QUOTE_CLOSE.search(prev.text) or prev.end in single_ends
            if closes and not u.text.startswith(_OPENERS):
                out[-1] = Unit(prev.start, u.end, text[prev.start : u.end], prev.pieces + u.pieces, True, u.whole)
                continue
        out.append(u)
    return out


def _join_turns(text: str, units: list[Unit]) -> list[Unit]:
    """A quotation with no tag of its own right after a quotation and its tag on the same line
    (`` "Let's go," she said. "Now." ``) joined to it: one speaker's turn, which a shuffle would
    leave with no speaker. One continuation per turn ("X," she said. "Y." "Z.": "Z" may be a reply)."""
    spans = _spans(text)
    out: list[Unit] = []
    tagged = False  # out[-1] is a quotation and its tag, nothing joined to it yet
    for u in units:
        if tagged and u.movable and "\n" not in text[out[-1].end : u.start] and _bare_quote(text, spans, u):
            prev = out[-1]
            out[-1] = Unit(prev.start, u.end, text[prev.start : u.end], prev.pieces + u.pieces, True, u.whole)
            tagged = False
            continue
        out.append(u)
        tagged = u.movable and _tagged_quote(text, spans, u)
    return out


def _quote_at(spans: tuple[tuple[int, int], ...], u: Unit) -> int | None:
    """The end of the quotation ``u`` starts with, or None."""
    if not u.text.startswith(_OPENERS):
        return None
    return next((b for a, b in spans if a == u.start and b <= u.end), None)


def _tagged_quote(text: str, spans: tuple[tuple[int, int], ...], u: Unit) -> bool:
    """``u`` is a quotation followed by its tag and ends in narration (`` "Go," she said. ``)."""
    end = _quote_at(spans, u)
    if end is None or end >= u.end or not _ends_sentence(u.text):
        return False
    tag = end + len(text[end : u.end]) - len(text[end : u.end].lstrip())
    return (
        not inside_any(spans, u.end - 1)
        and not any(a >= end for a, _ in spans if a < u.end)
        and _attribution(text, tag)
    )


def _bare_quote(text: str, spans: tuple[tuple[int, int], ...], u: Unit) -> bool:
    """``u`` starts with a quotation that has no tag of its own after it (`` "Now." `` or a beat:
    `` "Now." He nodded. ``)."""
    end = _quote_at(spans, u)
    if end is None:
        return False
    rest = text[end : u.end]
    return not rest.strip() or not _attribution(text, end + len(rest) - len(rest.lstrip()))


# a time or day heading inside a line (WritingPrompts stories are flattened to one line): "8:19 am",
# "-- 3:30 am", "Day 1", after the end of a sentence and before the start of the next
_INLINE_HEADING = re.compile(
    r"(?:(?<=^)|(?<=[.!?\u2026\n'\"\u201d*)])\s+)((?:-{1,3}\s*)?(?:\d{1,2}\s?:\s?\d{2}(?:\s?:\s?\d{2})?"
    r"(?:\s?(?:[AaPp]\.?\s?[Mm]\b\.?))?|Day \d{1,4}\b))\s+(?=[A-Z\"\u201c`'*(\[])"
)


def _pin_headings(text: str, units: list[Unit]) -> list[Unit]:
    """A time or day heading ("8:19 am", "-- 3:30 am", "Day 1") inside a unit stays in place with
    the sentence it opens: the unit is split before the heading (the part before it moves if it
    ends like a sentence) and the rest is pinned (a shuffle moved "8:19 am Spatula City was open
    ..." elsewhere with the sentence before it)."""
    out: list[Unit] = []
    for u in units:
        m = _INLINE_HEADING.search(u.text) if u.movable else None
        if m is None:
            out.append(u)
            continue
        head = u.text[: m.start(1)].rstrip()
        if _ends_sentence(head) and _balanced(head) and any(c.isalnum() for c in head):
            out.append(Unit(u.start, u.start + len(head), head, 1, True, True))
            u = Unit(u.start + m.start(1), u.end, u.text[m.start(1) :], max(1, u.pieces - 1), False, False)
        out.append(u._replace(movable=False, whole=False))
    return out


def _pin_notes(text: str, units: list[Unit]) -> list[Unit]:
    """Separators and authors' notes stay in place, and so does everything after a separator near
    the end or a note in the last half (an afterword: "-- - I'll try to write more")."""
    pinned_from = len(units)
    pinned = set()
    for i, u in enumerate(units):
        sep, note = _SEPARATOR.search(u.text), _NOTE.search(u.text)
        if not (sep or note):
            continue
        pinned.add(i)
        if (sep and u.start + sep.start() >= len(text) * _SEPARATOR_TAIL) or (
            note and u.start + note.start() >= len(text) * _NOTE_TAIL
        ):
            pinned_from = i
            break
    return [
        u._replace(movable=False, whole=False) if i in pinned or i >= pinned_from else u for i, u in enumerate(units)
    ]


@per_doc
def shuffle_units(doc: Doc) -> tuple[Unit, ...]:
    """The units ``sentence_shuffle`` moves: :func:`sentence_units`, with an ellipsis stutter kept
    whole, a quotation kept with the narration right after it and a speaker's turn kept whole
    ("X," she said. "Y."), and time or day headings within a line ("8:19 am"), separators and
    authors' notes pinned (not movable). No units at all when the story's single quotes do not pair (a shuffle could split
    a quotation it cannot see): fewer cases, but none with a quotation cut in two."""
    text = doc_text(doc)
    if single_quote_spans(text) is None:
        return ()
    units = _join_turns(text, _join_beats(text, _join_stutters(text, list(sentence_units(doc)))))
    return tuple(_pin_notes(text, _pin_headings(text, units)))
