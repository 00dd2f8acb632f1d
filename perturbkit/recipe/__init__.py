"""Recipes: augmented data sets at scale (``perturbkit augment``).

A recipe (YAML or :class:`Recipe`) says what to apply to every story of an input (transforms,
``a>>b`` chains, a one-of or a UNION-style mixture), which filters keep a variant, how many
variants per story, their labels, the seed and the output; ``sets`` give several tagged sets from one
pass. :func:`augment` streams the records lazily; :func:`run_augment` writes files (resumable,
the same bytes for any number of workers and either executor).

>>> import perturbkit as pk
>>> out = pk.augment("union", pk.read_examples("examples/stories.jsonl"))   # doctest: +SKIP
>>> df = out.to_pandas()                                                  # doctest: +SKIP

Names are imported on first use, so ``import perturbkit.recipe`` loads neither spaCy nor pydantic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_exports

if TYPE_CHECKING:
    from .api import Augmented, augment, batch_function
    from .definition import Recipe, ResolvedSet, load_recipe, recipe_from_dict
    from .pipeline import AugmentOptions, Summary, run_augment
    from .plan import Plan, apply_chunk, compile_recipe

_LAZY = {
    "augment": "api",
    "Augmented": "api",
    "batch_function": "api",
    "Recipe": "definition",
    "ResolvedSet": "definition",
    "load_recipe": "definition",
    "recipe_from_dict": "definition",
    "Plan": "plan",
    "apply_chunk": "plan",
    "compile_recipe": "plan",
    "AugmentOptions": "pipeline",
    "Summary": "pipeline",
    "run_augment": "pipeline",
}

__all__ = [
    "Augmented",
    "AugmentOptions",
    "Plan",
    "Recipe",
    "ResolvedSet",
    "Summary",
    "apply_chunk",
    "augment",
    "batch_function",
    "compile_recipe",
    "load_recipe",
    "recipe_from_dict",
    "run_augment",
]

__getattr__, __dir__ = lazy_exports(__name__, _LAZY)
