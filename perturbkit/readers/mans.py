"""OpenMEVA MANS JSON (``{id: {"prompt", "gold_response", "gen": {model: {"text", "score"}}}}``) and
plain ``.json`` story lists: one Example per generated story, ids ``<input id>/<model>``."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..example import Example
from ..io import Columns, Located, _row_to_example


def _mean_rating(score: Any) -> float | None:
    """Mean of a list of numeric ratings; None when missing, empty or not all finite numbers."""
    if not isinstance(score, (list, tuple)) or not score:
        return None
    if not all(isinstance(s, (int, float)) and not isinstance(s, bool) and math.isfinite(s) for s in score):
        return None
    return sum(score) / len(score)


def _iter_mans(path: Path, data: Mapping[str, Any]) -> Located:
    for rid, rec in data.items():
        where = f"{path}: record {rid!r}"
        if not isinstance(rec, dict):
            raise InputError(
                f"{where}: expected an object with 'prompt', 'gold_response' and 'gen', got {type(rec).__name__}"
            )
        gen = rec.get("gen")
        if not isinstance(gen, dict):
            raise InputError(f"{where}: missing 'gen' object ({{model: {{'text', 'score'}}}})")
        prompt, gold = rec.get("prompt"), rec.get("gold_response")
        for (
            name,
            val,
        ) in (("prompt", prompt), ("gold_response", gold)):
            if val is not None and not isinstance(val, str):
                raise InputError(f"{where}: '{name}' must be a string, got {type(val).__name__}")
        for model, g in gen.items():
            gwhere = f"{where}, model {model!r}"
            if not isinstance(g, dict) or not isinstance(g.get("text"), str):
                raise InputError(f"{gwhere}: expected {{'text': str, 'score': [numbers]}}")
            score = g.get("score")
            meta = {
                "system": model,
                "rating": _mean_rating(score),
                "ratings": list(score) if isinstance(score, (list, tuple)) else score,
                "input_id": str(rid),
            }
            yield (
                gwhere,
                Example(g["text"], id=f"{rid}/{model}", context=prompt or None, reference=gold or None, meta=meta),
            )


def _load_json(path: Path) -> Any:
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}:{exc.lineno}: malformed JSON ({exc.msg} at column {exc.colno})") from None


def _read_mans(path: Path, cols: Columns) -> Located:
    data = _load_json(path)
    if not isinstance(data, dict):
        raise InputError(f"{path}: MANS JSON must be an object {{id: record}}, got {type(data).__name__}")
    yield from _iter_mans(path, data)


def _looks_like_mans(data: Any) -> bool:
    return isinstance(data, dict) and bool(data) and all(isinstance(v, dict) and "gen" in v for v in data.values())


def _read_json(path: Path, cols: Columns) -> Located:
    """A ``.json`` file: MANS when its records have "gen", else a list of story objects."""
    data = _load_json(path)
    if _looks_like_mans(data):
        yield from _iter_mans(path, data)
        return
    if not isinstance(data, list):
        raise InputError(
            f"{path}: expected a JSON list of story objects or OpenMEVA MANS records "
            f"({{id: {{'prompt', 'gold_response', 'gen'}}}})"
        )
    for i, row in enumerate(data):
        where = f"{path}: item {i}"
        if not isinstance(row, dict):
            raise InputError(f"{where}: expected a JSON object, got {type(row).__name__}")
        yield where, _row_to_example(row, cols, where)


def read_mans(path: str | os.PathLike[str]) -> list[Example]:
    """OpenMEVA MANS JSON: one Example per generated story, mean human rating in ``meta["rating"]``."""
    from ..io import read_examples

    return read_examples(path, fmt="mans")
