"""Hypothesis strategies and assertions for testing a metric's robustness in a test suite.

    from hypothesis import given
    from perturbkit.testing import assert_decreases, assert_invariant, perturbed

    @given(perturbed("sentence_shuffle"))
    def test_my_metric_notices_shuffled_sentences(pair):
        assert_decreases(my_metric, pair)

    @given(perturbed("typos"))
    def test_my_metric_ignores_a_typo(pair):
        assert_invariant(my_metric, pair, tol=0.05)

Strategies draw stories from a corpus (default: 20 short sample stories shipped with perturbkit)
ordered by length, and each story's variants ordered by their number of edits, so hypothesis
shrinks a failure toward the shortest story and the smallest perturbation. Variants are computed
once per strategy (every story, seeds ``0..seeds-1``) with the shared Annotator, so only
applicable stories are ever drawn and no draw is wasted. Assertions fail with the original, the
variant, the edits and both scores. ``assert_suite`` checks a whole suite report against
thresholds (``min_win_rate``, ``max_abs_r``, ...). See docs/property-testing.md.

hypothesis is imported only by the strategy functions, so the assertions work without it.
"""

from __future__ import annotations

import difflib
import math
import os
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..errors import InputError, UserError
from ..example import Edit, Example, as_example, text_hash
from .conformance import check_transform as check_transform

if TYPE_CHECKING:
    import numpy as np
    from hypothesis.strategies import SearchStrategy

    from ..annotation import Annotator
    from ..metrics.base import Metric
    from ..metrics.runner import MetricRunner
    from ..report import Report
    from ..transform import Effect, Transform

__all__ = [
    "Pair",
    "Check",
    "NoVariants",
    "RobustnessFailure",
    "SuiteCheckFailure",
    "THRESHOLDS",
    "sample_stories",
    "load_stories",
    "stories",
    "perturbed",
    "perturbations",
    "variants_by_story",
    "as_pair",
    "assert_invariant",
    "assert_decreases",
    "assert_suite",
    "check_suite",
    "format_checks",
    "Kit",
    "default_kit",
]

_CLIP = 600  # characters of a story shown in a failure message


class NoVariants(UserError, ValueError):
    """A transform produced no variant for any story of the corpus a strategy draws from."""


class RobustnessFailure(AssertionError):
    """A metric failed a pair assertion; ``pair`` and ``scores`` (original, variant) are attached."""

    def __init__(self, message: str, pair: Pair, scores: tuple[float, float]) -> None:
        super().__init__(message)
        self.pair, self.scores = pair, scores


class SuiteCheckFailure(AssertionError):
    """A suite report is below its thresholds; ``checks`` holds every check made."""

    def __init__(self, message: str, checks: list[Check]) -> None:
        super().__init__(message)
        self.checks = checks


# ------------------------------------------------------------------------------------------------
# Pairs
# ------------------------------------------------------------------------------------------------
@dataclass(frozen=True, repr=False)
class Pair:
    """An original story and a variant a transform made from it (``seed``: the seed that did, so
    ``transform(original, seed=seed)`` makes the variant again).

    Unpacks as ``original, variant = pair``; ``edits`` are the variant's own edits."""

    original: Example
    variant: Example
    seed: int | None = None

    def __iter__(self) -> Iterator[Example]:
        return iter((self.original, self.variant))

    @property
    def edits(self) -> tuple[Edit, ...]:
        n = len(self.original.edits)
        own = self.variant.edits
        return own[n:] if own[:n] == self.original.edits else own

    @property
    def transform(self) -> str:
        """The transform(s) that made the variant, e.g. ``sentence_shuffle`` (``""`` if unknown)."""
        return " >> ".join(dict.fromkeys(e.transform for e in self.edits))

    def describe(self, scores: tuple[float, float] | None = None, metric: str = "") -> str:
        """Original, variant and edits (with scores when given), as shown in failure messages."""
        so, sv = scores if scores is not None else (None, None)
        seed = f" (seed {self.seed})" if self.seed is not None else ""
        lines = [_story_line("original", self.original.id, so, metric), f"    {_clip(self.original.text)}"]
        if self.original.context:
            lines.append(f"    context: {_clip(self.original.context, 200)}")
        lines += [_story_line("variant ", self.variant.id + seed, sv, metric), f"    {_clip(self.variant.text)}"]
        edits = self.edits
        if edits:
            lines.append(f"  edits ({len(edits)}):")
            lines += [f"    {_edit_line(e)}" for e in edits]
        else:
            diff = _word_diff(self.original.text, self.variant.text)
            lines.append("  changes (word diff; no edits recorded):" if diff else "  no changes")
            lines += [f"    {d}" for d in diff]
        return "\n".join(lines)

    def __repr__(self) -> str:
        edits = self.edits
        shown = "; ".join(_edit_line(e, width=40, note=False) for e in edits[:3])
        more = f"; ... {len(edits) - 3} more" if len(edits) > 3 else ""
        seed = f", seed={self.seed}" if self.seed is not None else ""
        what = self.transform or "variant"
        return f"Pair({what} of {self.original.id!r}{seed}: {shown or repr(_clip(self.variant.text, 60))}{more})"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:  # hypothesis' "Falsifying example" printer
        p.text(repr(self))


