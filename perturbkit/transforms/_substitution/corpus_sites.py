"""Words ``random_word_replacement`` leaves alone although their slot looks plain (round 109: ROC
18/20, WP 18/20):

- :func:`gerund_site`: a gerund, whose place a random noun or verb garbles ("something i would
  recommend learning" -> "recommend family", roc-2487): a VBG that is no progressive nor a
  participial adjunct, or a bare noun in -ing that is a verb's gerund, heading its own object or
  complement or the object of a verb that takes a gerund;
- multiword units, read by ``mask_words``'s own detector (:func:`~.mask_units.unit_tokens`:
  "in case you did not recognize" -> "in town you ...", wp-269; "in that case" -> "in that
  bartender", wp-112);
- round 112 (ROC 16/20, WP 17/20): a word of a name, title or phrase cited in quotation marks
  (:func:`cited_tokens`: "my favorite is 'a funny thing happened on the way to the forum'" -> "to
  the sauce", roc-2786), and a noun a particle or adverb right after it belongs to
  (:func:`particle_noun`: "wait for a great night out" -> "a great girl out", roc-675; "two
  years ago");
- round 123 (ROC 17/20, WP 17/20): a past verb coordinated with a present one
  (:func:`tense_clash`), a reduced relative's participle (:func:`reduced_relative`) and the words
  of an author's note and after it (:func:`note_tokens`: "more of my stuff at /r/...").
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from ...annotation import per_doc, token_columns, token_strings
from ...resources.inflect import all_lemmas, inflect_like
from .keywords import known

if TYPE_CHECKING:
    from spacy.tokens import Doc

#: Verbs that take a gerund as their object ("recommend learning", "enjoy swimming", "kept working").
GERUND_TAKERS = frozenset(
    """admit advise anticipate appreciate avoid begin consider continue delay deny detest discuss dislike
    dread enjoy escape finish forget hate imagine involve keep like love mention mind miss postpone
    practice practise prefer quit recall recommend regret remember require resent resist resume risk
    start stop suggest tolerate try""".split()
)
#: Dependents that make a bare noun in -ing a verb's gerund heading its own phrase ("learning
#: spanish fast", "going home").
_VERBAL_DEPS = frozenset({"dobj", "dative", "ccomp", "xcomp", "acomp", "attr", "oprd", "advmod", "npadvmod", "prt"})
_DETERMINERS = frozenset({"det", "poss", "nummod", "amod", "compound"})


@functools.lru_cache(maxsize=4096)
@per_doc
def cited_tokens(doc: Doc) -> tuple[int, ...]:
    """Words between an opening and a closing quotation mark of one sentence (tagged ``"``"`` and
    ``''``, so no apostrophe of a possessive) when the quotation holds no punctuation and opens
    right after a word: a name, title or phrase cited in a sentence ("my favorite is 'a funny
    thing happened on the way to the forum'"), not a line of dialogue ("`` Honey , come back ''")."""
    strs, cols = token_strings(doc), token_columns(doc)
    tag, punct, start = strs["tag"], cols["IS_PUNCT"], cols["SENT_START"]
    out: list[int] = []
    n = len(tag)
    for i in range(1, n):
        if tag[i] != "``" or punct[i - 1] or start[i] == 1:
            continue
        j = i + 1
        while j < n and not punct[j] and start[j] != 1:
            j += 1
        if j < n and j > i + 1 and tag[j] == "''" and start[j] != 1:
            out += range(i + 1, j)
    return tuple(out)


#: Particles and adverbs that make a phrase with the noun before them ("a night out", "a day off").
_NOUN_PARTICLES = frozenset({"RP", "RB"})


def particle_noun(doc: Doc, i: int) -> bool:
    """Noun ``i`` makes a phrase with the particle or adverb right after it: the particle modifies
    the noun ("two years ago"), or hangs on a verb the noun is not the direct object of ("wait for
    a great night out": "out" is no particle of "wait for"; "took the trash out" is a verb's)."""
    strs, cols = token_strings(doc), token_columns(doc)
    tag, dep, head = strs["tag"], strs["dep"], cols["HEAD"]
    j = i + 1
    if j >= len(tag) or tag[j] not in _NOUN_PARTICLES:
        return False
    if head[j] == i:
        return True
    return dep[j] == "prt" and not (dep[i] == "dobj" and head[i] == head[j])


def verbal_ing(word: str) -> bool:
    """``word`` (lower case, in -ing) is the gerund of a verb WordNet knows ("learning": learn)."""
    return word.endswith("ing") and any(
        inflect_like(lem, "VBG", upos="VERB") == word and known(lem, "VERB")
        for lem in all_lemmas(word, "VERB").get("VERB", ())
    )


def gerund_site(doc: Doc, i: int) -> bool:
    """Token ``i`` is a gerund: a VBG without "be" before it or a subject of its own (itself or,
    for a conjunct, the first conjunct: "was running and jumping", "noticed the bubbles growing")
    and not a participial adjunct ("walking home, he saw ..."); or a bare noun in -ing (no determiner, possessor or modifier) that is a verb's
    gerund (:func:`verbal_ing`) and heads its own object or complement or is the object of a
    verb of :data:`GERUND_TAKERS` ("would recommend learning")."""
    strs, cols = token_strings(doc), token_columns(doc)
    tag, dep, kids, lemma = strs["tag"], strs["dep"], strs["children"], cols["lemma"]
    head = cols["HEAD"]
    if tag[i] == "VBG":
        first = i
        while dep[first] == "conj" and head[first] != first:
            first = head[first]
        if tag[first] == "VBG" and any(
            (dep[k] in ("aux", "auxpass") and lemma[k] == "be") or dep[k] == "nsubj" for k in kids[first]
        ):
            return False  # a progressive, or a participle with its subject ("noticed the bubbles growing")
        return dep[first] != "advcl"
    if tag[i] != "NN" or not verbal_ing(cols["lower"][i]):
        return False
    deps = {dep[k] for k in kids[i]}
    if deps & _DETERMINERS:
        return False
    if deps & _VERBAL_DEPS:
        return True
    h = head[i]
    return dep[i] in ("dobj", "xcomp") and h != i and lemma[h] in GERUND_TAKERS


#: Nouns that after "the" are an expletive, not a thing ("what the hell is that", "scared the heck
#: out of me"): replaced, the phrase is garbled ("what the figure is that", round 122, wp-1078).
_EXPLETIVES = frozenset({"hell", "heck", "fuck", "devil", "dickens", "deuce"})


def expletive_noun(doc: Doc, i: int) -> bool:
    """Token ``i`` is "hell", "heck", ... after "the": an intensifier, no noun of the story."""
    lower = token_columns(doc)["lower"]
    return lower[i] in _EXPLETIVES and i > 0 and lower[i - 1] == "the"


@functools.lru_cache(maxsize=8192)
def _mostly_adjective(word: str) -> bool:
    from ...resources.wordnet import wordnet

    wn = wordnet()
    return len(wn.offsets(word, ("a", "s"))) > len(wn.offsets(word, "n"))


def adjective_noun(doc: Doc, i: int) -> bool:
    """A singular noun with no determiner that WordNet knows more often as an adjective: an
    adjective the tagger read as a noun ("ruthless and violent , not to mention cunning" ->
    "release", round 122, wp-416)."""
    strs = token_strings(doc)
    if strs["tag"][i] != "NN" or any(strs["dep"][c] in _DETERMINERS for c in strs["children"][i]):
        return False
    return _mostly_adjective(token_columns(doc)["lower"][i])


#: Present tenses a past verb coordinated with one disagrees with ("they sit ... and read").
_PRESENT = frozenset({"VBP", "VBZ"})


def tense_clash(doc: Doc, i: int) -> bool:
    """Verb ``i`` is tagged past (VBD) while coordinated with a present-tense verb, its conjunct
    head or a conjunct of its own ("they both sit at the cafe and read": "read" tagged VBD, so
    drawn "moved"; round 123): the tagger's tense is not to be trusted there."""
    strs, head = token_strings(doc), token_columns(doc)["HEAD"]
    tag, dep, kids = strs["tag"], strs["dep"], strs["children"]
    if tag[i] != "VBD":
        return False
    if dep[i] == "conj" and tag[head[i]] in _PRESENT:
        return True
    return any(dep[k] == "conj" and tag[k] in _PRESENT for k in kids[i])


def reduced_relative(doc: Doc, i: int) -> bool:
    """Verb ``i`` is a participle of a reduced relative, read as a clausal subject or a noun's
    clause ("food served at a restaurant is ..." parsed "served" VBD csubj; round 123: drawn
    "screamed"). A plain passive ("was served") is left to the frame check, which draws only a
    verb the corpus mostly uses with an object."""
    strs = token_strings(doc)
    return strs["tag"][i] in ("VBD", "VBN") and strs["dep"][i] in ("csubj", "csubjpass", "acl")


#: Author's sign-off phrases the paratext ``NOTE`` does not hold ("more of my stuff at /r/...").
_SIGN_OFF = re.compile(r"/r/|\br/\w|\bmore of my\b|\bupvote|\bsubreddit", re.IGNORECASE)


@per_doc
def note_tokens(doc: Doc) -> tuple[int, ...]:
    """Tokens of the story's author's note and what follows it: from the first sentence unit that
    :func:`~.._paratext.note_in` or :data:`_SIGN_OFF` marks ("more of my stuff at /r/...",
    "Questions ?" after it; round 123), a word to the reader, no word of the story."""
    from .._paratext import note_in
    from .._units import sentence_units

    for unit in sentence_units(doc):
        if note_in(unit.text) or _SIGN_OFF.search(unit.text):
            return tuple(t.i for t in doc if t.idx >= unit.start)
    return ()
