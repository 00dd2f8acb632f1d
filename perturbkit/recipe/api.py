"""Augmenting from Python: :func:`augment` streams Examples (originals kept, variants) lazily;
:func:`batch_function` is a ``datasets.Dataset.map(batched=True)`` function.

>>> import perturbkit as pk
>>> out = pk.augment(["negation", "typos>>synonym"], ["Tom was happy. He sang."])   # doctest: +SKIP
>>> [ex.meta["transform"] for ex in out]                                            # doctest: +SKIP
['negation', 'typos>>synonym']
>>> pk.augment("union", stories).to_pandas()                                        # doctest: +SKIP
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from ..example import Edit, Example, as_example
from .definition import Recipe, load_recipe
from .plan import Record, apply_chunk, compile_recipe, iter_chunks, needs_fit
from .sinks import FIELDS

__all__ = ["Augmented", "augment", "batch_function", "as_recipe"]

_META = ("set", "label", "transform", "params", "seed", "source_id", "perturbkit_version")


def as_recipe(what: Any) -> Recipe:
    """A Recipe from a Recipe, a mapping, a recipe file or name, or transforms (a name, ``a>>b``, a
    Transform, or a list of them: each applied on its own)."""
    from .. import registry

    if isinstance(what, (Recipe, Mapping)):
        return load_recipe(what)
    if isinstance(what, (str, os.PathLike)) and (Path(what).is_file() or str(what) in registry.recipes.names()):
        return load_recipe(what)
    return Recipe.from_transforms(what if isinstance(what, (list, tuple)) else [what])


def _not_plot_story(recipe: Recipe) -> None:
    """A ``plot_story`` recipe filters over the whole corpus at the end: it cannot stream."""
    if recipe.plot_story is not None:
        from ..errors import UserError

        raise UserError(
            f"recipe {recipe.name!r} is a plot_story recipe (adversarial filtering needs every story at once): "
            "run it with `perturbkit augment` or perturbkit.recipe.run_augment, which write a file"
        )


def to_example(rec: Record) -> Example:
    """A record as an Example: the variant's text and edits; set, label, transform, params, seed in
    ``meta``."""
    return Example(
        rec["text"],
        id=rec["id"],
        context=rec["context"],
        meta={k: rec[k] for k in _META},
        edits=tuple(Edit.from_dict(e) for e in rec["edits"]),
        parent_id=rec["parent_id"],
    )


class Augmented:
    """The lazy result of :func:`augment`: iterate it (once) for Examples, or ``to_pandas()`` for a
    DataFrame of records (the columns of ``perturbkit augment``'s output)."""

    def __init__(self, records: Iterator[Record]) -> None:
        self._records = records

    def __iter__(self) -> Iterator[Example]:
        return (to_example(r) for r in self._records)

    def records(self) -> Iterator[Record]:
        """The records as dicts (what ``perturbkit augment`` writes)."""
        return self._records

    def to_pandas(self) -> Any:
        import pandas as pd

        return pd.DataFrame(list(self._records), columns=list(FIELDS))


def augment(
    recipe_or_transforms: Any,
    examples: Iterable[str | Example],
    *,
    seed: int | None = None,
    variants: int | None = None,
    keep_originals: bool | None = None,
    workers: int = 1,
    executor: str = "local",
    chunk_size: int = 64,
) -> Augmented:
    """Apply a recipe (or transforms) to ``examples`` lazily: nothing runs until the result is
    iterated, and stories are read a chunk at a time (after the recipe's ``fit`` stories, when a
    transform learns from the corpus). The records are those ``perturbkit augment`` writes.

    >>> for ex in augment("typos", ["Tom was happy. He sang a song."], seed=1):   # doctest: +SKIP
    ...     print(ex.meta["label"], ex.text)
    """
    recipe = as_recipe(recipe_or_transforms).with_options(seed=seed, variants=variants, keep_originals=keep_originals)
    _not_plot_story(recipe)

    def records() -> Iterator[Record]:
        from ..execution import get_executor
        from .pipeline import run_chunk_records, warm_worker

        stories: Iterator[Example] = (as_example(x) for x in examples)
        plan = compile_recipe(recipe)
        with get_executor(executor, workers) as ex:
            if needs_fit(plan):  # the workers start up while this process fits
                ex.start(warm_worker)
                head = list(itertools.islice(stories, recipe.fit.limit))
                plan = compile_recipe(recipe, fit_on=head)
                stories = itertools.chain(head, stories)
            for recs in ex.map(run_chunk_records, plan, iter_chunks(stories, chunk_size)):
                yield from recs

    return Augmented(records())


def batch_function(recipe_or_transforms: Any, text: str = "text", id: str = "id") -> Callable[[dict], dict]:  # noqa: A002
    """A ``Dataset.map(fn, batched=True, remove_columns=ds.column_names)`` function: each batch of
    stories becomes the batch of their records (``params`` and ``edits`` as JSON strings).

    >>> ds.map(batch_function("union"), batched=True, remove_columns=ds.column_names)  # doctest: +SKIP
    """
    import json

    recipe = as_recipe(recipe_or_transforms)
    _not_plot_story(recipe)
    plan = compile_recipe(recipe)

    def fn(batch: dict[str, list[Any]]) -> dict[str, list[Any]]:
        ids = batch.get(id) or [None] * len(batch[text])
        chunk = [Example(t, id=str(i) if i is not None else "") for t, i in zip(batch[text], ids)]
        per_story, _ = apply_chunk(plan, chunk)
        out: dict[str, list[Any]] = {k: [] for k in FIELDS}
        for recs in per_story:
            for r in recs:
                for k in FIELDS:
                    out[k].append(json.dumps(r[k]) if k in ("params", "edits") else r[k])
        return out

    return fn
