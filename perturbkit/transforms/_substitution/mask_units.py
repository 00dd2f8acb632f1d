"""The words ``mask_words`` keeps because masking one would split a unit of several words.

A mask hides a word; a mask inside a multiword unit leaves a broken fragment of the unit instead
("the AAA side", "back and AAA", "the United AAA of the Western Hemisphere", "300AAA"). Round 104's
reader counted 15 of 40 variants invalid for that. A token is kept when it is

- a word of a multiword expression: a WordNet entry spelled by two to six adjacent words, read as
  words or lemmas, with a possessive standing for "one's" ("catch my breath", "took stock",
  "fooled around", "the other way around", "any longer", "like clockwork"), a pair written apart
  that WordNet has as one word or a hyphenated one ("god forsaken", "three dimensional"), words
  of a longer hyphenated entry written apart ("the closest hole in the wall", round 112), a pair
  :func:`~perturbkit.transform.site_checks.in_multiword` links through the parse ("made his
  way": "make way"), or an idiom of ``idioms.txt`` WordNet lacks ("within reach", "the dark side");
- a word of a proper name of two or more tokens: a named entity (person, place, organisation,
  work...) or a run of proper nouns, numbers beside them included ("Johns Hopkins", "Ink Master",
  "52 Blocks");
- written against the token before it with no space, when that is not punctuation ("km" of
  "300km");
- a number word ("thousand" in "ten thousand years"), "able" of "be able to", and "moment",
  "minute", "second" or "instant" after "the" opening a clause ("the moment the Corpse was
  reported": a conjunction).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ...annotation import per_doc, token_columns, token_strings
from ...resources.lexicons import phrases_by_first_word
from ...transform.site_checks import in_multiword, is_multiword, multiword_prefix, single_prefix

if TYPE_CHECKING:
    from spacy.tokens import Doc

# The words a slot of a phrase stands for ("catch one's breath", "catch someone off guard").
_SLOTS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys("my your his its our their".split(), ("one's",)),
    "her": ("one's", "someone"),
    **dict.fromkeys("me you him us them".split(), ("someone",)),
    **dict.fromkeys("myself yourself himself herself itself ourselves yourselves themselves".split(), ("oneself",)),
}
_WORDNET_SLOTS = {w: s[0] for w, s in _SLOTS.items() if s[0] != "someone"}  # WordNet has no "someone"
# WordNet's "the city", "the street", "this evening" name special senses; after a determiner a mask
# still reads as a hidden word, so two-word entries opening with one are not units.
_DETERMINERS = frozenset({"the", "a", "an", "this", "that"})
_LONGEST = 6  # words of the longest WordNet entry looked for ("at the end of the day")
# Entity types that name something (not dates, numbers or quantities: "8 feet" is no name).
_NAME_TYPES = frozenset("PERSON NORP FAC ORG GPE LOC PRODUCT EVENT WORK_OF_ART LAW LANGUAGE".split())
_CONJUNCTION_NOUNS = frozenset({"moment", "minute", "second", "instant"})
_CLAUSE_OPENERS = frozenset({"PRON", "DET", "PROPN"})  # "the moment I / the police / Tom ..."


def _forms(lower: str, lemma: str) -> tuple[str, ...]:
    """The forms a phrase word may match: the word, its lemma and the slot it fills."""
    return (lower, lemma, *_SLOTS.get(lower, ()))


def _idiom_tokens(lower: tuple[str, ...], lemma: tuple[str, ...]) -> set[int]:
    """Tokens inside an idiom of ``idioms.txt`` (a phrase word matches the word, its lemma or its slot)."""
    exprs, out, n = phrases_by_first_word("idioms.txt"), set(), len(lower)
    for i in range(n):
        for e in exprs.get(lower[i], ()) + (exprs.get(lemma[i], ()) if lemma[i] != lower[i] else ()):
            k = len(e)
            if i + k <= n and all(w in _forms(lower[i + m], lemma[i + m]) for m, w in enumerate(e)):
                out.update(range(i, i + k))
    return out


@functools.lru_cache(maxsize=65536)
def _entry(words: tuple[str, ...]) -> bool:
    """``words`` (the last inflected: WordNet's rules change at most its last 3 letters) are a
    WordNet entry; a binary search on what no rule changes rules most spans out first."""
    key = "_".join(words)
    return single_prefix(key[: len(key) - min(3, len(words[-1]) - 1)]) and is_multiword(words)


def _wordnet_tokens(
    lower: tuple[str, ...], lemma: tuple[str, ...], alpha: tuple, stop: tuple, pos: tuple[str, ...]
) -> set[int]:
    """Tokens of a WordNet multiword entry spelled by adjacent words (each read as the word, its
    lemma, or a possessive or reflexive as "one's" or "oneself"), or of a pair WordNet writes as
    one word or with a hyphen, or of a longer hyphenated entry ("hole in the wall"). No span opens on an auxiliary ("was given" is no "be given") or on
    the future "going to" ("gon na sleep" is no "go to sleep"). A span grows only while some entry
    begins with it, so most words cost one binary search."""
    out, n = set(), len(lower)
    forms = [(w,) if w == m else (w, m) for w, m in zip(lower, lemma)]
    for i, w in enumerate(lower):
        if w in _WORDNET_SLOTS:
            forms[i] += (_WORDNET_SLOTS[w],)
    for i in range(n - 1):
        if not alpha[i]:
            continue
        if alpha[i + 1] and (
            _entry((f"{lower[i]}-{lower[i + 1]}",))
            or (not stop[i] and not stop[i + 1] and _entry((lower[i] + lower[i + 1],)))
        ):
            out.update((i, i + 1))  # "three dimensional", "god forsaken"
        key, k = lower[i], i + 1  # a longer hyphenated entry written apart: "hole in the wall"
        while k < min(n, i + _LONGEST) and alpha[k] and single_prefix(key + "-"):
            key += "-" + lower[k]
            if k > i + 1 and _entry((key,)):
                out.update(range(i, k + 1))
            k += 1
        if pos[i] == "AUX" or (lower[i] in ("going", "gon") and lower[i + 1] in ("to", "na")):
            continue
        alive = [(f,) for f in forms[i] if multiword_prefix((f,))]
        j, content = i + 1, not stop[i]
        while alive and j < min(n, i + _LONGEST) and alpha[j]:
            spans = [v + (f,) for v in alive for f in forms[j]]
            content = content or not stop[j]  # only a span with a content word keeps anything
            if content and (j > i + 1 or lower[i] not in _DETERMINERS) and any(_entry(v) for v in spans):
                out.update(range(i, j + 1))
            alive = [v for v in spans if multiword_prefix(v)]
            j += 1
    return out


def _name_tokens(doc: Doc, cols: dict, pos: tuple[str, ...]) -> set[int]:
    """Tokens of a name of two or more tokens: a named entity, or a run of proper nouns (with the
    numbers beside them: "52 Blocks")."""
    iob, ent, num, alpha = cols["ENT_IOB"], cols["ENT_TYPE"], cols["LIKE_NUM"], cols["IS_ALPHA"]
    strings, out, n = doc.vocab.strings, set(), len(iob)
    i = 0
    while i < n:
        if iob[i] == 3 and strings[ent[i]] in _NAME_TYPES:  # 3: an entity begins
            j = i + 1
            while j < n and iob[j] == 1:  # 1: inside it
                j += 1
            if sum(pos[k] == "PROPN" for k in range(i, j)) > 1:  # "john stays" in lower-case text is none
                out.update(k for k in range(i, j) if alpha[k] or num[k])
            i = j
        else:
            i += 1
    i = 0
    while i < n:
        j = i
        while j < n and (pos[j] == "PROPN" or (num[j] and pos[j] == "NUM")):
            j += 1
        if j - i > 1 and "PROPN" in pos[i:j]:
            out.update(range(i, j))
        i = max(j, i + 1)
    return out


@per_doc
def unit_tokens(doc: Doc) -> tuple[int, ...]:
    """Indices (ascending) of the tokens of ``doc`` a mask would split off a unit (see the module
    doc); needs the full parse (lemmas, parts of speech, entities)."""
    cols, strs = token_columns(doc), token_strings(doc)
    lower, lemma, alpha, stop = cols["lower"], cols["lemma"], cols["IS_ALPHA"], cols["IS_STOP"]
    punct, ws, num, pos = cols["IS_PUNCT"], cols["SPACY"], cols["LIKE_NUM"], strs["pos"]
    n = len(lower)
    out = _idiom_tokens(lower, lemma) | _wordnet_tokens(lower, lemma, alpha, stop, pos) | _name_tokens(doc, cols, pos)
    for i in range(n):
        if i in out or not alpha[i] or stop[i]:
            continue  # only the words mask_words could mask need the checks below
        nxt = lower[i + 1] if i + 1 < n else ""
        if (
            num[i]  # "ten thousand years"
            or (i > 0 and not ws[i - 1] and not punct[i - 1])  # "300km"
            or (lower[i] == "able" and nxt == "to")
            or (
                lower[i] in _CONJUNCTION_NOUNS
                and i > 0
                and lower[i - 1] == "the"
                and (nxt == "that" or (i + 1 < n and pos[i + 1] in _CLAUSE_OPENERS))
            )
            or in_multiword(doc, i)  # "made his way" (make way), "hard lines"
        ):
            out.add(i)
    return tuple(sorted(out))
