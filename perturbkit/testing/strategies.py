"""Hypothesis strategies for stories, transforms and (original, variant) pairs.

Strategies draw stories from a corpus (default: 20 short sample stories shipped with perturbkit)
ordered by length, and each story's variants ordered by their number of edits, so hypothesis
shrinks a failure toward the shortest story and the smallest perturbation. Variants are computed
once per strategy (every story, seeds ``0..seeds-1``) with the shared Annotator, so only
applicable stories are ever drawn and no draw is wasted.

hypothesis is imported only inside the strategy functions.

>>> from hypothesis import given
>>> @given(perturbed("sentence_shuffle"))       # doctest: +SKIP
... def test_shuffles_lower_my_score(pair): ...
"""

from __future__ import annotations

import difflib
import os
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..errors import InputError, UserError
from ..example import Example, as_example, text_hash
from .pairs import Pair

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

    from ..annotation import Annotator
    from ..transform import Effect, Transform

__all__ = [
    "Candidates",
    "NoVariants",
    "load_stories",
    "perturbations",
    "perturbed",
    "sample_stories",
    "stories",
    "variants_by_story",
]


class NoVariants(UserError, ValueError):
    """A transform produced no variant for any story of the corpus a strategy draws from."""


# ------------------------------------------------------------------------------------------------
# Corpora
# ------------------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def sample_stories() -> tuple[Example, ...]:
    """The 20 short stories shipped with perturbkit (with contexts), the default corpus."""
    from importlib.resources import as_file, files

    from ..io import read_examples

    with as_file(files("perturbkit").joinpath("data", "sample_stories.jsonl")) as path:
        return tuple(read_examples(path))


def load_stories(
    corpus: Any = None, *, min_words: int | None = None, max_words: int | None = None
) -> tuple[Example, ...]:
    """Stories from ``corpus`` (None: the shipped samples; a file path; strings, Examples or
    mappings), without empty ones, sorted shortest first (the order hypothesis shrinks toward)."""
    if corpus is None:
        exs: Sequence[Example] = sample_stories()
    elif isinstance(corpus, (str, os.PathLike)):
        from ..io import read_examples

        exs = read_examples(corpus)
    else:
        exs = [Example.from_dict(x) if isinstance(x, Mapping) else as_example(x) for x in corpus]
    where = (
        "the sample stories"
        if corpus is None
        else (str(corpus) if isinstance(corpus, (str, os.PathLike)) else f"the {len(exs)} stories given")
    )
    kept = [
        ex
        for ex in exs
        if ex.text.strip()
        and (min_words is None or len(ex.text.split()) >= min_words)
        and (max_words is None or len(ex.text.split()) <= max_words)
    ]
    if not kept:
        sizes = sorted(len(ex.text.split()) for ex in exs)
        span = f"{sizes[0]}-{sizes[-1]} words" if sizes else "no stories"
        raise InputError(f"no story in {where} has {min_words or 1}-{max_words or 'any'} words (they have {span})")
    return tuple(sorted(kept, key=lambda ex: (len(ex.text), ex.id)))


# Strategies made by ``stories()``/``perturbations()`` -> a loader of what they draw from, so
# ``perturbed`` can precompute variants instead of drawing blindly.
_POOLS: weakref.WeakKeyDictionary[Any, Callable[[], tuple[Any, ...]]] = weakref.WeakKeyDictionary()


def stories(
    corpus: Any = None, *, min_words: int | None = None, max_words: int | None = None
) -> SearchStrategy[Example]:
    """A strategy drawing stories from ``corpus`` (default: the shipped samples); shrinks toward
    the shortest. Pass it to :func:`perturbed` as ``stories=``."""
    from hypothesis import strategies as hst

    pool = load_stories(corpus, min_words=min_words, max_words=max_words)
    strategy = hst.sampled_from(pool)
    _POOLS[strategy] = lambda: pool
    return strategy


# ------------------------------------------------------------------------------------------------
# Transforms
# ------------------------------------------------------------------------------------------------
def _as_transform(t: Transform | str) -> Transform:
    from ..transform import Transform, get_transform

    if isinstance(t, str):
        return get_transform(t)
    if isinstance(t, Transform):
        return t
    raise TypeError(f"expected a Transform, a transform name or a strategy of transforms, got {type(t).__name__}")


def _effect(effect: Effect | str | None) -> Effect | None:
    from ..transform import Effect

    if effect is None or isinstance(effect, Effect):
        return effect
    try:
        return Effect(str(effect).lower())
    except ValueError:
        raise ValueError(f"effect must be one of {', '.join(e.value for e in Effect)}, got {effect!r}") from None


