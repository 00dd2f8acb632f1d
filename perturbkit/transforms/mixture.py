"""Mixtures of other families' transforms, ready-made: UNION negative sampling (Guan and Huang,
2020).

UNION trains its story evaluator on negatives made by mixing four techniques: it draws how many
techniques to use (1, 2, 3 or 4 with probability .5/.2/.2/.1), then which ones without
replacement (repetition .1, substitution .3, reordering .4, negation .2), and applies them in
the drawn order. ``union_mixture()`` builds that :class:`~perturbkit.transform.Mixture` from
registered transforms; ``union_negative`` is the same thing under a registry name for suites.

>>> m = union_mixture()                                    # doctest: +SKIP
>>> m("Tom woke up. He made coffee. He went to work.", seed=3).text  # doctest: +SKIP
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..annotation import Annotator, Level, default_annotator
from ..example import Example, as_example
from ..transform import Effect, Mixture, OneOf, Transform, get_transform, register, rng_for
from ._order_ties import order_broken, unit_ties
from ._shuffle_units import shuffle_units
from ._union_overlap import clashes

UNION_COUNTS: dict[int, float] = {1: 0.5, 2: 0.2, 3: 0.2, 4: 0.1}
UNION_WEIGHTS: dict[str, float] = {"repetition": 0.1, "substitution": 0.3, "reordering": 0.4, "negation": 0.2}
_KEYS = tuple(UNION_WEIGHTS)  # the order of union_mixture's transforms
#: What a draw made by one light technique alone is made again with (see ``UnionNegative.settle``).
_REDO = {
    "keyword_substitution": "keyword_substitution",
    "negation_alteration": "negation",
    "sentence_shuffle": "negation",
    "repeat_ngram": "repeat_sentence",  # with union_mixture(repetition="repeat_ngram")
}
#: How a redo's transform is built: strict, as every substitution and negation here (round 59);
#: a sentence copy replaces the next sentence, as UNION's does.
_REDO_ARGS: dict[str, dict[str, bool]] = {"repeat_sentence": {"keep_length": True}}
_MOVE = re.compile(r"sentence (\d+) -> position (\d+)")


def default_technique(key: str) -> Transform:
    """The registered transform(s) behind one UNION technique (looked up only when needed)."""
    if key == "repetition":
        # UNION repeats an n-gram or a sentence (the copy replaces the next one); readers took an
        # n-gram stutter ("all semester and all semester") for no coherence break, alone or beside
        # a shuffle (rounds 39, 740, 79), so the default repeats sentences only;
        # ``union_mixture(repetition="repeat_ngram")`` brings the n-grams back
        return get_transform("repeat_sentence", keep_length=True)
    # UNION's own substitution and negation (any keywords, any sentences), but only edits that read
    # cleanly (strict: round 53); where a story has none, the targeted version (weight 0: only as
    # the fallback), so that a story is not left without the drawn technique
    if key == "substitution":
        own = get_transform("keyword_substitution", targeted=False, strict=True)
        return OneOf([own, get_transform("keyword_substitution", strict=True)], weights=[1.0, 0.0])
    if key == "reordering":
        return get_transform("sentence_shuffle")
    if key == "negation":
        # UNION negates 1..all sentences; at most a third here (round 114: a story of negated
        # sentences only is dull, not incoherent, and leaves a shuffle no events to misorder)
        own = get_transform("negation_alteration", targeted=False, rate=1.0, strict=True, max_share=1 / 3)
        return OneOf([own, get_transform("negation", strict=True)], weights=[1.0, 0.0])
    raise ValueError(f"unknown UNION technique {key!r}; valid: {', '.join(UNION_WEIGHTS)}")


class UnionMixture(Mixture):
    """UNION's :class:`~perturbkit.transform.Mixture`: negation always runs before substitution,
    so that the substitution sees the negated clause and never swaps its predicate for the
    antonym ("rejected" -> "did not reject" -> "did not accept" says the original again; the
    other order, "accepted" -> "did not accept", likewise); a repetition shares no sentence with
    another technique (:meth:`accept`)."""

    @property
    def name(self) -> str:  # type: ignore[override]
        """A Mixture's name: the arrangement is no other sampler."""
        return f"mixture({','.join(t.name for t in self.transforms)})"

    def accept(self, before: Example, after: Example) -> bool:
        """No technique edits a sentence a repetition edited, and no repetition one another
        technique edited (:func:`~._union_overlap.clashes`; round 70: "he was not excited and
        excited for tryouts"): such a step is skipped, as one that found no site."""
        return not clashes(before.text, after.edits[: len(before.edits)], after.edits[len(before.edits) :])

    def arrange(self, chosen: list[int]) -> list[int]:
        sub, neg = _KEYS.index("substitution"), _KEYS.index("negation")
        if sub in chosen and neg in chosen and chosen.index(neg) > chosen.index(sub):
            chosen = list(chosen)
            chosen.remove(neg)
            chosen.insert(chosen.index(sub), neg)
        return chosen


