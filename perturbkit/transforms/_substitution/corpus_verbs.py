"""``random_word_replacement``'s verb swaps keep the verb's frame (issue 14, round 101: 8 of 20
long WP stories were garbled by verbs swapped across frames: "I think he is ..." -> "I ask he
is ...", "opened his eyes" -> "came his eyes", "rub your back" -> "wait your back", "come visit"
-> "investigate visit"). A verb is swapped only in a plain frame (:func:`verb_site_ok`: no
clausal complement, an object that is a plain noun phrase after it), and only for a verb the
corpus mostly uses in that frame (:func:`verb_fits`: mostly transitive for an object or a
passive, mostly intransitive otherwise, and WordNet agreeing). Also :func:`verse_like`: a text
set as verse, whose lines run together in WP, where swapped words blend in."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...annotation import token_columns, token_strings
from .frames import object_ok, verb_frames
from .keywords import keyword_slot

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

#: Dependents that make a clausal, secondary or misparsed frame no random verb keeps ("I think he
#: is" -> "I ask he is", "finish taking" -> "die taking", "hear children laughing").
_CLAUSAL = frozenset({"ccomp", "xcomp", "csubj", "dep", "parataxis", "dative", "oprd", "acomp", "attr", "agent"})
#: Adverbs of direction that only verbs of motion take ("returned home" -> "stirred home").
_DIRECTIONS = frozenset(
    "home here there back away out up down off in inside outside upstairs downstairs over around along".split()
)
_PASSIVE = frozenset({"auxpass", "nsubjpass"})
#: A verb's uses in the corpus: all, with an object (or passive), with a clausal complement.
VerbUses = dict[str, tuple[int, int, int]]
#: A replacement for a verb with an object must take one in at least this share of its uses; one
#: for a verb without must take an object or clause in at most :data:`INTRANSITIVE_MAX` of its uses.
TRANSITIVE_MIN = 0.5
INTRANSITIVE_MAX = 0.2
#: WordNet's intransitive frames: "Something ----s", "Somebody ----s".
_INTRANSITIVE = frozenset({1, 2})


def verb_site_ok(doc: Doc, i: int) -> bool:
    """Verb ``i`` stands in a plain frame another verb can fill: its frame (:func:`keyword_slot`)
    is no complement, a direct object, one preposition or both (but not "stopped me from"); no
    clausal or misparsed dependent (:data:`_CLAUSAL`), no bare verb beside it ("come visit"), no
    adverb of direction or noun phrase as adverb ("returned home", "came face to face"); an
    object after it and no relative or question word ("which I had hoped concealed ..." parsed
    "which" as its object); not itself a misparsed ``dep`` or ``parataxis``, an adjectival
    participle ("feeling buzzed") or a relative clause whose object may be its gap ("the person
    I have ever met", "no food for me to eat")."""
    strs = token_strings(doc)
    tag, dep, kids, pos = strs["tag"], strs["dep"], strs["children"], strs["pos"]
    lower = token_columns(doc)["lower"]
    if dep[i] in ("dep", "parataxis"):
        return False
    deps = {dep[k] for k in kids[i]}
    if tag[i] == "VBN" and not deps & {"aux", "auxpass"}:
        return False  # an adjectival participle ("feeling buzzed", "nobody left")
    if dep[i] in ("relcl", "acl") and "dobj" not in deps and not any(tag[k] in ("WDT", "WP") for k in kids[i]):
        return False  # its object may be the gap ("the person I have met", "food for me to eat")
    head = token_columns(doc)["HEAD"][i]
    if tag[i] == "VB" and head == i - 1 and pos[head] == "VERB":
        return False  # the second verb of "come visit"
    frame = keyword_slot(doc, i)[1]
    parts = frame.split("+") if frame else []
    preps = [p for p in parts if p.startswith("prep:")]
    if any(p != "dobj" and not p.startswith("prep:") for p in parts) or len(preps) > 1:
        return False
    if "dobj" in parts and "prep:from" in parts:
        return False
    for k in kids[i]:
        d = dep[k]
        if d in _CLAUSAL:
            return False
        if d == "dobj" and (k < i or tag[k] in ("WDT", "WP") or pos[k] in ("VERB", "AUX", "ADJ")):
            return False
        if d in ("advcl", "conj") and tag[k] == "VB" and k == i + 1:
            return False  # "come visit", "go get"
        if d in ("advcl",) and tag[k] == "VB" and not any(dep[g] in ("mark", "aux", "nsubj") for g in kids[k]):
            return False
        if d == "npadvmod" or (d == "advmod" and lower[k] in _DIRECTIONS):
            return False  # "came face to face", "returned home"
    return True


def verb_uses(docs: Iterable[Doc]) -> VerbUses:
    """Lemma -> (uses, uses with a direct object or in the passive, uses with a clausal
    complement) of the corpus's lower-case verbs."""
    counts: Counter[tuple[str, int]] = Counter()
    for doc in docs:
        strs, cols = token_strings(doc), token_columns(doc)
        text, pos, dep, kids, lemma = strs["text"], strs["pos"], strs["dep"], strs["children"], cols["lemma"]
        for i, p in enumerate(pos):
            if p != "VERB" or not text[i].isalpha() or not text[i].islower():
                continue
            deps = {dep[k] for k in kids[i]}
            counts[lemma[i], 0] += 1
            if "dobj" in deps or deps & _PASSIVE:
                counts[lemma[i], 1] += 1
            if deps & {"ccomp", "xcomp", "dative", "oprd", "acomp"}:
                counts[lemma[i], 2] += 1
    return {lem: (n, counts[lem, 1], counts[lem, 2]) for (lem, k), n in counts.items() if k == 0}


def verb_fits(tok: Token, new_lemma: str, uses: VerbUses) -> bool:
    """``new_lemma`` fits verb ``tok``'s frame: for an object or a passive, a verb the corpus
    mostly uses with an object (:data:`TRANSITIVE_MIN`) and WordNet lists with this kind of object
    (:func:`~.frames.object_ok`: never "grabbed one" -> "died one"); otherwise a verb the corpus
    mostly uses without object or clause (:data:`INTRANSITIVE_MAX`) and WordNet lists as
    intransitive (never "listen to" -> "lead to", "spoke" -> "caused")."""
    n, obj, clause = uses.get(new_lemma, (0, 0, 0))
    if not n:
        return False
    deps = {c.dep_ for c in tok.children}
    if "dobj" in deps or deps & _PASSIVE:
        return obj / n >= TRANSITIVE_MIN and object_ok(tok, new_lemma)
    return (obj + clause) / n <= INTRANSITIVE_MAX and bool(verb_frames(new_lemma) & _INTRANSITIVE)


def verse_like(text: str, min_share: float = 0.04, min_count: int = 5) -> bool:
    """``text`` reads as verse set without its line breaks (WP's poems and song lyrics): at least
    ``min_count`` function words, and ``min_share`` of the words, capitalised right after a
    lower-case word, as at the start of a line ("So I must wake And Go But then , there is always
    What there never was"). Swapped words blend into such a text (round 101, wp_dev-580); prose
    rarely has any (1,200 WP dev stories: 4 poems or songs reach the bar, the median is 0)."""
    from spacy.lang.en.stop_words import STOP_WORDS

    toks = text.split()
    words = hits = 0
    for a, b in zip(toks, toks[1:]):
        if not b.isalpha():
            continue
        words += 1
        if a[-1:].isalpha() and a.islower() and b[0].isupper() and b[1:].islower() and b.lower() in STOP_WORDS:
            hits += 1
    return hits >= min_count and hits >= min_share * words
