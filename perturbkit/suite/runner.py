"""Run a suite: select originals, generate variants, score everything, compute statistics.

>>> from perturbkit.suite import run_suite
>>> report = run_suite("demo", read_examples("examples/stories.jsonl"),
...                    ["ngram_repetition", "lexical_diversity"], seed=0)   # doctest: +SKIP
>>> print(report.to_markdown())                                             # doctest: +SKIP

Order of work: (1) every transform the suite names is built once and fitted once on the whole
data set; (2) tests generate their variants (discrimination tests first, since invariance tests
may take their negatives as originals), all parsing going through one shared Annotator;
(3) every metric's ``needs`` are checked against every test before anything is scored; (4) each
metric scores the cases of all tests in one MetricRunner call (each distinct input scored once,
cached; inputs from different tests meet in one call, which perplexity's prefix sharing needs),
then each test's cases (from memory; if the call over all tests failed, the per-test calls redo
the rest and their errors name the test); (5) statistics per test and metric, with Holm-adjusted
p-values across tests.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import kinds
from ..annotation import Annotator, Level, default_annotator
from ..errors import InputError, MetricError
from ..example import Example
from ..filters import build_filter
from ..report import Case, Report, TestResult
from ..seeds import derive_seed
from ..stats import holm
from .spec import (
    Discrimination,
    FilterRef,
    HumanCorrelation,
    Invariance,
    PerturbationTest,
    Select,
    Suite,
    TestSpec,
    TransformRef,
    load_suite,
)

__all__ = ["run_suite", "generate"]


# ------------------------------------------------------------------------------------------------
# Generation
# ------------------------------------------------------------------------------------------------
@dataclass
class Generated:
    """One test's cases before scoring, with its counts and notes."""

    test: TestSpec
    originals: list[Example] = field(default_factory=list)
    variants: list[tuple[Example, Example]] = field(default_factory=list)  # (made from, variant)
    rated: list[tuple[Example, float]] = field(default_factory=list)
    counts: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def _sentence_count(doc: Any) -> int:
    from ..annotation import sentences

    return len(sentences(doc))


def select(
    sel: Select, pool: Sequence[Example], *, annotator: Annotator, seed: int, test: str, skip_empty: bool = True
) -> list[Example]:
    """The examples of ``pool`` that qualify under ``sel`` (in pool order). Empty stories are
    skipped unless ``skip_empty`` is False (a rated empty generation is still data)."""
    out = []
    for ex in pool:
        if skip_empty and not ex.text.strip():
            continue
        if sel.has_context is not None and bool(ex.context) != sel.has_context:
            continue
        if sel.has_reference is not None and bool(ex.reference) != sel.has_reference:
            continue
        if sel.min_words is not None or sel.max_words is not None:
            n = len(ex.text.split())
            if (sel.min_words is not None and n < sel.min_words) or (sel.max_words is not None and n > sel.max_words):
                continue
        if any(not _meta_match(ex.meta.get(k), want) for k, want in sel.meta.items()):
            continue
        out.append(ex)
    if sel.needs_sentences and out:
        docs = annotator.pipe([ex.text for ex in out], Level.PARSE)
        counts = [_sentence_count(d) for d in docs]
        out = [
            ex
            for ex, n in zip(out, counts)
            if (sel.min_sentences is None or n >= sel.min_sentences)
            and (sel.max_sentences is None or n <= sel.max_sentences)
        ]
    if sel.sample is not None and len(out) > sel.sample:
        keep = set(random.Random(derive_seed(seed, "select", test)).sample(range(len(out)), sel.sample))
        out = [ex for i, ex in enumerate(out) if i in keep]
    if sel.limit is not None:
        out = out[: sel.limit]
    return out


def _meta_match(value: Any, want: Any) -> bool:
    if isinstance(want, list):
        return value in want
    return value == want


class _Transforms:
    """Each (name, params) built once and fitted once on the whole data set."""

    def __init__(self, corpus: Sequence[Example], annotator: Annotator) -> None:
        self.corpus, self.annotator = corpus, annotator
        self._built: dict[str, Any] = {}

    def get(self, ref: TransformRef) -> Any:
        key = json.dumps([ref.name, ref.params], sort_keys=True, default=repr)
        t = self._built.get(key)
        if t is None:
            t = ref.build()
            t.fit(self.corpus, self.annotator)
            self._built[key] = t
        return t

    def for_test(self, test: PerturbationTest) -> Any:
        from ..transform import OneOf

        leaves = [self.get(r) for r in test.transforms]
        return leaves[0] if len(leaves) == 1 else OneOf(leaves)


def _unique_id(v: Example, k: int, test: str, table: dict[str, Example]) -> Example:
    """The variant with an id unique in the run (``~k`` for extra samples, ``@test`` on clashes)."""
    from dataclasses import replace

    vid = v.id if k == 0 else f"{v.id}~{k}"
    prev = table.get(vid)
    if prev is not None and (prev.text, prev.context, prev.reference) != (v.text, v.context, v.reference):
        vid = f"{vid}@{test}"
    return v if vid == v.id else replace(v, id=vid)


