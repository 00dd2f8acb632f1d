"""The units ``sentence_shuffle`` moves (and UNION's shuffle in ``mixture``): the sentence units of
``_units``, with the pieces a shuffle must not pull apart joined (an ellipsis stutter, a quotation
and its beat, a speaker's turn, an untagged quotation and what comes before it) and the pieces that
must stay where they are pinned (time or day headings, separators, authors' notes)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..annotation import doc_text, per_doc
from ._fragments import join_fragments
from ._paratext import NOTE, SEPARATOR, SEPARATOR_LIKE, closing_italic, note_in, preface_end
from ._quotes import inside_any, open_starred_spans, single_quote_spans
from ._starred_turns import join_starred_turns
from ._units import _OPENERS, Unit, _attribution, _balanced, _ends_sentence, _spans, sentence_units

if TYPE_CHECKING:
    from spacy.tokens import Doc

_TRAILING_ELLIPSIS = re.compile(r"(?:\.\.\.|\u2026)\s*$")
_STUTTER_WORDS = 2  # a piece of this many words ending in an ellipsis goes with what follows ("It ..." "It was")
_NOTE_TAIL = 0.5  # a note in the last half of the story, and all after it, stays put
_SEPARATOR_TAIL = 2 / 3  # so does all after a separator in the last third (the author's afterword)
_SEPARATOR_HEAD = 1 / 3  # and all before a separator in the first third with a note before it (a preface)


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


_QUOTE_MARKS = ("``", "\u201c", '"', "\u2018", "'")
# a beat with a third-person pronoun ("He simply nodded.", "I shoved him aside."): it names a speaker
# only after the line it follows
_PRONOUN = re.compile(r"\b(?:he|him|his|she|her|they|them|their)\b", re.I)
# a speech verb that starts another verb is no tag ("'' Trump started grinning", "'' she began to cry")
_PHASE = re.compile(r"\s*(?:[\w'\u2019.-]+\s+){0,3}?(?:start|began|begin|continu|finish)\w*\s+(?:to\s|\w+ing\b)", re.I)


def _untagged(text: str, spans: tuple[tuple[int, int], ...], u: Unit) -> bool:
    """``u`` starts with a quotation that names no speaker after it: no tag, at most a beat
    (`` "Talk to the frog." ``, `` "Is that?" I nodded. ``), or a quotation left open at the end."""
    if not u.text.startswith(_QUOTE_MARKS):
        return False
    end = _quote_at(spans, u)
    return end is None or _bare_quote(text, spans, u) or bool(_PHASE.match(text, end, u.end))


def _joined(text: str, a: Unit, b: Unit) -> Unit:
    movable = a.movable and b.movable
    return Unit(a.start, b.end, text[a.start : b.end], a.pieces + b.pieces, movable, movable and b.whole)


def _join_untagged(text: str, units: list[Unit]) -> list[Unit]:
    """An untagged quotation (see :func:`_untagged`) joined to the unit before it on its line: its
    speaker is told only by what precedes it, a beat naming him ("Lucky shook his head. `` Talk to
    the frog . ''") or the turn it answers. Parted by a shuffle, the speech loses its speaker or takes
    another's (round 100: wp_dev-91, -291, -297, -432). A beat with a third-person pronoun ("He simply
    nodded.", "I shoved him aside.") brings the unit before it too, where the pronoun finds its referent. A quotation that cannot move
    (left open at the end) keeps what it is joined to in place."""
    spans = _spans(text)
    out: list[Unit] = []
    for u in units:
        if out and "\n" not in text[out[-1].end : u.start] and _untagged(text, spans, u):
            prev = out.pop()
            beat = not prev.text.startswith(_QUOTE_MARKS) and _PRONOUN.search(prev.text)
            if out and beat and "\n" not in text[out[-1].end : prev.start]:
                prev = _joined(text, out.pop(), prev)
            u = _joined(text, prev, u)
        out.append(u)
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
    the end or a note in the last half (an afterword: "-- - I'll try to write more"), and everything
    before a separator near the start that follows a note (a preface: "Changed the second to last
    paragraph . Original is [here](.../r/writing/...) _____": round 103 moved its first line into
    the story). A preface that introduces the whole piece ("To the tune of actual cannibal : Shia
    LeBeouf", "Title: ...", a first line ending with ":") stays first with the unit that holds it
    (round 108, wp_dev-80: it moved into the song with the first lyric line). A closing italic
    note ("*Under normal circumstances I 'd ...", to the end of the story) stays last with all after
    it (round 114, wp_dev-1180). A unit with a separator-like run inside it ("We make eye contact
    . __ Alice opens her eyes .", round 118) stays in place too (``_inline_marks``)."""
    pinned_from, pinned_to = len(units), -1
    italic = closing_italic(text)  # "*Under normal circumstances I 'd ...": the closing note stays last
    if italic is not None and italic >= len(text) * _NOTE_TAIL:
        pinned_from = next((i for i, u in enumerate(units) if u.end > italic), pinned_from)
    head = preface_end(text)
    pinned = {i for i, u in enumerate(units) if u.start < head}
    for i, u in enumerate(units):
        sep, note = SEPARATOR.search(u.text), note_in(u.text)
        if not (sep or note):
            if u.movable and _inline_marks(u.text):
                pinned.add(i)
            continue
        pinned.add(i)
        at = u.start + sep.start() if sep else -1
        if sep and at < len(text) * _SEPARATOR_HEAD and NOTE.search(text, 0, at):
            pinned_to = i
        if (sep and u.start + sep.start() >= len(text) * _SEPARATOR_TAIL) or (
            note and u.start + note.start() >= len(text) * _NOTE_TAIL
        ):
            pinned_from = min(pinned_from, i)
            break
    return [
        u._replace(movable=False, whole=False) if i in pinned or not pinned_to < i < pinned_from else u
        for i, u in enumerate(units)
    ]


def _inline_marks(text: str) -> bool:
    """``text`` holds a separator-like run ("__", "**": ``SEPARATOR_LIKE``) but is not one: a
    scene break inside a sentence unit, which stays in place with it (round 118, wp_dev-840:
    "We make eye contact . __ Alice opens her eyes ." moved, break and all, to the story's start).
    A lone "--" is a dash ("worse than spiders -- her brothers"), not a break: it does not count."""
    if SEPARATOR_LIKE.fullmatch(text.strip()):
        return False
    return any(m.group().strip() != "--" for m in SEPARATOR_LIKE.finditer(text))


_LEADING_ASIDE = re.compile(r"\([^()]*\)\s+(?=\S)")
_WHOLE_ASIDE = re.compile(r"\s*\([^()]*\)\s*")


def _split_asides(units: list[Unit]) -> list[Unit]:
    """A unit that opens with an author's note in brackets ("( FIXED THE FORMATTING YAY ) I was
    surviving ...", round 116, wp_dev-23) split in two: the note, which stays in place
    (``_pin_notes``), and the sentence after it, which moves like any other. Brackets that open the
    story are a note whatever they say ("( I 'm doing this one because my friend 's cat ate a
    spatula ... ) -- Much later , ...", round 121, wp_dev-922)."""
    out: list[Unit] = []
    for k, u in enumerate(units):
        if k == 0 and u.movable and _WHOLE_ASIDE.fullmatch(u.text):
            out.append(u._replace(movable=False, whole=False))  # the note is a unit of its own
            continue
        m = _LEADING_ASIDE.match(u.text) if u.movable else None
        if m and (k == 0 or note_in(m.group())) and not note_in(u.text[m.end() :]):
            note = m.group().rstrip()
            out.append(Unit(u.start, u.start + len(note), note, 1, False, False))
            u = Unit(u.start + m.end(), u.end, u.text[m.end() :], u.pieces, True, u.whole)
        out.append(u)
    return out


def _join_open_starred(text: str, units: list[Unit]) -> list[Unit]:
    """The units a ``*...`` passage left open to the end of its line runs over (see
    :func:`~._quotes.open_starred_spans`) joined into one that stays in place: the unit with the
    opening mark could not move (its asterisks do not pair), but the sentences after it inside the
    passage could, and a shuffle moved "Pease stop writing to me ..." out of Santa's letter
    ("*Dear Danny* , *I can assure you that I do not exist . Pease stop ...", round 117, wp_dev-1102)."""
    for a, e in open_starred_spans(text):
        inside = [i for i, u in enumerate(units) if u.start < e and u.end > a]
        if len(inside) > 1:
            first, last = units[inside[0]], units[inside[-1]]
            t = text[first.start : last.end]
            pieces = sum(units[i].pieces for i in inside)
            units = [
                *units[: inside[0]],
                Unit(first.start, last.end, t, pieces, False, False),
                *units[inside[-1] + 1 :],
            ]
    return units


@per_doc
def shuffle_units(doc: Doc) -> tuple[Unit, ...]:
    """The units ``sentence_shuffle`` moves: :func:`sentence_units`, with an ellipsis stutter kept
    whole, a quotation kept with the narration right after it, a speaker's turn kept whole
    ("X," she said. "Y.") and an untagged quotation kept with what comes before it, a fragment kept with the sentence it
    continues (``_fragments``), the sentences of a ``*...`` passage never closed kept in place with
    its first, and time or day headings within a line ("8:19 am"), separators and
    authors' notes pinned (not movable). No units at all when the story's single quotes do not pair (a shuffle could split
    a quotation it cannot see): fewer cases, but none with a quotation cut in two."""
    text = doc_text(doc)
    if single_quote_spans(text) is None:
        return ()
    units = _join_turns(text, _join_beats(text, _join_stutters(text, list(sentence_units(doc)))))
    units = _join_open_starred(text, _split_asides(join_starred_turns(text, _join_untagged(text, units))))
    units = join_fragments(doc, text, units)
    return tuple(_pin_notes(text, _pin_headings(text, units)))
