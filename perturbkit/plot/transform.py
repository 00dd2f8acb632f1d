"""The :class:`PlotTransform` base: a manipulation of a :class:`~perturbkit.plot.Plot` (not of a text).

Plot transforms live in their own registry (:data:`perturbkit.registry.plot_transforms`): they take
and return a Plot, so they cannot run where text transforms run (suites, ``perturbkit perturb``).
The base does the shared work: accepting a storyline string, a per-plot RNG from (seed, plot id,
name), choosing how many items to touch (``rate`` of the items, between ``min_edits`` and
``max_edits``), and the provenance in ``Plot.meta``:

- ``meta["original_plot"]``: the storyline before the first manipulation;
- ``meta["manipulations"]``: one record per touched item, ``{"transform", "op", "sentence",
  "item", "before", "after"}`` (positions in the output plot; ``before`` is None for insertions).

>>> from perturbkit.plot import get_plot_transform
>>> t = get_plot_transform("plot_repetition_insertion")
>>> out = t("tobias planned\\tcamping trip # asked\\trefused # packed\\tleft", seed=0)
>>> len(out) > 6 and out.meta["original_plot"].startswith("tobias planned")
True
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..seeds import rng_for
from .model import Plot


@dataclass
class PlotEdits:
    """A plot being edited: items per sentence plus the records of what changed."""

    name: str
    sentences: list[list[str]]
    records: list[dict[str, Any]] = dataclasses.field(default_factory=list)

    @classmethod
    def of(cls, name: str, plot: Plot) -> PlotEdits:
        return cls(name, [list(s) for s in plot.sentences])

    def _shift(self, sentence: int, at: int, by: int) -> None:
        for r in self.records:
            if r["sentence"] == sentence and r["item"] >= at:
                r["item"] += by

    def insert(self, sentence: int, at: int, item: str, note: str = "") -> None:
        """Insert ``item`` as item ``at`` of ``sentence``."""
        self._shift(sentence, at, 1)
        self.sentences[sentence].insert(at, item)
        self.records.append(self._record("insert", sentence, at, None, item, note))

    def replace(self, sentence: int, at: int, item: str, note: str = "") -> None:
        before = self.sentences[sentence][at]
        self.sentences[sentence][at] = item
        self.records.append(self._record("replace", sentence, at, before, item, note))

    def _record(self, op: str, sentence: int, at: int, before: str | None, after: str, note: str) -> dict[str, Any]:
        rec = {"transform": self.name, "op": op, "sentence": sentence, "item": at, "before": before, "after": after}
        if note:
            rec["note"] = note
        return rec

    def result(self, plot: Plot) -> Plot | None:
        """The edited plot with provenance, or None when nothing changed."""
        if not self.records or tuple(tuple(s) for s in self.sentences) == plot.sentences:
            return None
        done = list(plot.meta.get("manipulations", ()))
        return plot.with_sentences(
            self.sentences,
            original_plot=plot.meta.get("original_plot", plot.storyline()),
            manipulations=done + sorted(self.records, key=lambda r: (r["sentence"], r["item"])),
        )


@dataclass
class PlotTransform:
    """Base class: subclasses set ``name`` and ``example`` and implement :meth:`apply`.

    ``rate``: share of plot items to touch; the count is clamped to [``min_edits``, ``max_edits``]
    and to what the plot offers (a transform that finds fewer targets touches those).
    """

    name: ClassVar[str] = ""
    aspect: ClassVar[str] = "plot"
    effect: ClassVar[str] = "breaks"
    requires: ClassVar[tuple[str, ...]] = ()
    example: ClassVar[str] = ""  # a storyline it applies to, shown by ``perturbkit list``

    rate: float = 0.15
    min_edits: int = 2
    max_edits: int = 4

    def validate(self) -> None:
        """Reject bad parameter values with ValueError."""
        if isinstance(self.rate, bool) or not isinstance(self.rate, (int, float)) or not 0.0 < self.rate <= 1.0:
            raise ValueError(f"rate must be in (0, 1], got {self.rate!r}")
        if not 1 <= self.min_edits <= self.max_edits:
            raise ValueError(f"need 1 <= min_edits <= max_edits, got {self.min_edits} and {self.max_edits}")

    def n_edits(self, plot: Plot) -> int:
        """How many items to touch: ``rate`` of the items, clamped to [min_edits, max_edits]."""
        return max(self.min_edits, min(self.max_edits, round(self.rate * len(plot))))

    def apply(self, plot: Plot, rng: random.Random) -> Plot | None:
        """The manipulation; None when it cannot apply (no target, no relation found)."""
        raise NotImplementedError

    def fit(self, plots: Iterable[Plot | str]) -> PlotTransform:
        """Learn from a corpus of plots (the donor pool of random substitution); others ignore it.
        Returns self."""
        return self

    def __call__(self, plot: Plot | str, seed: int | random.Random = 0) -> Plot | None:
        """Manipulate one plot (or storyline string); None when not applicable. Plots with fewer than
        two sentences or no items are not applicable (there is no plot to break)."""
        if isinstance(plot, str):
            plot = Plot.from_storyline(plot)
        if len(plot.sentences) < 2 or len(plot) == 0:
            return None
        key = str(plot.meta.get("id") or plot.storyline())
        rng = seed if isinstance(seed, random.Random) else rng_for(seed, key, self.name)
        out = self.apply(plot, rng)
        if out is None or out.sentences == plot.sentences:
            return None
        return out

    def params(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.init}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.params().items())})"


def check_plot_transform(name: str, obj: Any) -> type[PlotTransform]:
    """The registry's check: a PlotTransform subclass registered under its own ``name``."""
    from .. import registry

    return registry.check_named_subclass(name, obj, PlotTransform, "plot transform", "perturbkit.plot.PlotTransform")


def plot_transforms() -> Mapping[str, type[PlotTransform]]:
    """Every registered plot transform, by name."""
    from .. import registry

    return registry.plot_transforms.all()


def get_plot_transform(name: str, **params: Any) -> PlotTransform:
    """Instantiate a registered plot transform; unknown parameters and bad values are errors.

    >>> get_plot_transform("plot_random_substitution", rate=0.3).rate
    0.3
    """
    from .. import registry
    from ..errors import UserError

    cls = registry.plot_transforms.get(name)
    valid = [f.name for f in dataclasses.fields(cls) if f.init]
    for k in params:
        if k not in valid:
            raise UserError(f"plot transform {name!r} has no parameter {k!r}; valid: {', '.join(valid)}")
    inst = cls(**params)
    try:
        inst.validate()
    except ValueError as exc:
        raise UserError(f"plot transform {name!r}: {exc}") from None
    return inst


def spread(rng: random.Random, candidates: Iterable[Any], k: int) -> list[Any]:
    """``k`` candidates drawn without replacement (all of them when fewer), in their given order."""
    pool = list(candidates)
    if len(pool) <= k:
        return pool
    chosen = set(rng.sample(range(len(pool)), k))
    return [c for i, c in enumerate(pool) if i in chosen]
