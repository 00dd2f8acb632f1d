"""The project's own word lists, shipped as small text files in ``resources/lexicons/``.

File format: UTF-8, one entry per line, ``#`` starts a comment. A *list* file has one word or
phrase per line; a *table* file has tab-separated columns (e.g. ``before<TAB>after``), the first
non-comment line being the header.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from importlib import resources

from .errors import ResourceMissing


def _lines(name: str) -> Iterator[str]:
    try:
        text = resources.files("perturbkit.resources").joinpath("lexicons", name).read_text("utf-8")
    except FileNotFoundError:
        raise ResourceMissing(
            f"lexicon {name!r}", "pip install --force-reinstall perturbkit", "the package data is incomplete"
        ) from None
    for line in text.splitlines():
        line = line.split("#", 1)[0].rstrip()
        if line.strip():
            yield line


@functools.cache
def word_list(name: str) -> frozenset[str]:
    """A list lexicon as a set of lower-cased entries, e.g. ``word_list("negation_words.txt")``."""
    return frozenset(line.strip().lower() for line in _lines(name))


@functools.cache
def table(name: str) -> tuple[dict[str, str], ...]:
    """A tab-separated lexicon as rows keyed by its header."""
    rows = [line.split("\t") for line in _lines(name)]
    if not rows:
        return ()
    header = [h.strip() for h in rows[0]]
    out = []
    for i, r in enumerate(rows[1:], 2):
        if len(r) != len(header):
            raise ValueError(f"lexicon {name}: row {i} has {len(r)} fields, header has {len(header)}")
        out.append({h: v.strip() for h, v in zip(header, r)})
    return tuple(out)


@functools.cache
def pairs(name: str, symmetric: bool = True) -> dict[str, str]:
    """A two-column table as a mapping (both directions when ``symmetric``)."""
    out: dict[str, str] = {}
    for row in table(name):
        a, b = list(row.values())[:2]
        out.setdefault(a.lower(), b.lower())
        if symmetric:
            out.setdefault(b.lower(), a.lower())
    return out


@functools.cache
def phrases_by_first_word(name: str) -> dict[str, tuple[tuple[str, ...], ...]]:
    """A list lexicon of phrases indexed by first word, so matching costs one lookup per token.

    The phrases under each word come in sorted order (a ``word_list`` is a set, whose order changes
    between runs). Example: ``phrases_by_first_word("fixed_expressions.txt")["of"]`` holds ``("of", "course")``.
    """
    out: dict[str, list[tuple[str, ...]]] = {}
    for e in sorted(word_list(name)):
        words = tuple(e.split())
        out.setdefault(words[0], []).append(words)
    return {k: tuple(v) for k, v in out.items()}


@functools.cache
def verb_class(name: str) -> frozenset[str]:
    """The lemmas of one class of ``verb_classes.tsv`` (one file for every verb class the transforms
    share, so a verb added for one job is seen next to the others). Example:
    ``"want" in verb_class("desire")``; an unknown class name raises ``KeyError``.
    """
    rows = table("verb_classes.tsv")
    known = {c for r in rows for c in r["classes"].split(",")}
    if name not in known:
        raise KeyError(f"verb_classes.tsv has no class {name!r} (known: {', '.join(sorted(known))})")
    return frozenset(r["lemma"].lower() for r in rows if name in r["classes"].split(","))
