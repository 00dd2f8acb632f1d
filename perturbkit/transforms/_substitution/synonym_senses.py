"""Sense checks of a synonym swap in its sentence. The synonym lexicon's pairs hold in a word's
main sense; strict readings (round 57, of ``semantic_repetition`` and ``paraphrase``, whose rule
paraphraser swaps synonyms) found swaps where the sentence used another one. ``synonym_fits``
declines them for every transform that swaps synonyms:

- start/begin of a machine or a thing ("the mower would not start" -> "would n't begin"): "begin"
  needs an event or an activity ("the game started", "he started his new job");
- jump -> leap of a parachute or bungee jump, or with no path ("when i jumped after that, i had to
  open my reserve chute"): "leap" is a bound over or into something;
- big/large of an event or an act ("threw a big party" -> "a large party": a crowd) or of "ones";
  "larger"/"largest" of a whole rather than a concrete thing ("the larger structure of our
  relationship" -> "bigger": broader, not of a greater size);
  small -> little before a compound ("a small bathroom light" -> "just a little bathroom light");
- "grandmother" -> "grandma" only after a possessive ("my grandma", not "the grandma");
- big/little as an evaluative or endearing word next to another adjective ("his big old fancy
  sled", "a quaint little half-moon", "poor little thing"): "large old", "quaint small" break the
  set phrase;
- an adjective before "lot" ("an awful lot" -> "a terrible lot"): a set phrase;
- a word repeated elsewhere in the text (an echo or the same thing named again, :func:`echo_free`);
- a verb whose past form is its base form ("I shut the door behind , lock it"): its tense is
  ambiguous, and a synonym with a distinct past ("closed") can switch a present-tense story.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._character.animacy import noun_lexname

if TYPE_CHECKING:
    from spacy.tokens import Token

_START = frozenset({"start", "begin"})
# WordNet lexicographer files (most frequent noun sense) of what can begin: events and activities
_ACTIVITY = frozenset({"noun.event", "noun.act", "noun.time", "noun.process", "noun.phenomenon", "noun.communication"})
# events WordNet files under another sense ("party": a political group)
_EVENTS = frozenset("party class school season semester term meeting wedding ceremony service show".split())
# WordNet lexicographer files of things whose size is measured ("larger muscles", "a larger room")
_CONCRETE = frozenset(
    {"noun.artifact", "noun.body", "noun.animal", "noun.plant", "noun.object", "noun.food", "noun.substance"}
    | {"noun.location", "noun.person"}
)
# words of a jump from a height that "leap" would misname
_FALL = ("parachut", "chute", "skydiv", "bungee", "plane", "jump school", "cliff")
# what makes "jump" a bound somewhere: a path particle or preposition right after it
_PATH = frozenset(
    "over into onto off out up down across through from on in to back around at toward towards inside "
    "outside aside away forward ahead onboard aboard atop upon".split()
)
_SIZE = frozenset({"big", "little", "large", "small"})
# verbs whose past tense is their base form: "shut" may be present or past
_SAME_PAST = frozenset(
    "shut put cut hit set let hurt quit cast spread split burst cost bet bid read rid shed slit thrust upset "
    "beat broadcast fit knit wet".split()
)


def _activity(tok: Token | None) -> bool:
    """``tok`` is a noun whose most frequent sense is an event, an act or a period."""
    if tok is None or tok.pos_ not in ("NOUN", "PROPN"):
        return False
    return tok.lemma_.lower() in _EVENTS or noun_lexname(tok.lemma_.lower()) in _ACTIVITY


def _child(tok: Token, deps: tuple[str, ...]) -> Token | None:
    return next((c for c in tok.children if c.dep_ in deps), None)


def start_ok(tok: Token) -> bool:
    """start/begin may swap: an event or activity begins ("the party started"), or someone begins
    one ("she started her shift"); never a machine or a thing ("the car would not start", "he
    started the car"), a pronoun subject ("it started") or a passive."""
    subj, obj = _child(tok, ("nsubj", "nsubjpass")), _child(tok, ("dobj", "obj"))
    if subj is None or subj.dep_ == "nsubjpass":
        return False
    return _activity(obj) if obj is not None else _activity(subj)


def jump_ok(tok: Token) -> bool:
    """jump -> leap only for a bound along a path ("jumped over the fence", "jumped into the pool"),
    never in a parachute, bungee or cliff jump."""
    low = tok.doc.text.lower()
    if any(w in low for w in _FALL):
        return False
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    return nxt is not None and nxt.lower_ in _PATH


def size_ok(tok: Token) -> bool:
    """big/little/large/small may swap only standing alone: not after an evaluative adjective
    ("quaint little", "nice little", "poor little") nor before another adjective ("big old",
    "little old", "big fat")."""
    doc = tok.doc
    near = [doc[k] for k in (tok.i - 1, tok.i + 1) if 0 <= k < len(doc)]
    if tok.dep_ == "amod" and (tok.head.lemma_.lower() == "one" or _activity(tok.head)):
        return False  # "the big ones" (jumps), "threw a big party" -> "large" (rounds 746, 747)
    if tok.lower_ == "small" and tok.dep_ == "amod" and (tok.head.i != tok.i + 1 or tok.head.dep_ == "compound"):
        return False  # "just a little bathroom light": "a little" reads as "slightly" (round 747)
    return not any(t.pos_ == "ADJ" or t.tag_ in ("JJ", "JJR", "JJS") for t in near)


def literal_size(tok: Token) -> bool:
    """ "larger"/"largest" measure a concrete thing ("larger muscles", "the room was larger"), not
    the broader whole of something ("the larger structure of our relationship", "a larger family"),
    where "bigger" reads literal (round 101)."""
    noun = tok.head if tok.dep_ == "amod" else None
    if tok.dep_ == "acomp":
        noun = next((c for c in tok.head.children if c.dep_ == "nsubj"), None)
    if noun is None or noun.pos_ != "NOUN" or noun_lexname(noun.lemma_.lower()) not in _CONCRETE:
        return False
    doc = tok.doc
    return not (noun.i + 1 < len(doc) and doc[noun.i + 1].lower_ == "of")


def echo_free(tok: Token) -> bool:
    """The word's lemma occurs nowhere else in the text: a repeated word is an echo or names the same
    thing again ("drove to the store . the store had ..." -> "the shop . the store", "I 'm okay .
    You do n't sound okay" -> "sound fine", "most expensive ... the expensive end" -> "pricey end",
    "I get to choose . I get to choose": rounds 33, 71 and 746), which one synonym would break."""
    lemma = tok.lemma_.lower()
    return not any(t.i != tok.i and t.lemma_.lower() == lemma for t in tok.doc)


def sense_kept(tok: Token) -> bool:
    """True when swapping ``tok`` for its synonym keeps the sense it has here (the echo, start/begin,
    jump/leap, big/little, "a lot" and same-past checks above)."""
    doc, lemma, word = tok.doc, tok.lemma_.lower(), tok.lower_
    if not echo_free(tok):
        return False
    if lemma == "grandmother" and not any(c.dep_ == "poss" for c in tok.children):
        return False  # "the grandma told them": a familiar name wants "my", "her" (round 747)
    if lemma in _START and tok.pos_ in ("VERB", "AUX") and not start_ok(tok):
        return False
    if lemma == "jump" and tok.pos_ == "VERB" and not jump_ok(tok):
        return False
    if word in _SIZE and not size_ok(tok):
        return False
    if lemma == "large" and tok.tag_ in ("JJR", "JJS") and not literal_size(tok):
        return False  # "the larger structure of our relationship": broader, not bigger (round 101)
    if tok.i + 1 < len(doc) and doc[tok.i + 1].lower_ == "lot":
        return False
    return not (tok.pos_ == "VERB" and word == lemma and tok.tag_ in ("VBD", "VBN", "VBP", "VB") and word in _SAME_PAST)
