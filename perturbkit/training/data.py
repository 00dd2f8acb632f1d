"""Training pairs for a learned plausibility metric: human stories (label 1) and the negatives a
recipe makes of them (label 0), split into training and validation by source story.

:func:`negatives_file` runs a recipe through the augment pipeline (resumable: a rerun continues);
:func:`read_labelled` reads such a file (or any ``perturbkit augment`` output with 0/1 labels);
:func:`split` keeps a story and its negatives on the same side, chosen by a hash of (seed, story).

>>> path = negatives_file("union", "stories.tsv", "runs/m", fmt="roc", limit=3000)   # doctest: +SKIP
>>> train, val = split(read_labelled(path), 0.1, seed=0)                          # doctest: +SKIP
"""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError, UserError
from ..io import iter_jsonl
from ..seeds import hash_seed

NEGATIVES = "negatives.jsonl"


@dataclass(frozen=True)
class Item:
    """One training text: the story (with its context, if any), 1 = human, 0 = negative."""

    text: str
    context: str | None
    label: int
    group: str  # the human story it comes from (splits keep a group together)
    noise: str | None = None  # a noisy positive: the meaning-preserving transform that made it (noise.py)


def negatives_file(
    recipe: str | os.PathLike[str],
    stories: str | os.PathLike[str],
    out: str | os.PathLike[str],
    *,
    fmt: str | None = None,
    limit: int | None = None,
    seed: int | None = None,
    workers: int = 1,
    progress: bool | None = None,
) -> Path:
    """Apply ``recipe`` (a name or YAML file) to ``stories`` with originals kept; write
    ``out/negatives.jsonl`` (an interrupted run resumes) and return its path."""
    from .. import registry
    from ..recipe import AugmentOptions, load_recipe, run_augment
    from ..recipe.sinks import work_path

    name = str(recipe)
    if not Path(name).is_file() and name not in registry.recipes.names():
        known = ", ".join(registry.recipes.names())
        raise UserError(
            f"recipe {name!r} is not registered here (known: {known}) and is not a file; "
            f"give a recipe YAML file, or install the package that ships {name!r}"
        )
    rec = load_recipe(recipe).with_options(seed=seed, keep_originals=True)
    target = Path(out) / NEGATIVES
    target.parent.mkdir(parents=True, exist_ok=True)
    # what made the file: a finished one is reused by a rerun with the same arguments only
    made_by = {"recipe": name, "stories": str(Path(stories).resolve()), "format": fmt, "limit": limit, "seed": seed}
    stamp = target.with_name(NEGATIVES + ".args.json")
    if stamp.is_file():
        if json.loads(stamp.read_text(encoding="utf-8")) != made_by:
            raise UserError(f"{target} was made from other arguments ({stamp}); choose another --out")
        if target.is_file() and not work_path(target).with_name(work_path(target).name + ".progress").exists():
            return target
    else:
        stamp.write_text(json.dumps(made_by, sort_keys=True), encoding="utf-8")
    opts = AugmentOptions(workers=workers, limit=limit, format=fmt, progress=progress)
    run_augment(rec, stories, target, opts)
    return target


def read_labelled(path: str | os.PathLike[str]) -> list[Item]:
    """Records with a 0/1 ``label`` from a ``.jsonl``, ``.csv`` or ``.tsv`` file (``perturbkit
    augment`` output with originals kept). Errors name the file and line."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"{path}: no such file")
    items: list[Item] = []
    for line, rec in _records(path):
        label = rec.get("label")
        try:
            label = int(label)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            label = None
        if label not in (0, 1):
            raise InputError(f"{path}:{line}: label must be 1 (human) or 0 (negative), got {rec.get('label')!r}")
        text = rec.get("text")
        if not isinstance(text, str) or not text.strip():
            raise InputError(f"{path}:{line}: record without text")
        group = rec.get("source_id") or rec.get("parent_id") or rec.get("id") or f"line{line}"
        items.append(Item(text, rec.get("context") or None, label, str(group)))
    if not any(i.label == 1 for i in items) or not any(i.label == 0 for i in items):
        raise InputError(f"{path}: needs both human stories (label 1) and negatives (label 0); keep originals")
    return items


def _records(path: Path) -> Iterator[tuple[int, dict]]:
    suffix = path.suffix.lower()
    if suffix in (".jsonl", ".json"):
        yield from iter_jsonl(path)
        return
    if suffix not in (".csv", ".tsv"):
        raise InputError(f"{path}: give a .jsonl, .csv or .tsv file of augment records")
    with open(path, encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f, delimiter="\t" if suffix == ".tsv" else ",")
        for row in reader:
            yield reader.line_num, row


def split(items: list[Item], val_fraction: float, seed: int = 0) -> tuple[list[Item], list[Item]]:
    """(train, validation): each group on one side, drawn by a hash of (seed, group)."""
    if not 0.0 <= val_fraction < 1.0:
        raise UserError(f"the validation fraction must be in [0, 1), got {val_fraction}")
    cut = int(val_fraction * 2**64)
    train, val = [], []
    for it in items:
        (val if hash_seed(seed, "val", it.group) < cut else train).append(it)
    if val_fraction > 0 and (not val or not train):  # tiny inputs: put the last group aside
        groups = sorted({it.group for it in items})
        if len(groups) < 2:
            raise UserError("a validation split needs at least two stories")
        last = groups[-1]
        train = [it for it in items if it.group != last]
        val = [it for it in items if it.group == last]
    return train, val
