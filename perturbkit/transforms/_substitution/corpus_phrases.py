"""Fixed phrases ``random_word_replacement`` reads from its corpus, where WordNet has no entry
(round 112: ROC 16/20, WP 17/20):

- :func:`collocations`: an adjective and the noun right after it that the corpus pairs far more
  often than chance (:data:`MIN_PMI`, at least :data:`MIN_PAIR` times): "full speed" (roc-2070:
  "hit walton full speed" -> "full golf"), "creative writing" (wp-1086: -> "creative
  completion"), "serial killer", "solar system"; or, for a corpus too small to show it, that
  WordNet's glosses and examples pair so (:func:`gloss_collocations`: "at full speed", "creative
  writing valued for esthetic content"), for a bare singular noun only (the glosses pair free
  words too: "a female voice", "a busy street"), or a fixed pair (:func:`fixed_pair`, round 123:
  "a nervous wreck", or a WordNet multiword noun for a predicate noun: "he was a wet blanket").
  The noun of such a pair is never replaced;
- :func:`phrase_bound_nouns`: nouns the corpus uses only inside one fixed phrase, at least
  :data:`MIN_BOUND` times and in :data:`BOUND_SHARE` of their uses after the same word (after the
  same two when that word is an article or a possessive): "to no avail", "in the midst", "on the
  verge", "under the guise". They are never drawn as a replacement (wp-549: "His cigarette glowed"
  -> "His avail glowed").
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...annotation import token_columns, token_strings
from ...resources import filecache

if TYPE_CHECKING:
    from spacy.tokens import Doc

#: Pointwise mutual information (natural log) of an adjective and noun pair at or above which it
#: is a collocation: on ROC and WP dev "full speed" 4.4, "hot dog" 3.9, "high school" 5.1,
#: "creative writing" 7.6, against "good idea" 2.0, "new job" 2.3, "long time" 2.9, "great night" -0.2.
MIN_PMI = 4.0
MIN_PAIR = 2
MIN_BOUND = 3
BOUND_SHARE = 0.8
_ARTICLES = frozenset("the a an my your his her its our their this that".split())

Collocations = frozenset[tuple[str, str]]


def collocations(docs: Iterable[Doc]) -> Collocations:
    """(adjective lemma, noun lemma) pairs of the corpus, the adjective right before the noun it
    modifies, seen :data:`MIN_PAIR` times with a PMI of at least :data:`MIN_PMI`."""
    pairs: Counter[tuple[str, str]] = Counter()
    adjs: Counter[str] = Counter()
    nouns: Counter[str] = Counter()
    for doc in docs:
        strs, cols = token_strings(doc), token_columns(doc)
        pos, dep, head, lemma = strs["pos"], strs["dep"], cols["HEAD"], cols["lemma"]
        for i, p in enumerate(pos):
            if p == "NOUN":
                nouns[lemma[i]] += 1
                if i > 0 and dep[i - 1] == "amod" and head[i - 1] == i:
                    pairs[lemma[i - 1], lemma[i]] += 1
                    adjs[lemma[i - 1]] += 1
    total = sum(nouns.values())
    return frozenset(
        (a, n) for (a, n), c in pairs.items() if c >= MIN_PAIR and math.log(c * total / (adjs[a] * nouns[n])) >= MIN_PMI
    )


_GLOSS_SPLIT = re.compile(r'[;:"(),.!?]')
_GLOSS_WORD = re.compile(r"[a-z][a-z'-]*")


def _gloss_pairs(files: list) -> list[str]:
    """Word pairs ("full speed") of WordNet's glosses and examples, seen :data:`MIN_PAIR` times
    with a PMI of at least :data:`MIN_PMI` over the glosses' words."""
    pairs: Counter[tuple[str, str]] = Counter()
    words: Counter[str] = Counter()
    for path in files:
        with open(path, encoding="latin-1") as fh:
            for line in fh:
                if line.startswith("  ") or "|" not in line:
                    continue  # the licence header
                for part in _GLOSS_SPLIT.split(line.split("|", 1)[1].lower()):
                    w = _GLOSS_WORD.findall(part)
                    words.update(w)
                    pairs.update(zip(w, w[1:]))
    total = sum(words.values())
    return sorted(
        f"{a} {b}"
        for (a, b), c in pairs.items()
        if c >= MIN_PAIR and math.log(c * total / (words[a] * words[b])) >= MIN_PMI
    )


