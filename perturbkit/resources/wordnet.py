"""WordNet 3.0, found or prepared offline from Debian's ``wordnet-base``, read by perturbkit's own
WNDB reader (:mod:`.wndb`; nltk's reader, slow to import and load, stays as :func:`nltk_reader`).

``nltk.download`` needs the internet, so the data comes from the Debian package (files in
``/usr/share/wordnet``), copied by :func:`prepare_wordnet` (:mod:`.wordnet_prepare`) into a folder
both readers open. This module finds that folder, opens the readers once per process, and answers
the questions both readers share (tag counts, sibling words, lemma counts).
"""

from __future__ import annotations

import functools
import os
import pickle
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import filecache, wndb
from .config import cache_dir
from .errors import ResourceMissing
from .wordnet_prepare import (
    DEBIAN_DIR,
    INSTALL,
    LEXNAMES,
    LEXNAMES_MAN,
    OPTIONAL,
    REQUIRED,
    default_target,
    index_sense_lines,
    is_prepared,
    lexnames_text,
    prepare_wordnet,
    source_dir,
)

__all__ = [  # the preparing half lives in wordnet_prepare; its public names stay importable from here
    "DEBIAN_DIR",
    "INSTALL",
    "LEXNAMES",
    "LEXNAMES_MAN",
    "OPTIONAL",
    "REQUIRED",
    "ResourceMissing",
    "available",
    "candidates",
    "default_target",
    "index_sense_lines",
    "is_prepared",
    "lemma_count",
    "lexnames_text",
    "nltk_data_path",
    "nltk_reader",
    "prepare_wordnet",
    "sibling_words",
    "source_dir",
    "tag_count",
    "tag_counts",
    "wordnet",
]

if TYPE_CHECKING:
    from nltk.corpus.reader.wordnet import Lemma, WordNetCorpusReader


def _open(corpus: Path) -> wndb.WordNet:
    """perturbkit's reader of ``corpus``, its tables cached in ``<cache_dir>/wordnet``."""
    return wndb.WordNet(corpus, cache=cache_dir("wordnet", create=False))


