"""JSON reports: everything (per-example scores, provenance, statistics, verdicts), written
atomically. :meth:`Report.to_json <perturbkit.report.Report.to_json>` and
:meth:`Report.load <perturbkit.report.Report.load>` do the same.

(Named ``jsonreport`` so that it does not shadow the standard ``json`` module.)
"""

from __future__ import annotations

import json
import os

from ..io import _json_default, write_json
from .model import Report

__all__ = ["dumps", "read_report", "write_report"]


def write_report(report: Report, path: str | os.PathLike[str]) -> None:
    """Write ``report`` to ``path`` as indented JSON (temp file + rename: never half a file)."""
    write_json(path, report.to_dict())


def dumps(report: Report, indent: int | None = 2) -> str:
    """The report as a JSON string (what ``perturbkit run --print json`` shows)."""
    return json.dumps(report.to_dict(), ensure_ascii=False, indent=indent, default=_json_default)


def read_report(path: str | os.PathLike[str]) -> Report:
    """Load a report written by :func:`write_report`; malformed files raise InputError naming them."""
    return Report.load(path)
