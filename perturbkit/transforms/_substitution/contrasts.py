"""Where an antonym or a contrasting concept fits the sentence (``antonym``,
``adjective_antonym``, ``conceptnet_substitution``): the complements both words take
(:mod:`.frames`), and uses where the word is part of an idiom, so its opposite would not be an
opposite but a broken phrase ("things went black" -> "went white", "why in the hell" -> "why in
the heaven", "a good amount" -> "a bad amount", "a big deal" -> "a small deal")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .adjective_words import ADJ_NOUN_IDIOMS, ADJ_NOUN_VERB_IDIOMS
from .frames import bare_pobj, complements_ok, contact_object_ok

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Verbs whose adjective complement makes an idiom of change: "went black" (fainted), "went
#: mad", "went quiet", "went bad": "went white" is not the opposite of "went black".
_IDIOM_COPULAS = frozenset({"go"})
#: Adjective + noun idioms an antonym breaks, beside those shared with the synonym checks
#: (:data:`~.adjective_words.ADJ_NOUN_IDIOMS`): "a good amount" is "a large amount", not the
#: opposite of "a bad amount"; "a real vibe", "the real deal".
_ANTONYM_ADJ_NOUN_IDIOMS = {
    "good": frozenset(
        {
            "amount",
            "deal",
            "while",
            "chunk",
            "number",
            "bit",
            "portion",
            "part",
            "few",
            "many",
            "sport",
            "hope",
            "hopes",
        }
    ),
    "real": frozenset({"deal", "thing", "life", "world", "name", "reason", "problem", "story", "vibe"}),
    "dead": frozenset({"end", "center", "silence", "serious", "giveaway", "heat", "weight"}),
    "hot": frozenset({"dog", "spot", "seat", "topic", "mess", "water", "tub", "sauce", "shot", "streak"}),
    "cold": frozenset({"feet", "shoulder", "war", "case", "turkey", "call", "water", "sweat", "blood"}),
    "fat": frozenset({"camp", "chance", "lot"}),
    "open": frozenset({"house", "mind", "air", "book", "question"}),
    "high": frozenset({"school", "way", "time", "hope", "hopes"}),
    "long": frozenset({"run", "shot", "way", "story"}),
    "short": frozenset({"notice", "story", "cut"}),
}
#: Nouns that are mostly oaths or intensifiers, not places or things ("what the hell",
#: "for heaven's sake", "a hell of a time"): replaced only as plain arguments without "the".
_OATHS = frozenset({"hell", "heaven", "god", "devil"})


#: Antonyms that are opposites only of the sense the word has for a person: "he was healthy" ->
#: "sick", but "healthy muffins" -> "sick muffins" is the wrong sense. Used only predicatively
#: of a person (:data:`_PERSONS`, or a name).
_PERSON_SENSE = frozenset({("healthy", "sick"), ("healthy", "ill")})
_PERSONS = frozenset({"i", "he", "she", "we", "you", "me", "him", "her", "us"})


def _of_a_person(tok: Token) -> bool:
    """``tok`` is a predicative adjective whose subject is a person ("he was healthy")."""
    if tok.dep_ != "acomp":
        return False
    subj = next((c for c in tok.head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    return subj is not None and (subj.lower_ in _PERSONS or subj.pos_ == "PROPN")


#: Words before an adjective that make a fixed phrase with it: "brand new" ("brand old").
_FIXED_BEFORE = {"new": frozenset({"brand"})}


def _new_phrase(tok: Token, new_lemma: str) -> bool:
    """The opposite would form a multiword expression of its own with the noun it modifies
    ("harsh white light" -> "black light", a lamp), so it reads as another thing."""
    from ...transform.site_checks import is_multiword

    if tok.pos_ != "ADJ" or tok.dep_ != "amod" or tok.head.i != tok.i + 1:
        return False
    return is_multiword((new_lemma, tok.head.lemma_.lower()), "NOUN")


def _in_idiom(tok: Token, lemma: str) -> bool:
    """The word is half of an idiom its opposite would break (see the module doc)."""
    prev = tok.doc[tok.i - 1].lower_ if tok.i > 0 else ""
    if prev in _FIXED_BEFORE.get(lemma, ()):
        return True
    if tok.dep_ == "acomp" and tok.head.lemma_.lower() in _IDIOM_COPULAS:
        return True
    if tok.pos_ == "ADJ" and tok.dep_ == "amod":
        noun = tok.head.lemma_.lower()
        if noun in ADJ_NOUN_IDIOMS.get(lemma, ()) or noun in _ANTONYM_ADJ_NOUN_IDIOMS.get(lemma, ()):
            return True
        if (lemma, noun, tok.head.head.lemma_.lower()) in ADJ_NOUN_VERB_IDIOMS:
            return True
    if tok.pos_ == "NOUN" and bare_pobj(tok):
        return True  # "put her mind at ease" -> "at difficulty"
    if tok.pos_ == "NOUN" and lemma in _OATHS:
        doc = tok.doc
        nxt = doc[tok.i + 1].lower_ if tok.i + 1 < len(doc) else ""
        if any(c.dep_ == "det" for c in tok.children) or nxt in ("of", "'s", "yeah", "yes", "no"):
            return True
        if tok.dep_ not in ("pobj", "dobj", "nsubj", "attr"):
            return True
    return False


def antonym_fits(tok: Token, lemma: str, new_lemma: str) -> bool:
    """``new_lemma`` may replace ``tok`` (lemma ``lemma``) as its opposite: it takes the word's
    complements (:func:`~.frames.complements_ok`), an opposite of physical contact acts on a thing
    one handles (:func:`~.frames.contact_object_ok`: not "fixed the errors" -> "broke the errors")
    and the word is not part of an idiom."""
    if (lemma, new_lemma) in _PERSON_SENSE and not _of_a_person(tok):
        return False
    return (
        complements_ok(tok, lemma, new_lemma)
        and contact_object_ok(tok, lemma, new_lemma)
        and not _in_idiom(tok, lemma)
        and not _new_phrase(tok, new_lemma)
    )


#: WordNet noun classes for which "new" means "newly arrived", not "not old" ("a new puppy", "the
#: new kid"): "an old puppy" is the wrong sense.
_NEWCOMER_CLASSES = frozenset({"noun.animal", "noun.person"})
#: Verb antonyms that lose the verb's complement: "filled the tortilla with beans" -> "emptied the
#: tortilla with beans".
_WITH_FRAMES = frozenset({("fill", "empty"), ("empty", "fill"), ("load", "unload"), ("cover", "uncover")})


def _noun_class(lemma: str) -> str | None:
    """The WordNet class of ``lemma``'s most frequent noun sense (None without WordNet)."""
    try:
        from ...resources.wordnet import wordnet

        synsets = wordnet().synsets(lemma, "n")
    except Exception:  # no WordNet here: no class, no decline
        return None
    return synsets[0].lexname() if synsets else None


def antonym_garbles(tok: Token, new_lemma: str) -> bool:
    """The opposite would garble the sentence rather than contradict the story: it repeats a
    neighbouring word ("found a lost demo tape" -> "lost a lost demo tape"), reads "new" of a
    newcomer as "not old" ("a new puppy" -> "an old puppy"), or strands the verb's "with"
    complement ("filled the tortilla with beans" -> "emptied ...")."""
    from ...resources.inflect import all_inflections

    doc = tok.doc
    written = {new_lemma}.union(*all_inflections(new_lemma, tok.pos_).values())
    lo, hi = max(0, tok.i - 3), min(len(doc), tok.i + 4)
    if any(doc[j].lemma_.lower() == new_lemma or doc[j].lower_ in written for j in range(lo, hi) if j != tok.i):
        return True
    if tok.lemma_.lower() == "new" and tok.dep_ == "amod" and _noun_class(tok.head.lemma_.lower()) in _NEWCOMER_CLASSES:
        return True
    pair = (tok.lemma_.lower(), new_lemma)
    return pair in _WITH_FRAMES and any(c.dep_ == "prep" and c.lower_ == "with" for c in tok.children)
