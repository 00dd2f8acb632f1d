"""Word substitution: antonyms, synonyms, adjective replacement (RoMe), UNION's keyword
substitution, ConceptNet concepts (OpenMEVA's commonsense test), random corpus words (OpenMEVA's
relatedness test) and mask tokens (RoMe's masked words: TextAttack's attack on RoMe showed that
metrics built on embeddings can score a story with words masked out close to the original).

The lexicon-driven ones are :class:`~perturbkit.transform.substitution.WordSubstitution`
subclasses: they replace single content words, keep the original's inflection ("agreed" ->
"disagreed", "happier" -> "sadder") and capitalisation, fix a preceding "a"/"an", and skip stop
words, names, entities, masks ([MALE]), parts of compounds and fixed expressions ("fell asleep").
Senses are never guessed from context: a word is replaced only through its most frequent
WordNet sense, and only when that sense dominates the word's uses.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..annotation import Annotator, Level, default_annotator, sentence_index, token_columns
from ..annotation.links import Witness, strict_witnesses, word_witnesses
from ..example import Example
from ..transform import Change, Effect, Transform, register
from ..transform.site_checks import in_multiword, parse_agrees
from ..transform.substitution import (
    Candidate,
    MaxWordsSubstitution,
    Proposal,
    RateSubstitution,
)
from ..transform.targeted import TargetedSubstitution
from ..transform.targets import Target, choose, contradiction_note
from ._relatedness import RelatedStories, fit_docs
from ._substitution.antonyms import antonyms_of, provider
from ._substitution.concepts import COMMONSENSE_POS, concept_neighbours, has_concept_edge
from ._substitution.contrasts import antonym_fits, antonym_garbles
from ._substitution.corpus_words import (
    SlotVocabulary,
    corpus_vocabulary,
    corpus_word_changes,
    draw_word,
    slot_replaceable,
)
from ._substitution.frames import complements_ok
from ._substitution.keywords import (
    KEYWORD_POS,
    Vocabulary,
    corpus_draw,
    keyword_site_ok,
    keyword_vocabulary,
    near_synonym,
    same_kind,
)
from ._substitution.masks import maskable_words
from ._substitution.synonyms import synonym_fits, synonyms_of

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
    memo_fields = ("conceptnet",)

    conceptnet: str | None = None

    def propose(self, lemma: str, pos: str) -> list[Proposal]:
        return [Proposal(a, s) for a, s in antonyms_of(lemma, pos, provider(self.conceptnet))]

    def fits(self, tok: Token, lemma: str, proposal: Proposal) -> bool:
        return antonym_fits(tok, lemma, proposal.lemma) and not antonym_garbles(tok, proposal.lemma)

    def witnesses(self, doc: Doc, i: int) -> tuple[Witness, ...]:
        """Only strict witnesses (:func:`~perturbkit.annotation.links.strict_witnesses`): no lone
        pronoun elsewhere, no frequent noun ("friend", "love"), a noun only as an object or subject;
        an attributive adjective's witness must mention its noun again."""
        found = strict_witnesses(doc, super().witnesses(doc, i), sentence_index(doc)[i])
        tok = doc[i]
        if tok.pos_ == "ADJ" and tok.dep_ == "amod":  # "small children" is no witness of "a small soda"
            noun, sent = tok.head.lemma_.lower(), sentence_index(doc)
            found = tuple(w for w in found if any(t.lemma_.lower() == noun for t in doc if sent[t.i] == w.sentence))
        return found

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


