"""The batched metric runner: dedup, ordered batches, device, OOM back-off, disk cache.

>>> from perturbkit.example import Example
>>> runner = MetricRunner(lambda texts, c=None, r=None: [len(t) for t in texts], cache_dir=False)
>>> runner.score([Example("ab"), Example("abc"), Example("ab")]).tolist()
[2.0, 3.0, 2.0]
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import MetricError, UserError
from ..example import Example, text_hash
from .base import Metric, as_metric
from .cache import ScoreCache
from .device import free_cuda_memory, inference_context, is_oom
from .resolve import resolve_metric

_MAX_IDS = 5


@dataclass
class RunStats:
    """Counters over the runner's lifetime (what tests and benchmarks read)."""

    n_requested: int = 0  # examples passed to score()
    n_memory_hits: int = 0  # distinct inputs found in memory
    n_disk_hits: int = 0  # distinct inputs found in the disk cache
    n_computed: int = 0  # distinct inputs sent to the metric
    n_batches: int = 0  # successful score_batch calls
    n_oom_retries: int = 0  # batches halved after an out-of-memory error


class _Item:
    __slots__ = ("key", "text", "context", "reference", "ids", "order")

    def __init__(self, key: str, text: str, context: str | None, reference: str | None, order: int) -> None:
        self.key, self.text, self.context, self.reference = key, text, context, reference
        self.ids: list[str] = []
        self.order = order  # position of its first example: error messages list ids in input order


