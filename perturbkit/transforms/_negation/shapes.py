"""Clause shapes where no inserted negation reads as English (round 115), checked on every
negation insertion (``negation``, ``negation_alteration`` and UNION's strict flips):

- an inverted or idiomatic order: an expletive "there"/"here" before a verb other than a copula
  ("There goes my mood" -> "There does n't go my mood"), or a fronted particle before the subject
  ("Off we go !" -> "Off we do n't go !", "Away they ran");
- a vocative after the verb ("You go gal !" -> "You do n't go gal !");
- a bare infinitive after a causative or perception verb that the sentence splitter cut off
  from it ("to have tomorrow 's children surpass" -> "children do not surpass");
- a subject that is a possessive determiner before a verb without an auxiliary ("her face a
  mixture of frustration" with "face" tagged a verb and "her" its subject -> "her do n't face a
  mixture"): the parse disagrees with itself, the "verb" is a noun (round 116); a possessive
  pronoun before an auxiliary or copula stays ("his was old" -> "his was not old");
- a verb to negate that is the first half of a fused form the tokeniser split ("gotta" -> "got
  ta", "gonna" -> "gon na", "wanna", "oughta", "hasta", "lemme", "gimme"): "The living got ta keep
  living" -> "did not get ta keep" reads "got" as an ordinary verb (round 116; see :func:`fused_form`).

- an emphatic "do"/"does"/"did" with an emphatic adverb after it ("I did so want to go", "she did
  indeed love him"): "did not so want", "did not indeed love" negate no event; nor when the parser
  took the emphatic "do" for the main verb and the verb after the adverb for a noun ("I do so love
  books of fiction" -> "I do n't do so love books": round 117, wp_dev-478; see :func:`emphatic_do`).
  A plain emphatic "do" is the auxiliary and is negated in place ("She does love cake" -> "does
  not love").

A pro-verb "do" with nothing after it ("of course you do") is negated in place, without a
second "do": see :func:`pro_verb_do`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...resources.inflect import forms

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: Verbs an expletive "there" takes in plain English ("there was", "there seems to be").
_EXPLETIVE_VERBS = frozenset({"be", "seem", "appear", "exist", "remain", "happen", "use"})
#: Directional particles that front an idiomatic clause ("Off we go", "Away they ran", "Down he went").
#: "here"/"there" too: "Here we go" -> "Here we do n't go".
_PARTICLES = frozenset("off away down up out in back on over around along forth onward onwards here there".split())
#: Nouns of address that stand bare after the verb as a vocative ("You go gal !", "I love you man").
_ADDRESS = frozenset(
    "gal girl girls guys guy man dude bro buddy pal mate sis baby babe sweetie dear kid kiddo boy boys"
    " son folks lady ladies sir ma'am".split()
)
#: Verbs whose object takes a bare infinitive ("have them surpass", "let him go", "saw her leave").
_CAUSATIVE = frozenset("have make let help see watch hear feel".split())
_SUBJ_DEPS = ("nsubj", "nsubjpass", "expl", "csubj")
_FINAL = frozenset({".", "!", "?"})


def _expletive(root: Token) -> bool:
    """An expletive or locative "there"/"here" as the subject of a verb other than a copula."""
    return root.lemma_.lower() not in _EXPLETIVE_VERBS and any(
        c.dep_ in _SUBJ_DEPS and c.lower_ in ("there", "here") for c in root.children
    )


def _fronted_particle(sent: Span, root: Token, subj: Token) -> bool:
    """A bare directional particle before the subject, not set off by a comma ("Off we go")."""
    doc = sent.doc
    for t in doc[sent.start : subj.left_edge.i]:
        if t.lower_ in _PARTICLES and t.head.i == root.i and not list(t.children):
            return not any(k.text == "," for k in doc[t.i + 1 : subj.left_edge.i])
    return False


def _vocative(sent: Span, root: Token) -> bool:
    """A bare noun of address after the verb, at the end of its clause or set off by a comma."""
    doc = sent.doc
    for t in doc[root.i + 1 : sent.end]:
        if t.lower_ not in _ADDRESS or any(c.dep_ in ("det", "poss", "amod", "nummod") for c in t.children):
            continue
        nxt = doc[t.i + 1] if t.i + 1 < len(doc) else None
        prv = doc[t.i - 1]
        if nxt is None or nxt.is_punct or prv.text == ",":
            return True
    return False


def _split_infinitive(sent: Span, subj: Token) -> bool:
    """A causative or perception verb right before the subject's phrase, across a sentence break
    the splitter put inside the clause ("to have tomorrow ’ | s children surpass")."""
    doc = sent.doc
    i = subj.left_edge.i - 1
    for _ in range(6):
        if i < 0:
            return False
        t = doc[i]
        if t.text in _FINAL or t.text == "," or t.pos_ in ("CCONJ", "SCONJ"):
            return False
        if t.pos_ in ("VERB", "AUX"):
            return t.lemma_.lower() in _CAUSATIVE
        i -= 1
    return False


#: Second halves of a fused form the tokeniser split off ("got ta", "gon na", "wan na", "ought ta",
#: "has ta"; spaCy tags them TO), and of the fused forms with a pronoun ("lem me", "gim me", "got cha").
_FUSED_TO = frozenset({"ta", "na"})
_FUSED_PAIRS = frozenset({("lem", "me"), ("gim", "me"), ("got", "cha")})


def fused_form(verb: Token) -> bool:
    """``verb`` is the first half of a fused form ("got" of "got ta" / "gotta", "gon" of "gon na"):
    no verb of its own to negate or put in the base form ("did not get ta keep living")."""
    doc = verb.doc
    if verb.i + 1 >= len(doc):
        return False
    nxt = doc[verb.i + 1].lower_
    return nxt in _FUSED_TO or (verb.lower_, nxt) in _FUSED_PAIRS


def declined_shape(sent: Span, root: Token) -> bool:
    """The clause has one of the shapes in the module docstring (but a fused form, which
    :func:`fused_form` checks on the word the negation goes to): no insertion is made."""
    subj = next((c for c in root.children if c.dep_ in _SUBJ_DEPS), None)
    if _expletive(root) or _vocative(sent, root):
        return True
    if subj is None or subj.i > root.i:
        return False
    if subj.tag_ == "PRP$" and root.pos_ == "VERB" and not any(c.dep_ in ("aux", "auxpass") for c in root.children):
        return True  # "her face a mixture" (round 116); "his was old", "his had been ripped" stay
    return _fronted_particle(sent, root, subj) or (root.tag_ in ("VB", "VBP") and _split_infinitive(sent, subj))


def pro_verb_do(root: Token) -> bool:
    """A finite main-verb "do" with no word after it in its clause but punctuation: VP ellipsis
    ("of course you do", "she did ."), negated "do n't", not "do n't do"."""
    return (
        root.lemma_.lower() == "do"
        and root.tag_ in ("VBD", "VBZ", "VBP")
        and all(c.is_punct for c in root.children if c.i > root.i)
    )


#: Adverbs of emphasis after an emphatic "do" ("I do so love", "she did indeed love"): no negation
#: reads after them or before them.
_EMPHATIC = frozenset({"so", "indeed", "certainly", "definitely", "surely", "sure", "absolutely"})


def emphatic_do(root: Token, head: Token) -> bool:
    """``head`` (the word a negation would go to: the first auxiliary, else ``root``) is a finite
    "do" with an emphatic adverb right after it, and either the auxiliary of ``root`` ("did so
    want", "did indeed love") or, as the main verb, followed after its adverbs by a verb's base form
    the parser read as a noun ("I do so love books"; "I did so much work", "he did so well" stay)."""
    doc = head.doc
    if head.lemma_.lower() != "do" or head.tag_ not in ("VBD", "VBZ", "VBP"):
        return False
    i = head.i + 1
    while i < len(doc) and doc[i].pos_ == "ADV" and doc[i].lower_ not in _EMPHATIC:
        i += 1
    if i >= len(doc) or doc[i].lower_ not in _EMPHATIC or doc[i].pos_ != "ADV":
        return False
    if head.i != root.i:
        return True
    while i < len(doc) and doc[i].pos_ == "ADV":
        i += 1
    nxt = doc[i] if i < len(doc) else None
    return nxt is not None and nxt.pos_ in ("VERB", "NOUN") and bool(forms(nxt.lower_, "VBD", "VERB"))
