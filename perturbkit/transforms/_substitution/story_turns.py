"""Swaps the story itself makes plausible (``conceptnet_substitution`` and the targeted
``keyword_substitution``): a converse verb whose other role the protagonist plays too ("a stand
owner ... only selling two flavors" -> "only buying": a merchant buys stock as well), a relation the
story turns ("I had joined my sworn enemy ... succumbed to my enemies' evil" -> "my friends' evil":
the villains are his allies now), an emotion whose cues fit its opposite too ("he 'd stop and cry
... and wipe the teardrops" -> "laugh": tears come with both), and a negative-prefix derivation of an
abstract noun ("the scope of their abilities" -> "inabilities": awkward, no contradiction), a modal
judgement ("it was impossible" -> "possible") and the object of a detecting verb ("caught the fake
id" -> "the real id"), and round 746's other readings: "destroys his own levels" in a game (slang
for beating them), "each choice destroys a timeline" (a law of a premise, no event), "the good
human" for the story's "bad human" (another person) and "disliked their dogs" before looking for a
dog (another dog may still be wanted)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Converse verbs: one event seen from its two sides. Whoever buys may sell as well (a shop owner
#: buys his stock), lends and borrows, gives and receives.
CONVERSES = frozenset(
    {
        ("buy", "sell"),
        ("sell", "buy"),
        ("lend", "borrow"),
        ("borrow", "lend"),
        ("give", "receive"),
        ("receive", "give"),
        ("rent", "lease"),
        ("lease", "rent"),
    }
)
#: Words of a trade, whose people stand on both sides of a sale ("an ice cream stand", "his
#: business", "customers"): "selling" there may as well be "buying".
_TRADE = frozenset(
    """business stand stall shop store market customer client sale profit restaurant bakery company merchant
    dealer vendor shopkeeper seller buyer trade inventory stock supply supplier wholesale retail shelf
    shelves""".split()
)
#: Nouns of a relation between characters, which a story may turn ("joined my sworn enemy").
RELATIONS = frozenset("""friend enemy foe ally rival stranger partner companion opponent nemesis""".split())
#: Lemmas of a turned relation: a side joined, a friend betrayed, a former foe, a truce.
_TURNS = frozenset(
    """join betray befriend become reconcile forgive traitor former defect alliance truce switch anymore
    turncoat""".split()
)
#: Emotion opposites a reader tells apart only by their cues.
EMOTIONS = frozenset(
    """cry laugh weep sob smile frown giggle happy sad glad unhappy happiness sadness joy grief sorrow
    cheerful gloomy""".split()
)
#: Cues that fit both sides of an emotion: tears of joy as of grief, an overwhelmed heart.
_SHARED_CUES = re.compile(
    r"\b(?:tears?|teardrops?|teary|tearful|eyes? (?:welled|watered|watering)|emotional|overwhelm\w*|"
    r"hysteric\w*|bittersweet|mixed feelings)\b"
)
#: Negative prefixes of a derived abstract noun ("inability", "dishonesty", "unhappiness").
_NEGATIVE_PREFIXES = ("in", "im", "il", "ir", "un", "dis", "non", "mis")
#: WordNet classes of things, whose nouns are no abstract derivations.
_CONCRETE = frozenset({"noun.artifact", "noun.animal", "noun.person", "noun.food", "noun.plant", "noun.object"})


def _story_lemmas(tok: Token) -> set[str]:
    """The lemmas of the story outside ``tok`` itself."""
    return {t.lemma_.lower() for t in tok.doc if t.i != tok.i} | {t.lower_ for t in tok.doc if t.i != tok.i}


def converse_both_roles(tok: Token, lemma: str, new_lemma: str) -> bool:
    """``new_lemma`` is ``lemma``'s converse (:data:`CONVERSES`) and the protagonist may play both
    roles: the story is about a trade (:data:`_TRADE`) or names the converse itself elsewhere
    ("bought ... sold")."""
    if (lemma, new_lemma) not in CONVERSES:
        return False
    words = _story_lemmas(tok)
    trade = words & _TRADE or any(w.endswith(("store", "shop", "market")) for w in words)  # "bookstore"
    return bool(trade) or new_lemma in words


def relation_turned(tok: Token, lemma: str, new_lemma: str) -> bool:
    """Both nouns name a relation (:data:`RELATIONS`) and the story turns it: it names the new
    relation too ("betrayed my only friend") or a side joined, a friend betrayed (:data:`_TURNS`,
    "no longer")."""
    if lemma not in RELATIONS or new_lemma not in RELATIONS:
        return False
    words = _story_lemmas(tok)
    if new_lemma in words or words & _TURNS:
        return True
    return "no longer" in tok.doc.text.lower()


def emotion_cues_shared(tok: Token, lemma: str, new_lemma: str) -> bool:
    """Both words name emotions (:data:`EMOTIONS`) and the story has a cue fitting either
    (:data:`_SHARED_CUES`: "wipe the teardrops" follows laughing as well as crying)."""
    if lemma not in EMOTIONS or new_lemma not in EMOTIONS:
        return False
    return bool(_SHARED_CUES.search(tok.doc.text.lower()))


def negative_derivation(tok: Token, lemma: str, new_lemma: str) -> bool:
    """A noun and its negative-prefix derivation ("ability" -> "inability", "honesty" ->
    "dishonesty"), of an abstract sense: the derived noun reads as awkward, not as the opposite."""
    if tok.pos_ != "NOUN":
        return False
    short, long = sorted((lemma, new_lemma), key=len)
    if not any(long == p + short for p in _NEGATIVE_PREFIXES):
        return False
    from ...resources.wordnet import wordnet

    first = wordnet().first_synset(short, "n")
    return first is None or first.lexname() not in _CONCRETE


#: Judgements of what can be done: "it was impossible to evacuate" -> "possible" clashes with
#: nothing a story states (round 69).
_MODAL = frozenset({"possible", "impossible", "likely", "unlikely", "able", "unable"})
#: Verbs of spotting a forgery or a lie: "the bouncer caught the fake id" -> "the real id" reads
#: as finding her real one (round 69).
_DETECTING = frozenset({"catch", "spot", "detect", "notice", "discover", "expose", "find"})


def modal_or_detected(tok: Token, lemma: str, new_lemma: str) -> bool:
    """A swap of a modal judgement, or of what a detecting verb's object is ("caught the fake id")."""
    if lemma in _MODAL or new_lemma in _MODAL:
        return True
    head = tok.head
    return tok.dep_ == "amod" and head.dep_ == "dobj" and head.head.lemma_.lower() in _DETECTING


