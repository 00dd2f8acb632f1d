"""The Ray executor: the same chunks as Ray tasks, on a local Ray or a cluster (``--address auto``).

The context (the compiled recipe) is put in Ray's object store once per map; each task gets its
reference and one chunk, so only chunks travel. At most ``2 * workers`` tasks are in flight and
results are yielded in chunk order, so the output is the same bytes as with the local executor.
Each Ray worker process loads spaCy once (the first chunk it runs) and reuses it.

>>> with RayExecutor(2) as ex:                               # doctest: +SKIP
...     list(ex.map(task, context, chunks))
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from typing import Any

from ..errors import UserError
from .base import ChunkFailed, ContextCache, Executor, Task, next_token, pack_context

__all__ = ["RayExecutor"]

_CACHE = ContextCache()  # per Ray worker process


def _run(token: int, payload: Any, task: Task, item: Any) -> Any:
    context = _CACHE.get(token, lambda: payload)
    return task(context, item)


class RayExecutor(Executor):
    """``workers`` concurrent Ray tasks (each ``num_cpus=1``, and ``num_gpus`` GPUs: a fraction
    shares one, e.g. 0.5 for two scoring tasks per GPU). Starts a local Ray with ``workers`` CPUs
    unless Ray is already initialised or ``address`` names a cluster."""

    name = "ray"

    def __init__(self, workers: int = 1, address: str | None = None, num_gpus: float = 0) -> None:
        super().__init__(workers)
        try:
            import ray
        except ImportError:
            raise UserError("--executor ray needs Ray: pip install 'perturbkit[ray]'") from None
        self._ray = ray
        self._started = False
        if not ray.is_initialized():
            if address:
                ray.init(address=address)
            else:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
            self._started = True
        if num_gpus:
            have = float(ray.cluster_resources().get("GPU", 0))
            if have < num_gpus:
                self.close()
                raise UserError(f"each Ray task asks for {num_gpus:g} GPU but the Ray cluster has {have:g}")
        self._remote = ray.remote(num_cpus=1, num_gpus=num_gpus, max_retries=0)(_run)

    def map(self, task: Task, context: Any, items: Iterable[Any]) -> Iterator[Any]:
        ray = self._ray
        token = next_token()
        payload = ray.put(pack_context(context))
        pending: deque[tuple[int, Any]] = deque()
        feed = enumerate(items)
        exhausted = False
        try:
            while True:
                while not exhausted and len(pending) < self.ahead:
                    nxt = next(feed, None)
                    if nxt is None:
                        exhausted = True
                        break
                    pending.append((nxt[0], self._remote.remote(token, payload, task, nxt[1])))
                if not pending:
                    return
                index, ref = pending.popleft()
                yield self._get(index, ref)
        finally:
            for _, ref in pending:
                ray.cancel(ref, force=True)

    def _get(self, index: int, ref: Any) -> Any:
        ray = self._ray
        try:
            return ray.get(ref)
        except ray.exceptions.RayTaskError as exc:
            cause = exc.cause if isinstance(getattr(exc, "cause", None), BaseException) else None
            if isinstance(cause, UserError):
                raise cause from None
            detail = f"{type(cause).__name__}: {cause}" if cause is not None else str(exc).splitlines()[0]
            raise ChunkFailed(index, detail) from None
        except (ray.exceptions.WorkerCrashedError, ray.exceptions.RayError) as exc:
            raise ChunkFailed(index, f"its Ray worker failed ({type(exc).__name__})", crashed=True) from None

    def close(self) -> None:
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()
        self._started = False
