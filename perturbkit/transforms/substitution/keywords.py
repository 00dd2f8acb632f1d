"""UNION's keyword substitution, made a real inconsistency: antonyms of words another sentence
depends on nearby (story-safe antonyms; corpus nouns on request), or UNION's published sampler."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...annotation import Annotator, Level, default_annotator, per_doc, sentence_index, token_columns
from ...annotation.links import strict_witnesses, word_witnesses
from ...example import Example
from ...transform import Change, Effect, register
from ...transform.site_checks import in_multiword, parse_agrees
from ...transform.substitution import (
    Candidate,
    Proposal,
    RateSubstitution,
    form_like,
)
from ...transform.targets import Target, choose, contradiction_note
from .._substitution.antonym_frames import frame_kept, memory_flip_ok, states_fondness
from .._substitution.antonyms import antonyms_of, provider
from .._substitution.contrasts import antonym_fits, antonym_garbles
from .._substitution.corpus_distance import NounUses, bare_fits, noun_uses
from .._substitution.keywords import (
    KEYWORD_POS,
    Vocabulary,
    corpus_draw,
    corpus_swap_ok,
    keyword_site_ok,
    keyword_vocabulary,
    near_synonym,
    same_kind,
)
from .._substitution.scene_fit import eye_flip_ok
from .._substitution.story_contrasts import negated, story_antonym_ok, story_witnesses
from .._substitution.story_turns import story_turns
from .._substitution.union_fit import (
    bare_verb_ok,
    corpus_noun_ok,
    gender_fits,
    makes_fixed_expression,
    strict_site_ok,
)
from .._substitution.witness_fit import clause_fits, compatible_witness, in_desire, mood_may_shift, set_phrase

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token


@per_doc
def _keyword_targets(doc: Doc) -> dict[tuple, tuple[tuple[Target, ...], tuple[Target, ...]]]:
    """:meth:`KeywordSubstitution.targets` in this Doc, by the parameters they depend on (filled
    there)."""
    return {}


@register
@dataclass(repr=False)
class KeywordSubstitution(RateSubstitution):
    """UNION's word replacement, made a real inconsistency: replace words another sentence nearby
    depends on (:mod:`~perturbkit.transform.targets`) with a story-safe antonym in a plain statement
    (:mod:`~perturbkit.transforms._substitution.story_contrasts`: "new pc ... the new pc" -> "old
    pc", never "found a log" -> "lost a log"); None when nothing depends on a replaceable word.
    ``corpus_nouns=True`` also replaces, when no antonym applies, a noun mentioned again in another
    sentence with a corpus noun of the same kind that is no near-synonym ("the cat ... the cat
    purred" -> "the grandpa ..."; off by default: readers mostly see such swaps as a changed detail
    or garble). ``targeted=False`` is UNION's published sampler (used by ``union_negative``): ~15%
    of keywords, an antonym else any corpus word of the same form (tag and transitivity) drawn by
    frequency. ``strict=True`` (with ``targeted=False``: ``union_negative``'s) keeps only the
    swaps readers do not find garbled (:mod:`~perturbkit.transforms._substitution.union_fit`):
    antonyms that pass the targeted mode's fit checks and make no fixed expression, corpus words
    only for nouns of the same kind, and in a bare singular slot only a noun the corpus uses bare
    ("top student , stickler for neatness" -> "girl for neatness" never; round 114). Needs ``fit``
    for the corpus words."""

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
    corpus_nouns: bool = False
    strict: bool = False

    _vocab: Vocabulary = field(default_factory=dict, init=False, repr=False, compare=False)
    #: strict: the corpus's bare and counted noun uses (:func:`bare_fits`; round 114)
    _nouns: NounUses | None = field(default=None, init=False, repr=False, compare=False)

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
        if self.strict:
            out = [(i, pos) for i, pos in out if strict_site_ok(doc, i)]
        return out

    def fit(self, corpus: Sequence[Example | str], annotator: Annotator | None = None) -> KeywordSubstitution:
        """Count keyword forms per slot (tag, transitivity) over the corpus for random draws."""
        texts = [x.text if isinstance(x, Example) else str(x) for x in corpus]
        docs = (annotator or default_annotator()).pipe([t for t in texts if t.strip()], Level.PARSE)
        if self.strict:  # strict corpus nouns fill a bare singular slot only with a noun used bare
            docs = list(docs)
            self._nouns = noun_uses(docs)
        self._vocab = keyword_vocabulary(docs, self.min_count)
        return self

    @property
    def fitted(self) -> bool:
        return bool(self._vocab)

    def propose(self, lemma: str, pos: str) -> list[Proposal]:
        return [Proposal(a, s) for a, s in antonyms_of(lemma, pos, provider(self.conceptnet))]

    def fits(self, tok: Token, lemma: str, proposal: Proposal) -> bool:
        if self.targeted or self.strict:
            if in_desire(tok) or set_phrase(tok) or mood_may_shift(tok):
                return False  # "wanted to win more" -> "to lose more", "good try" -> "bad try"
            if story_turns(tok, lemma, proposal.lemma):
                return False  # "joined my sworn enemy ... my enemies' evil" -> "friends' evil"
            ok = (
                story_antonym_ok(tok, lemma, proposal.lemma)
                and antonym_fits(tok, lemma, proposal.lemma)
                and not antonym_garbles(tok, proposal.lemma)
                and clause_fits(tok, lemma, proposal.lemma)
            )
            if self.targeted:  # the antonym transform's frames (round 56) and round 60's eye flips
                ok = ok and memory_flip_ok(tok, lemma) and frame_kept(tok, lemma) and eye_flip_ok(tok, lemma)
            if not self.strict or not ok:
                return ok
            # strict: not under a negation, no new idiom ("untie the knot" -> "tie the knot")
            new = form_like(proposal.lemma, tok)
            return (
                not negated(tok)
                and new is not None
                and bare_verb_ok(tok, proposal.lemma)
                and not makes_fixed_expression(tok, new, proposal.lemma)
            )
        # UNION's sampler: an antonym that fits the sentence (no idiom: "at ease" -> "at difficulty"),
        # never under a negation ("did not enjoy" -> "did not hate" is no opposite)
        return antonym_fits(tok, lemma, proposal.lemma) and not negated(tok)

    def applicable(self, example: Example, doc: Doc) -> bool:
        if self.targeted:
            antonyms, nouns = self.targets(doc)
            return bool(antonyms or nouns)
        if self.fitted:
            return bool(self.sites(doc))
        lemma = token_columns(doc)["lemma"]
        return any(self.propose(lemma[i], pos) for i, pos in self.sites(doc))

    def draw(self, doc: Doc, i: int, pos: str, rng: random.Random) -> Candidate | None:
        """An antonym that fits, else a corpus word of the same slot drawn by frequency that is no
        near-synonym and keeps the verb's frame (:func:`corpus_swap_ok`; three draws)."""
        tok = doc[i]
        lemma = tok.lemma_.lower()
        options = self.options(tok, lemma, pos)
        rng.shuffle(options)
        for p in options:
            c = self.inflect(tok, p)
            if c is not None:
                return c
        if self.strict and pos != "NOUN":
            return None  # a corpus verb or adjective: "sold possession of the ball", "metallic move"
        for _ in range(3):
            c = corpus_draw(self._vocab, tok, lemma, rng)
            if c is None or (
                corpus_swap_ok(tok, lemma, pos, c.lemma)
                and (not self.strict or (corpus_noun_ok(lemma, pos, c.lemma) and gender_fits(tok, c.lemma)))
                and (self._nouns is None or bare_fits(tok, c.lemma, self._nouns))
                and (not self.strict or not makes_fixed_expression(tok, c.new, c.lemma))
            ):
                return c
        return None

    def targets(self, doc: Doc) -> tuple[tuple[Target, ...], tuple[Target, ...]]:
        """(antonym targets, corpus-noun targets): words with witnesses and antonyms that fit;
        else nouns another sentence names again (those mentions are the witnesses). A target's
        item is (token index, its antonym candidates). Found once per Doc and the parameters
        they depend on (``applicable`` and ``apply`` both ask)."""
        tables = _keyword_targets(doc)
        key = (*self.memo_key(), self.conceptnet, self.targeted, bool(self._vocab), self.corpus_nouns, self.strict)
        found = tables.get(key)
        if found is None:
            found = tables[key] = self._find_targets(doc)
        return found

    def _find_targets(self, doc: Doc) -> tuple[tuple[Target, ...], tuple[Target, ...]]:
        sent, lemma = sentence_index(doc), token_columns(doc)["lemma"]
        antonyms: list[Target] = []
        nouns: list[Target] = []
        for i, pos in self.sites(doc):
            wits = word_witnesses(doc, i)
            if not wits:
                continue
            tok = doc[i]
            cands = tuple(c for p in self.options(tok, lemma[i], pos) if (c := self.inflect(tok, p)) is not None)
            strict = story_witnesses(doc, i, strict_witnesses(doc, wits, sent[i])) if cands else ()
            strict = tuple(w for w in strict if not compatible_witness(doc[w.token].sent.text))
            if lemma[i] == "love":  # "hated" contradicts only a stated fondness for the same thing (round 60)
                strict = tuple(w for w in strict if states_fondness(doc[w.token]))
            if strict:
                antonyms.append(Target((i, cands), sent[i], strict))
            elif not cands and pos == "NOUN" and self._vocab and self.corpus_nouns:
                again = tuple(w for w in wits if w.sentence != sent[i] and lemma[w.token] == lemma[i])
                if again:
                    nouns.append(Target((i, ()), sent[i], again))
        return tuple(antonyms), tuple(nouns)

    def corpus_noun(self, doc: Doc, i: int, rng: random.Random) -> Candidate | None:
        """A corpus noun of the slot of noun ``i``, of the same kind (:func:`same_kind`), no
        near-synonym of it and of no gender the story's pronouns contradict (:func:`gender_fits`;
        a few draws)."""
        tok = doc[i]
        lemma = tok.lemma_.lower()
        for _ in range(10):
            c = corpus_draw(self._vocab, tok, lemma, rng)
            if (
                c is not None
                and same_kind(lemma, c.lemma)
                and not near_synonym(lemma, c.lemma)
                and gender_fits(tok, c.lemma)
            ):
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
