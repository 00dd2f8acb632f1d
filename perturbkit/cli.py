"""The ``perturbkit`` command line. Each subcommand lives in ``perturbkit/commands/<name>.py`` and
exposes ``add_parser(subparsers)``, which registers itself and sets ``func(args) -> int`` (and
optionally ``interrupted(args) -> str``: what Ctrl-C leaves behind, printed as one line)."""

from __future__ import annotations

import argparse
import difflib
import importlib
import pkgutil
import re
import sys
import warnings
from collections.abc import Sequence
from typing import Any, NoReturn

DESCRIPTION = """\
perturbkit: behavioural tests for story-generation metrics, CheckList style.

It perturbs human-written stories into coherence-breaking variants (repetition, reordering,
negation, antonyms, pronoun swaps, ...) and meaning-preserving ones (synonyms, typos, passive
voice, ...), scores originals and variants with your metric, and reports how well the metric
tells them apart.

main commands:
  perturbkit list                                  the transforms, with an example of each
  perturbkit perturb sentence_shuffle "He woke. He ate. He left."
  perturbkit perturb typos -i stories.jsonl -o typos.jsonl
  perturbkit run demo --data stories.jsonl --metric ngram_repetition --out report.json
  perturbkit generate demo --data stories.jsonl --out cases.jsonl  the same run in three steps
  perturbkit score cases.jsonl --metric ngram_repetition --out scores.jsonl
  perturbkit run demo --cases cases.jsonl --scores scores.jsonl --out report.json
  perturbkit report report.json --html report.html
  perturbkit doctor                                which resources and extras are installed
"""

EPILOG = "Run `perturbkit COMMAND --help` for a command's options. Documentation: docs/ in the source tree."

EXIT_INTERRUPTED = 130  # the shell's convention for a process stopped by SIGINT (128 + 2)


class UsageError(Exception):
    """A command line argparse rejects (raised instead of argparse's exit, printed as one line)."""


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors: ``perturbkit run: error: --limit: must be at least 1, got 0
    (see `perturbkit run --help`)`` instead of the usage block followed by the message."""

    def error(self, message: str) -> NoReturn:
        message = re.sub(r"^argument ([^:]+): ", r"\1: ", message)
        bad = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if bad:
            near = difflib.get_close_matches(bad.group(1), re.findall(r"'([^']*)'", bad.group(2)), n=1)
            message += f"; did you mean {near[0]!r}?" if near else ""
        raise UsageError(f"{self.prog}: error: {message} (see `{self.prog} --help`)")


def build_parser() -> argparse.ArgumentParser:
    from . import __version__, commands

    parser = _Parser(
        prog="perturbkit",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"perturbkit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for mod in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        if not mod.name.startswith("_"):
            importlib.import_module(f"{commands.__name__}.{mod.name}").add_parser(sub)
    return parser


def _show_warning(message: Any, category: type[Warning], filename: str, lineno: int, *rest: Any, **kw: Any) -> None:
    """perturbkit's own warnings as one line (no source file and line: they are for users)."""
    if category.__module__.split(".")[0] == "perturbkit":
        print(f"perturbkit: {category.__name__}: {str(message).removeprefix('perturbkit: ')}", file=sys.stderr)
    else:
        _default_show(message, category, filename, lineno, *rest, **kw)


_default_show = warnings.showwarning


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the process exit code: 2 for user errors (with a one-line message),
    130 after Ctrl-C (one line saying what was saved and how to resume). Run as the program
    (``argv`` None), perturbkit's own warnings print as one line each."""
    parsed: dict[str, argparse.Namespace] = {}  # filled once the arguments are parsed
    with warnings.catch_warnings():
        if argv is None:  # the program itself (not a call from Python code that may record warnings)
            warnings.showwarning = _show_warning
        try:
            return _run(argv, parsed)
        except KeyboardInterrupt:
            print(_interrupted(parsed.get("args")), file=sys.stderr)
            return EXIT_INTERRUPTED


def _run(argv: Sequence[str] | None, parsed: dict[str, argparse.Namespace]) -> int:
    from .errors import UserError

    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        parsed["args"] = args
        # argparse cannot place an optional positional after options ("perturb NAME --param k=v TEXT")
        if len(extra) == 1 and not extra[0].startswith("-") and getattr(args, "text", "") is None:
            args.text = extra[0]
        elif extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
    except UsageError as exc:
        print(exc, file=sys.stderr)
        return 2
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


def _interrupted(args: argparse.Namespace | None) -> str:
    """The one line printed after Ctrl-C: the command's own note on what was saved, if it has one."""
    command = getattr(args, "command", None)
    note = getattr(args, "interrupted", None)
    try:
        message = note(args) if note else "interrupted"
    except Exception:  # the note must never turn Ctrl-C into a traceback
        message = "interrupted"
    return f"perturbkit{' ' + command if command else ''}: {message}"


if __name__ == "__main__":
    sys.exit(main())
