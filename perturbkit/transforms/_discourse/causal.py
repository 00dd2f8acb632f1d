"""Causal word flips: a causal word replaced by its opposite, restructured where a plain swap
would be ungrammatical ("because" -> ", so"; "So, Y." -> "This is because Y."; "the cause of" ->
"the result of"; "led to" -> "resulted from")."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ...annotation import doc_text
from ...resources.inflect import first_form
from ...transform import Change
from ...transform.flip import opposites
from ...transform.words import is_tokenised, match_case
from . import clauses as C
from .checks import any_in, causal_ok, opens_with, span_chars, usable_sentences
from .clauses import lemma_lowers, word_lowers

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token


def _tense_be(head: Token) -> str | None:
    tags = {head.tag_} | {c.tag_ for c in head.children if c.dep_ in ("aux", "auxpass")}
    if "MD" in tags:
        return None
    if "VBD" in tags:
        return "was"
    if tags & {"VBZ", "VBP"}:
        return "is"
    return None


def causal_flips(doc: Doc) -> list[Change]:
    """Every causal-word flip this doc allows, one Change each."""
    out: list[Change] = []
    clause_map = opposites("causal", "clause")
    words = frozenset(clause_map)
    lowers = word_lowers(doc)
    usable = usable_sentences(doc)
    for s_start, s_end in usable:
        if not any_in(lowers, s_start + 1, s_end, words):
            continue  # (medial_sites would find nothing)
        for site in C.medial_sites(doc, doc[s_start:s_end], words):
            c = site.conn
            if not causal_ok(c, site.left.head, site.right.head):
                continue
            start = site.left.chars(doc)[1]
            new_word = clause_map[c.lower_]
            if new_word == "so":
                new = " , so" if is_tokenised(doc_text(doc)) else ", so"
            else:
                new = " " + new_word
            out.append(Change(start, c.idx + len(c), new, f"{c.text} -> {new_word}"))
    openers = causal_openers()
    has_opener = any(opens_with(doc, s_start, openers) for s_start, _ in usable[1:])
    spans = [doc[s_start:s_end] for s_start, s_end in usable] if has_opener else []
    for site in C.sentence_sites(doc, spans, openers):
        opener = doc[site.conn_start : site.conn_end]
        if opener[0].lower_ == "so" and opener[0].head.i != site.second.head.i:
            continue
        be = _tense_be(site.second.head)
        if be is None:
            continue
        phrase = f"this {be} because"
        a, _ = span_chars(doc, site.conn_start, site.conn_end)
        b = doc[site.second.start].idx
        out.append(Change(a, b, match_case(opener[0].text, phrase) + " ", f"{opener.text.lower()} -> this is because"))
    lemmas = lemma_lowers(doc)
    keys = _causal_lemmas()
    for i in [i for i in range(len(lemmas) - 1) if lemmas[i] in keys]:  # (no other word can flip)
        t, nxt = doc[i], doc[i + 1]
        prev = doc[i - 1] if i > 0 else None
        if t.pos_ == "NOUN" and prev is not None and prev.lower_ == "the":
            if t.lemma_.lower() in opposites("causal", "noun_of") and nxt.lower_ == "of" and nxt.head.i == t.i:
                new = first_form(opposites("causal", "noun_of")[t.lemma_.lower()], t.tag_)
                if new:
                    out.append(Change(t.idx, t.idx + len(t), match_case(t.text, new), f"{t.lemma_} -> {new}"))
            elif t.lemma_.lower() in opposites("causal", "noun_for") and nxt.lower_ == "for" and nxt.head.i == t.i:
                new = first_form(opposites("causal", "noun_for")[t.lemma_.lower()], t.tag_)
                if new:
                    out.append(
                        Change(
                            t.idx, nxt.idx + len(nxt), match_case(t.text, new) + " of", f"{t.lemma_} for -> result of"
                        )
                    )
        if t.pos_ != "VERB" or any(c.dep_ == "auxpass" for c in t.children):
            continue
        lemma = t.lemma_.lower()
        verb_prep = opposites("causal", "verb_prep")
        key = f"{lemma} {nxt.lower_}"
        if (
            key in verb_prep
            and nxt.dep_ == "prep"
            and nxt.head.i == t.i
            and nxt.tag_ == "IN"
            and any(c.dep_ == "pobj" for c in nxt.children)
        ):
            new_lemma, new_prep = verb_prep[key].split()
            new_verb = first_form(new_lemma, t.tag_)
            if new_verb:
                out.append(
                    Change(
                        t.idx,
                        nxt.idx + len(nxt),
                        match_case(t.text, new_verb) + " " + new_prep,
                        f"{key} -> {verb_prep[key]}",
                    )
                )
        elif lemma in opposites("causal", "verb_obj"):
            # "X caused a flood" -> "X resulted from a flood": a plain object right after the verb,
            # not "caused him to cry" (xcomp) or "caused her pain" (dative)
            kids = {c.dep_ for c in t.children}
            objs = [c for c in t.children if c.dep_ == "dobj"]
            if objs and objs[0].left_edge.i == t.i + 1 and not kids & {"xcomp", "ccomp", "dative", "oprd", "prt"}:
                new_lemma, new_prep = opposites("causal", "verb_obj")[lemma].split()
                new_verb = first_form(new_lemma, t.tag_)
                if new_verb:
                    out.append(
                        Change(
                            t.idx,
                            t.idx + len(t),
                            match_case(t.text, new_verb) + " " + new_prep,
                            f"{lemma} -> {new_lemma} {new_prep}",
                        )
                    )
    return out


@functools.cache
def causal_openers() -> tuple[tuple[str, ...], ...]:
    """The sentence-opening causal phrases that flip to "this is because", as token tuples."""
    return tuple(C.tokens_of(p) for p in opposites("causal", "sentence"))


@functools.cache
def _causal_lemmas() -> frozenset[str]:
    """Lemmas of the causal nouns and verbs (``noun_*``, ``verb_*`` rules) that can be flipped."""
    rules = ("noun_of", "noun_for", "verb_prep", "verb_obj")
    return frozenset(w.split()[0] for r in rules for w in opposites("causal", r))


@functools.cache
def causal_flip_words() -> frozenset[str]:
    """Words (or lemmas) one of which a story needs for a causal word flip."""
    return frozenset(
        {w.split()[0] for w in opposites("causal", "clause")}
        | {"therefore", "thus", "consequently", "as", "cause", "result", "effect", "consequence", "reason", "lead"}
    )