def _select_transforms(
    effect: Effect | None, aspect: Any, names: Any, exclude: Sequence[str], available: bool
) -> tuple[Transform, ...]:
    from ..resources.status import missing_requirements, resource_status
    from ..transform import get_transform, registry

    reg = registry()
    for n in list(names or ()) + list(exclude):
        if n not in reg:
            near = difflib.get_close_matches(n, list(reg), n=1)
            raise ValueError(f"unknown transform {n!r}" + (f"; did you mean {near[0]!r}?" if near else ""))
    aspects = None if aspect is None else ({aspect} if isinstance(aspect, str) else set(aspect))
    known = sorted({c.aspect for c in reg.values()})
    for a in aspects or ():
        if a not in known:
            near = difflib.get_close_matches(a, known, n=1)
            hint = f"did you mean {near[0]!r}? " if near else ""
            raise ValueError(f"unknown aspect {a!r}; {hint}aspects: {', '.join(known)}")
    status = resource_status() if available else {}
    out = []
    for name in reg if names is None else dict.fromkeys(names):  # given names keep their order
        cls = reg[name]
        if name in exclude:
            continue
        if (effect is not None and cls.effect != effect) or (aspects is not None and cls.aspect not in aspects):
            continue
        if available and missing_requirements(tuple(cls.requires), status):
            continue
        out.append(get_transform(name))
    if not out:
        raise ValueError(
            f"no registered transform has effect={effect.value if effect else None!r}, "
            f"aspect={aspect!r}"
            + (f", names={list(names)!r}" if names is not None else "")
            + (" with its resources installed" if available else "")
        )
    return tuple(out)


def perturbations(
    effect: Effect | str | None = None,
    aspect: str | Iterable[str] | None = None,
    *,
    names: Iterable[str] | None = None,
    exclude: Iterable[str] = (),
    available: bool = True,
) -> SearchStrategy[Transform]:
    """A strategy drawing a registered transform (default parameters) by ``effect`` (``"breaks"``
    or ``"preserves"``), ``aspect`` (one or several) and ``names``; transforms whose resources are
    missing are left out unless ``available=False``. Shrinks toward the first one (alphabetical,
    or the order of ``names``)."""
    from hypothesis import strategies as hst

    eff = _effect(effect)
    names = None if names is None else ([names] if isinstance(names, str) else list(names))
    excl = [exclude] if isinstance(exclude, str) else list(exclude)
    cache: list[tuple[Transform, ...]] = []

    def load() -> tuple[Transform, ...]:
        if not cache:
            cache.append(_select_transforms(eff, aspect, names, excl, available))
        return cache[0]

    strategy = hst.deferred(lambda: hst.sampled_from(load()))
    _POOLS[strategy] = load
    return strategy


# ------------------------------------------------------------------------------------------------
# Pairs of (original, variant)
# ------------------------------------------------------------------------------------------------
Candidates = list[tuple[Example, list[tuple[int, Example]]]]  # story -> [(seed, variant)], fewest edits first
_CANDIDATES: OrderedDict[tuple[Any, ...], Candidates] = OrderedDict()
_MAX_CANDIDATE_SETS = 64


def variants_by_story(
    transform: Transform | str,
    corpus: Sequence[Example],
    *,
    seeds: int = 8,
    annotator: Annotator | None = None,
    fit: bool = True,
) -> Candidates:
    """For every story that ``transform`` can perturb, its distinct variants over seeds
    ``0..seeds-1``, fewest edits (then smallest edits, then lowest seed) first. Cached per
    (transform, parameters, corpus, seeds)."""
    from ..annotation import default_annotator

    t = _as_transform(transform)
    ann = annotator or default_annotator()
    key = (
        type(t),
        repr(t),
        text_hash(*(f"{ex.id}\x1e{ex.context}\x1e{ex.text}" for ex in corpus), n=20),
        seeds,
        id(ann),
        fit,
    )
    hit = _CANDIDATES.get(key)
    if hit is not None:
        _CANDIDATES.move_to_end(key)
        return hit
    if fit:
        t.fit(list(corpus), ann)
    found: dict[str, dict[str, tuple[tuple[int, int, int], int, Example]]] = {ex.id: {} for ex in corpus}
    for seed in range(seeds):
        for ex, v in zip(corpus, t.batch(corpus, seed=seed, annotator=ann)):
            if v is None or v.text in found[ex.id]:
                continue
            own = Pair(ex, v).edits
            size = sum(len(e.before) + len(e.after) for e in own)
            found[ex.id][v.text] = ((len(own), size, seed), seed, v)
    out: Candidates = []
    for ex in corpus:
        vs = sorted(found[ex.id].values(), key=lambda item: item[0])
        if vs:
            out.append((ex, [(seed, v) for _, seed, v in vs]))
    _CANDIDATES[key] = out
    while len(_CANDIDATES) > _MAX_CANDIDATE_SETS:
        _CANDIDATES.popitem(last=False)
    return out


