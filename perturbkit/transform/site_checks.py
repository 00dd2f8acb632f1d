"""Checks on a word before a targeted edit replaces it: the parse agrees with itself about the
word, and the word is not part of a multiword expression.

- :func:`parse_agrees`: the tag, the dependency label and the head say the same thing. "saw the
  woman open packages" is parsed with "open" as an adjective modifying "packages" that has a
  subject ("woman"): an adjective has no subject, so the parse is wrong and "open" -> "closed"
  would be too;
- :func:`in_multiword`: the word and its neighbour (or its object) form a WordNet multiword
  expression ("hot dog", "high school", "lose weight", "take off"), so replacing one half breaks
  the expression ("cold dog");
- :func:`multiword_prefix`, :func:`single_prefix`: some WordNet entry begins with these words or
  letters, so a scan for entries spelled by adjacent words (``mask_words``) looks further only then.

>>> parse_agrees(doc, i)                 # doctest: +SKIP
False
>>> in_multiword(doc, i)                 # "hot" in "a hot dog"   # doctest: +SKIP
True
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..annotation import token_columns, token_strings

if TYPE_CHECKING:
    from spacy.tokens import Doc

#: Dependency labels no adjective, verb or noun takes in a sound parse of that part of speech.
_NOT_ADJ_DEPS = frozenset({"nsubj", "nsubjpass", "dobj", "aux", "auxpass", "det"})
_NOMINAL_DEPS = frozenset({"amod", "compound", "nsubj", "nsubjpass", "dobj", "pobj", "attr", "det", "poss"})
_NOUN_BAD_DEPS = frozenset({"amod", "advmod", "aux", "auxpass", "acomp", "neg", "prt", "det"})
_WN_POS = {"NOUN": "n", "VERB": "v", "ADJ": "a", "ADV": "r"}


def parse_agrees(doc: Doc, i: int) -> bool:
    """The parse of token ``i`` is consistent: its Penn tag matches its part of speech, and its
    dependency label, head and dependents are ones that part of speech has (an adjective
    modifies a noun and has no subject or object; a verb does not stand in a noun's slot; a
    noun does not modify like an adjective)."""
    strs = token_strings(doc)
    pos, tag, dep, kids = strs["pos"], strs["tag"], strs["dep"], strs["children"]
    head = token_columns(doc)["HEAD"][i]
    p, t, d = pos[i], tag[i], dep[i]
    kid_deps = {dep[k] for k in kids[i]}
    if p == "ADJ":
        if not t.startswith("JJ") or kid_deps & _NOT_ADJ_DEPS:
            return False
        if d == "amod":
            return pos[head] in ("NOUN", "PROPN") and head > i or pos[head] == "PRON"
        if d == "acomp":
            return pos[head] in ("VERB", "AUX")
        return True
    if p == "VERB":
        return t.startswith("VB") and d not in _NOMINAL_DEPS and "det" not in kid_deps
    if p == "NOUN":
        return t in ("NN", "NNS") and d not in _NOUN_BAD_DEPS
    if p == "ADV":
        return t.startswith("RB")
    return True


@functools.lru_cache(maxsize=65536)
def is_multiword(words: tuple[str, ...], pos: str | None = None) -> bool:
    """``words`` joined with "_" are a WordNet entry (of ``pos``, a spaCy UPOS, when given)."""
    from ..resources.wordnet import wordnet

    wn_pos = _WN_POS.get(pos) if pos else None
    return bool(wordnet().offsets("_".join(words), wn_pos))


@functools.lru_cache(maxsize=65536)
def multiword_prefix(words: tuple[str, ...]) -> bool:
    """Some WordNet entry begins with ``words`` and goes on ("back", "and" of "back_and_forth"):
    a scan for multiword entries looks further only then."""
    from ..resources.wordnet import wordnet

    return wordnet().has_prefix("_".join(words) + "_")


@functools.lru_cache(maxsize=65536)
def single_prefix(start: str) -> bool:
    """Some WordNet entry begins with the letters ``start`` ("godfor" of "godforsaken")."""
    from ..resources.wordnet import wordnet

    return wordnet().has_prefix(start)


def in_multiword(doc: Doc, i: int) -> bool:
    """Token ``i`` is half of a WordNet multiword expression with a neighbour it is linked to:
    an adjective or noun with the noun it modifies or is modified by ("hot dog", "high school"),
    a verb with the next word or its object ("take off", "lose weight")."""
    cols, strs = token_columns(doc), token_strings(doc)
    lemma, lower, head = cols["lemma"], cols["lower"], cols["HEAD"]
    pos, dep, kids = strs["pos"], strs["dep"], strs["children"]
    n = len(lemma)
    p = pos[i]
    pairs: list[tuple[tuple[str, str], str]] = []
    if p in ("ADJ", "NOUN") and i + 1 < n and head[i] == i + 1:
        pairs.append(((lemma[i], lemma[i + 1]), "NOUN"))
        pairs.append(((lower[i], lower[i + 1]), "NOUN"))
    if p == "NOUN" and i > 0 and head[i - 1] == i and pos[i - 1] in ("ADJ", "NOUN", "VERB"):
        pairs.append(((lemma[i - 1], lemma[i]), "NOUN"))
        pairs.append(((lower[i - 1], lower[i]), "NOUN"))
    if p == "VERB":
        if i + 1 < n and pos[i + 1] in ("ADP", "ADV", "PART", "ADJ", "NOUN"):
            pairs.append(((lemma[i], lemma[i + 1]), "VERB"))
        for k in kids[i]:
            if dep[k] in ("dobj", "acomp", "attr", "oprd") and pos[k] in ("NOUN", "ADJ", "PRON"):
                pairs.append(((lemma[i], lemma[k]), "VERB"))
    if p == "NOUN" and dep[i] == "dobj" and pos[head[i]] == "VERB":
        pairs.append(((lemma[head[i]], lemma[i]), "VERB"))
    return any(is_multiword(words, upos) for words, upos in pairs)
