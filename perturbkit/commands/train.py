"""`perturbkit train WHAT`: fine-tune a model on perturbkit's data. Each ``WHAT`` lives in a private
module ``_train_<what>.py`` beside this one, exposing ``add_parser(subparsers)``."""

from __future__ import annotations

import argparse
import importlib
import pkgutil


def add_parser(sub: argparse._SubParsersAction) -> None:
    from . import __path__ as here

    p = sub.add_parser("train", help="fine-tune a model on perturbkit's data (a learned metric, a plot-to-story model)")
    what = p.add_subparsers(dest="what", metavar="WHAT", required=True)
    for mod in sorted(pkgutil.iter_modules(here), key=lambda m: m.name):
        if mod.name.startswith("_train_"):
            importlib.import_module(f"{__package__}.{mod.name}").add_parser(what)
