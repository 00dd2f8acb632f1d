"""perturbkit: CheckList-style perturbation tests for text-generation (story) metrics.

>>> import perturbkit as pk
>>> shuffle = pk.get_transform("sentence_shuffle")          # doctest: +SKIP
>>> shuffle("She woke up. She ran. She slept.", seed=0)     # doctest: +SKIP

Public names are imported lazily, so ``import perturbkit`` loads neither spaCy nor torch.
``perturbkit.registry`` is the module holding one registry per kind (``registry.transforms.all()``
lists the transforms).
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

_LAZY = {
    "Example": "perturbkit.example",
    "Edit": "perturbkit.example",
    "Annotator": "perturbkit.annotation",
    "Level": "perturbkit.annotation",
    "Transform": "perturbkit.transform",
    "Effect": "perturbkit.transform",
    "Change": "perturbkit.transform",
    "register": "perturbkit.transform",
    "get_transform": "perturbkit.transform",
    "Chain": "perturbkit.transform",
    "OneOf": "perturbkit.transform",
    "Sometimes": "perturbkit.transform",
    "Mixture": "perturbkit.transform",
    "GenerativeTransform": "perturbkit.transform",
    "ResourceMissing": "perturbkit.resources.errors",
    "settings": "perturbkit.resources.config",
    "read_examples": "perturbkit.io",
    "write_examples": "perturbkit.io",
    "Metric": "perturbkit.metrics.base",
    "Suite": "perturbkit.suite",
    "load_suite": "perturbkit.suite",
    "run_suite": "perturbkit.suite",
    "augment": "perturbkit.recipe",
    "load_recipe": "perturbkit.recipe",
}

_SUBMODULES = ("registry",)

__all__ = sorted([*_LAZY, *_SUBMODULES])


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    mod = _LAZY.get(name)
    if mod is None:
        raise AttributeError(f"module 'perturbkit' has no attribute {name!r}")
    value = getattr(importlib.import_module(mod), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(list(globals()) + __all__)
