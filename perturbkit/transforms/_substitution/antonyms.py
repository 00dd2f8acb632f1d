"""Antonyms for the substitution transforms: the project's lexicon, WordNet's most frequent
sense, and (with a provider) ConceptNet, in that order of trust."""

from __future__ import annotations

import functools

from ...resources.lexicons import table
from ...resources.wordnet import lemma_count, tag_count, tag_counts

#: spaCy UPOS -> WordNet POS letter.
WN_POS = {"NOUN": "n", "VERB": "v", "ADJ": "a", "ADV": "r"}


def provider(spec: str | None):
    """The ConceptNet provider for an explicit path/spec, or None (ConceptNet not used)."""
    if spec is None:
        return None
    from ...resources.conceptnet import get_provider

    return get_provider(spec)


@functools.lru_cache(maxsize=1)
def lexicon_antonyms() -> dict[tuple[str, str], tuple[str, ...]]:
    """(lemma, UPOS) -> antonyms, from ``antonyms.tsv`` (both directions where ``dir`` is <>)."""
    out: dict[tuple[str, str], list[str]] = {}
    for r in table("antonyms.tsv"):
        w, a, pos = r["word"].lower(), r["antonym"].lower(), r["pos"]
        out.setdefault((w, pos), []).append(a)
        if r["dir"] == "<>":
            out.setdefault((a, pos), []).append(w)
    return {k: tuple(dict.fromkeys(v)) for k, v in out.items()}


@functools.lru_cache(maxsize=1)
def blocked_antonyms() -> frozenset[tuple[str, str]]:
    """WordNet antonym pairs that are wrong in stories (both directions)."""
    out = set()
    for r in table("antonyms_blocked.tsv"):
        a, b = r["word"].lower(), r["antonym"].lower()
        out.update({(a, b), (b, a)})
    return frozenset(out)


def sense_share(wn, lemma: str, pos: str) -> tuple[object | None, float, int]:
    """The first (most frequent) synset of ``lemma``, the share of the lemma's tagged uses it
    covers, and its count there (WordNet's SemCor counts)."""
    offsets = wn.offsets(lemma, pos)
    if not offsets:
        return None, 0.0, 0
    counts = [tag_count(wn, lemma, p, o) for p, o in offsets]  # no synset read for the counts
    total = sum(counts)
    return wn.synset_from_pos_and_offset(*offsets[0]), (counts[0] / total if total else 0.0), counts[0]


@functools.lru_cache(maxsize=8192)
def wordnet_antonyms(lemma: str, upos: str) -> tuple[str, ...]:
    """Direct WordNet antonyms of ``lemma`` in its most frequent sense for ``upos``.

    Both words must be attested in that sense (SemCor count >= 1), single words, and not in the
    project's blocked list; the sense must cover at least a third of the word's tagged uses.
    """
    from ...resources.wordnet import wordnet

    pos = WN_POS.get(upos)
    if pos is None:
        return ()
    wn = wordnet()
    first, share, count = sense_share(wn, lemma, pos)
    if first is None or count < 1 or share < 1 / 3:
        return ()
    out = []
    blocked = blocked_antonyms()
    for lem in first.lemmas():
        if lem.name().lower() != lemma:
            continue
        for ant in lem.antonyms():
            name = ant.name().lower()
            if not name.isalpha() or lemma_count(ant) < 1 or (lemma, name) in blocked:
                continue
            if upos == "NOUN" and name.endswith(lemma):
                continue  # "inexperience", "nonmember": abstract prefix nouns read badly
            out.append(name)
    return tuple(dict.fromkeys(out))


def conceptnet_antonyms(provider, lemma: str, upos: str) -> tuple[str, ...]:
    """ConceptNet antonyms of ``lemma`` that WordNet knows mainly as the same part of speech."""
    if provider is None:
        return ()
    pos = WN_POS.get(upos)
    if pos is None:
        return ()
    blocked = blocked_antonyms()
    out = []
    for a in provider.antonyms(lemma, pos=upos):
        a = a.lower()
        if not a.isalpha() or a in (lemma, lemma[::-1]) or (lemma, a) in blocked:
            continue  # ConceptNet's crowd-sourced antonyms include "dog" -> "god"
        if main_pos_of(a) == pos:
            out.append(a)
    return tuple(dict.fromkeys(out))


@functools.lru_cache(maxsize=8192)
def main_pos_of(lemma: str) -> str | None:
    """Cached :func:`main_pos` on the installed WordNet."""
    from ...resources.wordnet import wordnet

    return main_pos(wordnet(), lemma)


def main_pos(wn, lemma: str) -> str | None:
    """The WordNet POS in which ``lemma`` is most often used (by SemCor counts), or None."""
    best, most = None, 0
    for pos in ("n", "v", "a", "r"):
        c = sum(tag_counts(wn, lemma, pos))
        if c > most:
            best, most = pos, c
    return best


def antonyms_of(lemma: str, upos: str, provider=None) -> list[tuple[str, str]]:
    """(antonym, source) pairs for ``lemma`` as ``upos``: the lexicon first, then WordNet, then
    ConceptNet (only with a provider). Sources are "lexicon", "wordnet" and "conceptnet"."""
    lemma = lemma.lower()
    lex = lexicon_antonyms().get((lemma, upos))
    if lex:
        return [(a, "lexicon") for a in lex]
    wn = wordnet_antonyms(lemma, upos)
    if wn:
        return [(a, "wordnet") for a in wn]
    return [(a, "conceptnet") for a in conceptnet_antonyms(provider, lemma, upos)]


def is_antonym_pair(a: str, b: str, upos: str, provider=None) -> bool:
    """True if ``b`` is an antonym of ``a`` in the resource :func:`antonyms_of` uses."""
    return b.lower() in {x for x, _ in antonyms_of(a, upos, provider)}
