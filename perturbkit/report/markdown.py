"""Markdown tables shaped like OpenMEVA's Tables 6 and 7: one table per test kind, a row per
metric and a column per test (aspect or perturbation), the best metric per column in bold; then
detail tables (counts, win rates, mean change with its CI, p-values).

>>> print(render(report))  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import PRIMARY

if TYPE_CHECKING:
    from . import Report, TestResult

KIND_TITLES = {
    "discrimination": "Discrimination",
    "invariance": "Invariance",
    "directional": "Directional",
    "human_correlation": "Correlation with human ratings",
}
ALPHA = 0.05


def fmt(x: Any, digits: int = 3) -> str:
    """A number for a table cell ("–" for undefined)."""
    if x is None:
        return "–"
    if isinstance(x, bool):
        return str(x)
    if isinstance(x, int):
        return str(x)
    if isinstance(x, float):
        s = f"{x:.{digits}f}"
        return s[1:] if s == "-0." + "0" * digits else s  # no "-0.000"
    return str(x)


def fmt_p(p: float | None) -> str:
    if p is None:
        return "–"
    if p < 0.001:
        return "<0.001"
    return f"{p:.3f}"


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


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
    """Rows = metrics, columns = tests; the kind's headline number, best per column in bold,
    ``*`` when the Holm-adjusted p-value is below 0.05."""
    kind = tests[0].kind
    key, higher, _ = PRIMARY[kind]
    header = ["Metric"] + [t.name for t in tests]
    cols: list[list[str]] = []
    for t in tests:
        values = [t.primary(m) for m in metrics]
        best = _best(values, higher)
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
    if kind == "human_correlation":
        rows.append(["*n rated*"] + [fmt(t.counts.get("n_rated")) for t in tests])
    elif kind == "discrimination":
        rows.append(["*n orig / perturbed*"] + [f"{len(t.originals())} / {len(t.variants())}" for t in tests])
    else:
        rows.append(["*n pairs*"] + [str(len(t.variants())) for t in tests])
    return _table(header, rows)


def _delta(s: dict[str, Any]) -> str:
    if s.get("mean_delta") is None:
        return "–"
    lo, hi = s.get("delta_ci_low"), s.get("delta_ci_high")
    ci = f" [{fmt(lo)}, {fmt(hi)}]" if lo is not None else ""
    return f"{fmt(s['mean_delta'])}{ci}"


def _na(t: TestResult) -> str:
    c = t.counts
    filtered = sum((c.get("n_filtered") or {}).values())
    s = str(c.get("n_not_applicable", 0))
    return s + (f" (+{filtered} filtered)" if filtered else "")


def details_table(tests: Sequence[TestResult], metrics: Sequence[str]) -> list[str]:
    """Per test and metric: counts, paired statistics and p-values."""
    kind = tests[0].kind
    rows: list[list[str]] = []
    if kind in ("discrimination", "invariance"):
        header = [
            "Test",
            "Metric",
            "n orig / var",
            "n/a",
            "r (p)",
            "Spearman",
            "Kendall",
            "win rate",
            "mean Δ [95% CI]",
            "Holm p",
        ]
        if kind == "invariance":
            header[4:4] = ["|r|", "moved"]
        for t in tests:
            for m in metrics:
                s = t.stats.get(m) or {}
                row = [
                    _esc(t.name),
                    _esc(m),
                    f"{s.get('n_pos', 0)} / {s.get('n_neg', 0)}",
                    _na(t),
                    f"{fmt(s.get('pearson'))} ({fmt_p(s.get('pearson_p'))})",
                    fmt(s.get("spearman")),
                    fmt(s.get("kendall")),
                    _pct(s.get("win_rate")),
                    _delta(s),
                    fmt_p(s.get("p_holm")),
                ]
                if kind == "invariance":
                    tol = s.get("tolerance_abs")
                    moved = _pct(s.get("moved_share"))
                    row[4:4] = [fmt(s.get("abs_r")), moved + (f" (>{fmt(tol)})" if tol is not None else "")]
                rows.append(row)
    elif kind == "directional":
        header = [
            "Test",
            "Metric",
            "expect",
            "n pairs",
            "n/a",
            "fail rate",
            "down / same / up",
            "mean Δ [95% CI]",
            "sign p",
            "Holm p",
        ]
        for t in tests:
            for m in metrics:
                s = t.stats.get(m) or {}
                rows.append(
                    [
                        _esc(t.name),
                        _esc(m),
                        str(s.get("expect", "")),
                        str(s.get("n_pairs", 0)),
                        _na(t),
                        _pct(s.get("fail_rate")),
                        f"{s.get('n_decrease', 0)} / {s.get('n_same', 0)} / {s.get('n_increase', 0)}",
                        _delta(s),
                        fmt_p(s.get("sign_p")),
                        fmt_p(s.get("p_holm")),
                    ]
                )
    else:
        header = ["Test", "Metric", "n (excluded)", "Pearson (p)", "Spearman (p)", "Kendall (p)", "window r", "Holm p"]
        for t in tests:
            for m in metrics:
                s = t.stats.get(m) or {}
                w = s.get("windows") or {}
                wr = (w.get("correlation") or {}).get("pearson") if w else None
                rows.append(
                    [
                        _esc(t.name),
                        _esc(m),
                        f"{s.get('n', 0)} ({t.counts.get('n_excluded', 0)})",
                        f"{fmt(s.get('pearson'))} ({fmt_p(s.get('pearson_p'))})",
                        f"{fmt(s.get('spearman'))} ({fmt_p(s.get('spearman_p'))})",
                        f"{fmt(s.get('kendall'))} ({fmt_p(s.get('kendall_p'))})",
                        fmt(wr) if w else "–",
                        fmt_p(s.get("p_holm")),
                    ]
                )
    return _table(header, rows, ["l", "l"] + ["r"] * (len(header) - 2))


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
            for gn in s.get("group_notes") or []:
                out.append(f"- `{t.name}`: group_by: {gn}")
            w = s.get("windows") or {}
            if w.get("note"):
                out.append(f"- `{t.name}`: windows: {w['note']}")
    return list(dict.fromkeys(out))


def render(report: Report, *, details: bool = True) -> str:
    """The report as markdown: a summary table per kind, then (``details``) detail tables and notes."""
    metrics = report.metric_names
    lines = [f"# Suite `{report.suite}`", ""]
    if report.description:
        lines += [report.description, ""]
    src = report.data.get("source")
    lines += [
        f"{report.data.get('n_examples', 0)} stories{f' from `{src}`' if src else ''}; seed {report.seed}; "
        f"metrics: {', '.join(metrics)}.",
        "",
    ]
    kinds = [k for k in PRIMARY if report.by_kind(k)]
    for kind in kinds:
        tests = report.by_kind(kind)
        lines += [
            f"## {KIND_TITLES[kind]}",
            "",
            PRIMARY[kind][2]
            + ". "
            + ("**Bold**: best metric per column. " if len(metrics) > 1 else "")
            + f"`*`: Holm-adjusted p < {ALPHA}.",
            "",
        ]
        lines += summary_table(tests, metrics) + [""]
    if details:
        for kind in kinds:
            tests = report.by_kind(kind)
            lines += [f"### {KIND_TITLES[kind]}: details", ""] + details_table(tests, metrics) + [""]
            if kind == "human_correlation":
                g = groups_table(tests, metrics)
                if g:
                    lines += ["### Correlation with human ratings per group", ""] + g + [""]
        if any(k != "human_correlation" for k in kinds):
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
