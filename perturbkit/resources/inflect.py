"""Inflection helpers over lemminflect: put a lemma in the form a Penn tag asks for, and back.

Casing is the caller's job (see ``perturbkit.annotation.tables``): these functions take and
return lower-case words. ``None`` means lemminflect knows no form, and the caller should skip
the case rather than guess (by default no out-of-vocabulary rules: they make "happied",
"beautifuler").
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Protocol, Union

from . import filecache
from .config import cache_dir

#: Penn tags lemminflect inflects, and the universal POS each belongs to.
TAG_UPOS = {
    "VB": "VERB",
    "VBD": "VERB",
    "VBG": "VERB",
    "VBN": "VERB",
    "VBP": "VERB",
    "VBZ": "VERB",
    "MD": "AUX",
    "NN": "NOUN",
    "NNS": "NOUN",
    "NNP": "PROPN",
    "NNPS": "PROPN",
    "JJ": "ADJ",
    "JJR": "ADJ",
    "JJS": "ADJ",
    "RB": "ADV",
    "RBR": "ADV",
    "RBS": "ADV",
}
BASE_TAGS = frozenset({"VB", "NN", "NNP", "JJ", "RB", "MD"})
LEMMA_UPOS = frozenset({"VERB", "AUX", "NOUN", "PROPN", "ADJ", "ADV"})
_BE = {"VB": "be", "VBD": "was", "VBG": "being", "VBN": "been", "VBP": "are", "VBZ": "is"}


class _Tagged(Protocol):
    text: str
    tag_: str


TokenOrTag = Union[str, _Tagged]  # noqa: UP007 (a runtime alias: py3.10 cannot | a str and a Protocol)


@functools.lru_cache(maxsize=1)
def _lemminflect():
    import lemminflect

    folder = cache_dir("lemminflect", create=False)
    for cls, table, source, build in (
        (lemminflect.Inflections, "infl_dict", "infl_lu_fn", "_getInflDict"),
        (lemminflect.Lemmatizer, "lemma_dict", "lemma_lu_fn", "_getLemmaDict"),
    ):
        prime_table(cls(), table, source, build, folder, lemminflect.__version__)
    return lemminflect


_TABLE_FORMAT = 1  # bump if what is cached changes


def prime_table(owner: Any, table: str, source: str, build: str, folder: Path, version: str) -> None:
    """Give lemminflect's singleton ``owner`` its lookup table ``owner.<table>`` from a marshal
    copy in ``folder``, or let it parse ``owner.<source>`` (``owner.<build>()``) and keep a copy.

    Why: lemminflect parses its two gzipped CSVs (~100k entries) on first use, ~0.3 s per
    process; the copy reads back ~5x faster and is the same dicts. lemminflect loads a table only
    when the attribute is missing, so a primed one is used as its own; a release that keeps its
    tables differently (no such attributes) just parses its files as before.
    """
    src, builder = getattr(owner, source, None), getattr(owner, build, None)
    if hasattr(owner, table) or not isinstance(src, str) or not callable(builder):
        return
    path = filecache.keyed_path(folder, table, [Path(src)], version, _TABLE_FORMAT)
    found = filecache.load(path)
    if isinstance(found, dict) and found:
        setattr(owner, table, found)
    else:
        filecache.save(path, builder())


@functools.lru_cache(maxsize=8192)
def all_inflections(lemma: str, upos: str) -> dict[str, tuple[str, ...]]:
    """lemminflect's ``getAllInflections(lemma, upos=upos)``, memoised (lemminflect deep-copies its
    tables on every call). Shared: do not modify the result."""
    return _lemminflect().getAllInflections(lemma, upos=upos)


@functools.lru_cache(maxsize=8192)
def all_lemmas(word: str, upos: str | None = None) -> dict[str, tuple[str, ...]]:
    """lemminflect's ``getAllLemmas(word, upos)`` ({POS: lemmas}; empty for an unknown word),
    memoised and shared by every caller (lemminflect deep-copies its table entry on each call).
    Shared: do not modify the result."""
    return _lemminflect().getAllLemmas(word, upos) if upos else _lemminflect().getAllLemmas(word)


@functools.lru_cache(maxsize=8192)
def forms(lemma: str, tag: str, upos: str | None = None, oov: bool = False) -> tuple[str, ...]:
    """Every form lemminflect gives ``lemma`` for Penn ``tag`` (e.g. be+VBD -> was, were)."""
    if not lemma or tag not in TAG_UPOS or any(c.isspace() for c in lemma):
        return ()
    li = _lemminflect()
    if upos in LEMMA_UPOS:
        table = all_inflections(lemma, upos)
        key = {"NNP": "NN", "NNPS": "NNS"}.get(tag, tag)
        found = tuple(table.get(key, ()))
        if not found and oov:
            found = tuple(li.getAllInflectionsOOV(lemma, upos).get(key, ()))
        return found
    return tuple(li.getInflection(lemma, tag=tag, inflect_oov=oov))


def first_form(lemma: str, tag: str) -> str | None:
    """``lemma`` itself for VB/NN, else lemminflect's first ``tag`` form of it (its out-of-vocabulary
    rules on, as ``getInflection``'s default), or None."""
    if tag in ("VB", "NN"):
        return lemma
    found = forms(lemma, tag, oov=True)
    return found[0] if found else None


def inflect_like(lemma: str, token_or_tag: TokenOrTag, *, upos: str | None = None, oov: bool = False) -> str | None:
    """``lemma`` in the form of a Penn tag, or of a spaCy token's tag (``agree``+VBD -> ``agreed``).

    With a token, an ambiguous form is resolved by the token's own word (``were`` stays
    ``were``). Returns None when lemminflect has no form for that tag.
    """
    if isinstance(token_or_tag, str):
        tag, word = token_or_tag, None
    else:
        tag, word = token_or_tag.tag_, token_or_tag.text.lower()
    lemma = lemma.lower()
    if lemma == "be" and tag in _BE:
        return word if word in ("am", "are", "is", "was", "were") and tag in ("VBD", "VBP", "VBZ") else _BE[tag]
    if tag in BASE_TAGS and (upos is None or upos in LEMMA_UPOS):
        return lemma
    found = forms(lemma, tag, upos, oov)
    if not found:
        return None
    return word if word in found else found[0]


@functools.lru_cache(maxsize=8192)
def lemma_of(word: str, upos: str) -> str:
    """The lemma of ``word`` as part of speech ``upos`` (``went``/VERB -> ``go``); the word itself
    (lower-cased) when lemminflect does not know it or the POS does not inflect."""
    low = word.lower()
    if upos not in LEMMA_UPOS or not low or any(c.isspace() for c in low):
        return low
    found = lemmas(low, upos)
    return found[0] if found else low


@functools.lru_cache(maxsize=8192)
def lemmas(word: str, upos: str) -> tuple[str, ...]:
    """lemminflect's ``getLemma(word, upos)`` (its out-of-vocabulary rules on), memoised."""
    return tuple(_lemminflect().getLemma(word, upos=upos, lemmatize_oov=True))
