"""One self-contained HTML page for a suite report: the summary tables (the same cells as the
markdown report), per test the score distributions of originals vs variants, for human-correlation
tests OpenMEVA's window-difference plot and the metric-vs-human scatter, and the worst failures with
their edits highlighted (``<del>``/``<ins>``).

Plots are inline base64 PNGs and the CSS is inline, so the file opens in a browser with no network.
Every piece of text from the report is escaped.

>>> from perturbkit.report.html import render_html
>>> render_html(Report.load("report.json"), "report.html")  # doctest: +SKIP
"""

from __future__ import annotations

import datetime as _dt
import difflib
import html
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..example import Edit
from ..io import atomic_open
from ..suite.kinds import KINDS, get_kind
from .markdown import ALPHA, details_table, fmt, groups_table, rule, summary_table, verdict_table
from .model import Case, Report

if TYPE_CHECKING:
    from .model import TestResult

__all__ = ["Failure", "edit_markup", "render_html", "to_html", "worst_failures"]

MAX_FAILURES = 20


def esc(s: Any) -> str:
    """Escape text for HTML (quotes too, so it is safe inside attributes)."""
    return html.escape("" if s is None else str(s), quote=True)


def _as_report(report: Report | Mapping[str, Any]) -> Report:
    if isinstance(report, Report):
        return report
    if isinstance(report, Mapping):
        return Report.from_dict(report)
    raise TypeError(f"render_html expects a Report or its to_dict(), got {type(report).__name__}")


# ------------------------------------------------------------------------------ markdown tables

_CELL_SPLIT = re.compile(r"(?<!\\)\|")


_STATUS = {"PASS", "FAIL", "INCONCLUSIVE"}


def _md_cell(cell: str) -> str:
    cell = cell.strip().replace("\\|", "|")
    if cell in _STATUS:
        return f'<span class="verdict {cell.lower()}">{cell}</span>'
    m = re.fullmatch(r"\*\*(.+)\*\*", cell)
    if m:
        return f"<strong>{_md_cell(m.group(1))}</strong>"
    m = re.fullmatch(r"\*([^*].*)\*", cell)
    if m and not cell.endswith("**"):
        return f"<em>{esc(m.group(1))}</em>"
    parts = re.split(r"`([^`]*)`", cell)
    return "".join(f"<code>{esc(p)}</code>" if i % 2 else esc(p) for i, p in enumerate(parts))