def union_mixture(
    *,
    counts: Mapping[int, float] | None = None,
    weights: Mapping[str, float] | None = None,
    **techniques: Transform | str,
) -> Mixture:
    """UNION's negative sampler. ``counts`` and ``weights`` override the probabilities (partial
    ``weights`` keep the other defaults); keyword arguments named after a technique
    (``repetition``, ``substitution``, ``reordering``, ``negation``) replace its transform.

    >>> union_mixture(reordering="sentence_shuffle", weights={"negation": 0.0})  # doctest: +SKIP
    """
    unknown = sorted(set(techniques) - set(UNION_WEIGHTS)) + sorted(set(weights or {}) - set(UNION_WEIGHTS))
    if unknown:
        raise ValueError(f"unknown UNION technique {unknown[0]!r}; valid: {', '.join(UNION_WEIGHTS)}")
    w = {**UNION_WEIGHTS, **{k: float(v) for k, v in (weights or {}).items()}}
    parts: list[Transform] = []
    for key in UNION_WEIGHTS:
        t = techniques.get(key)
        parts.append(default_technique(key) if t is None else (get_transform(t) if isinstance(t, str) else t))
    mix = UnionMixture(parts, counts=dict(counts) if counts is not None else dict(UNION_COUNTS))
    mix.weights = [w[key] for key in UNION_WEIGHTS]  # transforms are unhashable dataclasses: no dict
    return mix


def _order_broken(ex: Example, out: Example, annotator: Annotator) -> bool:
    """The shuffle that made ``out`` from ``ex`` (its edits' notes: "sentence 3 -> position 1")
    breaks a tie between the sentences; nouns of ``ex.context`` are known from the start."""
    doc = annotator.parse(ex.text, Level.PARSE)
    units = [u for u in shuffle_units(doc) if u.movable]
    order = list(range(len(units)))
    for e in out.edits[len(ex.edits) :]:
        m = _MOVE.search(e.note)
        if m is None or not (0 < int(m[1]) <= len(units) and 0 < int(m[2]) <= len(units)):
            return True  # not a shuffle this module knows: keep the draw as it is
        order[int(m[2]) - 1] = int(m[1]) - 1
    known = frozenset(t.lemma_.lower() for t in annotator.parse(ex.context, Level.PARSE)) if ex.context else frozenset()
    return order_broken(unit_ties(doc, units), order, known)


