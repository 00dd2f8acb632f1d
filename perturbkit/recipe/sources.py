"""Reading the stories of an augment run, lazily, by extension: JSONL, CSV, TSV, Parquet, a Hugging
Face dataset directory (``datasets.save_to_disk``), and every format of :data:`perturbkit.registry.readers`
(``roc``, ``wp``, ...).

A :class:`Source` can be read several times (a check pass, the fitting stories, the run itself);
each pass yields ``(where, Example)`` with ``where`` naming the file and line or row, so errors can
point at it. :meth:`Source.check` finds duplicate ids and malformed lines before any work.

>>> src = Source("stories.jsonl")          # doctest: +SKIP
>>> report = src.check()                   # doctest: +SKIP
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..example import Example
from ..io import Columns

__all__ = ["Checked", "Source", "input_format"]

_SHOWN = 5  # duplicate ids named in an error


def input_format(path: Path, fmt: str | None = None) -> str:
    """``jsonl``, ``parquet``, ``hf`` (a dataset directory) or a registered reader's name."""
    if fmt:
        return fmt.lower()
    if path.is_dir():
        return "hf"
    if path.suffix.lower() in (".parquet", ".pq"):
        return "parquet"
    from ..io import format_for_suffix

    found = format_for_suffix(path.suffix)
    if found is None:
        raise InputError(f"{path}: cannot tell the format from {path.suffix or 'no extension'!r}; give --format")
    return found


@dataclass
class Checked:
    """What a check pass found: stories, duplicate ids dropped (with ``dedupe``), bad lines skipped."""

    stories: int = 0
    duplicates: int = 0
    bad_lines: list[str] = field(default_factory=list)


@dataclass
class Source:
    """The stories of ``path`` (format by extension unless ``fmt``), the first ``limit`` of them.
    ``skip_bad`` skips malformed JSONL lines (counted); ``dedupe`` keeps the first story of an id."""

    path: str | os.PathLike[str]
    fmt: str | None = None
    columns: Columns = field(default_factory=Columns)
    limit: int | None = None
    skip_bad: bool = False
    dedupe: bool = False
    split: str | None = None
    #: the ids :meth:`check` found more than once (None before a check): :meth:`read` then keeps
    #: only those ids, not a set of every id (which grew with the input)
    _repeated: frozenset[str] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.path = Path(self.path)
        if not self.path.exists():
            raise InputError(f"{self.path}: no such file or directory")
        self.format = input_format(self.path, self.fmt)

    # -------------------------------------------------------------------------------------------
    def _rows(self, bad: list[str] | None) -> Iterator[tuple[str, Example]]:
        path = Path(self.path)
        if self.format == "jsonl":
            yield from self._jsonl(path, bad)
        elif self.format == "parquet":
            yield from self._parquet(path)
        elif self.format == "hf":
            yield from self._hf(path)
        else:
            from .. import registry

            try:
                reader = registry.readers.get(self.format)
            except (registry.UnknownName, registry.PluginFailed) as exc:
                raise InputError(f"{path}: unknown format {self.format!r} ({exc})") from None
            yield from reader(path, self.columns)

    def _jsonl(self, path: Path, bad: list[str] | None) -> Iterator[tuple[str, Example]]:
        from ..io import _row_to_example

        with open(path, encoding="utf-8") as f:
            for lineno, line in enumerate(f, 1):
                if not line.strip():
                    continue
                where = f"{path}:{lineno}"
                try:
                    obj = json.loads(line)
                    if not isinstance(obj, dict):
                        raise InputError(f"{where}: expected a JSON object, got {type(obj).__name__}")
                    ex = _row_to_example(obj, self.columns, where)
                except (json.JSONDecodeError, InputError) as exc:
                    msg = f"{where}: malformed JSON ({exc.msg})" if isinstance(exc, json.JSONDecodeError) else str(exc)
                    if not self.skip_bad:
                        raise InputError(f"{msg} (--skip-bad skips such lines)") from None
                    if bad is not None:
                        bad.append(msg)
                    continue
                yield where, ex

    def _parquet(self, path: Path) -> Iterator[tuple[str, Example]]:
        import pyarrow.parquet as pq

        from ..io import _row_to_example

        n = 0
        for batch in pq.ParquetFile(path).iter_batches(batch_size=1024):
            for row in batch.to_pylist():
                n += 1
                where = f"{path}: row {n}"
                yield where, _row_to_example(row, self.columns, where)

    def _hf(self, path: Path) -> Iterator[tuple[str, Example]]:
        import datasets

        from ..io import _row_to_example

        ds = datasets.load_from_disk(str(path))
        if isinstance(ds, datasets.DatasetDict):
            split = self.split or ("train" if "train" in ds else None)
            if split not in ds:
                raise InputError(f"{path}: a dataset with splits {sorted(ds)}; name one (input: {{split: ...}})")
            ds = ds[split]
        for n, row in enumerate(ds, 1):
            where = f"{path}: row {n}"
            yield where, _row_to_example(row, self.columns, where)

    # -------------------------------------------------------------------------------------------
    def read(self, bad: list[str] | None = None) -> Iterator[tuple[str, Example]]:
        """``(where, Example)`` for each story, duplicates dropped with ``dedupe``, up to ``limit``."""
        seen: set[str] = set()
        watch = self._repeated
        n = 0
        for where, ex in self._rows(bad):
            if self.limit is not None and n >= self.limit:
                return
            if watch is None or ex.id in watch:
                if ex.id in seen:
                    if self.dedupe:
                        continue
                    raise InputError(f"{where}: duplicate id {ex.id!r} (--dedupe keeps the first)")
                seen.add(ex.id)
            n += 1
            yield where, ex

    def check(self) -> Checked:
        """Read everything once (no parsing): the story count, and every duplicate id and malformed
        line named in one error before any work (or counted with ``dedupe``/``skip_bad``)."""
        out = Checked()
        first: dict[str, str] = {}
        dups: list[str] = []
        repeated: set[str] = set()
        for where, ex in self._rows(out.bad_lines):
            if self.limit is not None and out.stories >= self.limit:
                break
            if ex.id in first:
                out.duplicates += 1
                repeated.add(ex.id)
                if len(dups) < _SHOWN:
                    dups.append(f"{ex.id!r} ({first[ex.id]} and {where})")
                continue
            first[ex.id] = where
            out.stories += 1
        if out.duplicates and not self.dedupe:
            more = f" and {out.duplicates - len(dups)} more" if out.duplicates > len(dups) else ""
            raise InputError(
                f"{self.path}: {out.duplicates} duplicate id(s): {', '.join(dups)}{more}; "
                "give every story its own id, or --dedupe to keep the first"
            )
        self._repeated = frozenset(repeated)
        return out

    def stories(self) -> Iterator[Example]:
        for _, ex in self.read():
            yield ex

    def describe(self) -> dict[str, Any]:
        return {"path": str(Path(self.path).resolve()), "format": self.format, "limit": self.limit}
