"""Annotation: one spaCy parse per distinct text, and the per-Doc tables transforms read.

- :class:`Annotator` parses texts in batches and keeps each Doc (``Level`` says how much a
  transform needs: nothing, the tokenizer, or the full pipeline);
- :mod:`.tables`: the token table, its string views, sentence bounds and spans, the Doc's text;
- :func:`per_doc`: the one memo for anything else derived from a Doc;
- :mod:`.links`: which sentences mention the same content words (edits target what the rest of
  the story depends on);
- :class:`DerivedAnnotator`: Docs of edited texts derived from their parent's Doc, re-parsing only
  the sentences that changed.

>>> from perturbkit.annotation import Annotator, token_columns
>>> ann = Annotator()                                  # doctest: +SKIP
>>> doc = ann.parse("Tom left. He was sad.")            # doctest: +SKIP
>>> token_columns(doc)["lemma"][:2]                     # doctest: +SKIP
('tom', 'leave')
"""

from __future__ import annotations

from .annotator import Annotator, Level, default_annotator, seed_text
from .derived import DerivedAnnotator
from .links import lemma_sentences, linked_sentences, sentence_index, shared_lemmas
from .memo import memo_key, per_doc
from .reparse import derive_docs
from .tables import (
    doc_text,
    frozen,
    hyphen_glued,
    sentence_bounds,
    sentence_chars,
    sentences,
    token_columns,
    token_strings,
)

__all__ = [
    "Annotator",
    "DerivedAnnotator",
    "Level",
    "default_annotator",
    "derive_docs",
    "doc_text",
    "frozen",
    "hyphen_glued",
    "lemma_sentences",
    "linked_sentences",
    "memo_key",
    "per_doc",
    "seed_text",
    "sentence_index",
    "shared_lemmas",
    "sentence_bounds",
    "sentence_chars",
    "sentences",
    "token_columns",
    "token_strings",
]
