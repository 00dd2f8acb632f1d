"""``random_word_replacement``'s draws must read as unrelated words (issue 14, round 104: ROC
17/20, the three misses were replacements that still fit: "take melissa to dinner" -> "to
vacation", "they took a vacation" -> "ordered a vacation", "before his father died" ->
"panicked", and near-synonyms do nothing on their own: "home" -> "house", "cry" -> "whine"):

- :func:`semantically_far`: no sense pair of the two lemmas (same part of speech) is similar by
  Wu-Palmer over WordNet's hypernyms (:data:`MAX_SIMILARITY`);
- :func:`prep_fits`: a bare noun after a preposition is replaced only by a noun the corpus uses
  bare after that preposition ("died in peace" -> "in home" never, the corpus says "at home");
- :func:`usual_pair`: no replacement makes a verb and object pair the corpus uses ("ordered a
  vacation" where the corpus orders and books vacations);
- :func:`bare_fits` (round 109, wp-106: "cuts you off in traffic" -> "in officer"): a bare
  singular noun is replaced only by a noun the corpus itself mostly uses bare (a mass noun).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...annotation import token_columns, token_strings

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

#: Wu-Palmer similarity at or above which two senses are too close for a "random" word: measured
#: on round 104's swaps, the near-synonyms readers called weak (home/house 0.94, cry/whine 0.86,
#: acquaintance/partner 0.78, dinner/vacation, die/panic) against the swaps they read as breaks.
MAX_SIMILARITY = 0.54
#: Only a lemma's most frequent senses count (a rare sense makes almost any pair close).
_SENSES = 4
_WN_POS = {"NOUN": "n", "VERB": "v"}


@functools.lru_cache(maxsize=16384)
def _ancestors(pos: str, offset: int) -> dict[tuple[str, int], int]:
    """Each hypernym (and instance hypernym) of a synset, itself included, -> fewest steps up."""
    from ...resources.wordnet import wordnet

    wn = wordnet()
    start = wn.synset_from_pos_and_offset(pos, offset)
    out: dict[tuple[str, int], int] = {}
    frontier, steps = [start], 0
    while frontier:
        nxt = []
        for s in frontier:
            key = (s.pos(), s.offset())
            if key in out:
                continue
            out[key] = steps
            nxt += s.hypernyms() + s.instance_hypernyms()
        frontier, steps = nxt, steps + 1
    return out


@functools.lru_cache(maxsize=16384)
def _depth(pos: str, offset: int) -> int:
    from ...resources.wordnet import wordnet

    return wordnet().synset_from_pos_and_offset(pos, offset).min_depth()


def wu_palmer(pos: str, a: int, b: int) -> float:
    """Wu-Palmer similarity of synsets ``a`` and ``b``: 2 d(c) / (da + db) for their deepest
    common hypernym c, depths counted from a root at 1 (verbs without a common hypernym meet at a
    virtual root of depth 0, as in nltk's ``simulate_root``)."""
    up_a, up_b = _ancestors(pos, a), _ancestors(pos, b)
    best = 0.0
    for key in up_a.keys() & up_b.keys():
        d = _depth(*key) + 1
        best = max(best, 2 * d / (up_a[key] + up_b[key] + 2 * d))
    return best


@functools.lru_cache(maxsize=65536)
def similarity(a: str, b: str, upos: str) -> float:
    """The highest :func:`wu_palmer` over the first :data:`_SENSES` senses of lemmas ``a`` and
    ``b`` as ``upos`` (NOUN or VERB); 1.0 for one lemma, 0.0 when WordNet lacks either."""
    if a == b:
        return 1.0
    from ...resources.wordnet import wordnet

    wn_pos = _WN_POS[upos]
    sa, sb = wordnet().offsets(a, wn_pos)[:_SENSES], wordnet().offsets(b, wn_pos)[:_SENSES]
    return max((wu_palmer(wn_pos, x[1], y[1]) for x in sa for y in sb), default=0.0)


@functools.lru_cache(maxsize=8192)
def _moves(verb: str) -> bool:
    """One of the first :data:`_SENSES` senses of ``verb`` is a way of travelling (under WordNet's
    travel.v.01: "hike", "run", "walk", "go", "head", "ride", "come")."""
    from ...resources.wordnet import wordnet

    wn = wordnet()
    root = wn.offsets("travel", "v")[:1]
    return bool(root) and any(root[0] in _ancestors("v", o) for _, o in wn.offsets(verb, "v")[:_SENSES])


def semantically_far(a: str, b: str, upos: str, limit: float = MAX_SIMILARITY) -> bool:
    """No sense pair of ``a`` and ``b`` (:func:`similarity`) reaches ``limit``, and two verbs are
    not both verbs of motion ("they hiked deep into it" -> "went", "ran to the entrance" ->
    "walked": the story still holds; round 122, Wu-Palmer 0.5 and 0.4 on WordNet's shallow verbs)."""
    if upos == "VERB" and a != b and _moves(a) and _moves(b):
        return False
    return similarity(a, b, upos) < limit


#: What the corpus does with its nouns: lemma -> prepositions it follows bare ("at home", "on
#: vacation"), the (verb, relation, noun) pairs it uses ("dobj" or the preposition's word), and
#: lemma -> (uses as a bare singular object, uses counted: plural or after "a", "each" ...).
NounUses = tuple[dict[str, Counter[str]], frozenset[tuple[str, str, str]], dict[str, tuple[int, int]]]
#: A bare singular noun's replacement must be used bare as an object in at least this share of
#: its bare and counted uses, and at least :data:`MIN_BARE` times (1,200 WP dev stories: "traffic"
#: 7 bare and 0 counted, "school" 51/11, "bed" 60/21; "officer" 1/19, "family" 5/43, "person" 12/60).
MIN_MASS_SHARE = 0.5
MIN_BARE = 2
_COUNT_DETS = frozenset({"a", "an", "another", "each", "every"})


def _bare(dep: list[str], lower: list[str], kids: tuple[int, ...]) -> bool:
    return not any(dep[c] in ("det", "poss", "nummod") or lower[c] in ("'s",) for c in kids)


def noun_uses(docs: Iterable[Doc]) -> NounUses:
    """The corpus's :data:`NounUses`, read from the token tables."""
    preps: dict[str, Counter[str]] = {}
    pairs: set[tuple[str, str, str]] = set()
    mass: Counter[tuple[str, bool]] = Counter()
    for doc in docs:
        strs, cols = token_strings(doc), token_columns(doc)
        pos, dep, kids, head, tag = strs["pos"], strs["dep"], strs["children"], cols["HEAD"], strs["tag"]
        lower, lemma, text = cols["lower"], cols["lemma"], strs["text"]
        for i, p in enumerate(pos):
            if p != "NOUN":
                continue
            if text[i].islower() and text[i].isalpha():
                if tag[i] == "NNS" or any(dep[c] == "det" and lower[c] in _COUNT_DETS for c in kids[i]):
                    mass[lemma[i], False] += 1
                elif tag[i] == "NN" and dep[i] in ("dobj", "pobj") and _bare(dep, lower, kids[i]):
                    mass[lemma[i], True] += 1
            h = head[i]
            if dep[i] == "dobj" and pos[h] == "VERB":
                pairs.add((lemma[h], "dobj", lemma[i]))
            elif dep[i] == "pobj" and dep[h] == "prep":
                if _bare(dep, lower, kids[i]):
                    preps.setdefault(lemma[i], Counter())[lower[h]] += 1
                if pos[head[h]] == "VERB":
                    pairs.add((lemma[head[h]], lower[h], lemma[i]))
    counts = {lem: (mass[lem, True], mass[lem, False]) for lem, _ in mass}
    return preps, frozenset(pairs), counts


def prep_fits(tok: Token, new_lemma: str, uses: NounUses) -> bool:
    """A bare noun after a preposition ("in peace", "to dinner") is replaced only by a noun the
    corpus uses bare after that preposition: "died in home" and "take melissa to vacation" never,
    where the corpus says "at home" and "on vacation", nor "while at rain" (round 122: a noun the
    corpus never puts bare after a preposition passed before)."""
    if tok.pos_ != "NOUN" or tok.dep_ != "pobj" or tok.head.dep_ != "prep":
        return True
    strs, cols = token_strings(tok.doc), token_columns(tok.doc)
    if not _bare(strs["dep"], cols["lower"], strs["children"][tok.i]):
        return True
    seen = uses[0].get(new_lemma)
    return bool(seen) and seen[tok.head.lower_] > 0


def bare_fits(tok: Token, new_lemma: str, uses: NounUses) -> bool:
    """A bare singular noun ("in traffic", "eating protein") is replaced only by a noun the
    corpus uses bare as an object in at least :data:`MIN_MASS_SHARE` of its bare and counted uses
    (plural or after "a", "each"), at least :data:`MIN_BARE` times: never "cuts you off in
    officer" (round 109, wp-106)."""
    if tok.tag_ != "NN":
        return True
    strs = token_strings(tok.doc)
    if any(strs["dep"][c] in ("det", "poss") for c in strs["children"][tok.i]):
        return True
    bare, counted = uses[2].get(new_lemma, (0, 0))
    return bare >= MIN_BARE and bare >= MIN_MASS_SHARE * (bare + counted)


def usual_pair(tok: Token, new_lemma: str, uses: NounUses) -> bool:
    """The replacement makes a verb and noun pair the corpus uses: a noun that its verb takes
    ("take melissa to dinner" -> "to lunch"), a verb that takes the noun ("took a vacation" ->
    "planned a vacation"), by its direct object or a preposition's object."""
    pairs = uses[1]
    if tok.pos_ == "NOUN":
        if tok.dep_ == "dobj" and tok.head.pos_ == "VERB":
            return (tok.head.lemma_, "dobj", new_lemma) in pairs
        prep = tok.head
        if tok.dep_ == "pobj" and prep.dep_ == "prep" and prep.head.pos_ == "VERB":
            return (prep.head.lemma_, prep.lower_, new_lemma) in pairs
        return False
    for c in tok.children:
        if c.dep_ == "dobj" and c.pos_ == "NOUN" and (new_lemma, "dobj", c.lemma_) in pairs:
            return True
        if c.dep_ == "prep":
            if any(g.dep_ == "pobj" and (new_lemma, c.lower_, g.lemma_) in pairs for g in c.children):
                return True
    return False


def distant_swap(tok: Token, new_lemma: str, uses: NounUses | None) -> bool:
    """``new_lemma`` may replace ``tok`` as an unrelated word: :func:`semantically_far` from it,
    :func:`prep_fits`, :func:`bare_fits` and no :func:`usual_pair`."""
    if not semantically_far(tok.lemma_.lower(), new_lemma, tok.pos_):
        return False
    return uses is None or (
        prep_fits(tok, new_lemma, uses) and bare_fits(tok, new_lemma, uses) and not usual_pair(tok, new_lemma, uses)
    )