def as_pair(x: Pair | tuple[Any, Any]) -> Pair:
    """A Pair from a Pair or an (original, variant) tuple of strings or Examples."""
    if isinstance(x, Pair):
        return x
    if isinstance(x, tuple) and len(x) == 2:
        return Pair(as_example(x[0]), as_example(x[1]))
    raise TypeError(f"expected a Pair or an (original, variant) tuple, got {type(x).__name__}")


def _clip(text: str, n: int = _CLIP) -> str:
    text = " ".join(text.split()) if "\n" in text else text
    return text if len(text) <= n else text[: n - 1] + "…"


def _story_line(role: str, ident: str, score: float | None, metric: str) -> str:
    s = "" if score is None else f"  {metric + ' ' if metric else ''}score {_num(score)}"
    return f"  {role} {ident}{s}"


def _edit_line(e: Edit, width: int = 80, note: bool = True) -> str:
    a, b = e.before_span
    n = f"  ({e.note})" if note and e.note else ""
    return f"{e.transform} [{a}:{b}] {_clip(e.before, width)!r} -> {_clip(e.after, width)!r}{n}"


def _word_diff(a: str, b: str) -> list[str]:
    wa, wb = a.split(), b.split()
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=wa, b=wb, autojunk=False).get_opcodes():
        if op != "equal":
            out.append(f"words {i1}-{i2}: {_clip(' '.join(wa[i1:i2]), 80)!r} -> {_clip(' '.join(wb[j1:j2]), 80)!r}")
    return out[:10]


def _num(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.6g}"


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


