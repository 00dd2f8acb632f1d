"""The ``plot_story:`` section of a recipe: plot-guided negatives (Ghazarian et al., NAACL 2021).

Each story's plot is extracted, manipulated into an implausible one, a generator writes
``candidates`` stories from the manipulated plot, the candidates pass the checks and filters, and
adversarial filtering keeps the ``adversarial.keep`` a committee finds hardest to tell from human
stories::

    plot_story:
      manipulations: [plot_logic_reorder, {plot_random_substitution: {rate: 0.2}}]
      candidates: 6
      generator: {model: null, temperature: 0.8, top_k: 50}
      adversarial: {keep: 3, max_rounds: 10}

Validated like the rest of a recipe, before any work: unknown keys with the nearest valid one,
unknown manipulations, generator or extractor parameters and bad values name the key path.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field, field_validator

from ..specmodel import spec_error
from .spec import FilterSpec, _as_filters, _Model

__all__ = ["AdversarialSpec", "ManipulationSpec", "PlotStorySpec", "FEATURES", "DEFAULT_MANIPULATIONS"]

#: The four ManPlts manipulations, in the paper's order.
DEFAULT_MANIPULATIONS = (
    "plot_logic_reorder",
    "plot_contradiction_insertion",
    "plot_repetition_insertion",
    "plot_random_substitution",
)
#: The committee's features: ``minilm+lm`` (MiniLM embedding, log perplexity, repetition rate: the
#: default), ``minilm`` (without the language model: much faster on a CPU), ``lexical`` (cheap text
#: statistics, no model: for smoke runs and tests).
FEATURES = ("minilm+lm", "minilm", "lexical")
#: PlotToStory parameters a recipe may not set (the recipe decides them).
_FIXED = ("num_return_sequences", "do_sample")


def _near(key: str, valid: list[str]) -> str:
    near = difflib.get_close_matches(key, valid, n=1)
    return f"; did you mean {near[0]!r}?" if near else f"; valid: {', '.join(valid)}"


def _check_params(what: str, cls: type, params: Mapping[str, Any], skip: tuple[str, ...] = ()) -> None:
    valid = [f.name for f in dataclasses.fields(cls) if f.init and f.name not in skip]
    for k in params:
        if k not in valid:
            raise spec_error("unknown_param", f"{what} has no parameter {k!r}{_near(k, valid)}")


class ManipulationSpec(_Model):
    """One plot manipulation (a registered plot transform) with parameters."""

    name: str
    params: dict[str, Any] = Field(default_factory=dict)

    def build(self) -> Any:
        from ..plot.transform import get_plot_transform

        return get_plot_transform(self.name, **self.params)

    @field_validator("name")
    @classmethod
    def _known(cls, v: str) -> str:
        from ..plot.transform import plot_transforms

        names = sorted(plot_transforms())
        if v not in names:
            raise spec_error("unknown_manipulation", f"unknown plot manipulation {v!r}{_near(v, names)}")
        return v


def _as_manipulation(item: Any) -> Any:
    if isinstance(item, str):
        return {"name": item.strip(), "params": {}}
    if isinstance(item, Mapping) and len(item) == 1 and not set(item) & {"name", "params"}:
        ((name, params),) = item.items()
        return {"name": name, "params": {} if params is None else params}
    return item


class AdversarialSpec(_Model):
    """Adversarial filtering: keep ``keep`` candidates per story (``--n`` overrides it), at most
    ``max_rounds`` rounds, the committee's ``features`` (:data:`FEATURES`), ``seed`` (None: the
    recipe's). ``adversarial: false`` in a recipe is ``enabled: false``: the first ``keep``
    candidates that passed are kept."""

    enabled: bool = True
    keep: int = Field(3, ge=1, le=100)
    max_rounds: int = Field(10, ge=1, le=1000)
    features: Literal["minilm+lm", "minilm", "lexical"] = "minilm+lm"
    seed: int | None = None


class PlotStorySpec(_Model):
    """What a ``plot_story`` recipe does (see the module doc and docs/plot-generation.md).

    ``per_story``: manipulations applied to each story's plot (drawn from ``manipulations`` per story,
    the next one tried when one does not apply); ``candidates``: stories generated per manipulated
    plot; ``generator``: :class:`~perturbkit.plot.generate.PlotToStory` parameters; ``extractor``:
    :class:`~perturbkit.plot.PlotExtractor` parameters; ``filters``: variant filters each candidate
    must pass (with its human story as the original); ``adversarial``: the filtering, or ``false``
    to keep every candidate that passed."""

    manipulations: list[ManipulationSpec] = Field(
        default_factory=lambda: [ManipulationSpec(name=n) for n in DEFAULT_MANIPULATIONS], min_length=1
    )
    per_story: int = Field(1, ge=1, le=4)
    candidates: int = Field(6, ge=1, le=100)
    generator: dict[str, Any] = Field(default_factory=dict)
    extractor: dict[str, Any] = Field(default_factory=dict)
    filters: list[FilterSpec] = Field(default_factory=list)
    adversarial: AdversarialSpec = Field(default_factory=AdversarialSpec)

    _filters = field_validator("filters", mode="before")(_as_filters)

    @field_validator("adversarial", mode="before")
    @classmethod
    def _adversarial(cls, v: Any) -> Any:
        return {"enabled": v} if isinstance(v, bool) else v

    @field_validator("manipulations", mode="before")
    @classmethod
    def _manipulations(cls, v: Any) -> Any:
        if isinstance(v, (str, Mapping)):
            v = [v]
        return [_as_manipulation(x) for x in v] if isinstance(v, (list, tuple)) else v

    @field_validator("manipulations")
    @classmethod
    def _buildable(cls, v: list[ManipulationSpec]) -> list[ManipulationSpec]:
        from ..errors import UserError

        for m in v:
            try:
                m.build()
            except UserError as exc:
                raise spec_error("manipulation_param", str(exc)) from None
        return v

    @field_validator("generator")
    @classmethod
    def _generator_ok(cls, v: dict[str, Any]) -> dict[str, Any]:
        from ..plot.generate import PlotToStory

        _check_params("generator (PlotToStory)", PlotToStory, v, skip=_FIXED)
        try:
            PlotToStory(**v)
        except (TypeError, ValueError) as exc:
            raise spec_error("generator_param", f"generator: {exc}") from None
        return v

    @field_validator("extractor")
    @classmethod
    def _extractor_ok(cls, v: dict[str, Any]) -> dict[str, Any]:
        from ..plot.extract import PlotExtractor

        _check_params("extractor (PlotExtractor)", PlotExtractor, v, skip=("annotator", "head_pos"))
        return v

    def with_generator(self, model: str | None = None, **params: Any) -> PlotStorySpec:
        """A copy generating with ``model`` (a path or hub name; a local seq2seq model's architecture
        is read from its ``config.json``) and ``params`` replacing generator parameters: what
        ``perturbkit augment --generator PATH --generator-param KEY=VALUE`` does (validated)."""
        import json
        from pathlib import Path

        gen = {**self.generator, **params}
        if model is not None:
            gen["model"] = model
            config = Path(model) / "config.json"
            if config.is_file() and "architecture" not in params:
                seq2seq = bool(json.loads(config.read_text(encoding="utf-8")).get("is_encoder_decoder"))
                gen["architecture"] = "seq2seq" if seq2seq else "causal"
        return PlotStorySpec(**{**self.model_dump(), "generator": gen})

    def build_generator(self) -> Any:
        """The :class:`PlotToStory` this section describes (``candidates`` sequences, sampled)."""
        from ..plot.generate import PlotToStory

        return PlotToStory(**{**self.generator, "num_return_sequences": self.candidates, "do_sample": True})

    def build_extractor(self) -> Any:
        from ..plot.extract import PlotExtractor

        return PlotExtractor(**self.extractor)
