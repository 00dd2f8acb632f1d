"""`perturbkit prepare wordnet|smollm2|conceptnet-antonyms`: prepare offline data once (``make setup`` runs both; same as
``python -m perturbkit.resources``)."""

from __future__ import annotations

import argparse


def add_parser(sub: argparse._SubParsersAction) -> None:
    from ..resources.__main__ import (
        add_prepare_contradictions_arguments,
        add_prepare_smollm2_arguments,
        add_prepare_wordnet_arguments,
        run_prepare_contradictions,
        run_prepare_smollm2,
        run_prepare_wordnet,
    )

    p = sub.add_parser("prepare", help="prepare offline data (WordNet, the SmolLM2 language model)")
    what = p.add_subparsers(dest="resource", metavar="RESOURCE", required=True)
    wn = what.add_parser("wordnet", help="copy /usr/share/wordnet into an nltk data folder, adding lexnames")
    add_prepare_wordnet_arguments(wn)
    wn.set_defaults(func=run_prepare_wordnet)
    lm = what.add_parser("smollm2", help="convert SmolLM2's GGUF file once (about 20 s), so no run pays for it")
    add_prepare_smollm2_arguments(lm)
    lm.set_defaults(func=run_prepare_smollm2)
    cn = what.add_parser(
        "conceptnet-antonyms",
        help="index ConceptNet's Antonym/NotDesires/NotCapableOf/NotHasProperty lines for plot_contradiction_insertion",
    )
    add_prepare_contradictions_arguments(cn)
    cn.set_defaults(func=run_prepare_contradictions)
