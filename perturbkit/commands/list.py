"""`perturbkit list`: every registered transform with aspect, effect, parameters and an example, then
the plot transforms (aspect ``plot``: they act on a story's plot, docs/plot.md)."""

from __future__ import annotations

import argparse
import json
import re
import sys

from ._args import check_choice

_ROLE = re.compile(r":[a-z:]+:`~?([^`]+)`")  # :class:`perturbkit.Example` -> perturbkit.Example
_LITERAL = re.compile(r"``([^`]+)``|`([^`]+)`")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`\"(])")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("list", help="list transforms (aspect, effect, parameters, one example)")
    p.add_argument("--effect", metavar="{breaks,preserves}", help="only transforms with this effect")
    p.add_argument("--aspect", help="only transforms of this aspect")
    p.add_argument("--no-examples", action="store_true", help="do not run each transform on its example")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


def summary(doc: str | None) -> str:
    """The first sentence of a docstring as plain text (lines joined, RST markup removed).

    >>> summary("Replace ~``rate`` of the nouns with a\\n    neighbour. ``fit`` first.")
    'Replace ~rate of the nouns with a neighbour.'
    """
    para = (doc or "").strip().split("\n\n")[0]
    text = _SENTENCE_END.split(" ".join(line.strip() for line in para.splitlines()), maxsplit=1)[0]
    return _LITERAL.sub(lambda m: m.group(1) or m.group(2), _ROLE.sub(r"\1", text))


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
            "description": summary(cls.__doc__) or cls.describe(),
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


def describe_plot(effect: str | None = None, aspect: str | None = None, examples: bool = True) -> list[dict]:
    """One dict per registered plot transform (``"kind": "plot"``); with ``examples`` its output on
    its own example storyline."""
    from .. import registry
    from ..plot import Plot

    rows = []
    for name, cls in registry.plot_transforms.all().items():
        if effect and cls.effect != effect or aspect and cls.aspect != aspect:
            continue
        t = cls()
        row = {
            "name": name,
            "kind": "plot",
            "aspect": cls.aspect,
            "effect": cls.effect,
            "params": t.params(),
            "description": summary(cls.__doc__),
            "requires": list(cls.requires),
            "example": Plot.from_storyline(cls.example).storyline() if cls.example else "",
            "origin": registry.plot_transforms.origin(name),
        }
        if examples and cls.example:
            try:
                out = t(cls.example, seed=0)
            except Exception as exc:  # a missing resource must not hide the others
                row["output"] = f"(unavailable: {exc})"
            else:
                row["output"] = out.storyline() if out is not None else "(not applicable)"
        rows.append(row)
    return rows


def run(args: argparse.Namespace) -> int:
    from .. import registry

    classes = [*registry.transforms.all().values(), *registry.plot_transforms.all().values()]
    check_choice("--effect", args.effect, ["breaks", "preserves"])
    check_choice("--aspect", args.aspect, [c.aspect for c in classes])
    rows = describe_all(args.effect, args.aspect, not args.no_examples)
    rows += describe_plot(args.effect, args.aspect, not args.no_examples)
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
    n_plot = sum(r.get("kind") == "plot" for r in rows)
    print(f"{len(rows) - n_plot} transforms, {n_plot} plot transforms", file=sys.stderr)
    return 0
