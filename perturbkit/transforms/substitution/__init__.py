"""Word substitution: antonyms, synonyms, adjective replacement (RoMe), UNION's keyword
substitution, ConceptNet concepts (OpenMEVA's commonsense test), random corpus words (OpenMEVA's
relatedness test) and mask tokens (RoMe's masked words: TextAttack's attack on RoMe showed that
metrics built on embeddings can score a story with words masked out close to the original).

The lexicon-driven ones are :class:`~perturbkit.transform.substitution.WordSubstitution`
subclasses: they replace single content words, keep the original's inflection ("agreed" ->
"disagreed", "happier" -> "sadder") and capitalisation, fix a preceding "a"/"an", and skip stop
words, names, entities, masks ([MALE]), parts of compounds and fixed expressions ("fell asleep").
Senses are never guessed from context: a word is replaced only through its most frequent
WordNet sense, and only when that sense dominates the word's uses.

One module per source of replacements: :mod:`.lexical` (WordNet antonyms and synonyms),
:mod:`.keywords` (UNION), :mod:`.concepts` (ConceptNet), :mod:`.corpus_words` (random corpus
words), :mod:`.masks` (mask tokens); the helpers they share are in ``.._substitution``.
"""

from __future__ import annotations

from .concepts import ConceptNetSubstitution
from .corpus_words import RandomWordReplacement
from .keywords import KeywordSubstitution
from .lexical import AdjectiveAntonym, AdjectiveSynonym, Antonym, Synonym
from .masks import MaskWords

__all__ = [
    "AdjectiveAntonym",
    "AdjectiveSynonym",
    "Antonym",
    "ConceptNetSubstitution",
    "KeywordSubstitution",
    "MaskWords",
    "RandomWordReplacement",
    "Synonym",
]
