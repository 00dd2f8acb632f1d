"""Checks the two witness-targeted substitutions (``conceptnet_substitution`` and the targeted
``keyword_substitution``) add to the shared antonym checks: where a contrasting word would not fit
what the original left behind ("they agreed , if she did the dishes" -> "disagreed , if", "include
the bill in her budget" -> "exclude the bill in", "started to gestate creating" -> "gestate
destroying", "began to forget the letter until" -> "began to remember ... until"), swaps that stay
plausible (one person's role for another's: "the teacher called his parents" -> "the student"),
and witnesses that agree with either word ("the owner regrets buying the land" fits "hated the
land" as well as "loved" it).

>>> bool(COMPATIBLE.search("the owner regrets buying the land ."))
True
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...resources.lexicons import verb_class

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Subordinators of a condition: "they agreed , if she did the dishes" is agreement on a condition,
#: "disagreed , if she did the dishes" is ill-formed.
_CONDITIONS = frozenset({"if", "unless", "provided", "providing"})
#: Verbs that take a gerund complement of their own ("started crying", "loves swimming", "kept
#: working"); a gerund under any other verb is a loose participle ("started to gestate creating
#: more antibodies"), where an opposite reads as garble.
_GERUND_HEADS = frozenset(
    """start stop begin keep continue finish quit love hate enjoy like dislike remember forget avoid try
    go spend be""".split()
)
#: Verbs of a phase: "began to forget" is a fading, whose opposite ("began to remember") is no
#: opposite event.
_PHASES = frozenset({"begin", "start", "continue", "keep"})
#: Verbs of leaving out, which take "from", never the place the original put a thing in: "include
#: the gas bill in her budget" -> "exclude the gas bill in her budget".
_LEAVE_OUT = frozenset({"exclude", "omit", "remove", "subtract", "withdraw"})
_PLACE_PREPS = frozenset({"in", "into", "on", "onto", "to", "inside"})
#: Verb + object idioms whose verb has no opposite there ("raise money" is collect it).
_VERB_OBJECT_IDIOMS = frozenset({("raise", "money"), ("raise", "fund"), ("raise", "awareness"), ("raise", "cash")})
#: Words that make a sentence fit either attitude or outcome: regret, a wish, something missed, an
#: irony or a concession ("the owner regrets buying the land" fits "hated the land" and "loved" it).
COMPATIBLE = re.compile(r"\b(?:regret\w*|wish\w*|sorry|miss(?:es|ed|ing)?|ironic\w*|despite|although|though)\b")


def clause_fits(tok: Token, lemma: str, new_lemma: str) -> bool:
    """``new_lemma`` fits what ``tok``'s clause leaves it: no condition on a verb ("agreed , if"),
    no gerund loosely under another verb ("gestate creating"), no phase verb over "remember" or
    "forget" ("began to forget"), nothing bounded by "until" ("forgot the letter until one night"),
    no place a verb of leaving out does not take ("exclude the bill in her budget"), and no
    correction in the clause ("getting high from excitement , not drugs": the contrast is built on
    the original word)."""
    if tok.pos_ != "VERB":
        return True
    kids = list(tok.children)
    if any(c.dep_ == "advcl" and any(k.dep_ == "mark" and k.lower_ in _CONDITIONS for k in c.children) for c in kids):
        return False
    if tok.tag_ == "VBG" and tok.dep_ in ("xcomp", "ccomp") and tok.head.lemma_.lower() not in _GERUND_HEADS:
        return False
    if lemma in ("remember", "forget") and tok.dep_ == "xcomp" and tok.head.lemma_.lower() in _PHASES:
        return False
    after = tok.doc[tok.i + 1 : tok.sent.end]
    if any(t.lower_ in ("until", "till") for t in after):
        return False
    objs = [c for c in kids if c.dep_ == "dobj"]
    if any((lemma, o.lemma_.lower()) in _VERB_OBJECT_IDIOMS for o in objs):
        return False  # "raising money for a shelter" -> "lowering money"
    if any(k.dep_ in ("acl", "relcl") and k.tag_ == "VB" for o in objs for k in o.children):
        return False  # a purpose: "bought a new book to read" -> "sold a new book to read"
    if new_lemma in _LEAVE_OUT:
        if any(c.dep_ == "prep" and c.lower_ in _PLACE_PREPS for h in [tok, *objs] for c in h.children):
            return False
    return not any(t.lower_ == "not" and t.i > 0 and t.doc[t.i - 1].lower_ == "," for t in after)


def person_role_swap(lemma: str, new_lemma: str) -> bool:
    """Both nouns name people by their role ("teacher" -> "student"): the other role may as well
    act in the sentence, so the swap rarely contradicts the story."""
    from ...resources.wordnet import wordnet

    wn = wordnet()
    a, b = wn.first_synset(lemma, "n"), wn.first_synset(new_lemma, "n")
    return a is not None and b is not None and a.lexname() == b.lexname() == "noun.person"


def compatible_witness(sentence_text: str) -> bool:
    """The witness sentence fits either word (:data:`COMPATIBLE`), so it fixes no polarity."""
    return bool(COMPATIBLE.search(sentence_text.lower()))


def _args(verb: Token, deps: tuple[str, ...]) -> set[str]:
    return {c.lemma_.lower() for c in verb.children if c.dep_ in deps}


def same_event(verb: Token, other: Token) -> bool:
    """A verb said again is a witness only of the same event: the same subject or the same object
    ("all those people sell used books" is not contradicted by "some guy was selling it", nor
    "started getting high" by "started work")."""
    subj, obj = ("nsubj", "nsubjpass"), ("dobj", "xcomp", "ccomp", "attr")
    return bool(_args(verb, subj) & _args(other, subj)) and bool(
        _args(verb, obj) & _args(other, obj) or not (_args(verb, obj) or _args(other, obj))
    )


#: Adjectives of a mood, which shifts from moment to moment: "I am happy" said twice in a grieving
#: monologue is a refrain, and "I am sad" there reads as a deliberate break, not a contradiction.
MOODS = frozenset(
    """happy sad angry upset calm nervous scared afraid unafraid excited bored hopeful hopeless cheerful gloomy
    pleased displeased satisfied dissatisfied proud ashamed""".split()
)


def mood_may_shift(adj: Token) -> bool:
    """``adj`` names a mood (:data:`MOODS`) in the present tense ("I am happy", "you are angry") or
    in a story with dialogue or italic thoughts: a mood there may change within a breath, so its
    opposite contradicts nothing a reader holds fixed (a past "I was scared" stays a fact)."""
    if adj.lemma_.lower() not in MOODS and adj.lower_ not in MOODS:
        return False
    verb = adj.head if adj.dep_ == "acomp" else adj.head.head if adj.dep_ == "amod" else adj.head
    if verb.tag_ in ("VBP", "VBZ"):
        return True
    return any(ch in adj.doc.text for ch in ('"', "``", "“", "''", "*"))


#: Verbs of a desire, an attempt or a plan: what they govern is only wished for ("he wanted to win
#: more" -> "to lose more"; "decided to sell a bird"), no fact another sentence can contradict.
DESIRES = verb_class("desire")


def in_desire(tok: Token) -> bool:
    """``tok`` stands in a clause a desire verb governs (:data:`DESIRES`): "wanted to win more",
    "hoped he would win", "tried to open the door"."""
    a = tok
    for _ in range(6):
        if a.dep_ in ("xcomp", "ccomp", "dobj") and a.head.pos_ in ("VERB", "AUX"):
            if a.head.lemma_.lower() in DESIRES:
                return True
        elif a.dep_ not in ("conj", "acomp", "pobj", "prep", "amod", "attr", "advmod"):
            return False
        if a.head.i == a.i:
            return False
        a = a.head
    return False


def sense_ambiguous(lemma: str) -> bool:
    """The noun names a thing in another WordNet sense than its first, abstract one ("the safety 's
    on": the catch of a gun, whose "danger" is no opposite)."""
    from ...resources.wordnet import wordnet

    synsets = wordnet().synsets(lemma, "n")
    if not synsets or synsets[0].lexname() in ("noun.artifact", "noun.person", "noun.animal"):
        return False
    return any(s.lexname() == "noun.artifact" for s in synsets[1:])


def close_siblings(lemma: str, other: str) -> bool:
    """The nouns' first senses share a direct parent ("tree"/"shrub": woody plants, "car"/"truck":
    motor vehicles): a variant of the same kind, which a reader takes for a changed detail. Animals
    aside: another animal ("the dog" -> "the fox") is another creature, not a detail of this one."""
    from ...resources.wordnet import wordnet

    wn = wordnet()
    a, b = wn.first_synset(lemma, "n"), wn.first_synset(other, "n")
    if a is None or b is None or a.lexname() == "noun.animal":
        return False
    return bool(set(a.hypernyms()) & set(b.hypernyms()))


def number_lost(tok: Token, new_lemma: str) -> bool:
    """A plural noun whose substitute has no plural ("some of the trees" -> "some of the bramble")."""
    from ...resources.inflect import inflect_like

    if tok.tag_ != "NNS" or tok.lower_ == tok.lemma_.lower():
        return False
    form = inflect_like(new_lemma, tok, upos="NOUN")
    return form is None or form.lower() == new_lemma.lower()


#: Nouns with which an evaluative adjective makes a set phrase of praise or blame ("good try", "a
#: good job", "good luck", "a bad idea"): its opposite is another remark, not another fact.
_SET_PHRASE_NOUNS = frozenset("try effort shot guess call job luck idea time night day work point question".split())


def set_phrase(adj: Token) -> bool:
    """``adj`` modifies a noun it makes a set phrase with (:data:`_SET_PHRASE_NOUNS`): "good try"."""
    return adj.pos_ == "ADJ" and adj.dep_ == "amod" and adj.head.lemma_.lower() in _SET_PHRASE_NOUNS
