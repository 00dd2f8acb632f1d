"""Executors: run a task over chunks of stories in this process, a local process pool, or on Ray.

:func:`get_executor` builds one by name (``local`` or ``ray``); every executor yields results in
chunk order, so the output is the same bytes whatever the executor and the number of workers.
"""

from __future__ import annotations

from .base import ChunkFailed, Executor, InProcess
from .local import LocalExecutor, ProcessPool

EXECUTORS = ("local", "ray")

__all__ = ["EXECUTORS", "ChunkFailed", "Executor", "InProcess", "LocalExecutor", "ProcessPool", "get_executor"]


def get_executor(name: str = "local", workers: int = 1, **options: object) -> Executor:
    """The executor ``name`` with ``workers`` workers (``ray`` takes ``address=``)."""
    if name == "local":
        return LocalExecutor(workers)
    if name == "ray":
        from .ray import RayExecutor

        return RayExecutor(workers, **options)  # type: ignore[arg-type]
    from ..errors import UserError

    raise UserError(f"unknown executor {name!r} (executors: {', '.join(EXECUTORS)})")