class MetricRunner:
    """Score examples with a metric; each distinct (text, context, reference) is scored once.

    Args:
      metric: a :class:`Metric`, a plain callable ``f(texts, contexts=None, references=None)``,
        or a spec string for :func:`perturbkit.metrics.resolve_metric`.
      cache_dir: where scores are kept on disk. ``None`` -> the perturbkit cache dir
        ``<cache>/scores``; ``False`` -> memory only.
      batch_size: overrides the metric's own ``batch_size`` (``None`` = keep the metric's).
      progress: show a tqdm bar (only on a terminal).
    """

    def __init__(
        self,
        metric: Any,
        *,
        cache_dir: str | Path | None | bool = None,
        batch_size: int | None = None,
        progress: bool = True,
    ) -> None:
        if isinstance(metric, str):
            metric = resolve_metric(metric)
        self.metric: Metric = as_metric(metric)
        if batch_size is not None and batch_size < 1:
            raise ValueError(f"batch_size must be >= 1, got {batch_size}")
        self.batch_size = batch_size if batch_size is not None else self.metric.batch_size
        self.progress = progress
        self.identity = self.metric.identity()
        self._memory: dict[str, float] = {}
        self.stats = RunStats()
        self._ready = False
        if cache_dir is False:
            self.cache: ScoreCache | None = None
        else:
            if cache_dir is None or cache_dir is True:
                from ..resources.config import cache_dir as pk_cache_dir

                cache_dir = pk_cache_dir("scores")
            self.cache = ScoreCache(Path(cache_dir), self.identity, label=self.metric.name)

    @property
    def name(self) -> str:
        return self.metric.name

    # ------------------------------------------------------------------ validation
    def check_inputs(self, examples: Sequence[Example], test: str = "") -> None:
        """Raise MetricError before any scoring when an example lacks an input the metric needs."""
        for need in self.metric.needs:
            missing = [ex.id for ex in examples if not getattr(ex, need)]
            if missing:
                raise MetricError(
                    f"metric {self.name!r} needs a {need} but {len(missing)} of {len(examples)} "
                    f"examples{_in_test(test)} have none (ids: {_fmt_ids(missing)}); "
                    f"give the data a {need} column or choose a metric that does not need one"
                )

    # ------------------------------------------------------------------ scoring
    def key(self, ex: Example) -> str:
        """The cache key of an example's inputs for this metric (unused inputs left out)."""
        uses = self.metric.uses
        return text_hash(
            ex.text, ex.context if "context" in uses else None, ex.reference if "reference" in uses else None, n=32
        )

    def score(self, examples: Sequence[Example], test: str = "") -> np.ndarray:
        """One float64 score per example, in order; cached inputs are not recomputed."""
        examples = [ex if isinstance(ex, Example) else Example(str(ex)) for ex in examples]
        self.check_inputs(examples, test)
        self.stats.n_requested += len(examples)
        uses = self.metric.uses
        keys: list[str] = []
        items: dict[str, _Item] = {}
        for ex in examples:
            k = self.key(ex)
            keys.append(k)
            it = items.get(k)
            if it is None:
                it = items[k] = _Item(
                    k,
                    ex.text,
                    ex.context if "context" in uses else None,
                    ex.reference if "reference" in uses else None,
                    len(items),
                )
            if len(it.ids) < _MAX_IDS:
                it.ids.append(ex.id)
        todo = [it for k, it in items.items() if k not in self._memory]
        self.stats.n_memory_hits += len(items) - len(todo)
        if todo and self.cache is not None:
            found = self.cache.get_many(it.key for it in todo)
            self._memory.update(found)
            self.stats.n_disk_hits += len(found)
            todo = [it for it in todo if it.key not in found]
        if todo:
            self._compute(todo, test)
        return np.fromiter((self._memory[k] for k in keys), dtype=np.float64, count=len(keys))

    def _compute(self, todo: list[_Item], test: str) -> None:
        if not self._ready:
            try:
                self.metric.setup()
            except UserError:  # MetricError, ResourceMissing: already say what to do
                raise
            except Exception as exc:
                raise MetricError(
                    f"metric {self.name!r} failed to load{_in_test(test)}: {type(exc).__name__}: {exc}"
                ) from exc
            self._ready = True
        # in the metric's order: by default longest first (similar lengths share a batch, little
        # padding, and an out-of-memory error shows up on the first batch, not after an hour)
        order_key = self.metric.order_key
        todo.sort(key=lambda it: order_key(it.text, it.context, it.reference))
        size = self.batch_size or len(todo)
        bar = self._bar(len(todo), test)
        try:
            i = 0
            while i < len(todo):
                batch = todo[i : i + size]
                try:
                    scores = self._call(batch, test)
                except Exception as exc:
                    if not is_oom(exc):
                        raise
                    free_cuda_memory()
                    if len(batch) == 1:
                        raise MetricError(
                            f"metric {self.name!r} ran out of memory on a single example"
                            f"{_in_test(test)} (ids: {_fmt_ids(batch[0].ids)}): {exc}"
                        ) from exc
                    size = max(1, len(batch) // 2)
                    self.stats.n_oom_retries += 1
                    continue
                new = {it.key: s for it, s in zip(batch, scores)}
                self._memory.update(new)
                if self.cache is not None:
                    self.cache.put_many(new)
                self.stats.n_computed += len(batch)
                self.stats.n_batches += 1
                if bar is not None:
                    bar.update(len(batch))
                i += len(batch)
        finally:
            if bar is not None:
                bar.close()

    def _call(self, batch: list[_Item], test: str) -> list[float]:
        """One score_batch call, validated; out-of-memory errors propagate for the back-off."""
        texts = [it.text for it in batch]
        uses = self.metric.uses
        contexts = [it.context for it in batch] if "context" in uses else None
        references = [it.reference for it in batch] if "reference" in uses else None
        try:
            with inference_context(self._device(), self.metric.autocast):
                raw = self.metric.score_batch(texts, contexts, references)
        except MetricError:
            raise
        except Exception as exc:
            if is_oom(exc):
                raise
            raise MetricError(
                f"metric {self.name!r} raised {type(exc).__name__}: {exc}"
                f"{_in_test(test)} on a batch of {len(batch)} (ids: {_batch_ids(batch)})"
            ) from exc
        try:
            arr = np.asarray(_to_list(raw), dtype=np.float64).reshape(-1)
        except (TypeError, ValueError) as exc:
            raise MetricError(
                f"metric {self.name!r} returned {type(raw).__name__}, not numbers"
                f"{_in_test(test)} (ids: {_batch_ids(batch)}): {exc}"
            ) from exc
        if arr.shape[0] != len(batch):
            raise MetricError(
                f"metric {self.name!r} returned {arr.shape[0]} scores for {len(batch)} texts"
                f"{_in_test(test)} (ids: {_batch_ids(batch)})"
            )
        bad = ~np.isfinite(arr)
        if bad.any():
            which = [batch[j] for j in np.flatnonzero(bad)]
            raise MetricError(
                f"metric {self.name!r} returned NaN or infinite scores"
                f"{_in_test(test)} for {len(which)} of {len(batch)} texts "
                f"(ids: {_batch_ids(which)})"
            )
        return arr.tolist()

    def _device(self) -> str:
        """The metric's device; "auto" counts as CPU while torch is not loaded (never import it)."""
        if self.metric.device in (None, "auto") and "torch" not in sys.modules:
            return "cpu"
        return self.metric.resolved_device

    def _bar(self, total: int, test: str) -> Any:
        if not self.progress or total == 0 or not sys.stderr.isatty():
            return None
        from tqdm.auto import tqdm

        return tqdm(total=total, desc=f"{self.name}{': ' + test if test else ''}", unit="text", leave=False)

    def close(self) -> None:
        if self.cache is not None:
            self.cache.close()

    def __repr__(self) -> str:
        return f"MetricRunner({self.metric!r}, batch_size={self.batch_size})"


def _to_list(raw: Any) -> Any:
    """Tensors and arrays to plain lists without importing torch."""
    if hasattr(raw, "detach"):
        raw = raw.detach().float().cpu().numpy()
    return raw if not hasattr(raw, "tolist") else raw.tolist()


def _in_test(test: str) -> str:
    return f" in test {test!r}" if test else ""


def _fmt_ids(ids: Sequence[str]) -> str:
    shown = ", ".join(repr(i) for i in ids[:_MAX_IDS])
    return shown + (f", ... {len(ids) - _MAX_IDS} more" if len(ids) > _MAX_IDS else "")


def _batch_ids(batch: Sequence[_Item]) -> str:
    ids: list[str] = []
    for it in sorted(batch, key=lambda it: it.order):
        ids.extend(it.ids[:1])
        if len(ids) >= _MAX_IDS:
            break
    more = len(batch) - len(ids)
    return ", ".join(repr(i) for i in ids) + (f", ... {more} more" if more > 0 else "")


def score(metric: Any, examples: Sequence[Example], test: str = "", **kwargs: Any) -> np.ndarray:
    """One-shot helper: ``MetricRunner(metric, **kwargs).score(examples, test)``."""
    return MetricRunner(metric, **kwargs).score(examples, test)
