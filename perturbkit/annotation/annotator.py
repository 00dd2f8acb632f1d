"""The Annotator: one spaCy parse per distinct text, shared by every transform.

Transforms never call spaCy. They declare the annotation level they need (``Level``) and the
Annotator computes only that, in batches with ``nlp.pipe``, caching each ``Doc`` by its text so
the same story perturbed by twenty transforms is parsed once.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import TYPE_CHECKING

from .tables import doc_text

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc


class Level(IntEnum):
    """How much annotation a transform needs. Higher levels are computed by the full pipeline."""

    NONE = 0  # raw text only: the transform receives ``doc=None``
    TOKENS = 1  # spaCy tokenizer only (fast; no POS, no sentences)
    PARSE = 2  # the full pipeline: POS, lemmas, dependencies, sentences, entities


class Annotator:
    """Parse texts once, batched, cached by (level, text).

    ``nlp`` is any spaCy ``Language`` object, or the package name or path of one (loaded on first
    use; default: ``settings.spacy_model`` / ``PERTURBKIT_SPACY_MODEL``, else en_core_web_sm).
    Transforms check that it provides what they read (:meth:`require`).

    >>> ann = Annotator()                      # doctest: +SKIP
    >>> docs = ann.pipe(["He left.", "She stayed."])  # one nlp.pipe call  # doctest: +SKIP
    >>> ann.parse("He left.") is docs[0]       # cached  # doctest: +SKIP
    True
    >>> Annotator("en_core_web_md"), Annotator(Path("models/my_pipeline"))  # doctest: +SKIP

    ``n_parsed`` counts texts sent through the pipeline (what tests use to prove one parse per
    text); ``max_cached`` bounds memory for long runs (least recently used docs are dropped).
    A text already parsed serves a ``Level.TOKENS`` request with its parsed Doc: the tokens are
    the same (the pipeline only adds annotations), so it is not tokenized into a second Doc;
    tokens-level transforms read only what the tokenizer sets.
    """

    def __init__(
        self,
        nlp: Language | str | os.PathLike[str] | None = None,
        *,
        model: str | None = None,
        batch_size: int = 64,
        max_cached: int = 20000,
    ) -> None:
        if isinstance(nlp, (str, os.PathLike)):  # a package name or a path: loaded on first use
            nlp, model = None, os.fspath(nlp)
        self._nlp = nlp
        self._model = model
        self.batch_size = batch_size
        self.max_cached = max_cached
        self._cache: OrderedDict[tuple[int, str], Doc] = OrderedDict()
        self._lock = threading.Lock()
        self.n_parsed = 0
        self.n_tokenized = 0
        self.n_derived = 0  # Docs derived from a parent's by DerivedAnnotator views of this one

    @property
    def nlp(self) -> Language:
        if self._nlp is None:
            from ..resources.spacy_model import load_nlp

            self._nlp = load_nlp(self._model)
        return self._nlp

    def require(self, needs: Iterable[str], who: str) -> None:
        """Raise :class:`~perturbkit.errors.AnnotationMissing` naming ``who`` when the pipeline
        lacks any of ``needs`` (``Doc.has_annotation`` names: "TAG", "DEP", ...). Nothing is
        loaded when ``needs`` is empty."""
        needs = frozenset(needs)
        if needs:
            from .capabilities import require

            require(self.nlp, needs, who)

    def pipe(self, texts: Iterable[str], level: Level = Level.PARSE) -> list[Doc]:
        """Docs for ``texts`` (same order); only texts not yet cached are processed, each once."""
        texts = list(texts)
        if level == Level.NONE:
            return [None] * len(texts)  # type: ignore[list-item]
        # the text itself is the key: Python caches a str's hash, so a text met again (by every
        # transform of a batch) costs one dict lookup; a digest would hash the whole text each time
        keys = [(int(level), t) for t in texts]
        with self._lock:
            if level == Level.TOKENS:
                parsed = int(Level.PARSE)
                keys = [(parsed, k[1]) if k not in self._cache and (parsed, k[1]) in self._cache else k for k in keys]
            todo: dict[tuple[int, str], str] = {}
            for k, t in zip(keys, texts):
                if k not in self._cache and k not in todo:
                    todo[k] = t
        if todo:
            new_docs = self._process(list(todo.values()), level)
            with self._lock:
                for k, d in zip(todo, new_docs):
                    self._cache[k] = d
        with self._lock:
            out = []
            for k in keys:
                self._cache.move_to_end(k)
                out.append(self._cache[k])
            while len(self._cache) > max(self.max_cached, len(keys)):
                self._cache.popitem(last=False)
        return out

    def parse(self, text: str, level: Level = Level.PARSE) -> Doc:
        """The Doc of one text (cached)."""
        key = (int(level), text)
        with self._lock:
            doc = self._cache.get(key) if level != Level.NONE else None
            if doc is None and level == Level.TOKENS:
                key = (int(Level.PARSE), text)
                doc = self._cache.get(key)
            if doc is not None:
                self._cache.move_to_end(key)
                return doc
        return self.pipe([text], level)[0]

    def _process(self, texts: Sequence[str], level: Level) -> list[Doc]:
        nlp = self.nlp
        if level == Level.TOKENS:
            self.n_tokenized += len(texts)
            docs = [nlp.make_doc(t) for t in texts]
        else:
            self.n_parsed += len(texts)
            docs = list(nlp.pipe(texts, batch_size=self.batch_size))
        for doc, text in zip(docs, texts):
            seed_text(doc, text)  # spaCy's tokenizer is lossless: doc.text == text
        return docs

    def clear(self) -> None:
        with self._lock:
            self._cache.clear()


_default: Annotator | None = None


def seed_text(doc: Doc, text: str) -> None:
    """Keep the text a Doc was made from (spaCy rebuilds ``doc.text`` from every token)."""
    doc_text.seed(doc, text)


def default_annotator() -> Annotator:
    """The process-wide shared Annotator (created on first use, not at import)."""
    global _default
    if _default is None:
        _default = Annotator()
    return _default
