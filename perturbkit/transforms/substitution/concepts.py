"""OpenMEVA's commonsense substitution: a noun or verb the story depends on replaced by a
neighbouring ConceptNet concept."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...annotation import Level, sentence_index, token_columns
from ...annotation.links import Witness, arguments, family, strict_witnesses
from ...example import Example
from ...transform import Effect, register
from ...transform.substitution import (
    Candidate,
    Proposal,
)
from ...transform.targeted import TargetedSubstitution
from .._substitution.antonym_frames import frame_kept, memory_flip_ok, states_fondness
from .._substitution.concepts import COMMONSENSE_POS, concept_neighbours, has_concept_edge
from .._substitution.contrasts import antonym_fits
from .._substitution.rhetoric import general_claim, litany
from .._substitution.scene_fit import animal_swap_ok, eye_flip_ok, is_animal
from .._substitution.story_contrasts import MAX_GAP, in_quotation, plain_statement, witness_kind
from .._substitution.story_turns import story_turns
from .._substitution.witness_fit import (
    clause_fits,
    close_siblings,
    compatible_witness,
    in_desire,
    number_lost,
    person_role_swap,
    same_event,
)

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token


@register
@dataclass(repr=False)
class ConceptNetSubstitution(TargetedSubstitution):
    """Replace a noun or verb the story depends on with a neighbouring ConceptNet concept (an
    antonym, or an IsA sibling of a thing the story mentions again: "the dog chased the cat. then
    the dog slept. the dog woke up" -> "then the fox slept"; an animal only where a later sentence
    names it again or has it do what the sibling cannot: :mod:`~.._substitution.scene_fit`),
    inflected like the original ("dogs" -> "cats").
    Targeted, only in a plain statement (not negated, asked, thought or quoted: "thinks he likes
    going"), never a phrasal verb ("calm you down"), a sibling only for a definite mention of a thing
    an earlier sentence names ("heard an approaching car" -> "truck" changes nothing a reader can
    check), and only with strict witnesses nearby (no name, no compound: "the oven mitt")."""

    name = "conceptnet_substitution"
    aspect = "commonsense"
    effect = Effect.BREAKS
    level = Level.PARSE
    requires = ("wordnet",)
    example = "The dog chased the cat into the garden. Then the dog slept. The dog woke up at noon."
    label = "conceptnet"
    upos = COMMONSENSE_POS
    memo_fields = ("conceptnet",)

    rate: float | None = None
    conceptnet: str | None = None

    @property
    def provider(self):
        from ...resources.conceptnet import get_provider

        return get_provider(self.conceptnet)

    def sites(self, doc: Doc) -> list[tuple[int, str]]:
        """The replaceable words the provider knows."""
        known, lemmas = self.provider.has, token_columns(doc)["lemma"]
        return [(i, pos) for i, pos in super().sites(doc) if known(lemmas[i])]

    def propose(self, lemma: str, pos: str) -> list[Proposal]:
        return [Proposal(w, rel) for w, rel in concept_neighbours(self.provider, lemma, pos)]

    def fits(self, tok: Token, lemma: str, proposal: Proposal) -> bool:
        if not antonym_fits(tok, lemma, proposal.lemma):
            return False
        if not self.targeted:
            return True
        if not plain_statement(tok) or in_desire(tok):
            return False  # "decided to sell a caged bird": a plan, no fact
        if general_claim(tok) or litany(tok, lemma, proposal.lemma):
            return False  # "Each choice we make creates", "I die , I am reborn , I die" (round 69)
        if tok.pos_ == "NOUN" and not _noun_fits(tok, lemma, proposal):
            return False
        if tok.pos_ == "VERB" and (_path_or_means(tok) or tok.dep_ in ("relcl", "acl")):
            return False  # a relative clause describes, it asserts no event: "where people sell books"
        if not clause_fits(tok, lemma, proposal.lemma):
            return False
        if lemma in ("stop", "start") and not any(c.dep_ in _COMPLEMENTS for c in tok.children):
            return False  # a bare "Now , I started": read as "startled", not as the opposite of stopping
        if not (memory_flip_ok(tok, lemma) and frame_kept(tok, lemma) and eye_flip_ok(tok, lemma)):
            return False  # "I forget that it was loud", "before I even closed my eyes" (rounds 56 and 60)
        if tok.pos_ == "NOUN" and person_role_swap(lemma, proposal.lemma):
            return False  # "the teacher called his parents" -> "the student": another role may act too
        if story_turns(tok, lemma, proposal.lemma):
            return False  # "his ice cream stand ... selling two flavors" -> "buying": a merchant buys too
        if proposal.source != "CoHyponym":
            return True
        if is_animal(lemma) and not animal_swap_ok(tok, lemma, proposal.lemma):
            return False  # "riding the horses" -> "the mules" as the last mention fits the scene (round 60)
        return _definite_remention(tok, lemma)

    def witnesses(self, doc: Doc, i: int) -> tuple[Witness, ...]:
        """Strict witnesses (:func:`~perturbkit.annotation.links.strict_witnesses`) in other
        sentences at most :data:`MAX_GAP` away, themselves plain statements outside quotations, no
        modifier of another noun ("the oven" ... "his oven mitt"); a verb's only the verb again (or
        its family) or its own object again ("loves taking his son fishing" is not about "the fish"
        caught later)."""
        own = sentence_index(doc)[i]
        found = [
            w
            for w in strict_witnesses(doc, super().witnesses(doc, i), own)
            if w.sentence != own
            and abs(w.sentence - own) <= MAX_GAP
            and doc[w.token].dep_ not in ("amod", "compound")
            and plain_statement(doc[w.token])
            and not in_quotation(doc[w.token])
            and not compatible_witness(doc[w.token].sent.text)
        ]
        tok = doc[i]
        if tok.pos_ == "VERB":
            lemma = tok.lemma_.lower()
            same = family(lemma, "VERB") | {lemma}
            objects = {doc[a].lemma_.lower() for a in arguments(doc, i, 1) if doc[a].pos_ == "NOUN"}
            if witness_kind(lemma, "VERB") not in ("object", "any"):
                objects = set()  # "raised her hand ... the teacher noticed the hand" fits "lowered" too
            found = [
                w
                for w in found
                if (doc[w.token].lemma_.lower() in same and same_event(tok, doc[w.token]))
                or (doc[w.token].pos_ == "NOUN" and doc[w.token].lemma_.lower() in objects)
            ]
            if lemma == "love":  # "hated" contradicts only a stated fondness for the same thing (round 60)
                found = [w for w in found if states_fondness(doc[w.token])]
        return tuple(found)

    def applicable(self, example: Example, doc: Doc) -> bool:
        return has_concept_edge(doc, self.provider) and super().applicable(example, doc)

    def count(self, doc: Doc) -> int:
        """``max_words``, or with ``rate`` OpenMEVA's share of the concept words (at least one)."""
        return self.max_words if self.rate is None else max(1, round(self.rate * len(self.sites(doc))))

    def pick_one(self, rng: random.Random, cands: Sequence[Candidate]) -> Candidate:
        """One of the word's concepts, an antonym where it has one."""
        antonyms = [c for c in cands if c.source == "Antonym"]
        return rng.choice(antonyms or list(cands))