def _reader(corpus: Path) -> WordNetCorpusReader:
    """nltk's reader of ``corpus``, with perturbkit's additions (memoised ``synsets``, ``offsets``,
    ``first_synset``, sorted relations, a cached lemma index)."""
    import nltk.data
    from nltk.corpus.reader.wordnet import POS_LIST, WordNetCorpusReader

    root = str(corpus.parent.parent)  # nltk >= 3.10 opens files only under nltk.data.path roots;
    if root not in nltk.data.path:  # adding ours also lets nltk.corpus.wordnet (TextAttack) find it
        nltk.data.path.append(root)

    class Reader(WordNetCorpusReader):
        def map_wn(self, version: str = "wordnet"):  # type: ignore[override]
            """No 3.0 -> 3.0 sense map: nltk builds it by reading index.sense twice (~3 s)."""
            if version == "wordnet" and self.get_version() == "3.0":
                return None
            return super().map_wn(version)

        def synsets(self, lemma: str, pos: str | None = None, lang: str = "eng", check_exceptions: bool = True):  # type: ignore[override]
            """nltk's ``synsets``, memoised: it runs morphy and rebuilds the list on every call,
            and the substitution transforms ask for the same few thousand words again and again."""
            key = (lemma, pos if pos is None or isinstance(pos, str) else tuple(pos), lang, check_exceptions)
            found = self._pk_synsets.get(key)
            if found is None:
                if lang == "eng" and check_exceptions:
                    found = tuple(self.synset_from_pos_and_offset(p, o) for p, o in self.offsets(lemma, pos))
                else:
                    found = tuple(super().synsets(lemma, pos, lang, check_exceptions))
                self._pk_synsets[key] = found
            return list(found)

        def offsets(self, lemma: str, pos: str | None = None) -> tuple[tuple[str, int], ...]:
            """(pos, offset) of the synsets ``synsets(lemma, pos)`` returns, in its order, without
            reading them from the data files (each read costs ~50 us; most callers need only
            the first sense, or only counts, or only whether there is any)."""
            key = (lemma, pos if pos is None or isinstance(pos, str) else tuple(pos))
            found = self._pk_offsets.get(key)
            if found is None:
                word = lemma.lower()
                index = self._lemma_pos_offset_map
                found = self._pk_offsets[key] = tuple(
                    (p, offset)
                    for p in (POS_LIST if pos is None else pos)
                    for form in self._morphy(word, p, True)
                    for offset in index.get(form, {}).get(p, [])
                )
            return found

        def first_synset(self, lemma: str, pos: str | None = None):
            """``synsets(lemma, pos)[0]`` or None, reading only that synset."""
            found = self.offsets(lemma, pos)
            return self.synset_from_pos_and_offset(*found[0]) if found else None

        def _synset_from_pos_and_line(self, pos: str, data_file_line: str):  # type: ignore[override]
            """nltk keeps a synset's pointers in sets of (pos, offset), so ``hypernyms()``,
            ``hyponyms()`` and the like come out in an order that changes with the process's
            string hash seed; sorted lists make every process see the same order."""
            synset = super()._synset_from_pos_and_line(pos, data_file_line)
            synset._pointers = {sym: sorted(ptrs) for sym, ptrs in synset._pointers.items()}
            return synset

        def _scan_satellites(self) -> None:  # type: ignore[override]
            pass  # done with the lemma index below, from the cache when it is fresh

        def _load_lemma_pos_offset_map(self) -> None:  # type: ignore[override]
            """nltk parses the four index files on every load (~3 s); a pickle of the result in
            the cache dir, keyed by the files' paths, sizes and mtimes, loads ~10x faster."""
            cached = _load_index_cache(corpus)
            if cached is not None:
                self.satellite_offsets, lemma_map = cached
                self._lemma_pos_offset_map.update(lemma_map)
                return
            WordNetCorpusReader._scan_satellites(self)
            WordNetCorpusReader._load_lemma_pos_offset_map(self)
            _save_index_cache(corpus, (self.satellite_offsets, dict(self._lemma_pos_offset_map)))

    with warnings.catch_warnings():  # "multilingual functions are not available": expected, no OMW
        warnings.simplefilter("ignore")
        reader = Reader(str(corpus), None)
    reader._pk_synsets = {}
    reader._pk_offsets = {}
    return reader


_INDEX_FILES = ("index.noun", "index.verb", "index.adj", "index.adv", "data.adj")


def _index_cache_path(corpus: Path) -> Path | None:
    return filecache.keyed_path(
        cache_dir("wordnet", create=False), "index", [corpus / f for f in _INDEX_FILES], suffix="pickle"
    )


def _load_index_cache(corpus: Path) -> Any:
    return filecache.load(_index_cache_path(corpus), pickle.loads)


def _save_index_cache(corpus: Path, value: Any) -> None:
    filecache.save(_index_cache_path(corpus), value, functools.partial(pickle.dumps, protocol=pickle.HIGHEST_PROTOCOL))


def nltk_data_path() -> list[str]:
    """``nltk.data.path``; computed the same way without importing nltk (slow) if not yet loaded."""
    import sys

    if "nltk.data" in sys.modules:
        return [str(p) for p in sys.modules["nltk.data"].path]
    paths = [p for p in os.environ.get("NLTK_DATA", "").split(os.pathsep) if p]
    home = os.path.expanduser("~/")
    if home != "~/":
        paths.append(os.path.join(home, "nltk_data"))
    paths += [os.path.join(sys.prefix, d) for d in ("nltk_data", "share/nltk_data", "lib/nltk_data")]
    paths += ["/usr/share/nltk_data", "/usr/local/share/nltk_data", "/usr/lib/nltk_data", "/usr/local/lib/nltk_data"]
    return paths


def candidates() -> list[Path]:
    """Prepared ``corpora/wordnet`` folders to try, in order: nltk's data path, then perturbkit's."""
    roots = [Path(p) for p in nltk_data_path()] + [default_target()]
    seen: list[Path] = []
    for root in roots:
        corpus = root / "corpora" / "wordnet"
        if corpus not in seen and is_prepared(corpus):
            seen.append(corpus)
    return seen


