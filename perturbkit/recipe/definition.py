"""The top of a recipe file (:class:`Recipe`), its sets resolved against the recipe's defaults, and
:func:`load_recipe` (a path, a shipped or plugin recipe name, a mapping, a Recipe).

>>> r = load_recipe("union")                       # doctest: +SKIP
>>> [s.name for s in r.resolved_sets()]            # doctest: +SKIP
['union']
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import Field, model_validator

from .. import registry
from ..specmodel import load_spec, spec_error, validate_spec
from .plot_spec import PlotStorySpec
from .spec import (
    Entry,
    FilterSpec,
    FitSpec,
    InputSpec,
    Labels,
    MixtureSpec,
    Select,
    SetSpec,
    _Applies,
)

__all__ = ["Recipe", "ResolvedSet", "load_recipe", "recipe_from_dict"]


@dataclass(frozen=True)
class ResolvedSet:
    """A set with every option decided (the recipe's defaults filled in, ``changed`` always first
    among the filters, ``variants-of:*`` expanded)."""

    name: str
    mode: str  # "transforms" (each entry on its own), "one_of" or "mixture"
    entries: tuple[Entry, ...]
    weights: tuple[float, ...] | None
    mixture: MixtureSpec | None
    filters: tuple[FilterSpec, ...]
    variants: int
    labels: Labels
    keep_originals: bool
    select: Select
    variants_of: tuple[str, ...]


class Recipe(_Applies):
    """A named augmentation: input options, seed, fitting, and either one thing to apply (top-level
    ``transforms``/``one_of``/``mixture``) or several ``sets``, which take the top-level options as
    defaults.

    >>> Recipe(name="mine", transforms=["negation", "typos>>synonym"]).resolved_sets()[0].mode  # doctest: +SKIP
    'transforms'
    """

    name: str
    description: str = ""
    input: InputSpec = Field(default_factory=InputSpec)
    seed: int = 0
    fit: FitSpec = Field(default_factory=FitSpec)
    sets: list[SetSpec] | None = None
    plot_story: PlotStorySpec | None = None  # plot-guided negatives (perturbkit.recipe.plot_stage)
    output: str | None = None  # the default output path (the command line's --output wins)
    source: str | None = Field(None, exclude=True, repr=False)  # the file it came from

    @model_validator(mode="after")
    def _shape(self) -> Recipe:
        what = self._what()
        if self.plot_story is not None:
            return self._plot_story_shape(what)
        if self.sets is None and len(what) != 1:
            raise spec_error(
                "apply", f"a recipe needs exactly one of transforms, one_of, mixture or sets (got {what or 'none'})"
            )
        if self.sets is not None:
            if what:
                raise spec_error(
                    "apply", f"a recipe with sets gives {what[0]!r} in each set, not at the top", (what[0],)
                )
            if not self.sets:
                raise spec_error("apply", "sets is empty", ("sets",))
            self._check_sets()
        return self

    def _plot_story_shape(self, what: list[str]) -> Recipe:
        """A ``plot_story`` recipe applies nothing else; its filters go inside ``plot_story``."""
        other = what + [k for k in ("sets", "weights", "select", "filters") if getattr(self, k) is not None]
        if other:
            inside = "; give filters inside plot_story" if other[0] == "filters" else ""
            raise spec_error(
                "apply", f"a plot_story recipe has no {other[0]!r} (it makes its own negatives){inside}", (other[0],)
            )
        return self

    def _check_sets(self) -> None:
        seen: dict[str, int] = {}
        for i, s in enumerate(self.sets or []):
            if s.name in seen:
                raise spec_error(
                    "duplicate_set", f"duplicate set name {s.name!r} (also sets[{seen[s.name]}])", ("sets", i, "name")
                )
            for ref in s.variants_of:
                if ref != "*" and ref not in seen:
                    later = any(t.name == ref for t in (self.sets or []))
                    near = difflib.get_close_matches(ref, list(seen), n=1)
                    hint = (
                        "; a set takes the variants of sets above it only"
                        if later
                        else (f"; did you mean {near[0]!r}?" if near else "")
                    )
                    raise spec_error(
                        "originals", f"{ref!r} is not a set above this one{hint}", ("sets", i, "originals")
                    )
                if ref == "*" and not seen:
                    raise spec_error(
                        "originals", "'variants-of:*' in the first set: no set above it", ("sets", i, "originals")
                    )
            seen[s.name] = i

    def resolved_sets(self) -> list[ResolvedSet]:
        """The sets with every option decided (a recipe without ``sets`` is one set, named after it;
        a ``plot_story`` recipe has none: it runs through :mod:`perturbkit.recipe.plot_stage`)."""
        if self.plot_story is not None:
            return []
        specs: Sequence[_Applies] = self.sets if self.sets is not None else [self]
        out: list[ResolvedSet] = []
        for s in specs:
            name = s.name if isinstance(s, SetSpec) else self.name
            mode = s._what()[0]
            entries = s.transforms or s.one_of or []
            filters = list(s.filters if s.filters is not None else (self.filters or []))
            if not any(f.name == "changed" for f in filters):
                filters.insert(0, FilterSpec.model_construct(name="changed", params={}))
            refs = s.variants_of if isinstance(s, SetSpec) else []
            if "*" in refs:
                refs = [r.name for r in out]
            out.append(
                ResolvedSet(
                    name=name,
                    mode=mode,
                    entries=tuple(entries),
                    weights=tuple(s.weights) if s.weights is not None else None,
                    mixture=s.mixture,
                    filters=tuple(filters),
                    variants=s.variants or self.variants or 1,
                    labels=s.labels or self.labels or Labels(),
                    keep_originals=bool(s.keep_originals if s.keep_originals is not None else self.keep_originals),
                    select=s.select or self.select or Select(),
                    variants_of=tuple(dict.fromkeys(refs)),
                )
            )
        return out

    def with_options(self, **changes: Any) -> Recipe:
        """A copy with top-level options replaced (None values are ignored): what the command
        line's ``--seed``, ``--n`` and ``--keep-originals`` do. ``variants`` and
        ``keep_originals`` also replace each set's own value."""
        changes = {k: v for k, v in changes.items() if v is not None}
        sets = self.sets
        if sets is not None:
            per_set = {k: changes[k] for k in ("variants", "keep_originals") if k in changes}
            sets = [s.model_copy(update=per_set) for s in sets] if per_set else sets
        return self.model_copy(update={**changes, "sets": sets})

    @classmethod
    def from_transforms(cls, transforms: Any, *, name: str = "augment", **options: Any) -> Recipe:
        """An ad hoc recipe applying each of ``transforms`` (names, ``a>>b`` chains, ``{name:
        params}``, Transform objects) on its own."""
        return cls(name=name, transforms=transforms, **options)


def recipe_from_dict(
    data: Mapping[str, Any], *, source: str | None = None, lines: Mapping[tuple[Any, ...], int] | None = None
) -> Recipe:
    """Validate a plain mapping (parsed YAML/JSON) into a Recipe; errors name ``source``."""
    return validate_spec(Recipe, data, source=source, lines=lines)


def load_recipe(source: str | os.PathLike[str] | Mapping[str, Any] | Recipe) -> Recipe:
    """A Recipe from a YAML file path, the name of a shipped recipe (``union``, ``openmeva``) or of a
    plugin's (:data:`perturbkit.registry.recipes`), a mapping, or a Recipe (returned as is)."""
    return load_spec(Recipe, source, registry.recipes, recipe_from_dict)


__all__ += ["Entry", "FilterSpec", "FitSpec", "InputSpec", "Labels", "MixtureSpec", "Select", "SetSpec"]
