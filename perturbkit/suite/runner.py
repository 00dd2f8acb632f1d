"""Run a suite: select originals, generate variants, score everything, compute statistics.

>>> from perturbkit.suite import run_suite
>>> report = run_suite("demo", read_examples("examples/stories.jsonl"),
...                    ["ngram_repetition", "lexical_diversity"], seed=0)   # doctest: +SKIP
>>> print(report.to_markdown())                                             # doctest: +SKIP

Order of work (steps 1 and 2 in :mod:`.generation`): (1) every transform the suite names is built
once and fitted once on the whole data set; (2) tests generate their variants (discrimination tests first, since invariance tests
may take their negatives as originals), all parsing going through one shared Annotator; the Doc
of a negative taken as an original is derived from its story's Doc (a DerivedAnnotator view),
re-parsing only the sentences the negative rewrote;
(3) every metric's ``needs`` are checked against every test before anything is scored; (4) each
metric scores the cases of all tests in one MetricRunner call (each distinct input scored once,
cached; inputs from different tests meet in one call, which perplexity's prefix sharing needs),
then each test's cases (from memory; if the call over all tests failed, the per-test calls redo
the rest and their errors name the test); (5) statistics per test and metric, with Holm-adjusted
p-values across tests.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .. import kinds
from ..annotation import Annotator
from ..errors import InputError, MetricError
from ..example import Example
from ..report import Case, Report, TestResult
from ..seeds import derive_seed
from ..stats import holm
from .generation import Generated, _leaf, generate, select
from .spec import HumanCorrelation, PerturbationTest, Suite, TestSpec, load_suite

# generation lives in .generation; generate, Generated and select stay importable from here
__all__ = ["Generated", "build_result", "finish_report", "generate", "run_suite", "scored_examples", "select"]


# ------------------------------------------------------------------------------------------------
# Metrics
# ------------------------------------------------------------------------------------------------
def metric_items(metrics: Any) -> list[tuple[str | None, Any]]:
    """``metrics`` as given to :func:`run_suite` -> [(name given or None, metric spec or object)]."""
    if isinstance(metrics, Mapping):
        return [(str(k), v) for k, v in metrics.items()]
    if isinstance(metrics, str) or callable(metrics):
        metrics = [metrics]
    return [(None, m) for m in metrics]


def _runners(metrics: Any, cache_dir: Any, batch_size: int | None, progress: bool) -> list[tuple[str, str, Any]]:
    """(name, spec label, MetricRunner) per metric; names are made unique."""
    from ..metrics import resolve_metric
    from ..metrics.runner import MetricRunner

    items = metric_items(metrics)
    if not items:
        raise MetricError("no metric given: pass at least one metric (a name, 'module:callable' or a callable)")
    out: list[tuple[str, str, Any]] = []
    seen: set[str] = set()
    for given, m in items:
        metric = resolve_metric(m)
        if given:
            metric.name = given
        runner = MetricRunner(metric, cache_dir=cache_dir, batch_size=batch_size, progress=progress)
        name = runner.name
        if name in seen:
            base, i = name, 2
            while f"{base}#{i}" in seen:
                i += 1
            name = f"{base}#{i}"
        seen.add(name)
        out.append((name, m if isinstance(m, str) else repr(metric), runner))
    return out


# ------------------------------------------------------------------------------------------------
# The run
# ------------------------------------------------------------------------------------------------
def _as_examples(examples: Iterable[Any]) -> list[Example]:
    out: list[Example] = []
    seen: set[str] = set()
    for i, x in enumerate(examples):
        if isinstance(x, Example):
            ex = x
        elif isinstance(x, str):
            ex = Example(x)
        elif isinstance(x, Mapping):
            try:
                ex = Example.from_dict(x)
            except (KeyError, TypeError) as exc:
                raise InputError(f"example {i}: {exc}") from None
        else:
            raise InputError(f"example {i}: expected an Example, a string or a mapping, got {type(x).__name__}")
        if ex.id in seen:
            raise InputError(f"example {i}: duplicate example id {ex.id!r}")
        seen.add(ex.id)
        out.append(ex)
    return out


def _cases(g: Generated) -> list[Case]:
    if isinstance(g.test, HumanCorrelation):
        fields = g.test.group_by
        return [
            Case(ex.id, "rated", rating=r, groups={f: _group_value(ex.meta.get(f)) for f in fields})
            for ex, r in g.rated
        ]
    variants: dict[str, list[Example]] = {}
    for parent, v in g.variants:
        variants.setdefault(parent.id, []).append(v)
    out = []
    for ex in g.originals:
        out.append(Case(ex.id, "original", label=1))
        for v in variants.get(ex.id, []):
            out.append(Case(v.id, "variant", label=0, pair_of=ex.id, transform=_leaf(v, ex) or None))
    return out


def _group_value(v: Any) -> str:
    return "(missing)" if v is None or v == "" else str(v)


def _aspect(test: TestSpec) -> str:
    if test.aspect:
        return test.aspect
    if isinstance(test, PerturbationTest):
        from ..transform import transform_class

        return "+".join(dict.fromkeys(transform_class(r.name).aspect or r.name for r in test.transforms))
    return "human ratings"


def _options(test: TestSpec) -> dict[str, Any]:
    common = {"name", "kind", "description", "aspect", "transforms", "source"}
    return {k: v for k, v in test.model_dump(mode="json").items() if k not in common}


def scored_examples(generated: dict[str, Generated]) -> tuple[dict[str, Example], dict[str, list[Case]]]:
    """Every example the generated tests score (originals, variants, rated stories) by id, and
    each test's cases in scoring order: what :func:`run_suite` hands the metric runner."""
    table: dict[str, Example] = {}
    for g in generated.values():
        for ex in g.originals:
            table.setdefault(ex.id, ex)
        for parent, v in g.variants:
            table.setdefault(parent.id, parent)
            table.setdefault(v.id, v)
        for ex, _ in g.rated:
            table.setdefault(ex.id, ex)
    return table, {name: _cases(g) for name, g in generated.items()}


