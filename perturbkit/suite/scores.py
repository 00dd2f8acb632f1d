"""Scores files: every case key of a cases file scored by one or more metrics, keyed so that any
tool can write one (docs/scaling.md, "Decoupled scoring"), and the report built from a cases file
and a scores file without generating or scoring again.

JSON lines, UTF-8. Only the score records are required::

    {"key": "<a case's key>", "metric": "lexical_diversity", "score": 0.82}

``perturbkit score`` also writes a header first (``{"format": "perturbkit-scores", "cases_sha256":
...}``: a scores file is refused with another cases file) and one metric record per metric
(``{"metric": name, "spec": ..., "identity": ...}``: what the report shows).

>>> report = report_from_scores("demo", "cases.jsonl", "scores.jsonl")  # doctest: +SKIP
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..report import Report
from .cases import CasesFile, read_cases
from .runner import build_result, finish_report
from .spec import load_suite

__all__ = ["FORMAT", "ScoresFile", "read_scores", "report_from_scores"]

FORMAT = "perturbkit-scores"
VERSION = 1
_MAX_SHOWN = 5


@dataclass
class ScoresFile:
    """A scores file read back: its header (None when the file has none), each metric's record
    (name, spec, identity; made up for metrics with score records only) and the scores by metric
    and key."""

    path: str
    header: dict[str, Any] | None = None
    metrics: dict[str, dict[str, Any]] = field(default_factory=dict)
    scores: dict[str, dict[str, float]] = field(default_factory=dict)

    def check_cases(self, cases: CasesFile) -> None:
        """Raise InputError when the header names another cases file than ``cases``."""
        want = (self.header or {}).get("cases_sha256")
        if want is not None and want != cases.sha256:
            raise InputError(
                f"{self.path}:1: these scores were made for another cases file (sha256 {str(want)[:12]}...) "
                f"than {cases.path} (sha256 {cases.sha256[:12]}...); score {cases.path} into a new scores file"
            )


def _score_value(rec: dict[str, Any], where: str) -> float:
    v = rec.get("score")
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise InputError(f"{where}: score of key {rec.get('key')!r} must be a number, got {v!r}")
    if not math.isfinite(v):
        raise InputError(f"{where}: score of key {rec.get('key')!r} is {v!r}, not a finite number")
    return float(v)


def read_scores(path: str | os.PathLike[str]) -> ScoresFile:
    """Read a scores file; malformed records, a non-finite score or one key scored twice with
    different values raise :class:`~perturbkit.errors.InputError` naming the file and line."""
    from ..io import iter_jsonl

    p = Path(path)
    if not p.is_file():
        raise InputError(f"{p}: no such scores file" + (" (it is a directory)" if p.is_dir() else ""))
    out = ScoresFile(str(p))
    for lineno, rec in iter_jsonl(p):
        where = f"{p}:{lineno}"
        if "format" in rec:
            if rec.get("format") != FORMAT or out.header is not None or out.scores or out.metrics:
                raise InputError(
                    f"{where}: a header ({rec.get('format')!r}) is only allowed on line 1 of a scores file"
                )
            if not isinstance(rec.get("version"), int) or rec["version"] > VERSION:
                raise InputError(
                    f"{where}: scores file version {rec.get('version')!r} is newer than this perturbkit reads"
                )
            out.header = rec
            continue
        metric = rec.get("metric")
        if not isinstance(metric, str) or not metric:
            raise InputError(f"{where}: a score record needs a 'metric' name (and a 'key' and a 'score')")
        if "key" not in rec:
            _metric_record(out, rec, metric, where)
            continue
        if not isinstance(rec["key"], str):
            raise InputError(f"{where}: 'key' must be a string (a case's key from the cases file)")
        value = _score_value(rec, where)
        table = out.scores.setdefault(metric, {})
        prev = table.get(rec["key"])
        if prev is not None and prev != value:
            raise InputError(f"{where}: key {rec['key']!r} has a second {metric!r} score ({value!r}; before: {prev!r})")
        table[rec["key"]] = value
        out.metrics.setdefault(metric, {"name": metric, "spec": metric, "identity": "external"})
    return out


def _metric_record(out: ScoresFile, rec: dict[str, Any], metric: str, where: str) -> None:
    """A metric record: the first one of a name wins; another identity under that name is an error."""
    if "identity" not in rec:
        raise InputError(
            f"{where}: a record with a 'metric' needs a 'key' and a 'score' (or, to describe it, an 'identity')"
        )
    info = {"name": metric, "spec": str(rec.get("spec") or metric), "identity": str(rec["identity"])}
    prev = out.metrics.get(metric)
    if prev is not None and prev["identity"] not in ("external", info["identity"]):
        raise InputError(
            f"{where}: metric {metric!r} is described twice with different identities "
            f"({prev['identity'][:60]!r} and {info['identity'][:60]!r}): two different metrics under one name"
        )
    if prev is None or prev["identity"] == "external":
        out.metrics[metric] = info


def report_from_scores(
    suite: Any,
    cases: str | os.PathLike[str] | CasesFile,
    scores: str | os.PathLike[str] | ScoresFile,
    *,
    metrics: Sequence[str] | None = None,
) -> Report:
    """The report of ``suite`` from a cases file (``perturbkit generate``) and a scores file (``perturbkit
    score``, or any tool), with the same statistics and verdicts as
    :func:`~perturbkit.suite.run_suite` gives on the data the cases were generated from.

    ``metrics`` picks metrics of the scores file by name (default: all of them, in file order). A
    case without a score, a scores file made for other cases, cases generated from another suite
    or a metric the scores file lacks raise :class:`~perturbkit.errors.InputError` naming the file,
    line or case."""
    suite = load_suite(suite)
    cf = cases if isinstance(cases, CasesFile) else read_cases(cases)
    cf.check_suite(suite)
    sf = scores if isinstance(scores, ScoresFile) else read_scores(scores)
    sf.check_cases(cf)
    if not sf.metrics:
        raise InputError(f"{sf.path}: no scores in it; score the cases with `perturbkit score {cf.path} --metric ...`")
    names = list(metrics) if metrics else list(sf.metrics)
    absent = [m for m in names if m not in sf.metrics]
    if absent:
        raise InputError(
            f"{sf.path}: no scores of metric {', '.join(repr(m) for m in absent)} "
            f"(it has: {', '.join(sf.metrics)}); score them with `perturbkit score {cf.path} --metric NAME --out {sf.path}`"
        )
    results = []
    for test in suite.tests:
        tc = cf.tests[test.name]
        for m in names:
            table = sf.scores.get(m, {})
            missing = [i for i, k in enumerate(tc.keys) if k not in table]
            if missing:
                raise InputError(_missing_message(cf, sf, m, tc, missing))
            for c, k in zip(tc.cases, tc.keys):
                c.scores[m] = table[k]
        results.append(build_result(test, tc.cases, tc.counts, tc.notes))
    data = dict(cf.header.get("data") or {})
    data = {"source": data.get("source"), "n_examples": data.get("n_examples")}
    return finish_report(suite, cf.seed, results, [sf.metrics[m] for m in names], data, cf.examples)


def _missing_message(cf: CasesFile, sf: ScoresFile, metric: str, tc: Any, missing: list[int]) -> str:
    shown = ", ".join(f"{tc.cases[i].id!r} ({cf.path}:{tc.lines[i]})" for i in missing[:_MAX_SHOWN])
    more = f", ... {len(missing) - _MAX_SHOWN} more" if len(missing) > _MAX_SHOWN else ""
    return (
        f"{sf.path}: no {metric!r} score for {len(missing)} of {len(tc.cases)} cases of test {tc.name!r}: "
        f"{shown}{more}; score them with `perturbkit score {cf.path} --metric {metric} --out {sf.path}` (it resumes)"
    )
