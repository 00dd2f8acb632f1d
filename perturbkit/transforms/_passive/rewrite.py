"""The passive rewrite of a clause :mod:`.clauses` accepts: the right participle, auxiliaries,
agreement, particles and casing."""

from __future__ import annotations

from ...annotation import doc_text
from ...transform import Change
from .._narration import is_plain
from .._persons import (
    agree,
    at_sentence_start,
    cased_pronoun,
    followed_by_verb,
    inflections,
    lower_initial,
    np_class,
    pronoun_case,
    pronoun_form,
)
from .clauses import DIRECTIONAL, clause, verb_lemma

# Participles lemminflect gets wrong or archaic ("quitted", "lighted", "waked").
_PARTICIPLE = {
    "wake": "woken",
    "awake": "awoken",
    "quit": "quit",
    "fit": "fit",
    "light": "lit",
    "spit": "spat",
    "swell": "swollen",
    "strike": "struck",
    "bid": "bid",
}
_SINGULAR_DET = {"a", "an", "this", "that", "each", "every", "another", "either", "neither"}
_PLURAL_DET = {"these", "those", "many", "several", "few", "both"}
_BE = {
    ("pres", "1s"): "am",
    ("pres", "3s"): "is",
    ("pres", "pl"): "are",
    ("past", "1s"): "was",
    ("past", "3s"): "was",
    ("past", "pl"): "were",
}


def _aux_chain(auxes, v) -> tuple[str, str] | None:
    """(kind of the finite auxiliary, word inserted before the participle), or None when the
    chain is not one handled: [do], [modal], [modal, have], [have], [be + -ing]."""
    kinds = []
    for a in auxes:
        lem = a.lemma_.lower()
        if a.tag_ == "MD":
            kinds.append("md")
        elif lem in ("do", "have", "be"):
            kinds.append(lem)
        else:
            return None
    if kinds == []:
        return ("none", "") if v.tag_ in ("VBD", "VBZ", "VBP") else None
    if kinds == ["do"] and v.tag_ == "VB":
        return "do", ""
    if kinds == ["md"] and v.tag_ == "VB":
        return "md", "be"
    if kinds in (["md", "have"], ["have"]) and v.tag_ == "VBN":
        return kinds[0], "been"
    if kinds == ["be"] and v.tag_ == "VBG":
        return "be", "being"
    return None


def passive_change(doc, v, style: str) -> Change | None:
    """The Change rewriting verb ``v``'s clause in the passive, or None when it cannot be done
    exactly."""
    parts = clause(doc, v)
    if parts is None:
        return None
    s, o, ss, os_, pre, auxes = parts
    chain = _aux_chain(auxes, v)
    prts, end = _particles(doc, v, o, os_)
    if chain is None or end is None or not is_plain(doc_text(doc)[ss[0] : end]):
        return None  # a quotation or markdown mark inside would be split: "the same `` habit of art should be"
    cls, s_cls = np_class(o), np_class(s)
    if _det_number(o) not in (None, cls):
        return None  # the tag and the determiner disagree: "a zucchini" tagged plural ("were grabbed")
    if followed_by_verb(o) or (
        not auxes and s_cls is not None and v.tag_ in ("VBZ", "VBP") and (v.tag_ == "VBZ") != (s_cls == "3s")
    ):
        return None  # a misparse, or a subjunctive ("suggested that she join a group")
    words = _passive_auxiliaries(doc, v, pre, auxes, chain, cls)
    part = _participle(v)
    if words is None or part is None:
        return None
    span = doc.char_span(ss[0], ss[1], alignment_mode="expand")
    if span is None or not len(span):
        return None
    first = span[0]
    start = at_sentence_start(first)
    sp = pronoun_case(s) if s.tag_ == "PRP" else None
    op = pronoun_case(o) if o.tag_ == "PRP" else None
    if op:
        new_subj = cased_pronoun(pronoun_form(op[0], "subj"), start, style)
    else:
        new_subj = doc_text(doc)[os_[0] : os_[1]]
        if start and style == "normal":
            new_subj = new_subj[:1].upper() + new_subj[1:]
    if sp:
        agent = cased_pronoun(pronoun_form(sp[0], "obj"), False, style)
    else:
        agent = doc_text(doc)[ss[0] : ss[1]]
        agent = lower_initial(first, agent, style) if start else agent
    particles = "".join(" " + p.text for p in prts)
    by = "by"
    if style == "upper":
        words, part, by = [w.upper() for w in words], part.upper(), "BY"
    new = f"{new_subj} {''.join(words)}{part}{particles} {by} {agent}"
    return Change(ss[0], end, new, f"passive: {v.text} -> {part}")


