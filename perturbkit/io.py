"""Reading stories into Examples and writing results atomically.

Formats are chosen by extension unless ``fmt`` is given: ``.jsonl`` (one JSON object per line),
``.csv``/``.tsv`` (header row; column names configurable), ``.txt`` (one story per line), and the
released story formats of :mod:`perturbkit.readers`; all of them, and plugins' formats, are found
through :data:`perturbkit.registry.readers`.
Errors name the file and line (bad UTF-8 included: line, column and byte offset). Writes go to a
temporary file in the same folder and are renamed, so a crash never leaves half a file
(:mod:`perturbkit.outputs`: links are written through, devices and pipes directly).

>>> exs = read_examples("examples/stories.jsonl")  # doctest: +SKIP
"""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import registry
from .errors import InputError
from .example import Example
from .outputs import atomic_open, check_output_paths
from .textfiles import utf8_error

__all__ = [
    "Columns",
    "InputError",
    "Reader",
    "atomic_open",
    "check_output_paths",
    "format_for_suffix",
    "iter_jsonl",
    "read_examples",
    "register_reader",
    "write_examples",
    "write_json",
]


@dataclass
class Columns:
    """Which fields hold what. ``text`` may list alternatives, tried in order."""

    text: tuple[str, ...] = ("text", "story")
    id: str = "id"
    context: tuple[str, ...] = ("context", "prompt")
    reference: tuple[str, ...] = ("reference",)

    @classmethod
    def make(
        cls, text: str | None = None, id: str | None = None, context: str | None = None, reference: str | None = None
    ) -> Columns:
        c = cls()
        return cls(
            text=(text,) if text else c.text,
            id=id or c.id,
            context=(context,) if context else c.context,
            reference=(reference,) if reference else c.reference,
        )


def _pick(row: dict[str, Any], names: tuple[str, ...]) -> Any:
    for n in names:
        if n in row and row[n] not in (None, ""):
            return row[n]
    return None


def _row_to_example(row: dict[str, Any], cols: Columns, where: str, required_text: bool = True) -> Example:
    text = _pick(row, cols.text)
    if text is None:
        if required_text:
            have = ", ".join(sorted(row)) or "none"
            raise InputError(f"{where}: no text column ({' or '.join(cols.text)}); columns present: {have}")
        text = ""
    if not isinstance(text, str):
        raise InputError(f"{where}: text must be a string, got {type(text).__name__}")
    known = set(cols.text) | set(cols.context) | set(cols.reference) | {cols.id, "meta", "edits", "parent_id"}
    meta = dict(row.get("meta") or {}) if isinstance(row.get("meta"), dict) else {}
    meta.update({k: v for k, v in row.items() if k not in known})
    ctx = _pick(row, cols.context)
    ref = _pick(row, cols.reference)
    d = {
        "text": text,
        "id": str(row.get(cols.id) or ""),
        "context": ctx,
        "reference": ref,
        "meta": meta,
        "edits": row.get("edits") or (),
        "parent_id": row.get("parent_id"),
    }
    try:
        return Example.from_dict(d)
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"{where}: {exc}") from exc