@register
@dataclass(repr=False)
class UnionNegative(Transform):
    """UNION negative: 1-4 of repetition, substitution, reordering, negation, drawn as UNION does.

    Where it deviates from UNION's published sampler (round 53: its untargeted swaps and flips
    garbled clauses): the substitution is ``keyword_substitution(targeted=False, strict=True)``,
    story-safe antonyms that make no idiom and corpus words only for nouns of the same kind (a
    person, an animal, a food), never corpus verbs or adjectives ("sold possession of the ball")
    nor words of fixed expressions ("by the change she arrived"); the negation is
    ``negation_alteration(strict=True)``, no flip that swallows an adverb ("did n't sometimes
    stand"), negates a quantified subject, a fronted "here"/"there" ("here it does n't go"), a
    dialogue tag, an elliptical clause or a second clause the parser hung on the first. A drawn
    technique with no such site in a story is skipped (the Mixture's rule), so a story gets fewer
    techniques than drawn, and None when none applies; the counts and weights are drawn as
    published. Where the strict substitution or negation finds no site, its targeted version
    (an antonym another sentence contradicts, a flip a later sentence presupposes) stands in. Single-technique draws are made again as described in :meth:`settle`."""

    name = "union_negative"
    aspect = "coherence"
    effect = Effect.BREAKS
    level = Level.NONE  # the techniques fetch their own parses
    example = "Tom woke up early. He made coffee because he was tired. Then he went to work."

    counts: dict[int, float] | None = None
    weights: dict[str, float] | None = None
    _mixture: Mixture | None = field(default=None, init=False, repr=False, compare=False)
    _targeted: dict[str, Transform] = field(default_factory=dict, init=False, repr=False, compare=False)

    def validate(self) -> None:
        if self.counts is not None and (not self.counts or any(int(k) < 1 or v < 0 for k, v in self.counts.items())):
            raise ValueError(f"counts must map positive integers to non-negative probabilities, got {self.counts}")
        bad = sorted(set(self.weights or {}) - set(UNION_WEIGHTS))
        if bad:
            raise ValueError(f"unknown technique {bad[0]!r} in weights; valid: {', '.join(UNION_WEIGHTS)}")

    def mixture(self) -> Mixture:
        """The underlying Mixture, built at first use (so this module imports before its parts)."""
        if self._mixture is None:
            self._mixture = union_mixture(counts=self.counts, weights=self.weights)
        return self._mixture

    def prepare(self, examples: Sequence[Example], annotator: Annotator) -> None:
        self.mixture().prepare(examples, annotator)

    def fit(self, corpus: Sequence[Example], annotator: Annotator | None = None) -> UnionNegative:
        self.mixture().fit(corpus, annotator)
        return self

    def run(self, ex: Example, rng: random.Random, annotator: Annotator) -> Example | None:
        if not ex.text.strip():
            return None
        return self.settle(ex, self.mixture().run(ex, rng, annotator), rng, annotator)

    def settle(self, ex: Example, out: Example | None, rng: random.Random, annotator: Annotator) -> Example | None:
        """``out``, unless all its edits come from one light technique, which alone mostly leaves a
        story a reader finds no worse (round 49): such a draw is made again with the technique's
        targeted version, from the original story and a seed drawn from ``rng`` after the
        mixture's draws (None when it finds nothing); strict, as every substitution and negation
        here (round 59: a non-strict redo negated a dialogue tag). Keyword substitutions only: the targeted
        keyword substitution (an antonym of a word another sentence depends on), not UNION's
        random corpus words ("interviewing for her dream job" -> "studying for ..."). Negations
        only: the targeted ``negation`` (a flip another sentence contradicts), not any sentence
        ("traveled very far" -> "did not travel very far"). A reordering only is kept when it
        breaks a tie (:func:`~._order_ties.order_broken`), else made again as the targeted
        negation: "she grabbed her keys. she put a towel down." reads as well in either order.
        An n-gram repetition only ("a heart attack and a heart attack", "college and college")
        reads as a stutter that leaves the story intact (rounds 39, 740): it is made again as the
        sentence repetition (a copy over the next sentence), which readers found valid alone.
        The counts and weights are drawn as published; only the single-technique draws change."""
        if out is None:
            return out
        kinds = {e.transform for e in out.edits[len(ex.edits) :]}
        if kinds == {"sentence_shuffle"} and _order_broken(ex, out, annotator):
            return out
        redo = _REDO.get(min(kinds)) if len(kinds) == 1 else None
        if redo is None:
            return out
        if redo not in self._targeted:  # strict too: no dialogue tag, no "small parents" (round 59)
            self._targeted[redo] = get_transform(redo, **_REDO_ARGS.get(redo, {"strict": True}))
        return self._targeted[redo].run(ex, random.Random(rng.getrandbits(64)), annotator)

    def batch(
        self, examples: Sequence[str | Example], seed: int = 0, *, annotator: Annotator | None = None
    ) -> list[Example | None]:
        """Batched rounds (see :meth:`Mixture.run_many`); same results as calling one by one."""
        exs = [as_example(x) for x in examples]
        ann = annotator or default_annotator()
        live = [i for i, ex in enumerate(exs) if ex.text.strip()]
        rngs = [rng_for(seed, exs[i].id, self.name) for i in live]
        outs = self.mixture().run_many([exs[i] for i in live], rngs, ann)
        result: list[Example | None] = [None] * len(exs)
        for i, out, rng in zip(live, outs, rngs):
            result[i] = self.settle(exs[i], out, rng, ann)
        return result
