"""Clauses whose passive would misplace or garble a part of the sentence (round 101, long
WritingPrompts stories): :func:`unsafe` declines them. Each check names the reading it prevents."""

from __future__ import annotations

from .._persons import at_sentence_start

# Verbs whose passive takes "with", not "by" ("the room was filled by a deafening cheer").
WITH_PASSIVE = {
    "fill",
    "cover",
    "crowd",
    "line",
    "pack",
    "flood",
    "surround",
    "stuff",
    "cram",
    "clutter",
    "litter",
    "load",
    "coat",
    "smear",
    "soak",
    "drench",
    "splatter",
    "spatter",
    "sprinkle",
    "dot",
    "stain",
    "decorate",
    "adorn",
    "plaster",
    "carpet",
    "choke",
    "swarm",
    "flank",
    "blanket",
    "engulf",
}
# Verbs of going into, through or up to a place: their passive reads unnatural ("where they had been
# entered by the shape", "the town was reached by the car"; round 113).
PLACE_VERBS = {"enter", "exit", "reach", "approach", "cross", "board", "penetrate", "circle", "orbit", "traverse"}
# Adverbs of place that post-modify a subject noun ("The nimbus clouds above eclipsed the moon"):
# left between the auxiliary and the participle they read as the verb's ("was above eclipsed").
_PLACE = {"above", "below", "beyond", "beneath", "underneath", "overhead", "nearby", "behind", "ahead"}
_PLACE |= {"outside", "inside", "within", "around", "here", "there", "downstairs", "upstairs", "opposite"}
# "will"/"would" negated means refusing ("the world won't accept me"), which the passive loses.
_WILL = {"will", "wo", "would", "'d", "\u2019d", "'ll", "\u2019ll"}
# Heads of a complement clause that leave it no finite reading of its own ("seeing your dick bothers Me").
_NON_FINITE = {"VBG", "VBN", "TO", "IN"}


def unsafe(doc, v, s, o, pre, kids) -> bool:
    """True when the passive of verb ``v`` (subject ``s``, object ``o``, words ``pre`` between
    them, children ``kids``) would misplace a part of the sentence or change its sense."""
    if any(t.dep_ == "advmod" and t.lower_ in _PLACE for t in pre):
        return True  # "The clouds above eclipsed the moon" -> "The moon was above eclipsed by the clouds"
    if any(t.lower_ in _WILL for t in pre) and any(t.dep_ == "neg" for t in pre):
        return True  # "If the world won't accept me" -> "If I won't be accepted by the world"
    if any(c.dep_ == "advcl" and c.i != v.i and not _own_subject(c) for c in kids):
        return True  # "The cancer devoured her, carving her out": the participle would describe "she"
    if any(c.dep_ == "prep" and any(g.dep_ == "pcomp" and g.tag_ == "VBG" for g in c.children) for c in kids):
        return True  # "After eating lunch, the guard grabbed him": who ate would change
    if o.tag_ == "PRP" and o.text[:1].isupper() and not at_sentence_start(o):
        return True  # a capital of reverence ("bothers Me") that the new subject "I" cannot keep
    return not _safe_position(doc, v, s)


def _own_subject(c) -> bool:
    """The adverbial clause has a subject of its own ("before he dropped"), so it describes nothing
    of the old subject ("carving her out", "to show them")."""
    return any(g.dep_ in ("nsubj", "nsubjpass", "expl") for g in c.children)


def _safe_position(doc, v, s) -> bool:
    """The clause is a main clause, a conjunct, a subordinate clause with its conjunction ("if",
    "when"), the complement of a finite verb or an adjective ("I think the cat ate it", "afraid that
    ..."), or a clause opened by "that" (a cleft: "it was then that the realization hit me"), and the
    word before it cannot take the new subject as its object ("As the smoke dispersed the room was
    filled")."""
    dep, head = v.dep_, v.head
    opened = any(c.dep_ == "mark" or (c.dep_ == "advmod" and c.tag_ == "WRB") for c in v.children)
    if dep == "advcl" and not opened:
        return False  # a run-on taken for a subordinate clause
    if dep == "ccomp" and (head.tag_ in _NON_FINITE and not any(c.dep_ in ("aux", "auxpass") for c in head.children)):
        return False  # "You think seeing your dick bothers Me": a misparse of a gerund phrase
    if dep not in ("ROOT", "conj", "advcl", "ccomp", "parataxis") and not (dep in ("relcl", "acl", "pcomp") and opened):
        return False
    k = s.left_edge.i - 1
    if k >= 0 and doc[k].pos_ in ("VERB", "AUX") and doc[k].i != head.i:
        return False  # the previous verb would take the new subject as its object
    return True
