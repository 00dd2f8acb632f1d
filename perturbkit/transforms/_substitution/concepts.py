"""Concepts for ``conceptnet_substitution``: neighbouring concepts of a noun or verb (an antonym,
or a sibling under IsA: "halloween" -> "christmas"), from any relation provider
(``perturbkit.resources.conceptnet``: a ConceptNet DB or edge file, else WordNet's antonyms and
co-hyponyms), kept to common words of the same part of speech."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ...annotation import token_columns, token_strings
from ...resources.lexicons import table
from .antonyms import WN_POS, antonyms_of, blocked_antonyms, main_pos_of, sense_share

if TYPE_CHECKING:
    from spacy.tokens import Doc

COMMONSENSE_POS = ("NOUN", "VERB")
#: The relations a replacement may come from, per part of speech (verb "siblings" under IsA are
#: rarely an alternative a reader would recognise: "felt" -> "induced").
RELATIONS = {"NOUN": ("Antonym", "CoHyponym"), "VERB": ("Antonym",)}
#: WordNet lexicographer files of concrete, countable things whose siblings make a clear
#: commonsense swap ("dog" -> "cat", "halloween" -> "christmas", "bike" -> "car").
CONCRETE = frozenset({"noun.animal", "noun.artifact", "noun.food", "noun.plant", "noun.time"})
#: Minimum share of a noun's tagged uses its first WordNet sense must cover (so that "bank" the
#: slope is not taken for "bank" the business), minimum SemCor count of both words in those
#: senses (words readers know, in senses WordNet has seen: not "circuitry", "dooryard"), and
#: minimum depth of the shared ancestor within two levels, per lexicographer file (so that
#: "protective covering" does not make "roof" and "armor" siblings, nor "box" mailbox and coffin,
#: while "seat" makes chair and stool ones and "carnivore" cat and dog).
MIN_SENSE_SHARE = 0.6
MIN_COUNT = 3
MIN_PARENT_DEPTH = {"noun.artifact": 8, "noun.animal": 9, "noun.food": 5, "noun.plant": 6, "noun.time": 5}


@functools.lru_cache(maxsize=1)
def blocked_siblings() -> frozenset[tuple[str, str]]:
    """Co-hyponym pairs that make no commonsense swap in stories (both directions): the same
    thing to a reader ("door"/"gate"), or a sense the story does not mean ("years"/"teens")."""
    out = set()
    for r in table("siblings_blocked.tsv"):
        a, b = r["word"].lower(), r["sibling"].lower()
        out.update({(a, b), (b, a)})
    return frozenset(out)


def _ancestors(synset, levels: int = 2) -> set:
    out, frontier = set(), [synset]
    for _ in range(levels):
        frontier = [h for s in frontier for h in s.hypernyms() + s.instance_hypernyms()]
        out.update(frontier)
    return out


@functools.lru_cache(maxsize=8192)
def siblings_ok(lemma: str, other: str, checked: bool = True) -> bool:
    """Both nouns' most frequent WordNet senses are concrete things of the same kind (not
    synonyms). With ``checked`` (siblings proposed by WordNet itself, which knows rare senses),
    they must also be common words sharing a close ancestor, so that the sibling is the one a
    reader thinks of; a ConceptNet provider's IsA edges are trusted for that part."""
    from ...resources.wordnet import wordnet

    wn = wordnet()
    sa, sb = wn.first_synset(lemma, "n"), wn.first_synset(other, "n")
    if sa is None or sb is None:
        return False
    if sa == sb or other in {l.name().lower() for l in sa.lemmas()}:
        return False  # a synonym ("photo" -> "picture"), not a different thing
    if sa.lexname() not in CONCRETE or sb.lexname() != sa.lexname():
        return False
    if not checked:
        return True
    _, share, count = sense_share(wn, lemma, "n")
    if share < MIN_SENSE_SHARE or count < MIN_COUNT or sense_share(wn, other, "n")[2] < MIN_COUNT:
        return False
    if sb in _ancestors(sa) or sa in _ancestors(sb):
        return False  # a kind of the other ("dog" -> "animal"), not a sibling
    shared = _ancestors(sa) & _ancestors(sb)
    depth = MIN_PARENT_DEPTH[sa.lexname()]
    return any(p.min_depth() >= depth and "unit" not in p.name() for p in shared)


@functools.lru_cache(maxsize=8192)
def concept_neighbours(provider, lemma: str, upos: str) -> tuple[tuple[str, str], ...]:
    """(word, relation) neighbours of ``lemma`` usable as replacements: single common words that
    WordNet knows mainly as the same part of speech, never the word itself or a blocked pair.
    Memoised per (provider, lemma, POS): the WordNet checks behind it dominate the run time."""
    blocked = blocked_antonyms() | blocked_siblings()
    out: list[tuple[str, str]] = []
    seen = {lemma}
    for rel in RELATIONS.get(upos, ()):
        if rel == "Antonym":  # vetted: the project's lexicon, WordNet's dominant sense, ConceptNet
            vetted = None if getattr(provider, "name", "") == "wordnet" else provider
            words = [a for a, _ in antonyms_of(lemma, upos, vetted)]
        else:
            words = provider.neighbours(lemma, [rel], pos=upos)
        for w in words:
            if w in seen or not w.isalpha() or (lemma, w) in blocked:
                continue
            seen.add(w)
            if main_pos_of(w) != WN_POS[upos]:
                continue
            from_wordnet = getattr(provider, "name", "") == "wordnet"
            if rel == "CoHyponym" and not siblings_ok(lemma, w, checked=from_wordnet):
                continue
            out.append((w, rel))
    return out


def _content_lemmas(doc: Doc) -> set[str]:
    cols, pos = token_columns(doc), token_strings(doc)["pos"]
    return {
        lem
        for lem, p, alpha, stop in zip(cols["lemma"], pos, cols["IS_ALPHA"], cols["IS_STOP"])
        if p in ("NOUN", "VERB", "ADJ") and alpha and not stop
    }


def has_concept_edge(doc: Doc, provider) -> bool:
    """The story has two content lemmas joined by an edge of the provider (any relation)."""
    lemmas = _content_lemmas(doc)
    for lem in lemmas:
        if not provider.has(lem):
            continue
        for h, _, t in provider.edges(lem):
            other = t if h == lem else h
            if other != lem and other in lemmas:
                return True
    return False