def iter_jsonl(path: str | os.PathLike[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, object) for each non-blank line; malformed lines raise InputError."""
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"{path}:{lineno}: malformed JSON ({exc.msg} at column {exc.colno})") from None
            if not isinstance(obj, dict):
                raise InputError(f"{path}:{lineno}: expected a JSON object, got {type(obj).__name__}")
            yield lineno, obj


def read_examples(
    path: str | os.PathLike[str], fmt: str | None = None, *, columns: Columns | None = None, limit: int | None = None
) -> list[Example]:
    """Read stories from a file into Examples (format from the extension unless ``fmt`` given)."""
    path = Path(path)
    if not path.exists():
        raise InputError(f"{path}: no such file")
    fmt = (fmt or format_for_suffix(path.suffix) or "").lower()
    try:
        reader = registry.readers.get(fmt)
    except registry.PluginFailed as exc:
        raise InputError(f"{path}: {exc}") from None
    except registry.UnknownName:
        raise InputError(
            f"{path}: unknown format {fmt or path.suffix!r}; use one of {', '.join(registry.readers.names())}"
        ) from None
    out: list[Example] = []
    seen: dict[str, str] = {}
    try:
        for where, ex in reader(path, columns or Columns()):
            if ex.id in seen:
                raise InputError(f"{where}: duplicate example id {ex.id!r} (first at {seen[ex.id]})")
            seen[ex.id] = where
            out.append(ex)
            if limit is not None and len(out) >= limit:
                break
    except UnicodeDecodeError as exc:  # any reader, plugins' too: name the file, line and byte
        raise utf8_error(exc, [path]) from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory, not a stories file") from None
    return out


def format_for_suffix(suffix: str) -> str | None:
    """The reader name claiming a file extension (``".jsonl"`` -> ``"jsonl"``); built-ins win over
    plugins, then names in alphabetical order. None when no reader claims it."""
    suffix = suffix.lower()
    found = [
        (registry.readers.origin(name) != registry.BUILTIN, name)
        for name, reader in registry.readers.all().items()
        if suffix in (s.lower() for s in getattr(reader, "suffixes", ()) or ())
    ]
    return min(found)[1] if found else None


def _read_jsonl(path: Path, cols: Columns) -> Iterator[tuple[str, Example]]:
    for lineno, obj in iter_jsonl(path):
        where = f"{path}:{lineno}"
        yield where, _row_to_example(obj, cols, where)


def _read_delimited(path: Path, cols: Columns, delimiter: str) -> Iterator[tuple[str, Example]]:
    with open(path, encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f, delimiter=delimiter)
        if reader.fieldnames is None:
            return
        if not any(c in reader.fieldnames for c in cols.text):
            raise InputError(
                f"{path}:1: no text column ({' or '.join(cols.text)}); header has: {', '.join(reader.fieldnames)}"
            )
        for row in reader:
            where = f"{path}:{reader.line_num}"
            if None in row:
                raise InputError(f"{where}: more fields than the header has")
            yield where, _row_to_example(row, cols, where)


def _read_txt(path: Path, cols: Columns) -> Iterator[tuple[str, Example]]:
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if line.strip():
                yield f"{path}:{lineno}", Example(line, id=f"{path.stem}-{lineno}")


#: What a reader yields: (location for error messages, Example) pairs.
Located = Iterator[tuple[str, Example]]


@dataclass(frozen=True)
class Reader:
    """A named input format: ``read(path, columns)`` yields ``(location, Example)`` pairs, and files
    ending in one of ``suffixes`` use it when no format is given. Registered in
    :data:`perturbkit.registry.readers` (built-ins, :func:`register_reader`, or the entry-point group
    ``perturbkit.readers``); any callable with an optional ``suffixes`` attribute works as well.

    >>> TXT.suffixes
    ('.txt',)
    """

    read: Callable[[Path, Columns], Iterator[tuple[str, Example]]]
    suffixes: tuple[str, ...] = ()

    def __call__(self, path: Path, columns: Columns) -> Iterator[tuple[str, Example]]:
        return self.read(path, columns)


def _read_csv(path: Path, cols: Columns) -> Iterator[tuple[str, Example]]:
    return _read_delimited(path, cols, ",")


def _read_tsv(path: Path, cols: Columns) -> Iterator[tuple[str, Example]]:
    return _read_delimited(path, cols, "\t")


JSONL = Reader(_read_jsonl, (".jsonl", ".ndjson"))
CSV = Reader(_read_csv, (".csv",))
TSV = Reader(_read_tsv, (".tsv",))
TXT = Reader(_read_txt, (".txt",))


def register_reader(
    fmt: str, reader: Callable[[Path, Columns], Iterator[tuple[str, Example]]], suffixes: Iterable[str] = ()
) -> None:
    """Add a reader: a function ``(path, columns) -> iterator of (location, Example)``, used for
    ``fmt`` and for files ending in one of ``suffixes``. A name already taken raises
    :class:`perturbkit.registry.DuplicateName`."""
    registry.readers.register(fmt, Reader(reader, tuple(suffixes)) if suffixes else reader)


def write_examples(path: str | os.PathLike[str], examples: Iterable[Example]) -> int:
    """Write Examples (with edits and provenance) as JSONL, atomically; returns the count."""
    n = 0
    with atomic_open(path) as f:
        for ex in examples:
            f.write(json.dumps(ex.to_dict(), ensure_ascii=False) + "\n")
            n += 1
    return n


def write_json(path: str | os.PathLike[str], obj: Any) -> None:
    """Write JSON atomically (indent 2, UTF-8)."""
    with atomic_open(path) as f:
        json.dump(obj, f, ensure_ascii=False, indent=2, default=_json_default)
        f.write("\n")


def _json_default(o: Any) -> Any:
    if hasattr(o, "to_dict"):
        return o.to_dict()
    if hasattr(o, "item"):  # numpy scalars
        return o.item()
    if hasattr(o, "tolist"):
        return o.tolist()
    if isinstance(o, (set, frozenset, tuple)):
        return list(o)
    if isinstance(o, Path):
        return str(o)
    raise TypeError(f"not JSON serialisable: {type(o).__name__}")