def run_suite(
    suite: Any,
    examples: Iterable[Any],
    metrics: Any,
    *,
    seed: int | None = None,
    annotator: Annotator | None = None,
    cache_dir: Any = None,
    progress: bool = True,
    batch_size: int | None = None,
    data_source: str | None = None,
    metric_sample: Mapping[str, int] | None = None,
) -> Report:
    """Run ``suite`` (a Suite, a YAML path or a shipped suite's name) on ``examples`` with one or
    more ``metrics`` (names, ``module:callable`` specs, callables, Metric objects, or a mapping
    name -> metric) and return the :class:`~perturbkit.report.Report`.

    ``seed`` overrides the suite's ``defaults.seed``; ``cache_dir`` is passed to every
    MetricRunner (None: the perturbkit cache; False: memory only). ``metric_sample`` maps a
    metric's name to a number of stories: that metric scores only the cases made from a seeded
    sample of that many stories (the same sample for every sampled metric), so a slow metric
    answers quickly while the others score everything."""
    suite = load_suite(suite)
    exs = _as_examples(examples)
    if not exs:
        raise InputError("no examples to run the suite on")
    seed = suite.defaults.seed if seed is None else int(seed)
    runners = _runners(metrics, cache_dir, batch_size, progress)
    generated = generate(suite, exs, seed=seed, annotator=annotator, progress=progress)

    table, case_lists = scored_examples(generated)
    n_stories = len(set(_stories(case_lists).values()))
    samples = {m: n for m, n in _check_samples(metric_sample, runners).items() if n < n_stories}
    scored = {
        mname: _sampled(case_lists, samples[mname], seed) if mname in samples else case_lists for mname, *_ in runners
    }
    results: list[TestResult] = []
    for mname, _, runner in runners:  # fail before any scoring when inputs are missing
        for name, cases in scored[mname].items():
            runner.check_inputs([table[c.id] for c in cases], name)
    try:
        for mname, _, runner in runners:
            # every distinct example of every test, in one call per metric: an original and its
            # variants from different tests meet in one call (prefix sharing, fuller batches); the
            # per-test calls below are then served from the runner's memory
            union = [table[i] for i in dict.fromkeys(c.id for cases in scored[mname].values() for c in cases)]
            if not union:
                continue
            try:
                runner.score(union)
            except MetricError:  # the per-test calls below redo what failed and name the test
                pass
        for test in suite.tests:
            cases = case_lists[test.name]
            for mname, _, runner in runners:
                mine = scored[mname][test.name]
                if not mine:
                    continue
                scores = runner.score([table[c.id] for c in mine], test=test.name)
                for c, s in zip(mine, scores):
                    c.scores[mname] = float(s)
            g = generated[test.name]
            results.append(build_result(test, cases, g.counts, g.notes))
    finally:
        for _, _, runner in runners:
            runner.close()
    metrics_meta = [
        {
            "name": n,
            "spec": spec,
            "identity": r.identity,
            **({"sample": samples[n], "sample_of": n_stories} if n in samples else {}),
        }
        for n, spec, r in runners
    ]
    data = {"source": data_source, "n_examples": len(exs)}
    return finish_report(suite, seed, results, metrics_meta, data, table)


