"""UNION's keyword substitution: which words are keywords, what a corpus replacement must share
with a keyword (its slot: tag and verb frame), and the corpus vocabulary per slot."""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...annotation import per_doc, token_columns, token_strings
from ...resources.inflect import inflect_like
from ...resources.lexicons import word_list
from ...transform.substitution import Candidate, form_like, replaceable_indices
from .antonyms import WN_POS
from .frames import object_ok, slot_kept, verb_frames

if TYPE_CHECKING:
    import random

    from spacy.tokens import Doc, Token

KEYWORD_POS = ("NOUN", "VERB", "ADJ")
#: Dependents that make up a verb's frame (a replacement verb must take the same ones).
_FRAME_DEPS = frozenset({"dobj", "dative", "ccomp", "acomp", "oprd", "prep", "agent"})
#: What a corpus replacement must share with a keyword: (Penn tag, frame or "a" or "").
Slot = tuple[str, str]
#: Determiners only a countable singular noun takes ("another company", never "another stuff").
_COUNT_DETS = frozenset({"a", "an", "another", "each", "every"})
#: Determiners of plural nouns only ("these dogs", never "these dog").
_PLURAL_DETS = frozenset({"these", "those", "several", "many", "both", "few"})
#: The corpus words of each slot, sorted, with their cumulative counts.
Vocabulary = dict[Slot, tuple[list[tuple[str, str]], list[int]]]


def keyword_slot(doc: Doc, i: int) -> Slot:
    """What a replacement must share with token ``i``: its tag and, for verbs, its frame
    (objects, clausal complements, prepositions by name), so "told him he ..." is never
    replaced by "walked him he ..." nor "searched for" by "meant for"; for nouns, whether it
    follows "a"/"an" (or "another", "each", "every") or no determiner at all (a mass noun's slot:
    "more money"). Read from the token table."""
    strs = token_strings(doc)
    tag, dep, kids, p = strs["tag"], strs["dep"], strs["children"][i], strs["pos"][i]
    if p == "NOUN":  # countable after "a"/"an": never "a money"
        lower = token_columns(doc)["lower"]
        if any(dep[c] == "det" and lower[c] in _COUNT_DETS for c in kids):
            return tag[i], "a"
        if tag[i] == "NN" and not any(dep[c] in ("det", "poss") for c in kids):
            return tag[i], "bare"  # "more money", "eating protein": a mass noun's slot
        return tag[i], ""
    if p != "VERB":
        return tag[i], ""
    lower = token_columns(doc)["lower"]
    deps = {f"prep:{lower[c]}" if dep[c] == "prep" else dep[c] for c in kids if dep[c] in _FRAME_DEPS}
    for c in kids:
        if dep[c] == "xcomp":
            deps.add("xcomp:ing" if tag[c] == "VBG" else "xcomp")
    return tag[i], "+".join(sorted(deps))


def form_like_ok(word: str, lemma: str, tag: str, upos: str) -> bool:
    """``word`` is the regular ``tag`` form of ``lemma`` (so a mis-tagged token never enters
    the vocabulary)."""
    return inflect_like(lemma, tag, upos=upos) == word


@functools.lru_cache(maxsize=1)
def _names() -> frozenset[str]:
    return word_list("names_male.txt") | word_list("names_female.txt")


def known(lemma: str, upos: str) -> bool:
    """WordNet knows ``lemma`` as ``upos`` and it is not a first name (ROC stories are lower-cased)."""
    from ...resources.wordnet import wordnet

    return lemma not in _names() and bool(wordnet().offsets(lemma, WN_POS[upos]))


def keyword_site_ok(doc: Doc, i: int) -> bool:
    """Token ``i`` is no lower-cased first name ("isa"), no speaker label ("Human:") and no noun
    whose number its determiner contradicts (a misspelt "a princes" tagged plural would become
    "a women")."""
    cols, strs = token_columns(doc), token_strings(doc)
    if (i + 1 < len(doc) and strs["text"][i + 1] == ":") or number_clash(doc, i):
        return False
    return cols["lemma"][i] not in _names() and cols["lower"][i] not in _names()


def number_clash(doc: Doc, i: int) -> bool:
    """Noun ``i``'s tag contradicts its determiner's number ("a princes", "a dead species" tagged
    plural; "these dog"): no replacement can be inflected right there."""
    cols, strs = token_columns(doc), token_strings(doc)
    tag = strs["tag"][i]
    dets = [cols["lower"][c] for c in strs["children"][i] if strs["dep"][c] in ("det", "nummod")]
    return (tag == "NNS" and any(d in _COUNT_DETS or d == "one" for d in dets)) or (
        tag == "NN" and any(d in _PLURAL_DETS for d in dets)
    )


