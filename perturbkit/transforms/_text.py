"""Small text helpers shared by transforms (sentence spans, casing, tokenised-text detection)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..annotate import DOC_TEXT_KEY

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

_SENTS_KEY = "perturbkit.sentence_bounds"
_TOKENISED = re.compile(r"\w \.(\s|$)|\w ,\s| n't\b| '(s|re|ve|ll|d|m)\b")


def sentences(doc: Doc) -> list[Span]:
    """The doc's sentences that contain something other than whitespace; a sentence the parser
    ran across a line break (paragraph) is split there (bounds from :func:`sentence_bounds`)."""
    from spacy.tokens import Span

    return [Span(doc, a, b) for a, b in sentence_bounds(doc)]  # as doc[a:b], without its checks (3x faster)


def sentence_bounds(doc: Doc) -> tuple[tuple[int, int], ...]:
    """(start, end) token indices of :func:`sentences`, computed once per Doc (kept in
    ``doc.user_data`` as plain ints, so the Doc still serialises; see :func:`frozen`)."""
    bounds = doc.user_data.get(_SENTS_KEY)
    if bounds is None:
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
        bounds = doc.user_data[_SENTS_KEY] = tuple(found)
    return bounds


_CHARS_KEY = "pk_sentence_chars"


def sentence_chars(doc: Doc) -> tuple[tuple[int, int], ...]:
    """(start_char, end_char) of each of :func:`sentences` (``Span.start_char``/``end_char``),
    from the token table: a Span costs three spaCy Token objects to build, and most callers only
    slice the text. Computed once per Doc."""
    found = doc.user_data.get(_CHARS_KEY)
    if found is None:
        cols = token_columns(doc)
        idx, length = cols["IDX"], cols["LENGTH"]
        found = doc.user_data[_CHARS_KEY] = tuple((idx[a], idx[b - 1] + length[b - 1]) for a, b in sentence_bounds(doc))
    return found


_COLS_KEY = "pk_columns"
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


def token_columns(doc: Doc) -> dict[str, tuple]:
    """Every token's attributes as plain lists, read once per Doc with ``doc.to_array`` and kept in
    ``doc.user_data`` (plain data: the Doc still pickles), so transforms scan indices instead of
    building a spaCy Token object per look. Keys are spaCy attribute names with the ids
    ``to_array`` gives (``HEAD`` made absolute: the head's index), plus ``"lower"`` (the
    lower-cased words) and ``"lemma"`` (the lower-cased lemmas) as strings. Shared by every
    transform that reads the same Doc; tuples, see :func:`frozen`."""
    cols = doc.user_data.get(_COLS_KEY)
    if cols is None:
        import numpy

        arr = doc.to_array(_col_ids())
        cols = {k: tuple(v) for k, v in zip(_COL_ATTRS, numpy.ascontiguousarray(arr[:, :_N_UNSIGNED].T).tolist())}
        signed = numpy.ascontiguousarray(arr[:, _N_UNSIGNED:].T).astype(numpy.int64)
        signed[0] += numpy.arange(len(doc), dtype=numpy.int64)
        cols["HEAD"], cols["SENT_START"] = (tuple(v) for v in signed.tolist())
        strings = doc.vocab.strings
        cols["lower"] = tuple([strings[h] for h in cols["LOWER"]])
        cols["lemma"] = tuple([strings[h].lower() for h in cols["LEMMA"]])
        doc.user_data[_COLS_KEY] = cols
    return cols


_STRS_KEY = "pk_strings"


def token_strings(doc: Doc) -> dict[str, tuple]:
    """The token table's string views, built once per Doc from :func:`token_columns` and kept
    beside it: ``"text"`` (each token's text), ``"pos"``, ``"tag"`` and ``"dep"`` (labels) and
    ``"children"`` (each token's dependents' indices, in order, as ``Token.children``)."""
    out = doc.user_data.get(_STRS_KEY)
    if out is None:
        from spacy.parts_of_speech import NAMES

        cols = token_columns(doc)
        text, strings = doc_text(doc), doc.vocab.strings
        children: dict[int, list[int]] = {}
        for i, h in enumerate(cols["HEAD"]):
            if h != i:
                children.setdefault(h, []).append(i)
        out = doc.user_data[_STRS_KEY] = {
            "text": tuple([text[i : i + n] for i, n in zip(cols["IDX"], cols["LENGTH"])]),
            "pos": tuple([NAMES.get(p, "") for p in cols["POS"]]),
            "tag": tuple([strings[t] for t in cols["TAG"]]),
            "dep": tuple([strings[d] for d in cols["DEP"]]),
            "children": tuple([tuple(children[i]) if i in children else () for i in range(len(cols["HEAD"]))]),
        }
    return out


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


def doc_text(doc: Doc) -> str:
    """``doc.text``, cached in ``doc.user_data``: spaCy joins every token on each access, and
    transforms read the text of the same parse many times."""
    text = doc.user_data.get(DOC_TEXT_KEY)
    if text is None:
        text = doc.user_data[DOC_TEXT_KEY] = doc.text
    return text


def is_tokenised(text: str) -> bool:
    """True for released-corpus style text ("he did n't go ."), where punctuation is spaced."""
    return bool(_TOKENISED.search(text))


def match_case(model: str, word: str) -> str:
    """``word`` with the capitalisation pattern of ``model`` (lower, Title or UPPER)."""
    if len(model) > 1 and model.isupper():
        return word.upper()
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    if model[:1].islower() and word[:1].isupper() and not word.isupper():
        return word[:1].lower() + word[1:]
    return word


def is_word(tok: Token) -> bool:
    """An alphabetic token (letters only, any script)."""
    return tok.is_alpha


def sentence_span_text(doc: Doc, start: int, end: int) -> str:
    return doc_text(doc)[start:end]
