"""Reading text files as UTF-8 with errors that say where: file, line, column and byte offset.

Python's own ``UnicodeDecodeError`` names neither the file nor the line (only a position in some
internal buffer). Readers translate it with :func:`utf8_error`, which finds the first bad byte by
re-reading the file line by line (exact: a newline byte never occurs inside a UTF-8 sequence);
:func:`read_text` and :func:`decode_utf8` do the same for whole files and byte strings.

>>> decode_utf8(b"ok\\nbad \\xff here", "notes.txt")
Traceback (most recent call last):
perturbkit.errors.InputError: notes.txt:2: not valid UTF-8: byte 0xff at column 5 (byte offset 7); save the file as UTF-8 (e.g. iconv -f latin1 -t utf-8)
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .errors import InputError

__all__ = ["decode_utf8", "read_text", "utf8_error"]

_HINT = "save the file as UTF-8 (e.g. iconv -f latin1 -t utf-8)"


def _describe(source: str, line: int, line_bytes: bytes, start: int, end: int, offset: int) -> str:
    bad = line_bytes[start : max(end, start + 1)][:4]
    column = len(line_bytes[:start].decode("utf-8", "replace")) + 1
    shown = " ".join(f"0x{b:02x}" for b in bad)
    what = "byte" if len(bad) == 1 else "bytes"
    return f"{source}:{line}: not valid UTF-8: {what} {shown} at column {column} (byte offset {offset}); {_HINT}"


def decode_utf8(data: bytes, source: str) -> str:
    """``data`` decoded as UTF-8; an InputError naming ``source``, line, column and byte offset
    otherwise."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        line_end = data.find(b"\n", exc.start)
        line_bytes = data[line_start : line_end if line_end >= 0 else len(data)]
        line = data.count(b"\n", 0, exc.start) + 1
        msg = _describe(source, line, line_bytes, exc.start - line_start, exc.end - line_start, exc.start)
        raise InputError(msg) from None


def read_text(path: str | os.PathLike[str] | Any) -> str:
    """A whole file (a path or a package resource) as UTF-8 text; bad bytes raise InputError with
    the file, line and byte offset."""
    data = path.read_bytes() if hasattr(path, "read_bytes") else Path(path).read_bytes()
    return decode_utf8(data, str(path))


def _first_bad_byte(path: Path) -> str | None:
    """The message for the first invalid UTF-8 sequence in ``path``, or None if it decodes."""
    offset = 0
    with open(path, "rb") as f:
        for lineno, raw in enumerate(f, 1):
            try:
                raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                return _describe(str(path), lineno, raw, exc.start, exc.end, offset + exc.start)
            offset += len(raw)
    return None


def utf8_error(exc: UnicodeDecodeError, paths: Iterable[str | os.PathLike[str]]) -> InputError:
    """An InputError for ``exc``, raised while reading one of ``paths``: names the first file that
    does not decode, with line, column and byte offset.

    >>> try:                                              # doctest: +SKIP
    ...     rows = list(my_reader(path))
    ... except UnicodeDecodeError as exc:
    ...     raise utf8_error(exc, [path]) from None
    """
    paths = list(paths)
    for p in paths:
        try:
            found = _first_bad_byte(Path(p))
        except OSError:
            continue
        if found:
            return InputError(found)
    where = ", ".join(str(p) for p in paths) or "input"
    return InputError(f"{where}: not valid UTF-8 ({exc.reason}); {_HINT}")
