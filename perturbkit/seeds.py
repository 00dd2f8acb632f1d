"""Seeds: every random draw in perturbkit comes from a generator seeded by hashing labels.

There is no global random state. A transform's RNG for one story comes from (seed, story id,
transform name), a suite's sampling from (seed, "select", test name), and so on: results do not
depend on order, batching or the number of workers, and are the same in every process.

>>> hash_seed(0, "story-1", "typos") == hash_seed(0, "story-1", "typos")
True
>>> rng_for(0, "story-1", "typos").random() == rng_for(0, "story-1", "typos").random()
True
"""

from __future__ import annotations

import hashlib
import random
from typing import Any


def hash_seed(seed: int, *parts: Any) -> int:
    """A 64-bit integer from a base seed and labels (SHA-256 of their ``\\x1f``-joined text)."""
    text = "\x1f".join([str(seed), *map(str, parts)])
    return int.from_bytes(hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()[:8], "big")


def derive_seed(seed: int, *parts: Any) -> int:
    """A non-negative 63-bit seed from a base seed and labels (for numpy and other consumers that
    take a signed 64-bit integer)."""
    return hash_seed(seed, *parts) >> 1


def rng_for(seed: int, example_id: str, name: str) -> random.Random:
    """The RNG for one (seed, example, transform): independent of order, batching and workers."""
    return random.Random(hash_seed(seed, example_id, name))
