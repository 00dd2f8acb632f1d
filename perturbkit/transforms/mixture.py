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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..annotation import Annotator, Level, default_annotator
from ..example import Example, as_example
from ..transform import Effect, Mixture, OneOf, Transform, get_transform, register, rng_for

UNION_COUNTS: dict[int, float] = {1: 0.5, 2: 0.2, 3: 0.2, 4: 0.1}
UNION_WEIGHTS: dict[str, float] = {"repetition": 0.1, "substitution": 0.3, "reordering": 0.4, "negation": 0.2}
_KEYS = tuple(UNION_WEIGHTS)  # the order of union_mixture's transforms


def default_technique(key: str) -> Transform:
    """The registered transform(s) behind one UNION technique (looked up only when needed)."""
    if key == "repetition":  # UNION repeats an n-gram or a sentence (the copy replaces the next one)
        return OneOf([get_transform("repeat_sentence", keep_length=True), get_transform("repeat_ngram")])
    if key == "substitution":
        return get_transform("keyword_substitution", targeted=False)  # UNION's own: any keywords
    if key == "reordering":
        return get_transform("sentence_shuffle")
    if key == "negation":
        return get_transform("negation_alteration", targeted=False, rate=1.0)  # UNION's own: any sentences
    raise ValueError(f"unknown UNION technique {key!r}; valid: {', '.join(UNION_WEIGHTS)}")


class UnionMixture(Mixture):
    """UNION's :class:`~perturbkit.transform.Mixture`: negation always runs before substitution,
    so that the substitution sees the negated clause and never swaps its predicate for the
    antonym ("rejected" -> "did not reject" -> "did not accept" says the original again; the
    other order, "accepted" -> "did not accept", likewise)."""

    @property
    def name(self) -> str:  # type: ignore[override]
        """A Mixture's name: the arrangement is no other sampler."""
        return f"mixture({','.join(t.name for t in self.transforms)})"

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


@register
@dataclass(repr=False)
class UnionNegative(Transform):
    """UNION negative: 1-4 of repetition, substitution, reordering, negation, drawn as UNION does."""

    name = "union_negative"
    aspect = "coherence"
    effect = Effect.BREAKS
    level = Level.NONE  # the techniques fetch their own parses
    example = "Tom woke up early. He made coffee because he was tired. Then he went to work."

    counts: dict[int, float] | None = None
    weights: dict[str, float] | None = None
    _mixture: Mixture | None = field(default=None, init=False, repr=False, compare=False)
    _targeted: Transform | None = field(default=None, init=False, repr=False, compare=False)

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
        """``out``, unless all its edits are keyword substitutions: UNION's sampler swaps a word or
        two for random corpus words, which mostly reads as a changed detail ("interviewing for her
        dream job" -> "studying for ..."), not an incoherent story. Such a draw is made again with
        the targeted keyword substitution (an antonym of a word another sentence depends on),
        from the original story and a seed drawn from ``rng`` after the mixture's draws; None
        when no word has such a witness."""
        if out is None or any(e.transform != "keyword_substitution" for e in out.edits[len(ex.edits) :]):
            return out
        if self._targeted is None:
            self._targeted = get_transform("keyword_substitution")
        return self._targeted.run(ex, random.Random(rng.getrandbits(64)), annotator)

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
