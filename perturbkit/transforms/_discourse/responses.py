"""Checks shared by the causal swaps and word flips for reversals a strict reader still believes
(round 85): a response to someone's act made the effect (a note posted, a call, an arrest, a
phone that beeps), a spoken "So problem was ..." that frames an explanation, and a generic
present-tense claim about abstract things ("knowledge by its very nature leads to unhappiness").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...resources.lexicons import verb_class
from .checks import STATIVE
from .clauses import subject

if TYPE_CHECKING:
    from spacy.tokens import Token

# Acts of telling someone something: "she posted a note on my door", "he called me", "she wrote to me"
_TELLING = verb_class("telling")
# Verbs that carry a message given as their object ("left a note", "sent a letter", "posted a sign")
_CARRYING = verb_class("carrying")
_MESSAGES = frozenset("note message letter card sign notice email text flyer poster memo".split())
_NOBODY = frozenset({"no", "nobody", "nothing", "none", "noone"})
# Others acting against a person: "they restrained terrence", "the police arrested him" (a mistaken
# culprit is believable after almost any event)
_REPRISALS = verb_class("reprisal")
# A device's signal: "my comm screen started to beep", "the phone rang", "the alarm went off"
_SIGNALS = verb_class("signal")


def _verb(head: Token) -> Token:
    """The verb that tells the act: "started to beep" -> "beep"."""
    if head.lemma_.lower() in ("start", "begin", "continue", "keep"):
        return next((c for c in head.children if c.dep_ in ("xcomp", "ccomp")), head)
    return head


def response(head: Token) -> bool:
    """ "she posted a note on my door", "they restrained terrence", "my screen started to beep": a
    message to someone, an act against a person, or a device's signal: a response that almost any
    act of another may bring about."""
    verb = _verb(head)
    lemma = verb.lemma_.lower()
    objs = [c for c in verb.children if c.dep_ in ("dobj", "dative")]
    if any(c.dep_ == "neg" for c in (*head.children, *verb.children)) or any(t.lower_ in _NOBODY for t in verb.lefts):
        return False  # "no one called him for work": no response at all
    if lemma in _TELLING and any(c.dep_ == "xcomp" for c in verb.children):
        return False  # "he told drew to stop": a directive, which aims at an act still to come
    if lemma in _TELLING or lemma in _SIGNALS:
        return True
    if lemma in _REPRISALS and objs:
        return True
    if lemma == "go" and any(c.dep_ == "prt" and c.lower_ == "off" for c in verb.children):
        return True  # "the alarm went off"
    if lemma == "light" and any(c.dep_ == "prt" and c.lower_ == "up" for c in verb.children):
        return True  # "the screen lit up"
    return lemma in _CARRYING and any(o.lemma_.lower() in _MESSAGES for o in objs)


def answered(old_cause: Token, old_effect: Token) -> bool:
    """Whether the old cause, made the effect of the other clause by a reversal, is a response
    (:func:`response`) to another agent's act ("I joined the hunt. So, she posted a note on my door
    about it"; "because the woman got away, they restrained terrence"): believable either way. Not after a
    state ("charles needed a new idea so no one called him")."""
    a, b = subject(old_cause), subject(old_effect)
    if not response(old_cause) or a is None or b is None or old_effect.lemma_.lower() in STATIVE | {"be", "have"}:
        return False
    return a.lower_ != b.lower_


# Nouns that frame a spoken explanation: "(So) problem was I got so drunk", "the thing is, ..."
_FRAMES = frozenset("problem thing point truth fact trouble issue catch kicker question deal".split())
_MARKERS = frozenset({"anyway", "anyhow", "anyways", "well", "basically"})


def framing(head: Token) -> bool:
    """ "problem was I got so drunk", "the thing is she left", "anyway, we went home": a clause that
    frames an explanation, whose "So" is a spoken discourse marker, not a causal connective."""
    words = [t for t in head.subtree if t.is_alpha and t.lower_ not in ("so", "and", "but", "the")][:2]
    if not words:
        return False
    if words[0].lower_ in _MARKERS:
        return True
    return len(words) == 2 and words[0].lemma_.lower() in _FRAMES and words[1].lemma_ == "be"


# Abstract things a generic claim joins: "knowledge leads to unhappiness", "greed causes misery"
_ABSTRACT_NOUNS = frozenset(
    """knowledge wisdom ignorance power greed pride fear love hate hatred anger envy jealousy truth freedom
    poverty wealth success failure happiness misery sorrow suffering pain joy peace war violence faith
    doubt hope despair curiosity ambition desire change progress death life time money art science
    religion""".split()
)
_ABSTRACT_ENDINGS = ("ness", "ity", "ism", "ship", "dom", "hood", "ance", "ence", "ment", "tion", "sion", "ledge")


def _abstract(w: Token) -> bool:
    """A bare abstract noun: no article nor possessor ("unhappiness", not "the accident")."""
    if w.pos_ != "NOUN" or any(c.dep_ in ("det", "poss", "nummod") for c in w.children):
        return False
    low = w.lemma_.lower()
    return low in _ABSTRACT_NOUNS or (len(low) > 5 and low.endswith(_ABSTRACT_ENDINGS))


def _bare_singular(w: Token) -> bool:
    """A bare singular noun in mass use ("routine", "rain"), no article nor possessor; the parser
    tags some as adjectives when they are the subject ("As routine leads to boredom")."""
    nominal = w.tag_ == "NN" or (w.tag_ == "JJ" and w.dep_ in ("nsubj", "nsubjpass"))
    return nominal and not any(c.dep_ in ("det", "poss", "nummod") for c in w.children)


def abstract_claim(verb: Token, subj: Token | None, obj: Token) -> bool:
    """ "Knowledge by its very nature leads to unhappiness", "routine leads to boredom": a generic
    present-tense claim joining an abstract noun to another or to a bare noun in mass use, which
    reversed ("results from unhappiness") reads as another aphorism, no clear wrong cause (rounds 85
    and 88 WP). Events ("the storm caused a flood") still flip."""
    present = verb.tag_ in ("VBZ", "VBP") or any(c.dep_ == "aux" and c.tag_ in ("VBZ", "VBP") for c in verb.children)
    if not present or subj is None:
        return False
    return (_abstract(subj) and (_abstract(obj) or _bare_singular(obj))) or (_bare_singular(subj) and _abstract(obj))


# Lacks and conditions: "the lack of targets", "the loss of power", "a failure of the wheels"
_CONDITIONS = frozenset(
    """lack absence loss shortage scarcity deficiency shortfall instability failure problem issue error fault
    flaw defect glitch malfunction breakdown weakness trouble lapse imbalance""".split()
)
_QUALITY_ENDINGS = ("ness", "ity", "ance", "ence")
# Things (not qualities) with those endings
_NOT_QUALITIES = frozenset(
    """ambulance audience appliance conference entrance residence sentence science university community
    facility celebrity authority electricity city county deity entity business witness fortress
    mattress""".split()
)


def condition_noun(w: Token | None) -> bool:
    """ "the lack of targets", "its instability", "the darkness": a lack, a condition or an abstract
    quality, which may as well come of the other side of a nominal cause as bring it about (round 87
    WP: "the lack of targets resulted from unstable paths" still reads)."""
    if w is None or w.pos_ != "NOUN":
        return False
    low = w.lemma_.lower()
    if low in _NOT_QUALITIES:
        return False
    return low in _CONDITIONS or (len(low) > 6 and low.endswith(_QUALITY_ENDINGS))


# Generic subjects of a maxim: "you got ta turn the other cheek", "one must be patient"
_GENERIC_SUBJECTS = frozenset({"you", "one", "people", "everyone", "everybody", "anyone", "anybody"})


def _obligation(head: Token) -> bool:
    """ "you got ta/gotta", "you have to", "one must": a present obligation or modal."""
    kids = list(head.children)
    if any(c.tag_ == "MD" and c.lower_ not in ("would", "could", "might") for c in kids):
        return True
    if head.lemma_.lower() not in ("get", "have") or not any(c.dep_ == "xcomp" for c in kids):
        return False
    to = [a for c in kids if c.dep_ == "xcomp" for a in c.children if a.dep_ == "aux" and a.tag_ == "TO"]
    if head.lemma_.lower() == "get":
        return head.lower_ in ("got", "gotta") and any(a.lower_ == "ta" for a in to)
    return head.tag_ in ("VBZ", "VBP") and bool(to)


def maxim(head: Token) -> bool:
    """ "you got ta turn the other cheek", "one must be patient", "people need a chance": a generic
    statement, a rule of life, which as a reason or a result reads as a loose "so, as they say",
    no clear wrong cause (round 87 WP)."""
    subj = subject(head)
    generic_subj = subj is not None and subj.lower_ in _GENERIC_SUBJECTS
    present = head.tag_ in ("VBZ", "VBP") or any(c.dep_ == "aux" and c.tag_ in ("VBZ", "VBP") for c in head.children)
    return (generic_subj and present) or _obligation(head)
