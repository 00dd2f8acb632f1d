"""The ``perturbkit`` command line. Each subcommand lives in ``perturbkit/commands/<name>.py``
and exposes ``add_parser(subparsers)``, which registers itself and sets ``func(args) -> int``."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    from . import __version__, commands

    parser = argparse.ArgumentParser(prog="perturbkit", description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--version", action="version", version=f"perturbkit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for mod in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        if not mod.name.startswith("_"):
            importlib.import_module(f"{commands.__name__}.{mod.name}").add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the process exit code (2 for user errors, with a one-line message)."""
    from .errors import UserError

    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    # argparse cannot place an optional positional after options ("perturb NAME --param k=v TEXT")
    if len(extra) == 1 and not extra[0].startswith("-") and getattr(args, "text", "") is None:
        args.text = extra[0]
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except (UserError, FileNotFoundError) as exc:
        print(f"perturbkit {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
