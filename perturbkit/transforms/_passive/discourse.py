"""Passives that break the story's discourse around the clause (round 113, WritingPrompts): the
clause is one of a parallel series, or its object "them" has no plural character to refer to.

"The dust would choke an ordinary man . The heat would kill them . The shock waves would crush
them" is a deliberate series (each sentence: subject + "would" + verb + object); "They would be
killed by the heat" breaks it, and the new subject "They" stands out with only "an ordinary man"
before it. "I could see the clouds bend around where the shape had entered them" -> "where they
had been entered by the shape": "they" are clouds, a thing, and a thing as a passive subject
pronoun reads clumsy (as "it was hit by the ball" does, which :mod:`.topic` already declines)."""

from __future__ import annotations

from .._character.animacy import is_character

# Plural pronouns a "them" can carry on from (the same chain of reference).
_PLURAL_PRONOUNS = {"they", "them", "their", "theirs", "themselves"}


def _frame(v) -> tuple[tuple[str, ...], bool, str] | None:
    """(auxiliaries, whether the subject is a pronoun, lower-cased object) of a sentence "S aux V O"
    headed by ``v`` (the sentence's root, with auxiliaries, its own subject and a direct object),
    or None for any other verb."""
    if v.pos_ != "VERB" or v.dep_ != "ROOT":
        return None
    kids = list(v.children)
    subj = [c for c in kids if c.dep_ == "nsubj" and c.i < v.i]
    objs = [c for c in kids if c.dep_ == "dobj"]
    auxes = tuple(c.lower_ for c in kids if c.dep_ == "aux")
    if not (subj and objs and auxes):
        return None
    return auxes, subj[0].tag_ == "PRP", objs[0].lower_


def in_series(doc, v) -> bool:
    """The sentence of ``v`` is one of a parallel series: the sentence before or after has the same
    frame, a subject with the same auxiliaries, a transitive verb and an object, with a noun
    phrase subject or the same object ("The dust would choke an ordinary man . The heat would kill
    them . The shock waves would crush them")."""
    frame = _frame(v)
    if frame is None:
        return False
    sents = list(doc.sents)
    k = next(n for n, x in enumerate(sents) if x.start <= v.i < x.end)
    for n in (k - 1, k + 1):
        other = _frame(sents[n].root) if 0 <= n < len(sents) else None
        if other is not None and other[0] == frame[0] and (not other[1] or other[2] == frame[2]):
            return True
    return False


def lone_them(doc, s, o) -> bool:
    """The object is "them" and the nearest plural before it, in its sentence or the one before
    (outside the subject's own noun phrase, which cannot be its antecedent), is no plural pronoun
    and no character: a thing ("the clouds"), or nothing plural at all ("an ordinary man")."""
    if o.lower_ != "them":
        return False
    sents = list(doc.sents)
    k = next(n for n, x in enumerate(sents) if x.start <= o.i < x.end)
    start = sents[k - 1].start if k else sents[k].start
    subject = {t.i for t in s.subtree if t.tag_ != "PRP$"}
    for t in reversed(doc[start : o.i]):
        if t.i in subject:
            continue
        if t.lower_ in _PLURAL_PRONOUNS:
            return False
        if t.tag_ in ("NNS", "NNPS") or (t.pos_ in ("NOUN", "PROPN") and any(c.dep_ == "conj" for c in t.children)):
            return not (is_character(t) or any(is_character(c) for c in t.children if c.dep_ == "conj"))
    return True
