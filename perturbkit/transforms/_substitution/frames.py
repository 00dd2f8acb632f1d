"""Whether a replacement fits the original word's dependents: verbs and adjectives that take
the same complements ("started crying" -> "stopped crying", "happy to help" -> "sad to help"),
no negative polarity item left without its negation ("forgot to bring any")."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Verbs that take the same clausal complements, so that swapping them keeps the sentence
#: grammatical and its meaning simply reversed: gerunds ("started/stopped crying"),
#: to-infinitives ("loved/hated to swim") and that-clauses ("admitted/denied that ...").
_GERUND_OK = frozenset({"start", "stop", "love", "hate", "enjoy", "like", "dislike", "remember", "forget"})
_INFINITIVE_OK = frozenset({"love", "hate", "remember", "forget"})
_CCOMP_OK = frozenset({"remember", "forget", "agree", "disagree", "admit", "deny", "love", "hate"})
#: (new word, preposition) pairs that are ungrammatical although the old word took them
#: ("forgot about" -> "remembered about", "bought from" -> "sold from", "new to" -> "old to").
_BAD_PREP = frozenset(
    {
        ("remember", "about"),
        ("sell", "from"),
        ("uncover", "in"),
        ("uncover", "with"),
        ("old", "to"),
        ("lose", "for"),
        ("appear", "into"),
        ("buy", "to"),
        ("appear", "from"),
        ("end", "to"),  # "began to riot" (parsed "to riot") -> "ended to riot"
        ("remember", "at"),  # "forgot her kid at home" -> "remembered her kid at home"
        ("remember", "in"),
        ("lose", "on"),  # "found the frame on sale" -> "lost the frame on sale"
    }
)
#: Negative polarity items: a verb governing one may carry negative meaning ("forgot to bring any").
_POLARITY = frozenset({"any", "anything", "anyone", "anybody", "anywhere", "ever", "yet"})
#: Adjectives that take the same clausal complements ("happy to help" / "sad to help").
_ADJ_CLAUSE_OK = frozenset(
    {
        "happy",
        "unhappy",
        "sad",
        "glad",
        "able",
        "unable",
        "sure",
        "unsure",
        "proud",
        "ashamed",
        "lucky",
        "unlucky",
        "easy",
        "difficult",
        "possible",
        "impossible",
        "likely",
        "unlikely",
        "willing",
        "unwilling",
        "eager",
    }
)


#: WordNet verb frames with a direct object that is a thing ("Somebody ----s something", frame 8)
#: or a person ("Somebody ----s somebody", frame 9): "failed a test" -> "succeeded a test" has no
#: frame, "succeeded his father" has.
_THING_OBJECT_FRAMES = frozenset({5, 8, 11, 14, 15, 16, 19, 21, 31})
_PERSON_OBJECT_FRAMES = frozenset({9, 10, 14, 17, 18, 20, 24, 25, 30})
#: Object pronouns of a person.
_PERSON_PRONOUNS = frozenset({"me", "him", "her", "us", "them", "you", "myself", "himself", "herself", "themselves"})
#: How many of a verb's most frequent senses are read for its frames (rare senses would allow
#: almost any frame: "succeed" a person, "pass" a thing).
_FRAME_SENSES = 3


@functools.lru_cache(maxsize=4096)
def verb_frames(lemma: str) -> frozenset[int]:
    """WordNet frame numbers of ``lemma`` in its most frequent verb senses (empty when WordNet
    does not know it as a verb)."""
    from ...resources.wordnet import wordnet

    wn = wordnet()
    out: set[int] = set()
    for pos, offset in wn.offsets(lemma, "v")[:_FRAME_SENSES]:
        names = [n.lower() for n in wn.synset_from_pos_and_offset(pos, offset).lemma_names()]
        own = names.index(lemma) + 1 if lemma in names else -1
        out.update(f for f, w in wn.verb_frames(offset) if w in (0, own))
    return frozenset(out)


def _person_object(obj: Token) -> bool:
    if obj.lower_ in _PERSON_PRONOUNS or obj.pos_ == "PROPN":
        return True
    from ...resources.wordnet import wordnet

    first = wordnet().first_synset(obj.lemma_.lower(), "n")
    return first is not None and first.lexname() == "noun.person"


def object_ok(tok: Token, new_lemma: str) -> bool:
    """A verb with a direct object is replaced only by a verb WordNet lists with such an object
    (a thing or a person, as ``tok``'s): never "failed a biology test" -> "succeeded a biology test"."""
    objs = [c for c in tok.children if c.dep_ == "dobj"]
    if not objs:
        return True
    frames = verb_frames(new_lemma)
    wanted = _PERSON_OBJECT_FRAMES if _person_object(objs[0]) else _THING_OBJECT_FRAMES
    return bool(frames & wanted)


#: Noun classes of the things one handles: what a verb of physical contact acts on ("broke the vase").
_HANDLED = frozenset({"noun.artifact", "noun.object", "noun.body"})


@functools.lru_cache(maxsize=4096)
def contact_antonyms(lemma: str, new_lemma: str) -> bool:
    """WordNet makes the verbs ``lemma`` and ``new_lemma`` opposites only in senses one of which is
    of physical contact ("fix"/"repair" and "break", ruin completely: verb.contact), so the
    opposite holds only of a thing one handles."""
    from ...resources.wordnet import wordnet

    links = [
        (s.lexname(), a.synset().lexname())
        for s in wordnet().synsets(lemma, "v")
        for lem in s.lemmas()
        for a in lem.antonyms()
        if new_lemma in (n.lower() for n in a.synset().lemma_names())
    ]
    return bool(links) and all("verb.contact" in link for link in links)


def contact_object_ok(tok: Token, lemma: str, new_lemma: str) -> bool:
    """A verb whose opposite ``new_lemma`` is one of physical contact (:func:`contact_antonyms`)
    acts on a thing one handles (its object, or its passive subject: an artifact, an object, a
    body part), or on a pronoun or name whose kind the sentence does not tell: "fixed the car" ->
    "broke the car", never "fixed the errors" (corrected them) -> "broke the errors" (round 112)
    nor "fixed dinner" (cooked it)."""
    if tok.pos_ != "VERB" or not contact_antonyms(lemma, new_lemma):
        return True
    from ...resources.wordnet import wordnet

    for obj in (c for c in tok.children if c.dep_ in ("dobj", "nsubjpass") and c.pos_ == "NOUN"):
        first = wordnet().first_synset(obj.lemma_.lower(), "n")
        if first is None or first.lexname() not in _HANDLED:
            return False
    return True


def _subjunctive(clause: Token) -> bool:
    """``clause`` is a mandative subjunctive ("suggested he write them down"): a bare verb with a
    subject and no auxiliary, which only verbs of demanding take."""
    kids = list(clause.children)
    subj = next((c for c in kids if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subj is None or any(c.dep_ in ("aux", "auxpass") for c in kids):
        return False
    # a bare form with a third-person singular subject (the parser tags it VBP: "he write")
    return clause.tag_ == "VB" or (clause.tag_ == "VBP" and _singular_third(subj))


def _singular_third(subj: Token) -> bool:
    return subj.lower_ in ("he", "she", "it") or subj.tag_ in ("NN", "NNP")


def frame_kept(tok: Token) -> bool:
    """Another verb may stand for ``tok`` in its clause at all: no particle ("calm you down", a
    phrasal verb whose meaning the particle makes) and no subjunctive complement ("suggested he
    write")."""
    return not any(c.dep_ == "prt" or (c.dep_ == "ccomp" and _subjunctive(c)) for c in tok.children)


def xcomp_ok(tok: Token, lemma: str, new_lemma: str) -> bool:
    """Both verbs take ``tok``'s complements ("started crying" -> "stopped crying"; not
    "started to fall asleep" -> "stopped to fall asleep", "forgot about" -> "remembered about")."""
    for c in tok.children:
        if c.dep_ == "xcomp":
            ok = _GERUND_OK if c.tag_ == "VBG" else _INFINITIVE_OK
            if lemma not in ok or new_lemma not in ok:
                return False
        elif c.dep_ == "ccomp" and (lemma not in _CCOMP_OK or new_lemma not in _CCOMP_OK):
            return False
        elif c.dep_ == "prep" and (new_lemma, c.lower_) in _BAD_PREP:
            return False
    return True


def adjective_ok(tok: Token, lemma: str, new_lemma: str) -> bool:
    """Both adjectives take ``tok``'s complements ("happy to help" -> "sad to help"; not
    "excited to go" -> "bored to go", "new to the town" -> "old to the town")."""
    for c in tok.children:
        if c.dep_ in ("xcomp", "ccomp") and (lemma not in _ADJ_CLAUSE_OK or new_lemma not in _ADJ_CLAUSE_OK):
            return False
        if c.dep_ == "prep" and (new_lemma, c.lower_) in _BAD_PREP:
            return False
        if c.dep_ in ("npadvmod", "nummod"):  # "ten foot high", "two years old"
            return False
    return True


#: Dependents of an adjective that make its complement ("worth living for", "happy about it",
#: "afraid of dogs"): another adjective drawn at random does not take them.
_ADJ_COMPLEMENTS = frozenset({"xcomp", "ccomp", "pcomp", "prep", "npadvmod", "dobj", "advcl"})
#: Adjectives that work as prepositions: their complement is part of them ("worth it").
_PREPOSITION_LIKE = frozenset({"worth", "like", "unlike", "due", "near", "opposite"})


def bare_pobj(tok: Token) -> bool:
    """``tok`` is a bare singular noun after a preposition ("put her mind at ease", "in love", "by
    hand"): a set phrase, whose noun no other noun replaces."""
    return (
        tok.dep_ == "pobj"
        and tok.tag_ == "NN"
        and not any(c.dep_ in ("det", "poss", "amod", "compound", "nummod") for c in tok.children)
    )


def slot_kept(tok: Token) -> bool:
    """Any other word of ``tok``'s form (UNION's corpus draws) may stand in its place: a verb keeps
    its frame (:func:`frame_kept`), an adjective has no complement ("something worth living for"
    -> "incredible living for") and is no preposition-like "worth", a noun is no bare noun of a set
    phrase (:func:`bare_pobj`)."""
    if tok.pos_ == "VERB":
        return frame_kept(tok)
    if tok.pos_ == "ADJ":
        return tok.lemma_.lower() not in _PREPOSITION_LIKE and not any(c.dep_ in _ADJ_COMPLEMENTS for c in tok.children)
    if tok.pos_ == "NOUN":
        return not bare_pobj(tok)
    return True


def complements_ok(tok: Token, lemma: str, new_lemma: str) -> bool:
    """The replacement fits ``tok``'s dependents (verbs and adjectives; other words always): a
    verb also keeps its frame (:func:`frame_kept`) and, with a direct object, is replaced only by
    a verb taking one (:func:`object_ok`)."""
    if tok.pos_ == "VERB":
        if any(t.lower_ in _POLARITY for t in tok.subtree):
            return False  # "forgot to bring any" -> "remembered to bring any"
        return frame_kept(tok) and object_ok(tok, new_lemma) and xcomp_ok(tok, lemma, new_lemma)
    if tok.pos_ == "ADJ":
        return adjective_ok(tok, lemma, new_lemma)
    return True
