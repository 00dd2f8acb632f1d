"""``python -m perturbkit.resources``: prepare offline data (WordNet) and show what is present.

python -m perturbkit.resources prepare-wordnet [--target DIR] [--source DIR] [--force]
python -m perturbkit.resources prepare-smollm2 [--target DIR] [--force]
python -m perturbkit.resources prepare-conceptnet-antonyms --source FILE [--target FILE] [--force]
python -m perturbkit.resources status
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path


def add_prepare_wordnet_arguments(parser: argparse.ArgumentParser) -> None:
    """Options shared by this module and ``perturbkit prepare wordnet``."""
    parser.add_argument(
        "--target",
        type=Path,
        default=None,
        help="nltk data root to write corpora/wordnet into (default: <cache_dir>/nltk_data)",
    )
    parser.add_argument(
        "--source",
        type=Path,
        default=None,
        help="raw WordNet 3.0 database folder (default: $WNSEARCHDIR or /usr/share/wordnet)",
    )
    parser.add_argument("--force", action="store_true", help="rebuild even if a complete copy exists")


def run_prepare_wordnet(args: argparse.Namespace) -> int:
    """Prepare WordNet, check that it reads, print where it is."""
    from .wordnet import _open, prepare_wordnet

    corpus = prepare_wordnet(args.target, source=args.source, force=args.force)
    n = len(_open(corpus).synsets("dog"))
    print(f"WordNet ready: {corpus} ({n} synsets for 'dog')")
    return 0


def add_prepare_smollm2_arguments(parser: argparse.ArgumentParser) -> None:
    """Options shared by this module and ``perturbkit prepare smollm2``."""
    parser.add_argument(
        "--target",
        type=Path,
        default=None,
        help="folder to write the converted model into (default: <cache_dir>/models; make setup "
        "uses <venv>/share/perturbkit/models, which is searched first)",
    )
    parser.add_argument("--force", action="store_true", help="convert again even if a complete copy exists")


def run_prepare_smollm2(args: argparse.Namespace) -> int:
    """Convert SmolLM2's GGUF file once, so no run pays for it; print where it is."""
    from .models import prepare_smollm2, quiet_models

    with quiet_models():
        folder = prepare_smollm2(args.target, force=args.force)
    print(f"SmolLM2 ready: {folder}")
    return 0


def add_prepare_contradictions_arguments(parser: argparse.ArgumentParser) -> None:
    """Options shared by this module and ``perturbkit prepare conceptnet-antonyms``."""
    parser.add_argument(
        "--source",
        type=Path,
        required=True,
        help="a 'head|||/r/Relation|||tail tail ...' file (e.g. conceptnet_antonym.txt)",
    )
    parser.add_argument(
        "--target", type=Path, default=None, help="file to write (default: <cache_dir>/conceptnet/contradictions.txt)"
    )
    parser.add_argument("--force", action="store_true", help="rebuild even if the file exists")


def run_prepare_contradictions(args: argparse.Namespace) -> int:
    """Index the contradiction relations, print where they are and how many heads they cover."""
    from .contradictions import contradiction_provider, prepare_contradictions

    path = prepare_contradictions(args.source, args.target, force=args.force)
    provider = contradiction_provider(path)
    heads = len({e[0] for edges in provider._index.values() for e in edges})
    print(f"ConceptNet contradictions ready: {path} ({heads} head words)")
    return 0


def run_status(args: argparse.Namespace) -> int:
    """One line per resource: present or not, and a detail."""
    from .status import resource_status

    for name, (ok, detail) in resource_status().items():
        print(f"{'ok' if ok else '--':3} {name:22} {detail}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    from .errors import ResourceMissing

    parser = argparse.ArgumentParser(prog="python -m perturbkit.resources", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare-wordnet", help="copy Debian's WordNet into an nltk data folder")
    add_prepare_wordnet_arguments(p)
    p.set_defaults(func=run_prepare_wordnet)
    p = sub.add_parser("prepare-smollm2", help="convert the default language model once (SmolLM2 GGUF)")
    add_prepare_smollm2_arguments(p)
    p.set_defaults(func=run_prepare_smollm2)
    p = sub.add_parser("prepare-conceptnet-antonyms", help="index ConceptNet's contradiction relations")
    add_prepare_contradictions_arguments(p)
    p.set_defaults(func=run_prepare_contradictions)
    sub.add_parser("status", help="which resources are present").set_defaults(func=run_status)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except ResourceMissing as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
