"""A person's bodily need and the act that remedies it ("she was cold, so she put on her coat"): the
one class of "state, so act" sites whose flip ("she was cold because she put on her coat") a strict
reader always finds absurd, so the flips and swaps may make the remedy the cause of the need even
where their general doubts (an inferable state, a feeling, an ongoing state) would decline it.

Only that direction is absurd: "she put on her coat, so she was cold" may read as an inference.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ...resources.lexicons import table
from .checks import habitual, tense
from .clauses import subject

if TYPE_CHECKING:
    from spacy.tokens import Token

_COPULAS = frozenset({"be", "feel", "get", "become", "grow"})
_PRONOUNS = frozenset({"he", "she", "they", "i", "we"})
# Words that make the remedy a plausible cause after all: "he went to bed late", "she ate only a
# salad", "he slept on the couch", "she drank too much"
_SPOILERS = frozenset(
    "late early badly poorly little only just too much all couch floor outside barely hardly small light".split()
)
_HUNGER = frozenset({"hungry", "starving", "famished"})
# Handling food: cooking, making or buying it may whet the appetite as well as serve it
_WHETTING = frozenset({"make", "cook", "buy", "prepare", "bake", "fix", "smell"})
# Drinks that may leave one thirsty, and salty food: "he was thirsty because he drank a soda" reads believable
_DEHYDRATING = frozenset("soda coke cola coffee beer wine alcohol whiskey vodka salty chips lemonade".split())


@functools.cache
def _remedies() -> dict[str, tuple[tuple[frozenset[str], frozenset[str]], ...]]:
    """State word -> ((act lemmas, needed words), ...) from ``causal_remedies.tsv``."""
    out: dict[str, list[tuple[frozenset[str], frozenset[str]]]] = {}
    for r in table("causal_remedies.tsv"):
        for state in r["states"].split():
            out.setdefault(state, []).append((frozenset(r["act"].split()), frozenset(r["needs"].split()) - {"-"}))
    return {k: tuple(v) for k, v in out.items()}


def need(head: Token) -> str | None:
    """The need a clause tells of its subject ("he was very tired", "she felt cold", "amy was
    freezing"), None for anything else (a negated one, "too tired to move", a thing's state)."""
    kids = list(head.children)
    if any(c.dep_ == "neg" or c.tag_ == "MD" for c in kids) or tense(head) != "past":
        return None
    lemma = head.lemma_.lower()
    if head.tag_ == "VBG" and head.lower_ in _remedies() and any(c.dep_ == "aux" and c.lemma_ == "be" for c in kids):
        return head.lower_  # "amy was freezing", "he was starving"
    if lemma not in _COPULAS:
        return None
    adjs = [c for c in kids if c.dep_ == "acomp" and c.lower_ in _remedies()]
    if len(adjs) != 1 or any(d.dep_ in ("xcomp", "prep", "ccomp") or d.lower_ == "too" for d in adjs[0].children):
        return None  # "too tired to move", "tired of waiting": no need an act remedies
    return adjs[0].lower_


def _same_agent(state: Token, act: Token) -> bool:
    """One person in both clauses: the same subject word (a name or a pronoun), or a name and "he",
    "she" or "they" ("Jim put on his coat because he was freezing")."""
    a, b = subject(state), subject(act)
    if a is None or b is None or not (_person(a) and _person(b)):
        return False
    if a.lower_ == b.lower_:
        return True
    third = _PRONOUNS - {"i", "we"}
    return (a.pos_ != "PRON" and b.lower_ in third) or (b.pos_ != "PRON" and a.lower_ in third)


def _person(t: Token) -> bool:
    """A personal pronoun or a name (in lower-cased text like ROC's "jon" a bare noun)."""
    if t.pos_ == "PRON":
        return t.lower_ in _PRONOUNS
    bare = t.pos_ == "NOUN" and t.is_lower and not any(c.dep_ in ("det", "poss", "amod") for c in t.children)
    return t.pos_ == "PROPN" or bare


def remedy(state: Token, act: Token) -> bool:
    """Whether the clause headed by ``act`` tells a past, single, unqualified act by which the person of
    ``state`` remedies the need it tells ("he was tired" / "he went to bed")."""
    key = need(state)
    if key is None or not _same_agent(state, act) or tense(act) != "past" or habitual(act):
        return False
    kids = list(act.children)
    if any(c.dep_ in ("neg", "auxpass") or c.tag_ == "MD" for c in kids) or act.tag_ == "VBG":
        return False
    words = _words(act)
    if words & (_SPOILERS | _DEHYDRATING):
        return False
    lemma = act.lemma_.lower()
    return any(lemma in acts and (not needs or words & needs) for acts, needs in _remedies()[key])


def _words(act: Token) -> set[str]:
    """The act's words and lemmas, its whole subtree ("went to sleep" parses "to sleep" as a clause)."""
    return {t.lower_ for t in act.subtree} | {t.lemma_.lower() for t in act.subtree}


def spoiled_remedy(state: Token, act: Token) -> bool:
    """A need and an act of its remedy's kind that may as well have caused it ("he was thirsty" / "he
    drank a soda", "she was tired" / "she went to bed late"): either way round the link reads believable."""
    key = need(state)
    if key in _HUNGER and act.lemma_.lower() in _WHETTING:
        return True  # "because she made a sandwich, she was hungry": being around food whets the appetite
    if key is None or not (_words(act) & (_SPOILERS | _DEHYDRATING)):
        return False
    return any(act.lemma_.lower() in acts for acts, _ in _remedies()[key])
