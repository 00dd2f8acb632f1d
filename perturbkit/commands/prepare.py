"""`perturbkit prepare wordnet`: prepare offline data (same as ``python -m perturbkit.resources``)."""

from __future__ import annotations

import argparse


def add_parser(sub: argparse._SubParsersAction) -> None:
    from ..resources.__main__ import add_prepare_wordnet_arguments, run_prepare_wordnet

    p = sub.add_parser("prepare", help="prepare offline data (WordNet from Debian's wordnet-base)")
    what = p.add_subparsers(dest="resource", metavar="RESOURCE", required=True)
    wn = what.add_parser("wordnet", help="copy /usr/share/wordnet into an nltk data folder, adding lexnames")
    add_prepare_wordnet_arguments(wn)
    wn.set_defaults(func=run_prepare_wordnet)
