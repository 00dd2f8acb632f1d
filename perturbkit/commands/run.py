"""perturbkit run SUITE --data FILE --metric SPEC: run a suite, print its tables, judge each test.

SUITE is a YAML file or the name of a shipped suite (demo, openmeva, robustness, mars, mans).
The markdown tables go to stdout, the full report (every score, every variant with its edits)
to --out as JSON. Several --metric options give one report with a row per metric.

Each test gets a verdict per metric (PASS, FAIL or INCONCLUSIVE) under the suite's thresholds;
stderr names every verdict that did not pass and ends with the tally ("14 passed, 2 failed").
Exit status: 0 when no verdict failed, 1 when one did (--no-fail: always 0; --strict: an
INCONCLUSIVE verdict fails too), 2 for bad input.

Decoupled: with --cases (from `perturbkit generate`) and --scores (from `perturbkit score`, or any
tool writing the documented scores format) the report is built without generating or scoring;
--metric then picks metrics of the scores file (default: all of them).

examples:
  perturbkit run demo --data examples/stories.jsonl --metric lexical_diversity --out report.json
  perturbkit run demo --data stories.jsonl --metric my_metrics.py:score --junit results.xml
  perturbkit run demo --cases cases.jsonl --scores scores.jsonl --out report.json
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ._args import add_reading_arguments, metric_sample, positive_int, read_stories, seed


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "run",
        help="run a test suite on stories with one or more metrics",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("suite", metavar="SUITE", help="suite YAML file or shipped suite name")
    p.add_argument("--data", metavar="FILE", help="stories (jsonl, csv, tsv, txt, ...)")
    p.add_argument("--cases", metavar="FILE", help="the suite's cases (perturbkit generate) instead of --data")
    p.add_argument("--scores", metavar="FILE", help="the cases' scores (perturbkit score, or any tool); with --cases")
    p.add_argument(
        "--metric",
        action="append",
        metavar="SPEC",
        dest="metrics",
        help="built-in name, module:callable, file.py:callable or learned:DIR[?embedding_cache=FILE] "
        "(repeat for several); "
        "with --scores: a metric name of the scores file",
    )
    p.add_argument("--seed", type=seed, default=None, help="overrides the suite's defaults.seed")
    p.add_argument("--out", metavar="FILE", help="write the full report as JSON here")
    p.add_argument("--html", metavar="FILE", help="also write the self-contained HTML report here")
    p.add_argument("--junit", metavar="FILE", help="also write JUnit XML here (a testcase per test and metric, for CI)")
    p.add_argument("--no-fail", action="store_true", help="exit 0 even when a test fails (report only)")
    p.add_argument("--strict", action="store_true", help="an INCONCLUSIVE verdict fails the run too (exit 1)")
    add_reading_arguments(p)
    p.add_argument(
        "--print",
        dest="show",
        choices=("markdown", "json", "none"),
        default="markdown",
        help="what to print on stdout (default: markdown)",
    )
    p.add_argument("--no-details", action="store_true", help="print only the summary tables")
    p.add_argument(
        "--batch-size", type=positive_int, default=None, metavar="N", help="metric batch size (overrides the metric's)"
    )
    p.add_argument(
        "--metric-sample",
        type=metric_sample,
        action="append",
        default=[],
        metavar="METRIC=N",
        help="score METRIC only on the cases of a seeded sample of N stories (a slow metric answers sooner)",
    )
    p.add_argument("--cache-dir", default=None, help="score cache folder (default: the perturbkit cache)")
    p.add_argument("--no-cache", action="store_true", help="do not read or write the score cache")
    p.add_argument("--no-progress", action="store_true", help="no progress bars")
    p.set_defaults(func=run, interrupted=interrupted)


def _cache_folder(args: argparse.Namespace) -> Path | None:
    """Where this run keeps scores (None with --no-cache)."""
    if args.no_cache:
        return None
    if args.cache_dir:
        return Path(args.cache_dir)
    from ..resources.config import cache_dir

    return cache_dir("scores", create=False)


def interrupted(args: argparse.Namespace) -> str:
    """What Ctrl-C leaves behind: the scores so far are in the cache, so the same command resumes."""
    folder = _cache_folder(args)
    if folder is None:
        return "interrupted; nothing was saved (--no-cache): the next run starts from scratch"
    return (
        f"interrupted; the scores computed so far are saved in {folder}: "
        f"run the same command again to resume where it stopped"
    )


def run(args: argparse.Namespace) -> int:
    report = _from_files(args) if args.cases or args.scores else _from_data(args)
    if args.out:
        report.to_json(args.out)
    if args.show == "markdown":
        sys.stdout.write(report.to_markdown(details=not args.no_details))
    elif args.show == "json":
        from ..report.jsonreport import dumps

        sys.stdout.write(dumps(report) + "\n")
    if args.html:
        from ..report.html import render_html

        render_html(report, args.html)
    if args.junit:
        from ..report.junit import write_junit

        write_junit(report, args.junit)
    for path in (args.out, args.html, args.junit):
        if path:
            print(f"report written to {path}", file=sys.stderr)
    return verdict_exit(report, no_fail=args.no_fail, strict=args.strict)


def _from_data(args: argparse.Namespace) -> Any:
    """Generate, score and judge: the report of the suite on --data."""
    from ..errors import UserError
    from ..outputs import check_output_dir, check_output_paths
    from ..resources.models import quiet_models
    from ..suite import load_suite, run_suite

    if not args.data:
        raise UserError("give --data FILE (the stories), or --cases FILE --scores FILE")
    if not args.metrics:
        raise UserError("give at least one --metric SPEC")
    # every output first, before the suite, the data or a model is loaded: a bad path fails now
    suite_file = args.suite if Path(args.suite).is_file() else None
    check_output_paths(
        {"--data": args.data, "SUITE": suite_file}, {"--out": args.out, "--html": args.html, "--junit": args.junit}
    )
    check_output_dir(_cache_folder(args), "--cache-dir" if args.cache_dir else "the score cache folder")
    suite = load_suite(args.suite)  # before reading data: a bad suite fails fast
    examples = read_stories(args)
    cache: Any = False if args.no_cache else args.cache_dir
    with quiet_models(args.no_progress):
        return run_suite(
            suite,
            examples,
            args.metrics,
            seed=args.seed,
            cache_dir=cache,
            progress=not args.no_progress,
            batch_size=args.batch_size,
            data_source=str(args.data),
            metric_sample=dict(args.metric_sample),
        )


_GENERATION_OPTIONS = (
    "limit",
    "fmt",
    "text_col",
    "context_col",
    "id_col",
    "reference_col",
    "batch_size",
    "cache_dir",
    "metric_sample",
)


def _from_files(args: argparse.Namespace) -> Any:
    """Judge cases already generated and scored: the report from --cases and --scores."""
    from ..errors import UserError
    from ..outputs import check_output_paths
    from ..suite import load_suite, read_cases, report_from_scores

    if not (args.cases and args.scores) or args.data:
        raise UserError("give --cases FILE and --scores FILE together, without --data")
    given = [f"--{k.replace('_', '-').replace('fmt', 'format')}" for k in _GENERATION_OPTIONS if getattr(args, k)]
    if given:
        raise UserError(f"{', '.join(given)}: for generating or scoring; with --cases the cases are already made")
    suite_file = args.suite if Path(args.suite).is_file() else None
    check_output_paths(
        {"--cases": args.cases, "--scores": args.scores, "SUITE": suite_file},
        {"--out": args.out, "--html": args.html, "--junit": args.junit},
    )
    suite = load_suite(args.suite)
    cases = read_cases(args.cases)
    if args.seed is not None and args.seed != cases.seed:
        raise UserError(f"--seed {args.seed}: {args.cases} was generated with seed {cases.seed}; drop --seed")
    return report_from_scores(suite, cases, args.scores, metrics=args.metrics)


def verdict_exit(report: Any, *, no_fail: bool = False, strict: bool = False) -> int:
    """Print the verdicts that did not pass and the tally on stderr; the exit status (1 when a
    verdict failed, or with ``strict`` was inconclusive; 0 with ``no_fail``)."""
    from ..report.summary import verdict_lines

    for line in verdict_lines(report):
        print(line, file=sys.stderr)
    tally = report.tally()
    failed = tally.failed > 0 or (strict and tally.inconclusive > 0)
    return 1 if failed and not no_fail else 0
