"""perturbkit generate SUITE --data FILE --out cases.jsonl: write a suite's test cases, unscored.

Every text any metric of the suite will score (originals, variants, rated stories), with its test,
role, provenance (source id, transform and parameters, edits, seed, perturbkit version) and the key
its scores are filed under, as JSON lines after a header naming the suite, its hash and the seed.
Score them with `perturbkit score` (or any tool: docs/scaling.md has the formats), then build the
report with `perturbkit run SUITE --cases cases.jsonl --scores scores.jsonl`.

examples:
  perturbkit generate demo --data examples/stories.jsonl --out cases.jsonl
  perturbkit generate my_suite.yaml --data stories.csv --text-col story --seed 3 --out cases.jsonl
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ._args import add_reading_arguments, read_stories, seed


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "generate",
        help="write a suite's test cases (to score elsewhere, then `run --cases --scores`)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("suite", metavar="SUITE", help="suite YAML file or shipped suite name")
    p.add_argument("--data", required=True, metavar="FILE", help="stories (jsonl, csv, tsv, txt, ...)")
    p.add_argument("--out", required=True, metavar="FILE", help="the cases file to write (JSON lines)")
    p.add_argument("--seed", type=seed, default=None, help="overrides the suite's defaults.seed")
    add_reading_arguments(p)
    p.add_argument("--no-progress", action="store_true", help="no progress bars")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..outputs import check_output_paths
    from ..resources.models import quiet_models
    from ..suite import generate_cases, load_suite

    suite_file = args.suite if Path(args.suite).is_file() else None
    check_output_paths({"--data": args.data, "SUITE": suite_file}, {"--out": args.out})
    suite = load_suite(args.suite)
    examples = read_stories(args)
    with quiet_models(args.no_progress):
        summary = generate_cases(
            suite, examples, args.out, seed=args.seed, progress=not args.no_progress, data_source=str(args.data)
        )
    print(summary.line(), file=sys.stderr)
    return 0
