"""Where a passive reads naturally in a story (strict readings, rounds 26 and 30): the patient is
the topic and the agent is a minor player. "Greg found a lost demo tape" -> "a lost demo tape was
found by greg" demotes the protagonist to a "by" phrase and fronts new information; "My sister
saved me" -> "I was saved by my sister" keeps the narrator as the topic. So a passive is made only
when the patient is given (an animate personal pronoun, or a definite phrase whose noun the story
mentioned before) and the agent is a determined noun phrase ("the cop", "his friend") that is not
a subject elsewhere in the story; and never for a phrasal verb, a progressive, a verb of saying
or giving, or a clause that goes on after the object ("called the tow truck to tow the car"), nor
one of a parallel series or with a "them" for a thing (:mod:`.discourse`)."""

from __future__ import annotations

import re

from ...annotation import doc_text
from .discourse import in_series, lone_them

# Animate object pronouns that make a natural passive subject ("it was hit by the ball" does not).
_PERSONAL = {"me", "him", "her", "us", "them"}
_DEFINITE = {"the", "this", "that", "these", "those"}
_AGENT_DET = {"the", "a", "an"}  # not "that person": a demonstrative agent points back at the topic
# Verbs of saying, asking and giving: the passive of their object reads as a stilted reply tag
# ("I was asked by the man") or loses a second object ("he was given by his wife jello").
_VERBS = {"ask", "tell", "answer", "reply", "give", "show", "send", "bring", "teach", "offer", "hand", "lend"}
_VERBS |= {"owe", "promise", "pass", "feed", "serve", "bear", "bore", "take", "play"}  # "take him", "played him"
# Body parts and senses as agents read as idioms taken literally ("a dress was caught by her eyes").
_BODY = {"eye", "eyes", "hand", "hands", "face", "heart", "mind", "head", "ear", "ears", "mouth", "voice", "body"}
_BODY |= {"arm", "arms", "leg", "legs", "foot", "feet", "finger", "fingers", "lip", "lips", "nose", "stomach"}
# What may follow the object (after punctuation the clause has ended).
_AFTER_POS = {"PUNCT", "CCONJ", "SCONJ"}


def _determined(tok) -> bool:
    """``tok`` heads a phrase with an article, demonstrative or possessive ("the cop", "his friend")."""
    return any((c.dep_ == "det" and c.lower_ in _AGENT_DET) or c.dep_ == "poss" for c in tok.children if c.i < tok.i)


def _given(tok, before: str) -> bool:
    """The patient is given: an animate personal pronoun, or a definite phrase whose noun (or its
    lemma) occurs in ``before``, the story up to the clause."""
    if tok.tag_ == "PRP":
        return tok.lower_ in _PERSONAL
    if not any((c.dep_ == "det" and c.lower_ in _DEFINITE) or c.dep_ == "poss" for c in tok.children):
        return False
    words = {tok.lower_, tok.lemma_.lower()}
    return any(re.search(rf"\b{re.escape(w)}\b", before) for w in words if w.isalpha())


def _subject_elsewhere(doc, s) -> bool:
    """The agent's noun is the subject of another clause of the story: a main character."""
    low = s.lower_
    return any(t.i != s.i and t.dep_ in ("nsubj", "nsubjpass") and t.lower_ == low for t in doc)


def topical(doc, v, s, o, context: str = "") -> bool:
    """True when the passive of verb ``v`` (subject ``s``, object ``o``) keeps the story's topic:
    see the module docstring. ``context`` is the text before the story (a ROC story's first sentence)."""
    if v.lemma_.lower() in _VERBS or v.lower_ in _VERBS:
        return False
    if any(c.dep_ == "prt" for c in v.children) or any(a.dep_ == "aux" and a.lemma_ == "be" for a in v.children):
        return False  # phrasal verbs ("checked him out"), progressives ("was being filled by the water")
    k = o.right_edge.i + 1
    if k < len(doc) and doc[k].pos_ not in _AFTER_POS:
        return False  # "called the tow truck to tow", "hit it many more times"
    while k < len(doc) and (doc[k].text == "," or doc[k].pos_ == "CCONJ"):
        k += 1
    if k < len(doc) and doc[k].tag_ in ("VB", "VBD", "VBZ", "VBP", "RB") and doc[k - 1].text != ".":
        return False  # a second verb sharing the subject: "the sun embraced her , and led her away"
    if s.tag_ == "PRP" or s.pos_ == "PROPN" or not _determined(s) or s.lower_ in _BODY:
        return False  # pronoun, name or bare noun agent ("by tom", "by rain"), body parts
    if _subject_elsewhere(doc, s):
        return False  # the boys ... the boys were happy: the agent is the story's topic
    if in_series(doc, v) or lone_them(doc, s, o):
        return False  # a parallel series broken, or "they" for a thing (see .discourse)
    before = (context + " " + doc_text(doc)[: s.left_edge.idx]).lower()
    return _given(o, before)
