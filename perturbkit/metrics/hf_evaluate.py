"""Hugging Face ``evaluate`` modules as perturbkit metrics: ``evaluate:PATH`` (a local module
folder or script, or a module name ``evaluate`` can load offline from its cache).

``evaluate`` scores a corpus; perturbkit needs one score per story. The module is called once per
batch and the result key holding one number per story is used (``key=`` names it when there are
several); a module that returns only corpus-level numbers is called once per story instead.
Modules are imported into perturbkit's cache folder (``evaluate`` would otherwise write under
``~/.cache/huggingface``).

>>> m = EvaluateMetric("path/to/my_metric", key="scores", references=True)
>>> m.name, m.needs
('evaluate:my_metric', ('reference',))
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from numbers import Real
from pathlib import Path
from typing import Any

from ..errors import MetricError
from ..resources.errors import ResourceMissing
from .base import Metric

_LOCK = threading.Lock()
_MODULES: dict[tuple[str, str | None], Any] = {}
_INSTALL = "pip install 'perturbkit[evaluate]'"


def load_evaluation_module(path: str, config_name: str | None = None) -> Any:
    """An ``evaluate`` module from a path or name, imported once per process into perturbkit's
    cache folder (no write to ``~/.cache/huggingface``)."""
    try:
        import evaluate
        from evaluate.loading import evaluation_module_factory, import_main_class, init_dynamic_modules
    except ImportError as exc:
        raise ResourceMissing("evaluate", _INSTALL, str(exc)) from None
    from ..resources.config import cache_dir

    key = (path, config_name)
    with _LOCK:
        if key not in _MODULES:
            folder = cache_dir("evaluate")
            modules = init_dynamic_modules(hf_modules_cache=folder / "modules")
            try:
                found = evaluation_module_factory(path, dynamic_modules_path=modules)
                cls = import_main_class(found.module_path)
                _MODULES[key] = cls(config_name=config_name, cache_dir=str(folder / "data"), hash=found.hash)
            except (FileNotFoundError, ConnectionError, OSError, ImportError, ValueError) as exc:
                raise MetricError(f"cannot load evaluate module {path!r}: {exc}") from None
            assert isinstance(_MODULES[key], evaluate.EvaluationModule)
    return _MODULES[key]


@dataclass(repr=False)
class EvaluateMetric(Metric):
    """One score per story from an ``evaluate`` module (see the module docstring).

    ``references=True`` passes each story's reference as ``references`` (the module's inputs must
    name them); ``compute`` holds extra keyword arguments for ``compute()``; ``lower_is_better``
    negates the score (perturbkit's scores are higher = better story).
    """

    path: str
    key: str | None = None
    references: bool = False
    config_name: str | None = None
    compute: dict[str, Any] = field(default_factory=dict)
    lower_is_better: bool = False
    batch_size: int | None = 32
    device: str = "cpu"

    autocast = False

    def __post_init__(self) -> None:
        self.name = f"evaluate:{Path(self.path.rstrip('/')).stem or self.path}"
        self.needs = ("reference",) if self.references else ()
        self.uses = self.needs
        self._module: Any = None

    def setup(self) -> None:
        if self._module is None:
            module = load_evaluation_module(self.path, self.config_name)
            inputs = set(_input_names(module))
            if "predictions" not in inputs:
                raise MetricError(f"{self.name}: the module's inputs are {sorted(inputs)}, not 'predictions'")
            if ("references" in inputs) != self.references:
                hint = "needs references: give references=true" if "references" in inputs else "takes no references"
                raise MetricError(f"{self.name}: the module {hint}")
            self._module = module

    def score_batch(self, texts, contexts=None, references=None):
        self.setup()
        refs = [r or "" for r in references] if self.references and references is not None else None
        result = self._call(texts, refs)
        per_story = self._per_story(result, len(texts))
        if per_story is None:  # corpus-level numbers only: one call per story
            per_story = [
                self._scalar(self._call([text], None if refs is None else [refs[i]])) for i, text in enumerate(texts)
            ]
        sign = -1.0 if self.lower_is_better else 1.0
        return [sign * float(s) for s in per_story]

    def _call(self, texts: list[str], refs: list[str] | None) -> dict[str, Any]:
        kwargs = dict(self.compute, predictions=texts)
        if refs is not None:
            kwargs["references"] = refs
        result = self._module.compute(**kwargs)
        if not isinstance(result, dict):
            raise MetricError(f"{self.name}: compute() returned {type(result).__name__}, not a dict")
        return result

    def _per_story(self, result: dict[str, Any], n: int) -> list[Any] | None:
        lists = {k: v for k, v in result.items() if isinstance(v, (list, tuple)) and len(v) == n}
        if self.key is not None:
            if self.key not in result:
                raise MetricError(f"{self.name}: no result {self.key!r} (results: {sorted(result)})")
            value = result[self.key]
            return list(value) if self.key in lists else None
        if len(lists) == 1:
            return list(next(iter(lists.values())))
        if len(lists) > 1:
            raise MetricError(f"{self.name}: several per-story results {sorted(lists)}: choose one with key=")
        return None

    def _scalar(self, result: dict[str, Any]) -> float:
        if self.key is not None:
            value = result.get(self.key)
        else:
            numbers = [v for v in result.values() if isinstance(v, Real)]
            if len(numbers) != 1:
                raise MetricError(f"{self.name}: cannot tell which result is the score {sorted(result)}: give key=")
            value = numbers[0]
        if not isinstance(value, Real) or isinstance(value, bool):
            raise MetricError(f"{self.name}: result {self.key!r} is {type(value).__name__}, not a number")
        return float(value)


def _input_names(module: Any) -> list[str]:
    features = module.features
    if isinstance(features, list):  # modules with several accepted formats
        return sorted({name for f in features for name in f})
    return list(features)
