"""Per-Doc tables every transform reads: the token table (one ``doc.to_array`` call), its string
views, sentence bounds and character spans, the Doc's text. Each is computed once per Doc and kept
in it (:func:`~perturbkit.annotation.memo.per_doc`), as tuples of numbers and strings.

>>> cols = token_columns(doc)                 # doctest: +SKIP
>>> cols["lower"][0], cols["HEAD"][0]          # doctest: +SKIP
('tom', 1)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .memo import per_doc

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span


def sentences(doc: Doc) -> list[Span]:
    """The doc's sentences that contain something other than whitespace; a sentence the parser
    ran across a line break (paragraph) is split there (bounds from :func:`sentence_bounds`)."""
    from spacy.tokens import Span

    return [Span(doc, a, b) for a, b in sentence_bounds(doc)]  # as doc[a:b], without its checks (3x faster)


@per_doc
def sentence_bounds(doc: Doc) -> tuple[tuple[int, int], ...]:
    """(start, end) token indices of :func:`sentences`, as plain ints (the Doc still serialises)."""
    space = doc.to_array("IS_SPACE").tolist()
    breaks = [i for i, sp in enumerate(space) if sp and "\n" in doc[i].text]
    found = []
    for s in doc.sents:
        start, end = s.start, s.end
        for i in breaks:
            if start <= i < end:
                if start < i and not all(space[start:i]):
                    found.append((start, i))
                start = i + 1
        if start < end and not all(space[start:end]):
            found.append((start, end))
    return tuple(found)


@per_doc
def sentence_chars(doc: Doc) -> tuple[tuple[int, int], ...]:
    """(start_char, end_char) of each of :func:`sentences` (``Span.start_char``/``end_char``),
    from the token table: a Span costs three spaCy Token objects to build, and most callers only
    slice the text."""
    cols = token_columns(doc)
    idx, length = cols["IDX"], cols["LENGTH"]
    return tuple((idx[a], idx[b - 1] + length[b - 1]) for a, b in sentence_bounds(doc))


_COL_ATTRS = (
    "LOWER",
    "LEMMA",
    "POS",
    "TAG",
    "DEP",
    "ENT_TYPE",
    "ENT_IOB",
    "IS_PUNCT",
    "IS_SPACE",
    "IS_ALPHA",
    "IS_STOP",
    "LIKE_NUM",
    "IDX",
    "LENGTH",
    "SPACY",
    "HEAD",
    "SENT_START",
)
_N_UNSIGNED = len(_COL_ATTRS) - 2  # HEAD and SENT_START are signed (to_array stores them as uint64)


@functools.lru_cache(maxsize=1)
def _col_ids() -> list[int]:
    """spaCy's ids of ``_COL_ATTRS`` (``to_array`` looks names up on every call)."""
    from spacy.attrs import intify_attr

    return [intify_attr(a) for a in _COL_ATTRS]


@per_doc
def token_columns(doc: Doc) -> dict[str, tuple]:
    """Every token's attributes as plain tuples, read with one ``doc.to_array`` call, so transforms
    scan indices instead of building a spaCy Token object per look. Keys are spaCy attribute names
    with the ids ``to_array`` gives (``HEAD`` made absolute: the head's index), plus ``"lower"``
    (the lower-cased words) and ``"lemma"`` (the lower-cased lemmas) as strings. Shared by every
    transform that reads the same Doc; tuples, see :func:`frozen`."""
    import numpy

    arr = doc.to_array(_col_ids())
    cols = {k: tuple(v) for k, v in zip(_COL_ATTRS, numpy.ascontiguousarray(arr[:, :_N_UNSIGNED].T).tolist())}
    signed = numpy.ascontiguousarray(arr[:, _N_UNSIGNED:].T).astype(numpy.int64)
    signed[0] += numpy.arange(len(doc), dtype=numpy.int64)
    cols["HEAD"], cols["SENT_START"] = (tuple(v) for v in signed.tolist())
    strings = doc.vocab.strings
    cols["lower"] = tuple([strings[h] for h in cols["LOWER"]])
    cols["lemma"] = tuple([strings[h].lower() for h in cols["LEMMA"]])
    return cols


@per_doc
def token_strings(doc: Doc) -> dict[str, tuple]:
    """The token table's string views, built from :func:`token_columns`: ``"text"`` (each token's
    text), ``"pos"``, ``"tag"`` and ``"dep"`` (labels) and ``"children"`` (each token's
    dependents' indices, in order, as ``Token.children``)."""
    from spacy.parts_of_speech import NAMES

    cols = token_columns(doc)
    text, strings = doc_text(doc), doc.vocab.strings
    children: dict[int, list[int]] = {}
    for i, h in enumerate(cols["HEAD"]):
        if h != i:
            children.setdefault(h, []).append(i)
    return {
        "text": tuple([text[i : i + n] for i, n in zip(cols["IDX"], cols["LENGTH"])]),
        "pos": tuple([NAMES.get(p, "") for p in cols["POS"]]),
        "tag": tuple([strings[t] for t in cols["TAG"]]),
        "dep": tuple([strings[d] for d in cols["DEP"]]),
        "children": tuple([tuple(children[i]) if i in children else () for i in range(len(cols["HEAD"]))]),
    }


def frozen(rows: Iterable[Any]) -> tuple:
    """``rows`` as a tuple of tuples, the form per-Doc tables are kept in: the garbage collector
    stops tracking a tuple that holds only numbers and strings, and a list is scanned in every
    full collection (tables of thousands of parsed Docs made a sixth of the library's run time
    garbage collection)."""
    return tuple(r if isinstance(r, tuple) else tuple(r) for r in rows)


_JOINERS = frozenset({"-", "/", "\u2013"})


def hyphen_glued(doc: Doc) -> set[int]:
    """Indices of the tokens that are pieces of a hyphenated or slashed word ("long-time",
    "and/or"): a hyphen, slash or en dash joins them to a neighbour with no space between, so
    replacing one alone would split a word. One scan per call (joiners are rare)."""
    space, text = token_columns(doc)["SPACY"], token_strings(doc)["text"]
    out: set[int] = set()
    for j, t in enumerate(text):
        if t in _JOINERS:
            if j > 0 and not space[j - 1]:
                out.add(j - 1)
            if j + 1 < len(text) and not space[j]:
                out.add(j + 1)
    return out


@per_doc
def doc_text(doc: Doc) -> str:
    """``doc.text``, kept in the Doc: spaCy joins every token on each access, and transforms read
    the text of the same parse many times (the Annotator seeds it with the text it parsed)."""
    return doc.text
