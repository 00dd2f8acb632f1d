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

    A caller that does not read named entities (``skip`` holding "ENT_IOB") gets a Doc parsed
    without the ``ner`` component when the pipeline allows it (:meth:`can_skip_ner`): half of
    en_core_web_sm's time. Such Docs are cached apart and never serve a request that reads
    entities; a full request for their text runs ``ner`` alone on a copy (the tagger and parser are
    not run again) and a Doc already parsed in full serves every request.
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
        self._cache: OrderedDict[tuple[int, str] | tuple[int, str, str], Doc] = OrderedDict()
        self._lock = threading.Lock()
        self.n_parsed = 0
        self.n_tokenized = 0
        self.n_derived = 0  # Docs derived from a parent's by DerivedAnnotator views of this one
        self.n_completed = 0  # Docs parsed without ner that a later request completed with it
        self._skip_ner: bool | None = None

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

    def can_skip_ner(self) -> bool:
        """Whether the pipeline's ``ner`` can be left out and run later on its own: it is the last
        component (nothing after it reads its entities) and has its own tok2vec (it reads no
        shared layer that would have to run again)."""
        if self._skip_ner is None:
            nlp = self.nlp
            ok = bool(nlp.pipe_names) and nlp.pipe_names[-1] == "ner"
            if ok:
                from spacy.pipeline.tok2vec import Tok2VecListener

                model = nlp.get_pipe("ner").model
                ok = model.has_ref("tok2vec") and not isinstance(model.get_ref("tok2vec"), Tok2VecListener)
            self._skip_ner = ok
        return self._skip_ner

    def pipe(
        self, texts: Iterable[str], level: Level = Level.PARSE, *, skip: frozenset[str] = frozenset()
    ) -> list[Doc]:
        """Docs for ``texts`` (same order); only texts not yet cached are processed, each once.
        ``skip``: annotations the caller does not read ("ENT_IOB": no ``ner`` needed)."""
        texts = list(texts)
        if level == Level.NONE:
            return [None] * len(texts)  # type: ignore[list-item]
        lite = level == Level.PARSE and "ENT_IOB" in skip and self.can_skip_ner()
        # the text itself is the key: Python caches a str's hash, so a text met again (by every
        # transform of a batch) costs one dict lookup; a digest would hash the whole text each time
        keys: list = [(int(level), t) for t in texts]
        completing: dict[tuple[int, str], Doc] = {}
        with self._lock:
            cache = self._cache
            if level == Level.TOKENS:
                parsed = int(Level.PARSE)
                keys = [(parsed, k[1]) if k not in cache and (parsed, k[1]) in cache else k for k in keys]
            elif lite:
                keys = [k if k in cache else (*k, _NO_NER) for k in keys]
            else:
                completing = {k: cache[(*k, _NO_NER)] for k in keys if k not in cache and (*k, _NO_NER) in cache}
            todo: dict = {}
            for k, t in zip(keys, texts):
                if k not in cache and k not in todo and k not in completing:
                    todo[k] = t
        if completing:
            done = self._complete(list(completing.values()))
            with self._lock:
                for k, d in zip(completing, done):
                    cache[k] = d
                    cache.pop((*k, _NO_NER), None)
        if todo:
            new_docs = self._process(list(todo.values()), level, lite)
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

    def parse(self, text: str, level: Level = Level.PARSE, *, skip: frozenset[str] = frozenset()) -> Doc:
        """The Doc of one text (cached); ``skip`` as in :meth:`pipe`."""
        key: tuple = (int(level), text)
        with self._lock:
            doc = self._cache.get(key) if level != Level.NONE else None
            if doc is None and level == Level.TOKENS:
                key = (int(Level.PARSE), text)
                doc = self._cache.get(key)
            elif doc is None and level == Level.PARSE and "ENT_IOB" in skip:
                key = (*key, _NO_NER)
                doc = self._cache.get(key)
            if doc is not None:
                self._cache.move_to_end(key)
                return doc
        return self.pipe([text], level, skip=skip)[0]

    def _process(self, texts: Sequence[str], level: Level, lite: bool = False) -> list[Doc]:
        nlp = self.nlp
        if level == Level.TOKENS:
            self.n_tokenized += len(texts)
            docs = [nlp.make_doc(t) for t in texts]
        else:
            self.n_parsed += len(texts)
            docs = list(nlp.pipe(texts, batch_size=self.batch_size, disable=["ner"] if lite else []))
        for doc, text in zip(docs, texts):
            seed_text(doc, text)  # spaCy's tokenizer is lossless: doc.text == text
        return docs

    def _complete(self, docs: Sequence[Doc]) -> list[Doc]:
        """Copies of Docs parsed without ``ner``, with its entities (the originals stay as they
        were: what was computed from them and memoised per Doc must not change)."""
        self.n_completed += len(docs)
        copies = [d.copy() for d in docs]
        for c in copies:
            c.user_data.clear()  # the per-Doc tables memoised from the copy's entity-less columns
        out = list(self.nlp.get_pipe("ner").pipe(copies, batch_size=self.batch_size))
        for doc, old in zip(out, docs):
            seed_text(doc, doc_text(old))
        return out

    def clear(self) -> None:
        with self._lock:
            self._cache.clear()


_default: Annotator | None = None
_NO_NER = "no-ner"  # the third part of the cache key of a Doc parsed without ner


def seed_text(doc: Doc, text: str) -> None:
    """Keep the text a Doc was made from (spaCy rebuilds ``doc.text`` from every token)."""
    doc_text.seed(doc, text)


def default_annotator() -> Annotator:
    """The process-wide shared Annotator (created on first use, not at import)."""
    global _default
    if _default is None:
        _default = Annotator()
    return _default
