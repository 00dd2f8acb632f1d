"""Checks shared by the adapter tests (tests/test_external_*.py): one library-adapted transform is
deterministic per seed, leaves the global generators alone, and records edits that replay."""

from __future__ import annotations

import json
import random

import numpy as np

from perturbkit.example import replay_edits
from perturbkit.transform import get_transform

STORY = "Tom walked to the store. He bought bread, milk and eggs. Then he went home."
STORIES = [
    STORY,
    "Anna lost her keys. She looked under the bed. She found them in her coat.",
    "The dog barked all night. Nobody could sleep. In the morning, Sam took it for a walk.",
]


def check_adapted(name: str, **params) -> None:
    """Same output per seed (one call, again, in a batch), no global random trace, edits that
    replay onto the input and name the transform."""
    t = get_transform(name, **params)
    random.seed(7)
    np.random.seed(7)
    py, npy = random.getstate(), np.random.get_state()[1].copy()
    outs = [t(STORY, seed=s) for s in range(4)]
    again = [t(STORY, seed=s) for s in range(4)]
    batch = t.batch(STORIES, seed=2)
    assert random.getstate() == py and (np.random.get_state()[1] == npy).all(), "global random state touched"
    assert [o and o.text for o in outs] == [o and o.text for o in again]
    assert (batch[0] and batch[0].text) == (outs[2] and outs[2].text)  # batch agrees with one call
    pairs = [(STORY, o) for o in outs] + list(zip(STORIES, batch))
    assert any(o is not None for _, o in pairs), f"{name} changed none of the stories"
    for src, o in pairs:
        if o is not None:
            assert o.text != src and replay_edits(src, o.edits) == o.text
            assert {e.transform for e in o.edits} == {name}


def augment_by_name(tmp_path, transforms) -> list[dict]:
    """Records of ``perturbkit augment`` run on STORIES with an ad hoc recipe of ``transforms``."""
    from perturbkit.recipe import AugmentOptions, Recipe, run_augment

    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps({"id": f"s{i}", "text": t}) + "\n" for i, t in enumerate(STORIES)))
    out = tmp_path / "out.jsonl"
    run_augment(Recipe.from_transforms(transforms, seed=3), src, out, AugmentOptions(progress=False))
    return [json.loads(line) for line in out.read_text().splitlines()]