def md_table_to_html(lines: Sequence[str], css_class: str = "num") -> str:
    """A pipe table from :mod:`.markdown` as an HTML table (same cells, bold/italic kept)."""
    if len(lines) < 2:
        return ""
    rows = [[c for c in _CELL_SPLIT.split(line.strip())[1:-1]] for line in lines]
    header, seps, body = rows[0], rows[1], rows[2:]
    align = ["right" if s.strip().endswith(":") and not s.strip().startswith(":") else "left" for s in seps]
    out = [f'<table class="{css_class}"><thead><tr>']
    out += [f'<th class="{a}">{_md_cell(h)}</th>' for h, a in zip(header, align)]
    out.append("</tr></thead><tbody>")
    for row in body:
        out.append("<tr>" + "".join(f'<td class="{a}">{_md_cell(c)}</td>' for c, a in zip(row, align)) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


# ------------------------------------------------------------------------------ edit highlighting


def _steps(edits: Sequence[Edit]) -> list[list[Edit]]:
    """Split edits into transform steps: a step is a run of one transform's ascending, disjoint edits."""
    steps: list[list[Edit]] = []
    for e in edits:
        prev = steps[-1][-1] if steps else None
        if prev is None or e.transform != prev.transform or e.before_span[0] < prev.before_span[1]:
            steps.append([e])
        else:
            steps[-1].append(e)
    return steps


def _span_markup(before: str, after: str, edits: Sequence[Edit]) -> str | None:
    """Inline markup from one step's Edit spans, or None when they do not describe ``before -> after``."""
    out: list[str] = []
    rebuilt: list[str] = []
    pos = 0
    for e in edits:
        s, t = e.before_span
        if not (0 <= pos <= s <= t <= len(before)) or before[s:t] != e.before:
            return None
        out.append(esc(before[pos:s]))
        rebuilt.append(before[pos:s])
        title = esc(f"{e.transform}: {e.note}" if e.note else e.transform)
        if e.before:
            out.append(f'<del title="{title}">{esc(e.before)}</del>')
        if e.after:
            out.append(f'<ins title="{title}">{esc(e.after)}</ins>')
        rebuilt.append(e.after)
        pos = t
    out.append(esc(before[pos:]))
    rebuilt.append(before[pos:])
    return "".join(out) if "".join(rebuilt) == after else None


def _diff_markup(before: str, after: str) -> str:
    """Word-level diff markup (used when the edits span several chained steps)."""
    a, b = re.findall(r"\s+|\S+", before), re.findall(r"\s+|\S+", after)
    out: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(esc("".join(a[i1:i2])))
            continue
        if i2 > i1:
            out.append(f"<del>{esc(''.join(a[i1:i2]))}</del>")
        if j2 > j1:
            out.append(f"<ins>{esc(''.join(b[j1:j2]))}</ins>")
    return "".join(out)


def edit_markup(before: str, after: str, edits: Sequence[Edit] = ()) -> str:
    """``before`` with the changes that made ``after`` marked as ``<del>``/``<ins>`` (escaped HTML).

    Uses the Edit spans when the edits are one transform step that rebuilds ``after`` exactly;
    otherwise (chains, shifted spans) a word-level diff of the two texts.

    >>> edit_markup("a b c", "a x c", [Edit("t", (2, 3), (2, 3), "b", "x")])
    'a <del title="t">b</del><ins title="t">x</ins> c'
    """
    steps = _steps(edits)
    if len(steps) == 1:
        marked = _span_markup(before, after, steps[0])
        if marked is not None:
            return marked
    return _diff_markup(before, after)


# ------------------------------------------------------------------------------ failures


@dataclass
class Failure:
    """A variant that went the wrong way, with its original (the pair partner)."""

    original: Case
    variant: Case
    metric: str
    original_score: float
    variant_score: float
    expect: str  # "decrease", "increase" or "same"

    @property
    def delta(self) -> float:
        return self.variant_score - self.original_score


def worst_failures(test: TestResult, metric: str, limit: int = MAX_FAILURES) -> tuple[list[Failure], int]:
    """The ``limit`` worst pairs, worst first, and how many pairs failed in all, as the test's kind
    judges each pair (:meth:`perturbkit.suite.kinds.Kind.pair_outcomes`).

    Discrimination: the variants scored above their original, by the largest margin first.
    Invariance: the biggest moves either way (failed: moved beyond the test's tolerance).
    Directional: the pairs that did not change as expected (beyond ``margin`` for decrease and
    increase, within ``tolerance`` for same), furthest against the expectation first."""
    kind = get_kind(test.kind)
    pairs = [(o, v) for o, v in test.pairs() if metric in o.scores and metric in v.scores]
    outcomes = kind.pair_outcomes(
        [float(o.scores[metric]) for o, _ in pairs],
        [float(v.scores[metric]) for _, v in pairs],
        [v.transform for _, v in pairs],
        {**test.options, **(test.stats.get(metric) or {})},
    )
    ranked = [
        (out.badness, Failure(o, v, metric, float(o.scores[metric]), float(v.scores[metric]), out.expect))
        for (o, v), out in zip(pairs, outcomes)
        if out.failed or kind.rank_all_pairs
    ]
    ranked.sort(key=lambda kf: -kf[0])
    return [f for _, f in ranked[:limit]], sum(out.failed for out in outcomes)


# ------------------------------------------------------------------------------ page parts

CSS = """
body{font:14px/1.45 -apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;margin:0;color:#222;background:#fafafa}
main{max-width:1200px;margin:0 auto;padding:1rem 1.5rem 3rem}
h1{font-size:1.6rem;margin:.6rem 0}h2{border-bottom:2px solid #ddd;padding-bottom:.2rem;margin-top:2rem}
h3{margin:1.4rem 0 .4rem}h4{margin:1rem 0 .3rem}
.meta,.muted{color:#666}.small{font-size:.85em}
table{border-collapse:collapse;margin:.5rem 0 1rem;background:#fff;font-size:13px}
th,td{border:1px solid #ddd;padding:.25rem .5rem;vertical-align:top}th{background:#f0f0f0}
td.right,th.right{text-align:right;font-variant-numeric:tabular-nums}td.left,th.left{text-align:left}
table.failures td.text{max-width:700px;white-space:pre-wrap;word-wrap:break-word}
table.failures td.text div.story{max-height:14em;overflow:auto}
del{background:#fbd6d6;color:#8a1c1c;text-decoration:line-through}ins{background:#d3f3d0;color:#1d5e17;text-decoration:none}
.plots img{max-width:100%;height:auto;border:1px solid #e4e4e4;background:#fff;margin:.2rem .4rem .2rem 0}
.plots{display:flex;flex-wrap:wrap;align-items:flex-start}
section.test{background:#fff;border:1px solid #e2e2e2;border-radius:6px;padding:.3rem 1rem 1rem;margin:1rem 0}
details>summary{cursor:pointer;font-weight:600;margin:.4rem 0}
nav ul{columns:3;font-size:.9em}code{background:#f1f1f1;padding:0 .2em;border-radius:3px}
.ctx{color:#666;font-style:italic;display:block;margin-bottom:.2rem}
.notes li{color:#7a5200}
.verdict{font-weight:600}.verdict.pass{color:#1d5e17}.verdict.fail{color:#b00020}.verdict.inconclusive{color:#8a5a00}
ul.verdicts{list-style:none;padding-left:0}
"""


def _img(png: bytes, alt: str) -> str:
    from .plots import data_uri

    return f'<img src="{data_uri(png)}" alt="{esc(alt)}">'


def _anchor(name: str) -> str:
    return "test-" + re.sub(r"[^A-Za-z0-9_-]+", "-", name)


def _header(report: Report) -> list[str]:
    src = report.data.get("source")
    bits = [
        f"{esc(report.data.get('n_examples', 0))} stories" + (f" from <code>{esc(src)}</code>" if src else ""),
        f"seed {esc(report.seed)}",
        "metrics: " + (", ".join(f"<code>{esc(m)}</code>" for m in report.metric_names) or "none"),
    ]
    if report.version:
        bits.append(f"perturbkit {esc(report.version)}")
    out = [f"<h1>Suite <code>{esc(report.suite)}</code></h1>"]
    if report.description:
        out.append(f"<p>{esc(report.description)}</p>")
    out.append(f'<p class="meta">{"; ".join(bits)}</p>')
    if report.notes:
        out.append('<ul class="notes">' + "".join(f"<li>{esc(n)}</li>" for n in report.notes) + "</ul>")
    return out


def _verdicts(report: Report) -> list[str]:
    table = verdict_table(report)
    end = table.index("") if "" in table else len(table)
    why = [line[2:] for line in table[end + 1 :]]
    out = [
        '<h2 id="verdicts">Verdicts</h2>',
        f"<p><strong>{esc(report.tally())}</strong> (a verdict per test and metric).</p>",
        md_table_to_html(table[:end]),
    ]
    if why:
        out.append('<ul class="notes">' + "".join(f"<li>{_md_cell(w)}</li>" for w in why) + "</ul>")
    return out


def _summary(report: Report) -> list[str]:
    metrics = report.metric_names
    out = ['<h2 id="summary">Summary</h2>']
    kinds = [k for k in KINDS.values() if report.by_kind(k.name)]
    for kind in kinds:
        tests = report.by_kind(kind.name)
        better = "higher" if kind.higher_is_better else "smaller"
        out.append(f"<h3>{esc(kind.title)}</h3>")
        out.append(
            f'<p class="muted small">{esc(kind.primary_label)}; {better} is better. '
            + ("<strong>Bold</strong>: best metric per column. " if len(metrics) > 1 else "")
            + f"<code>*</code>: Holm-adjusted p &lt; {ALPHA}.</p>"
        )
        out.append(md_table_to_html(summary_table(tests, metrics)))
        out.append(
            f"<details><summary>{esc(kind.title)}: details</summary>" + md_table_to_html(details_table(tests, metrics))
        )
        g = groups_table(tests, metrics)
        if g:
            out.append("<h4>Per group</h4>" + md_table_to_html(g))
        out.append("</details>")
    if any(k.paired for k in kinds):
        out.append(
            '<p class="muted small">Δ = variant score − original score (negative: the metric scored the '
            "variant lower); win rate = share of pairs where the original scored higher (ties count half); "
            "n/a = stories the transforms could not perturb.</p>"
        )
    return out


def _test_header(t: TestResult) -> list[str]:
    out = [
        f'<h3 id="{esc(_anchor(t.name))}">{esc(t.name)} <span class="muted small">'
        f"{esc(t.kind)}{(' · ' + esc(t.aspect)) if t.aspect else ''}</span></h3>"
    ]
    if t.description:
        out.append(f"<p>{esc(t.description)}</p>")
    facts = []
    if t.transforms:
        facts.append("transforms: " + ", ".join(f"<code>{esc(x)}</code>" for x in t.transforms))
    for k, v in t.counts.items():
        if isinstance(v, Mapping):
            v = ", ".join(f"{a}: {b}" for a, b in v.items()) or "0"
        elif isinstance(v, (list, tuple)):  # e.g. excluded ids: the count and the first few
            v = f"{len(v)}" + (f" ({', '.join(map(str, v[:5]))}{', …' if len(v) > 5 else ''})" if v else "")
        facts.append(f"{esc(k)}: {esc(v)}")
    if facts:
        out.append(f'<p class="meta small">{"; ".join(facts)}</p>')
    if t.verdicts:
        kind = get_kind(t.kind)
        items = [  # an inconclusive reason does not name the limit: add the rule
            f'<li><code>{esc(m)}</code>: <span class="verdict {v.status.value}">{v.status.label}</span> '
            f"{esc(v.reason)}"
            + (f' <span class="muted">(PASS when {esc(rule(kind, v))})</span>' if v.inconclusive else "")
            + "</li>"
            for m, v in t.verdicts.items()
        ]
        out.append('<ul class="verdicts small">' + "".join(items) + "</ul>")
    if t.notes:
        out.append('<ul class="notes">' + "".join(f"<li>{esc(n)}</li>" for n in t.notes) + "</ul>")
    return out


def _distribution_plot(t: TestResult, metrics: Sequence[str]) -> str:
    from .plots import score_distributions

    by_metric = {}
    for m in metrics:
        if get_kind(t.kind).compare_all:
            o, v = t.scores(m, "original"), t.scores(m, "variant")
        else:  # paired kinds: each variant against its own original
            pairs = [(a.scores[m], b.scores[m]) for a, b in t.pairs() if m in a.scores and m in b.scores]
            o, v = [p[0] for p in pairs], [p[1] for p in pairs]
        by_metric[m] = (o, v)
    if not any(o or v for o, v in by_metric.values()):
        return '<p class="muted">No scored cases.</p>'
    return f'<div class="plots">{_img(score_distributions(by_metric), f"{t.name}: score distributions")}</div>'


def _human_plots(t: TestResult, metrics: Sequence[str]) -> str:
    from .plots import difference_correlation, metric_vs_human

    imgs = []
    rated = [c for c in t.cases if c.role == "rated" and c.rating is not None]
    for m in metrics:
        s = t.stats.get(m) or {}
        pts = [(c.scores[m], c.rating) for c in rated if m in c.scores]
        imgs.append(
            _img(
                metric_vs_human([p[0] for p in pts], [p[1] for p in pts], metric=m, r=s.get("pearson")),
                f"{t.name}: {m} vs human rating",
            )
        )
        w = s.get("windows")
        if w:
            wr = (w.get("correlation") or {}).get("pearson")
            imgs.append(
                _img(
                    difference_correlation(
                        w.get("human_diffs") or [],
                        w.get("metric_diffs") or [],
                        metric=m,
                        r=wr,
                        size=w.get("size"),
                        stride=w.get("stride"),
                    ),
                    f"{t.name}: {m} window differences",
                )
            )
    return f'<div class="plots">{"".join(imgs)}</div>' if imgs else ""


def _text_cell(report: Report, f: Failure) -> str:
    ex_o, ex_v = report.examples.get(f.original.id), report.examples.get(f.variant.id)
    if ex_o is None or ex_v is None:
        return '<span class="muted">(texts not in the report)</span>'
    o_edits = list(ex_o.get("edits") or [])
    v_edits = list(ex_v.get("edits") or [])
    own = v_edits[len(o_edits) :] if v_edits[: len(o_edits)] == o_edits else v_edits
    try:
        edits = [Edit.from_dict(e) for e in own]
    except (KeyError, TypeError, ValueError):
        edits = []
    ctx = ex_v.get("context")
    head = f'<span class="ctx">{esc(ctx)}</span>' if ctx else ""
    body = edit_markup(str(ex_o.get("text", "")), str(ex_v.get("text", "")), edits)
    return f'{head}<div class="story">{body}</div>'


def _failures(report: Report, t: TestResult, metrics: Sequence[str], limit: int) -> list[str]:
    kind = get_kind(t.kind)
    if not kind.paired or not t.variants():
        return []
    out = []
    for m in metrics:
        fails, n_failed = worst_failures(t, m, limit)
        n_pairs = len(t.pairs())
        title = f"Worst cases for <code>{esc(m)}</code>: {n_failed} of {n_pairs} {kind.failure_label}"
        if kind.compare_all:
            ties = sum(1 for a, b in t.pairs() if m in a.scores and m in b.scores and a.scores[m] == b.scores[m])
            title += f" ({ties} scored the same)" if ties else ""
        if not fails:
            out.append(f"<p>{title}.</p>")
            continue
        rows = []
        for f in fails:
            rows.append(
                f'<tr><td class="left small"><code>{esc(f.variant.id)}</code><br>'
                f'<span class="muted">{esc(f.variant.transform or "")}</span></td>'
                f'<td class="right">{fmt(f.original_score)}</td><td class="right">{fmt(f.variant_score)}</td>'
                f'<td class="right">{fmt(f.delta)}</td><td class="text">{_text_cell(report, f)}</td></tr>'
            )
        sort = "largest move first" if kind.rank_all_pairs else "worst first"
        out.append(
            f"<details{' open' if m == metrics[0] else ''}><summary>{title} "
            f'<span class="muted small">(top {len(fails)}, {sort})</span></summary>'
            '<table class="failures"><thead><tr><th>variant</th><th class="right">original</th>'
            '<th class="right">variant</th><th class="right">Δ</th><th>edits (<del>removed</del> '
            "<ins>added</ins>)</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table></details>"
        )
    return out


def _tests(report: Report, max_failures: int) -> list[str]:
    metrics = report.metric_names
    out = ['<h2 id="tests">Tests</h2>']
    for t in report.tests:
        out.append('<section class="test">')
        out += _test_header(t)
        out.append(_distribution_plot(t, metrics) if get_kind(t.kind).paired else _human_plots(t, metrics))
        out += _failures(report, t, metrics, max_failures)
        out.append("</section>")
    return out


def _nav(report: Report) -> list[str]:
    items = "".join(
        f'<li><a href="#{esc(_anchor(t.name))}">{esc(t.name)}</a> <span class="muted small">{esc(t.kind)}</span></li>'
        for t in report.tests
    )
    return [
        '<nav><a href="#verdicts">Verdicts</a> · <a href="#summary">Summary</a> · <a href="#tests">Tests</a>'
        f"<ul>{items}</ul></nav>"
    ]


def to_html(report: Report | Mapping[str, Any], *, max_failures: int = MAX_FAILURES, title: str | None = None) -> str:
    """The whole page as a string (see :func:`render_html`)."""
    rep = _as_report(report)
    when = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    body: Iterable[str] = [
        *_header(rep),
        *_nav(rep),
        *_verdicts(rep),
        *_summary(rep),
        *_tests(rep, max_failures),
        f'<footer class="muted small">Rendered by perturbkit on {esc(when)}.</footer>',
    ]
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title or 'perturbkit report: ' + rep.suite)}</title><style>{CSS}</style></head>"
        "<body><main>\n" + "\n".join(body) + "\n</main></body></html>\n"
    )


def render_html(
    report: Report | Mapping[str, Any], path: str | os.PathLike[str], *, max_failures: int = MAX_FAILURES
) -> None:
    """Write the report as one self-contained HTML file (inline CSS and PNG plots), atomically."""
    page = to_html(report, max_failures=max_failures)
    with atomic_open(path) as f:
        f.write(page)
