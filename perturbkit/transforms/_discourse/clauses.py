"""Clause finding on a spaCy parse, shared by the causal and temporal swaps and flips.

A *clause* here is a contiguous token span with exactly one head (every other token depends on
something inside the span), a subject before that head, and a finite verb. Connectives are found
by their surface words and confirmed by the parse (the connective must attach to a clause head as
``mark``/``advmod``/``cc``), so that "so happy" (an intensifier) or "since 2010" (a preposition)
never count. Swaps exchange two clause texts and fix capitalisation; punctuation stays in place.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...annotation import doc_text, per_doc, sentence_bounds, token_columns
from ...transform import Change

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

FINITE_TAGS = frozenset({"VBD", "VBZ", "VBP", "MD"})
SUBJ_DEPS = frozenset({"nsubj", "nsubjpass", "expl", "csubj", "csubjpass"})
# what may stand before a clause's subject and stay in place when the clause moves ("But", "One
# day,", "At first"): never a subordinate clause, which belongs to the event it modifies
PREFIX_DEPS = frozenset({"cc", "advmod", "npadvmod", "prep", "intj", "punct"})
QUOTE_CHARS = frozenset('"“”„«»`') | {"''"}
PROTECTED_ENTS = frozenset(
    {"PERSON", "ORG", "GPE", "LOC", "NORP", "FAC", "EVENT", "PRODUCT", "WORK_OF_ART", "LAW", "LANGUAGE"}
)


@dataclass(frozen=True)
class Clause:
    """Tokens ``[start, end)`` of a doc forming one clause headed by ``head``."""

    start: int
    end: int
    head: Token

    def chars(self, doc: Doc) -> tuple[int, int]:
        return doc[self.start].idx, doc[self.end - 1].idx + len(doc[self.end - 1])

    def text(self, doc: Doc) -> str:
        a, b = self.chars(doc)
        return doc_text(doc)[a:b]  # (== the Span's text, without joining its tokens)


def word_lowers(doc: Doc) -> tuple[str, ...]:
    """Every token's ``lower_`` (from the shared per-Doc :func:`token_columns`)."""
    return token_columns(doc)["lower"]


def lemma_lowers(doc: Doc) -> tuple[str, ...]:
    """Every token's ``lemma_.lower()`` (from the shared per-Doc :func:`token_columns`)."""
    return token_columns(doc)["lemma"]


@per_doc
def _quote_positions(doc: Doc) -> tuple[int, ...]:
    """Indices of the doc's quote-mark tokens (usually none), found once per Doc. Quote marks have
    no case, so a token's lower-cased text is a quote exactly when its text is."""
    return tuple(i for i, w in enumerate(word_lowers(doc)) if w in QUOTE_CHARS or "'" == w)


def has_quotes(span: Span) -> bool:
    """Dialogue and quoted speech are left alone: moving text across quote marks breaks them."""
    return _quoted(span.doc, span.start, span.end)


def _quoted(doc: Doc, start: int, end: int) -> bool:
    return any(start <= i < end for i in _quote_positions(doc))


@per_doc
def sentence_quotes(doc: Doc) -> tuple[tuple[int, int, bool], ...]:
    """``(start, end, quote_free)`` of each of ``sentences(doc)``, found once per Doc (plain
    tuples), so that callers build Spans only for the sentences they look into."""
    return tuple((a, b, not _quoted(doc, a, b)) for a, b in sentence_bounds(doc))


def body_end(sent: Span) -> int:
    """Token index where the sentence's final punctuation starts (``sent.end`` if none)."""
    i = sent.end
    while i > sent.start and (sent.doc[i - 1].is_punct or sent.doc[i - 1].is_space):
        i -= 1
    return i


def final_punct(sent: Span) -> str:
    """The sentence's closing punctuation as text ("" when none)."""
    return sent.doc[body_end(sent) : sent.end].text.strip()


def is_finite(head: Token) -> bool:
    if head.pos_ not in ("VERB", "AUX"):
        return False
    if head.tag_ in FINITE_TAGS:
        return True
    return any(c.dep_ in ("aux", "auxpass") and c.tag_ in FINITE_TAGS for c in head.children)


def subject(head: Token) -> Token | None:
    """The head's subject when it stands before the head (declarative word order)."""
    for c in head.children:
        if c.dep_ in SUBJ_DEPS and c.i < head.i:
            return c
    return None


def is_full_clause(head: Token) -> bool:
    """A finite verb with its own subject before it."""
    return is_finite(head) and subject(head) is not None


def single_head(doc: Doc, start: int, end: int) -> Token | None:
    """The one token of ``[start, end)`` whose head lies outside the span (or is the root)."""
    if end <= start:
        return None
    heads = token_columns(doc)["HEAD"]
    tops = [i for i in range(start, end) if not (start <= heads[i] < end) or heads[i] == i]
    return doc[tops[0]] if len(tops) == 1 else None