def _leaf(v: Example, parent: Example) -> str:
    own = v.edits[len(parent.edits) :]
    return own[-1].transform if own else ""


def _generate_test(
    test: PerturbationTest,
    pool: Sequence[Example],
    suite: Suite,
    tf: _Transforms,
    annotator: Annotator,
    seed: int,
    table: dict[str, Example],
) -> Generated:
    g = Generated(test)
    originals = select(test.select, pool, annotator=annotator, seed=seed, test=test.name)
    transform = tf.for_test(test)
    n_samples = test.n_samples or suite.defaults.n_samples
    frefs: list[FilterRef] = test.filters if test.filters is not None else suite.defaults.filters
    if not any(f.name == "changed" for f in frefs):
        frefs = [FilterRef.model_construct(name="changed", params={})] + list(frefs)
    filters = [(f.name, build_filter(f.name, f.params)) for f in frefs]
    n_na = n_dup = 0
    filtered = {name: 0 for name, _ in filters}
    by_transform: dict[str, int] = {}
    per_orig: dict[str, list[Example]] = {ex.id: [] for ex in originals}
    for k in range(n_samples):
        s = seed if k == 0 else derive_seed(seed, "sample", k)
        outs = transform.batch(originals, seed=s, annotator=annotator)
        for orig, v in zip(originals, outs):
            if v is None:
                n_na += 1
                continue
            failed = next((name for name, fn in filters if not fn(orig, v)), None)
            if failed is not None:
                filtered[failed] += 1
                continue
            if any(p.text == v.text for p in per_orig[orig.id]):
                n_dup += 1
                continue
            v = _unique_id(v, k, test.name, table)
            table[v.id] = v
            per_orig[orig.id].append(v)
            leaf = _leaf(v, orig)
            by_transform[leaf] = by_transform.get(leaf, 0) + 1
    perturbed = [ex for ex in originals if per_orig[ex.id]]
    keep = originals if isinstance(test, Discrimination) and test.positives == "selected" else perturbed
    g.originals = list(keep)
    for ex in keep:
        table.setdefault(ex.id, ex)
    g.variants = [(ex, v) for ex in perturbed for v in per_orig[ex.id]]
    g.counts = {
        "n_selected": len(originals),
        "n_samples": n_samples,
        "n_attempts": len(originals) * n_samples,
        "n_not_applicable": n_na,
        "n_filtered": filtered,
        "n_duplicates": n_dup,
        "n_perturbed": len(perturbed),
        "n_variants": len(g.variants),
        "by_transform": by_transform,
    }
    g.notes.extend(_effect_notes(test))
    if not originals:
        g.notes.append("no story qualified under `select`")
    elif not g.variants:
        g.notes.append(
            f"no variant survived ({n_na} not applicable, {sum(filtered.values())} filtered out, {n_dup} duplicates)"
        )
    return g


def _effect_notes(test: PerturbationTest) -> list[str]:
    """Warn when a transform's effect does not fit the kind (a typo in a discrimination test...)."""
    from ..transform import Effect, transform_class

    want = {"discrimination": Effect.BREAKS, "invariance": Effect.PRESERVES}.get(test.kind)
    if want is None:
        return []
    odd = [r.name for r in test.transforms if transform_class(r.name).effect != want]
    if not odd:
        return []
    what = "meaning-preserving" if want == Effect.BREAKS else "coherence-breaking"
    return [f"{', '.join(odd)} {'is' if len(odd) == 1 else 'are'} {what}, unusual for a {test.kind} test"]


def _generate_human(
    test: HumanCorrelation, pool: Sequence[Example], annotator: Annotator, seed: int, table: dict[str, Example]
) -> Generated:
    g = Generated(test)
    chosen = select(test.select, pool, annotator=annotator, seed=seed, test=test.name, skip_empty=False)
    excluded: list[str] = []
    for ex in chosen:
        r = kinds.parse_rating(ex.meta.get(test.rating))
        if r is None:
            excluded.append(ex.id)
            continue
        g.rated.append((ex, r))
        table.setdefault(ex.id, ex)
    g.counts = {
        "n_selected": len(chosen),
        "n_rated": len(g.rated),
        "n_excluded": len(excluded),
        "excluded_ids": excluded[:50],
    }
    if excluded:
        g.notes.append(
            f"{len(excluded)} of {len(chosen)} stories had no usable numeric '{test.rating}' rating and were excluded"
        )
    return g


def generate(
    suite: Suite,
    examples: Sequence[Example],
    *,
    seed: int | None = None,
    annotator: Annotator | None = None,
    progress: bool = False,
) -> dict[str, Generated]:
    """Select originals and make the variants of every test (no scoring), by test name."""
    seed = suite.defaults.seed if seed is None else seed
    ann = annotator or default_annotator()
    tf = _Transforms(examples, ann)
    table: dict[str, Example] = {}
    out: dict[str, Generated] = {}
    order = [t for t in suite.tests if isinstance(t, Discrimination)] + [
        t for t in suite.tests if not isinstance(t, Discrimination)
    ]
    for test in _progress(order, progress, "generating"):
        if isinstance(test, HumanCorrelation):
            out[test.name] = _generate_human(test, examples, ann, seed, table)
            continue
        assert isinstance(test, PerturbationTest)
        pool: Sequence[Example] = examples
        if isinstance(test, Invariance) and test.negatives_of:
            refs = suite.negatives_of(test)
            pool = list({v.id: v for r in refs for _, v in out[r].variants}.values())
        out[test.name] = _generate_test(test, pool, suite, tf, ann, seed, table)
    return {t.name: out[t.name] for t in suite.tests}


