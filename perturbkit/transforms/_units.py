"""Sentence units: the pieces of a story that sentence-level transforms may move, copy or replace.

A unit is one or more of the parser's sentences that must stay together so that moving or
copying it never breaks the text apart:

- quoted speech is one unit: a quotation running over several sentences (`` No . I want nothing
  to do with this . '', or in single quotes: 'No . Go away . '), and the attribution right after
  it (`` No . '' House said .); so is an aside in brackets ("( OK I have not wrote ANYTHING since
  high school . ... cheers ! )"), which never moves when it ends the story (an author's note);
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
from ._quotes import bracket_spans, inside_any, quotation_spans, speech_spans

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
    asides = bracket_spans(text)  # "( ... )": several sentences inside one never come apart either
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
                or inside_any(asides, a)
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
        # an aside of several sentences in brackets that ends the story is the author's note: it stays
        note = n > 1 and any(s == a and not text[e:].strip(" .\n") for s, e in asides)
        movable = not heading and not note and any(c.isalnum() for c in t) and _balanced(t)
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
