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

import contextlib
import hashlib
import random
import threading
from collections.abc import Iterator
from typing import Any

_GLOBAL_RNG = threading.Lock()  # one block at a time: the global generators are shared


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


@contextlib.contextmanager
def own_global_random(seed: int | None = None, *, torch: bool = False) -> Iterator[None]:
    """Run a block that draws from Python's and NumPy's global generators (TextAttack, nlpaug and
    CheckList do; the Hugging Face Trainer seeds them), then put back the caller's states, so
    perturbkit leaves no global trace. ``seed`` seeds them for the block; ``torch=True`` also forks
    torch's CPU and CUDA generators.

    >>> with own_global_random(7):
    ...     a = random.random()
    >>> with own_global_random(7):
    ...     b = random.random()
    >>> a == b
    True
    """
    import numpy as np

    with _GLOBAL_RNG, contextlib.ExitStack() as stack:
        py, npy = random.getstate(), np.random.get_state()
        stack.callback(np.random.set_state, npy)
        stack.callback(random.setstate, py)
        if torch:
            import torch as th

            cuda = list(range(th.cuda.device_count())) if th.cuda.is_available() else []
            stack.enter_context(th.random.fork_rng(devices=cuda))
        if seed is not None:
            random.seed(seed)  # restored on exit: the draws are local to this block
            np.random.seed(seed % 2**32)
        yield
