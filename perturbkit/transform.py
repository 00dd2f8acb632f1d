"""The Transform base class, its registry and the combinators.

A transform is a small dataclass: class attributes say what it is (``name``, ``aspect``,
``effect``, the annotation ``level`` it needs), fields are its parameters, and it implements
``apply(example, doc, rng)`` returning a new Example or None. The base class does the shared
work: accepting strings, fetching the cached parse, deriving a per-example RNG from
(seed, example id, transform name), skipping inapplicable input, building the edited text and its
``Edit`` provenance, and refusing to return an unchanged text as if it had been perturbed.

>>> from perturbkit import get_transform
>>> t = get_transform("sentence_shuffle")
>>> t("He woke up. He ate. He left.", seed=1).text  # doctest: +SKIP
'He ate. He left. He woke up.'
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import operator
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from .annotate import Annotator, Level, default_annotator
from .errors import UserError
from .example import Edit, Example, as_example

if TYPE_CHECKING:
    from spacy.tokens import Doc


class Effect(str, Enum):
    """What a perturbation does to a story's quality."""

    BREAKS = "breaks"  # coherence-breaking: variants are negatives (discrimination tests)
    PRESERVES = "preserves"  # meaning-preserving: variants should score like originals (invariance)


class Change(NamedTuple):
    """Replace ``text[start:end]`` with ``new`` (offsets in the input text)."""

    start: int
    end: int
    new: str
    note: str = ""


def rng_for(seed: int, example_id: str, name: str) -> random.Random:
    """The RNG for one (seed, example, transform): independent of order, batching and workers."""
    digest = hashlib.sha256(f"{seed}\x1f{example_id}\x1f{name}".encode("utf-8", "surrogatepass")).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


_SPAN = operator.itemgetter(0, 1)  # a Change's (start, end)


class _RngOnUse:
    """Stands in for ``rng_for(seed, example_id, name)`` and builds it at the first draw: a
    transform decides most stories are not for it before drawing, and seeding costs ~8 us."""

    __slots__ = ("_key", "_rng")

    def __init__(self, seed: int, example_id: str, name: str) -> None:
        self._key = (seed, example_id, name)
        self._rng: random.Random | None = None

    def __getattr__(self, attr: str) -> Any:
        rng = self._rng
        if rng is None:
            rng = self._rng = rng_for(*self._key)
        return getattr(rng, attr)


