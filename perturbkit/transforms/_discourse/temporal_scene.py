"""Flips a strict reader still finds coherent (round 81): the flipped time word moves an act that
may happen at either time (training for a race, talking to someone, glancing at a watch, a pause
in walking) or anchors to nothing firm (backstory told in the past perfect, a thing new to the
story, a flashback of years), so the flip leaves a possible story and is declined."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation import sentence_bounds, sentence_index
from ...resources.lexicons import verb_class
from .._character.animacy import is_character
from . import clauses as C
from .checks import PERCEPTION, is_perfect
from .temporal_facts import FACT_WINDOW, told_as_fact

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

# Acts of getting ready: "trained hard before the first race" -> "after the first race" reads as
# training for the next one
PREPARING = verb_class("preparing")
# Brief acts of looking: "stared at my hands before looking at my watch" -> "after": near-simultaneous
GAZING = verb_class("gazing")
# Acts between people, done on any day: "the next day he talked to jon" -> "the previous day" is odd,
# still possible (he may have met jon before)
SOCIAL = verb_class("social")
# Motion, which pauses and goes on: "she stopped walking" -> "started walking" (she may have paused)
MOTION = verb_class("motion")
# Measures of a loose flashback: "A few years later, Russia imploded" -> "A few years earlier"
_LONG_UNITS = frozenset({"month", "year", "decade", "century", "months", "years", "decades", "centuries"})
_TIME_PHRASE = frozenset({"next", "following", "previous", "coming"})


def _main_and_clause(t: Token) -> tuple[Token, Token | None]:
    """For "before"/"after": the verb it times and the verb (or noun) of its own clause."""
    if t.dep_ == "mark":
        return t.head.head, t.head
    obj = next((c for c in t.children if c.dep_ in ("pobj", "pcomp")), None)
    return t.head, obj


def either_time_act(t: Token) -> bool:
    """For "before"/"after": whether the timed act is a preparation ("trained hard for the next week
    before the first race": after it, training for a later race) or either act a glance ("stared at my
    hands before looking at my watch"), or a "the next week" phrase stands beside the word ("for the next
    week after" is clumsy): either order reads as a possible story."""
    main, other = _main_and_clause(t)
    if t.dep_ == "mark" and main.pos_ not in ("VERB", "AUX"):
        return True  # "a scribble of people before everything wrapped up": a verbless list orders no event
    if t.dep_ == "prep" and other is not None and is_character(other):
        return True  # "after tom": a person is no event to order
    if [w.lower_ for w in t.doc[max(0, t.i - 3) : t.i]] == ["upon", "a", "time"]:
        return True  # "once upon a time before men": a fairy-tale formula, no event to order (round 800)
    lemmas = {main.lemma_.lower()} | ({other.lemma_.lower()} if other is not None else set())
    if main.lemma_.lower() in PREPARING or lemmas & GAZING:
        return True
    doc = t.doc
    return any(doc[k].lower_ in _TIME_PHRASE for k in range(max(t.sent.start, t.i - 4), t.i))


def unanchored_previous(doc: Doc, t: Token, found: tuple[int, ...]) -> bool:
    """For "the next X" -> "the previous X": whether the flip has no firm anchor to clash with: the
    earlier sentences it goes on from tell backstory in the past perfect ("she had been to a friend 's
    ... the next day, beth went to the pet store"), its act is one between people ("the next day he
    talked to jon"), or its subject is a thing new to the story ("sales skyrocketed in the next week"):
    "the previous X" then reads as a possible, if odd, order (round 81)."""
    if t.lower_ not in ("next", "following"):
        return False
    verb = t.head
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    if verb.lemma_.lower() in SOCIAL | GAZING | PERCEPTION | {"check"}:
        return True  # "you look with your cell carrier the previous day": a look at that day's records
    own = sentence_index(doc)[t.i]
    bounds = sentence_bounds(doc)
    earlier = [k for k in found if k < own]
    if earlier and max(earlier) < _narrative_start(doc):
        return True
    subj = C.subject(verb) if verb.pos_ in ("VERB", "AUX") else None
    if subj is None or subj.pos_ != "NOUN" or is_character(subj):
        return False  # "val 's mother went into her room the next day": a person of the story
    lemma = subj.lemma_.lower()
    return not any(w.lemma_.lower() == lemma for w in doc[: bounds[own][0]])


def _narrative_start(doc: Doc) -> int:
    """The first sentence not told in the past perfect: the ones before it are the story's backstory
    ("she had been to a friend 's"), with no time of their own; a perfect after the story has begun
    ("his teacher had sent him home") tells what just came before and anchors as well (round 81)."""
    for k, (a, b) in enumerate(sentence_bounds(doc)):
        if not any(w.dep_ == "ROOT" and is_perfect(w) for w in doc[a:b]):
            return k
    return len(sentence_bounds(doc))


# a story of more sentences than this tells its history loosely: a flashback of years reads as exposition
LONG_STORY = 12


def loose_measure(t: Token) -> bool:
    """For a measured "later"/"earlier": whether the measure is months or years and the story long ("A
    few years later, Russia imploded") or its clause about a person ("three years later she had a nose
    transplant"): flipped, a flashback of years in someone's life or in loose exposition reads as
    possible (round 81); a thing's years in a short story ("Tom planted an oak. Two years later, the
    tree bore acorns") stay fixed."""
    if t.lower_ not in ("later", "earlier"):
        return False
    if not any(c.dep_ == "npadvmod" and c.lower_ in _LONG_UNITS for c in t.children):
        return False
    verb = t.head
    subj = C.subject(verb) if verb.pos_ in ("VERB", "AUX") else None
    return len(sentence_bounds(t.doc)) > LONG_STORY or (subj is not None and is_character(subj))


def paused_motion(verb: Token, ing: Token) -> bool:
    """For "she stopped walking" -> "started walking": motion pauses and goes on, so a start after walking
    told before reads as a resumption (round 81). A stop one has to make ("had to stop running on the
    beach" after "every morning he went for a run") quits a habit, and "start" clashes with it."""
    if verb.lemma_.lower() != "stop":
        return False
    return ing.lemma_.lower() in MOTION and verb.dep_ not in ("xcomp", "ccomp")


_SPEAKERS = frozenset({"i", "we", "you", "me", "us"})


def _other(a: Token | None, b: Token | None) -> bool:
    """Whether two subjects surely differ: two different pronouns or nouns, or "we" and a noun."""
    if a is None or b is None:
        return False
    if a.pos_ == "PRON" and b.pos_ == "PRON":
        return a.lower_ != b.lower_
    if a.pos_ == "PRON" or b.pos_ == "PRON":
        return (a if a.pos_ == "PRON" else b).lower_ in _SPEAKERS
    return a.lemma_.lower() != b.lemma_.lower()


def done_by_another(verb: Token, ing: Token) -> bool:
    """For "stopped X-ing" -> "started X-ing": whether every earlier sentence nearby telling X tells it
    done by someone else ("politicians tried to calm the masses . soon , we stopped trying", "I walk
    around in your room . she stopped walking"): nothing tells the subject's own X going on (round 801)."""
    doc, lemma = verb.doc, ing.lemma_.lower()
    sent = sentence_index(doc)
    own, subj = sent[verb.i], C.subject(verb)
    told = [
        w
        for w in doc[: verb.sent.start]
        if w.lemma_.lower() == lemma and w.pos_ == "VERB" and own - sent[w.i] <= FACT_WINDOW and told_as_fact(w)
    ]
    return bool(told) and all(_other(C.subject(w) or C.subject(w.head), subj) for w in told)
