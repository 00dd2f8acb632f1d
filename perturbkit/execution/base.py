"""What every executor does: run ``task(context, item)`` over items, results in item order.

An executor ships ``context`` (the compiled recipe: fitted transforms, filters, seed) to each
worker once per :meth:`Executor.map` call and then only the items (chunks of stories), keeps a
bounded number of items in flight (so memory stays flat and the first results come early), and
yields results in the order of the items, whatever order workers finish in. A task that raises,
or a worker that dies, stops the map with :class:`ChunkFailed` naming the item's position.
"""

from __future__ import annotations

import itertools
import pickle
import traceback
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..errors import UserError

Task = Callable[[Any, Any], Any]
_TOKENS = itertools.count(1)


class ChunkFailed(UserError, RuntimeError):
    """Item ``index`` of a map failed: its task raised (``crashed`` False, ``detail`` is the error
    and where it was raised) or its worker process died (``crashed`` True)."""

    def __init__(self, index: int, detail: str, *, crashed: bool = False) -> None:
        super().__init__(detail)
        self.index, self.detail, self.crashed = index, detail, crashed


def describe_exception(exc: BaseException) -> str:
    """``TypeError: message (at file.py:12 in function)``: the error and the innermost frame."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" (at {frames[-1].filename}:{frames[-1].lineno} in {frames[-1].name})" if frames else ""
    return f"{type(exc).__name__}: {exc}{where}"


def settings_snapshot() -> dict[str, Any]:
    """The process settings a worker must share with the driver (spaCy model, cache dir)."""
    from ..resources.config import settings

    return {"spacy_model": settings.spacy_model, "cache_dir": str(settings.cache_dir)}


def apply_settings(snapshot: dict[str, Any]) -> None:
    from pathlib import Path

    from ..resources.config import settings

    settings.spacy_model = snapshot.get("spacy_model")
    settings.cache_dir = Path(snapshot["cache_dir"])


def pack_context(context: Any) -> bytes:
    """The context as shipped to workers: pickled once per map, with the driver's settings."""
    return pickle.dumps((settings_snapshot(), context), protocol=pickle.HIGHEST_PROTOCOL)


class ContextCache:
    """Worker side: contexts unpickled once per map token (the latest two are kept)."""

    def __init__(self) -> None:
        self._items: dict[int, Any] = {}

    def get(self, token: int, load: Callable[[], bytes]) -> Any:
        if token not in self._items:
            snapshot, context = pickle.loads(load())
            apply_settings(snapshot)
            while len(self._items) >= 2:
                self._items.pop(next(iter(self._items)))
            self._items[token] = context
        return self._items[token]


class Executor:
    """Base class: subclasses implement :meth:`map`; ``workers`` is the parallelism."""

    name = ""

    def __init__(self, workers: int = 1) -> None:
        if workers < 1:
            raise UserError(f"workers must be at least 1, got {workers}")
        self.workers = workers

    @property
    def ahead(self) -> int:
        """Items in flight or waiting to be yielded (bounds memory; keeps every worker busy)."""
        return 2 * self.workers

    def start(self, warm: Callable[[], Any] | None = None) -> None:
        """Start the workers now and have each call ``warm`` once (a module-level function, e.g.
        loading spaCy), so their start-up overlaps the driver's own work (fitting) rather than
        delaying the first chunk. Optional: :meth:`map` starts them anyway. Here: nothing to do."""

    def map(self, task: Task, context: Any, items: Iterable[Any]) -> Iterator[Any]:
        """``task(context, item)`` for each item, yielded in item order, lazily."""
        raise NotImplementedError

    def close(self) -> None:
        """Stop the workers (a map in progress is abandoned)."""

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def describe(self) -> str:
        return f"{self.name} ({self.workers} worker{'s' if self.workers != 1 else ''})"


class InProcess(Executor):
    """Run every item in this process, one after the other (``--workers 1``)."""

    name = "local"

    def map(self, task: Task, context: Any, items: Iterable[Any]) -> Iterator[Any]:
        for i, item in enumerate(items):
            try:
                result = task(context, item)
            except (KeyboardInterrupt, UserError):
                raise
            except Exception as exc:
                raise ChunkFailed(i, describe_exception(exc)) from exc
            yield result


def next_token() -> int:
    """A process-unique number for one map's context."""
    return next(_TOKENS)