def _det_number(o) -> str | None:
    """The number a determiner or numeral of ``o`` demands ("3s" for "a zucchini", "pl" for "these
    mice"), to check the tagger's number of the new subject before "be" agrees with it."""
    for t in o.children:
        low = t.lower_
        if t.dep_ == "det" and low in _SINGULAR_DET or (t.dep_ == "nummod" and low in ("one", "1")):
            return "3s"
        if t.dep_ == "det" and low in _PLURAL_DET or (t.dep_ == "nummod" and low not in ("one", "1")):
            return "pl"
    return None


def _particles(doc, v, o, os_: tuple[int, int]) -> tuple[list, int | None]:
    """Particles (and directional adverbs right after the object) that move with the verb, and
    where the rewritten span ends; end None when something else stands between verb and object."""
    after_object = o.right_edge.i + 1
    prts = sorted(
        (
            c
            for c in v.children
            if c.dep_ == "prt"
            or (c.dep_ == "advmod" and c.lower_ in DIRECTIONAL and c.i == after_object and not list(c.children))
        ),
        key=lambda t: t.i,
    )
    end = os_[1]
    for p in prts:
        if p.i == o.right_edge.i + 1 and p.idx >= os_[1]:
            end = p.idx + len(p.text)
        elif not v.i < p.i < o.left_edge.i:
            return prts, None
    if any(t.dep_ != "prt" for t in doc[v.i + 1 : o.left_edge.i]):
        return prts, None
    return prts, end


def _passive_auxiliaries(doc, v, pre, auxes, chain: tuple[str, str], cls: str | None) -> list[str] | None:
    """The words between the new subject and the participle: the old auxiliaries, negation and
    adverbs, with the finite one turned into (or agreeing as) a form of "be"/"have"."""
    kind, insert = chain
    words: list[str] = []
    for t in pre:
        w = t.text
        if auxes and t.i == auxes[0].i and kind in ("do", "have", "be"):
            if cls is None:
                return None
            if kind == "do":
                w = _BE[("past" if t.tag_ == "VBD" else "pres", cls)]
                if w == "am" and t.i + 1 < len(doc) and doc[t.i + 1].lower_ in ("n't", "n\u2019t"):
                    return None  # "I amn't"
            else:
                w = agree(t, cls)
                if w is None:
                    return None
        words.append(w + t.whitespace_)
    if kind == "none":
        if cls is None:
            return None
        words.insert(0, _BE[("past" if v.tag_ == "VBD" else "pres", cls)] + " ")
    if insert:
        words.append(insert + " ")
    return words


def _participle(v) -> str | None:
    """The past participle of the verb, keeping the writer's own form when it is one."""
    lemma = verb_lemma(v)
    part = (_PARTICIPLE[lemma],) if lemma in _PARTICIPLE else inflections(lemma, "VBN")
    if not part:
        return None
    if v.tag_ == "VBN" or (
        v.tag_ == "VBD" and v.lower_.endswith("ed") and part[0] in inflections(lemma, "VBD") + (v.lower_,)
    ):
        return v.lower_  # "spelled", not "spelt"
    return part[0]