# ------------------------------------------------------------------------------------------------
# The shared kit: annotator, metric objects (models loaded once), score memory, suite reports
# ------------------------------------------------------------------------------------------------
class Kit:
    """Shared state for tests: the Annotator, one Metric object and runner per metric (so a model
    loads once per session), and suite reports by arguments. The pytest fixture ``perturbkit``
    returns the process-wide :func:`default_kit`; its methods mirror the module functions.

    ``cache_dir``: where scores are cached on disk (default False: memory only, so a test always
    sees the metric's current code)."""

    def __init__(self, annotator: Annotator | None = None, *, cache_dir: Any = False, max_metrics: int = 32) -> None:
        self._annotator = annotator
        self.cache_dir = cache_dir
        self.max_metrics = max_metrics
        self._metrics: OrderedDict[Any, tuple[Any, Metric, MetricRunner]] = OrderedDict()
        self._reports: dict[Any, tuple[Any, Report]] = {}

    @property
    def annotator(self) -> Annotator:
        from ..annotation import default_annotator

        return self._annotator or default_annotator()

    def _entry(self, metric: Any) -> tuple[Any, Metric, MetricRunner]:
        from ..metrics import resolve_metric
        from ..metrics.runner import MetricRunner

        key = metric if isinstance(metric, str) else id(metric)
        hit = self._metrics.get(key)
        if hit is not None:
            self._metrics.move_to_end(key)
            return hit
        m = resolve_metric(metric)
        entry = (metric, m, MetricRunner(m, cache_dir=self.cache_dir, progress=False))
        self._metrics[key] = entry  # holds ``metric`` so its id is not reused while cached
        while len(self._metrics) > self.max_metrics:
            self._metrics.popitem(last=False)[1][2].close()
        return entry

    def metric(self, metric: Any) -> Metric:
        """The shared Metric for a spec string, callable or Metric (resolved once)."""
        return self._entry(metric)[1]

    def runner(self, metric: Any) -> MetricRunner:
        """The shared MetricRunner of a metric (each distinct input scored once per session)."""
        return self._entry(metric)[2]

    def score(self, metric: Any, examples: Sequence[Example | str], test: str = "") -> np.ndarray:
        """Scores of ``examples`` (strings or Examples) with the shared runner."""
        return self.runner(metric).score([as_example(x) for x in examples], test=test)

    def stories(self, corpus: Any = None, **kwargs: Any) -> tuple[Example, ...]:
        """The corpus as Examples, shortest first (see :func:`load_stories`)."""
        return load_stories(corpus, **kwargs)

    def perturbed(self, transform: Any, stories: Any = None, **kwargs: Any) -> SearchStrategy[Pair]:
        """:func:`perturbed` with this kit's Annotator."""
        kwargs.setdefault("annotator", self._annotator)
        return perturbed(transform, stories, **kwargs)

    def assert_invariant(self, metric: Any, pair: Any, tol: float, *, rel_tol: float = 0.0) -> tuple[float, float]:
        """:func:`assert_invariant` with this kit's runners."""
        __tracebackhide__ = True
        return assert_invariant(metric, pair, tol, rel_tol=rel_tol, kit=self)

    def assert_decreases(self, metric: Any, pair: Any, margin: float = 0.0) -> tuple[float, float]:
        """:func:`assert_decreases` with this kit's runners."""
        __tracebackhide__ = True
        return assert_decreases(metric, pair, margin, kit=self)

    def assert_suite(self, report: Any, **kwargs: Any) -> list[Check]:
        """:func:`assert_suite`."""
        __tracebackhide__ = True
        return assert_suite(report, **kwargs)

    def run_suite(
        self, suite: Any, metric: Any, data: Any = None, *, seed: int | None = None, limit: int | None = None
    ) -> Report:
        """Run a suite (path, shipped name, mapping or Suite) on ``data`` (default: the shipped
        samples) with one metric or a list; reports are reused for the same arguments."""
        from ..suite import load_suite, run_suite

        metrics = list(metric) if isinstance(metric, (list, tuple)) else [metric]
        key = (_key(suite), _key(data), tuple(_key(m) for m in metrics), seed, limit)
        hit = self._reports.get(key)
        report = hit[1] if hit is not None else None
        if report is None:
            if data is None:
                exs: Sequence[Example] = sample_stories()
            elif isinstance(data, (str, os.PathLike)):
                from ..io import read_examples

                exs = read_examples(data)  # file order, as the CLI reads it
            else:
                exs = [Example.from_dict(x) if isinstance(x, Mapping) else as_example(x) for x in data]
            if limit is not None:
                exs = exs[:limit]
            report = run_suite(
                load_suite(suite),
                list(exs),
                [self.metric(m) for m in metrics],
                seed=seed,
                annotator=self.annotator,
                cache_dir=self.cache_dir,
                progress=False,
                data_source=str(data) if isinstance(data, (str, os.PathLike)) else None,
            )
            self._reports[key] = ((suite, data, metrics), report)  # keeps the keyed objects (ids) alive
        return report


def _key(x: Any) -> Any:
    if x is None or isinstance(x, (str, int, float)):
        return x
    if isinstance(x, os.PathLike):
        return os.fspath(x)
    return ("id", id(x))


_DEFAULT_KIT: Kit | None = None


def default_kit() -> Kit:
    """The process-wide Kit (what the module-level assertions and the pytest fixture use)."""
    global _DEFAULT_KIT
    if _DEFAULT_KIT is None:
        _DEFAULT_KIT = Kit()
    return _DEFAULT_KIT


