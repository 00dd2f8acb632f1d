"""Noun phrases from the parse: a phrase's span and agreement class, objects that are really
adverbials or misparses, light-verb idioms, polarity items, and reflexives bound by a subject."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation import doc_text, per_doc, token_columns
from .agreement import SUBJ_DEPS
from .lexicon import AGREEMENT, MASKED, can_be_noun, sid
from .pronouns import pronoun_case

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token


_WH = {"who", "whom", "what", "which", "that", "whose", "whoever", "whatever", "where", "when"}
_SING_PRON = {
    "everyone",
    "everybody",
    "someone",
    "somebody",
    "anyone",
    "anybody",
    "nobody",
    "no one",
    "everything",
    "something",
    "anything",
    "nothing",
    "this",
    "that",
    "one",
    "another",
    "each",
    "either",
    "neither",
}
_PLUR_PRON = {"these", "those", "both", "many", "few", "several", "others"}


# Light-verb + object idioms whose object cannot move ("take care of", "take a nap").
LIGHT = {
    "take": {
        "nap",
        "shower",
        "bath",
        "break",
        "breath",
        "look",
        "seat",
        "walk",
        "step",
        "turn",
        "sip",
        "bite",
        "peek",
        "rest",
        "stroll",
        "chance",
        "place",
        "part",
        "care",
        "time",
        "advantage",
        "notice",
        "note",
        "vacation",
        "trip",
    },
    "make": {"sure", "it", "way", "sense", "fun", "friends", "use", "progress", "noise", "money", "cut", "living"},
    "catch": {"breath", "eye", "cold", "fire"},
    "pay": {"attention"},
    "give": {"birth", "up"},
    "do": {"best", "well", "research"},
    "lose": {"mind", "temper", "weight", "track", "control"},
    "change": {"mind"},
    "find": {"way"},
    "tell": {"truth"},
    "play": {"role", "part"},
    "gain": {"weight"},
    "hold": {"breath"},
    "shake": {"head", "hand"},
    "nod": {"head"},
}
# Nouns of time and measure that head objects which are really adverbials ("drove four hours").
MEASURE = {
    "second",
    "minute",
    "hour",
    "day",
    "night",
    "morning",
    "afternoon",
    "evening",
    "week",
    "weekend",
    "month",
    "year",
    "time",
    "mile",
    "kilometer",
    "meter",
    "foot",
    "yard",
    "inch",
    "pound",
    "lap",
    "block",
    "step",
    "way",
    "home",
    "while",
    "moment",
}
_AMOUNT = {"lot", "bit", "little", "ton", "deal", "bunch"}


def is_measure(o: Token) -> bool:
    """An object that is really an adverbial of time, distance or amount ("ran two miles",
    "practiced a lot"), but not "a lot of money"."""
    lemma = o.lemma_.lower()
    return lemma in MEASURE or (lemma in _AMOUNT and not any(c.lower_ == "of" for c in o.children))


# Verbs after which "her + noun" may be an indirect object rather than a possessive ("asked her
# hard questions", "made her dinner") or "her + adjective" a small clause ("made her drowsy").
_COMPLEMENT_VERBS = {
    "make",
    "find",
    "call",
    "name",
    "consider",
    "keep",
    "leave",
    "drive",
    "get",
    "turn",
    "paint",
    "want",
    "like",
    "prefer",
    "think",
    "believe",
    "declare",
    "elect",
    "set",
    "ask",
    "give",
    "tell",
    "show",
    "send",
    "buy",
    "bring",
    "offer",
    "teach",
    "pay",
    "hand",
    "lend",
    "owe",
    "cook",
    "bake",
    "pour",
    "read",
    "write",
    "sell",
    "throw",
    "promise",
    "save",
    "fix",
    "build",
    "order",
    "win",
    "cost",
    "wish",
    "feed",
}
_ADVERB_LIKE = {"daily", "weekly", "monthly", "yearly", "nightly", "hourly", "home", "today", "tonight"}


def ambiguous_object(v: Token, o: Token) -> bool:
    """True for objects the tagger often gets wrong: "made her drowsy" (her + adjective parsed as
    a possessed noun), "made them dinner", and objects that are not nouns at all."""
    if o.tag_ not in ("NN", "NNS", "NNP", "NNPS", "PRP", "CD") and o.pos_ not in ("PRON", "X"):
        return True
    if o.tag_ in ("NN", "NNS") and not can_be_noun(o):
        return True  # "watched the mosquito explode": "explode" tagged as the object noun
    if v.lemma_.lower() in _COMPLEMENT_VERBS and any(c.dep_ == "poss" and c.lower_ == "her" for c in o.children):
        return True
    return min(o.subtree, key=lambda t: t.i).lower_ in _ADVERB_LIKE  # "exercised daily and ..."


_NPI = {"any", "anyone", "anything", "anybody", "either", "ever", "much"}


def is_npi(tok: Token) -> bool:
    """A phrase that needs a negation before it ("anyone", "any vegetables") and so cannot become
    a subject ("He never told anyone" -/-> "Anyone was never told")."""
    return min(tok.subtree, key=lambda t: t.i).lower_ in _NPI or tok.lower_ in _NPI


_LEFT_OK = {
    "det",
    "amod",
    "compound",
    "poss",
    "nummod",
    "quantmod",
    "predet",
    "nmod",
    "case",
    "advmod",
    "punct",
    "cc",
    "conj",
}
_RIGHT_OK = {"prep", "conj", "cc", "relcl", "acl", "amod", "compound", "case", "nummod", "det"}


def np_span(tok: Token) -> tuple[int, int] | None:
    """Character span of the phrase headed by ``tok`` (its whole subtree), extended over a
    masked name ("[MALE]") it cuts; None when the subtree is not contiguous or unbalanced."""
    sub = sorted(tok.subtree, key=lambda t: t.i)
    if sub[-1].i - sub[0].i + 1 != len(sub):
        return None
    if any(c.dep_ not in (_LEFT_OK if c.i < tok.i else _RIGHT_OK) for c in tok.children):
        return None  # "that day phil", a clause, a temporal modifier inside the phrase
    while sub and (sub[-1].is_punct and sub[-1].text not in ("]", ")")):
        sub.pop()
    while sub and sub[0].is_punct and sub[0].text not in ("[",):
        sub.pop(0)
    if not sub:
        return None
    start, end = sub[0].idx, sub[-1].idx + len(sub[-1].text)
    text = doc_text(tok.doc)
    for m in MASKED.finditer(text):
        if m.start() < end and m.end() > start:
            start, end = min(start, m.start()), max(end, m.end())
    s = text[start:end]
    if s.count("[") != s.count("]") or s.count("(") != s.count(")") or '"' in s or "\n" in s:
        return None
    if "\u201c" in s or "\u201d" in s:
        return None
    return start, end


_QUANTITY = {
    "lot",
    "lots",
    "bunch",
    "couple",
    "number",
    "plenty",
    "majority",
    "rest",
    "most",
    "half",
    "some",
    "all",
    "none",
    "any",
    "kind",
    "sort",
    "type",
    "pair",
}


def followed_by_verb(tok: Token) -> bool:
    """True when the phrase headed by ``tok`` is really the subject of a clause or a misparse: a
    finite verb directly follows it ("when she woke up the feeling stayed"), or it holds a bare
    infinitive ("watched the mosquito explode") or a coordinated finite verb ("exercised daily and
    preferred ...")."""
    end = max(t.i for t in tok.subtree) + 1
    if end < len(tok.doc) and tok.doc[end].tag_ in ("VBD", "VBZ", "VBP", "MD"):
        return True
    return any(
        (t.tag_ == "VB" and t.i != tok.i and not any(c.tag_ == "TO" for c in t.children))
        or (t.dep_ == "conj" and t.tag_ in ("VBD", "VBZ", "VBP"))
        for t in tok.subtree
    )


def np_class(tok: Token) -> str | None:
    """Agreement class of the phrase headed by ``tok``: "1s", "3s", "pl", or None if unsure."""
    conj = [c for c in tok.children if c.dep_ == "conj"]
    if conj:
        ccs = {c.lower_ for c in tok.children if c.dep_ == "cc"} | {
            g.lower_ for c in conj for g in c.children if g.dep_ == "cc"
        }
        return "pl" if ccs == {"and"} else None
    pc = pronoun_case(tok)
    if pc is not None:
        return AGREEMENT[pc[0]] if pc[1] in ("subj", "obj") else None
    low = tok.lower_
    if low in _QUANTITY:  # "a lot of pictures" agrees with "pictures"
        of = [g for c in tok.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children if g.dep_ == "pobj"]
        return np_class(of[0]) if of else None
    if MASKED.fullmatch(_masked_text(tok) or ""):
        return "3s"
    if low in _SING_PRON:
        return "3s"
    if low in _PLUR_PRON:
        return "pl"
    if tok.tag_ in ("NNS", "NNPS"):
        return "pl"
    if tok.tag_ in ("NN", "NNP"):
        return "3s"
    if tok.tag_ == "CD":
        return "3s" if low in ("one", "1") else "pl"
    return None


def _masked_text(tok: Token) -> str | None:
    text = doc_text(tok.doc)
    for m in MASKED.finditer(text):
        if m.start() <= tok.idx < m.end():
            return m.group(0)
    return None


def is_wh(tok: Token) -> bool:
    return tok.lower_ in _WH or tok.tag_ in ("WDT", "WP", "WP$", "WRB")


@per_doc
def has_reflexive(doc: Doc) -> bool:
    """Whether some word of ``doc`` ends in "self"/"selves" (checked once per Doc)."""
    return any(w.endswith(("self", "selves")) for w in token_columns(doc)["lower"])


def binds_reflexive(subj: Token) -> bool:
    """True when a reflexive in the subject's clause refers back to it ("She practised by herself"),
    so changing the subject alone would break binding rather than reference."""
    if not has_reflexive(subj.doc):
        return False  # no reflexive in the whole story
    head = subj.head
    for t in head.subtree:
        if t.i == subj.i or not t.lower_.endswith(("self", "selves")):
            continue
        anc = t.head
        while anc.i != head.i and not any(c.dep_ in SUBJ_DEPS for c in anc.children) and anc.head.i != anc.i:
            anc = anc.head
        if anc.i == head.i:
            return True
    return False


def has_passive(doc: Doc) -> bool:
    """Whether some clause of ``doc`` is passive (a passive subject or auxiliary)."""
    return not {sid("nsubjpass"), sid("auxpass")}.isdisjoint(token_columns(doc)["DEP"])


def span_of(tok: Token) -> tuple[int, int]:
    return tok.idx, tok.idx + len(tok.text)