def _progress(items: Sequence[Any], enabled: bool, desc: str) -> Iterable[Any]:
    if not enabled or not sys.stderr.isatty():
        return items
    from tqdm.auto import tqdm

    return tqdm(items, desc=desc, unit="test", leave=False)


# ------------------------------------------------------------------------------------------------
# Metrics
# ------------------------------------------------------------------------------------------------
def _runners(metrics: Any, cache_dir: Any, batch_size: int | None, progress: bool) -> list[tuple[str, str, Any]]:
    """(name, spec label, MetricRunner) per metric; names are made unique."""
    from ..metrics import resolve_metric
    from ..metrics.runner import MetricRunner

    if isinstance(metrics, Mapping):
        items = [(str(k), v) for k, v in metrics.items()]
    else:
        if isinstance(metrics, str) or callable(metrics):
            metrics = [metrics]
        items = [(None, m) for m in metrics]  # type: ignore[misc]
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
) -> Report:
    """Run ``suite`` (a Suite, a YAML path or a shipped suite's name) on ``examples`` with one or
    more ``metrics`` (names, ``module:callable`` specs, callables, Metric objects, or a mapping
    name -> metric) and return the :class:`~perturbkit.report.Report`.

    ``seed`` overrides the suite's ``defaults.seed``; ``cache_dir`` is passed to every
    MetricRunner (None: the perturbkit cache; False: memory only)."""
    from .. import __version__

    suite = load_suite(suite)
    exs = _as_examples(examples)
    if not exs:
        raise InputError("no examples to run the suite on")
    seed = suite.defaults.seed if seed is None else int(seed)
    runners = _runners(metrics, cache_dir, batch_size, progress)
    generated = generate(suite, exs, seed=seed, annotator=annotator, progress=progress)

    table, case_lists = scored_examples(generated)
    results: list[TestResult] = []
    for name, cases in case_lists.items():  # fail before any scoring when inputs are missing
        exs_t = [table[c.id] for c in cases]
        for _, _, runner in runners:
            runner.check_inputs(exs_t, name)
    # every distinct example of every test, in one call per metric: an original and its variants
    # from different tests meet in one call (prefix sharing, fuller batches); the per-test calls
    # below are then served from the runner's memory
    union = [table[i] for i in dict.fromkeys(c.id for cases in case_lists.values() for c in cases)]
    try:
        for _, _, runner in runners:
            if not union:
                continue
            try:
                runner.score(union)
            except MetricError:  # the per-test calls below redo what failed and name the test
                pass
        for test in suite.tests:
            cases = case_lists[test.name]
            exs_t = [table[c.id] for c in cases]
            for mname, _, runner in runners:
                if not exs_t:
                    continue
                scores = runner.score(exs_t, test=test.name)
                for c, s in zip(cases, scores):
                    c.scores[mname] = float(s)
            g = generated[test.name]
            res = TestResult(
                name=test.name,
                kind=test.kind,
                aspect=_aspect(test),
                description=test.description,
                transforms=[r.label() for r in getattr(test, "transforms", [])],
                options=_options(test),
                counts=g.counts,
                cases=cases,
                notes=list(g.notes),
            )
            for mname, _, _ in runners:
                res.stats[mname] = kinds.evaluate(test, cases, mname, seed=derive_seed(seed, "stats", test.name, mname))
            results.append(res)
    finally:
        for _, _, runner in runners:
            runner.close()

    for mname, _, _ in runners:  # Holm across the tests of the suite, per metric
        ps = [kinds.primary_p(r.kind, r.stats[mname]) for r in results]
        for r, adj in zip(results, holm(ps)):
            r.stats[mname]["p_holm"] = adj
    used = [k for k in kinds.KINDS.values() if any(r.kind == k.name for r in results)]
    notes = [
        "p_holm: Holm-adjusted p-values across the tests of this suite, per metric ("
        + "; ".join(f"{k.name}: {k.p_label}" for k in used)
        + ")."
    ]
    # the Report gives every test a verdict per metric: the kinds judge the statistics against the
    # suite's thresholds (spec), or their own defaults where the suite sets none
    return Report(
        suite=suite.name,
        description=suite.description,
        seed=seed,
        tests=results,
        metrics=[{"name": n, "spec": spec, "identity": r.identity} for n, spec, r in runners],
        data={"source": data_source, "n_examples": len(exs)},
        spec=suite.model_dump(mode="json"),
        examples={i: table[i].to_dict() for i in _report_ids(results)},
        notes=notes,
        version=__version__,
    )


def _report_ids(results: Sequence[TestResult]) -> list[str]:
    return list(dict.fromkeys(c.id for r in results for c in r.cases))
