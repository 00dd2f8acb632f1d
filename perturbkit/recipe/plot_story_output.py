"""Stage 2 of a ``plot_story`` run: adversarial filtering over every story's candidates, then the
output records (the usual fields plus ``plot``, the provenance), written atomically.

A negative's record::

    {"id": "s1|plot_story.0", "source_id": "s1", "parent_id": "s1", "set": "plot_story", "label": 0,
     "text": "...", "context": null, "transform": "plot_logic_reorder>>plot_to_story",
     "params": [{...manipulation...}, {...generator...}], "edits": [], "seed": 0,
     "perturbkit_version": "...",
     "plot": {"original": "...", "manipulated": "...", "manipulations": [{"transform", "op",
              "sentence", "item", "before", "after", "note"}], "generator": {"model": ..., "settings": {...}},
              "coverage": 0.83, "candidate": 4, "p_human": 0.41}}
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..filters.adversarial import AFRound as PlotRound
from .definition import Recipe
from .sinks import convert, dumps

__all__ = ["PlotRound", "committee_features", "write_output"]

#: Extra record field (after the usual ones): the plot provenance.
EXTRA = ("plot",)


def committee_features(name: str) -> Any:
    """The featurizer a recipe's ``adversarial.features`` names."""
    from ..filters.af_features import StoryFeatures, lexical_features

    if name == "lexical":
        return lexical_features
    return StoryFeatures(lm=name == "minilm+lm")


def _filter(recipe: Recipe, lines: Sequence[dict[str, Any]], keep: int | None) -> tuple[dict[str, Any], Any]:
    """Per story id, the kept candidate indices (and P(human) where filtered); the AF result or None."""
    from ..filters.adversarial import AdversarialFilter

    spec = recipe.plot_story
    assert spec is not None
    with_cands = [ln for ln in lines if ln.get("candidates")]
    af_spec = spec.adversarial
    if not af_spec.enabled:
        n = keep or af_spec.keep
        return {ln["id"]: [(j, None) for j in range(min(n, len(ln["candidates"])))] for ln in with_cands}, None
    af = AdversarialFilter(
        keep=keep or af_spec.keep,
        max_rounds=af_spec.max_rounds,
        features=committee_features(af_spec.features),
        seed=recipe.seed if af_spec.seed is None else af_spec.seed,
    )
    res = af([ln["text"] for ln in lines], [[c["text"] for c in ln.get("candidates") or []] for ln in lines])
    chosen = {
        ln["id"]: [(j, round(float(res.scores[i][j]), 6)) for j in res.chosen[i]]
        for i, ln in enumerate(lines)
        if res.chosen[i]
    }
    return chosen, res


def _generator_info(recipe: Recipe) -> tuple[dict[str, Any], dict[str, Any]]:
    """The generator's parameters (the record's last ``params`` entry) and its identity and settings."""
    from ..resources.models import model_label

    spec = recipe.plot_story
    assert spec is not None
    gen = spec.build_generator()
    params = dict(gen.params())
    return params, {"model": model_label(gen.model), "architecture": gen.architecture, "settings": gen.settings()}


def write_output(
    recipe: Recipe, lines: Sequence[dict[str, Any]], out: Path, keep: int | None = None
) -> tuple[int, int, tuple[PlotRound, ...], bool | None]:
    """Filter and write ``out`` from stage 1's ``lines`` (input order): records written, negatives
    kept, the AF rounds, whether it converged (None without filtering)."""
    from .. import __version__

    spec = recipe.plot_story
    assert spec is not None
    chosen, res = _filter(recipe, lines, keep)
    gen_params, gen_info = _generator_info(recipe)
    manip_params = {m.name: m.build().params() for m in spec.manipulations}
    labels = recipe.labels
    label_original, label_variant = (labels.original, labels.variant) if labels else (1, 0)
    tmp = out.with_name(f".{out.name}.tmp-{os.getpid()}.jsonl")
    records = kept = 0
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            for ln in lines:
                base = {"source_id": ln["id"], "context": ln["context"], "edits": [], "seed": recipe.seed}
                if recipe.keep_originals:
                    f.write(dumps(_record(ln["id"], None, recipe.name, label_original, ln["text"], base, __version__)))
                    records += 1
                for k, (j, p_human) in enumerate(chosen.get(ln["id"], ())):
                    cand = ln["candidates"][j]
                    rec = _record(
                        f"{ln['id']}|{recipe.name}.{k}",
                        ln["id"],
                        recipe.name,
                        label_variant,
                        cand["text"],
                        base,
                        __version__,
                    )
                    rec["transform"] = ">>".join([*ln["applied"], "plot_to_story"])
                    rec["params"] = [manip_params[a] for a in ln["applied"]] + [gen_params]
                    rec["plot"] = {
                        "original": ln["plot"],
                        "manipulated": ln["manipulated"],
                        "manipulations": ln["manipulations"],
                        "generator": gen_info,
                        "coverage": cand["coverage"],
                        "candidate": j,
                        "p_human": p_human,
                    }
                    f.write(dumps(rec))
                    records += 1
                    kept += 1
        if out.suffix.lower() == ".jsonl":
            os.replace(tmp, out)
        else:
            int_labels = all(isinstance(x, int) and not isinstance(x, bool) for x in (label_original, label_variant))
            convert(tmp, out, int_labels=int_labels, extra=EXTRA)
    finally:
        if tmp.exists():
            tmp.unlink()
    rounds = tuple(res.rounds) if res is not None else ()
    return records, kept, rounds, (res.converged if res is not None else None)


def _record(
    rid: str, parent: str | None, set_name: str, label: Any, text: str, base: dict[str, Any], version: str
) -> dict[str, Any]:
    """A record with the usual fields in their order (docs/augment.md)."""
    return {
        "id": rid,
        "source_id": base["source_id"],
        "parent_id": parent,
        "set": set_name,
        "label": label,
        "text": text,
        "context": base["context"],
        "transform": None,
        "params": None,
        "edits": base["edits"],
        "seed": base["seed"],
        "perturbkit_version": version,
    }
