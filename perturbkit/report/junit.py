"""JUnit XML for a suite report, so a suite runs as a CI step whose results CI systems display:
one ``<testcase>`` per test × metric (``classname`` = suite.test, ``name`` = metric), a
``<failure>`` for FAIL (message: the statistic against its threshold; text: the verdict, the
threshold, the number of cases and the worst pairs), ``<skipped>`` for INCONCLUSIVE.

Built with :mod:`xml.etree.ElementTree`, so every name and story id is escaped.

>>> write_junit(Report.load("report.json"), "results.xml")  # doctest: +SKIP
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

from ..kinds import Status, Verdict, get_kind
from ..kinds.cells import fmt
from .failures import worst_failures
from .markdown import rule

if TYPE_CHECKING:
    from .model import Report, TestResult

__all__ = ["MAX_PAIRS", "junit_tree", "to_junit", "write_junit"]

#: Worst pairs quoted in each failure's text.
MAX_PAIRS = 5

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")  # characters XML 1.0 cannot hold


def _x(value: object) -> str:
    """Text safe in an XML document (characters XML cannot hold become U+FFFD)."""
    return _NOT_XML.sub("\ufffd", str(value))


def _details(report: Report, t: TestResult, metric: str, v: Verdict, max_pairs: int) -> str:
    """The failure text: what was tested, the verdict and every check, the cases, the worst pairs."""
    kind = get_kind(t.kind)
    lines = [
        f"suite {report.suite!r}, test {t.name!r} ({t.kind}{', ' + t.aspect if t.aspect else ''}), metric {metric!r}",
        str(v),
        f"threshold: {rule(kind, v)}" if v.checks else "",
    ]
    for c in v.checks if len(v.checks) > 1 else ():
        lines.append(f"  {c.status.label}: {c.reason} ({c.rule})")
    if v.n is not None:
        lines.append(f"cases: {v.n} {kind.count_noun}")
    if v.note:
        lines.append(f"note: {v.note}")
    if kind.paired and max_pairs > 0:
        fails, n_failed = worst_failures(t, metric, max_pairs)
        ties = (t.stats.get(metric) or {}).get("n_ties") if kind.compare_all else None
        if fails:
            tied = f"; {ties} scored the same" if ties else ""
            lines.append(f"worst pairs ({n_failed} of {len(t.pairs())} {kind.failure_label}{tied}):")
            for f in fails:
                via = f" [{f.variant.transform}]" if f.variant.transform else ""
                lines.append(
                    f"  {f.variant.id}{via}: original {fmt(f.original_score)} -> variant "
                    f"{fmt(f.variant_score)} (delta {f.delta:+.3f}, expected: {f.expect})"
                )
    return "\n".join(line for line in lines if line) + "\n"


def junit_tree(report: Report, *, max_pairs: int = MAX_PAIRS) -> ET.Element:
    """The ``<testsuites>`` element: one ``<testsuite>`` for the suite, one ``<testcase>`` per test × metric."""
    verdicts = list(report.iter_verdicts())
    tally = report.tally()
    counts = {
        "tests": str(len(verdicts)),
        "failures": str(tally.failed),
        "errors": "0",
        "skipped": str(tally.inconclusive),
        "time": "0",
    }
    root = ET.Element("testsuites", {"name": _x(f"perturbkit {report.suite}"), **counts})
    suite = ET.SubElement(root, "testsuite", {"name": _x(report.suite), **counts})
    props = ET.SubElement(suite, "properties")
    facts = {
        "seed": report.seed,
        "metrics": ", ".join(report.metric_names),
        "data": report.data.get("source"),
        "stories": report.data.get("n_examples"),
        "perturbkit": report.version,
    }
    for name, value in facts.items():
        if value not in (None, ""):
            ET.SubElement(props, "property", {"name": name, "value": _x(value)})
    for t, metric, v in verdicts:
        names = {"classname": _x(f"{report.suite}.{t.name}"), "name": _x(metric), "time": "0"}
        case = ET.SubElement(suite, "testcase", names)
        if v.status is Status.FAIL:
            rule_name = v.rule or "threshold"
            failure = ET.SubElement(case, "failure", {"message": _x(f"{v.reason} ({rule_name})"), "type": rule_name})
            failure.text = _x(_details(report, t, metric, v, max_pairs))
        elif v.status is Status.INCONCLUSIVE:
            ET.SubElement(case, "skipped", {"message": _x(f"INCONCLUSIVE: {v.reason}")})
        else:
            ET.SubElement(case, "system-out").text = _x(str(v) + (f"\nnote: {v.note}" if v.note else ""))
    return root


def to_junit(report: Report, *, max_pairs: int = MAX_PAIRS) -> str:
    """The JUnit XML document as a string (UTF-8 declaration included)."""
    root = junit_tree(report, max_pairs=max_pairs)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def write_junit(report: Report, path: str | os.PathLike[str], *, max_pairs: int = MAX_PAIRS) -> None:
    """Write the JUnit XML file atomically (temp file + rename)."""
    from ..io import atomic_open

    text = to_junit(report, max_pairs=max_pairs)
    with atomic_open(path) as f:
        f.write(text)