@register
@dataclass(repr=False)
class KeywordSubstitution(RateSubstitution):
    """UNION's word replacement, made a real inconsistency: replace words another sentence depends
    on (:mod:`~perturbkit.transform.targets`) with an antonym, else a noun mentioned again in
    another sentence with a corpus noun of the same form that is no near-synonym ("the cat ...
    the cat purred" -> "the grandpa ..."); None when nothing depends on a replaceable word.
    ``targeted=False`` is UNION's published sampler (used by ``union_negative``): ~15% of keywords,
    an antonym else any corpus word of the same form (tag and transitivity) drawn by frequency.
    Needs ``fit`` for the corpus words."""

    name = "keyword_substitution"
    aspect = "consistency"
    effect = Effect.BREAKS
    level = Level.PARSE
    requires = ("wordnet",)
    example = "Anna baked a chocolate cake for her brother's party. She was happy."
    label = "keyword"
    upos = KEYWORD_POS

    conceptnet: str | None = None
    min_count: int = 2
    max_words: int = 4
    targeted: bool = True

    _vocab: Vocabulary = field(default_factory=dict, init=False, repr=False, compare=False)

    def validate(self) -> None:
        super().validate()
        if self.min_count < 1:
            raise ValueError(f"min_count must be >= 1, got {self.min_count}")
        if self.max_words < 1:
            raise ValueError(f"max_words must be >= 1, got {self.max_words}")

    def how_many(self, n_sites: int) -> int:
        """About ``rate`` of the sites, at most ``max_words``: a long story gets a few swaps a
        reader notices, not twenty."""
        return min(self.max_words, super().how_many(n_sites))

    def sites(self, doc: Doc) -> list[tuple[int, str]]:
        """The base's sites, without lower-cased first names ("isa", "cami") and speaker labels
        ("Human:"); targeted, also without words the parse disagrees about or in multiword
        expressions."""
        out = [(i, pos) for i, pos in super().sites(doc) if keyword_site_ok(doc, i)]
        if self.targeted:
            out = [(i, pos) for i, pos in out if parse_agrees(doc, i) and not in_multiword(doc, i)]
        return out

    def fit(self, corpus: Sequence[Example | str], annotator: Annotator | None = None) -> KeywordSubstitution:
        """Count keyword forms per slot (tag, transitivity) over the corpus for random draws."""
        texts = [x.text if isinstance(x, Example) else str(x) for x in corpus]
        docs = (annotator or default_annotator()).pipe([t for t in texts if t.strip()], Level.PARSE)
        self._vocab = keyword_vocabulary(docs, self.min_count)
        return self

    @property
    def fitted(self) -> bool:
        return bool(self._vocab)

    def propose(self, lemma: str, pos: str) -> list[Proposal]:
        return [Proposal(a, s) for a, s in antonyms_of(lemma, pos, provider(self.conceptnet))]

    def fits(self, tok: Token, lemma: str, proposal: Proposal) -> bool:
        if self.targeted:
            return antonym_fits(tok, lemma, proposal.lemma)
        return complements_ok(tok, lemma, proposal.lemma)

    def applicable(self, example: Example, doc: Doc) -> bool:
        if self.targeted:
            antonyms, nouns = self.targets(doc)
            return bool(antonyms or nouns)
        if self.fitted:
            return bool(self.sites(doc))
        lemma = token_columns(doc)["lemma"]
        return any(self.propose(lemma[i], pos) for i, pos in self.sites(doc))

    def draw(self, doc: Doc, i: int, pos: str, rng: random.Random) -> Candidate | None:
        """An antonym that fits, else a corpus word of the same slot drawn by frequency."""
        tok = doc[i]
        lemma = tok.lemma_.lower()
        options = self.options(tok, lemma, pos)
        rng.shuffle(options)
        for p in options:
            c = self.inflect(tok, p)
            if c is not None:
                return c
        return corpus_draw(self._vocab, tok, lemma, rng)

    def targets(self, doc: Doc) -> tuple[list[Target], list[Target]]:
        """(antonym targets, corpus-noun targets): words with witnesses and antonyms that fit;
        else nouns another sentence names again (those mentions are the witnesses). A target's
        item is (token index, its antonym candidates)."""
        sent, lemma = sentence_index(doc), token_columns(doc)["lemma"]
        antonyms: list[Target] = []
        nouns: list[Target] = []
        for i, pos in self.sites(doc):
            wits = word_witnesses(doc, i)
            if not wits:
                continue
            tok = doc[i]
            cands = tuple(c for p in self.options(tok, lemma[i], pos) if (c := self.inflect(tok, p)) is not None)
            if cands:
                antonyms.append(Target((i, cands), sent[i], wits))
            elif pos == "NOUN" and self._vocab:
                again = tuple(w for w in wits if w.sentence != sent[i] and lemma[w.token] == lemma[i])
                if again:
                    nouns.append(Target((i, ()), sent[i], again))
        return antonyms, nouns

    def corpus_noun(self, doc: Doc, i: int, rng: random.Random) -> Candidate | None:
        """A corpus noun of the slot of noun ``i``, of the same kind (:func:`same_kind`) and no
        near-synonym of it (a few draws)."""
        tok = doc[i]
        lemma = tok.lemma_.lower()
        for _ in range(10):
            c = corpus_draw(self._vocab, tok, lemma, rng)
            if c is not None and same_kind(lemma, c.lemma) and not near_synonym(lemma, c.lemma):
                return c
        return None

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        if not self.targeted:
            return super().apply(example, doc, rng)
        antonyms, nouns = self.targets(doc)
        k = self.how_many(len(self.sites(doc)))
        changes: list[Change] = []
        for t in choose(rng, antonyms or nouns, k):
            i, cands = t.item
            c = rng.choice(cands) if cands else self.corpus_noun(doc, i, rng)
            if c is None:
                continue
            word, *rest = self.changes(doc, [c])
            changes += [word._replace(note=f"{word.note}; {contradiction_note(t.witnesses, own=t.sentence)}"), *rest]
        return self.rewrite(example, changes) if changes else None


