"""Combinators are Transforms: ``Chain`` (``a >> b``), ``OneOf``, ``Sometimes`` and UNION's
``Mixture``."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..annotation import Annotator, Level, default_annotator
from ..example import Example, as_example
from ..seeds import rng_for
from .base import Effect, Transform
from .registry import get_transform


def _child_rng(rng: random.Random) -> random.Random:
    return random.Random(rng.getrandbits(64))


@dataclass(repr=False)
class _Combinator(Transform):
    transforms: list[Transform] = field(default_factory=list)

    level: ClassVar[Level] = Level.NONE

    def __post_init__(self) -> None:
        ts = self.transforms
        if isinstance(ts, (str, Transform)):
            ts = [ts]
        self.transforms = [get_transform(t) if isinstance(t, str) else t for t in ts]
        if not self.transforms:
            raise ValueError(f"{type(self).__name__} needs at least one transform")

    @property
    def name(self) -> str:  # type: ignore[override]
        return f"{type(self).__name__.lower()}({','.join(t.name for t in self.transforms)})"

    @property
    def effect(self) -> Effect:  # type: ignore[override]
        return Effect.BREAKS if any(t.effect == Effect.BREAKS for t in self.transforms) else Effect.PRESERVES

    @property
    def aspect(self) -> str:  # type: ignore[override]
        return "+".join(dict.fromkeys(t.aspect for t in self.transforms))

    def check(self, annotator: Annotator) -> None:
        for t in self.transforms:
            t.check(annotator)

    def prepare(self, examples: Sequence[Example], annotator: Annotator) -> None:
        for t in self.transforms:
            t.prepare(examples, annotator)

    def fit(self, corpus: Sequence[Example], annotator: Annotator | None = None) -> Transform:
        for t in self.transforms:
            t.fit(corpus, annotator)
        return self


@dataclass(repr=False, init=False)
class Chain(_Combinator):
    """Apply transforms in order; None if any (other than a ``Sometimes``) cannot apply.

    >>> chain = Chain("typos", "sentence_shuffle")  # same as get_transform("typos") >> ...
    """

    def __init__(self, *transforms: Transform | str | Sequence[Transform | str]) -> None:
        flat: list[Any] = []
        for t in transforms:
            flat.extend(t if isinstance(t, (list, tuple)) else [t])
        self.transforms = flat
        self.__post_init__()

    def run(self, ex: Example, rng: random.Random, annotator: Annotator) -> Example | None:
        cur = ex
        for t in self.transforms:
            out = t.run(cur, _child_rng(rng), annotator)
            if out is None:
                if isinstance(t, Sometimes):
                    continue
                return None
            cur = out
        return None if cur is ex else cur

    def __rshift__(self, other: Transform) -> Chain:
        return Chain(*self.transforms, other)


@dataclass(repr=False, init=False)
class OneOf(_Combinator):
    """Apply one transform drawn by ``weights``; if it cannot apply, the next draw is tried."""

    weights: list[float] | None = None

    def __init__(self, transforms: Sequence[Transform | str], weights: Sequence[float] | None = None) -> None:
        self.transforms = list(transforms)
        self.weights = None if weights is None else [float(w) for w in weights]
        self.__post_init__()
        if self.weights is not None and len(self.weights) != len(self.transforms):
            raise ValueError("OneOf: weights and transforms differ in length")

    def run(self, ex: Example, rng: random.Random, annotator: Annotator) -> Example | None:
        order = _weighted_order(rng, list(range(len(self.transforms))), self.weights)
        for i in order:
            out = self.transforms[i].run(ex, _child_rng(rng), annotator)
            if out is not None:
                return out
        return None


@dataclass(repr=False, init=False)
class Sometimes(_Combinator):
    """Apply the transform with probability ``p`` (inside a Chain, skipping is not a failure)."""

    p: float = 0.5

    def __init__(self, transform: Transform | str, p: float = 0.5) -> None:
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"Sometimes: p must be in [0, 1], got {p}")
        self.transforms, self.p = [transform], p
        self.__post_init__()

    def run(self, ex: Example, rng: random.Random, annotator: Annotator) -> Example | None:
        if rng.random() >= self.p:
            return None
        return self.transforms[0].run(ex, _child_rng(rng), annotator)


@dataclass(repr=False, init=False)
class Mixture(_Combinator):
    """UNION-style negative sampling: draw how many techniques (``counts``), then which ones
    (``techniques`` weights, without replacement), and apply them in the drawn order, skipping
    any that cannot apply. None when none applied. ``techniques`` is a mapping name -> weight,
    a list of (transform, weight) pairs, or a list of transforms (equal weights).

    >>> m = Mixture({"repeat_sentence": .5, "sentence_shuffle": .5}, counts={1: .5, 2: .5})
    >>> len(m.transforms)
    2
    """

    weights: list[float] | None = None
    counts: dict[int, float] = field(default_factory=dict)

    def __init__(
        self,
        techniques: Mapping[str, float] | Sequence[tuple[Transform, float]] | Sequence[Transform | str],
        counts: Mapping[int, float] | None = None,
    ) -> None:
        if isinstance(techniques, Mapping):
            self.transforms = list(techniques)
            self.weights = [float(w) for w in techniques.values()]
        elif techniques and all(isinstance(t, tuple) and len(t) == 2 for t in techniques):
            self.transforms = [t for t, _ in techniques]  # type: ignore[misc]
            self.weights = [float(w) for _, w in techniques]  # type: ignore[misc]
        else:
            self.transforms = list(techniques)
            self.weights = None
        self.counts = {int(k): float(v) for k, v in (counts or {1: 0.5, 2: 0.2, 3: 0.2, 4: 0.1}).items()}
        self.__post_init__()
        if not self.counts or any(k < 1 for k in self.counts) or sum(self.counts.values()) <= 0:
            raise ValueError("Mixture: counts must map positive integers to probabilities")

    def params(self) -> dict[str, Any]:
        return {"techniques": dict(zip([t.name for t in self.transforms], self.weights or [])), "counts": self.counts}

    def arrange(self, chosen: list[int]) -> list[int]:
        """The order in which the drawn techniques (indices into ``transforms``) run: as drawn; a
        subclass may move one before another that must see its edit."""
        return chosen

    def accept(self, before: Example, after: Example) -> bool:
        """Whether a technique's output ``after`` (of ``before``) is kept: always; a subclass may
        refuse one, and the technique is then skipped as one that found no site."""
        return True

    def run(self, ex: Example, rng: random.Random, annotator: Annotator) -> Example | None:
        return self.run_many([ex], [rng], annotator)[0]

    def batch(
        self, examples: Iterable[str | Example], seed: int = 0, *, annotator: Annotator | None = None
    ) -> list[Example | None]:
        exs = [as_example(x) for x in examples]
        return self.run_many(exs, [rng_for(seed, ex.id, self.name) for ex in exs], annotator or default_annotator())

    def run_many(
        self, examples: Sequence[Example], rngs: Sequence[random.Random], annotator: Annotator
    ) -> list[Example | None]:
        """Apply to many examples in rounds: every example's k-th technique runs after one batched
        pass over all the texts it needs. Intermediate texts are not parsed whole: their Docs are
        derived from the previous text's Doc (:mod:`perturbkit.reparse`), re-parsing only the
        sentences a technique rewrote, and only when the next technique asks for a parse (in one
        batch per technique). Each example's
        draws (how many, which, each technique's RNG) are made up front in the order ``run`` would
        make them, so the result does not depend on batching."""
        plans: list[list[tuple[Transform, int]]] = []  # each step's transform and child-RNG seed
        ks = sorted(self.counts)
        for rng in rngs:
            k = min(rng.choices(ks, weights=[self.counts[x] for x in ks])[0], len(self.transforms))
            chosen = self.arrange(_weighted_order(rng, list(range(len(self.transforms))), self.weights)[:k])
            # the seed of each step's ``_child_rng``: a Random is built only when the step runs
            # (thousands of 2.5 kB generator states otherwise live through the whole batch)
            plans.append([(self.transforms[i], rng.getrandbits(64)) for i in chosen])
        from ..annotation import DerivedAnnotator

        view = DerivedAnnotator(annotator)  # intermediate texts: re-parse only what changed
        cur = list(examples)
        for step in range(max((len(p) for p in plans), default=0)):
            groups: dict[int, list[int]] = {}
            for j, plan in enumerate(plans):
                if step < len(plan):
                    groups.setdefault(id(plan[step][0]), []).append(j)
            changed: list[tuple[str, str]] = []
            for js in groups.values():
                t = plans[js[0]][step][0]
                t.prepare([cur[j] for j in js if cur[j].text.strip()], view)
                for j in js:
                    out = t.run(cur[j], random.Random(plans[j][step][1]), view)
                    if out is not None and self.accept(cur[j], out):
                        if step + 1 < len(plans[j]):
                            changed.append((cur[j].text, out.text))
                        cur[j] = out
            view.add_parents(changed)  # derived when the next step's technique asks for the parse
        return [None if c is e else c for c, e in zip(cur, examples)]


def _weighted_order(rng: random.Random, items: list[int], weights: Sequence[float] | None) -> list[int]:
    """A weighted permutation (sampling without replacement), deterministic for the RNG."""
    w = list(weights) if weights is not None else [1.0] * len(items)
    items = list(items)
    order: list[int] = []
    while items:
        total = sum(w)
        if total <= 0:
            order.extend(items)
            break
        r = rng.random() * total
        acc = 0.0
        for j, wj in enumerate(w):  # noqa: B007 (j is the pick, used after the loop)
            acc += wj
            if r < acc:
                break
        order.append(items.pop(j))
        w.pop(j)
    return order
