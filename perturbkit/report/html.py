"""One self-contained HTML page for a suite report, rendered from Jinja2 templates
(``perturbkit/report/templates/*.html.j2``): first an overview heat-map of tests × metrics (each
cell coloured by the statistic that decided the verdict against its threshold, showing the value,
linking to the test), then the verdicts that did not pass, the summary tables (the same cells as
the markdown report), and per test (collapsed) its verdicts, paired plots (original vs variant
score with the y = x line, and the paired changes; for human-correlation tests the metric-vs-human
scatter and OpenMEVA's window plot) and the worst pairs with their edits marked.

Plots are inline base64 PNGs, the CSS and the few lines of script (opening a collapsed test when a
link points into it) are inline: the file opens in a browser with no network. Jinja2 autoescapes
every piece of text from the report.

>>> from perturbkit.report.html import render_html
>>> render_html(Report.load("report.json"), "report.html")  # doctest: +SKIP
"""

from __future__ import annotations

import datetime as _dt
import os
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from ..example import Edit
from ..io import atomic_open
from ..kinds import KINDS, Kind, Status, Verdict, get_kind
from .failures import MAX_FAILURES, Failure, worst_failures
from .markdown import ALPHA, details_table, fmt, groups_table, judged_by, rule, summary_table
from .markup import edit_markup, esc
from .model import Report

if TYPE_CHECKING:
    from jinja2 import Environment

    from .model import TestResult

__all__ = [
    "Failure",
    "edit_markup",
    "environment",
    "esc",
    "heatmap",
    "md_table",
    "page_context",
    "render_html",
    "to_html",
    "worst_failures",
]


def _as_report(report: Report | Mapping[str, Any]) -> Report:
    if isinstance(report, Report):
        return report
    if isinstance(report, Mapping):
        return Report.from_dict(report)
    raise TypeError(f"render_html expects a Report or its to_dict(), got {type(report).__name__}")