# ------------------------------------------------------------------------------------------------
# Pair assertions
# ------------------------------------------------------------------------------------------------
def _scores(metric: Any, pair: Pair, kit: Kit | None) -> tuple[str, float, float]:
    __tracebackhide__ = True
    k = kit or default_kit()
    s = k.score(metric, [pair.original, pair.variant], test=pair.transform)
    return k.metric(metric).name, float(s[0]), float(s[1])


def assert_invariant(
    metric: Any, pair: Pair | tuple[Any, Any], tol: float, *, rel_tol: float = 0.0, kit: Kit | None = None
) -> tuple[float, float]:
    """Fail unless the metric scores the variant within ``tol`` of the original (or within
    ``rel_tol`` times the original's absolute score, whichever is larger). Returns both scores."""
    __tracebackhide__ = True
    if tol < 0 or rel_tol < 0:
        raise ValueError(f"tol and rel_tol must be >= 0, got {tol} and {rel_tol}")
    p = as_pair(pair)
    name, so, sv = _scores(metric, p, kit)
    allowed = max(tol, rel_tol * abs(so))
    if not abs(sv - so) <= allowed:
        what = p.transform or "this change"
        raise RobustnessFailure(
            f"metric {name!r} is not invariant to {what}: the score moved by {sv - so:+.4g} "
            f"(allowed ±{allowed:.4g})\n{p.describe((so, sv))}",
            p,
            (so, sv),
        )
    return so, sv


def assert_decreases(
    metric: Any, pair: Pair | tuple[Any, Any], margin: float = 0.0, *, kit: Kit | None = None
) -> tuple[float, float]:
    """Fail unless the metric scores the variant below the original by more than ``margin``
    (higher scores mean better stories). Returns both scores."""
    __tracebackhide__ = True
    if margin < 0:
        raise ValueError(f"margin must be >= 0, got {margin}")
    p = as_pair(pair)
    name, so, sv = _scores(metric, p, kit)
    if not sv < so - margin:
        what = f"the {p.transform} variant" if p.transform else "the variant"
        change = "did not change" if sv == so else f"changed by {sv - so:+.4g}"
        need = f" (it should drop by more than {margin:.4g})" if margin else ""
        raise RobustnessFailure(
            f"metric {name!r} did not score {what} lower: the score {change}{need}\n{p.describe((so, sv))}", p, (so, sv)
        )
    return so, sv


# ------------------------------------------------------------------------------------------------
# Suite assertions
# ------------------------------------------------------------------------------------------------
#: threshold name -> (test kinds it applies to, statistic in the report, ">=" or "<=")
THRESHOLDS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "min_win_rate": (("discrimination",), "win_rate", ">="),
    "min_r": (("discrimination", "human_correlation"), "pearson", ">="),
    "max_abs_r": (("invariance",), "abs_r", "<="),
    "max_moved_share": (("invariance",), "moved_share", "<="),
    "max_fail_rate": (("directional",), "fail_rate", "<="),
}


@dataclass
class Check:
    """One threshold checked on one test for one metric."""

    test: str
    kind: str
    metric: str
    threshold: str  # e.g. "min_win_rate"
    limit: float
    value: float | None
    passed: bool
    n_pairs: int | None = None
    note: str = ""

    @property
    def stat(self) -> str:
        return THRESHOLDS[self.threshold][1]

    def line(self) -> str:
        op = THRESHOLDS[self.threshold][2]
        if self.value is None:
            got = f"{self.stat} undefined ({self.note or 'no data'})"
        else:
            shown_op = op if self.passed else {">=": "<", "<=": ">"}[op]
            got = f"{self.stat} {self.value:.3f} {shown_op} {self.limit:g}"
        n = f", {self.n_pairs} pairs" if self.n_pairs is not None else ""
        note = f"; {self.note}" if self.note and self.value is not None else ""
        return f"{'FAIL' if not self.passed else 'ok  '}  {got}  ({self.threshold}{n}{note})"


def _validate_thresholds(values: Mapping[str, Any], where: str) -> dict[str, float]:
    out = {}
    for k, v in values.items():
        if k not in THRESHOLDS:
            near = difflib.get_close_matches(k, list(THRESHOLDS), n=1)
            hint = f"did you mean {near[0]!r}? " if near else ""
            raise ValueError(f"{where}: unknown threshold {k!r}; {hint}thresholds: {', '.join(THRESHOLDS)}")
        if v is None:
            continue
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise ValueError(f"{where}: threshold {k} must be a number, got {v!r}")
        out[k] = float(v)
    return out


