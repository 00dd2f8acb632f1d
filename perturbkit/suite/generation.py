"""Generating a suite's cases before scoring: select each test's originals, build and fit every
transform once, make the variants (discrimination tests first, so invariance tests can take their
negatives as originals), filter them, and count what happened.

>>> from perturbkit.suite import generate, load_suite
>>> generated = generate(load_suite("demo"), stories, seed=0)   # doctest: +SKIP
>>> generated["shuffled"].counts["n_variants"]                  # doctest: +SKIP
"""

from __future__ import annotations

import contextlib
import gc
import json
import random
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import kinds
from ..annotation import Annotator, DerivedAnnotator, Level, default_annotator
from ..example import Example
from ..filters import build_filter
from ..seeds import derive_seed
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
)

__all__ = ["Generated", "generate", "select"]


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
    out = [ex for ex in pool if (ex.text.strip() or not skip_empty) and sel.admits(ex)]
    if sel.needs_sentences and out:
        docs = annotator.pipe([ex.text for ex in out], Level.PARSE)
        out = [ex for ex, doc in zip(out, docs) if sel.admits_sentences(_sentence_count(doc))]
    if sel.sample is not None and len(out) > sel.sample:
        keep = set(random.Random(derive_seed(seed, "select", test)).sample(range(len(out)), sel.sample))
        out = [ex for i, ex in enumerate(out) if i in keep]
    if sel.limit is not None:
        out = out[: sel.limit]
    return out


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
            t.check(self.annotator)  # a pipeline without what it reads fails here, before fitting
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
        n_na += sum(1 for v in outs if v is None)
        pairs = [(orig, v) for orig, v in zip(originals, outs) if v is not None]
        for orig, v in _apply_filters(filters, pairs, filtered):
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


def _apply_filters(
    filters: Sequence[tuple[str, Any]], pairs: list[tuple[Example, Example]], filtered: dict[str, int]
) -> list[tuple[Example, Example]]:
    """The (original, variant) pairs every filter keeps, in order; each rejection is counted once,
    for the first filter that rejects it. A filter with ``keep_many`` judges all pairs in one call
    (model-backed filters batch their model calls); others are called pair by pair."""
    for name, fn in filters:
        if not pairs:
            break
        many = getattr(fn, "keep_many", None)
        keep = many(pairs) if many is not None else [fn(o, v) for o, v in pairs]
        filtered[name] += sum(1 for k in keep if not k)
        pairs = [p for p, k in zip(pairs, keep) if k]
    return pairs


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
    with _frozen_heap():
        return _generate(suite, examples, seed, annotator, progress)


@contextlib.contextmanager
def _frozen_heap() -> Iterator[None]:
    """Leave the objects alive before generation (the spaCy pipeline, WordNet, the stories) out of
    the garbage collector's full passes while it runs (``gc.freeze``): rescanning them took a
    tenth of the openmeva build's time. They return to the collector afterwards, unless the
    caller had frozen the heap itself."""
    frozen = gc.get_freeze_count() > 0
    gc.freeze()
    try:
        yield
    finally:
        if not frozen:
            gc.unfreeze()


def _generate(
    suite: Suite, examples: Sequence[Example], seed: int | None, annotator: Annotator | None, progress: bool
) -> dict[str, Generated]:
    seed = suite.defaults.seed if seed is None else seed
    ann = annotator or default_annotator()
    derived = DerivedAnnotator(ann, bank=True)  # the Docs of negatives used as originals, from their stories'
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
            pairs = [pair for r in suite.negatives_of(test) for pair in out[r].variants]
            pool = list({v.id: v for _, v in pairs}.values())
            derived.add_parents((parent.text, v.text) for parent, v in pairs)
            out[test.name] = _generate_test(test, pool, suite, tf, derived, seed, table)
            continue
        out[test.name] = _generate_test(test, pool, suite, tf, ann, seed, table)
    return {t.name: out[t.name] for t in suite.tests}


def _progress(items: Sequence[Any], enabled: bool, desc: str) -> Iterable[Any]:
    if not enabled or not sys.stderr.isatty():
        return items
    from tqdm.auto import tqdm

    return tqdm(items, desc=desc, unit="test", leave=False)
