"""A local Ray for the tests that compare the Ray executor with the local one."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

#: Ray gives its raylet 30 s (hard-coded) to register; on a 2-core machine also running the other
#: pytest worker that is sometimes not enough. A second try on a fresh node is.
_TRIES = 3


@contextmanager
def local_ray(ray: Any, num_cpus: int = 2) -> Iterator[None]:
    """``ray.init`` on this machine, retried when the node times out starting; shut down after."""
    for attempt in range(_TRIES):
        try:
            ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
            break
        except Exception as exc:  # Ray raises a bare Exception for this
            ray.shutdown()
            if "timed out during startup" not in str(exc) or attempt == _TRIES - 1:
                raise
    try:
        yield
    finally:
        ray.shutdown()
