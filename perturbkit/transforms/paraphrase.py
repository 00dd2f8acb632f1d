"""Paraphrase: rewrite a sentence in another form with the same meaning. ``passive_voice`` puts one
active clause in the passive ("Shakespeare wrote Macbeth" -> "Macbeth was written by
Shakespeare"), keeping tense, modality, negation and particles (the rewrite is in ``._passive``).
``paraphrase`` replaces a sentence with a paraphrase and ``semantic_repetition`` repeats one later
as its paraphrase, from a :mod:`paraphraser <perturbkit.transform.paraphrasers>` (rule-based by
default, or a model by path) behind the similarity check (docs/paraphrase.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..annotation import Level, token_columns
from ..example import Example
from ..transform import Change, Effect, GenerativeTransform, Transform, register
from ..transform.paraphrasers import Paraphraser
from ..transform.similarity import MAX_BLEU1, MIN_SIMILARITY, SimilarityCheck
from ._copies import _copyable_spans, _gap
from ._narration import (
    LONG_STORY_UNITS,
    NEAR_COPY,
    SHORT_STORY_UNITS,
    far_copy_source,
    free_gap,
    narration,
    quoted,
    sequenced,
)
from ._paraphrasers import KINDS as PARAPHRASERS
from ._paraphrasers import (
    build_paraphraser,
    expands_speech,
    keeps_inflection,
    keeps_register,
    keeps_senses,
    only_contractions,
)
from ._passive import clause, object_verbs, passive_change, topical
from ._persons import sid, text_style


@register
@dataclass(repr=False)
class PassiveVoice(Transform):
    """Rewrite one active clause with a direct object in the passive voice, with the right
    participle and auxiliaries ("Anna has painted the fence" -> "The fence has been painted by
    Anna"); particles and negation carry over; clauses it cannot rewrite exactly or naturally
    (a pronoun agent: "by her") are skipped. With ``topic`` (the default) only where the passive
    keeps the story's topic: a given patient and a minor, determined agent ("Tom fell. His friend
    caught him." -> "He was caught by his friend."; see ``_passive.topic``)."""

    name = "passive_voice"
    aspect = "voice"
    effect = Effect.PRESERVES
    example = "Tom fell off his bike. The neighbor found him. Tom did not feed the dog."

    topic: bool = True  # only passives whose patient is given and whose agent is a minor player

    def applicable(self, example: Example, doc) -> bool:
        return sid("dobj") in token_columns(doc)["DEP"]

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        style = text_style(example.text)
        verbs, simple = object_verbs(doc)
        rng.shuffle(verbs)
        for i in verbs:
            if i not in simple:
                continue  # passive_change would reject it: not one subject and one object
            if self.topic and not self._topical(example, doc, doc[i]):
                continue
            change = passive_change(doc, doc[i], style)
            if change is not None:
                return self.rewrite(example, [change])
        return None

    @staticmethod
    def _topical(example: Example, doc, v) -> bool:
        """The clause of ``v`` passes :func:`clause` and its passive keeps the story's topic."""
        parts = clause(doc, v)
        return parts is not None and topical(doc, v, parts[0], parts[1], example.context or "")


@dataclass(repr=False)
class _SentenceParaphrase(GenerativeTransform):
    """Shared work of ``paraphrase`` and ``semantic_repetition``: pick sentences, paraphrase them
    in batched calls (one per try for the rule paraphraser, which stops at a story's first
    accepted rewording), keep the first candidate that passes the similarity check (cosine at
    least ``min_similarity``; BLEU-1 at most ``max_bleu1``, by default 0.6 for model paraphrasers
    and off for the rule-based one, whose exact rewrites change few words by design)."""

    paraphraser: str = "rules"  # rules, prompt, seq2seq, backtranslation or chain (see _paraphrasers)
    back_model: str | None = None  # backtranslation: the pivot-to-English model
    n_candidates: int = 4  # candidates per sentence from a model paraphraser
    tries: int = 4  # sentences tried per story (in random order); the best accepted rewording wins
    min_similarity: float = MIN_SIMILARITY
    max_bleu1: float | None = None
    encoder: str | None = None  # sentence encoder of the similarity check (None: MiniLM)
    temperature: float = 0.7
    top_p: float | None = 0.9

    level = Level.PARSE
    requires = ("torch", "transformers", "wordnet", "sentence_transformers")

    def validate(self) -> None:
        super().validate()
        if self.paraphraser not in PARAPHRASERS:
            raise ValueError(f"paraphraser must be one of {', '.join(PARAPHRASERS)}, got {self.paraphraser!r}")
        for k in ("n_candidates", "tries"):
            if not isinstance(getattr(self, k), int) or getattr(self, k) < 1:
                raise ValueError(f"{k} must be an integer >= 1, got {getattr(self, k)!r}")
        self.similarity_check()

    def similarity_check(self) -> SimilarityCheck:
        """The similarity check candidates must pass (built once)."""
        c = self.__dict__.get("_check")
        if c is None:
            bound = (
                self.max_bleu1 if self.max_bleu1 is not None else (1.0 if self.paraphraser == "rules" else MAX_BLEU1)
            )
            c = self.__dict__["_check"] = SimilarityCheck(self.min_similarity, bound, self.encoder)
        return c

    def paraphrasing(self) -> Paraphraser:
        """The paraphraser (built once; a model is loaded on first use)."""
        p = self.__dict__.get("_paraphraser")
        if p is None:
            opts = {"device": self.device, "batch_size": self.batch_size, "max_new_tokens": self.max_new_tokens}
            opts.update(temperature=self.temperature, top_p=self.top_p, cache=self.cache)
            p = self.__dict__["_paraphraser"] = build_paraphraser(
                self.paraphraser,
                model=self.model,
                back_model=self.back_model,
                n=self.n_candidates,
                check=self.similarity_check(),
                **({} if self.paraphraser == "rules" else opts),
            )
        return p

    def sources(
        self, text: str, sp: Sequence[tuple[int, int, str, bool]], rng: random.Random
    ) -> list[tuple[int, int | None]]:
        """(sentence to paraphrase, where it goes) pairs to try in ``text``, in order."""
        raise NotImplementedError

    def change(self, ex: Example, sp: Sequence[tuple[int, int, str, bool]], i: int, j: int | None, new: str) -> Change:
        raise NotImplementedError

    def applicable(self, example: Example, doc) -> bool:
        return any(ok and len(t.split()) >= 3 for _, _, t, ok in _copyable_spans(doc))

    def apply_batch(self, examples, docs, rngs):
        plans = []
        for ex, doc, rng in zip(examples, docs, rngs):
            sp = _copyable_spans(doc)
            tries = self.sources(ex.text, sp, rng)[: self.tries]
            plans.append((sp, tries, [rng.getrandbits(63) for _ in tries]))
        para = self.paraphrasing()
        depth = max((len(tries) for _, tries, _ in plans), default=0)
        # A story takes its first candidate, in (rank, try, text) order, that passes the
        # similarity check. A per-sentence paraphraser is asked one try of every open story at a
        # time: a rewording (rank 0) accepted at try r beats everything of later tries, so those
        # sentences are never paraphrased (for the rule paraphraser: never parsed). The others
        # get every try in one call. Either way the choice is the same.
        step = 1 if para.per_sentence else max(depth, 1)
        chosen: dict[int, tuple[int, str]] = {}  # story -> (try, candidate)
        later: dict[int, list[tuple[int, int, str]]] = {}  # story -> (rank, try, candidate), rank > 0
        for lo in range(0, depth, step):
            jobs = [
                (k, r) for k, p in enumerate(plans) if k not in chosen for r in range(lo, min(lo + step, len(p[1])))
            ]
            sents = [self._source(plans, k, r) for k, r in jobs]
            cands = para.paraphrase_many(sents, [plans[k][2][r] for k, r in jobs]) if jobs else []
            rewordings: dict[int, list[tuple[int, str]]] = {}
            for (k, r), sent, cs in zip(jobs, sents, cands):
                pos = plans[k][0][plans[k][1][r][0]][0]
                for c in cs:
                    if not keeps_register(examples[k].text, pos, sent, c):
                        continue  # out of the story's register (the paraphraser saw the sentence alone)
                    rank = self.rank(sent, c)
                    if rank == 0:
                        rewordings.setdefault(k, []).append((r, c))
                    elif rank is not None:
                        later.setdefault(k, []).append((rank, r, c))
            chosen.update(self._first_accepted(plans, rewordings))
        rest = {k: [(r, c) for _, r, c in sorted(v)] for k, v in later.items() if k not in chosen}
        chosen.update(self._first_accepted(plans, rest, ordered=True))
        out: list[Example | None] = [None] * len(examples)
        for k, (r, c) in chosen.items():
            i, j = plans[k][1][r]
            out[k] = self.rewrite(examples[k], [self.change(examples[k], plans[k][0], i, j, c)])
        return out

    @staticmethod
    def _source(plans, k: int, r: int) -> str:
        """The sentence of story ``k``'s try ``r``."""
        return plans[k][0][plans[k][1][r][0]][2]

    def _first_accepted(
        self, plans, groups: dict[int, list[tuple[int, str]]], ordered: bool = False
    ) -> dict[int, tuple[int, str]]:
        """Per story, the first of its (try, candidate) pairs (sorted unless ``ordered``) that
        passes the similarity check; the check embeds only up to each story's first accepted one."""
        order = {k: (pairs if ordered else sorted(pairs)) for k, pairs in groups.items()}
        first = self.similarity_check().first_accepted(
            [[(self._source(plans, k, r), c) for r, c in pairs] for k, pairs in order.items()]
        )
        return {k: pairs[f] for (k, pairs), f in zip(order.items(), first) if f is not None}

    def rank(self, sentence: str, candidate: str) -> int | None:
        """How good ``candidate`` is as this transform's paraphrase of ``sentence``: 0 a rewording,
        1 a contraction toggle only ("did n't" -> "did not"), None unusable: a word in another
        inflection ("buying" -> "purchase"), a synonym of another sense ("stories" -> "tales"), or a
        contraction expanded in quoted speech ("`` I ca n't lose her ''" -> "I cannot")."""
        if not keeps_inflection(sentence, candidate) or not keeps_senses(sentence, candidate):
            return None
        if expands_speech(sentence, candidate):
            return None
        return 1 if only_contractions(sentence, candidate) else 0


@register
@dataclass(repr=False)
class Paraphrase(_SentenceParaphrase):
    """Replace one sentence with a paraphrase that passes the similarity check ("He was glad to
    see her." -> "Seeing her made him happy."). ``paraphraser``: ``rules`` (default: no model),
    ``prompt`` (SmolLM2 or ``model``), ``seq2seq`` or ``backtranslation`` (models by path),
    ``chain`` (prompt, falling back to rules)."""

    name = "paraphrase"
    aspect = "paraphrase"
    effect = Effect.PRESERVES
    example = "Tom bought a new car. He did not like the color. He painted it red."

    def sources(self, text, sp, rng):
        idx = [i for i, (_, _, t, ok) in enumerate(sp) if ok and len(t.split()) >= 3]
        rng.shuffle(idx)
        return [(i, None) for i in idx]

    def change(self, ex, sp, i, j, new):
        return Change(sp[i][0], sp[i][1], new, f"sentence {i + 1} paraphrased")


@register
@dataclass(repr=False)
class SemanticRepetition(_SentenceParaphrase):
    """Repeat a sentence later in the story as its paraphrase, at least one sentence away
    (OpenMEVA's semantic repetition; needs 3 sentences)."""

    name = "semantic_repetition"
    aspect = "semantic repetition"
    effect = Effect.BREAKS
    example = "Tom bought a new car. He did not like the color. He painted it red."

    # Long stories (more than LONG_STORY_UNITS sentence units) only on request: read strictly, 60%, 60% and
    # 45% of their cases were valid (rounds 97-99: a restated line reads there as the event happening
    # again or as a deliberate callback), against 100% on five-sentence stories
    long_stories: bool = False

    def applicable(self, example: Example, doc) -> bool:
        sp = _copyable_spans(doc)
        if len(sp) > LONG_STORY_UNITS and not self.long_stories:
            return False
        return len(sp) >= 3 and super().applicable(example, doc)

    def rank(self, sentence: str, candidate: str) -> int | None:
        if only_contractions(sentence, candidate) or not keeps_inflection(sentence, candidate):
            return None  # a repetition in other words, with each word in its original form
        if not keeps_senses(sentence, candidate):
            return None  # "the second story" -> "the second tale": a synonym of another sense
        return 0

    def sources(self, text, sp, rng):
        """Narration only (no quotation or markdown marks, nothing open around it, before any
        author's note); in a story longer than five units the copy also goes between two
        narration units, never after the last (long texts are often cut off); never between two
        units that belong together (:func:`~._narration.free_gap`: a fragment, a question, a lead-in
        such as "And as I was walking ...", a next sentence opening with a pronoun or connective
        that the copy would capture, or in a long story holding any third-person pronoun); in a
        long story in paragraphs only at a paragraph's end; the copied sentence has no dialogue
        next to it."""
        if len(sp) > LONG_STORY_UNITS and not self.long_stories:
            return []
        plain, speech = narration(text, sp), quoted(text, sp)
        long = len(sp) > SHORT_STORY_UNITS
        last = len(sp) - 1 if long else len(sp)
        ends = [j + 1 < len(sp) and "\n" in text[sp[j][1] : sp[j + 1][0]] for j in range(len(sp))]
        paragraphs = long and any(ends)  # a long text in paragraphs: copies go at their ends
        out = []
        for i in rng.sample(range(len(sp)), len(sp)):
            if not plain[i] or len(sp[i][2].split()) < 3 or any(speech[k] for k in (i - 1, i + 1) if 0 <= k < len(sp)):
                continue  # narration only, and none next to dialogue (an attribution or aside)
            if sequenced(sp[i][2]) or (long and not far_copy_source(sp[i][2], min_words=6)):
                continue  # "Then the crying began." or "That was okay." told again reads as a new event or remark
            near = min(last, i + NEAR_COPY + 1) if long else last  # further: a callback (round 98)
            targets = [
                j
                for j in range(i + 1, near)
                if plain[j]
                and (j + 1 == len(sp) or plain[j + 1])
                and sp[j][2] != sp[i][2]
                and (ends[j] or not paragraphs)
                and free_gap(sp, j, strict=long and not paragraphs)
            ]
            if targets:
                out.append((i, rng.choice(targets)))
        return out

    def change(self, ex, sp, i, j, new):
        end = sp[j][1]
        return Change(
            end, end, _gap(ex.text, sp, j) + new, f"sentence {i + 1} repeated as a paraphrase after sentence {j + 1}"
        )
