"""Short views of a report: the one-line ``repr`` of reports and test results, a row per test and
metric (headline statistic, verdict, counts) for ``to_pandas()`` and the compact HTML table that
notebooks show.

>>> rows = verdict_rows(report.tests, report.metric_names)   # doctest: +SKIP
>>> rows[0]["test"], rows[0]["verdict"], rows[0]["reason"]   # doctest: +SKIP
('phrase_repetition', 'pass', 'win_rate 1.000 >= 0.75')
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..kinds import get_kind
from ..kinds.cells import fmt

if TYPE_CHECKING:
    from .model import Report, TestResult

__all__ = ["frame", "html_table", "report_repr", "result_repr", "verdict_lines", "verdict_rows"]

_SHOWN_PER_METRIC = 3  # a test's repr lists each metric's verdict up to this many metrics


def _cases(t: TestResult) -> str:
    kind = get_kind(t.kind)
    n = len(t.pairs()) if kind.paired else len([c for c in t.cases if c.role == "rated"])
    return f"{n} {kind.count_noun}"


def result_repr(t: TestResult) -> str:
    """``<TestResult 'order' (discrimination): 70 pairs; bleu FAIL, union PASS>``."""
    metrics = list(t.verdicts)
    if 0 < len(metrics) <= _SHOWN_PER_METRIC:
        verdicts = ", ".join(f"{m} {t.verdicts[m].status.label}" for m in metrics)
    else:
        verdicts = f"{len(metrics)} metrics, {t.tally()}"
    return f"<TestResult {t.name!r} ({t.kind}): {_cases(t)}; {verdicts}>"


def report_repr(r: Report) -> str:
    """``<Report 'demo': 6 tests × 2 metrics (a, b); 10 passed, 2 failed>``."""
    names = r.metric_names
    return (
        f"<Report {r.suite!r}: {len(r.tests)} test{'s' if len(r.tests) != 1 else ''} × {len(names)} "
        f"metric{'s' if len(names) != 1 else ''} ({', '.join(names)}); {r.tally()}>"
    )


def verdict_lines(r: Report) -> list[str]:
    """What ``perturbkit run`` prints on stderr: a line per verdict that did not pass (failures
    first, each naming the test, the metric and why), then the tally (``14 passed, 2 failed``).

    >>> print("\\n".join(verdict_lines(report)))   # doctest: +SKIP
    FAIL sentence_order / ngram_repetition: win_rate 0.507 < 0.75
    10 passed, 2 failed
    """
    worst_first = sorted(
        ((t, m, v) for t, m, v in r.iter_verdicts() if not v.passed), key=lambda tmv: not tmv[2].failed
    )
    lines = [f"{v.status.label} {t.name} / {m}: {v.reason}" for t, m, v in worst_first]
    return lines + [str(r.tally())]


def verdict_rows(tests: Iterable[TestResult], metrics: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """One row per test and metric (``metrics``: their order; default each test's own): the test,
    its kind, the headline statistic and its value, the verdict and its reason, and the test's
    scalar counts (``n_selected``, ``n_not_applicable``, ``n_rated``, ...)."""
    rows = []
    for t in tests:
        kind = get_kind(t.kind)
        counts = {k: v for k, v in t.counts.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
        for m in metrics if metrics is not None else list(t.stats):
            if m not in t.stats:
                continue
            s = t.stats[m]
            v = t.verdicts.get(m)
            rows.append(
                {
                    "test": t.name,
                    "kind": t.kind,
                    "aspect": t.aspect,
                    "metric": m,
                    "statistic": kind.primary,
                    "value": s.get(kind.primary),
                    "higher_is_better": kind.higher_is_better,
                    "p_holm": s.get("p_holm"),
                    "verdict": None if v is None else v.status.value,
                    "reason": None if v is None else v.reason,
                    "rule": None if v is None else v.rule,
                    "threshold": None if v is None else v.threshold,
                    "n": kind.count(s),
                    **counts,
                }
            )
    return rows


def frame(rows: list[dict[str, Any]]) -> Any:
    """The rows as a pandas DataFrame (pandas is imported here, not before)."""
    try:
        import pandas as pd
    except ImportError:
        raise ImportError("to_pandas() needs pandas: pip install pandas (or 'perturbkit[models]')") from None
    return pd.DataFrame(rows)


_STYLE = {"pass": "color:#1d5e17", "fail": "color:#b00020;font-weight:600", "inconclusive": "color:#8a5a00"}


def html_table(rows: list[dict[str, Any]], caption: str) -> str:
    """A compact HTML table of the rows (what a notebook shows for a report or a test)."""
    e = html.escape
    body = []
    for r in rows:
        status = r["verdict"] or ""
        body.append(
            "<tr>"
            f"<td>{e(r['test'])}</td><td>{e(r['kind'])}</td><td>{e(r['metric'])}</td>"
            f"<td>{e(get_kind(r['kind']).primary_short)} {e(fmt(r['value']))}</td>"
            f'<td style="{_STYLE.get(status, "")}">{e(status.upper())}</td>'
            f'<td>{e(r["reason"] or "")}</td><td style="text-align:right">{e(fmt(r["n"]))}</td>'
            "</tr>"
        )
    head = "".join(f"<th>{h}</th>" for h in ("test", "kind", "metric", "headline", "verdict", "why", "n"))
    return (
        f'<table class="perturbkit"><caption style="text-align:left">{e(caption)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )
