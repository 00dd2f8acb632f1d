"""JSON reports: everything (per-example scores, provenance, statistics), written atomically.

(Named ``jsonreport`` so that it does not shadow the standard ``json`` module.)
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING

from ..errors import InputError
from ..io import write_json

if TYPE_CHECKING:
    from . import Report


def write_report(report: Report, path: str | os.PathLike[str]) -> None:
    """Write ``report`` to ``path`` as indented JSON (temp file + rename: never half a file)."""
    write_json(path, report.to_dict())


def dumps(report: Report, indent: int | None = 2) -> str:
    """The report as a JSON string (what ``perturbkit run --print json`` shows)."""
    from ..io import _json_default

    return json.dumps(report.to_dict(), ensure_ascii=False, indent=indent, default=_json_default)


def read_report(path: str | os.PathLike[str]) -> Report:
    """Load a report written by :func:`write_report`; malformed files raise InputError naming them."""
    from ..textfiles import read_text
    from . import Report

    try:
        data = json.loads(read_text(path))  # bad UTF-8: InputError with line and byte offset
    except FileNotFoundError:
        raise InputError(f"{path}: no such report file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory, not a report file") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}:{exc.lineno}: malformed JSON ({exc.msg})") from None
    if not isinstance(data, dict) or "suite" not in data or "tests" not in data:
        raise InputError(f"{path}: not a perturbkit report (no 'suite' and 'tests' keys)")
    try:
        return Report.from_dict(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"{path}: malformed report ({type(exc).__name__}: {exc})") from None
