"""Flips a strict reader still finds coherent (round 83): the anchor of "the next day" is a standing
or recurring situation or only a shared verb, a start follows an interruption (a restart) or a single
momentary act (an escalation), or "early"/"late" stands in a parallel pair of measures; each leaves
a possible story, so the flip is declined."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation import sentence_bounds, sentence_index
from ...resources.lexicons import verb_class
from .checks import PERCEPTION, STATIVE
from .temporal_facts import FACT_WINDOW
from .temporal_scene import GAZING

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

# Determiners of a referent new to the story: "I lifted ten crowns" names other crowns than "five crowns"
_NEW_DETS = frozenset({"a", "an", "another", "some", "any", "several", "many", "few", "more"})
# Acts that interrupt a thing going on: "the connection stopped working ... when the movie started"
# reads as a restart, no clash with the movie told going on before
INTERRUPTING = verb_class("interrupting")
# Vocal acts that come as one burst or go on: "let out a scream" then "started screaming" escalates
MOMENTARY = verb_class("vocal_burst")
_PUNCTUAL = frozenset({"early", "late", "earlier", "later"})
# Measures of time elapsed: "it had been a while since ...", "years since ...", "the first time since ..."
_ELAPSED = frozenset("while long year month week day hour minute decade age time forever".split())


def referent_words(doc: Doc, idxs: list[int]) -> list[int]:
    """Of a clause's words, those naming a referent that may be shared: nouns, names and pronouns, not
    the verbs ("I gathered the food . the next day I gathered my courage" shares no thing) nor a noun
    introduced as new ("a golden castle", "ten crowns" are not "the five crowns" told before)."""
    keep = set(idxs)
    for i in idxs:
        w = doc[i]
        if w.pos_ == "NOUN" and any(
            c.dep_ == "nummod" or (c.dep_ == "det" and c.lower_ in _NEW_DETS) for c in w.children
        ):
            keep -= {k.i for k in w.subtree}
    return [i for i in sorted(keep) if doc[i].pos_ in ("NOUN", "PROPN", "PRON")]


def _event_sentence(doc: Doc, k: int) -> bool:
    """Whether sentence ``k`` tells one event at a point in time: its main verb is an act, not negated,
    not a state or a perception, not going on ("was eating", "had been eating")."""
    a, b = sentence_bounds(doc)[k]
    root = next((w for w in doc[a:b] if w.dep_ == "ROOT"), None)
    if root is None or root.pos_ != "VERB":
        return False
    lemma = root.lemma_.lower()
    if lemma in STATIVE or lemma in PERCEPTION or lemma == "be":
        return False
    if any(c.dep_ == "neg" for c in root.children):
        return False
    return not (root.tag_ == "VBG" and any(c.dep_ == "aux" and c.lemma_.lower() == "be" for c in root.children))


def standing_anchor(doc: Doc, t: Token, found: tuple[int, ...]) -> bool:
    """For "the next X" -> "the previous X": whether every earlier sentence it goes on from tells a
    standing or recurring situation ("her parents did n't want her to eat in her room . ... the next day
    her mother went into her room"): with no one event to follow, "the previous day" finds an earlier
    instance of the same habit, a possible story (round 83)."""
    if t.lower_ not in ("next", "following"):
        return False
    own = sentence_index(doc)[t.i]
    earlier = [k for k in found if k < own]
    return bool(earlier) and not any(_event_sentence(doc, k) for k in earlier)


def restarted(t: Token) -> bool:
    """For a flip to "started"/"began": whether a sentence just before tells an interruption ("my
    connection stopped working . i waited to rebuffer the movie . when the movie started"): the start
    then reads as a restart, no clash with the thing told going on before (round 83)."""
    doc = t.doc
    sent = sentence_index(doc)
    own = sent[t.i]
    return any(
        w.lemma_.lower() in INTERRUPTING and w.pos_ == "VERB" and own - FACT_WINDOW <= sent[w.i] <= own
        for w in doc[: t.i]
    )


def momentary_before(verb: Token, ing: Token) -> bool:
    """For "stopped X-ing" -> "started X-ing": whether the latest earlier telling of X is a single
    instance, a noun ("the woman let out a scream . she stopped screaming"): "she started screaming"
    then reads as a natural escalation, not a clash (round 83)."""
    doc, lemma = verb.doc, ing.lemma_.lower()
    if lemma not in MOMENTARY:
        return False  # "every morning jim went for a run . he had to stop running": a habit, not one burst
    sent = sentence_index(doc)
    told = [w for w in doc[: verb.sent.start] if w.lemma_.lower() == lemma and sent[verb.i] - sent[w.i] <= FACT_WINDOW]
    return bool(told) and told[-1].pos_ == "NOUN"


def looked_measure(t: Token) -> bool:
    """For a measured "later"/"earlier": whether its act is a look or a check ("ten minutes later i
    checked on the clothes"): one may check at either time, so "ten minutes earlier" reads as an earlier
    look, as with a look "the previous day" (round 820)."""
    if t.lower_ not in ("later", "earlier") or not any(c.dep_ == "npadvmod" for c in t.children):
        return False
    verb = t.head
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    return verb.lemma_.lower() in GAZING | PERCEPTION | {"check", "inspect", "examine"}


def _verbless(doc: Doc, k: int) -> bool:
    a, b = sentence_bounds(doc)[k]
    return not any(w.pos_ in ("VERB", "AUX") for w in doc[a:b])


def parallel_pair(t: Token) -> bool:
    """For "early"/"late": whether an adjacent sentence holds another such word in a parallel phrase,
    both measured or both verbless ("Twenty minutes early to the appointment . Two hours late to be
    seen"): flipped, the pair only loses its contrast and contradicts nothing (round 83)."""
    if t.lower_ not in ("early", "late"):
        return False
    doc = t.doc
    sent = sentence_index(doc)
    own = sent[t.i]
    measured = any(c.dep_ == "npadvmod" for c in t.children)
    for w in doc:
        if w.lower_ in _PUNCTUAL and abs(sent[w.i] - own) == 1:
            if measured and any(c.dep_ == "npadvmod" for c in w.children):
                return True
            if _verbless(doc, own) and _verbless(doc, sent[w.i]):
                return True
    return False


def elapsed_since(t: Token) -> bool:
    """For "before"/"after": whether it stands in a since-clause of elapsed time ("it had been a while
    since I had woken up before the alarm"): the clause names a habit, so "after the alarm" reads as
    "I had not overslept in a while", another habit, no order broken (round 84)."""
    verb = t.head
    while verb.head.i != verb.i:
        if verb.dep_ == "advcl" and any(c.dep_ == "mark" and c.lower_ == "since" for c in verb.children):
            own = {w.i for w in verb.subtree}
            return any(w.lemma_.lower() in _ELAPSED for w in verb.head.subtree if w.i not in own)
        verb = verb.head
    return False
