"""`perturbkit perturb NAME [TEXT | --input FILE]`: apply one transform to a text or a data set."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ._args import seed


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("perturb", help="apply a transform to a text or to every story in a file")
    p.add_argument("name", help="transform name (see `perturbkit list`)")
    p.add_argument("text", nargs="?", help="the text to perturb (or use --input)")
    p.add_argument("--input", "-i", help="stories file (jsonl, csv, tsv, txt, or a format from --format)")
    p.add_argument("--format", help="input format when the extension does not tell")
    p.add_argument("--output", "-o", help="write variants as JSONL here (default: stdout)")
    p.add_argument("--seed", type=seed, default=0)
    p.add_argument(
        "--param",
        "-p",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="transform parameter; VALUE is parsed as YAML (3, 0.5, true, [a, b])",
    )
    p.add_argument("--text-col"), p.add_argument("--context-col"), p.add_argument("--id-col")
    p.add_argument("--reference-col")
    p.set_defaults(func=run, interrupted=interrupted)


def interrupted(args: argparse.Namespace) -> str:
    if args.output:
        return f"interrupted; {args.output} was not written (it is written only once every story is done)"
    return "interrupted"


def parse_params(items: list[str]) -> dict[str, Any]:
    """``["n=2", "keep_length=true"]`` -> ``{"n": 2, "keep_length": True}``."""
    from ..errors import InputError
    from ..safeyaml import load_yaml

    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise InputError(f"--param {item!r}: expected KEY=VALUE")
        out[key.strip()] = load_yaml(value, f"--param {key.strip()}") if value.strip() else ""
    return out


def run(args: argparse.Namespace) -> int:
    from ..annotation import default_annotator
    from ..errors import InputError
    from ..io import Columns, read_examples, write_examples
    from ..outputs import check_output_paths
    from ..transform import get_transform

    check_output_paths({"--input": args.input}, {"--output": args.output})  # before any work
    t = get_transform(args.name, **parse_params(args.param))
    if (args.text is None) == (args.input is None):
        raise InputError("give either TEXT or --input FILE")
    if args.text is not None:
        out = t(args.text, seed=args.seed)
        if out is None:
            print(f"{args.name}: not applicable to this text", file=sys.stderr)
            return 1
        print(out.text)
        for e in out.edits:
            print(f"  {e.before!r} -> {e.after!r}  {e.note}".rstrip(), file=sys.stderr)
        return 0
    cols = Columns.make(args.text_col, args.id_col, args.context_col, args.reference_col)
    examples = read_examples(args.input, args.format, columns=cols)
    ann = default_annotator()
    t.fit(examples, ann)
    variants = [v for v in t.batch(examples, seed=args.seed, annotator=ann) if v is not None]
    if args.output:
        write_examples(args.output, variants)
    else:
        for v in variants:
            print(json.dumps(v.to_dict(), ensure_ascii=False))
    print(
        f"{args.name}: {len(variants)} variants from {len(examples)} stories "
        f"({len(examples) - len(variants)} not applicable)",
        file=sys.stderr,
    )
    return 0
