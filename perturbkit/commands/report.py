"""`perturbkit report REPORT.json --html out.html [--markdown]`: render a saved suite report as one
self-contained HTML page (tables, plots, worst failures with their edits) and/or print its markdown
tables. With neither option the markdown tables are printed."""

from __future__ import annotations

import argparse
import sys

from ._args import count


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "report",
        help="render a saved report (from `perturbkit run --out`) as HTML or markdown",
        description="Render a saved suite report as one self-contained HTML page (tables, "
        "plots, worst failures with their edits) and/or print its markdown tables. "
        "With neither --html nor --markdown the markdown tables are printed.",
    )
    p.add_argument("report", metavar="REPORT.json", help="a report written by `perturbkit run --out`")
    p.add_argument("--html", metavar="FILE", help="write one self-contained HTML page here")
    p.add_argument("--markdown", action="store_true", help="print the markdown tables on stdout")
    p.add_argument("--no-details", action="store_true", help="markdown: only the summary tables")
    p.add_argument(
        "--max-failures",
        type=count,
        default=20,
        metavar="N",
        help="HTML: worst cases listed per test and metric (default: 20)",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..outputs import check_output_paths
    from ..report import Report

    check_output_paths({"REPORT.json": args.report}, {"--html": args.html})
    report = Report.load(args.report)
    if args.html:
        from ..report.html import render_html

        render_html(report, args.html, max_failures=args.max_failures)
        print(f"HTML report written to {args.html}", file=sys.stderr)
    if args.markdown or not args.html:
        sys.stdout.write(report.to_markdown(details=not args.no_details))
    return 0
