"""Noisy positives for a learned metric: meaning-preserving variants of human stories, labelled 1.

A recipe's negatives teach the head what breaks a story; nothing in them says that a misspelt
word, a synonym or a dropped comma does not. A head over LM statistics then reads any rise in
NLL as a fault (typos raise it, and in training a higher NLL only ever meant a negative).
:func:`add_noisy_positives` gives a share of the human stories a copy rewritten by one of the
named transforms, each of which must be meaning-preserving (``Effect.PRESERVES``), labelled 1 and
kept in its story's group, so the head learns that such noise is not incoherence.

Which stories get a copy is drawn by a hash of (seed, story); which transform, among those that
apply to it, by another; each transform's own draws come from (seed, story id, transform name), as
everywhere in perturbkit: the same inputs give the same copies in any order.

>>> noise = PositiveNoise(("typos", "synonym"), share=0.3, seed=0)          # doctest: +SKIP
>>> train, added = add_noisy_positives(train, noise)                        # doctest: +SKIP
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..errors import UserError
from ..outputs import atomic_open
from ..seeds import hash_seed
from .data import Item

NOISE_FILE = "positive_noise.jsonl"


@dataclass(frozen=True)
class PositiveNoise:
    """Which meaning-preserving transforms (registered names) rewrite what share of the human
    stories (in (0, 1]), under which seed."""

    transforms: tuple[str, ...]
    share: float = 0.3
    seed: int = 0

    def validate(self) -> None:
        """Raise UserError for an empty or repeated list, a share outside (0, 1], or a transform
        that is unknown or does not preserve meaning (its variants would be mislabelled)."""
        from ..transform.base import Effect
        from ..transform.registry import transform_class

        if not self.transforms:
            raise UserError("positive noise needs at least one transform name")
        repeated = [n for n, k in Counter(self.transforms).items() if k > 1]
        if repeated:
            raise UserError(f"positive noise: {repeated[0]!r} is named twice")
        if isinstance(self.share, bool) or not 0.0 < self.share <= 1.0:
            raise UserError(f"the positive noise share must be in (0, 1], got {self.share!r}")
        for name in self.transforms:
            cls = transform_class(name)  # an unknown name: UnknownTransform, with suggestions
            if cls.effect != Effect.PRESERVES:
                raise UserError(
                    f"positive noise: {name!r} changes the meaning (effect {cls.effect.value}); "
                    "only meaning-preserving transforms make positives (perturbkit list shows each one's effect)"
                )


def parse_names(value: str) -> tuple[str, ...]:
    """``typos,synonym`` (commas, spaces allowed) as a tuple of names."""
    return tuple(n.strip() for n in value.split(",") if n.strip())


def add_noisy_positives(items: list[Item], noise: PositiveNoise) -> tuple[list[Item], list[dict[str, Any]]]:
    """``items`` followed by the noisy copies of the drawn human stories (label 1, same group,
    ``noise`` naming the transform), and one record per copy (for ``positive_noise.jsonl``).
    A drawn story that no transform changes gets no copy."""
    from ..example import Example
    from ..transform.registry import get_transform

    noise.validate()
    cut = noise.share * 2**64
    humans = [it for it in items if it.label == 1 and it.noise is None]
    drawn = [it for it in humans if hash_seed(noise.seed, "positive-noise", it.group) < cut]
    exs = [Example(it.text, id=it.group, context=it.context) for it in drawn]
    corpus = [Example(it.text, id=it.group, context=it.context) for it in humans]
    variants = {}
    for name in noise.transforms:
        t = get_transform(name).fit(corpus)
        variants[name] = t.batch(exs, seed=noise.seed)
    added: list[Item] = []
    records: list[dict[str, Any]] = []
    for k, it in enumerate(drawn):
        made = [(name, variants[name][k]) for name in noise.transforms if variants[name][k] is not None]
        if not made:
            continue
        name, ex = made[hash_seed(noise.seed, "positive-noise-pick", it.group) % len(made)]
        added.append(replace(it, text=ex.text, noise=name))
        records.append(
            {
                "id": f"{it.group}|noise.{name}",
                "source_id": it.group,
                "label": 1,
                "text": ex.text,
                "context": it.context,
                "transform": name,
                "seed": noise.seed,
            }
        )
    return items + added, records


def write_noise(out: str | os.PathLike[str], records: list[dict[str, Any]], noise: PositiveNoise) -> dict[str, Any]:
    """Write the copies to ``out/positive_noise.jsonl``; the provenance for the folder's config
    (transforms, share, seed, how many copies of each)."""
    path = Path(out) / NOISE_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_open(path) as f:  # a run stopped mid-write leaves no half file
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    counts = Counter(r["transform"] for r in records)
    return {
        "transforms": list(noise.transforms),
        "share": noise.share,
        "seed": noise.seed,
        "added": len(records),
        "per_transform": {n: counts.get(n, 0) for n in noise.transforms},
        "file": NOISE_FILE,
    }