@lru_cache(maxsize=1)
def environment() -> Environment:
    """The Jinja2 environment over the package's templates (autoescaping, undefined names are errors)."""
    from jinja2 import Environment, PackageLoader, StrictUndefined

    return Environment(
        loader=PackageLoader("perturbkit.report", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


# ------------------------------------------------------------------------------ markdown tables

_CELL_SPLIT = re.compile(r"(?<!\\)\|")
_STATUS = {s.label for s in Status}


def _md_cell(cell: str) -> Markup:
    """One markdown cell as HTML: bold, italics and code kept, a verdict word as a badge."""
    cell = cell.strip().replace("\\|", "|")
    word, _, rest = cell.partition(" ")
    if word in _STATUS:
        return Markup('<span class="verdict {}">{}</span>{}').format(word.lower(), word, " " + rest if rest else "")
    m = re.fullmatch(r"\*\*(.+)\*\*", cell)
    if m:
        return Markup("<strong>{}</strong>").format(_md_cell(m.group(1)))
    m = re.fullmatch(r"\*([^*].*)\*", cell)
    if m and not cell.endswith("**"):
        return Markup("<em>{}</em>").format(m.group(1))
    parts = re.split(r"`([^`]*)`", cell)
    return Markup("").join(
        Markup("<code>{}</code>").format(p) if i % 2 else Markup.escape(p) for i, p in enumerate(parts)
    )


def md_table(lines: Sequence[str]) -> dict[str, Any] | None:
    """A pipe table from :mod:`.markdown` as ``{"header", "align", "rows"}`` of HTML cells."""
    if len(lines) < 2:
        return None
    rows = [list(_CELL_SPLIT.split(line.strip())[1:-1]) for line in lines]
    header, seps, body = rows[0], rows[1], rows[2:]
    align = ["right" if s.strip().endswith(":") and not s.strip().startswith(":") else "left" for s in seps]
    return {
        "header": [_md_cell(h) for h in header],
        "align": align,
        "rows": [[_md_cell(c) for c in row] for row in body],
    }


# ------------------------------------------------------------------------------ the heat-map


def _shade(kind: Kind, v: Verdict) -> str:
    """The cell colour: green for PASS, red for FAIL, deeper the further the value is from the
    threshold (a quarter of the statistic's range or more is the deepest); amber for INCONCLUSIVE."""
    if v.status is Status.INCONCLUSIVE or v.value is None or v.threshold is None:
        return "hsl(40, 85%, 86%)"
    t = next((x for x in kind.thresholds if x.name == v.rule), None)
    span = (t.hi - t.lo) if t is not None else 1.0
    strength = min(1.0, abs(v.value - v.threshold) / (0.25 * span or 1.0))
    hue, sat = (130, 45) if v.passed else (3, 75)
    return f"hsl({hue}, {sat}%, {round(90 - 32 * strength)}%)"


def _anchor(name: str) -> str:
    return "test-" + re.sub(r"[^A-Za-z0-9_-]+", "-", name)


def heatmap(report: Report) -> dict[str, Any]:
    """Tests × metrics: per cell the value that decided the verdict, its status, colour and the
    verdict's reason, linking to the test's section; per row the rule the test is judged by."""
    metrics = report.metric_names
    rows = []
    for t in report.tests:
        kind = get_kind(t.kind)
        cells = []
        for m in metrics:
            v = t.verdicts.get(m)
            if v is None:
                cells.append(None)
                continue
            cells.append(
                {
                    "text": fmt(v.value) if v.value is not None else "n/a",
                    "status": v.status.value,
                    "label": v.status.label,
                    "colour": _shade(kind, v),
                    "title": f"{t.name} / {m}: {v}" + (f" ({v.note})" if v.note else ""),
                }
            )
        rows.append({"test": t.name, "anchor": _anchor(t.name), "kind": t.kind, "rule": judged_by(t), "cells": cells})
    return {"metrics": metrics, "rows": rows}


# ------------------------------------------------------------------------------ per test


def _facts(t: TestResult) -> list[str]:
    facts = []
    if t.transforms:
        facts.append("transforms: " + ", ".join(t.transforms))
    for k, v in t.counts.items():
        if isinstance(v, Mapping):
            v = ", ".join(f"{a}: {b}" for a, b in v.items()) or "0"
        elif isinstance(v, (list, tuple)):  # e.g. excluded ids: the count and the first few
            v = f"{len(v)}" + (f" ({', '.join(map(str, v[:5]))}{', …' if len(v) > 5 else ''})" if v else "")
        facts.append(f"{k}: {v}")
    return facts


def _verdicts(t: TestResult) -> list[dict[str, Any]]:
    kind = get_kind(t.kind)
    return [
        {
            "metric": m,
            "status": v.status.value,
            "label": v.status.label,
            "reason": v.reason,
            # an inconclusive reason does not name the limit: add the rule
            "rule": rule(kind, v) if v.inconclusive and v.checks else "",
            "note": v.note,
        }
        for m, v in t.verdicts.items()
    ]


def _img(png: bytes, alt: str) -> dict[str, str]:
    from .plots import data_uri

    return {"src": data_uri(png), "alt": alt}


def _paired_plot(t: TestResult, metrics: Sequence[str]) -> list[dict[str, str]]:
    from .plots import paired_scores

    kind = get_kind(t.kind)
    by_metric, band = {}, {}
    for m in metrics:
        pairs = [(a, b) for a, b in t.pairs() if m in a.scores and m in b.scores]
        o = [float(a.scores[m]) for a, _ in pairs]
        v = [float(b.scores[m]) for _, b in pairs]
        stats = t.stats.get(m) or {}
        outcomes = kind.pair_outcomes(o, v, [b.transform for _, b in pairs], {**t.options, **stats})
        by_metric[m] = (o, v, [x.failed for x in outcomes])
        if kind.rank_all_pairs and stats.get("tolerance_abs") is not None:
            band[m] = float(stats["tolerance_abs"])
    if not any(o for o, _, _ in by_metric.values()):
        return []
    return [_img(paired_scores(by_metric, band=band), f"{t.name}: original vs variant scores per pair")]


def _human_plots(t: TestResult, metrics: Sequence[str]) -> list[dict[str, str]]:
    from .plots import difference_correlation, metric_vs_human

    imgs = []
    rated = [c for c in t.cases if c.role == "rated" and c.rating is not None]
    for m in metrics:
        s = t.stats.get(m) or {}
        pts = [(c.scores[m], c.rating) for c in rated if m in c.scores]
        png = metric_vs_human([p[0] for p in pts], [p[1] for p in pts], metric=m, r=s.get("pearson"))
        imgs.append(_img(png, f"{t.name}: {m} vs human rating"))
        w = s.get("windows")
        if w:
            png = difference_correlation(
                w.get("human_diffs") or [],
                w.get("metric_diffs") or [],
                metric=m,
                r=(w.get("correlation") or {}).get("pearson"),
                size=w.get("size"),
                stride=w.get("stride"),
            )
            imgs.append(_img(png, f"{t.name}: {m} window differences"))
    return imgs


def _story(report: Report, f: Failure) -> dict[str, Any] | None:
    ex_o, ex_v = report.examples.get(f.original.id), report.examples.get(f.variant.id)
    if ex_o is None or ex_v is None:
        return None
    o_edits = list(ex_o.get("edits") or [])
    v_edits = list(ex_v.get("edits") or [])
    own = v_edits[len(o_edits) :] if v_edits[: len(o_edits)] == o_edits else v_edits
    try:
        edits = [Edit.from_dict(e) for e in own]
    except (KeyError, TypeError, ValueError):
        edits = []
    body = edit_markup(str(ex_o.get("text", "")), str(ex_v.get("text", "")), edits)
    return {"context": ex_v.get("context") or "", "markup": Markup(body)}


def _failures(report: Report, t: TestResult, metrics: Sequence[str], limit: int) -> list[dict[str, Any]]:
    kind = get_kind(t.kind)
    if not kind.paired or not t.variants():
        return []
    out = []
    for m in metrics:
        fails, n_failed = worst_failures(t, m, limit)
        ties = 0
        if kind.compare_all:
            ties = sum(1 for a, b in t.pairs() if m in a.scores and m in b.scores and a.scores[m] == b.scores[m])
        out.append(
            {
                "metric": m,
                "n_failed": n_failed,
                "n_pairs": len(t.pairs()),
                "label": kind.failure_label,
                "ties": ties,
                "sort": "largest move first" if kind.rank_all_pairs else "worst first",
                "rows": [
                    {
                        "id": f.variant.id,
                        "transform": f.variant.transform or "",
                        "original": fmt(f.original_score),
                        "variant": fmt(f.variant_score),
                        "delta": fmt(f.delta),
                        "story": _story(report, f),
                    }
                    for f in fails
                ],
            }
        )
    return out


def _worst(t: TestResult) -> str:
    statuses = {v.status for v in t.verdicts.values()}
    for s in (Status.FAIL, Status.INCONCLUSIVE, Status.PASS):
        if s in statuses:
            return s.value
    return ""


def _test(report: Report, t: TestResult, max_failures: int) -> dict[str, Any]:
    metrics = report.metric_names
    paired = get_kind(t.kind).paired
    return {
        "name": t.name,
        "anchor": _anchor(t.name),
        "kind": t.kind,
        "aspect": t.aspect,
        "description": t.description,
        "status": _worst(t),
        "tally": str(t.tally()),
        "facts": _facts(t),
        "verdicts": _verdicts(t),
        "notes": t.notes,
        "plots": _paired_plot(t, metrics) if paired else _human_plots(t, metrics),
        "failures": _failures(report, t, metrics, max_failures),
    }


# ------------------------------------------------------------------------------ the page


def _kinds(report: Report) -> list[dict[str, Any]]:
    metrics = report.metric_names
    out = []
    for kind in KINDS.values():
        tests = report.by_kind(kind.name)
        if not tests:
            continue
        out.append(
            {
                "title": kind.title,
                "label": kind.primary_label,
                "better": "higher" if kind.higher_is_better else "smaller",
                "p_label": kind.p_label,
                "summary": md_table(summary_table(tests, metrics)),
                "details": md_table(details_table(tests, metrics)),
                "groups": md_table(groups_table(tests, metrics)),
                "paired": kind.paired,
            }
        )
    return out


def page_context(report: Report, *, max_failures: int = MAX_FAILURES, title: str | None = None) -> dict[str, Any]:
    """Everything the templates show, as plain data (the templates only lay it out)."""
    tally = report.tally()
    why = [
        {"test": t.name, "anchor": _anchor(t.name), "metric": m, "status": v.status.value, "text": str(v)}
        for t, m, v in report.iter_verdicts()
        if not v.passed
    ]
    why.sort(key=lambda w: w["status"] != "fail")
    return {
        "title": title or f"perturbkit report: {report.suite}",
        "report": report,
        "metrics": report.metric_names,
        "tally": tally,
        "heatmap": heatmap(report),
        "why": why,
        "kinds": _kinds(report),
        "alpha": ALPHA,
        "tests": [_test(report, t, max_failures) for t in report.tests],
        "when": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    }


def to_html(report: Report | Mapping[str, Any], *, max_failures: int = MAX_FAILURES, title: str | None = None) -> str:
    """The whole page as a string (see :func:`render_html`)."""
    rep = _as_report(report)
    return (
        environment().get_template("report.html.j2").render(page_context(rep, max_failures=max_failures, title=title))
    )


def render_html(
    report: Report | Mapping[str, Any], path: str | os.PathLike[str], *, max_failures: int = MAX_FAILURES
) -> None:
    """Write the report as one self-contained HTML file (inline CSS, script and PNG plots), atomically."""
    page = to_html(report, max_failures=max_failures)
    with atomic_open(path) as f:
        f.write(page)
