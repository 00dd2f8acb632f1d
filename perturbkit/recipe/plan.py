"""A recipe compiled for running: each set's transform built and fitted once, then applied chunk by
chunk (:func:`apply_chunk`), in the driver or in a worker.

A :class:`Plan` is what executors ship to their workers (pickled once per run); a chunk is a list of
Examples; the result is each story's output records, in input order, and the chunk's counts.
Every random draw comes from (seed, story id, transform), so a story's records do not depend on
which chunk or worker it was in: that is what makes the output the same bytes for any number of
workers and either executor.

>>> plan = compile_recipe(load_recipe("union"), fit_on=stories[:5000])   # doctest: +SKIP
>>> records, counts = apply_chunk(plan, stories[:64])                      # doctest: +SKIP
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..example import Example
from ..seeds import derive_seed
from .definition import Recipe, ResolvedSet
from .spec import FilterSpec, Select

__all__ = ["Counts", "Plan", "PlannedSet", "Record", "apply_chunk", "compile_recipe"]


@dataclass
class PlannedSet:
    """One set ready to run: its transform (built and fitted), its labels and options."""

    name: str
    transform: Any  # a Transform (an entry, a OneOf or a Mixture)
    entries: tuple[tuple[str, list[dict[str, Any]]], ...]  # (label, params) per transforms-mode entry
    transforms: tuple[Any, ...]  # per entry in "transforms" mode; else (transform,)
    filters: tuple[FilterSpec, ...]
    variants: int
    label_original: Any
    label_variant: Any
    keep_originals: bool
    select: Select
    variants_of: tuple[str, ...]


@dataclass
class Plan:
    """A compiled recipe: its sets in order, the seed and the perturbkit version (recorded)."""

    name: str
    seed: int
    sets: list[PlannedSet]
    version: str


@dataclass
class Counts:
    """What a chunk (or a run) did: records written, variants not applicable per transform,
    rejected per filter, duplicate variants dropped, stories not selected per set."""

    stories: int = 0
    records: int = 0
    variants: int = 0
    not_applicable: dict[str, int] = field(default_factory=dict)
    rejected: dict[str, int] = field(default_factory=dict)
    duplicates: int = 0
    not_selected: dict[str, int] = field(default_factory=dict)

    def add(self, other: Counts) -> None:
        add_counts(self, other)


def add_counts(mine: Any, other: Any) -> None:
    """Add a counts dataclass into another of its kind: numbers summed, tables ({name: n}) merged."""
    for f in dataclasses.fields(mine):
        a, b = getattr(mine, f.name), getattr(other, f.name)
        if isinstance(a, dict):
            for k, v in b.items():
                a[k] = a.get(k, 0) + v
        else:
            setattr(mine, f.name, a + b)


Record = dict[str, Any]


def _build_set(rs: ResolvedSet) -> PlannedSet:
    from ..transform import Mixture, OneOf

    built = [e.build() for e in rs.entries]
    entries = tuple((e.label, e.params()) for e in rs.entries)
    if rs.mode == "transforms":
        transform, transforms = None, tuple(built)
    elif rs.mode == "one_of":
        transform = built[0] if len(built) == 1 else OneOf(built, weights=list(rs.weights) if rs.weights else None)
        transforms = (transform,)
    else:
        mix = rs.mixture
        assert mix is not None
        built = [t.transform.build() for t in mix.techniques]
        transform = Mixture([(t, tech.weight) for t, tech in zip(built, mix.techniques)], counts=dict(mix.counts))
        transforms = (transform,)
    return PlannedSet(
        name=rs.name,
        transform=transform,
        entries=entries,
        transforms=transforms,
        filters=rs.filters,
        variants=rs.variants,
        label_original=rs.labels.original,
        label_variant=rs.labels.variant,
        keep_originals=rs.keep_originals,
        select=rs.select,
        variants_of=rs.variants_of,
    )


def compile_recipe(recipe: Recipe, fit_on: Sequence[Example] = (), annotator: Any = None) -> Plan:
    """Build every set's transforms and fit them on ``fit_on`` (the recipe's ``fit`` stories)."""
    from .. import __version__

    sets = [_build_set(rs) for rs in recipe.resolved_sets()]
    if fit_on:
        for s in sets:
            for t in s.transforms:
                t.fit(list(fit_on), annotator)
    return Plan(name=recipe.name, seed=recipe.seed, sets=sets, version=__version__)


def needs_fit(plan: Plan) -> bool:
    """True when a transform of the plan learns from the corpus (so the driver reads ``fit`` stories)."""
    from ..transform import Transform

    return any(type(t).fit is not Transform.fit for s in plan.sets for t in s.transforms)


# ------------------------------------------------------------------------------------------------
# Applying to a chunk
# ------------------------------------------------------------------------------------------------
def _selected(sel: Select, examples: Sequence[Example], annotator: Any) -> list[bool]:
    from ..annotation import Level, sentences

    keep = [bool(ex.text.strip()) and sel.admits(ex) for ex in examples]
    if sel.needs_sentences:
        idx = [i for i, ok in enumerate(keep) if ok]
        docs = annotator.pipe([examples[i].text for i in idx], Level.PARSE)
        for i, doc in zip(idx, docs):
            keep[i] = sel.admits_sentences(len(sentences(doc)))
    return keep


def _applied(v: Example, parent: Example) -> str:
    """The transforms that made ``v`` from ``parent``, in order (``a>>b``), from its edits."""
    return ">>".join(dict.fromkeys(e.transform for e in v.edits[len(parent.edits) :]))


def _what(s: PlannedSet, j: int, t: Any, v: Example, parent: Example) -> tuple[str, Any]:
    """The ``transform`` and ``params`` fields: the entry (``transforms`` mode, or the ``one_of``
    entry the variant came from), else the transforms applied and the mixture's parameters."""
    if len(s.transforms) > 1 or (s.transform is None and s.entries):
        return s.entries[j]
    applied = _applied(v, parent)
    for label, params in s.entries:
        if label == applied:
            return label, params
    return applied, t.params()


