"""Who a swapped clause's subject pronoun refers to, so a swap does not move a pronoun before its
antecedent ("Tim never earned a black belt because he hurt his toe" -> "Tim hurt his toe because
he never earned a black belt", not "He hurt his toe because Tim never ...", where "he" cannot be
Tim). When the later clause's subject is a pronoun that agrees with the earlier clause's subject
noun phrase, the two subjects change places with the clauses; the words stay the same."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation import doc_text
from .._persons import name_gender
from .clauses import Clause, subject

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

MALE_NOUNS = frozenset(
    "man boy father dad daddy brother husband son uncle grandfather grandpa king prince guy boyfriend gentleman "
    "nephew mr sir grandson lord".split()
)
FEMALE_NOUNS = frozenset(
    "woman girl mother mom mommy mum sister wife daughter aunt grandmother grandma queen princess lady girlfriend "
    "niece mrs ms miss granddaughter".split()
)
PERSON_NOUNS = frozenset(
    "friend teacher student kid child baby person officer doctor boss neighbor neighbour parent coworker customer "
    "manager coach nurse worker owner stranger cousin family team class crowd".split()
)
# Quantified subjects ("no one", "everybody", "each man") are no antecedent a pronoun subject can
# take the place of: the swap is left alone
QUANTIFIERS = frozenset({"no", "every", "each", "any", "some", "all", "neither", "either"})
QUANTIFIED = frozenset(
    "nobody nothing none everyone everybody everything someone somebody something anyone anybody anything".split()
)
PRONOUN_GENDER = {"he": "m", "she": "f", "it": "n", "they": "p"}
# "it" of weather and time: "it rained", "it was late" never refers to a noun phrase
_IMPERSONAL = frozenset({"rain", "snow", "pour", "storm", "hail", "thunder", "drizzle", "be", "get", "seem"})


def np_kind(head: Token) -> str | None:
    """ "m"/"f" (a man or woman), "p" (plural), "n" (a thing), "person" (a person of unknown
    gender) or None for a noun phrase headed by ``head``."""
    if any(c.dep_ == "conj" for c in head.children) or head.tag_ in ("NNS", "NNPS"):
        return "p"
    low = head.lower_
    if head.pos_ == "PROPN" or head.tag_ == "NNP":
        return name_gender(head.text) or ("m" if low in MALE_NOUNS else "f" if low in FEMALE_NOUNS else "person")
    if head.pos_ != "NOUN":
        return None
    lemma = head.lemma_.lower()
    if lemma in MALE_NOUNS:
        return "m"
    if lemma in FEMALE_NOUNS:
        return "f"
    return "person" if lemma in PERSON_NOUNS else "n"


def _people(doc: Doc, clause: Clause, skip: range) -> set[str]:
    """Kinds of the other persons a clause names (outside ``skip``)."""
    out = set()
    for i in range(clause.start, clause.end):
        t = doc[i]
        if i in skip or t.pos_ not in ("PROPN", "NOUN"):
            continue
        kind = np_kind(t)
        if kind in ("m", "f", "person"):
            out.add(kind)
    return out


_OBJECT_GENDER = {"him": "m", "her": "f", "he": "m", "she": "f"}


def _pronouns(doc: Doc, clause: Clause, skip: range) -> set[str]:
    """Genders of the personal pronouns a clause holds outside ``skip`` ("his friend convinced him",
    "the federation stated that she was n't a female"): another person the later clause's pronoun
    may mean."""
    return {
        _OBJECT_GENDER[doc[i].lower_]
        for i in range(clause.start, clause.end)
        if i not in skip and doc[i].lower_ in _OBJECT_GENDER and doc[i].dep_ != "poss"
    }


Texts = tuple[tuple[str, "Token"], tuple[str, "Token"]]
AMBIGUOUS = "ambiguous"


def _number(head: Token) -> str | None:
    """ "s" or "p": the number the finite verb of a clause agrees with ("was", "has" / "were",
    "have"), None when the verb does not show it ("had", "went")."""
    for t in [head] + [c for c in head.children if c.dep_ in ("aux", "auxpass")]:
        low = t.lower_
        if low in ("was", "is", "'s", "has", "does") or t.tag_ == "VBZ":
            return "s"
        if low in ("were", "are", "'re", "have", "do") and t.tag_ != "VB":
            return "p"
    return None


def exchanged_subjects(doc: Doc, a: Clause, b: Clause) -> Texts | str | None:
    """The texts of ``a`` and ``b`` (``a`` first in the story) with their subjects exchanged, each
    with the token it now starts with, when ``b``'s subject is a pronoun that refers to ``a``'s
    subject noun phrase; None when the clauses can move as they are; ``AMBIGUOUS`` when the
    pronoun could mean ``a``'s subject or another person ``a`` names (the swap is skipped)."""
    sa, sb = subject(a.head), subject(b.head)
    if sa is None or sb is None or sb.lower_ not in PRONOUN_GENDER or sa.pos_ == "PRON":
        return None
    na0, na1 = sa.left_edge.i, sa.right_edge.i + 1
    if na0 != a.start or sb.i != b.start or sb.right_edge.i != sb.i or na1 >= a.end:
        return None
    if sa.lower_ in QUANTIFIED or any(c.dep_ == "det" and c.lower_ in QUANTIFIERS for c in sa.children):
        return AMBIGUOUS  # "no one notices it because it's all around us": "it" is not "no one"
    p = PRONOUN_GENDER[sb.lower_]
    kind = np_kind(sa)
    if kind is None:
        return None
    if _number(a.head) not in (None, "p" if p == "p" else "s"):
        return AMBIGUOUS  # "Winslow and Bishop 's only hope was ...": misparsed, "they" would not agree
    if p in ("m", "f"):
        if kind not in (p, "person"):
            return None  # "the heel hit his neck, so he dropped the purse": not the same
        if _people(doc, a, range(na0, na1)) & {p, "person"} or _pronouns(doc, a, range(na0, na1)) & {p}:
            return AMBIGUOUS  # "the officer told Krystie ..., she hit him"; "his friend convinced him"
    elif p == "n":
        determined = any(c.dep_ in ("det", "poss") for c in sa.children)
        if kind != "n" or not determined or name_gender(sa.text) or b.head.lemma_ in _IMPERSONAL:
            return None  # "shawn waited for it. finally it came": a lower-cased name is no "it"
    elif kind != "p":
        return None
    text = doc_text(doc)
    np_end = doc[na1 - 1].idx + len(doc[na1 - 1])
    np_text = text[doc[na0].idx : np_end]
    a_rest = text[np_end : a.chars(doc)[1]]
    b_rest = text[sb.idx + len(sb) : b.chars(doc)[1]]
    return (sb.text + a_rest, sb), (np_text + b_rest, doc[na0])
