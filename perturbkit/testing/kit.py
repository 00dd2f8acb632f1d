"""The shared kit for tests: one Annotator, one Metric object and runner per metric (so a model
loads once per session), score memory and suite reports by arguments. The pytest fixture
``perturbkit`` returns the process-wide :func:`default_kit`; its methods mirror the module
functions of :mod:`perturbkit.testing`.

>>> kit = default_kit()
>>> kit.score(lambda texts, c=None, r=None: [len(t) for t in texts], ["ab", "abc"]).tolist()
[2.0, 3.0]
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..example import Example, as_example
from . import suite_checks
from .pairs import Pair, as_pair, check_decrease, check_invariant
from .strategies import load_stories, perturbed, sample_stories

if TYPE_CHECKING:
    import numpy as np
    from hypothesis.strategies import SearchStrategy

    from ..annotation import Annotator
    from ..metrics.base import Metric
    from ..metrics.runner import MetricRunner
    from ..report import Report
    from .suite_checks import Check

__all__ = ["Kit", "default_kit"]


class Kit:
    """Shared state for tests: the Annotator, one Metric object and runner per metric (so a model
    loads once per session), and suite reports by arguments. The pytest fixture ``perturbkit``
    returns the process-wide :func:`default_kit`; its methods mirror the module functions.

    ``cache_dir``: where scores are cached on disk (default False: memory only, so a test always
    sees the metric's current code)."""

    def __init__(self, annotator: Annotator | None = None, *, cache_dir: Any = False, max_metrics: int = 32) -> None:
        self._annotator = annotator
        self.cache_dir = cache_dir
        self.max_metrics = max_metrics
        self._metrics: OrderedDict[Any, tuple[Any, Metric, MetricRunner]] = OrderedDict()
        self._reports: dict[Any, tuple[Any, Report]] = {}

    @property
    def annotator(self) -> Annotator:
        from ..annotation import default_annotator

        return self._annotator or default_annotator()

    def _entry(self, metric: Any) -> tuple[Any, Metric, MetricRunner]:
        from ..metrics import resolve_metric
        from ..metrics.runner import MetricRunner

        key = metric if isinstance(metric, str) else id(metric)
        hit = self._metrics.get(key)
        if hit is not None:
            self._metrics.move_to_end(key)
            return hit
        m = resolve_metric(metric)
        entry = (metric, m, MetricRunner(m, cache_dir=self.cache_dir, progress=False))
        self._metrics[key] = entry  # holds ``metric`` so its id is not reused while cached
        while len(self._metrics) > self.max_metrics:
            self._metrics.popitem(last=False)[1][2].close()
        return entry

    def metric(self, metric: Any) -> Metric:
        """The shared Metric for a spec string, callable or Metric (resolved once)."""
        return self._entry(metric)[1]

    def runner(self, metric: Any) -> MetricRunner:
        """The shared MetricRunner of a metric (each distinct input scored once per session)."""
        return self._entry(metric)[2]

    def score(self, metric: Any, examples: Sequence[Example | str], test: str = "") -> np.ndarray:
        """Scores of ``examples`` (strings or Examples) with the shared runner."""
        return self.runner(metric).score([as_example(x) for x in examples], test=test)

    def stories(self, corpus: Any = None, **kwargs: Any) -> tuple[Example, ...]:
        """The corpus as Examples, shortest first (see :func:`load_stories`)."""
        return load_stories(corpus, **kwargs)

    def perturbed(self, transform: Any, stories: Any = None, **kwargs: Any) -> SearchStrategy[Pair]:
        """:func:`perturbed` with this kit's Annotator."""
        kwargs.setdefault("annotator", self._annotator)
        return perturbed(transform, stories, **kwargs)

    def score_pair(self, metric: Any, pair: Pair | tuple[Any, Any]) -> tuple[str, float, float]:
        """The metric's name and its scores of the pair's original and variant."""
        p = as_pair(pair)
        s = self.score(metric, [p.original, p.variant], test=p.transform)
        return self.metric(metric).name, float(s[0]), float(s[1])

    def assert_invariant(self, metric: Any, pair: Any, tol: float, *, rel_tol: float = 0.0) -> tuple[float, float]:
        """:func:`~perturbkit.testing.assert_invariant` with this kit's runners."""
        __tracebackhide__ = True
        p = as_pair(pair)
        name, so, sv = self.score_pair(metric, p)
        return check_invariant(name, p, (so, sv), tol, rel_tol)

    def assert_decreases(self, metric: Any, pair: Any, margin: float = 0.0) -> tuple[float, float]:
        """:func:`~perturbkit.testing.assert_decreases` with this kit's runners."""
        __tracebackhide__ = True
        p = as_pair(pair)
        name, so, sv = self.score_pair(metric, p)
        return check_decrease(name, p, (so, sv), margin)

    def assert_suite(self, report: Any, **kwargs: Any) -> list[Check]:
        """:func:`~perturbkit.testing.assert_suite`."""
        __tracebackhide__ = True
        return suite_checks.assert_suite(report, **kwargs)

    def run_suite(
        self, suite: Any, metric: Any, data: Any = None, *, seed: int | None = None, limit: int | None = None
    ) -> Report:
        """Run a suite (path, shipped name, mapping or Suite) on ``data`` (default: the shipped
        samples) with one metric or a list; reports are reused for the same arguments."""
        from ..suite import load_suite, run_suite

        metrics = list(metric) if isinstance(metric, (list, tuple)) else [metric]
        key = (_key(suite), _key(data), tuple(_key(m) for m in metrics), seed, limit)
        hit = self._reports.get(key)
        report = hit[1] if hit is not None else None
        if report is None:
            if data is None:
                exs: Sequence[Example] = sample_stories()
            elif isinstance(data, (str, os.PathLike)):
                from ..io import read_examples

                exs = read_examples(data)  # file order, as the CLI reads it
            else:
                exs = [Example.from_dict(x) if isinstance(x, Mapping) else as_example(x) for x in data]
            if limit is not None:
                exs = exs[:limit]
            report = run_suite(
                load_suite(suite),
                list(exs),
                [self.metric(m) for m in metrics],
                seed=seed,
                annotator=self.annotator,
                cache_dir=self.cache_dir,
                progress=False,
                data_source=str(data) if isinstance(data, (str, os.PathLike)) else None,
            )
            self._reports[key] = ((suite, data, metrics), report)  # keeps the keyed objects (ids) alive
        return report


def _key(x: Any) -> Any:
    if x is None or isinstance(x, (str, int, float)):
        return x
    if isinstance(x, os.PathLike):
        return os.fspath(x)
    return ("id", id(x))


_DEFAULT_KIT: Kit | None = None


def default_kit() -> Kit:
    """The process-wide Kit (what the module-level assertions and the pytest fixture use)."""
    global _DEFAULT_KIT
    if _DEFAULT_KIT is None:
        _DEFAULT_KIT = Kit()
    return _DEFAULT_KIT
