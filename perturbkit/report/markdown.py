"""Markdown tables shaped like OpenMEVA's Tables 6 and 7: one table per test kind, a row per
metric and a column per test (aspect or perturbation), the best metric per column in bold; a
verdict table (PASS / FAIL / INCONCLUSIVE per test and metric); then detail tables (counts, win
rates, mean change with its CI, p-values). What each kind shows comes from its kind module
(:mod:`perturbkit.kinds`).

>>> print(render(report))  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..kinds import KINDS, Kind, Verdict, get_kind
from ..kinds.cells import fmt, fmt_p

if TYPE_CHECKING:
    from .model import Report, TestResult

__all__ = [
    "ALPHA",
    "details_table",
    "fmt",
    "fmt_p",
    "groups_table",
    "render",
    "rule",
    "summary_table",
    "judged_by",
    "verdict_cell",
    "verdict_table",
]

ALPHA = 0.05


def _esc(s: str) -> str:
    return str(s).replace("|", "\\|").replace("\n", " ")


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], align: Sequence[str] | None = None) -> list[str]:
    align = align or ["l"] + ["r"] * (len(header) - 1)
    sep = ["---:" if a == "r" else ":---" for a in align]
    out = ["| " + " | ".join(_esc(h) for h in header) + " |", "| " + " | ".join(sep) + " |"]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    return out


def _best(values: list[float | None], higher: bool) -> float | None:
    defined = [v for v in values if v is not None]
    if len(defined) < 2:
        return None
    return max(defined) if higher else min(defined)


def summary_table(tests: Sequence[TestResult], metrics: Sequence[str]) -> list[str]:
    """Rows = metrics, columns = tests; the kind's headline number, ``*`` when the Holm-adjusted
    p-value is below 0.05, the best metric per column in bold unless every metric fails that test
    (no "best" among failures); a last-but-one row with the rule each test is judged by."""
    kind = get_kind(tests[0].kind)
    header = ["Metric"] + [t.name for t in tests]
    cols: list[list[str]] = []
    for t in tests:
        values = [t.primary(m) for m in metrics]
        shown = [t.verdicts.get(m) for m in metrics if m in t.stats]
        all_fail = bool(shown) and all(v is not None and v.failed for v in shown)
        best = None if all_fail else _best(values, kind.higher_is_better)
        cells = []
        for m, v in zip(metrics, values):
            cell = fmt(v)
            p = (t.stats.get(m) or {}).get("p_holm")
            if v is not None and p is not None and p < ALPHA:
                cell += "*"
            if best is not None and v is not None and round(v, 3) == round(best, 3):
                cell = f"**{cell}**"
            cells.append(cell)
        cols.append(cells)
    rows = [[_esc(m)] + [c[i] for c in cols] for i, m in enumerate(metrics)]
    rows.append(["*PASS when*"] + [_esc(judged_by(t, metrics)) for t in tests])
    rows.append([kind.summary_count_label] + [kind.summary_count(t) for t in tests])
    return _table(header, rows)


def judged_by(t: TestResult, metrics: Sequence[str] | None = None) -> str:
    """The rule a test's verdicts were judged by (``win_rate >= 0.75``), from its first verdict."""
    first = next((t.verdicts[m] for m in (metrics or list(t.verdicts)) if m in t.verdicts), None)
    return rule(get_kind(t.kind), first) if first is not None else "–"


def details_table(tests: Sequence[TestResult], metrics: Sequence[str]) -> list[str]:
    """Per test and metric: counts, paired statistics and p-values (the kind's detail columns)."""
    columns = get_kind(tests[0].kind).detail_columns
    header = ["Test", "Metric"] + [c.header for c in columns]
    rows = [
        [_esc(t.name), _esc(m)] + [c.cell(t.stats.get(m) or {}, t.counts) for c in columns]
        for t in tests
        for m in metrics
    ]
    return _table(header, rows, ["l", "l"] + ["r"] * len(columns))


def rule(kind: Kind, verdict: Verdict) -> str:
    """The thresholds a verdict was judged by: ``win_rate >= 0.75``."""
    ops = {t.name: t.op for t in kind.thresholds}
    return "; ".join(f"{c.statistic} {ops.get(c.rule or '', '?')} {c.threshold:g}" for c in verdict.checks)


def verdict_cell(v: Verdict | None) -> str:
    """``FAIL 0.507``: the status and the value of the statistic that decided it."""
    if v is None:
        return "–"
    return v.status.label + (f" {fmt(v.value)}" if v.value is not None else "")