#: What makes "stop"/"start" say what stopped or started ("stopped walking", "started the car").
_COMPLEMENTS = frozenset({"dobj", "xcomp", "ccomp", "prep", "nsubjpass"})


def _noun_fits(tok: Token, lemma: str, proposal: Proposal) -> bool:
    """A noun's substitute keeps its number ("some of the trees" -> "bramble"), is no antonym (a
    noun's opposite is mostly an abstract one whose phrase was chosen for the original: "an
    atmosphere of heavy depression" -> "heavy elation", "his health started failing" -> "his illness
    started failing", "bets on my death" -> "on my birth"; round 660), and a sibling is another kind,
    not a variant of the same one ("tree" -> "shrub", "car" -> "truck")."""
    if number_lost(tok, proposal.lemma):
        return False
    if proposal.source == "Antonym":
        return False  # an abstract noun's opposite garbles its phrase: "heavy elation", "his illness started failing"
    return not (proposal.source == "CoHyponym" and close_siblings(lemma, proposal.lemma))


#: Prepositions and adverbs of a path or a means, which a verb's antonym does not take in the same
#: sense: "pulled a box out of my coat" -> "pushed a box out of", "arm their homes with traps" ->
#: "disarm ... with traps", "the bus stopped a mile from her house" -> "started a mile from".
_PATH_OR_MEANS = frozenset({"with", "out", "from", "into", "onto", "off", "away", "through", "across"})
#: Postures a movement ends in: "fell to one knee" -> "rose to one knee" is a natural movement of
#: its own, which a later "where I fell" hardly contradicts (round 742, wp 572).
_POSTURES = frozenset({"knee", "knees", "foot", "feet", "hand", "hands", "seat", "back", "side", "stomach"})


def _path_or_means(verb: Token) -> bool:
    """The verb has a path or means complement (:data:`_PATH_OR_MEANS`), a posture it ends in
    ("to one knee", :data:`_POSTURES`) or a measure ("a mile")."""
    for c in verb.children:
        if c.dep_ in ("prep", "prt", "advmod") and c.lower_ in _PATH_OR_MEANS:
            return True
        if c.dep_ == "prep" and c.lower_ == "to" and any(g.lower_ in _POSTURES for g in c.children):
            return True
        if c.dep_ == "npadvmod":
            return True
    return False


#: Determiners of a thing already known to the reader ("the car"; a possessive may name another
#: one: "heard an approaching car ... its owner's car").
_DEFINITE = frozenset({"the", "this", "that", "these", "those"})


def _definite_remention(tok: Token, lemma: str) -> bool:
    """``tok`` names again, definitely, a thing an earlier sentence names ("a dog ... then the dog
    slept"): its sibling there ("then the fox slept") is another thing than the one the story set up."""
    if not any(c.dep_ == "det" and c.lower_ in _DEFINITE for c in tok.children):  # not "his owner's car"
        return False
    start = tok.sent.start
    return any(t.lemma_.lower() == lemma and t.pos_ == "NOUN" for t in tok.doc[:start])