def _find(make):
    """``make(corpus)`` for the first prepared copy that loads (see :func:`candidates`), else for
    one prepared now from :func:`source_dir`; ResourceMissing naming every failure."""
    errors = []
    for corpus in candidates():
        try:
            return make(corpus)
        except (OSError, ValueError, AssertionError, LookupError) as exc:
            errors.append(f"{corpus}: {exc.__class__.__name__}: {exc}")
    if all((source_dir() / f).is_file() for f in REQUIRED):
        try:
            return make(prepare_wordnet())
        except (OSError, ValueError, AssertionError, LookupError) as exc:
            errors.append(f"{source_dir()}: {exc.__class__.__name__}: {exc}")
    else:
        errors.append(f"no {source_dir()}")
    raise ResourceMissing("WordNet", INSTALL, "; ".join(errors))


@functools.lru_cache(maxsize=1)
def wordnet() -> wndb.WordNet:
    """The WordNet reader (cached) of a copy on nltk's data path, perturbkit's copy, or one prepared
    now: perturbkit's own (:class:`.wndb.WordNet`), with nltk's method names and results for what
    the transforms use, and no nltk import."""
    return _find(_open)


@functools.lru_cache(maxsize=1)
def nltk_reader() -> WordNetCorpusReader:
    """nltk's ``WordNetCorpusReader`` on the same copy :func:`wordnet` finds (cached; ~2 s to
    import and load): the full nltk API (glosses, similarity, ``lemma_from_key``, ...)."""
    return _find(_reader)


def available() -> bool:
    """True if :func:`wordnet` would succeed without installing anything (cheap file checks)."""
    try:
        return bool(candidates()) or all((source_dir() / f).is_file() for f in REQUIRED)
    except ImportError:
        return False


def _nltk_table(reader: WordNetCorpusReader, attr: str, name: str, read) -> dict:
    """``read(<corpus>/name)``, kept on the nltk reader (read once per reader)."""
    table = reader.__dict__.get(attr)
    if table is None:
        table = reader.__dict__[attr] = read(Path(reader.abspath(name).path))
    return table


def tag_count(reader: wndb.WordNet | WordNetCorpusReader, word: str, pos: str, offset: int) -> int:
    """SemCor count of ``word`` in the synset at (``pos``, ``offset``): what ``lemma_count``
    gives for that synset's lemma named ``word`` (0 when it has none), without reading it."""
    if isinstance(reader, wndb.WordNet):
        return reader.tag_count(word, pos, offset)
    return _nltk_table(reader, "_pk_offset_counts", "index.sense", wndb.read_tag_counts).get((word, pos, offset), 0)


def tag_counts(reader: wndb.WordNet | WordNetCorpusReader, word: str, pos: str) -> tuple[int, ...]:
    """SemCor counts of ``word`` in its ``pos`` senses (0 for a sense where another form of it was
    tagged): the index entry's counts with perturbkit's reader, one :func:`tag_count` per synset
    of ``synsets(word, pos)`` with nltk's (their sums agree on every index lemma)."""
    if isinstance(reader, wndb.WordNet):
        return reader.tag_counts(word, pos)
    return tuple(tag_count(reader, word, p, o) for p, o in reader.offsets(word, pos))


def sibling_words(reader: wndb.WordNet | WordNetCorpusReader, parent: Any, synset: Any) -> list[str]:
    """The first word of each hyponym of ``parent`` but ``synset``, in ``parent.hyponyms()``
    order; perturbkit's reader reads the words without building the hyponym synsets (a
    ConceptNet-like sibling list reads every child of a parent, most never looked at again)."""
    if isinstance(reader, wndb.WordNet):
        me = (synset.pos(), synset.offset())
        return [reader.first_word(p, o) for p, o in parent._pointers.get("~", ()) if (p, o) != me]
    return [k.lemma_names()[0] for k in parent.hyponyms() if k != synset]


def lemma_count(lemma: wndb.Lemma | Lemma) -> int:
    """``lemma.count()`` (SemCor frequency of this sense of the word), from an in-memory table of
    the reader the lemma came from."""
    if isinstance(lemma, wndb.Lemma):
        return lemma.count()
    if getattr(lemma, "_lang", "eng") != "eng":
        return 0
    return _nltk_table(lemma._wordnet_corpus_reader, "_pk_sense_counts", "cntlist.rev", wndb.read_sense_counts).get(
        lemma._key, 0
    )
