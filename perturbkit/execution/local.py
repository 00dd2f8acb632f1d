"""The local executor: this process for one worker, a pool of worker processes for several.

The pool is small and our own rather than ``concurrent.futures.ProcessPoolExecutor``: each
worker has its own pipe, so the driver knows which item every worker holds. When a worker dies
(killed, out of memory, a crash in native code) the error names that item; the standard pool only
says that *some* worker broke. Workers start with ``spawn`` (no copy of the driver's threads or
locks), ignore Ctrl-C (the driver handles it and stops them), and exit when the driver's end of
their pipe closes, so a killed driver leaves no workers behind. :meth:`ProcessPool.start` spawns
them early with a warm-up (spaCy) that runs while the driver fits (issue 16).
"""

from __future__ import annotations

import multiprocessing
import pickle
import signal
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.connection import Connection, wait
from typing import Any

from ..errors import UserError
from .base import (
    ChunkFailed,
    ContextCache,
    Executor,
    InProcess,
    Task,
    apply_settings,
    describe_exception,
    next_token,
    pack_context,
    settings_snapshot,
)

__all__ = ["InProcess", "LocalExecutor", "ProcessPool"]


def _worker_main(
    conn: Connection, snapshot: dict[str, Any] | None = None, warm: Callable[[], Any] | None = None
) -> None:
    """A worker's loop: receive (token, payload or None, task, item), answer ("ok", result) or
    ("error", picklable UserError or text). First, with the driver's settings, ``warm()`` (a
    failure there is left for the first item to report)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if snapshot is not None:
        apply_settings(snapshot)
    if warm is not None:
        try:
            warm()
        except Exception:  # noqa: S110 (the task meets the same error and reports it with its item)
            pass
    cache = ContextCache()
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):  # the driver is gone
            return
        if msg is None:
            return
        token, payload, task, item = msg
        try:
            context = cache.get(token, lambda p=payload: p)
            reply: tuple[str, Any] = ("ok", task(context, item))
        except UserError as exc:
            reply = ("user", _portable(exc))
        except Exception as exc:
            reply = ("error", describe_exception(exc))
        try:
            conn.send(reply)
        except (pickle.PicklingError, TypeError, AttributeError) as exc:  # an unpicklable result or error
            conn.send(("error", f"the result could not be sent back: {describe_exception(exc)}"))


def _portable(exc: UserError) -> UserError:
    """The error itself if it survives pickling, else a plain UserError with its message."""
    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:
        return UserError(str(exc))


class ProcessPool(Executor):
    """``workers`` processes, each taking one item at a time (``--workers N``)."""

    name = "local"

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self._ctx = multiprocessing.get_context("spawn")
        self._procs: list[tuple[Any, Connection]] = []
        self._tokens: list[int] = []  # the context token each worker holds

    def start(self, warm: Callable[[], Any] | None = None) -> None:
        """Start the worker processes (if not running) and have each call ``warm`` first."""
        if self._procs:
            return
        snapshot = settings_snapshot()
        for _ in range(self.workers):
            parent, child = self._ctx.Pipe()
            proc = self._ctx.Process(target=_worker_main, args=(child, snapshot, warm), daemon=True)
            proc.start()
            child.close()
            self._procs.append((proc, parent))
            self._tokens.append(0)

    def map(self, task: Task, context: Any, items: Iterable[Any]) -> Iterator[Any]:
        self.start()
        token, payload = next_token(), pack_context(context)
        feed = enumerate(items)
        busy: dict[int, int] = {}  # worker -> item index
        done: dict[int, Any] = {}
        try:
            yield from self._run(task, token, payload, feed, busy, done)
        finally:
            if busy:  # abandoned (an error, an interrupt, the consumer stopped): stop at once
                self.close(kill=True)

    def _run(
        self,
        task: Task,
        token: int,
        payload: bytes,
        feed: Iterator[tuple[int, Any]],
        busy: dict[int, int],
        done: dict[int, Any],
    ) -> Iterator[Any]:
        next_out = 0
        exhausted = False
        while True:
            while not exhausted and len(busy) < self.workers and len(busy) + len(done) < self.ahead:
                nxt = next(feed, None)
                if nxt is None:
                    exhausted = True
                    break
                w = next(i for i in range(self.workers) if i not in busy)
                first = self._tokens[w] != token
                self._procs[w][1].send((token, payload if first else None, task, nxt[1]))
                self._tokens[w] = token
                busy[w] = nxt[0]
            while next_out in done:
                yield done.pop(next_out)
                next_out += 1
            if exhausted and not busy:
                return
            if not busy:
                continue
            self._collect(busy, done)

    def _collect(self, busy: dict[int, int], done: dict[int, Any]) -> None:
        """Wait for at least one busy worker to answer (or die) and record its result."""
        conns = {self._procs[w][1]: w for w in busy}
        sentinels = {self._procs[w][0].sentinel: w for w in busy}
        for ready in wait(list(conns) + list(sentinels)):
            w = conns.get(ready)  # type: ignore[call-overload]
            if w is None:
                w = sentinels[ready]  # type: ignore[index]
                if self._procs[w][1].poll():  # it answered before exiting
                    continue
                self._procs[w][0].join(timeout=5)
                code = self._procs[w][0].exitcode
                raise ChunkFailed(busy[w], f"its worker process died (exit code {code})", crashed=True)
            try:
                kind, value = self._procs[w][1].recv()
            except (EOFError, OSError):
                self._procs[w][0].join(timeout=5)
                code = self._procs[w][0].exitcode
                raise ChunkFailed(busy[w], f"its worker process died (exit code {code})", crashed=True) from None
            index = busy.pop(w)
            if kind != "ok":
                busy[w] = index  # the map is abandoned: the pool is stopped
            if kind == "ok":
                done[index] = value
            elif kind == "user":
                raise value
            else:
                raise ChunkFailed(index, value)

    def close(self, kill: bool = False) -> None:
        for proc, conn in self._procs:
            try:
                if kill:
                    proc.kill()
                else:
                    conn.send(None)
            except (OSError, ValueError):
                pass
        for proc, conn in self._procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()
                proc.join(timeout=2)
            conn.close()
        self._procs, self._tokens = [], []


def LocalExecutor(workers: int = 1) -> Executor:  # noqa: N802 (a factory named like the class it stands for)
    """In this process for one worker, a :class:`ProcessPool` for several."""
    return InProcess(workers) if workers == 1 else ProcessPool(workers)
