"""perturbkit score CASES --metric SPEC --out scores.jsonl: score a cases file's texts.

Every distinct text of CASES (from `perturbkit generate`) is scored once per metric, in batches,
through the score cache, and appended to --out as {"key", "metric", "score"} records (the format is
in docs/scaling.md, so any other tool can write such a file too). A rerun resumes: keys already in
--out are skipped. --executor ray scores chunks as Ray tasks (a local Ray, or a cluster with
--address auto).

examples:
  perturbkit score cases.jsonl --metric lexical_diversity --metric perplexity --out scores.jsonl
  perturbkit score cases.jsonl --metric my_metrics.py:score --batch-size 64 --device cuda --out scores.jsonl
  perturbkit score cases.jsonl --metric perplexity --executor ray --address auto --workers 8 \
      --gpus-per-worker 0.5 --device cuda --out scores.jsonl
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ._args import positive_float, positive_int


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "score",
        help="score the texts of a cases file (from `generate`) with one or more metrics",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("cases", metavar="CASES", help="a cases file written by `perturbkit generate`")
    p.add_argument(
        "--metric",
        action="append",
        required=True,
        metavar="SPEC",
        dest="metrics",
        help="built-in name, module:callable, file.py:callable or learned:DIR[?embedding_cache=FILE] "
        "(repeat for several)",
    )
    p.add_argument("--out", required=True, metavar="FILE", help="the scores file (appended to: a rerun resumes)")
    p.add_argument(
        "--batch-size", type=positive_int, default=None, metavar="N", help="metric batch size (overrides the metric's)"
    )
    p.add_argument("--device", default=None, help="auto, cpu, cuda, cuda:1 (default: the metric's)")
    p.add_argument("--executor", choices=("local", "ray"), default="local", help="where chunks are scored")
    p.add_argument("--workers", type=positive_int, default=1, metavar="N", help="worker processes or Ray tasks")
    p.add_argument("--address", default=None, help="Ray cluster address (e.g. auto) for --executor ray")
    p.add_argument(
        "--gpus-per-worker",
        type=positive_float,
        default=0,
        metavar="F",
        help="GPUs each Ray task asks for (0.5: two tasks share one); with --executor ray",
    )
    p.add_argument("--chunk-size", type=positive_int, default=1024, metavar="N", help="distinct texts per chunk")
    p.add_argument("--cache-dir", default=None, help="score cache folder (default: the perturbkit cache)")
    p.add_argument("--no-cache", action="store_true", help="do not read or write the score cache")
    p.add_argument("--no-progress", action="store_true", help="no progress bars")
    p.set_defaults(func=run, interrupted=interrupted)


def interrupted(args: argparse.Namespace) -> str:
    return f"interrupted; the scores written so far are in {args.out}: run the same command again to resume"


def run(args: argparse.Namespace) -> int:
    from ..outputs import check_output_dir
    from ..resources.models import quiet_models
    from ..suite import score_cases

    if args.cache_dir and not args.no_cache:
        check_output_dir(args.cache_dir, "--cache-dir")
    with quiet_models(args.no_progress):
        summary = score_cases(
            args.cases,
            args.metrics,
            args.out,
            batch_size=args.batch_size,
            device=args.device,
            executor=args.executor,
            workers=args.workers,
            address=args.address,
            gpus_per_worker=args.gpus_per_worker,
            cache_dir=False if args.no_cache else args.cache_dir,
            progress=not args.no_progress,
            chunk_size=args.chunk_size,
        )
    print("\n".join(summary.lines()), file=sys.stderr)
    return 0
