"""WordNet antonyms and synonyms (of any content word, or of adjectives: RoMe's adjective case),
through the word's most frequent sense only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...annotation import Level, sentence_index
from ...annotation.links import Witness, strict_witnesses
from ...transform import Effect, register
from ...transform.substitution import (
    Candidate,
    MaxWordsSubstitution,
    Proposal,
)
from ...transform.targeted import TargetedSubstitution
from .._substitution.antonym_frames import frame_kept, memory_flip_ok, states_fondness
from .._substitution.antonyms import antonyms_of, provider
from .._substitution.contrasts import antonym_fits, antonym_garbles
from .._substitution.rhetoric import general_claim, litany
from .._substitution.story_contrasts import story_antonym_ok, story_witnesses
from .._substitution.story_turns import story_turns
from .._substitution.synonyms import may_have_synonym, synonym_fits, synonyms_of
from .._substitution.witness_fit import clause_fits, mood_may_shift, set_phrase

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

_ADJ_DEPS = ("amod", "acomp")


@register
@dataclass(repr=False)
class Antonym(TargetedSubstitution):
    """Replace a word the story depends on with an antonym of its most frequent sense ("he won a
    lot of money. he bet all his winnings" -> "he lost a lot of money. ...")."""

    name = "antonym"
    aspect = "consistency"
    effect = Effect.BREAKS
    level = Level.PARSE
    requires = ("wordnet",)
    example = "Tom won a lot of money. He bet all his winnings on black."
    label = "antonym"
    memo_fields = ("conceptnet", "targeted")  # targeted, only story-safe antonyms fit

    conceptnet: str | None = None

    def propose(self, lemma: str, pos: str) -> list[Proposal]:
        return [Proposal(a, s) for a, s in antonyms_of(lemma, pos, provider(self.conceptnet))]

    def fits(self, tok: Token, lemma: str, proposal: Proposal) -> bool:
        """The antonym fits the sentence; targeted, it is also a story-safe opposite in a plain
        statement (:func:`~.._substitution.story_contrasts.story_antonym_ok`)."""
        if self.targeted and not (
            story_antonym_ok(tok, lemma, proposal.lemma) and self._frame_ok(tok, lemma, proposal)
        ):
            return False
        if self.targeted and tok.pos_ == "ADJ" and (mood_may_shift(tok) or set_phrase(tok)):
            return False  # "I am happy" said in a monologue (rounds 41 and 77), "good try"
        return antonym_fits(tok, lemma, proposal.lemma) and not antonym_garbles(tok, proposal.lemma)

    @staticmethod
    def _frame_ok(tok: Token, lemma: str, proposal: Proposal) -> bool:
        """The clause suits the opposite (:func:`~.._substitution.witness_fit.clause_fits`: no loose
        gerund, "until", condition), no remembered image or fading, no created thing told by what it
        would be, no "instead" (:mod:`~.._substitution.antonym_frames`; rounds 56 and 670); no general
        claim or litany (:mod:`~.._substitution.rhetoric`) and nothing the story itself turns
        (:func:`~.._substitution.story_turns.story_turns`; round 74)."""
        new = proposal.lemma
        if general_claim(tok) or litany(tok, lemma, new) or story_turns(tok, lemma, new):
            return False  # a general claim, a litany, a swap the story makes plausible (round 74)
        return clause_fits(tok, lemma, new) and memory_flip_ok(tok, lemma) and frame_kept(tok, lemma)

    def witnesses(self, doc: Doc, i: int) -> tuple[Witness, ...]:
        """Only strict witnesses (:func:`~perturbkit.annotation.links.strict_witnesses`): no lone
        pronoun elsewhere, no frequent noun ("friend", "love"), a noun only as an object or subject;
        an attributive adjective's witness must mention its noun again; and only those the pair
        needs, nearby (:func:`~.._substitution.story_contrasts.story_witnesses`); for "love" only a
        stated fondness for the same thing (:func:`~.._substitution.antonym_frames.states_fondness`);
        never a sentence that repeats the edited one word for word (a refrain)."""
        found = strict_witnesses(doc, super().witnesses(doc, i), sentence_index(doc)[i])
        found = story_witnesses(doc, i, found)
        tok = doc[i]
        if tok.lemma_.lower() == "love":  # "hated" contradicts only a stated fondness (round 56)
            found = tuple(w for w in found if states_fondness(doc[w.token]))
        if tok.pos_ == "ADJ" and tok.dep_ == "amod":  # "small children" is no witness of "a small soda"
            noun, sent = tok.head.lemma_.lower(), sentence_index(doc)
            found = tuple(w for w in found if any(t.lemma_.lower() == noun for t in doc if sent[t.i] == w.sentence))
        own = tok.sent.text.strip().lower()  # a refrain is no witness: "I am happy . Say it again . I am happy"
        return tuple(w for w in found if doc[w.token].sent.text.strip().lower() != own)

    def choices(self, doc: Doc) -> Sequence[Candidate]:
        """ConceptNet's antonyms only where the vetted resources give too few."""
        cands = self.candidates(doc)
        vetted = [c for c in cands if c.source != "conceptnet"]
        return vetted if len(vetted) >= self.max_words else cands


@register
@dataclass(repr=False)
class Synonym(MaxWordsSubstitution):
    """Replace words with a strict synonym: listed by the project and in the word's most frequent
    WordNet sense ("purchased" for "bought", "began" for "started")."""

    name = "synonym"
    aspect = "synonym"
    effect = Effect.PRESERVES
    level = Level.PARSE
    requires = ("wordnet",)
    example = "She started to cry when she saw the big dog."
    label = "synonym"

    def possible(self, text: str) -> bool:
        """No form of a listed word (``synonyms.tsv``): no synonym, no parse."""
        return may_have_synonym(text)

    def propose(self, lemma: str, pos: str) -> list[Proposal]:
        return [Proposal(syn, "wordnet", obj) for syn, obj in synonyms_of(lemma, pos)]

    def fits(self, tok: Token, lemma: str, proposal: Proposal) -> bool:
        return synonym_fits(tok, lemma, proposal.lemma, proposal.usage)


@register
@dataclass(repr=False)
class AdjectiveAntonym(Antonym):
    """Replace an adjective the story depends on (attributive or predicative) with its antonym
    (RoMe's adjective case): "the soup was hot. he waited for the hot soup to cool" -> "cold"."""

    name = "adjective_antonym"
    aspect = "adjective"
    example = "The soup was hot. He waited for the hot soup to cool."
    upos = ("ADJ",)
    deps = _ADJ_DEPS


@register
@dataclass(repr=False)
class AdjectiveSynonym(Synonym):
    """Replace one adjective (attributive or predicative) with a strict synonym (RoMe)."""

    name = "adjective_synonym"
    aspect = "adjective"
    example = "The big dog was very happy to see the little boy."
    upos = ("ADJ",)
    deps = _ADJ_DEPS