#: Words of a game, where "destroy" is slang for beating ("he destroys his own levels").
_GAME = frozenset("game games gamer gaming level levels player play console videogame".split())
#: WordNet classes of an agent, whose creating or destroying is an event.
_AGENTS = frozenset({"noun.person", "noun.group", "noun.animal"})
#: Verbs of fondness, whose object another's ("their dogs") is one instance of a kind.
_FONDNESS = frozenset({"like", "love", "enjoy", "dislike", "hate"})


def _first_lexname(lemma: str) -> str | None:
    from ...resources.wordnet import wordnet

    first = wordnet().first_synset(lemma, "n")
    return first.lexname() if first is not None else None


def reads_otherwise(tok: Token, lemma: str, new_lemma: str) -> bool:
    """The swap has another reading than a contradiction (round 746): "destroy" in a game (slang
    for beating), a creating verb whose subject is no agent ("each choice creates a timeline": a
    law, not an event), an adjective of a person ("the bad human" -> "the good human": another
    person) and a fondness for someone else's thing ("liked their dogs": not the kind)."""
    if new_lemma == "destroy" and _story_lemmas(tok) & _GAME:
        return True
    if tok.pos_ == "VERB" and "destroy" in (lemma, new_lemma):
        subj = [c for c in tok.children if c.dep_ in ("nsubj", "nsubjpass")]
        if any(s.pos_ == "NOUN" and _first_lexname(s.lemma_.lower()) not in _AGENTS for s in subj):
            return True
    head = tok.head
    if tok.dep_ == "amod" and head.pos_ == "NOUN":
        noun = head.lemma_.lower()
        if noun in ("human", "person", "people") or _first_lexname(noun) == "noun.person":
            return True
    if lemma in _FONDNESS and tok.pos_ == "VERB":
        return any(
            c.dep_ == "dobj" and any(d.dep_ == "poss" and d.lower_ not in ("my", "our") for d in c.children)
            for c in tok.children
        )
    return False


def story_turns(tok: Token, lemma: str, new_lemma: str) -> bool:
    """The story itself makes ``new_lemma`` plausible in place of ``tok``, or the swap is awkward
    rather than contradictory (see the module doc)."""
    return (
        converse_both_roles(tok, lemma, new_lemma)
        or relation_turned(tok, lemma, new_lemma)
        or emotion_cues_shared(tok, lemma, new_lemma)
        or negative_derivation(tok, lemma, new_lemma)
        or modal_or_detected(tok, lemma, new_lemma)
        or reads_otherwise(tok, lemma, new_lemma)
    )