@functools.cache
def gloss_collocations() -> frozenset[str]:
    """Word pairs WordNet's glosses make collocations ("full speed", "creative writing"), read
    once and kept in perturbkit's cache."""
    from ...resources.config import cache_dir
    from ...resources.wordnet import wordnet

    root = wordnet().root
    files = [root / f"data.{p}" for p in ("noun", "verb", "adj", "adv")]
    path = filecache.keyed_path(cache_dir("wordnet"), "gloss-pairs", files, MIN_PAIR, MIN_PMI)
    found = filecache.load(path)
    if found is None:
        found = _gloss_pairs(files)
        filecache.save(path, found)
    return frozenset(found)


def in_collocation(doc: Doc, i: int, pairs: Collocations) -> bool:
    """Noun ``i`` and the adjective right before it that modifies it are one of ``pairs`` (by
    lemmas) or, for a bare singular noun ("full speed", "last night"; not "a female voice"), of
    :func:`gloss_collocations` (by words or lemmas)."""
    cols, strs = token_columns(doc), token_strings(doc)
    if i == 0 or strs["dep"][i - 1] != "amod" or cols["HEAD"][i - 1] != i:
        return False
    lemma, lower = cols["lemma"], cols["lower"]
    if (lemma[i - 1], lemma[i]) in pairs or fixed_pair(lower[i - 1], lower[i], lemma[i], strs["dep"][i] == "attr"):
        return True
    if strs["tag"][i] != "NN" or any(strs["dep"][k] in ("det", "poss") for k in strs["children"][i]):
        return False  # glosses pair free words too ("a female voice"): only a bare noun's pair is a phrase
    glossed = gloss_collocations()
    return f"{lower[i - 1]} {lower[i]}" in glossed or f"{lemma[i - 1]} {lemma[i]}" in glossed


#: Adjective and noun idioms WordNet has no entry for, said of a person ("a nervous wreck", round
#: 123: -> "a nervous wall"); their noun is a figure, not a thing of the story.
_IDIOMS = frozenset(
    "nervous wreck,basket case,hot mess,sore loser,tall order,close call,fat chance,cold feet".split(",")
)


@functools.lru_cache(maxsize=8192)
def fixed_pair(adj: str, word: str, lemma: str, predicate: bool = False) -> bool:
    """``adj`` and the noun (``word``, lemma ``lemma``) are one fixed phrase: one of
    :data:`_IDIOMS` ("nervous wreck") or, for a ``predicate`` noun ("he was a wet blanket"; not "an
    old man" in a scene), a WordNet multiword noun ("wet blanket", "dark horse")."""
    from ...resources.wordnet import wordnet

    if f"{adj} {word}" in _IDIOMS or f"{adj} {lemma}" in _IDIOMS:
        return True
    if not predicate:
        return False
    wn = wordnet()
    return bool(wn.offsets(f"{adj}_{word}", "n") or wn.offsets(f"{adj}_{lemma}", "n"))


def phrase_bound_nouns(docs: Iterable[Doc]) -> frozenset[str]:
    """Lemmas of the nouns the corpus uses only in one fixed phrase (see the module doc)."""
    seen: dict[str, Counter[tuple[str, ...]]] = {}
    for doc in docs:
        strs, cols = token_strings(doc), token_columns(doc)
        pos, lower, lemma = strs["pos"], cols["lower"], cols["lemma"]
        for i, p in enumerate(pos):
            if p != "NOUN" or i == 0:
                continue
            before = lower[i - 1]
            ctx = (lower[i - 2], before) if before in _ARTICLES and i > 1 else (before,)
            seen.setdefault(lemma[i], Counter())[ctx] += 1
    out = set()
    for lem, c in seen.items():
        n = sum(c.values())
        if n >= MIN_BOUND and c.most_common(1)[0][1] >= BOUND_SHARE * n:
            out.add(lem)
    return frozenset(out)
