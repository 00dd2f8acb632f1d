"""Stricter checks for UNION's own keyword substitution inside ``union_negative`` (round 53): the
published sampler swaps any keyword for an antonym or a random corpus word of the same slot, and
readers found many of those swaps garbled rather than inconsistent:

- a word of a fixed expression ("by the time" -> "by the change"): the lexicon of fixed
  expressions keeps such words out of the sites already; an antonym that *makes* one ("untie the
  knot" -> "tie the knot", a wedding) is declined by :func:`makes_fixed_expression`;
- a corpus verb or adjective ("received possession of the ball" -> "sold possession", "dumb move"
  -> "metallic move", "hard to give a shit" -> "dull to give"): a verb's slot (tag and frame) and
  an adjective's tag do not say whether the new word's sense fits its arguments, so only nouns are
  drawn from the corpus, and only of a kind whose swap reads as a changed fact (a person, an
  animal, a food: :func:`~.keywords.same_kind`), never "ended up in the sewers" -> "in the stairs"
  or "a tough choice" -> "a tough idea";
- a noun with an adjective or compound modifier ("a bunch of small children" -> "small parents",
  "hire new helpers" -> "hire new friends", round 59): the modifier describes the old noun's kind,
  so only unmodified nouns are swapped (:func:`modified_noun`);
- a verb used in a sense its object does not have in the verb's usual senses ("build his clients",
  a clientele -> "destroy his clients"), and a noun object of such a verb ("build his friends"):
  the verb must take an object of this kind in its most frequent senses (:func:`usual_object`);
- a verb with no object or complement replaced by one WordNet does not list as intransitive
  ("where i 'd like" -> "where i 'd dislike", round 700): :func:`bare_verb_ok`;
- a person noun replaced by a gendered one the pronouns of the same person contradict ("He 's my
  friend" -> "He 's my mother", round 112): that reads as a malformed sentence, not as a changed
  fact (:func:`gender_fits`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation import token_columns
from ...transform.site_checks import in_multiword, parse_agrees
from ...transform.substitution import expression_spans
from .._discourse.coref import FEMALE_NOUNS, MALE_NOUNS
from .._persons import name_gender
from .frames import object_ok, verb_frames
from .keywords import near_synonym, same_kind

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token


def strict_site_ok(doc: Doc, i: int) -> bool:
    """Token ``i`` may be swapped at all: the parse agrees about it, it is not half of a WordNet
    multiword expression ("hot dog", "take off"), no modified noun (:func:`modified_noun`) and
    stands where its verb takes its object in a usual sense (:func:`usual_object`)."""
    tok = doc[i]
    return parse_agrees(doc, i) and not in_multiword(doc, i) and not modified_noun(tok) and usual_object(tok)


#: Dependents of a noun that describe its kind ("small children", "new helpers", "birthday party").
_KIND_MODIFIERS = frozenset({"amod", "compound", "nmod"})


def modified_noun(tok: Token) -> bool:
    """Noun ``tok`` has an adjective or compound modifier, or is one ("children's" is not: a
    possessive): another noun would keep a modifier that fits only the old one ("small parents")."""
    return tok.pos_ == "NOUN" and (tok.dep_ in _KIND_MODIFIERS or any(c.dep_ in _KIND_MODIFIERS for c in tok.children))


def usual_object(tok: Token) -> bool:
    """``tok`` (a verb, or a noun that is a verb's direct object) stands where the verb takes its
    object in one of its usual senses (:func:`~.frames.object_ok` on the verb itself): "build his
    clients" (a clientele) is no sense of "build" a swap may keep."""
    verb = tok.head if tok.dep_ == "dobj" else tok
    if verb.pos_ != "VERB":
        return True
    return object_ok(verb, verb.lemma_.lower())


#: WordNet's intransitive frames: "Something ----s", "Somebody ----s".
_INTRANSITIVE = frozenset({1, 2})
#: Dependents that make a verb's object or complement (an elided one leaves none).
_COMPLEMENT_DEPS = frozenset({"dobj", "dative", "ccomp", "xcomp", "acomp", "oprd", "attr", "prep", "prt", "agent"})


def bare_verb_ok(tok: Token, new_lemma: str) -> bool:
    """A verb ``tok`` with no object or complement ("where i 'd like") is replaced only by a verb
    WordNet lists as intransitive (never "where i 'd dislike")."""
    if tok.pos_ != "VERB" or any(c.dep_ in _COMPLEMENT_DEPS for c in tok.children):
        return True
    return bool(verb_frames(new_lemma) & _INTRANSITIVE)


def makes_fixed_expression(tok: Token, word: str, lemma: str) -> bool:
    """``word`` (lemma ``lemma``) in place of ``tok`` would stand inside a fixed expression of the
    lexicon ("untie the knot" -> "tie the knot"), matched on words or lemmas as the sites are."""
    cols = token_columns(tok.doc)
    sent = tok.sent
    forms = [(cols["lower"][k], cols["lemma"][k]) for k in range(sent.start, sent.end)]
    at = tok.i - sent.start
    forms[at] = (word.lower(), lemma.lower())
    return any(a <= at < b for a, b in expression_spans(forms))


def corpus_noun_ok(lemma: str, pos: str, new_lemma: str) -> bool:
    """A corpus word may replace keyword ``lemma`` (``pos``): a noun of the same kind (a person,
    an animal, a food) that is no near-synonym of it; never a verb or an adjective."""
    return pos == "NOUN" and same_kind(lemma, new_lemma) and not near_synonym(lemma, new_lemma)


#: The gender each third-person singular pronoun gives its referent.
_PRONOUN_GENDERS = {"he": "m", "him": "m", "his": "m", "himself": "m", "she": "f", "her": "f", "herself": "f"}


def noun_gender(lemma: str) -> str | None:
    """ "m" or "f" for a gendered person noun ("mother", "boyfriend"), else None."""
    return "m" if lemma in MALE_NOUNS else "f" if lemma in FEMALE_NOUNS else None


def _word_gender(tok: Token) -> str | None:
    """The gender a pronoun, a first name or a gendered noun gives the person it names (None:
    none it tells)."""
    if tok.pos_ == "PRON":
        return _PRONOUN_GENDERS.get(tok.lower_)
    if tok.pos_ == "PROPN":
        return name_gender(tok.text)
    return noun_gender(tok.lemma_.lower()) if tok.pos_ == "NOUN" else None


def _told_gender(tok: Token) -> str | None:
    """The gender the story gives the person noun ``tok`` names: the subject of the copula it
    is the complement of ("He 's my friend"), a name in apposition ("my friend Sam"), else the
    first third-person pronoun after it that may refer back to it (a subject, a possessive or a
    reflexive, in its sentence or the next) with no other person named in between."""
    if tok.dep_ in ("attr", "nsubj") and tok.head.lemma_ == "be":  # "He 's my friend", "my friend is a guy"
        other = "nsubj" if tok.dep_ == "attr" else "attr"
        for c in tok.head.children:
            if c.dep_ == other and _word_gender(c):
                return _word_gender(c)
    for other in [*tok.children, tok.head]:
        if other is not tok and "appos" in (other.dep_, tok.dep_) and _word_gender(other):
            return _word_gender(other)  # "my friend Sam", "Sam , my friend"
    doc, sent = tok.doc, tok.sent
    end = doc[sent.end].sent.end if sent.end < len(doc) else sent.end
    for t in doc[tok.i + 1 : end]:
        if t.pos_ == "PROPN" or (t.pos_ == "NOUN" and noun_gender(t.lemma_.lower())):
            return None  # another person it may refer to
        if t.pos_ == "PRON" and t.lower_ in _PRONOUN_GENDERS:
            if t.dep_ in ("nsubj", "nsubjpass", "poss") or t.lower_.endswith("self"):
                return _PRONOUN_GENDERS[t.lower_]
            if t.head.i != tok.head.i:
                continue  # an object elsewhere: another person, or this one
            return None  # a co-argument ("my friend hit him"): another person
    return None


def gender_fits(tok: Token, new_lemma: str) -> bool:
    """A gendered person noun ``new_lemma`` may replace noun ``tok`` (singular) only when the
    story gives the person no other gender (:func:`_told_gender`): never "He 's my friend" ->
    "He 's my mother", "my friend lost his keys" -> "my mother lost his keys"."""
    new = noun_gender(new_lemma)
    if new is None or tok.tag_ not in ("NN", "NNP"):
        return True
    told = _told_gender(tok)
    return told is None or told == new
