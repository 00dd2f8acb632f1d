"""Writing augment records: one JSON line per record while running (the work file, resumable), turned
into the output's format at the end (by extension: ``.jsonl`` is the work file itself; ``.csv``,
``.tsv``, ``.parquet``, or a directory for a Hugging Face dataset, ``datasets.save_to_disk``).

In the tabular formats ``params`` and ``edits`` are JSON strings (their shape differs per transform).
Conversions read the work file in batches and write to a temporary path renamed at the end, so
memory stays flat and a crash never leaves half an output.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import OutputError

__all__ = ["FIELDS", "convert", "dumps", "output_format", "work_path"]

FIELDS = (
    "id",
    "source_id",
    "parent_id",
    "set",
    "label",
    "text",
    "context",
    "transform",
    "params",
    "edits",
    "seed",
    "perturbkit_version",
)
_NESTED = ("params", "edits")
_BATCH = 2048


def dumps(record: dict[str, Any]) -> str:
    """One JSON line (field order fixed, UTF-8 kept): the same record gives the same bytes."""
    return json.dumps(record, ensure_ascii=False, separators=(", ", ": ")) + "\n"


def output_format(path: Path) -> str:
    """``jsonl``, ``csv``, ``tsv``, ``parquet`` or ``hf`` (a path without a known extension)."""
    suffix = path.suffix.lower()
    formats = {".jsonl": "jsonl", ".csv": "csv", ".tsv": "tsv", ".parquet": "parquet", ".pq": "parquet"}
    if suffix in formats:
        return formats[suffix]
    if suffix in ("", ".hf", ".arrow") or path.is_dir():
        return "hf"
    raise OutputError(f"{path}: unknown output format {suffix!r} (use .jsonl, .csv, .tsv, .parquet or a directory)")


def work_path(output: Path) -> Path:
    """Where records go while running: the output itself for JSONL, else ``<output>.partial.jsonl``."""
    return output if output_format(output) == "jsonl" else output.with_name(output.name + ".partial.jsonl")


def _flat(rec: dict[str, Any], extra: tuple[str, ...] = ()) -> dict[str, Any]:
    nested = _NESTED + extra
    return {k: (json.dumps(rec.get(k), ensure_ascii=False) if k in nested else rec.get(k)) for k in FIELDS + extra}


def _batches(work: Path, extra: tuple[str, ...] = ()) -> Iterator[list[dict[str, Any]]]:
    batch: list[dict[str, Any]] = []
    with open(work, encoding="utf-8") as f:
        for line in f:
            batch.append(_flat(json.loads(line), extra))
            if len(batch) >= _BATCH:
                yield batch
                batch = []
    if batch:
        yield batch


def convert(work: Path, output: Path, int_labels: bool = True, extra: tuple[str, ...] = ()) -> None:
    """Write ``output`` in its format from the JSONL ``work`` file (atomically); labels are a
    column of integers when ``int_labels``, else of strings. ``extra``: fields after :data:`FIELDS`
    (nested values, written as JSON strings, like ``params``)."""
    fmt = output_format(output)
    if fmt == "jsonl":
        return
    tmp = output.with_name(f".{output.name}.tmp-{os.getpid()}")
    try:
        if fmt in ("csv", "tsv"):
            _csv(work, tmp, "," if fmt == "csv" else "\t", extra)
        elif fmt == "parquet":
            _parquet(work, tmp, int_labels, extra)
        else:
            _hf(work, tmp, int_labels, extra)
        if output.is_dir():
            shutil.rmtree(output)
        os.replace(tmp, output)
    finally:
        if tmp.is_dir():
            shutil.rmtree(tmp, ignore_errors=True)
        elif tmp.exists():
            tmp.unlink()


def _csv(work: Path, tmp: Path, delimiter: str, extra: tuple[str, ...] = ()) -> None:
    import csv

    with open(tmp, "w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(FIELDS + extra), delimiter=delimiter)
        w.writeheader()
        for batch in _batches(work, extra):
            w.writerows(batch)


def _schema(int_labels: bool, extra: tuple[str, ...] = ()) -> Any:
    import pyarrow as pa

    types = {"seed": pa.int64(), "label": pa.int64() if int_labels else pa.string()}
    return pa.schema([(k, types.get(k, pa.string())) for k in FIELDS + extra])


def _table(batch: list[dict[str, Any]], int_labels: bool, extra: tuple[str, ...] = ()) -> Any:
    import pyarrow as pa

    if not int_labels:
        batch = [{**r, "label": None if r["label"] is None else str(r["label"])} for r in batch]
    return pa.Table.from_pylist(batch, schema=_schema(int_labels, extra))


def _parquet(work: Path, tmp: Path, int_labels: bool, extra: tuple[str, ...] = ()) -> None:
    import pyarrow.parquet as pq

    with pq.ParquetWriter(tmp, _schema(int_labels, extra)) as w:
        for batch in _batches(work, extra):
            w.write_table(_table(batch, int_labels, extra))


def _hf(work: Path, tmp: Path, int_labels: bool, extra: tuple[str, ...] = ()) -> None:
    import datasets

    cache = Path(tempfile.mkdtemp(prefix=".hf-cache-", dir=tmp.parent))
    try:

        def rows() -> Iterator[dict[str, Any]]:
            for batch in _batches(work, extra):
                yield from _table(batch, int_labels, extra).to_pylist()

        features = datasets.Features.from_arrow_schema(_schema(int_labels, extra))
        ds = datasets.Dataset.from_generator(rows, features=features, cache_dir=str(cache))
        ds.save_to_disk(str(tmp))
        del ds
    finally:
        shutil.rmtree(cache, ignore_errors=True)
