"""An Annotator view that derives the Docs of variant texts from their parents' Docs.

A variant shares most of its sentences with the text it was made from. When the caller knows the
parent (a chain knows each step's input; a suite knows which story every negative came from),
registering the (parent text, variant text) pair lets the view build the variant's Doc from the
parent's with :func:`~perturbkit.annotation.reparse.derive_docs`, re-parsing only the sentences
that changed, instead of parsing the whole variant again.

>>> view = DerivedAnnotator(annotator)                       # doctest: +SKIP
>>> view.add_parents([(story.text, negative.text)])           # doctest: +SKIP
>>> doc = view.parse(negative.text)   # derived from the story's Doc, on first request  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .annotator import Level
from .reparse import derive_docs
from .reparse_match import SentenceBank, attrs

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc


class DerivedAnnotator:
    """An Annotator view: whole parses come from ``base`` (and its cache); a text registered with
    :meth:`add_parents` gets a Doc derived from its parent's Doc the first time it is asked for,
    in one batch with every other registered text of that request (with ``bank``: with every
    registered text not yet derived).

    Derived Docs live only in this view, so they never stand in for a whole parse of the same text
    elsewhere: an Annotator's results do not depend on which views were used before. A derived Doc
    also serves ``Level.TOKENS`` requests (its tokens are the tokenizer's: it is built from whole
    sentences and from words the tokenizer split). A text whose Doc cannot be derived (unusual
    whitespace) is parsed whole by ``base``. ``n_derived`` counts derived Docs (also added to the
    base's ``n_derived``).

    With ``bank=True`` every derivation may also copy a sentence found verbatim in any parent
    the view has read, give a substituted function word the row of the same word with the same
    tag there (:class:`~perturbkit.annotation.reparse_match.SentenceBank`), derive exchanged and
    repeated phrases (:mod:`~perturbkit.annotation.reparse_rewrites`) and rebuild paragraph
    breaks: fewer sentences are parsed again, but a Doc then depends on the other parents in the
    view, not on its own parent alone.

    A view is meant for one run (a chain's rounds, a suite's generation) and is not thread-safe;
    the base Annotator is.
    """

    def __init__(self, base: Any, *, bank: bool = False) -> None:
        self.base = base
        self.docs: dict[str, Doc] = {}
        self._parent: dict[str, str] = {}
        self._bank: SentenceBank | None = None
        self._use_bank = bank
        self.n_derived = 0

    @property
    def nlp(self) -> Language:
        return self.base.nlp

    def require(self, needs: Iterable[str], who: str) -> None:
        """As :meth:`Annotator.require` (the base's pipeline)."""
        self.base.require(needs, who)

    def add_parents(self, pairs: Iterable[tuple[str, str]]) -> None:
        """Register (parent text, text) pairs; each text's Doc is derived when first requested.
        The first parent registered for a text is kept; a text equal to its parent, blank, or
        already derived is ignored."""
        parent_of, docs = self._parent, self.docs
        for parent, text in pairs:
            if text != parent and text not in docs and text not in parent_of and text.strip():
                parent_of[text] = parent

    def derive(self, pairs: Iterable[tuple[str, str]]) -> None:
        """Register (parent text, text) pairs and derive their Docs now."""
        pairs = list(pairs)
        self.add_parents(pairs)
        self._derive(list(dict.fromkeys(t for _, t in pairs if t in self._parent)))

    def pipe(
        self, texts: Iterable[str], level: Level = Level.PARSE, *, skip: frozenset[str] = frozenset()
    ) -> list[Doc]:
        """Docs for ``texts`` (same order): derived for registered texts, else from ``base``
        (``skip`` is accepted and ignored: every Doc here is a full parse)."""
        texts = list(texts)
        if level == Level.NONE:
            return [None] * len(texts)  # type: ignore[list-item]
        docs, parent_of = self.docs, self._parent
        if level == Level.PARSE:
            todo = [t for t in dict.fromkeys(texts) if t in parent_of and t not in docs]
            if todo and self._use_bank:
                # with the bank a Doc depends on the batch it was derived in: every pending
                # registration goes at once, so no Doc depends on which texts a transform asked
                # for first (a text-level pre-check such as ``possible`` skips some)
                todo = list(parent_of)
            if todo:
                self._derive(todo)
        rest = [t for t in texts if t not in docs]
        got = dict(zip(rest, self.base.pipe(rest, level))) if rest else {}
        return [docs[t] if t in docs else got[t] for t in texts]

    def parse(self, text: str, level: Level = Level.PARSE, *, skip: frozenset[str] = frozenset()) -> Doc:
        """The Doc of one text (derived if registered)."""
        doc = self.docs.get(text)
        if doc is not None and level != Level.NONE:
            return doc
        return self.pipe([text], level)[0]

    def _derive(self, texts: list[str]) -> None:
        """Derive the Docs of registered ``texts`` (one batch); the parents' Docs come from this
        view, so a parent that is itself a registered variant is derived first. A registration is
        dropped once used, so a cycle of registrations ends in a whole parse."""
        parent_of = self._parent
        parents = [parent_of.pop(t) for t in texts]
        parent_docs = self.pipe(parents, Level.PARSE)
        if self._use_bank and self._bank is None:
            self._bank = SentenceBank(attrs())
        docs = derive_docs(self.base.nlp, list(zip(parent_docs, texts)), parse=self.base.pipe, bank=self._bank)
        n = 0
        for text, doc in zip(texts, docs):
            if doc is not None:
                self.docs[text] = doc
                n += 1
        self.n_derived += n
        if hasattr(self.base, "n_derived"):
            self.base.n_derived += n
