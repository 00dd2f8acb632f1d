"""One registry per kind of thing users extend: transforms, metrics, suites, recipes, filters, readers,
and plot transforms (manipulations of a story's plot, :mod:`perturbkit.plot`).

Each :class:`Registry` knows its built-ins by module name and imports nothing until a name is asked
for; it also reads the entry-point group ``perturbkit.<kind>``, so an installed package adds names
without any import on the user's side. Unknown names get near-name suggestions, a name already taken
by another object is refused, and a plugin that fails to import becomes a :class:`PluginWarning`
naming its distribution while everything else keeps working.

>>> from perturbkit import registry
>>> "ngram_repetition" in registry.metrics.names()   # reads names only: imports no metric module
True
>>> registry.metrics.get("ngram_repetition").__name__
'NgramRepetition'

Plugins declare entry points (see docs/plugins.md)::

    [project.entry-points."perturbkit.transforms"]
    shout = "my_plugin.transforms:Shout"
"""

from __future__ import annotations

import contextlib
import importlib.resources
import importlib.util
import os
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from .base import BUILTIN, DuplicateName, PluginFailed, PluginWarning, Registry, UnknownName

__all__ = [
    "BUILTIN",
    "check_named_subclass",
    "DuplicateName",
    "PluginFailed",
    "PluginWarning",
    "REGISTRIES",
    "Registry",
    "UnknownName",
    "filters",
    "metrics",
    "plot_transforms",
    "readers",
    "recipes",
    "scoped",
    "shipped_files",
    "suites",
    "transforms",
]


# ------------------------------------------------------------------------------------------------
# Built-ins, by module name (nothing below imports them)
# ------------------------------------------------------------------------------------------------
def _transform_modules() -> list[str]:
    """``perturbkit.transforms.<family>`` for every public module of the built-in transforms package,
    and the public modules of its public sub-packages (``external/``: adapters to other libraries);
    a sub-package with no modules is never imported (listing imports nothing)."""
    import pkgutil
    import sys

    pkg = sys.modules.get("perturbkit.transforms")  # its path as loaded (tests extend it), else found
    spec = None if pkg is not None else importlib.util.find_spec("perturbkit.transforms")
    paths = list(pkg.__path__) if pkg is not None else list(spec.submodule_search_locations or []) if spec else []
    out = []
    for m in pkgutil.iter_modules(paths):
        if m.name.startswith("_"):
            continue
        if not m.ispkg:
            out.append(f"perturbkit.transforms.{m.name}")
            continue
        where = [os.path.join(getattr(m.module_finder, "path", ""), m.name)]
        out += [
            f"perturbkit.transforms.{m.name}.{sub.name}"
            for sub in pkgutil.iter_modules(where)
            if not sub.name.startswith("_")
        ]
    return out


def shipped_files(folder: str, package: str = "perturbkit") -> dict[str, Any]:
    """YAML files in ``<package>/data/<folder>`` by stem -> resource (a Traversable path)."""
    base = importlib.resources.files(package).joinpath("data", folder)
    try:
        entries = sorted(base.iterdir(), key=lambda e: e.name)
    except (FileNotFoundError, NotADirectoryError):
        return {}
    return {
        e.name.rsplit(".", 1)[0]: e
        for e in entries
        if e.name.endswith((".yaml", ".yml")) and not e.name.startswith((".", "_")) and e.is_file()
    }


def _yaml_source(kind: str) -> Callable[[str, Any], Any]:
    """Suites and recipes: a YAML file (path or package resource), a mapping, or a built object."""

    def validate(name: str, obj: Any) -> Any:
        if isinstance(obj, (str, os.PathLike, Mapping)) or hasattr(obj, "read_text") or hasattr(obj, "model_dump"):
            return obj
        raise TypeError(f"{kind} {name!r} must be a YAML file path, a package resource, a mapping or a built object")

    return validate


def _callable(kind: str) -> Callable[[str, Any], Any]:
    def validate(name: str, obj: Any) -> Any:
        if not callable(obj):
            raise TypeError(f"{kind} {name!r} must be callable, got {type(obj).__name__}")
        return obj

    return validate


