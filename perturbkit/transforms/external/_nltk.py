"""NLTK data the adapted libraries read, found or written offline before they are imported.

TextAttack reads NLTK's English stop words when it is imported and WordNet through ``nltk.corpus``;
CheckList's ``pattern`` wants ``wordnet_ic`` and ``sentiwordnet`` at import and downloads them when
missing. Downloads fail here, so: perturbkit's nltk data root (in the cache dir) goes on nltk's
path, spaCy's English stop words are written there as ``corpora/stopwords/english`` when nltk has no
stop words, and the WordNet copy perturbkit reads (:mod:`perturbkit.resources.wordnet`) is put on
the path too. ``pattern``'s WordNet module, which none of CheckList's ``Perturb`` functions use, is
replaced by an empty module when its corpora are missing, so importing CheckList downloads nothing.
"""

from __future__ import annotations

import functools
import sys
import types
from pathlib import Path

from ...outputs import atomic_open
from ...resources import wordnet as wn
from ...resources.errors import ResourceMissing


def _on_path(root: Path) -> None:
    import nltk

    if str(root) not in nltk.data.path:
        nltk.data.path.append(str(root))


def _has(resource: str) -> bool:
    import nltk

    try:
        nltk.data.find(resource)
    except LookupError:
        return False
    return True


@functools.cache
def ensure_nltk_data() -> None:
    """Stop words and WordNet where nltk looks (once per process; see the module doc)."""
    root = wn.default_target()
    _on_path(root)
    if not _has("corpora/stopwords/english"):
        from spacy.lang.en.stop_words import STOP_WORDS

        target = root / "corpora" / "stopwords" / "english"
        target.parent.mkdir(parents=True, exist_ok=True)
        with atomic_open(target) as f:
            f.write("\n".join(sorted(STOP_WORDS)) + "\n")
    if not _has("corpora/wordnet"):
        try:
            wn.wordnet()  # finds or prepares perturbkit's copy
        except ResourceMissing:
            return  # WordNet-based targets fail with nltk's own message; the others work
        for corpus in wn.candidates():
            _on_path(corpus.parent.parent)


def quiet_pattern() -> None:
    """Let ``import checklist.perturb`` run offline: an empty ``pattern.text.en.wordnet`` when the
    corpora it would download are absent (CheckList's ``Perturb`` functions never use it)."""
    name = "pattern.text.en.wordnet"
    if name in sys.modules or all(_has(f"corpora/{c}") for c in ("wordnet", "wordnet_ic", "sentiwordnet")):
        return
    sys.modules[name] = types.ModuleType(name, "Stand-in: pattern's WordNet corpora are not installed.")
