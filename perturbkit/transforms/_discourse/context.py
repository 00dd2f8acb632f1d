"""What a clause swap does to the text around it: a pronoun moved before the only noun it can mean
("I told her I wasn't sleeping when I got pills from my psychologist"), or a fragment left behind
after the sentence it leaned on ("Then I hear it -- the creak of the swing. Except much louder.").
Swaps that would do either are declined."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ...annotation import sentence_bounds, sentence_index
from .._character.animacy import noun_lexname
from .._persons.lexicon import pronoun_readings
from .clauses import Clause, is_finite, subject
from .coref import np_kind

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

# the kinds of noun phrase (coref.np_kind) a third-person pronoun identity can mean
_IDENT_KINDS = {
    "3m": frozenset({"m", "person"}),
    "3f": frozenset({"f", "person"}),
    "3n": frozenset({"n"}),
    "3p": frozenset({"p"}),
}


@functools.cache
def pronoun_kinds(word: str) -> frozenset[str]:
    """The kinds a third-person pronoun can mean ("her" -> f, person; "it" -> n), from the person
    lexicon's pronoun table; empty for any other word."""
    return frozenset().union(*(_IDENT_KINDS.get(i, ()) for i, _ in pronoun_readings(word)))


def cataphoric(doc: Doc, a: Clause, b: Clause, *, exchanged: bool) -> bool:
    """Whether moving clause ``b`` before clause ``a`` (``a`` first in the story) puts a pronoun of
    ``b`` before the noun it means: ``a`` introduces a person "he"/"she"/"her" can mean ("... from
    my psychologist when I told her"), or ``a`` names a thing of the pronoun's kind and the story
    names nothing of that kind before ``a`` (no noun, no pronoun of its kind). With ``exchanged``,
    ``b``'s subject pronoun and ``a``'s subject change places (coref.exchanged_subjects), so
    neither counts."""
    sb, sa = subject(b.head), subject(a.head)
    skip_a = range(sa.left_edge.i, sa.right_edge.i + 1) if exchanged and sa is not None else range(0)
    for i in range(b.start, b.end):
        t = doc[i]
        kinds = pronoun_kinds(t.lower_)
        if not kinds or (t.pos_ != "PRON" and t.tag_ != "PRP$") or (exchanged and sb is not None and i == sb.i):
            continue
        meant = [k for k in _span(a) if k not in skip_a and _can_mean(doc[k], kinds)]
        if not meant:
            continue
        if "person" in kinds and any(doc[k].lemma_.lower() not in _nouns_before(doc, a) for k in meant):
            return True  # a person ``a`` introduces is whom a nearby "he"/"her" means
        if not _named_before(doc, a, kinds):
            return True
    return _thing_pointed_back(doc, a, b, exchanged=exchanged)


# pronouns that stand for a thing ("I found it", "became one"); moved before the clause naming that
# thing, they point at nothing ("I found it. Finally, I rushed home ... for something that might help")
THING_PRONOUNS = frozenset({"it", "this", "that", "one"})
_ARGUMENT = frozenset({"nsubj", "nsubjpass", "dobj", "attr", "pobj", "dative", "oprd"})
_SOME = frozenset({"something", "anything", "everything"})


def _thing_pointed_back(doc: Doc, a: Clause, b: Clause, *, exchanged: bool) -> bool:
    """Whether ``b`` holds a thing pronoun ("it", "this", "that", "one") as a subject or object
    whose nearest possible antecedent is a thing ``a`` names: moved before ``a``, the pronoun
    dangles, however many things the story named before ("I picked up drinking and became one, so
    I read that I was an alcoholic"). Pronouns on the way back are passed over, so when ``a`` only
    points at the thing too ("he searched for hours and could n't find it. Then he found it") the
    antecedent stands before ``a`` and nothing dangles."""
    sb = subject(b.head) if exchanged else None
    for i in range(b.start, b.end):
        t = doc[i]
        if t.lower_ not in THING_PRONOUNS or t.dep_ not in _ARGUMENT or (sb is not None and i == sb.i):
            continue
        if t.lower_ == "one" and any(c.lower_ == "of" or c.dep_ in ("det", "amod") for c in t.children):
            continue  # "one of the mothers", "the red one": a thing of its own
        if t.lower_ != "one" and (t.pos_ != "PRON" or t.tag_ == "WDT"):
            continue
        k = _nearest_thing(doc, a.start, i, one=t.lower_ == "one")
        if a.start <= k < a.end:
            return True  # (a noun before it in its own clause is what it means)
    return False


def _nearest_thing(doc: Doc, start: int, i: int, *, one: bool) -> int:
    """Index of the nearest thing before token ``i`` a thing pronoun may mean (a singular noun of a
    thing, or any singular noun for "one"; "something"), passing over pronouns; -1 when none stands at or after ``start``."""
    for k in range(i - 1, start - 1, -1):
        t = doc[k]
        if t.lower_ in _SOME and t.pos_ in ("PRON", "NOUN"):
            return k
        if t.pos_ == "NOUN" and t.tag_ == "NN" and (one or np_kind(t) == "n"):
            return k
    return -1


def _nouns_before(doc: Doc, a: Clause) -> set[str]:
    return {doc[k].lemma_.lower() for k in range(a.start) if doc[k].pos_ in ("NOUN", "PROPN")}


def _can_mean(t: Token, kinds: frozenset[str]) -> bool:
    """Whether a pronoun of ``kinds`` can mean the noun ``t``: a noun of its kind, or for "he" or
    "she" a noun WordNet files as a person ("psychologist")."""
    if t.pos_ not in ("NOUN", "PROPN"):
        return False
    kind = np_kind(t)
    if kind in kinds:
        return True
    return kind == "n" and "person" in kinds and noun_lexname(t.lemma_.lower()) == "noun.person"


def _span(c: Clause) -> range:
    return range(c.start, c.end)


def _named_before(doc: Doc, a: Clause, kinds: frozenset[str]) -> bool:
    """Whether the story names a thing of ``kinds`` before clause ``a`` (a noun), or points at one
    before ``b`` (a pronoun of those kinds, in or before ``a``)."""
    for k in range(a.end):
        t = doc[k]
        if k < a.start and t.pos_ in ("NOUN", "PROPN") and np_kind(t) in kinds:
            return True
        if (t.pos_ == "PRON" or t.tag_ == "PRP$") and pronoun_kinds(t.lower_) & kinds:
            return True
    return False


def fragment_follows(doc: Doc, clause: Clause) -> bool:
    """Whether the sentence after ``clause``'s sentence has no finite verb ("Except much louder.",
    "A ghost?"): such a fragment leans on the clause before it, which the swap replaces."""
    k = sentence_index(doc)[clause.head.i] + 1
    bounds = sentence_bounds(doc)
    if k >= len(bounds):
        return False
    start, end = bounds[k]
    words = [doc[i] for i in range(start, end) if not (doc[i].is_punct or doc[i].is_space)]
    return bool(words) and not any(is_finite(t) for t in words)
