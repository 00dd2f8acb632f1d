"""Where a connective joins two clauses: inside a sentence (``L [,] CONN R``), fronted (``CONN A,
B``) or across two sentences (``S1. CONN[,] S2``), each side a full clause found on the parse."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .clauses import (
    Clause,
    body_end,
    clause_at,
    final_punct,
    has_quotes,
    is_finite,
    phrase_at,
    subject_first_start,
    word_lowers,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from spacy.tokens import Doc, Span, Token


@dataclass(frozen=True)
class MedialSite:
    """``prefix L [sep] CONN R final`` inside one sentence."""

    conn: Token
    left: Clause
    right: Clause
    left_at_start: bool


def medial_sites(doc: Doc, sent: Span, words: frozenset[str], *, allow_and: bool = False) -> Iterator[MedialSite]:
    """Every ``L [,] CONN R`` in ``sent`` where L and R are full clauses and CONN (a word in
    ``words``) attaches to R's head, or to L's head as ``cc`` with R conjoined to L. R may hang
    off any word of L ("we had trouble setting it up because it had no stakes")."""
    lowers = word_lowers(doc)
    hits = [i for i in range(sent.start + 1, sent.end) if lowers[i] in words]
    if not hits:
        return
    end = body_end(sent)
    for i in hits:
        if i + 1 >= end:
            continue
        c = doc[i]
        lend = c.i
        while lend > sent.start and (lowers[lend - 1] in (",", ";") or (allow_and and lowers[lend - 1] == "and")):
            lend -= 1
        if lend <= sent.start or doc[lend - 1].pos_ == "CCONJ":
            continue
        right = clause_at(doc, c.i + 1, end)
        if right is None:
            continue
        found = subject_first_start(doc, sent.start, lend)
        if found is None:
            continue
        lstart, lhead = found
        left = clause_at(doc, lstart, lend)
        if left is None or left.head.i != lhead.i:
            continue
        rh = right.head
        inside_left = lstart <= rh.head.i < lend
        attached = (c.head.i == rh.i and c.dep_ in ("mark", "advmod", "cc")) or (
            c.head.i == lhead.i and c.dep_ == "cc" and rh.head.i == lhead.i
        )
        if not (attached and (inside_left or lhead.head.i == rh.i)):
            continue
        if inside_left and rh.head.i != lhead.i and is_finite(rh.head):
            continue  # "kyle took it and bill smiled because ...": R explains only a clause inside L
        # separators between L and CONN must hang off one of the two clauses
        if any(not (lstart <= doc[k].head.i < lend or doc[k].head.i == rh.i) for k in range(lend, c.i)):
            continue
        yield MedialSite(c, left, right, lstart == sent.start)


@dataclass(frozen=True)
class InitialSite:
    """``CONN A, B final``: a fronted subordinate clause A and its main clause B."""

    conn: Token
    sub: Clause
    main: Clause


def initial_sites(doc: Doc, sent: Span, words: frozenset[str]) -> Iterator[InitialSite]:
    c = sent[0]
    if c.lower_ not in words or c.dep_ not in ("mark", "advmod"):
        return
    lowers = word_lowers(doc)
    end = body_end(sent)
    for k in range(sent.start + 1, sent.end):
        if lowers[k] != "," or k + 1 >= end:
            continue
        comma = doc[k]
        sub = clause_at(doc, c.i + 1, comma.i)
        main = clause_at(doc, comma.i + 1, end)
        if sub is None or main is None:
            continue
        if (
            c.head.i == sub.head.i
            and sub.head.head.i == main.head.i
            and sub.head.dep_ == "advcl"
            and comma.head.i in (main.head.i, sub.head.i)
        ):
            yield InitialSite(c, sub, main)
        return


@dataclass(frozen=True)
class SentenceSite:
    """Adjacent sentences ``[p1] A. CONN[,] [p2] B.`` where CONN opens S2 and A, B are full
    clauses; the prefixes (``p1`` "But", ``p2`` "after many hours") stay in place."""

    first: Clause
    conn_start: int
    conn_end: int
    second: Clause
    first_at_start: bool


def opener_length(
    doc: Doc, i: int, phrases: Iterable[Sequence[str]], extra_len: Callable[[Doc, int], int] | None = None
) -> int:
    """Tokens of the opener phrase starting at token ``i`` (0 if none); ``extra_len`` may
    recognise more openers ("Two days later")."""
    n = phrase_at(doc, i, phrases)
    if not n and extra_len is not None:
        n = extra_len(doc, i)
    return n


def opened_clause(doc: Doc, s2: Span, n: int, *, prefix: bool) -> Clause | None:
    """The full clause after the ``n``-token opener of ``s2`` (and a comma), which the opener must
    modify; with ``prefix``, adverbials between the opener and the clause's subject may stay."""
    cend = s2.start + n
    body = cend + 1 if cend < s2.end and doc[cend].text == "," else cend
    end2 = body_end(s2)
    if body >= end2:
        return None
    if prefix:
        found = subject_first_start(doc, body, end2)
        if found is None:
            return None
        second = clause_at(doc, found[0], end2, allow_compound=True)
    else:
        second = clause_at(doc, body, end2, allow_compound=True)
    if second is None:
        return None
    # the opener must belong to S2's clause (not, e.g., "so" modifying an adjective)
    if any(not (s2.start <= t.head.i < cend or t.head.i == second.head.i) for t in doc[s2.start : cend]):
        return None
    if any(t.i == t.head.i for t in doc[s2.start : cend]):
        return None
    return second


def sentence_sites(
    doc: Doc, sents: Sequence[Span], phrases: Iterable[Sequence[str]], extra_len: Callable | None = None
) -> Iterator[SentenceSite]:
    """Pairs of adjacent sentences whose second one opens with a phrase from ``phrases``. Both
    must end with the same "." or "!", be free of quotes, and hold one full clause each (after
    a prefix of adverbials that stays in place)."""
    if not isinstance(phrases, Collection):
        phrases = list(phrases)  # (a collection is kept as is: phrase_at indexes it once per object)
    for s1, s2 in zip(sents, sents[1:]):
        n = opener_length(doc, s2.start, phrases, extra_len)
        if not n:
            continue
        p1, p2 = final_punct(s1), final_punct(s2)
        if p1 != p2 or p1 not in (".", "!") or has_quotes(s1) or has_quotes(s2):
            continue
        second = opened_clause(doc, s2, n, prefix=True)
        if second is None:
            continue
        end1 = body_end(s1)
        found = subject_first_start(doc, s1.start, end1)
        if found is None:
            continue
        first = clause_at(doc, found[0], end1, allow_compound=True)
        if first is None or first.head.i != found[1].i:
            continue
        yield SentenceSite(first, s2.start, s2.start + n, second, first.start == s1.start)
