"""Clause-boundary checks for ``causal_swap``: a clause the swap moves must be a complete clause on
its own, or the swapped text is garbled (rounds 51 and 630+).

The parse finds clause spans by their heads, but on long, loosely punctuated sentences (WritingPrompts)
it often joins pieces that are no clause: an elliptical modal left without its verb ("men we killed
because we could" -> "We could because whole armies wiped out ..."), a participial fragment
coordinated with a finite verb ("because he had passed as a local, but failing his assessment"), a
"because" that explains only one conjunct of a coordination, or a clause holding a second causal
connective of its own. Each of these is declined: fewer, correct cases beat many.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .checks import elliptical

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from .clauses import Clause

# Words that start a causal clause inside another one: a clause holding one has two causes to
# move and the swap cannot tell which the reader links to which effect
_CAUSAL_MARKS = frozenset({"because", "since", "so", "cause", "'cause"})
# Dependents that give a predicate content of its own (an object, a complement, a place, a clause)
_CONTENT = frozenset(
    {"dobj", "attr", "acomp", "prep", "xcomp", "ccomp", "oprd", "dative", "agent", "advcl", "npadvmod", "pobj"}
)


def elliptical_clause(doc: Doc, clause: Clause) -> bool:
    """ "we could", "he had to", "she did": a clause whose verb phrase is left out, which moved
    away from the clause it leans on is an orphaned auxiliary ("We could because ...")."""
    head = clause.head
    if head.tag_ == "MD" or elliptical(head):
        return True
    return doc[clause.end - 1].tag_ == "TO"


def coordinated_fragment(doc: Doc, clause: Clause) -> bool:
    """A clause coordinating a finite verb with a participle that has no auxiliary of its own ("he
    had passed as a local, but failing his assessment"): the participle belongs to a structure
    outside the clause ("the irony of completing ... but failing ..."), so the span is no clause."""
    for t in doc[clause.start : clause.end]:
        if t.dep_ != "conj" or t.pos_ not in ("VERB", "AUX") or t.tag_ not in ("VBG", "VBN"):
            continue
        if t.head.tag_ != t.tag_ and not any(c.dep_ in ("aux", "auxpass") for c in t.children):
            return True
    return False


def nested_cause(doc: Doc, clause: Clause) -> bool:
    """A clause holding a causal connective of its own ("he had passed ... because he refused to
    return"): the swap would move one cause together with another."""
    return any(t.lower_ in _CAUSAL_MARKS and t.dep_ == "mark" for t in doc[clause.start : clause.end])


def explains_conjunct(right_head: Token, left_head: Token) -> bool:
    """Whether a causal clause attached inside the other clause explains only one conjunct of a
    coordination there ("Whole armies wiped out ... and all kinds of horrors thrown down on men
    because we could"): its head, or a word between it and the other clause's head, is a ``conj``."""
    t = right_head.head
    while t.i != left_head.i and t.head.i != t.i:
        if t.dep_ == "conj":
            return True
        t = t.head
    return False


def not_a_clause(doc: Doc, *clauses: Clause) -> bool:
    """Whether any of ``clauses`` is no complete clause to move (see the checks above)."""
    return any(elliptical_clause(doc, c) or coordinated_fragment(doc, c) or nested_cause(doc, c) for c in clauses)


def bare(head: Token) -> bool:
    """ "she left", "I waited nervously": a verb with only its subject and adverbs, telling too little
    for a reversed "So" to read as clearly wrong ("She left. So I waited nervously." is as fluent a
    sequence as the original, round 51)."""
    return not any(c.dep_ in _CONTENT for c in head.children)
