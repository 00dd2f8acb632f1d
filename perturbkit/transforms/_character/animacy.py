"""Who in a story can be a character: people and animals, told from the parse (personal pronouns,
names, masked names) and WordNet (the most frequent sense of a noun is a person or an animal).
``subject_object_swap`` only swaps two characters: a person swapped with a thing ("the egg tossed
joe") is nonsense, not a mix-up of who did what to whom."""

from __future__ import annotations

import functools

from ...annotation import doc_text
from .._discourse.coref import FEMALE_NOUNS, MALE_NOUNS, PERSON_NOUNS
from .._persons import MASKED, name_gender, pronoun_case
from .names import is_common_word

# WordNet lexicographer files of characters (the most frequent noun sense)
ANIMATE = frozenset({"noun.person", "noun.animal"})
# personal pronouns that surely name a character ("it" never; "they/them" is as often a thing)
_CHARACTER_PRONOUNS = frozenset({"1s", "1p", "2", "3m", "3f"})
# nouns whose first WordNet sense is a person or animal but which a story uses for a thing or a
# part of someone ("before I left my soul", "the egg tossed joe")
_NOT_CHARACTERS = frozenset("soul egg eggs spirit self heart ghost shadow model type".split())
# person nouns WordNet lacks or files elsewhere ("coworker")
_PEOPLE = MALE_NOUNS | FEMALE_NOUNS | (PERSON_NOUNS - {"family", "team", "class", "crowd"})


@functools.lru_cache(maxsize=8192)
def noun_lexname(lemma: str) -> str | None:
    """The WordNet lexicographer file of ``lemma``'s most frequent noun sense ("mom" ->
    "noun.person"), or None (unknown word, or WordNet not installed)."""
    from ...resources.wordnet import ResourceMissing, wordnet

    try:
        first = wordnet().first_synset(lemma, "n")
    except ResourceMissing:
        return None
    return first.lexname() if first is not None else None


def is_character(tok) -> bool:
    """True when the noun phrase headed by ``tok`` surely names a person or an animal: a personal
    pronoun other than it/they, a masked name, a PERSON entity or gendered first name (lower-cased
    names of the released corpora too), or a noun whose most frequent sense is a person/animal."""
    if tok.tag_ == "PRP":
        pc = pronoun_case(tok)
        return pc is not None and pc[0] in _CHARACTER_PRONOUNS
    if tok.pos_ == "X":
        return bool(MASKED.search(doc_text(tok.doc)[max(0, tok.idx - 1) : tok.idx + len(tok.text) + 1]))
    if tok.ent_type_ == "PERSON" or (name_gender(tok.text) and not is_common_word(tok.text)):
        return True
    if tok.pos_ not in ("NOUN", "PROPN"):
        return False
    lemma = tok.lemma_.lower()
    compound = [c.lower_ for c in tok.children if c.dep_ == "compound"]
    if compound:  # "my corn dog": the compound's own sense (not a character when WordNet lacks it)
        return noun_lexname("_".join([*compound, lemma])) in ANIMATE
    if lemma in _NOT_CHARACTERS or tok.lower_ in _NOT_CHARACTERS:
        return False
    return lemma in _PEOPLE or noun_lexname(lemma) in ANIMATE