@dataclass
class Transform:
    """Base class: subclasses set the class attributes and implement :meth:`apply`."""

    name: ClassVar[str] = ""
    aspect: ClassVar[str] = ""
    effect: ClassVar[Effect] = Effect.BREAKS
    level: ClassVar[Level] = Level.PARSE
    requires: ClassVar[tuple[str, ...]] = ()  # resource names, checked by ``perturbkit doctor``
    example: ClassVar[str] = ""  # an input it applies to, shown by ``perturbkit list``
    fractions: ClassVar[tuple[str, ...]] = ("rate", "p")  # parameters that must lie in (0, 1]

    # --- to implement -----------------------------------------------------------------------
    def validate(self) -> None:
        """Reject bad parameter values with ValueError (``get_transform`` calls it). The base
        checks the share parameters named in ``fractions``; subclasses add their own checks."""
        for name in self.fractions:
            v = getattr(self, name, None)
            if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float)) or not 0.0 < v <= 1.0):
                raise ValueError(f"{name} must be in (0, 1], got {v!r}")

    def applicable(self, example: Example, doc: Doc | None) -> bool:
        """Whether this story is one the transform is meant for (cheap; no RNG)."""
        return True

    def apply(self, example: Example, doc: Doc | None, rng: random.Random) -> Example | None:
        """The perturbation. Return None when it cannot be done correctly."""
        raise NotImplementedError

    def fit(self, corpus: Sequence[Example], annotator: Annotator | None = None) -> Transform:
        """Learn corpus-level resources (vocabulary, entity pools, sentence pools) from the whole
        data set before applying. Transforms that need a corpus override this and return None from
        ``apply`` until fitted; fitting is explicit (never implicit per batch) so results do not
        depend on batching. Returns self."""
        return self

    # --- shared machinery ---------------------------------------------------------------------
    def __call__(
        self, x: str | Example, seed: int | random.Random = 0, *, annotator: Annotator | None = None
    ) -> Example | None:
        """Perturb one string or Example; ``seed`` is an int or a ``random.Random``."""
        ex = as_example(x)
        rng = seed if isinstance(seed, random.Random) else rng_for(seed, ex.id, self.name)
        return self.run(ex, rng, annotator or default_annotator())

    def batch(
        self, examples: Iterable[str | Example], seed: int = 0, *, annotator: Annotator | None = None
    ) -> list[Example | None]:
        """Perturb many examples; all distinct texts are parsed in one batched pass first."""
        exs = [as_example(x) for x in examples]
        ann = annotator or default_annotator()
        self.prepare(exs, ann)
        return [self.run(ex, _RngOnUse(seed, ex.id, self.name), ann) for ex in exs]  # type: ignore[arg-type]

    def prepare(self, examples: Sequence[Example], annotator: Annotator) -> None:
        """Pre-parse what :meth:`run` will need, in one batch (combinators extend this)."""
        if self.level > Level.NONE:
            annotator.pipe([ex.text for ex in examples if ex.text.strip()], self.level)

    def run(self, ex: Example, rng: random.Random, annotator: Annotator) -> Example | None:
        """Apply to one example with an explicit RNG (the path every call takes)."""
        if not ex.text.strip():
            return None
        doc = annotator.parse(ex.text, self.level) if self.level > Level.NONE else None
        if not self.applicable(ex, doc):
            return None
        out = self.apply(ex, doc, rng)
        if out is None or out.text == ex.text:
            return None
        return out

    def rewrite(self, ex: Example, changes: Iterable[Change], tag: str | None = None) -> Example | None:
        """Build the variant from non-overlapping replacements in ``ex.text``, with its Edits."""
        text = ex.text
        chs = sorted([c for c in changes if text[c.start : c.end] != c.new], key=_SPAN)
        if not chs:
            return None
        parts: list[str] = []
        edits: list[Edit] = []
        pos = 0
        out_len = 0
        for c in chs:
            if c.start < pos or c.end < c.start:
                raise ValueError(f"{self.name}: overlapping or inverted change {c} in example {ex.id!r}")
            keep = text[pos : c.start]
            parts.append(keep)
            out_len += len(keep)
            edits.append(
                Edit(self.name, (c.start, c.end), (out_len, out_len + len(c.new)), text[c.start : c.end], c.new, c.note)
            )
            parts.append(c.new)
            out_len += len(c.new)
            pos = c.end
        parts.append(text[pos:])
        return ex.derive("".join(parts), tuple(edits), tag or self.name)

    # --- description --------------------------------------------------------------------------
    def params(self) -> dict[str, Any]:
        """The parameters (dataclass fields) and their values."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.init}

    @classmethod
    def describe(cls) -> str:
        return (cls.__doc__ or "").strip().split("\n")[0]

    def __rshift__(self, other: Transform) -> Chain:
        return Chain(self, other)

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params().items())
        return f"{type(self).__name__}({args})"


# ------------------------------------------------------------------------------------------------
# Registry
# ------------------------------------------------------------------------------------------------
_REGISTRY: dict[str, type[Transform]] = {}
_loaded = False


class UnknownTransform(UserError, KeyError):
    """A transform name that is not registered; the message suggests near names."""

    def __str__(self) -> str:  # KeyError quotes its message otherwise
        return str(self.args[0])


class TransformParamError(UserError, TypeError):
    """A parameter a transform does not have, or a value it rejects (from ``validate()``)."""


def register(cls: type[Transform] | None = None, *, name: str | None = None) -> Any:
    """Class decorator adding a Transform to the registry under ``cls.name`` (or ``name``).

    >>> @register
    ... @dataclass
    ... class Shout(Transform):  # doctest: +SKIP
    ...     name = "shout"; aspect = "surface"; effect = Effect.PRESERVES; level = Level.NONE
    ...     def apply(self, ex, doc, rng):
    ...         return self.rewrite(ex, [Change(0, len(ex.text), ex.text.upper())])
    """

    def deco(c: type[Transform]) -> type[Transform]:
        key = name or c.name
        if not key:
            raise ValueError(f"{c.__name__} has no name")
        if key in _REGISTRY and _REGISTRY[key] is not c:
            raise ValueError(f"transform name {key!r} is already registered by {_REGISTRY[key].__module__}")
        if name:
            c.name = name
        _REGISTRY[key] = c
        return c

    return deco(cls) if cls is not None else deco


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    import importlib
    import pkgutil
    from importlib.metadata import entry_points

    from . import transforms as pkg

    for mod in pkgutil.iter_modules(pkg.__path__):
        if not mod.name.startswith("_"):
            importlib.import_module(f"{pkg.__name__}.{mod.name}")
    for ep in entry_points(group="perturbkit.transforms"):
        obj = ep.load()
        if isinstance(obj, type) and issubclass(obj, Transform) and obj.name not in _REGISTRY:
            register(obj)


def registry() -> Mapping[str, type[Transform]]:
    """All registered transforms, by name (built-ins and entry-point plugins)."""
    _load_all()
    return dict(sorted(_REGISTRY.items()))


def transform_class(name: str) -> type[Transform]:
    _load_all()
    try:
        return _REGISTRY[name]
    except KeyError:
        near = difflib.get_close_matches(name, list(_REGISTRY), n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join(near)}?" if near else "; run `perturbkit list` to see them"
        raise UnknownTransform(f"unknown transform {name!r}{hint}") from None


def get_transform(name: str, **params: Any) -> Transform:
    """Instantiate a registered transform; unknown parameters are errors that name near ones.

    >>> get_transform("repeat_ngram", n=2).n  # doctest: +SKIP
    2
    """
    cls = transform_class(name)
    valid = [f.name for f in dataclasses.fields(cls) if f.init]
    for k in params:
        if k not in valid:
            near = difflib.get_close_matches(k, valid, n=1)
            hint = f"; did you mean {near[0]!r}?" if near else f"; valid: {', '.join(valid) or 'none'}"
            raise TransformParamError(f"transform {name!r} has no parameter {k!r}{hint}")
    inst = cls(**params)
    validate = getattr(inst, "validate", None)
    if callable(validate):
        try:
            validate()
        except ValueError as exc:
            raise TransformParamError(f"transform {name!r}: {exc}") from None
    return inst


# ------------------------------------------------------------------------------------------------
# Combinators (Transforms themselves)
# ------------------------------------------------------------------------------------------------
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
        sentences a technique rewrote. Each example's
        draws (how many, which, each technique's RNG) are made up front in the order ``run`` would
        make them, so the result does not depend on batching."""
        plans: list[list[tuple[Transform, int]]] = []  # each step's transform and child-RNG seed
        ks = sorted(self.counts)
        for rng in rngs:
            k = min(rng.choices(ks, weights=[self.counts[x] for x in ks])[0], len(self.transforms))
            chosen = _weighted_order(rng, list(range(len(self.transforms))), self.weights)[:k]
            # the seed of each step's ``_child_rng``: a Random is built only when the step runs
            # (thousands of 2.5 kB generator states otherwise live through the whole batch)
            plans.append([(self.transforms[i], rng.getrandbits(64)) for i in chosen])
        from .reparse import DerivedAnnotator

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
                    if out is not None:
                        if step + 1 < len(plans[j]):
                            changed.append((cur[j].text, out.text))
                        cur[j] = out
            view.derive(changed)
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
