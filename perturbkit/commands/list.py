"""`perturbkit list`: every registered transform with aspect, effect, parameters and an example."""

from __future__ import annotations

import argparse
import json
import sys


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("list", help="list transforms (aspect, effect, parameters, one example)")
    p.add_argument("--effect", choices=["breaks", "preserves"], help="only transforms with this effect")
    p.add_argument("--aspect", help="only transforms of this aspect")
    p.add_argument("--no-examples", action="store_true", help="do not run each transform on its example")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


def describe_all(effect: str | None = None, aspect: str | None = None, examples: bool = True) -> list[dict]:
    """One dict per registered transform; with ``examples`` its output on its own example text."""
    from .. import registry

    rows = []
    for name, cls in registry.transforms.all().items():
        if effect and cls.effect.value != effect or aspect and cls.aspect != aspect:
            continue
        t = cls()
        row = {
            "name": name,
            "aspect": cls.aspect,
            "effect": cls.effect.value,
            "params": t.params(),
            "description": cls.describe(),
            "requires": list(cls.requires),
            "example": cls.example,
            "origin": registry.transforms.origin(name),
        }
        if examples and cls.example:
            try:
                out = t(cls.example, seed=0)
            except Exception as exc:  # a missing resource must not hide the other transforms
                row["output"] = f"(unavailable: {exc})"
            else:
                row["output"] = out.text if out is not None else "(not applicable)"
        rows.append(row)
    return rows


def run(args: argparse.Namespace) -> int:
    rows = describe_all(args.effect, args.aspect, not args.no_examples)
    if args.json:
        json.dump(rows, sys.stdout, indent=2, default=str)
        print()
        return 0
    for r in rows:
        params = ", ".join(f"{k}={v!r}" for k, v in r["params"].items()) or "-"
        print(f"{r['name']}  [{r['aspect']}, {r['effect']}]  {r['description']}")
        print(f"    params: {params}")
        if r["origin"] != "perturbkit":
            print(f"    from: {r['origin']}")
        if r["example"]:
            print(f"    in:  {r['example']}")
            if "output" in r:
                print(f"    out: {r['output']}")
    print(f"{len(rows)} transforms", file=sys.stderr)
    return 0
