"""What fixes the order a temporal word flip breaks, for the flips that name no event of their own:
"the next day" needs a nearby sentence whose event its clause goes on from, a bare measure ("weeks
before") an event it is measured from, and no flip holds in a habit ("where I always put them the
night before"), which orders no one event (strict reading, round 540)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation import linked_sentences, sentence_index
from .checks import HABITUAL
from .temporal_cues import CUE_WINDOW, TIMED, near

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

# Words that make a sentence a habit: "always", "usually", "every" ... and "would" + verb ("he would
# arrive early"); "would" of the future in the past reads alike, and doubt declines
_HABIT_WORDS = HABITUAL | frozenset({"every", "whenever"})
_WOULD = frozenset({"would", "'d", "’d"})


def habitual_sentence(t: Token) -> bool:
    """Whether ``t``'s sentence tells a habit ("where I always put them the night before", "he would
    arrive early"): flipped, "the night after" is another habit, no order broken."""
    for w in t.sent:
        if w.lower_ in _HABIT_WORDS:
            return True
        if w.lower_ in _WOULD and w.tag_ == "MD" and w.head.pos_ in ("VERB", "AUX") and w.head.i > w.i:
            return True
    return False


def _clause_words(t: Token) -> list[int]:
    """The content of the clause ``t`` times, without the time phrase itself."""
    phrase = {k.i for k in t.head.subtree} if t.head.pos_ == "NOUN" else {t.i}
    verb = t.head
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    return [k.i for k in verb.subtree if k.i not in phrase]


def next_previous_cue(doc: Doc, t: Token) -> tuple[int, ...]:
    """For "the next X" <-> "the previous X": the nearby sentences the flip contradicts, those whose
    things the timed clause names again ("she bought a dress. the next day, she wore the dress").
    Empty when "the next X" is no time adverbial ("the next year was already written") or nothing
    nearby is named again: then "the previous year" reads as fluently (round 540)."""
    noun = t.head
    if noun.dep_ not in ("npadvmod", "pobj") or noun.lemma_.lower() not in TIMED:
        return ()
    if noun.dep_ == "pobj" and noun.head.head.pos_ not in ("VERB", "AUX"):
        return ()
    found = near(doc, t, linked_sentences(doc, _clause_words(t)))
    own = sentence_index(doc)[t.i]
    return tuple(k for k in found if abs(k - own) <= CUE_WINDOW)


# Nouns of an event a bare measure may count from ("weeks before" the recital, "the day after" the party):
# the timed nouns without the units of time themselves
_EVENTS = TIMED - frozenset(
    """day night week month year season semester term quarter decade century summer winter spring fall autumn
    evening morning afternoon hour minute period time life career weekend""".split()
) | frozenset("test exam recital wedding funeral birthday surgery operation audition trial appointment".split())


def measure_anchor(doc: Doc, t: Token) -> bool:
    """For a bare measure before "before"/"after" ("started practicing weeks before", "the night
    before"): whether its own or the previous sentence names an event it counts from ("the recital
    was in may"); with none, "weeks after" has nothing it refers to and reads as fluently."""
    start = doc[t.sent.start - 1].sent.start if t.sent.start > 0 else 0
    return any(k.pos_ == "NOUN" and k.lemma_.lower() in _EVENTS for k in doc[start : t.sent.end])


def trailing_measure(t: Token) -> bool:
    """ "see the mom come back a few minutes later": a measured "later"/"earlier" after its verb, not
    opening its clause; flipped, "come back a few minutes earlier" reads as "ahead of time", no order
    broken (round 547). "A week later, ..." opening the sentence orders two events and stays."""
    if t.lower_ not in ("later", "earlier"):
        return False
    measure = [c for c in t.children if c.dep_ == "npadvmod"]
    if not measure:
        return False
    first = measure[0].left_edge
    return not (first.is_sent_start or (first.i > 0 and first.doc[first.i - 1].is_punct))
