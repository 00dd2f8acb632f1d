"""Where a causal or temporal connective really is one, confirmed by the parse: "since" with
the perfect is temporal, "once" needs two events, a modal blocks a time swap; and the sentences
(free of quotes) a perturbation may touch."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import clauses as C
from .clauses import word_lowers
from .lexicon import time_units

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

# Negative-polarity items need a licensing context ("before he did anything"); moved out of it
# they become ungrammatical ("he did anything before ..."), so clauses holding one stay put.
NPI = frozenset({"any", "anything", "anyone", "anybody", "anywhere", "ever", "yet"})


def has_npi(doc: Doc, *clauses: C.Clause) -> bool:
    lowers = word_lowers(doc)
    return any(lowers[i] in NPI for c in clauses for i in range(c.start, c.end))


def span_chars(doc: Doc, start: int, end: int) -> tuple[int, int]:
    return doc[start].idx, doc[end - 1].idx + len(doc[end - 1])


def usable_sentences(doc: Doc) -> list[tuple[int, int]]:
    """(start, end) of the sentences free of quotes (the only ones perturbed)."""
    return [(a, b) for a, b, quote_free in C.sentence_quotes(doc) if quote_free]


def any_in(lowers: list[str], start: int, end: int, words: frozenset[str]) -> bool:
    """Whether a word of ``words`` occurs in ``lowers[start:end]`` (a sentence worth a closer look)."""
    return not words.isdisjoint(lowers[start:end])


def opens_with(doc: Doc, i: int, phrases, extra=None) -> bool:
    """Whether token ``i`` starts one of ``phrases`` (or an opener ``extra`` recognises): the test
    ``C.sentence_sites`` makes first, done here before building any Span."""
    return bool(C.phrase_at(doc, i, phrases) or (extra is not None and extra(doc, i)))


_HAVE_FORMS = frozenset({"has", "have", "had", "'s", "'ve", "'d", "’s", "’ve", "’d"})


def _is_perfect(head: Token) -> bool:
    """Perfect aspect ("has lived", "'s been", "had been waiting"); contracted "'s"/"'d" count too."""
    return any(
        c.dep_ in ("aux", "auxpass") and (c.lemma_ == "have" or c.lower_ in _HAVE_FORMS) for c in head.children
    ) and (head.tag_ == "VBN" or any(c.tag_ == "VBN" for c in head.children))


def causal_ok(conn: Token, main: Token, sub: Token) -> bool:
    """Whether a medial/initial connective really is causal here."""
    w = conn.lower_
    if w == "since":  # temporal "since" goes with the perfect ("has lived here since ...")
        prev = conn.doc[conn.i - 1].lower_ if conn.i > 0 else ""
        return conn.dep_ == "mark" and sub.dep_ == "advcl" and not _is_perfect(main) and prev != "ever"
    if w == "because":
        return conn.dep_ == "mark" and sub.dep_ == "advcl"
    if w == "so":
        nxt = conn.doc[conn.i + 1] if conn.i + 1 < len(conn.doc) else None
        return nxt is not None and nxt.lower_ != "that"
    return False


def _is_event(head: Token) -> bool:
    """A non-stative, non-progressive, active verb: swapping "when" clauses then reverses the
    order ("they were stuffed when they went home" would only be paraphrased)."""
    if head.pos_ != "VERB" or head.lemma_ in ("be", "have") or any(c.dep_ == "auxpass" for c in head.children):
        return False
    if any(c.dep_ == "aux" and c.lemma_ == "have" for c in head.children):
        return False  # "when he came back, he had cooled off": the perfect already orders them
    return not (head.tag_ == "VBG" and any(c.dep_ == "aux" and c.lemma_ == "be" for c in head.children))


def _has_modal(head: Token) -> bool:
    return head.tag_ == "MD" or any(c.tag_ == "MD" for c in head.children)


def temporal_ok(conn: Token, main: Token, sub: Token) -> bool:
    w = conn.lower_
    if _has_modal(main) or _has_modal(sub):  # "after he must have left", "before I will go"
        return False
    if w in ("after", "before", "once"):
        return conn.dep_ == "mark" and sub.dep_ == "advcl" and (w != "once" or (_is_event(main) and _is_event(sub)))
    if w == "when":
        return (
            conn.dep_ == "advmod" and conn.tag_ == "WRB" and sub.dep_ == "advcl" and _is_event(main) and _is_event(sub)
        )
    if w == "then":
        return conn.dep_ == "advmod"
    return False


def quantity_later(doc: Doc, i: int) -> int:
    """Length of a "<quantity> <time unit> later" opener at token ``i`` ("Two days later"), or 0."""
    if "later" not in word_lowers(doc)[i + 2 : i + 4]:
        return 0  # (quick test: "later" ends every such opener, as its third or fourth word)
    j = i
    if j < len(doc) and doc[j].lower_ in ("a", "an", "one", "several", "some", "few") or doc[j].like_num:
        j += 1
        if j < len(doc) and doc[j].lower_ == "few":
            j += 1
    if j == i or j + 1 >= len(doc):
        return 0
    unit = doc[j].lower_
    if unit.rstrip("s") not in time_units() and unit not in time_units():
        return 0
    return j + 2 - i if doc[j + 1].lower_ == "later" else 0