transforms = Registry(
    "transforms",
    "transform",
    modules=_transform_modules,
    validate="perturbkit.transform.registry:check_transform",
    listing="run `perturbkit list` to see them",
)
metrics = Registry(
    "metrics",
    "metric",
    builtins={
        "ngram_repetition": "perturbkit.metrics.lexical:NgramRepetition",
        "lexical_diversity": "perturbkit.metrics.lexical:LexicalDiversity",
        "bleu": "perturbkit.metrics.bleu:Bleu",
        "rouge_l": "perturbkit.metrics.rouge:RougeL",
        "bertscore": "perturbkit.metrics.embedding:BertScore",
        "coherence": "perturbkit.metrics.embedding:Coherence",
        "context_relatedness": "perturbkit.metrics.embedding:ContextRelatedness",
        "reference_similarity": "perturbkit.metrics.embedding:ReferenceSimilarity",
        "perplexity": "perturbkit.metrics.perplexity:Perplexity",
        "slor": "perturbkit.metrics.acceptability:Slor",
    },
    validate=_callable("metric"),
)
suites = Registry("suites", "suite", scan=lambda: shipped_files("suites"), validate=_yaml_source("suite"))
recipes = Registry("recipes", "recipe", scan=lambda: shipped_files("recipes"), validate=_yaml_source("recipe"))
filters = Registry(
    "filters",
    "filter",
    builtins={
        "changed": "perturbkit.filters.builtin:changed",
        "max_change": "perturbkit.filters.builtin:max_change",
        "max_edits": "perturbkit.filters.builtin:max_edits",
        "length_ratio": "perturbkit.filters.builtin:length_ratio",
        "similarity": "perturbkit.filters.similarity:similarity",
        "grammaticality": "perturbkit.filters.grammaticality:grammaticality",
    },
    validate=_callable("filter"),
)
readers = Registry(
    "readers",
    "format",
    builtins={
        "jsonl": "perturbkit.io:JSONL",
        "csv": "perturbkit.io:CSV",
        "tsv": "perturbkit.io:TSV",
        "txt": "perturbkit.io:TXT",
        "json": "perturbkit.readers:JSON",
        "mans": "perturbkit.readers:MANS",
        "roc": "perturbkit.readers:ROC",
        "roc_lead": "perturbkit.readers:ROC_LEAD",
        "roc_af": "perturbkit.readers:ROC_AF",
        "wp": "perturbkit.readers:WP",
    },
    validate=_callable("reader"),
)
plot_transforms = Registry(
    "plot_transforms",
    "plot transform",
    builtins={
        "plot_logic_reorder": "perturbkit.plot.manipulations:LogicReorder",
        "plot_contradiction_insertion": "perturbkit.plot.manipulations:ContradictionInsertion",
        "plot_repetition_insertion": "perturbkit.plot.manipulations:RepetitionInsertion",
        "plot_random_substitution": "perturbkit.plot.manipulations:RandomSubstitution",
    },
    validate="perturbkit.plot.transform:check_plot_transform",
    listing="run `perturbkit list --aspect plot` to see them",
)

#: Every registry, in the order ``perturbkit doctor`` reports their plugins.
REGISTRIES = (transforms, metrics, suites, recipes, filters, readers, plot_transforms)


@contextlib.contextmanager
def scoped() -> Iterator[None]:
    """Every registry scoped at once (see :meth:`Registry.scoped`): for tests that install a plugin
    on ``sys.path`` or register toys of several kinds.

    >>> with scoped():
    ...     _ = metrics.register("always_one", lambda texts, contexts=None, references=None: [1.0] * len(texts))
    >>> "always_one" in metrics.names()
    False
    """
    with contextlib.ExitStack() as stack:
        for reg in REGISTRIES:
            stack.enter_context(reg.scoped())
        yield


def check_named_subclass(name: str, obj: Any, base: type, what: str, base_label: str) -> Any:
    """A registry check for classes: ``obj`` must subclass ``base`` (called ``what`` and
    ``base_label`` in the error), and its ``name`` is the name it is registered under (a class
    without its own takes it)."""
    if not (isinstance(obj, type) and issubclass(obj, base)):
        raise TypeError(f"{what} {name!r} must be a {base_label} subclass, got {obj!r}")
    if "name" not in vars(obj) or not obj.name:
        obj.name = name
    elif obj.name != name:
        raise ValueError(f"{obj.__module__}.{obj.__qualname__}.name is {obj.name!r} but it is registered as {name!r}")
    return obj