def verdict_table(report: Report) -> list[str]:
    """Rows = tests, columns = metrics: PASS, FAIL or INCONCLUSIVE with the value that decided,
    beside the rule each test is judged by; then one line per verdict that did not pass, saying why."""
    metrics = report.metric_names
    rows, why = [], []
    for t in report.tests:
        shown = [t.verdicts.get(m) for m in metrics]
        rows.append([f"`{_esc(t.name)}`", t.kind, _esc(judged_by(t, metrics))] + [verdict_cell(v) for v in shown])
        why += [f"- `{t.name}` / {m}: {v}" for m, v in zip(metrics, shown) if v is not None and not v.passed]
    table = _table(["Test", "Kind", "PASS when"] + list(metrics), rows, ["l"] * (3 + len(metrics)))
    return table + ([""] + why if why else [])


def groups_table(tests: Sequence[TestResult], metrics: Sequence[str]) -> list[str]:
    """Human correlation per group value (system, model, subset)."""
    rows = []
    for t in tests:
        for m in metrics:
            for field, values in ((t.stats.get(m) or {}).get("groups") or {}).items():
                for value, c in values.items():
                    rows.append(
                        [
                            _esc(t.name),
                            _esc(m),
                            _esc(f"{field}={value}"),
                            str(c.get("n", 0)),
                            f"{fmt(c.get('pearson'))} ({fmt_p(c.get('pearson_p'))})",
                            f"{fmt(c.get('spearman'))} ({fmt_p(c.get('spearman_p'))})",
                            f"{fmt(c.get('kendall'))} ({fmt_p(c.get('kendall_p'))})",
                        ]
                    )
    if not rows:
        return []
    return _table(
        ["Test", "Metric", "group", "n", "Pearson (p)", "Spearman (p)", "Kendall (p)"],
        rows,
        ["l", "l", "l", "r", "r", "r", "r"],
    )


def _notes(report: Report) -> list[str]:
    out = []
    for t in report.tests:
        for n in t.notes:
            out.append(f"- `{t.name}`: {n}")
        for m in report.metric_names:
            s = t.stats.get(m) or {}
            for key in ("note", "tolerance_note"):
                if s.get(key):
                    out.append(f"- `{t.name}` / {m}: {s[key]}")
            v = t.verdicts.get(m)
            if v is not None and v.note:
                out.append(f"- `{t.name}` / {m}: {v.note}")
            for gn in s.get("group_notes") or []:
                out.append(f"- `{t.name}`: group_by: {gn}")
            w = s.get("windows") or {}
            if w.get("note"):
                out.append(f"- `{t.name}`: windows: {w['note']}")
    return list(dict.fromkeys(out))


def _kind_intro(kind: Kind, n_metrics: int) -> str:
    better = "higher" if kind.higher_is_better else "smaller"
    bold = "**Bold**: best metric per column (none when every metric fails). " if n_metrics > 1 else ""
    return f"{kind.primary_label}; {better} is better. {bold}`*`: Holm-adjusted p < {ALPHA} ({kind.p_label})."


def render(report: Report, *, details: bool = True) -> str:
    """The report as markdown: the verdicts, a summary table per kind, then (``details``) detail
    tables and notes."""
    metrics = report.metric_names
    lines = [f"# Suite `{report.suite}`", ""]
    if report.description:
        lines += [report.description, ""]
    src = report.data.get("source")
    sampled = {m["name"]: m["sample"] for m in report.metrics if isinstance(m, dict) and m.get("sample")}
    named = [f"{m} (on a sample of {sampled[m]} stories)" if m in sampled else m for m in metrics]
    lines += [
        f"{report.data.get('n_examples', 0)} stories{f' from `{src}`' if src else ''}; seed {report.seed}; "
        f"metrics: {', '.join(named)}.",
        "",
    ]
    if report.tests:
        lines += ["## Verdicts", "", f"**{report.tally()}** (a verdict per test and metric).", ""]
        lines += verdict_table(report) + [""]
    kinds = [k for k in KINDS.values() if report.by_kind(k.name)]
    for kind in kinds:
        lines += [f"## {kind.title}", "", _kind_intro(kind, len(metrics)), ""]
        lines += summary_table(report.by_kind(kind.name), metrics) + [""]
    if details:
        for kind in kinds:
            tests = report.by_kind(kind.name)
            lines += [f"### {kind.title}: details", ""] + details_table(tests, metrics) + [""]
            g = groups_table(tests, metrics)
            if g:
                lines += [f"### {kind.title} per group", ""] + g + [""]
        if any(k.paired for k in kinds):
            lines += [
                "Δ = variant score − original score (negative: the metric scored the variant lower); "
                "win rate = share of pairs where the original scored higher (ties count half); "
                "n/a = stories the transforms could not perturb."
            ]
        notes = _notes(report)
        if notes or report.notes:
            if lines[-1]:
                lines.append("")
            lines += ["Notes:"] + notes + [f"- {n}" for n in report.notes]
    return "\n".join(lines).rstrip() + "\n"
