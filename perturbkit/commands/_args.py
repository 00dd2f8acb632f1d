"""Shared command-line helpers: argparse types that reject bad numbers with a clear message, and
a name check that suggests the nearest valid name."""

from __future__ import annotations

import argparse
import difflib
from collections.abc import Iterable


def _int(s: str) -> int:
    try:
        return int(s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {s!r}") from None


def positive_int(s: str) -> int:
    """argparse type: an integer >= 1 (``--batch-size``, ``--limit``)."""
    n = _int(s)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}")
    return n


def count(s: str) -> int:
    """argparse type: an integer >= 0."""
    n = _int(s)
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {n}")
    return n


def _float(s: str) -> float:
    try:
        return float(s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {s!r}") from None


def positive_float(s: str) -> float:
    """argparse type: a number above 0 (``--lr``, ``--epochs``)."""
    v = _float(s)
    if not v > 0:
        raise argparse.ArgumentTypeError(f"must be above 0, got {v}")
    return v


def share(s: str) -> float:
    """argparse type: a number in (0, 1]."""
    v = _float(s)
    if not 0 < v <= 1:
        raise argparse.ArgumentTypeError(f"must be in (0, 1], got {v}")
    return v


def fraction(s: str) -> float:
    """argparse type: a number in [0, 1)."""
    v = _float(s)
    if not 0 <= v < 1:
        raise argparse.ArgumentTypeError(f"must be in [0, 1), got {v}")
    return v


def add_training_arguments(
    p: argparse.ArgumentParser, *, model: str, epochs: float | int, batch_size: int, lr: float
) -> None:
    """The options every ``perturbkit train WHAT`` shares, validated alike (``model`` is the help text)."""
    p.add_argument("--model", default=None, help=model)
    p.add_argument("--out", required=True, help="output folder (checkpoints and the trained model)")
    p.add_argument("--epochs", type=positive_int if isinstance(epochs, int) else positive_float, default=epochs)
    p.add_argument("--max-steps", type=positive_int, default=None, help="stop after N steps (a smoke run)")
    p.add_argument("--batch-size", type=positive_int, default=batch_size)
    p.add_argument("--lr", type=positive_float, default=lr, help=f"learning rate (default {lr:g})")
    p.add_argument("--limit", type=positive_int, default=None, help="train on the first N stories or pairs")
    p.add_argument("--seed", type=seed, default=0)
    p.add_argument("--threads", type=positive_int, default=None, help="CPU threads for torch")
    p.add_argument("--resume", action="store_true", help="continue the interrupted run in --out")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def metric_sample(s: str) -> tuple[str, int]:
    """``METRIC=N``: a metric's name (or spec) and a positive number of stories."""
    name, sep, n = s.rpartition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"expected METRIC=N (e.g. perplexity=20), got {s!r}")
    return name.strip(), positive_int(n)


def add_reading_arguments(p: argparse.ArgumentParser) -> None:
    """How ``run`` and ``generate`` read stories: --limit, --format and the column options."""
    p.add_argument("--limit", type=positive_int, default=None, metavar="N", help="read only the first N stories")
    p.add_argument(
        "--format",
        dest="fmt",
        default=None,
        metavar="FMT",
        help="input format when the extension does not say (jsonl, csv, tsv, txt, ...)",
    )
    p.add_argument("--text-col", default=None, help="column holding the story")
    p.add_argument("--context-col", default=None, help="column holding the context/prompt")
    p.add_argument("--id-col", default=None, help="column holding the id")
    p.add_argument("--reference-col", default=None, help="column holding the reference story")


def read_stories(args: argparse.Namespace) -> list:
    """The stories of ``args.data`` read with the options of :func:`add_reading_arguments`."""
    from ..io import Columns, read_examples

    columns = Columns.make(text=args.text_col, id=args.id_col, context=args.context_col, reference=args.reference_col)
    return read_examples(args.data, args.fmt, columns=columns, limit=args.limit)


def seed(s: str) -> int:
    """argparse type: any integer (a seed)."""
    return _int(s)


def check_choice(option: str, value: str | None, valid: Iterable[str]) -> None:
    """Raise InputError when ``value`` is not one of ``valid``, suggesting the nearest one."""
    from ..errors import InputError

    names = sorted(set(valid))
    if value is None or value in names:
        return
    near = difflib.get_close_matches(value, names, n=1, cutoff=0.5)
    hint = f"; did you mean {near[0]!r}?" if near else ""
    raise InputError(f"{option} {value!r} is not one of: {', '.join(names)}{hint}")