def _layers(
    report: Report, given: Mapping[str, Any], per_test: Mapping[str, Mapping[str, Any]] | None, names: list[str]
) -> dict[str, dict[str, float]]:
    """Thresholds per test: the suite's own (``thresholds`` in the suite spec, suite-wide then
    per test, when the schema has them), then the call's, then the call's per test; later wins."""
    spec_tests = {t.get("name"): t for t in report.spec.get("tests") or [] if isinstance(t, Mapping)}
    suite_wide = _validate_thresholds(report.spec.get("thresholds") or {}, f"suite {report.suite!r}")
    call_wide = _validate_thresholds(given, "assert_suite")
    for t in per_test or {}:
        if t not in names:
            near = difflib.get_close_matches(t, names, n=1)
            hint = f"; did you mean {near[0]!r}?" if near else f"; tests: {', '.join(names)}"
            raise ValueError(f"thresholds given for {t!r}, which is not a test of suite {report.suite!r}{hint}")
    out = {}
    for name in names:
        own = _validate_thresholds((spec_tests.get(name) or {}).get("thresholds") or {}, f"test {name!r}")
        call_own = _validate_thresholds((per_test or {}).get(name) or {}, f"thresholds[{name!r}]")
        out[name] = {**suite_wide, **own, **call_wide, **call_own}
    return out


def check_suite(
    report: Report | str | os.PathLike[str],
    *,
    thresholds: Mapping[str, Mapping[str, Any]] | None = None,
    tests: Iterable[str] | None = None,
    metrics: Iterable[str] | None = None,
    **given: float | None,
) -> list[Check]:
    """Every applicable threshold checked on every test and metric of ``report`` (no raising on
    failure; see :func:`assert_suite` for the arguments)."""
    from ..report import Report

    rep = report if isinstance(report, Report) else Report.load(report)
    names = [t.name for t in rep.tests]
    chosen = names if tests is None else ([tests] if isinstance(tests, str) else list(tests))
    for n in chosen:
        if n not in names:
            near = difflib.get_close_matches(n, names, n=1)
            raise ValueError(
                f"report of suite {rep.suite!r} has no test {n!r}"
                + (f"; did you mean {near[0]!r}?" if near else f"; tests: {', '.join(names)}")
            )
    mnames = rep.metric_names if metrics is None else ([metrics] if isinstance(metrics, str) else list(metrics))
    for m in mnames:
        if m not in rep.metric_names:
            raise ValueError(f"report has no metric {m!r}; metrics: {', '.join(rep.metric_names)}")
    layers = _layers(rep, given, thresholds, names)
    checks: list[Check] = []
    for t in rep.tests:
        if t.name not in chosen:
            continue
        for th, limit in layers[t.name].items():
            kinds, key, op = THRESHOLDS[th]
            if t.kind not in kinds:
                continue
            for m in mnames:
                st = t.stats.get(m) or {}
                value = st.get(key)
                n = st.get("n_pairs", st.get("n"))
                note = ""
                if value is None and key == "abs_r" and n:
                    # r is undefined only when the scores are constant: perfect invariance
                    value, note = 0.0, "scores constant: |r| taken as 0"
                ok = value is not None and (value >= limit if op == ">=" else value <= limit)
                if value is None:
                    note = st.get("note") or "; ".join(t.notes) or "no pairs"
                checks.append(Check(t.name, t.kind, m, th, limit, value, ok, n, note))
    if not checks:
        given_names = sorted({k for layer in layers.values() for k in layer})
        if not given_names:
            raise ValueError(f"no thresholds to check for suite {rep.suite!r}: pass some of {', '.join(THRESHOLDS)}")
        kinds = sorted({t.kind for t in rep.tests if t.name in chosen})
        raise ValueError(
            f"none of the thresholds {', '.join(given_names)} applies to the tests checked "
            f"(kinds: {', '.join(kinds)}); "
            + "; ".join(f"{k} applies to {'/'.join(THRESHOLDS[k][0])}" for k in given_names)
        )
    return checks