@per_doc
def keyword_observations(doc: Doc) -> tuple[tuple[Slot, str, str, str], ...]:
    """(slot, word, lemma, POS) of each lower-case keyword of ``doc``: what ``fit`` counts, kept
    per Doc so that a second fit on the same parses (UNION's own keyword substitution) does not
    look at every token again."""
    cols, text = token_columns(doc), token_strings(doc)["text"]
    return tuple(
        (keyword_slot(doc, i), cols["lower"][i], cols["lemma"][i], pos)
        for i, pos in replaceable_indices(doc, KEYWORD_POS)
        if text[i].islower()
    )


def keyword_vocabulary(docs: Iterable[Doc], min_count: int) -> Vocabulary:
    """Keyword forms per slot over a corpus, for draws by frequency: each seen ``min_count``
    times or more, its lemma seen twice as often in the slot's frame, known to WordNet and the
    regular form of its lemma for the tag."""
    counts: dict[Slot, Counter] = {}
    frames: Counter = Counter()  # (lemma, frame): a verb must be seen often with the frame
    for doc in docs:
        for slot, word, lemma, pos in keyword_observations(doc):
            counts.setdefault(slot, Counter())[(word, lemma, pos)] += 1
            frames[lemma, slot[1]] += 1
    vocab: Vocabulary = {}
    for slot, c in counts.items():
        items = sorted(
            ((w, lem), n)
            for (w, lem, pos), n in c.items()
            if n >= min_count
            and frames[lem, slot[1]] >= 2 * min_count
            and known(lem, pos)
            and form_like_ok(w, lem, slot[0], pos)
        )
        if items:
            # cumulative counts, summed once: ``choices`` would re-add every weight on every draw
            vocab[slot] = ([k for k, _ in items], list(itertools.accumulate(n for _, n in items)))
    return vocab


def corpus_draw(vocab: Vocabulary, tok: Token, lemma: str, rng: random.Random) -> Candidate | None:
    """A corpus word of ``tok``'s slot drawn by frequency (ten tries), other than ``tok``'s own
    word and lemma and no part of it (:func:`word_part`: never "babysitter" -> "baby"); None when
    the slot has none, ``tok`` is not a regular form of ``lemma`` or no other word fits its place
    (:func:`~.frames.slot_kept`: "suggested he write", "worth living for")."""
    pool = vocab.get(keyword_slot(tok.doc, tok.i))
    if not pool or form_like(lemma, tok) is None or not slot_kept(tok):
        return None
    words, cum_weights = pool
    for _ in range(10):
        word, wlemma = rng.choices(words, cum_weights=cum_weights)[0]
        if wlemma != lemma and word != tok.lower_ and not word_part(lemma, wlemma):
            return Candidate(tok.i, wlemma, word, "corpus")
    return None


def word_part(a: str, b: str) -> bool:
    """One of the lemmas ``a`` and ``b`` is the other's stem or a part of its compound: it begins
    the other ("babysitter"/"baby", "girl"/"girlfriend") or ends it after a word ("boyfriend"/
    "friend"; "woman"/"man" is no compound: "wo" is no word). A swap between them cuts a compound
    or keeps its stem, which reads as the wrong word rather than as a changed fact (round 70)."""
    short, long_ = sorted((a.lower(), b.lower()), key=len)
    if not short or short == long_ or short not in long_:
        return False
    if long_.startswith(short):
        return True
    from ...resources.wordnet import wordnet

    rest = long_[: -len(short)].rstrip("-") if long_.endswith(short) else ""
    return len(rest) > 1 and bool(wordnet().offsets(rest))


def near_synonym(a: str, b: str, wn_pos: str = "n") -> bool:
    """``a`` and ``b`` share a WordNet synset, one names a direct hypernym of the other, or their
    first senses share a direct hypernym ("paper"/"report", "neighbor"/"people"): replacing one by
    the other is a detail a reader need not see as a contradiction."""
    from ...resources.wordnet import wordnet

    wn = wordnet()
    sa, sb = set(wn.offsets(a, wn_pos)), set(wn.offsets(b, wn_pos))
    if not sa or not sb or sa & sb:
        return bool(sa & sb)

    def up(offsets: set[tuple[str, int]]) -> set[tuple[str, int]]:
        syns = (wn.synset_from_pos_and_offset(*o) for o in offsets)
        return {(h.pos(), h.offset()) for s in syns for h in s.hypernyms() + s.instance_hypernyms()}

    if up(sa) & sb or up(sb) & sa:
        return True
    first_a, first_b = wn.offsets(a, wn_pos)[:1], wn.offsets(b, wn_pos)[:1]
    return bool(up(set(first_a)) & up(set(first_b)))