@register
@dataclass(repr=False)
class ConceptNetSubstitution(TargetedSubstitution):
    """Replace a noun or verb the story depends on with a neighbouring ConceptNet concept (an
    antonym, or an IsA sibling of a thing the story mentions again: "the dog chased the cat. then
    the dog slept" -> "then the fox slept"), inflected like the original ("dogs" -> "cats")."""

    name = "conceptnet_substitution"
    aspect = "commonsense"
    effect = Effect.BREAKS
    level = Level.PARSE
    requires = ("wordnet",)
    example = "The dog chased the cat into the garden. Then the dog slept."
    label = "conceptnet"
    upos = COMMONSENSE_POS
    memo_fields = ("conceptnet",)

    rate: float | None = None
    conceptnet: str | None = None

    @property
    def provider(self):
        from ..resources.conceptnet import get_provider

        return get_provider(self.conceptnet)

    def sites(self, doc: Doc) -> list[tuple[int, str]]:
        """The replaceable words the provider knows."""
        known, lemmas = self.provider.has, token_columns(doc)["lemma"]
        return [(i, pos) for i, pos in super().sites(doc) if known(lemmas[i])]

    def propose(self, lemma: str, pos: str) -> list[Proposal]:
        return [Proposal(w, rel) for w, rel in concept_neighbours(self.provider, lemma, pos)]

    def fits(self, tok: Token, lemma: str, proposal: Proposal) -> bool:
        return antonym_fits(tok, lemma, proposal.lemma)

    def applicable(self, example: Example, doc: Doc) -> bool:
        return has_concept_edge(doc, self.provider) and super().applicable(example, doc)

    def count(self, doc: Doc) -> int:
        """``max_words``, or with ``rate`` OpenMEVA's share of the concept words (at least one)."""
        return self.max_words if self.rate is None else max(1, round(self.rate * len(self.sites(doc))))

    def pick_one(self, rng: random.Random, cands: Sequence[Candidate]) -> Candidate:
        """One of the word's concepts, an antonym where it has one."""
        antonyms = [c for c in cands if c.source == "Antonym"]
        return rng.choice(antonyms or list(cands))


@register
@dataclass(repr=False)
class RandomWordReplacement(RelatedStories):
    """Replace a share of nouns and verbs (``rate``, at most ``max_words``) with random corpus words
    of the same slot: the same Penn tag and, for verbs, the same frame (objects, complements,
    prepositions), so the sentence stays grammatical and only its relatedness breaks (needs ``fit``)."""

    name = "random_word_replacement"
    aspect = "relatedness"
    effect = Effect.BREAKS
    example = "Tom went to the store to buy some milk. He paid for the milk and went home."

    rate: float = 0.25
    max_words: int = 6
    vocab_size: int = 5000
    min_count: int = 2
    _vocab: SlotVocabulary | None = field(default=None, init=False, repr=False, compare=False)

    def validate(self) -> None:
        super().validate()
        if self.vocab_size < 1:
            raise ValueError(f"vocab_size must be positive, got {self.vocab_size}")
        if self.min_count < 1:
            raise ValueError(f"min_count must be at least 1, got {self.min_count}")
        if self.max_words < 1:
            raise ValueError(f"max_words must be at least 1, got {self.max_words}")

    def fit(self, corpus: Sequence[Example], annotator: Annotator | None = None) -> RandomWordReplacement:
        """Build the vocabulary: per slot (tag and verb frame), the ``vocab_size`` most frequent
        noun and verb forms of the corpus (seen at least ``min_count`` times); replacements are
        drawn uniformly from the slot's words."""
        docs = (doc for _, doc in fit_docs(corpus, annotator))
        self._vocab = corpus_vocabulary(docs, self.vocab_size, self.min_count)
        return self

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        if not self._vocab:
            return None
        cands = list(slot_replaceable(doc))
        if not cands:
            return None
        k = min(self.max_words, max(1, round(self.rate * len(cands))))
        rng.shuffle(cands)
        changes: list[Change] = []
        done: set[int] = set()
        for i in cands:
            if len(done) >= k:
                break
            if done & {i - 1, i + 1}:
                continue  # two neighbours replaced read as garble, not as unrelated words
            new = draw_word(rng, self._vocab, doc[i])
            if new is not None:
                done.add(i)
                changes += corpus_word_changes(doc, doc[i], new)
        return self.rewrite(example, changes) if changes else None


@register
@dataclass(repr=False)
class MaskWords(Transform):
    """Replace a share (``rate``, at least one) of content words with a mask token ("AAA")."""

    name = "mask_words"
    aspect = "robustness"
    effect = Effect.BREAKS
    level = Level.TOKENS
    example = "The old fisherman sailed out before dawn and caught a huge tuna."

    rate: float = 0.15
    token: str = "AAA"

    def validate(self) -> None:
        super().validate()
        if not self.token.strip() or any(c.isspace() for c in self.token):
            raise ValueError(f"token must be one non-blank word, got {self.token!r}")

    def applicable(self, example: Example, doc: Doc) -> bool:
        return any(w != self.token for w in maskable_words(doc)[1])

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        starts, words = maskable_words(doc)
        cands = [j for j, w in enumerate(words) if w != self.token]
        k = max(1, round(self.rate * len(cands)))
        picked = sorted(rng.sample(cands, k))  # in text order
        return self.rewrite(
            example, [Change(starts[j], starts[j] + len(words[j]), self.token, "masked") for j in picked]
        )