def build_result(test: TestSpec, cases: list[Case], counts: dict[str, Any], notes: Sequence[str]) -> TestResult:
    """One test's result before its statistics: its cases (scored) with what generation counted."""
    return TestResult(
        name=test.name,
        kind=test.kind,
        aspect=_aspect(test),
        description=test.description,
        transforms=[r.label() for r in getattr(test, "transforms", [])],
        options=_options(test),
        counts=counts,
        cases=cases,
        notes=list(notes),
    )


def finish_report(
    suite: Suite,
    seed: int,
    results: list[TestResult],
    metrics: list[dict[str, Any]],
    data: dict[str, Any],
    table: Mapping[str, Example],
) -> Report:
    """Statistics per test and metric (Holm-adjusted across tests) and the Report: what
    :func:`run_suite` and :func:`report_from_scores` share, so both give the same report."""
    from .. import __version__

    names = [m["name"] for m in metrics]
    for res in results:
        test = suite.test(res.name)
        for mname in names:
            res.stats[mname] = kinds.evaluate(test, res.cases, mname, seed=derive_seed(seed, "stats", res.name, mname))
    for mname in names:  # Holm across the tests of the suite, per metric
        ps = [kinds.primary_p(r.kind, r.stats[mname]) for r in results]
        for r, adj in zip(results, holm(ps)):
            r.stats[mname]["p_holm"] = adj
    used = [k for k in kinds.KINDS.values() if any(r.kind == k.name for r in results)]
    notes = [
        "p_holm: Holm-adjusted p-values across the tests of this suite, per metric ("
        + "; ".join(f"{k.name}: {k.p_label}" for k in used)
        + ")."
    ]
    for m in metrics:
        if m.get("sample"):
            notes.append(
                f"{m['name']}: scored on the cases of a seeded sample of {m['sample']} of the {m['sample_of']} stories."
            )
    # the Report gives every test a verdict per metric: the kinds judge the statistics against the
    # suite's thresholds (spec), or their own defaults where the suite sets none
    return Report(
        suite=suite.name,
        description=suite.description,
        seed=seed,
        tests=results,
        metrics=metrics,
        data=data,
        spec=suite.model_dump(mode="json"),
        examples={i: table[i].to_dict() for i in _report_ids(results)},
        notes=notes,
        version=__version__,
    )


def _check_samples(given: Mapping[str, int] | None, runners: list[tuple[str, str, Any]]) -> dict[str, int]:
    """``metric_sample`` by reported metric name (a metric may be named by its spec too)."""
    out: dict[str, int] = {}
    for key, n in (given or {}).items():
        match = [name for name, spec, _ in runners if key in (name, spec)]
        if not match:
            known = ", ".join(name for name, _, _ in runners)
            raise MetricError(f"metric sample for {key!r}: no such metric in this run (metrics: {known})")
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise MetricError(f"metric sample for {key!r} must be a positive number of stories, not {n!r}")
        out[match[0]] = n
    return out


def _stories(case_lists: Mapping[str, list[Case]]) -> dict[str, str]:
    """Each case id -> the id of the story it was made from (following ``pair_of`` through the
    variants that ``negatives-of`` tests take as originals)."""
    parent = {c.id: c.pair_of for cases in case_lists.values() for c in cases if c.pair_of}
    root: dict[str, str] = {}
    for cases in case_lists.values():
        for c in cases:
            i, hops = c.id, 0
            while i in parent and hops < len(parent):
                i, hops = parent[i], hops + 1
            root[c.id] = i
    return root


def _sampled(case_lists: dict[str, list[Case]], n: int, seed: int) -> dict[str, list[Case]]:
    """Each test's cases made from a seeded sample of ``n`` stories (all of them when fewer)."""
    root = _stories(case_lists)
    stories = list(dict.fromkeys(root.values()))
    keep = set(random.Random(derive_seed(seed, "metric-sample")).sample(stories, n))
    return {name: [c for c in cases if root[c.id] in keep] for name, cases in case_lists.items()}


def _report_ids(results: Sequence[TestResult]) -> list[str]:
    return list(dict.fromkeys(c.id for r in results for c in r.cases))
