"""The Metric protocol: a class with ``score_batch`` or any plain callable over lists of texts.

A metric scores stories; higher always means a better story. The runner
(:mod:`perturbkit.metrics.runner`) does the batching, caching and error checking, so a metric
only maps a batch of texts (with optional contexts and references) to one float per text.

>>> class Length(Metric):
...     name = "length"
...     def score_batch(self, texts, contexts=None, references=None):
...         return [float(len(t.split())) for t in texts]
>>> Length()(["a b c", "d"])
[3.0, 1.0]
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Sequence
from typing import Any

from ..resources.devices import resolve_device

INPUTS = ("context", "reference")


class Metric:
    """Base class for metrics (model-backed ones especially).

    Subclasses set ``name`` and implement :meth:`score_batch`; model loading belongs in
    :meth:`setup` (called once by the runner before the first batch, and lazily by ``__call__``),
    so building a metric object is free. Parameters that change scores must show in
    :meth:`params` (dataclass fields do automatically), since they form the cache key.

    :meth:`order_key` tells the runner in which order to feed the inputs it still has to score
    (they are cut into batches in that order). The default is longest first: batches of similar
    lengths need little padding, and an out-of-memory error shows on the first batch. A metric
    that scores some inputs faster next to each other overrides it: perplexity with prefix
    sharing sorts by (context, text), so an original and its variants, which share a beginning,
    arrive one after the other.

    Attributes:
      name: short name used in reports and error messages.
      batch_size: texts per ``score_batch`` call; ``None`` = all at once.
      device: ``"auto"`` (CUDA if available, else CPU), ``"cpu"``, ``"cuda"``, ``"cuda:1"``...
      needs: inputs that must be present on every example (subset of ``("context", "reference")``).
      uses: inputs the metric reads at all (a superset of ``needs``); inputs it does not use are
        passed as ``None`` and left out of the cache key, so more examples share a score.
      autocast: whether the runner may run batches under CUDA autocast (never used on CPU).
      version: bump it when a change to the code changes the scores (it is part of the cache key).
    """

    name: str = ""
    batch_size: int | None = 16
    device: str = "auto"
    needs: tuple[str, ...] = ()
    uses: tuple[str, ...] = INPUTS
    autocast: bool = True
    version: str = "1"

    def score_batch(
        self, texts: list[str], contexts: list[str | None] | None, references: list[str | None] | None
    ) -> Sequence[float]:
        """One score per text (higher = better story)."""
        raise NotImplementedError(f"{type(self).__name__} must implement score_batch")

    def setup(self) -> None:
        """Load models or resources (idempotent). Called by the runner before scoring."""

    def order_key(self, text: str, context: str | None, reference: str | None) -> Any:
        """Sort key of one input for the runner (ascending; inputs the metric does not use are
        None). Default: longest first (text + context + reference, in characters)."""
        return -(len(text) + len(context or "") + len(reference or ""))

    @property
    def resolved_device(self) -> str:
        """The concrete device (``"auto"`` resolved)."""
        return resolve_device(self.device)

    def params(self) -> dict[str, Any]:
        """Parameters that affect scores: dataclass fields, else public scalar instance attributes
        (str, int, float, bool, None). Override it when other state changes the scores."""
        if dataclasses.is_dataclass(self):
            items = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        else:  # scalars only: lists, models and other state are not parameters
            items = {
                k: v
                for k, v in vars(self).items()
                if not k.startswith("_") and isinstance(v, (str, int, float, bool, type(None)))
            }
        # batch size and device do not change scores (beyond float noise): keep them out of the key
        for k in ("batch_size", "device", "progress"):
            items.pop(k, None)
        return items

    def identity(self) -> str:
        """Stable string naming this metric and everything that changes its scores (cache key)."""
        cls = type(self)
        params = json.dumps(self.params(), sort_keys=True, default=_json_default)
        return f"{cls.__module__}:{cls.__qualname__}|name={self.name}|v={self.version}|{params}"

    def __call__(
        self,
        texts: Sequence[str],
        contexts: Sequence[str | None] | None = None,
        references: Sequence[str | None] | None = None,
    ) -> list[float]:
        """Score directly (no cache, one call): makes a Metric usable as a plain callable."""
        self.setup()
        return [float(s) for s in self.score_batch(list(texts), _opt_list(contexts), _opt_list(references))]

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r})"


class CallableMetric(Metric):
    """A plain function ``f(texts, contexts=None, references=None)`` seen as a Metric."""

    def __init__(
        self,
        fn: Callable[..., Sequence[float]],
        *,
        name: str | None = None,
        batch_size: int | None = None,
        needs: Sequence[str] = (),
        uses: Sequence[str] | None = None,
        device: str = "auto",
    ) -> None:
        if not callable(fn):
            raise TypeError(f"a metric must be callable, got {type(fn).__name__}")
        self.fn = fn
        self._user_name = name
        self.name = name or getattr(fn, "name", None) or getattr(fn, "__name__", None) or type(fn).__name__
        self.batch_size = batch_size if batch_size is not None else getattr(fn, "batch_size", None)
        self.needs = _check_inputs_names(tuple(needs) or tuple(getattr(fn, "needs", ()) or ()))
        self.uses = _check_inputs_names(tuple(uses)) if uses is not None else INPUTS
        self.device = device

    def score_batch(
        self, texts: list[str], contexts: list[str | None] | None, references: list[str | None] | None
    ) -> Sequence[float]:
        return self.fn(texts, contexts, references)

    def identity(self) -> str:
        fn = self.fn
        target = fn if hasattr(fn, "__qualname__") else type(fn)
        ident = f"callable:{getattr(target, '__module__', '?')}:{getattr(target, '__qualname__', '?')}"
        if self._user_name:
            ident += f"|name={self._user_name}"
        code = getattr(fn, "__code__", None)
        if code is not None:  # edits to the function body invalidate its cached scores
            h = hashlib.sha1(code.co_code + repr(code.co_consts).encode("utf-8", "replace"))
            ident += f"|code={h.hexdigest()[:12]}"
        return ident

    def __repr__(self) -> str:
        return f"CallableMetric({self.name!r})"


def as_metric(
    obj: Any, *, name: str | None = None, batch_size: int | None = None, needs: Sequence[str] | None = None
) -> Metric:
    """A Metric from a Metric (returned as is, optionally renamed), a Metric class or a callable."""
    if isinstance(obj, type) and issubclass(obj, Metric):
        obj = obj()
    if isinstance(obj, Metric):
        if name:
            obj.name = name
        if batch_size is not None:
            obj.batch_size = batch_size
        if needs is not None:
            obj.needs = _check_inputs_names(tuple(needs))
        if not obj.name:
            obj.name = type(obj).__name__
        return obj
    return CallableMetric(obj, name=name, batch_size=batch_size, needs=needs or ())


def _check_inputs_names(names: tuple[str, ...]) -> tuple[str, ...]:
    bad = [n for n in names if n not in INPUTS]
    if bad:
        raise ValueError(f"metric inputs must be among {INPUTS}, got {bad}")
    return names


def _opt_list(xs: Sequence[Any] | None) -> list[Any] | None:
    return None if xs is None else list(xs)


def _json_default(o: Any) -> Any:
    if isinstance(o, (set, frozenset, tuple)):
        return list(o)
    if hasattr(o, "__fspath__"):
        return str(o)
    return repr(o)
