"""The causal and temporal lexicons: connective phrases by where they stand (medial,
sentence-initial, opening a sentence), time units, and multi-word opposites."""

from __future__ import annotations

import functools

from ...resources.lexicons import table
from ...transform.flip import opposites
from .clauses import tokens_of


@functools.cache
def connectives(kind: str, where: str) -> frozenset[tuple[str, ...]]:
    """Connective phrases (token tuples) of ``kind`` ("causal"/"temporal") used at ``where``."""
    return frozenset(tokens_of(r["phrase"]) for r in table(f"{kind}_connectives.tsv") if r["where"] == where)


@functools.cache
def connective_words(kind: str, where: str) -> frozenset[str]:
    return frozenset(p[0] for p in connectives(kind, where) if len(p) == 1)


@functools.cache
def time_units() -> frozenset[str]:
    return frozenset(r["unit"] for r in table("temporal_units.tsv"))


@functools.cache
def first_words(kind: str) -> frozenset[str]:
    """First words of every ``kind`` connective: a story without one has nothing to swap."""
    return frozenset(p[0] for w in ("medial", "initial", "sentence") for p in connectives(kind, w))


@functools.cache
def phrase_table(kind: str) -> dict[tuple[str, ...], str]:
    """Multi-word opposites by token tuple ("at first" -> "at last")."""
    return {tokens_of(p): o for p, o in opposites(kind, "phrase").items()}
