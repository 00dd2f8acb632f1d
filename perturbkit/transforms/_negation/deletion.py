"""Negation deletion on a sentence's main verb: "did n't go" -> "went", "won't" -> "will",
"wasn't" -> "was", "never went" -> "went"; never where a negative polarity item would be
stranded ("did n't have any", "was n't sure if", "not that well", "could n't think of
anything but")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...resources.inflect import inflect_like
from ...transform import Change
from ...transform.words import match_case
from .cues import CLIPPED, Style
from .parse import Facts, base_form, has_npi_after, has_subject, kids_of, subject_before, subordinate

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


_NEG_DEPS = ("not", "n't", "never")
#: Words right after "not" that make it a focus negation, not the clause's ("not only X but Y").
_FOCUS = frozenset({"only", "just", "merely", "simply", "even", "to", "because", "until", "till"})
#: Negative-polarity idioms: main-verb lemma -> words after the negation that make the negated
#: clause an idiom with no positive ("it wasn't long before" -> "it was long before", "didn't
#: take long", "couldn't help but laugh", "couldn't care less", "didn't stand a chance").
_NPI_IDIOMS = {
    "be": frozenset({"long"}),
    "take": frozenset({"long"}),
    "help": frozenset({"but", "it"}),
    "care": frozenset({"less"}),
    "stand": frozenset({"chance"}),
    "lift": frozenset({"finger"}),
    "sleep": frozenset({"wink"}),
    "budge": frozenset(),
    "bother": frozenset(),
}


#: Words a negation licenses an "if"/"whether" clause after ("I was n't sure if ..." -> "I was sure
#: if ..."; round 110).
_ASKING = frozenset("sure certain know tell remember recall say".split())


def _stranded(sent: Span, neg: Token) -> bool:
    """A negative-polarity construction after the negation that its deletion would strand (round
    110): an "if"/"whether" clause of "sure", "know" ("was n't sure if I was relieved"), a degree
    "that" before an adjective or adverb ("should n't have cleared my head that well"), or "but"
    meaning "except", with no verb after it ("could n't think of something else but of her
    smile"). The word lists (:func:`has_npi_after`) hold the single polarity items."""
    doc = sent.doc
    for t in doc[neg.i + 1 : sent.end]:
        low = t.lower_
        if low in ("if", "whether"):
            heads = (doc[t.i - 1], t.head.head if t.head.dep_ == "ccomp" else t.head)
            if any(h.lemma_.lower() in _ASKING for h in heads):
                return True
        elif low == "that" and t.dep_ == "advmod" and t.head.pos_ in ("ADJ", "ADV"):
            return True
        elif low == "but" and not any(k.pos_ in ("VERB", "AUX") for k in doc[t.i + 1 : sent.end]):
            return True
    return False


def _npi_idiom(sent: Span, root: Token, neg: Token) -> bool:
    """The negated clause is a negative-polarity idiom (:data:`_NPI_IDIOMS`), or "help" with a
    gerund ("couldn't help laughing"): deleting its negation leaves no sentence."""
    lemma = root.lemma_.lower()
    if lemma not in _NPI_IDIOMS:
        return False
    words = _NPI_IDIOMS[lemma]
    if not words:
        return True
    if lemma == "help" and any(c.dep_ == "xcomp" and c.tag_ == "VBG" for c in root.children):
        return True
    after = {t.lower_ for t in sent.doc[neg.i + 1 : min(sent.end, neg.i + 5)]}
    return bool(after & words)


def deletion(sent: Span, style: Style, facts: Facts | None = None) -> list[Change] | None:
    """Changes removing the negation of the sentence's main verb, or None (``facts``: the
    Doc's token facts, when already read)."""
    facts = facts if facts is not None else Facts.of(sent.doc)
    if facts.is_question(sent):
        return None
    negs = facts.cues_in(sent)
    if len(negs) != 1:
        return None  # none, or several (double negation, a negative subject, a second clause)
    root = sent.root
    doc = sent.doc
    neg = doc[negs[0]]
    kids = kids_of(root)
    if subordinate(root, kids):
        return None
    if neg.dep_ != "neg" or neg.head.i != root.i or neg.lower_.replace("\u2019", "'") not in _NEG_DEPS:
        return None
    nxt = doc[neg.i + 1] if neg.i + 1 < len(doc) else None
    if nxt is None or nxt.is_punct or nxt.lower_ in _FOCUS or has_npi_after(facts.lows, neg.i, sent.end):
        return None
    if _npi_idiom(sent, root, neg) or _stranded(sent, neg):
        return None
    if neg.lower_ == "never":
        if neg.i == facts.first_word(sent) or not subject_before(kids, neg.i):
            return None  # "Never have I ..."
        return [Change(neg.idx, nxt.idx, "", "negation deleted")]
    prev = doc[neg.i - 1] if neg.i > sent.start else None
    if prev is None:
        return None
    is_aux = prev.head.i == root.i and prev.dep_ in ("aux", "auxpass")
    is_cop = prev.i == root.i and root.lemma_ == "be"
    if not (is_aux or is_cop):
        return None
    imperative = prev.lower_ == "do" and prev.i == facts.first_word(sent) and not has_subject(kids)
    if not imperative and not subject_before(kids, prev.i):
        return None
    if prev.lemma_.lower() == "do" and is_aux:
        return _undo_support(prev, neg, root, imperative)
    low = prev.lower_
    if low == "ai" or not prev.is_alpha:
        return None
    if low in CLIPPED:  # "can't" / "ca n't" -> "can"
        return [Change(prev.idx, neg.idx + len(neg.text), match_case(prev.text, CLIPPED[low]), "negation deleted")]
    if not prev.whitespace_:  # "wasn't" -> "was", "cannot" -> "can"
        return [Change(neg.idx, neg.idx + len(neg.text), "", "negation deleted")]
    return [Change(prev.idx + len(prev.text), neg.idx + len(neg.text), "", "negation deleted")]


def _undo_support(do: Token, neg: Token, verb: Token, imperative: bool) -> list[Change] | None:
    """ "did not go" -> "went", "doesn't like" -> "likes", "Don't worry" -> "Worry"."""
    doc = do.doc
    if verb.i <= neg.i or verb.tag_ != "VB" or verb.lemma_.lower() == "be":
        return None
    between = doc[neg.i + 1 : verb.i]
    if any(t.pos_ != "ADV" or t.head.i != verb.i for t in between):
        return None
    base = base_form(verb)
    if base is None:
        return None
    if imperative:
        tag = "VB"
    else:
        tag = {"VBD": "VBD", "VBZ": "VBZ", "VBP": "VBP"}.get(do.tag_)
        if tag is None:
            return None
    new = base if tag in ("VB", "VBP") else inflect_like(base, tag, upos="VERB")
    if not new:
        return None
    coordinated = [] if imperative else _coordinated_forms(verb, tag)
    if coordinated is None:
        return None
    first = doc[neg.i + 1]
    changes = [Change(do.idx, first.idx, "", "negation deleted (do-support)")]
    if imperative and not between:
        new = match_case(do.text, new)
    elif imperative:
        changes = [Change(do.idx, first.idx + len(first.text), match_case(do.text, first.text), "negation deleted")]
    changes.append(Change(verb.idx, verb.idx + len(verb.text), new, f"{verb.text} -> {new}"))
    return changes + coordinated


def _coordinated_forms(verb: Token, tag: str) -> list[Change] | None:
    """The base-form verbs coordinated with ``verb`` without a subject of their own take its restored
    tense ``tag`` too ("did n't go to the store and buy bread" -> "went to the store and bought
    bread", not "... and buy bread"); None when one cannot be inflected (or is "be")."""
    out: list[Change] = []
    level = [verb]
    while level:  # a chain of conjuncts: "did not watch A , watch B , watch C"
        level = [
            c
            for v in level
            for c in v.children
            if c.dep_ == "conj" and c.pos_ in ("VERB", "AUX") and c.tag_ == "VB" and not has_subject(kids_of(c))
        ]
        for c in level:
            base = base_form(c)
            new = base if base is None or tag == "VBP" else inflect_like(base, tag, upos="VERB")
            if not new:
                return None
            out.append(Change(c.idx, c.idx + len(c.text), new, f"{c.text} -> {new} (coordinated)"))
    return out