def _record(plan: Plan, s: PlannedSet, story: Example, parent: Example, ex: Example, label: Any, what: Any) -> Record:
    name, params = what if what is not None else (None, None)
    return {
        "id": ex.id,
        "source_id": story.id,
        "parent_id": parent.id if ex is not parent else None,
        "set": s.name,
        "label": label,
        "text": ex.text,
        "context": ex.context,
        "transform": name,
        "params": params,
        "edits": [e.to_dict() for e in ex.edits[len(parent.edits) :]] if ex is not parent else [],
        "seed": plan.seed,
        "perturbkit_version": plan.version,
    }


def apply_chunk(plan: Plan, chunk: Sequence[Example], annotator: Any = None) -> tuple[list[list[Record]], Counts]:
    """Each story's records (its original first when kept, then each set's variants, in set order)
    and the chunk's counts."""
    from ..annotation import default_annotator
    from ..filters import build_filter

    annotator = annotator or default_annotator()
    counts = Counts(stories=len(chunk))
    per_story: list[list[Record]] = [[] for _ in chunk]
    kept: dict[str, list[list[Example]]] = {}  # set -> per story, its kept variants
    for s in plan.sets:
        if s.variants_of:  # originals: the kept variants of earlier sets, per story
            items = [(i, v) for i in range(len(chunk)) for name in s.variants_of for v in kept[name][i]]
        else:
            items = list(enumerate(chunk))
        sel = _selected(s.select, [ex for _, ex in items], annotator)
        counts.not_selected[s.name] = counts.not_selected.get(s.name, 0) + sel.count(False)
        items = [it for it, ok in zip(items, sel) if ok]
        originals = [ex for _, ex in items]
        filters = [(f.name, build_filter(f.name, f.params)) for f in s.filters]
        out: list[list[Example]] = [[] for _ in chunk]
        texts: dict[str, set[str]] = {}  # original id -> its variants' texts (duplicates dropped)
        if s.keep_originals and not s.variants_of:
            for i, ex in items:
                per_story[i].append(_record(plan, s, ex, ex, ex, s.label_original, None))
        for j, t in enumerate(s.transforms):
            for k in range(s.variants):
                seed = plan.seed if k == 0 else derive_seed(plan.seed, "sample", k)
                outs = t.batch(originals, seed=seed, annotator=annotator) if originals else []
                for (i, orig), v in zip(items, outs):
                    if v is None:
                        key = s.entries[j][0] if len(s.transforms) > 1 else t.name
                        counts.not_applicable[key] = counts.not_applicable.get(key, 0) + 1
                        continue
                    failed = next((name for name, fn in filters if not fn(orig, v)), None)
                    if failed is not None:
                        counts.rejected[failed] = counts.rejected.get(failed, 0) + 1
                        continue
                    seen = texts.setdefault(orig.id, set())
                    if v.text in seen:
                        counts.duplicates += 1
                        continue
                    seen.add(v.text)
                    v = replace(v, id=f"{orig.id}|{s.name}.{len(seen) - 1}", parent_id=orig.id)
                    out[i].append(v)
                    per_story[i].append(_record(plan, s, chunk[i], orig, v, s.label_variant, _what(s, j, t, v, orig)))
                    counts.variants += 1
        kept[s.name] = out
    counts.records = sum(len(r) for r in per_story)
    return per_story, counts


def iter_chunks(examples: Iterable[Example], size: int) -> Iterable[list[Example]]:
    """Lists of ``size`` consecutive examples (the last may be shorter)."""
    chunk: list[Example] = []
    for ex in examples:
        chunk.append(ex)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
