"""Subject-verb agreement: the finite verbs that agree with a subject (shared by coordinated
verbs), and a verb re-inflected for another subject ("he walks" -> "they walk", "isn't" -> "aren't")."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...resources.inflect import forms
from .lexicon import APOS

if TYPE_CHECKING:
    from spacy.tokens import Token


SUBJ_DEPS = {"nsubj", "nsubjpass"}
FINITE_TAGS = {"VBZ", "VBP", "VBD", "MD"}


def next_word(tok: Token) -> Token | None:
    doc = tok.doc
    return doc[tok.i + 1] if tok.i + 1 < len(doc) else None


_BARE_INF_HEADS = {"see", "watch", "hear", "make", "let", "help", "feel", "have", "notice", "observe", "bid"}


def finite_verbs(subj: Token, whole: bool = False) -> list[Token] | None:
    """The finite verbs/auxiliaries that agree with subject ``subj`` (shared by coordinated verbs).

    [] when agreement does not depend on this word (it is one of coordinated subjects, unless
    ``whole``: the whole coordinated phrase is being replaced); None when the parse does not show
    a finite verb for sure (then callers must not change agreement)."""
    if subj.dep_ not in SUBJ_DEPS:
        return None
    if not whole and any(c.dep_ == "conj" for c in subj.children):
        return []
    head = subj.head
    if head.pos_ not in ("VERB", "AUX") or head.i == subj.i:
        return None

    def carrier(v: Token) -> Token | None:
        auxes = sorted((c for c in v.children if c.dep_ in ("aux", "auxpass")), key=lambda t: t.i)
        f = auxes[0] if auxes else v
        return f if f.tag_ in FINITE_TAGS else None

    first = carrier(head)
    if first is None:
        return None
    if (
        first.i == head.i
        and head.dep_ in ("ccomp", "xcomp")
        and head.head.lemma_.lower() in _BARE_INF_HEADS
        and not any(c.dep_ == "mark" for c in head.children)
    ):
        return None  # "watched the crew cover the field": a bare infinitive the tagger calls VBP
    out = [first]
    for c in head.children:
        if c.dep_ != "conj" or any(g.dep_ in SUBJ_DEPS or g.dep_ == "expl" for g in c.children):
            continue
        if any(g.dep_ in ("aux", "auxpass") for g in c.children):
            f = carrier(c)
            if f is None:
                return None
            out.append(f)
        elif c.tag_ in ("VBZ", "VBP") or (c.tag_ == "VBD" and c.lemma_.lower() == "be"):
            out.append(c)
        elif c.pos_ in ("ADJ", "ADV", "ADP") or c.tag_ in ("VBD", "VBN", "VBG", "JJ", "RB"):
            continue
        elif first.i == head.i:
            return None  # a coordinated word the tagger could not place ("walks and talks"/NNS)
    return out


def agree(verb: Token, cls: str) -> str | None:
    """``verb`` re-inflected to agree with a subject of class ``cls`` ("1s", "3s" or "pl"); None
    when that cannot be done safely (e.g. "isn't" -> "am n't", an ambiguous "'s")."""
    low = verb.lower_
    lemma = verb.lemma_.lower()
    tag = verb.tag_
    nxt = next_word(verb)
    contracted = low[:1] in APOS
    if tag == "MD" or low in (f"{a}{x}" for a in APOS for x in ("d", "ll")):
        return verb.text
    if low.endswith("n") and nxt is not None and (nxt.text in APOS or nxt.lower_ == "t"):
        return None  # a split contraction ("haven ' t", "weren ' t"): the parser reads "haven" as a verb
    if contracted:
        apo = low[0]
        after = [t for t in verb.doc[verb.i + 1 : verb.i + 4] if t.pos_ not in ("ADV", "PART")][:1]
        if low[1:] == "s" and (verb.head.tag_ == "VBN" or lemma != "be" or any(t.tag_ == "VBN" for t in after)):
            return None  # "he's gone": is or has
        if lemma == "have" or low[1:] == "ve":
            return apo + ("s" if cls == "3s" else "ve")
        if lemma == "be":
            return apo + {"1s": "m", "3s": "s", "pl": "re"}[cls]
        return None
    if lemma == "be":
        if tag == "VBD" or low in ("was", "were"):
            new = "were" if cls == "pl" else "was"
        elif low in ("am", "is", "are"):
            new = {"1s": "am", "3s": "is", "pl": "are"}[cls]
            if new == "am" and nxt is not None and nxt.lower_ in ("n't", "n\u2019t"):
                return None
        else:
            return None
        return match_word_case(verb.text, new)
    if tag == "VBD":
        return verb.text
    if tag in ("VBZ", "VBP"):
        prev = verb.doc[verb.i - 1] if verb.i > 0 else None
        if (
            low in ("ai",)
            or len(low) < 2
            or not low.isalpha()
            or not lemma.isalpha()
            or (prev is not None and prev.text in APOS)
        ):
            return None
        infl = inflections(lemma, "VBZ" if cls == "3s" else "VB")
        if not infl:
            return None
        return match_word_case(verb.text, infl[0])
    return None


def inflections(lemma: str, tag: str) -> tuple[str, ...]:
    """lemminflect's ``getInflection(lemma, tag)`` (its default out-of-vocabulary rules on), memoised."""
    return forms(lemma, tag, oov=True)


def agreement_changes(verbs: Iterable[Token], cls: str) -> list[tuple[Token, str]] | None:
    """(token, new form) for every verb whose form must change; None if one cannot be fixed."""
    out = []
    for v in verbs:
        new = agree(v, cls)
        if new is None:
            return None
        if new != v.text:
            out.append((v, new))
    return out


def match_word_case(model: str, word: str) -> str:
    """``word`` cased like ``model`` (Title, UPPER or as given)."""
    if len(model) > 1 and model.isupper():
        return word.upper()
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    return word