def assert_suite(
    report: Report | str | os.PathLike[str],
    min_win_rate: float | None = None,
    max_abs_r: float | None = None,
    *,
    max_moved_share: float | None = None,
    max_fail_rate: float | None = None,
    min_r: float | None = None,
    thresholds: Mapping[str, Mapping[str, Any]] | None = None,
    tests: Iterable[str] | None = None,
    metrics: Iterable[str] | None = None,
) -> list[Check]:
    """Fail when a suite report (a Report or its JSON file) is below thresholds.

    ``min_win_rate`` and ``min_r`` apply to discrimination tests (``min_r`` also to human
    correlation), ``max_abs_r`` and ``max_moved_share`` to invariance tests, ``max_fail_rate`` to
    directional tests. ``thresholds={test: {name: value}}`` sets them per test (it wins over the
    suite-wide arguments); ``tests`` and ``metrics`` restrict what is checked. A statistic that is
    undefined (no pairs, constant scores) fails its check. Returns every :class:`Check` made.
    """
    __tracebackhide__ = True
    checks = check_suite(
        report,
        thresholds=thresholds,
        tests=tests,
        metrics=metrics,
        min_win_rate=min_win_rate,
        max_abs_r=max_abs_r,
        max_moved_share=max_moved_share,
        max_fail_rate=max_fail_rate,
        min_r=min_r,
    )
    if any(not c.passed for c in checks):
        from ..report import Report

        rep = report if isinstance(report, Report) else Report.load(report)
        raise SuiteCheckFailure(format_checks(rep, checks), checks)
    return checks


def format_checks(report: Report, checks: Sequence[Check], *, examples: bool = True) -> str:
    """A readable summary of the checks: one line per check, failures first, then for each
    failing test and metric the pair that went most against expectation, with its edits."""
    failed = [c for c in checks if not c.passed]
    n_ex = report.data.get("n_examples")
    head = (
        f"suite {report.suite!r} ({f'{n_ex} stories, ' if n_ex else ''}seed {report.seed}): "
        f"{len(failed)} of {len(checks)} check{'s' if len(checks) != 1 else ''} failed"
    )
    wt = max(len(c.test) for c in checks)
    wk = max(len(c.kind) for c in checks)
    wm = max(len(c.metric) for c in checks)
    lines = [head]
    for c in sorted(checks, key=lambda c: c.passed):
        lines.append(f"  {c.test:<{wt}}  {c.kind:<{wk}}  {c.metric:<{wm}}  {c.line()}")
    if examples:
        shown = set()
        for c in failed:
            if (c.test, c.metric) in shown:
                continue
            shown.add((c.test, c.metric))
            worst = _worst_pair(report, c.test, c.metric, c.kind)
            if worst is not None:
                pair, scores, why = worst
                lines.append(f"\n{c.test}, metric {c.metric!r}: {why}")
                lines.append(pair.describe(scores, c.metric))
    return "\n".join(lines)


def _worst_pair(report: Report, test: str, metric: str, kind: str) -> tuple[Pair, tuple[float, float], str] | None:
    """The pair of a test that went most against what the test expects, with its scores and a
    phrase saying why it was chosen."""
    t = report.test(test)
    scored = [
        (o, v, o.scores[metric], v.scores[metric]) for o, v in t.pairs() if metric in o.scores and metric in v.scores
    ]
    if not scored:
        return None

    def badness(item: tuple[Any, Any, float, float]) -> float:
        return abs(item[3] - item[2]) if kind == "invariance" else item[3] - item[2]

    o, v, so, sv = max(scored, key=badness)
    try:
        orig, var = report.example(o.id), report.example(v.id)
    except KeyError:
        return None
    if kind == "invariance":
        why = f"the pair whose score moved most (of {len(scored)})"
    elif sv > so:
        why = f"the variant that scored furthest above its original (of {len(scored)} pairs)"
    elif sv == so:
        ties = sum(1 for item in scored if item[3] == item[2])
        why = f"a variant that scored the same as its original ({ties} of {len(scored)} pairs tie)"
    else:
        why = f"the pair with the smallest drop (of {len(scored)})"
    return Pair(orig, var), (so, sv), why
