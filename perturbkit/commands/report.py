"""`perturbkit report REPORT.json [--html out.html] [--junit results.xml] [--markdown]`: render a
saved suite report as one self-contained HTML page (heat-map of verdicts, tables, plots, worst
failures with their edits), as JUnit XML, and/or print its markdown tables. With none of --html,
--junit and --markdown the markdown tables are printed. The verdicts that did not pass and the
tally go to stderr; the exit status is 0 (rendering a report judges nothing anew)."""

from __future__ import annotations

import argparse
import sys


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "report",
        help="render a saved report (from `perturbkit run --out`) as HTML, JUnit XML or markdown",
        description="Render a saved suite report as one self-contained HTML page (heat-map of verdicts, "
        "tables, plots, worst failures with their edits), as JUnit XML (a testcase per test and metric), "
        "and/or print its markdown tables. With none of --html, --junit and --markdown the markdown "
        "tables are printed. The verdicts that did not pass and the tally go to stderr.",
    )
    p.add_argument("report", metavar="REPORT.json", help="a report written by `perturbkit run --out`")
    p.add_argument("--html", metavar="FILE", help="write one self-contained HTML page here")
    p.add_argument("--junit", metavar="FILE", help="write JUnit XML here (a testcase per test and metric)")
    p.add_argument("--markdown", action="store_true", help="print the markdown tables on stdout")
    p.add_argument("--no-details", action="store_true", help="markdown: only the summary tables")
    p.add_argument(
        "--max-failures",
        type=_count,
        default=20,
        metavar="N",
        help="HTML: worst cases listed per test and metric (default: 20)",
    )
    p.set_defaults(func=run)


def _count(s: str) -> int:
    n = int(s)
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, got {n}")
    return n


def run(args: argparse.Namespace) -> int:
    from ..report import Report

    report = Report.load(args.report)
    if args.html:
        from ..report.html import render_html

        render_html(report, args.html, max_failures=args.max_failures)
        print(f"HTML report written to {args.html}", file=sys.stderr)
    if args.junit:
        from ..report.junit import write_junit

        write_junit(report, args.junit)
        print(f"JUnit XML written to {args.junit}", file=sys.stderr)
    if args.markdown or not (args.html or args.junit):
        sys.stdout.write(report.to_markdown(details=not args.no_details))
    from ..report.summary import verdict_lines

    for line in verdict_lines(report):
        print(line, file=sys.stderr)
    return 0