def clause_at(
    doc: Doc, start: int, end: int, *, starts_with_subject: bool = True, allow_compound: bool = False
) -> Clause | None:
    """``[start, end)`` as a Clause when it is one (single head, full clause, subject first, and
    unless ``allow_compound`` no second full clause hanging off its head)."""
    head = single_head(doc, start, end)
    if head is None or not is_full_clause(head):
        return None
    subj = subject(head)
    if starts_with_subject and (subj is None or subj.left_edge.i != start):
        return None
    if doc[end - 1].pos_ in ("CCONJ", "SCONJ", "DET") or doc[end - 1].is_punct:
        return None
    if not allow_compound and is_compound(head, start, end):
        return None
    return Clause(start, end, head)


def is_compound(head: Token, start: int, end: int) -> bool:
    """Whether the clause joins another full clause to its head ("X, so Y"; "X and Y"; "X when Y"):
    moving such a clause into a subordinate slot would change what the connective governs."""
    return any(
        c.dep_ in ("conj", "parataxis", "advcl") and start <= c.i < end and is_full_clause(c) for c in head.children
    )


def subject_first_start(doc: Doc, begin: int, end: int) -> tuple[int, Token] | None:
    """For the stretch ``[begin, end)``: where its clause starts (the subject's left edge),
    allowing a prefix of sentence adverbials ("But", "One day,") that stays in place."""
    head = single_head(doc, begin, end)
    if head is None or not is_full_clause(head):
        return None
    subj = subject(head)
    assert subj is not None
    start = subj.left_edge.i
    if start < begin:
        return None
    for t in doc[begin:start]:
        top = t
        while top.head.i != head.i and top.head.i != top.i and begin <= top.head.i < start:
            top = top.head
        if top.head.i != head.i or top.dep_ not in PREFIX_DEPS or t.pos_ in ("VERB", "AUX"):
            return None
    return start, head


def is_protected(tok: Token) -> bool:
    """A word whose capital letter must stay: names, "I", acronyms, masked names like [MALE]."""
    t = tok.text
    return (
        tok.pos_ == "PROPN"
        or t == "I"
        or t.startswith("I'")
        or tok.ent_type_ in PROTECTED_ENTS
        or (len(t) > 1 and t.isupper())
        or t.startswith("[")
    )


def decap(text: str, first: Token) -> str:
    """Lower-case the first letter of a clause moving away from a sentence start."""
    if not text or is_protected(first) or not text[0].isupper():
        return text
    return text[0].lower() + text[1:]


def cap(text: str) -> str:
    """Upper-case the first letter of a clause moving to a sentence start."""
    return text[:1].upper() + text[1:] if text else text


def sentence_is_cased(doc: Doc, start: int) -> bool:
    """Whether the sentence starting at token ``start`` begins with a capital (normal text)."""
    first = doc[start].text
    return bool(first[:1]) and first[:1].isupper()


def swap_changes(
    doc: Doc,
    a: Clause,
    b: Clause,
    a_at_sentence_start: bool,
    b_at_sentence_start: bool,
    note: str,
    texts: tuple[tuple[str, Token], tuple[str, Token]] | None = None,
) -> list[Change]:
    """Two Changes exchanging clause texts ``a`` (earlier) and ``b``, capitalising as needed.
    ``texts``: the two clauses' texts to move (with the token each now starts with) when they
    differ from the clauses' own (subjects exchanged, see :mod:`.coref`)."""
    (ta, first_a), (tb, first_b) = texts or ((a.text(doc), doc[a.start]), (b.text(doc), doc[b.start]))
    new_a, new_b = tb, ta  # new text at a's place, at b's place
    if a_at_sentence_start and sentence_is_cased(doc, a.start):
        new_a = cap(tb) if not b_at_sentence_start else tb
        new_b = decap(ta, first_a) if not b_at_sentence_start else ta
    if b_at_sentence_start and sentence_is_cased(doc, b.start) and not a_at_sentence_start:
        new_b = cap(ta)
        new_a = decap(tb, first_b)
    (sa, ea), (sb, eb) = a.chars(doc), b.chars(doc)
    return [Change(sa, ea, new_a, note), Change(sb, eb, new_b, note)]


def phrase_at(doc: Doc, i: int, phrases: Iterable[Sequence[str]]) -> int:
    """Length (tokens) of the longest phrase (lower-case token tuples) starting at token ``i``."""
    lowers = word_lowers(doc)
    best = 0
    for p in _by_first(phrases).get(lowers[i], ()):
        n = len(p)
        if n > best and i + n <= len(lowers) and all(lowers[i + k] == p[k] for k in range(1, n)):
            best = n
    return best


_PHRASE_INDEX: dict[int, tuple[Any, dict[str, list[Sequence[str]]]]] = {}


def _by_first(phrases: Iterable[Sequence[str]]) -> dict[str, list[Sequence[str]]]:
    """``phrases`` indexed by their first word (memoised per phrase collection object)."""
    hit = _PHRASE_INDEX.get(id(phrases))
    if hit is not None and hit[0] is phrases:
        return hit[1]
    index: dict[str, list[Sequence[str]]] = {}
    for p in phrases:
        if p:
            index.setdefault(p[0], []).append(p)
    if len(_PHRASE_INDEX) > 64:
        _PHRASE_INDEX.clear()
    _PHRASE_INDEX[id(phrases)] = (phrases, index)
    return index


def tokens_of(phrase: str) -> tuple[str, ...]:
    return tuple(phrase.lower().split())