def _draw_pair(hst: Any, groups: list[Candidates]) -> SearchStrategy[Pair]:
    """Draw a group (transform), a story, and a rank among the story's variants (fewest edits
    first). Each is its own index over a fixed range (the rank is clamped to the story's last
    variant), so hypothesis shrinks each independently: toward the first group, the shortest
    story and the fewest edits."""
    width = max(len(vs) for cands in groups for _, vs in cands)

    @hst.composite
    def draw(d: Any) -> Pair:
        cands = groups[d(hst.integers(0, len(groups) - 1))] if len(groups) > 1 else groups[0]
        ex, vs = cands[d(hst.integers(0, len(cands) - 1))]
        seed, v = vs[min(d(hst.integers(0, width - 1)), len(vs) - 1)]
        return Pair(ex, v, seed)

    return draw()


def perturbed(
    transform: Transform | str | SearchStrategy[Transform],
    stories: Any = None,
    *,
    seeds: int = 8,
    annotator: Annotator | None = None,
    fit: bool = True,
) -> SearchStrategy[Pair]:
    """A strategy drawing :class:`Pair` (original, variant) for ``transform`` (a Transform, a
    registered name, or a strategy such as :func:`perturbations`).

    ``stories``: None (the shipped samples), a file path, a list of strings/Examples, a
    :func:`stories` strategy, or any other strategy of strings/Examples. For all but the last, the
    variants of every story for seeds ``0..seeds-1`` are computed once, on first use: only stories
    the transform can perturb are drawn, and hypothesis shrinks toward shorter stories and fewer
    edits. Transforms that learn from a corpus are fitted on the stories (``fit=False`` skips it).
    A transform that perturbs none of the stories raises :class:`NoVariants`.
    """
    from hypothesis import strategies as hst
    from hypothesis.strategies import SearchStrategy

    if not isinstance(seeds, int) or seeds < 1:
        raise ValueError(f"seeds must be a positive integer, got {seeds!r}")
    if isinstance(stories, SearchStrategy) and stories not in _POOLS:
        return _perturbed_blind(transform, stories, seeds, annotator)

    def corpus() -> tuple[Example, ...]:
        return _POOLS[stories]() if isinstance(stories, SearchStrategy) else load_stories(stories)

    if isinstance(transform, SearchStrategy):
        loader = _POOLS.get(transform)
        if loader is None:  # an arbitrary strategy of transforms: precompute per drawn transform
            return transform.flatmap(lambda t: perturbed(t, stories, seeds=seeds, annotator=annotator, fit=fit))

        def build_many() -> SearchStrategy[Pair]:
            pool = corpus()
            ts = loader()
            groups = [
                g for g in (variants_by_story(t, pool, seeds=seeds, annotator=annotator, fit=fit) for t in ts) if g
            ]
            if not groups:
                raise NoVariants(
                    f"none of the transforms {', '.join(t.name for t in ts)} perturbs any of the {len(pool)} stories"
                )
            return _draw_pair(hst, groups)

        return hst.deferred(build_many)

    t = _as_transform(transform)

    def build() -> SearchStrategy[Pair]:
        pool = corpus()
        cands = variants_by_story(t, pool, seeds=seeds, annotator=annotator, fit=fit)
        if not cands:
            raise NoVariants(
                f"transform {t.name!r} ({t!r}) perturbs none of the {len(pool)} stories "
                f"(seeds 0-{seeds - 1}); example input it is meant for: {t.example!r}"
            )
        return _draw_pair(hst, [cands])

    return hst.deferred(build)


def _perturbed_blind(
    transform: Any, stories: SearchStrategy[Any], seeds: int, annotator: Annotator | None
) -> SearchStrategy[Pair]:
    """Pairs from an arbitrary strategy of texts: draw a story and a seed, reject if inapplicable."""
    from hypothesis import assume
    from hypothesis import strategies as hst

    from ..annotation import default_annotator

    @hst.composite
    def draw(d: Any) -> Pair:
        t = d(transform) if isinstance(transform, hst.SearchStrategy) else _as_transform(transform)
        ex = as_example(d(stories))
        seed = d(hst.integers(0, seeds - 1))
        v = t(ex, seed=seed, annotator=annotator or default_annotator())
        assume(v is not None)
        return Pair(ex, v, seed)

    return draw()
