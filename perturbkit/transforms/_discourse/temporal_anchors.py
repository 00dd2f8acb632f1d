"""What fixes the order a temporal word flip breaks, for the flips that name no event of their own:
"the next day" needs a nearby sentence whose event its clause goes on from, a bare measure ("weeks
before") an event it is measured from, and no flip holds in a habit ("where I always put them the
night before"), which orders no one event (strict reading, round 540)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation import linked_sentences, sentence_bounds, sentence_index
from . import clauses as C
from .checks import HABITUAL, PERCEPTION, STATIVE
from .temporal_cues import CUE_WINDOW, TIMED, WAITING, near
from .temporal_recur import referent_words

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
    return [k.i for k in _clause_verb(t).subtree if k.i not in phrase]


def _clause_verb(t: Token) -> Token:
    verb = t.head
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    return verb


def backstory_time(t: Token, new: str) -> bool:
    """ "the next time glen went fishing" -> "the previous time", "the first time" -> "the last
    time": a flip to an earlier occasion of a recurring act reads as backstory, no order broken
    (round 51)."""
    return new in ("previous", "last") and t.head.lemma_.lower() == "time"


def _requirement(verb: Token) -> bool:
    """ "jamie had to know the routine", "i spent the next 3 hours searching": an obligation, a
    state or a stretch spent, which holds as well on the previous day (a flashback, round 47)."""
    lemma = verb.lemma_.lower()
    if lemma in STATIVE or lemma in WAITING:
        return True
    return lemma == "have" and any(c.dep_ == "xcomp" for c in verb.children)


def next_previous_cue(doc: Doc, t: Token) -> tuple[int, ...]:
    """For "the next X" <-> "the previous X": the nearby sentences the flip contradicts, those whose
    things the timed clause names again ("she bought a dress. the next day, she wore the dress").
    Empty when "the next X" is no time adverbial ("the next year was already written") or nothing
    nearby is named again: then "the previous year" reads as fluently (round 540). "The next X" ->
    "the previous X" needs such a sentence before it, told as the event it goes on from; the clause's
    subject (the story's person) ties nothing ("the following week john was called into his boss 's
    office" after "john works very hard" reads as backstory, round 51), nor does an obligation or a
    state (:func:`_requirement`)."""
    noun = t.head
    if noun.dep_ not in ("npadvmod", "pobj") or noun.lemma_.lower() not in TIMED:
        return ()
    if noun.dep_ == "pobj" and noun.head.head.pos_ not in ("VERB", "AUX"):
        return ()
    verb = _clause_verb(t)
    if _state(verb):
        return ()  # "the next day, mommy was really sad" -> "the previous day": a state fits either day (round 74)
    subj = C.subject(verb) if verb.pos_ in ("VERB", "AUX") else None
    skip = {k.i for k in subj.subtree} if subj is not None else set()
    found = near(doc, t, linked_sentences(doc, referent_words(doc, [k for k in _clause_words(t) if k not in skip])))
    own = sentence_index(doc)[t.i]
    found = tuple(k for k in found if abs(k - own) <= CUE_WINDOW)
    if t.lower_ in ("next", "following") and (_requirement(verb) or not any(k < own for k in found)):
        return ()
    return found


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


def measured_from_before(doc: Doc, t: Token) -> bool:
    """For an opening measured "later"/"earlier" ("Two weeks later, one of her experiments was rolled
    out"): whether its clause goes on from a sentence just before, naming one of its things again
    (a person subject aside: the story's person ties nothing, as in :func:`next_previous_cue`; a thing
    does: "Tom planted seeds. Two weeks later, the seeds sprouted"). Among loosely ordered anecdotes
    nothing does, and "Two weeks earlier" reads as fluently (round 64, WP). Other words: True."""
    if t.lower_ not in ("later", "earlier") or not any(c.dep_ == "npadvmod" for c in t.children):
        return True
    verb = _clause_verb(t)
    if _state(verb):
        return ()  # "the next day, mommy was really sad" -> "the previous day": a state fits either day (round 74)
    subj = C.subject(verb) if verb.pos_ in ("VERB", "AUX") else None
    skip = {k.i for k in t.subtree}
    if subj is not None and (subj.pos_ == "PRON" or subj.ent_type_ == "PERSON"):
        skip |= {k.i for k in subj.subtree}
    found = linked_sentences(doc, [k.i for k in verb.subtree if k.i not in skip])
    own = sentence_index(doc)[t.i]
    return any(own - CUE_WINDOW <= k < own for k in found)


def _state(verb: Token) -> bool:
    """Whether ``verb`` tells a state or a perception ("was sad", "look with your carrier"), which may
    hold at either time, so moving its time orders no event."""
    lemma = verb.lemma_.lower()
    return lemma in STATIVE or lemma in PERCEPTION or lemma == "be" or any(c.dep_ == "acomp" for c in verb.children)


def _took_part(doc: Doc, k: int, noun: Token) -> bool:
    """Whether sentence ``k`` tells ``noun`` as the object or subject of an event verb."""
    a, b = sentence_bounds(doc)[k]
    lemma = noun.lemma_.lower()
    return any(
        w.lemma_.lower() == lemma
        and w.dep_ in ("dobj", "nsubj")
        and w.head.pos_ == "VERB"
        and w.head.lemma_.lower() not in STATIVE
        and w.head.lemma_.lower() != "be"
        for w in doc[a:b]
    )


def told_in_order(doc: Doc, t: Token, found: tuple[int, ...]) -> tuple[int, ...]:
    """For "before"/"after" + X: the sentences of ``found`` (naming X again) that the flip puts out of
    order: "after X" -> "before X" contradicts X told earlier in the story (it happened first);
    "before X" -> "after X" keeps every such sentence. Empty when the timed clause is a state ("karina was very
    tired after playing" -> "before playing" is fluent, round 51): a state may hold at either time, and
    one may find out a thing at any time ("before our first dance , i find out that she was invited")."""
    main = t.head if t.dep_ == "prep" else t.head.head
    if _state(main):
        return ()
    if t.lower_ != "after":
        return found  # "he was n't sure where to exit" ... "drove around before figuring out how to exit"
    own = sentence_index(doc)[t.i]
    found = tuple(k for k in found if k < own)
    noun = next((c for c in t.children if c.dep_ == "pobj"), None)
    if noun is not None and noun.pos_ in ("NOUN", "PROPN"):
        # "after college she got a job" -> "before college" reads as a flashback, "showed up after the
        # inspection" (told as "a day of inspection") -> "before" as merely late (round 74): the noun
        # must be told as an event someone took part in ("we watched the game")
        found = tuple(k for k in found if _took_part(doc, k, noun))
    return found


# Words of an act done again: "one day she commented how he smelled bad . a week later she said the same
# thing" -> "a week earlier" tells the same complaint once more before, a plausible backstory (round 51)
# ("the worker came up to me and said something else": a second saying, round 696)
_REPEATED = frozenset({"same", "again", "another", "also", "too", "else"})


def repeated_act(t: Token) -> bool:
    """Whether ``t``'s sentence tells an act done again ("said the same thing", "did it again"): "later"
    -> "earlier" then only moves the repetition before, which reads as fluently. A bare opening "Later,"
    with no measure reads as a flashback flipped ("earned a master 's degree . earlier , she traveled the
    world"), so it is declined too (round 51); so is a "before"/"after" in a sentence of an act done again."""
    if t.lower_ in ("before", "after"):
        # "began to reverse before shooting forwards again . it repeated this over and over": a cycle (round 692)
        return any(w.lower_ in _REPEATED for w in t.sent)
    if t.lower_ not in ("later", "earlier"):
        return False
    opener = t.is_sent_start or (t.i > 0 and t.doc[t.i - 1].is_punct)
    if t.lower_ == "later" and opener and not any(c.dep_ == "npadvmod" for c in t.children):
        return True
    return any(w.lower_ in _REPEATED for w in t.sent)


def awaited(t: Token) -> bool:
    """ "he waited for the show to begin" -> "to end": what one waits for may be either, no order
    broken (round 51)."""
    return t.dep_ in ("xcomp", "ccomp", "advcl") and t.head.lemma_.lower() in WAITING


def after_scene_break(t: Token) -> bool:
    """ "*** A few days later , I stood at the top", "Three Years Later": a "later"/"earlier" opening a new
    scene; flipped, the scene reads as a flashback, a fluent way to tell a story (rounds 692, 694)."""
    if t.lower_ not in ("later", "earlier"):
        return False
    measure = [c for c in t.children if c.dep_ == "npadvmod"]
    first = measure[0].left_edge.i if measure else t.i
    doc = t.doc
    if t.text.istitle() and all(doc[k].text.istitle() or doc[k].like_num for k in range(first, t.i)):
        return True  # "Three Years Later" as a heading: "Three Years Earlier" heads a flashback (round 694)
    return any(set(doc[k].text) <= set("*-_#~=") for k in range(max(0, first - 3), first))
