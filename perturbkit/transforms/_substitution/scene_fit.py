"""Scene checks of the two witness-targeted substitutions (``keyword_substitution`` and
``conceptnet_substitution``) that a strict reader (round 60) found missing:

- "opened my eyes" <-> "closed my eyes" is a moment, not a fact another sentence holds: "saw the
  bright of morning before I even closed my eyes" reads naturally beside a later "as I opened my
  eyes". The flip contradicts the story only where a neighbouring sentence states the eyes' state
  the original verb left ("her eyes were wide open").
- An animal's sibling ("riding the horses" -> "riding the mules", "feeding the squirrels" ->
  "the rats") plausibly fits the scene unless the story keeps naming the old animal after the swap
  (a recurring referent the new one contradicts) or has it do later what the new one cannot ("the
  dog" -> "the fox" ... "it barked").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

_EYE_VERBS = frozenset({"open", "close", "shut"})
_EYES = frozenset({"eye", "eyelid", "lid"})
#: The state each eye verb leaves: "opened" -> "open".
_STATE = {"open": frozenset({"open"}), "close": frozenset({"closed", "shut"}), "shut": frozenset({"closed", "shut"})}


def _sentences_around(tok: Token) -> list[Span]:
    sents = list(tok.doc.sents)
    k = next(n for n, s in enumerate(sents) if s.start <= tok.i < s.end)
    return [s for s in sents[max(0, k - 1) : k + 2] if not (s.start <= tok.i < s.end)]


def _states(sent: Span, words: frozenset[str]) -> bool:
    """``sent`` says the eyes are in a state of ``words`` ("her eyes were wide open", "with eyes
    closed"), not negated and not as the verb again ("as I opened my eyes": another moment)."""
    if not any(t.lemma_.lower() in _EYES for t in sent):
        return False
    for t in sent:
        if t.lower_ in words and t.pos_ in ("ADJ", "VERB") and t.tag_ in ("JJ", "VBN"):
            if t.dep_ in ("acomp", "amod", "oprd", "advcl", "ccomp", "conj", "xcomp") and not any(
                c.dep_ == "neg" for c in t.head.children
            ):
                return True
    return False


def eye_flip_ok(tok: Token, lemma: str) -> bool:
    """ "open one's eyes" <-> "close one's eyes" at ``tok`` contradicts the story only where a
    neighbouring sentence states the state the original verb left (:func:`_states`); other verbs
    and objects: True."""
    if lemma not in _EYE_VERBS or tok.pos_ != "VERB":
        return True
    if not any(c.dep_ == "dobj" and c.lemma_.lower() in _EYES for c in tok.children):
        return True
    return any(_states(s, _STATE[lemma]) for s in _sentences_around(tok))


#: Acts only some animals do: "the fox barked" cannot be.
_SPECIES_ACTS = {
    "bark": frozenset({"dog", "puppy"}),
    "woof": frozenset({"dog", "puppy"}),
    "meow": frozenset({"cat", "kitten"}),
    "purr": frozenset({"cat", "kitten"}),
    "neigh": frozenset({"horse", "pony"}),
    "whinny": frozenset({"horse", "pony"}),
    "moo": frozenset({"cow", "calf"}),
    "oink": frozenset({"pig"}),
    "quack": frozenset({"duck"}),
    "cluck": frozenset({"chicken", "hen"}),
    "bray": frozenset({"donkey", "mule"}),
    "bleat": frozenset({"sheep", "goat", "lamb"}),
}
_ANIMAL_PRONOUNS = frozenset({"it", "he", "she", "they"})


def is_animal(lemma: str) -> bool:
    """The noun's first WordNet sense is an animal."""
    from ...resources.wordnet import wordnet

    s = wordnet().first_synset(lemma, "n")
    return s is not None and s.lexname() == "noun.animal"


def _same_kind_of_scene(lemma: str, new_lemma: str) -> bool:
    """The animals' first senses share a direct parent ("horse"/"mule": equines, "squirrel"/"rat":
    rodents, "cow"/"beef") and the old one is no domestic animal the new one is not ("dog" ->
    "fox": a pet turned wild stays a contradiction): the new one plausibly shares the scene."""
    from ...resources.wordnet import wordnet

    wn = wordnet()
    a, b = wn.first_synset(lemma, "n"), wn.first_synset(new_lemma, "n")
    if a is None or b is None or not set(a.hypernyms()) & set(b.hypernyms()):
        return False
    pet = {h.name() for h in a.hypernyms()} - {h.name() for h in b.hypernyms()}
    return "domestic_animal.n.01" not in pet


def animal_swap_ok(tok: Token, lemma: str, new_lemma: str) -> bool:
    """An animal ``tok`` swapped for ``new_lemma`` contradicts the story: not a close relative that
    plausibly shares the scene (:func:`_same_kind_of_scene`: "riding the mules" on a farm), and a
    later sentence names the old animal again (not as a modifier: "a dog sweater") or has it (or a
    pronoun) do what only the old kind does ("it barked")."""
    if _same_kind_of_scene(lemma, new_lemma):
        return False
    doc = tok.doc
    for t in doc[tok.sent.end :]:
        if t.lemma_.lower() == lemma and t.pos_ == "NOUN" and t.dep_ not in ("compound", "amod"):
            return True
        kinds = _SPECIES_ACTS.get(t.lemma_.lower())
        if kinds and t.pos_ == "VERB" and lemma in kinds and new_lemma not in kinds:
            subj = [c for c in t.children if c.dep_ == "nsubj"]
            if any(s.lemma_.lower() == lemma or s.lower_ in _ANIMAL_PRONOUNS for s in subj):
                return True
    return False