#: WordNet's intransitive frames: "Something ----s", "Somebody ----s".
_INTRANSITIVE = frozenset({1, 2})


def corpus_swap_ok(tok: Token, lemma: str, pos: str, new_lemma: str) -> bool:
    """A corpus word drawn for keyword ``tok`` changes what the sentence says and keeps it
    grammatical and sensible: no near-synonym ("realize" -> "know"); a noun or verb of the same
    kind (:func:`same_class`: never "neither dog is a potential president", "when she loved the
    note"); for a verb with a direct object, a verb WordNet lists with such an object
    (:func:`~.frames.object_ok`) and, with no object or complement, a verb WordNet lists as
    intransitive ("the birds chirped very loudly", never "the birds said very loudly")."""
    if near_synonym(lemma, new_lemma, WN_POS[pos]):
        return False
    if pos in ("NOUN", "VERB") and not same_class(lemma, new_lemma, WN_POS[pos]):
        return False
    if pos != "VERB":
        return True
    if keyword_slot(tok.doc, tok.i)[1] == "":
        return bool(verb_frames(new_lemma) & _INTRANSITIVE)
    return object_ok(tok, new_lemma)


def same_class(a: str, b: str, wn_pos: str) -> bool:
    """The first WordNet senses of ``a`` and ``b`` are in the same lexicographer file (a person
    for a person, a verb of creation for one of creation): a swap across classes reads as the
    wrong word sense ("wanted to prepare some" -> "wanted to ask some", "met a friend" -> "met an
    appointment"), not as a changed fact."""
    from ...resources.wordnet import wordnet

    sa, sb = wordnet().first_synset(a, wn_pos), wordnet().first_synset(b, wn_pos)
    return sa is not None and sb is not None and sa.lexname() == sb.lexname()


#: Kinds of noun whose swap reads as a clean contradiction (a character, an animal, a food); an
#: artifact or abstraction swapped reads as garble ("went to the door to purchase", "took his garage out").
SWAP_KINDS = frozenset({"noun.person", "noun.animal", "noun.food"})


def same_kind(a: str, b: str, wn_pos: str = "n") -> bool:
    """The first WordNet senses of ``a`` and ``b`` are in the same lexicographer file, one of
    :data:`SWAP_KINDS` (a person for a person, a food for a food), and that is the kind each word
    is read as (:func:`settled_kind`): "his mom sewed" -> "his teacher sewed" contradicts a later
    "mom", "his wedding sewed" is nonsense, and "there are scabs on my neck" -> "regulars" takes
    the strikebreaker for the wound's scab (round 112)."""
    from ...resources.wordnet import wordnet

    sa, sb = wordnet().first_synset(a, wn_pos), wordnet().first_synset(b, wn_pos)
    return (
        sa is not None
        and sb is not None
        and sa.lexname() == sb.lexname()
        and sa.lexname() in SWAP_KINDS
        and settled_kind(a, wn_pos)
        and settled_kind(b, wn_pos)
    )


@functools.lru_cache(maxsize=8192)
def settled_kind(lemma: str, wn_pos: str = "n") -> bool:
    """``lemma`` is read as the kind of its first WordNet sense (its lexicographer file): all its
    senses are of that kind, or those of that kind have more tagged uses (SemCor counts) than the
    others ("kid": 53 as a child, none as a goat or its leather). Not "scab", whose first sense (a
    strikebreaker) and second (the crust of a wound) are of two kinds and neither tagged: which
    one a story means only its sentence tells."""
    from ...resources.wordnet import tag_count, wordnet

    wn = wordnet()
    offsets = wn.offsets(lemma, wn_pos)
    if not offsets:
        return False
    kinds = [wn.synset_from_pos_and_offset(*o).lexname() for o in offsets]
    if all(k == kinds[0] for k in kinds):
        return True
    counts = [tag_count(wn, lemma, p, o) for p, o in offsets]
    own = sum(n for k, n in zip(kinds, counts) if k == kinds[0])
    return own > sum(counts) - own
