"""Sites where a swapped word reads as rhetoric, not as a changed story event: a general claim
("Each choice we make creates an alternate timeline" -> "destroys": the narrator's theory, which no
event of the story pins down) and a repeated parallel list or an opposite the story already sets
beside the word ("I die , I am reborn , I die , I am reborn" -> "I live , I am reborn": a variation
inside a litany; round 69). A strict reader does not take either for a contradiction."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Determiners and quantifiers of a generic subject ("each choice", "every man", "all people").
_GENERIC_DETS = frozenset({"each", "every", "any", "all", "no", "most"})
#: Subjects that name anyone, not a character of the story ("you" of advice, "one", "people").
_GENERIC_SUBJECTS = frozenset(
    "you one people everyone everybody anyone anybody nobody someone somebody humans mankind humanity".split()
)
_SUBJECTS = ("nsubj", "nsubjpass", "expl")
#: Sentences either side of the site where an opposite already written makes the swap a variation.
NEARBY = 1


def _clause_verb(tok: Token) -> Token:
    """The verb whose clause holds ``tok`` (``tok`` itself for a verb)."""
    t = tok
    while t.pos_ not in ("VERB", "AUX") and t.head.i != t.i:
        t = t.head
    return t


def _chain(verb: Token) -> list[Token]:
    """``verb`` and the verbs it is coordinated with or complements, up to the one with a subject."""
    out = [verb]
    while (
        not any(c.dep_ in _SUBJECTS for c in out[-1].children)
        and out[-1].dep_ in ("conj", "xcomp")
        and out[-1].head.i != out[-1].i
        and len(out) < 5
    ):
        out.append(out[-1].head)
    return out


def _past(verb: Token) -> bool:
    """``verb`` tells a past event: a past form or a past auxiliary ("had made", "did make")."""
    if verb.tag_ == "VBD":
        return True
    return any(c.dep_ in ("aux", "auxpass") and c.tag_ == "VBD" for c in verb.children)


def _generic(subj: Token) -> bool:
    """``subj`` names anyone of a kind: a generic pronoun or noun ("you", "people"), a quantified
    noun ("each choice we make"), or a bare plural ("dogs chase cats")."""
    if subj.lower_ in _GENERIC_SUBJECTS:
        return True
    dets = [c for c in subj.children if c.dep_ in ("det", "poss", "nummod")]
    if any(d.lower_ in _GENERIC_DETS for d in dets):
        return True
    if subj.lower_ in _GENERIC_DETS and subj.dep_ in ("nsubj", "nsubjpass"):
        return True  # "each of us makes ..."
    return subj.tag_ == "NNS" and not dets


def general_claim(tok: Token) -> bool:
    """``tok`` is in a general claim, not a told event: its clause is not past and its subject is
    generic (:func:`_generic`): "Each choice we make creates an alternate timeline", "people sell
    their souls", "you lose what you love"."""
    chain = _chain(_clause_verb(tok))
    if chain[0].pos_ not in ("VERB", "AUX") or any(_past(v) for v in chain):
        return False  # "a man hired him to create a sculpture": a told event
    subj = next((c for c in chain[-1].children if c.dep_ in _SUBJECTS), None)
    return subj is not None and _generic(subj)


def litany(tok: Token, lemma: str, new_lemma: str) -> bool:
    """``tok`` is one of a repeated parallel list, or its opposite is already beside it: its lemma
    again in its own sentence ("I die , I am reborn , I die"), or ``new_lemma`` in its sentence or
    one at most :data:`NEARBY` away ("... I can not live more than a couple minutes"), where the
    story already plays the two words against each other and the swap reads as a variation."""
    sent = tok.sent
    if any(t.i != tok.i and t.lemma_.lower() == lemma and t.pos_ == tok.pos_ for t in sent):
        return True
    doc = tok.doc
    sents = list(doc.sents)
    own = next(k for k, s in enumerate(sents) if s.start == sent.start)
    near = sents[max(0, own - NEARBY) : own + NEARBY + 1]
    return any(t.lemma_.lower() == new_lemma for s in near for t in s)
