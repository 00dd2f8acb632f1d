"""Clause swaps around a causal or temporal connective that stays in place ("She cried because
she lost" -> "She lost because she cried"), and the base of the two swap transforms."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ...example import Example
from ...transform import Change, Transform
from . import clauses as C
from .checks import any_in, causal_ok, has_npi, opens_with, quantity_later, temporal_ok
from .clauses import word_lowers
from .lexicon import connective_words, connectives, first_words

if TYPE_CHECKING:
    from spacy.tokens import Doc


def swap_candidates(doc: Doc, kind: str) -> list[list[Change]]:
    """All clause swaps around ``kind`` ("causal" or "temporal") connectives, each as a pair of
    Changes."""
    check = causal_ok if kind == "causal" else temporal_ok
    out: list[list[Change]] = []
    medial, initial = connective_words(kind, "medial"), connective_words(kind, "initial")
    lowers = word_lowers(doc)
    bounds = C.sentence_quotes(doc)
    for start, end, quote_free in bounds:
        if not quote_free or not (lowers[start] in initial or any_in(lowers, start + 1, end, medial)):
            continue  # (no connective: neither medial_sites nor initial_sites would find a site)
        s = doc[start:end]
        for site in C.medial_sites(doc, s, medial, allow_and=kind == "temporal"):
            main, sub = (site.left.head, site.right.head)
            if not check(site.conn, main, sub) or has_npi(doc, site.left, site.right):
                continue
            if site.left.text(doc).lower() == site.right.text(doc).lower():
                continue
            out.append(
                C.swap_changes(
                    doc, site.left, site.right, site.left_at_start, False, f"swapped clauses around {site.conn.text!r}"
                )
            )
        for ini in C.initial_sites(doc, s, initial):
            if not check(ini.conn, ini.main.head, ini.sub.head) or has_npi(doc, ini.sub, ini.main):
                continue
            if ini.sub.text(doc).lower() == ini.main.text(doc).lower():
                continue
            out.append(
                C.swap_changes(doc, ini.sub, ini.main, False, False, f"swapped clauses around {ini.conn.text!r}")
            )
    extra = quantity_later if kind == "temporal" else None
    openers = connectives(kind, "sentence")
    for (a0, a1, ok_a), (b0, b1, ok_b) in zip(bounds, bounds[1:]):
        if not (ok_a and ok_b and opens_with(doc, b0, openers, extra)):
            continue
        for site in C.sentence_sites(doc, [doc[a0:a1], doc[b0:b1]], openers, extra):
            if site.first.text(doc).lower() == site.second.text(doc).lower():
                continue
            if has_npi(doc, site.first, site.second):
                continue
            if (
                kind == "causal"
                and doc[site.conn_start].lower_ == "so"
                and doc[site.conn_start].head.i != site.second.head.i
            ):
                continue
            opener = doc[site.conn_start : site.conn_end].text
            out.append(
                C.swap_changes(
                    doc, site.first, site.second, True, False, f"swapped sentence contents around {opener!r}"
                )
            )
    return out


@dataclass(repr=False)
class ConnectiveSwap(Transform):
    """Base of ``causal_swap`` and ``temporal_swap``: swap the clauses (or two sentences'
    contents) around a ``kind`` connective, which stays in place. ``openers``: more words than
    the connectives' first words that may start a swap ("Two days later")."""

    kind: ClassVar[str] = ""
    openers: ClassVar[frozenset[str]] = frozenset()

    def applicable(self, example: Example, doc: Doc) -> bool:
        return not (first_words(self.kind) | self.openers).isdisjoint(word_lowers(doc))

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        cands = swap_candidates(doc, self.kind)
        return self.rewrite(example, rng.choice(cands)) if cands else None
