"""Examples to and from pandas DataFrames and Hugging Face ``datasets.Dataset`` (imported only when
called)."""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import InputError
from ..example import Example
from ..io import Columns, _row_to_example


def _plain(v: Any) -> Any:
    """NaN -> None and numpy scalars/arrays -> Python values, so Examples stay JSON-serialisable."""
    if isinstance(v, float) and math.isnan(v) or type(v).__name__ in ("NAType", "NaTType"):
        return None
    if hasattr(v, "item") and getattr(v, "ndim", 0) == 0 and type(v).__module__ == "numpy":
        v = v.item()
        return None if isinstance(v, float) and math.isnan(v) else v
    if hasattr(v, "tolist") and type(v).__module__ == "numpy":
        return v.tolist()
    return v


def _rows_to_examples(rows: Iterable[tuple[str, Mapping[str, Any]]], cols: Columns) -> list[Example]:
    out: list[Example] = []
    seen: dict[str, str] = {}
    for where, row in rows:
        row = {str(k): _plain(v) for k, v in row.items()}
        for key in ("meta", "edits"):
            if isinstance(row.get(key), str):  # JSON-encoded by to_hf_dataset
                try:
                    row[key] = json.loads(row[key])
                except json.JSONDecodeError as exc:
                    raise InputError(f"{where}: column {key!r} is not valid JSON ({exc.msg})") from None
        ex = _row_to_example(row, cols, where)
        if ex.id in seen:
            raise InputError(f"{where}: duplicate example id {ex.id!r} (first at {seen[ex.id]})")
        seen[ex.id] = where
        out.append(ex)
    return out


def from_dataframe(df: Any, columns: Columns | None = None) -> list[Example]:
    """Examples from a pandas DataFrame (columns as in :class:`perturbkit.io.Columns`; others go to meta)."""
    if not hasattr(df, "to_dict") or not hasattr(df, "index"):
        raise TypeError(f"from_dataframe expects a pandas DataFrame, got {type(df).__name__}")
    records = df.to_dict("records")
    return _rows_to_examples(((f"DataFrame row {idx!r}", r) for idx, r in zip(df.index, records)), columns or Columns())


def from_hf_dataset(ds: Any, columns: Columns | None = None) -> list[Example]:
    """Examples from a Hugging Face ``datasets.Dataset`` (pick a split first from a DatasetDict)."""
    if isinstance(ds, Mapping):
        raise TypeError(
            f"from_hf_dataset expects one split, got a DatasetDict with splits {sorted(ds)}; "
            f"pass e.g. ds[{sorted(ds)[0]!r}]"
        )
    name = getattr(getattr(ds, "info", None), "dataset_name", None) or "dataset"
    return _rows_to_examples(((f"{name} row {i}", r) for i, r in enumerate(ds)), columns or Columns())


def _records(examples: Iterable[Example]) -> list[dict[str, Any]]:
    return [
        {
            "id": ex.id,
            "text": ex.text,
            "context": ex.context,
            "reference": ex.reference,
            "meta": dict(ex.meta),
            "parent_id": ex.parent_id,
            "edits": [e.to_dict() for e in ex.edits],
        }
        for ex in examples
    ]


def to_dataframe(examples: Iterable[Example]) -> Any:
    """Examples as a DataFrame (id, text, context, reference, meta, parent_id, edits); inverse of
    :func:`from_dataframe`."""
    import pandas as pd

    return pd.DataFrame(
        _records(examples), columns=["id", "text", "context", "reference", "meta", "parent_id", "edits"]
    )


def to_hf_dataset(examples: Iterable[Example]) -> Any:
    """Examples as a ``datasets.Dataset``; ``meta`` and ``edits`` are JSON strings because Arrow needs one
    schema per column and stories' meta differ. Inverse of :func:`from_hf_dataset`."""
    import datasets

    recs = _records(examples)
    for r in recs:
        r["meta"] = json.dumps(r["meta"], ensure_ascii=False)
        r["edits"] = json.dumps(r["edits"], ensure_ascii=False)
    names = ["id", "text", "context", "reference", "meta", "parent_id", "edits"]
    features = datasets.Features({n: datasets.Value("string") for n in names})
    return datasets.Dataset.from_dict({n: [r[n] for r in recs] for n in names}, features=features)
