"""WordNet 3.0, found or prepared offline from Debian's ``wordnet-base``, read by perturbkit's own
WNDB reader (:mod:`.wndb`; nltk's reader, slow to import and load, stays as :func:`nltk_reader`).

``nltk.download`` needs the internet, so the data comes from the Debian package (files in
``/usr/share/wordnet``). nltk cannot read them in place: the ``lexnames`` file is missing and
nltk >= 3.9 refuses symlinks leaving its data root, so :func:`prepare_wordnet` copies them into
``<nltk_data>/corpora/wordnet/`` and writes the two files Debian omits: ``lexnames`` (from the
man page, else built in) and ``index.sense`` (derived from the data files).
"""

from __future__ import annotations

import functools
import gzip
import os
import pickle
import re
import shutil
import tempfile
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import filecache, wndb
from .config import cache_dir
from .errors import ResourceMissing

if TYPE_CHECKING:
    from nltk.corpus.reader.wordnet import Lemma, WordNetCorpusReader

DEBIAN_DIR = Path("/usr/share/wordnet")
LEXNAMES_MAN = Path("/usr/share/man/man5/lexnames.5WN.gz")
INSTALL = (
    "apt-get update && apt-get install -y --no-install-recommends wordnet-base"
    " && python -m perturbkit.resources prepare-wordnet"
)

#: Files the readers need (``cntlist.rev`` gives lemma counts; the ``*.vrb`` files are extras).
REQUIRED = tuple(f"{kind}.{pos}" for kind in ("index", "data") for pos in ("noun", "verb", "adj", "adv")) + tuple(
    f"{pos}.exc" for pos in ("noun", "verb", "adj", "adv")
)
OPTIONAL = ("cntlist.rev", "sentidx.vrb", "sents.vrb", "LICENSE")

#: The 45 lexicographer files of WordNet 3.0 (lexnames(5WN)), numbered from 00.
LEXNAMES = (
    "adj.all",
    "adj.pert",
    "adv.all",
    "noun.Tops",
    "noun.act",
    "noun.animal",
    "noun.artifact",
    "noun.attribute",
    "noun.body",
    "noun.cognition",
    "noun.communication",
    "noun.event",
    "noun.feeling",
    "noun.food",
    "noun.group",
    "noun.location",
    "noun.motive",
    "noun.object",
    "noun.person",
    "noun.phenomenon",
    "noun.plant",
    "noun.possession",
    "noun.process",
    "noun.quantity",
    "noun.relation",
    "noun.shape",
    "noun.state",
    "noun.substance",
    "noun.time",
    "verb.body",
    "verb.change",
    "verb.cognition",
    "verb.communication",
    "verb.competition",
    "verb.consumption",
    "verb.contact",
    "verb.creation",
    "verb.emotion",
    "verb.motion",
    "verb.perception",
    "verb.possession",
    "verb.social",
    "verb.stative",
    "verb.weather",
    "adj.ppl",
)
_CATEGORY = {"noun": 1, "verb": 2, "adj": 3, "adv": 4}


def source_dir() -> Path:
    """Where the raw WordNet database lives: ``$WNSEARCHDIR`` if set, else Debian's location."""
    return Path(os.environ.get("WNSEARCHDIR") or DEBIAN_DIR)


def default_target() -> Path:
    """The nltk data root perturbkit prepares into: ``<cache_dir>/nltk_data``."""
    return cache_dir("nltk_data", create=False)


def _lexnames_from_man(man: Path = LEXNAMES_MAN) -> tuple[str, ...] | None:
    """Lexicographer file names parsed from the man page table, or None if absent or odd."""
    try:
        text = gzip.decompress(man.read_bytes()).decode("utf-8", "replace")
    except (OSError, EOFError):
        return None
    rows = re.findall(r"^(\d\d)\t\s*([a-z]+\.[A-Za-z]+)\s", text, flags=re.M)
    names = tuple(name for _, name in rows)
    ok = [int(n) for n, _ in rows] == list(range(len(rows))) and all(n.split(".")[0] in _CATEGORY for n in names)
    return names if ok and len(names) == len(LEXNAMES) else None


def lexnames_text(man: Path = LEXNAMES_MAN) -> str:
    """Content of the ``lexnames`` file: ``NN<TAB>name<TAB>category`` lines (1 noun .. 4 adverb)."""
    names = _lexnames_from_man(man) or LEXNAMES
    return "".join(f"{i:02d}\t{n}\t{_CATEGORY[n.split('.')[0]]}\n" for i, n in enumerate(names))


_POS_FILES = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}
_SS_TYPE = {"n": 1, "v": 2, "a": 3, "r": 4, "s": 5}


def index_sense_lines(src: Path) -> list[str]:
    """The ``index.sense`` file (senseidx(5WN)), derived from the data/index files and cntlist.

    Debian's wordnet-base omits it, but nltk's reader opens it on start-up (and for
    ``lemma_from_key``). Lines are ``sense_key offset sense_number tag_cnt``, sorted by key.
    """
    senses: dict[tuple[str, str], list[int]] = {}  # (lemma, index pos) -> synset offsets in order
    for pos in ("noun", "verb", "adj", "adv"):
        for line in wndb.lines(src / f"index.{pos}"):
            f = line.split()
            n_syn, n_ptr = int(f[2]), int(f[3])
            senses[f[0], pos] = [int(o) for o in f[6 + n_ptr : 6 + n_ptr + n_syn]]
    counts = wndb.read_sense_counts(src / "cntlist.rev") if (src / "cntlist.rev").is_file() else {}
    heads: dict[int, tuple[str, int]] = {}  # adjective head synset offset -> (first word, lex_id)
    synsets = []
    for pos in ("noun", "verb", "adj", "adv"):
        for line in wndb.lines(src / f"data.{pos}"):
            f = line.split(" | ", 1)[0].split()
            offset, lexfile, ss_type, n_words = int(f[0]), int(f[1]), f[2], int(f[3], 16)
            words = [(wndb.strip_marker(f[4 + 2 * i]).lower(), int(f[5 + 2 * i], 16)) for i in range(n_words)]
            i = 4 + 2 * n_words
            ptrs = [f[i + 1 + 4 * k : i + 5 + 4 * k] for k in range(int(f[i]))]
            head = next((int(p[1]) for p in ptrs if p[0] == "&"), None) if ss_type == "s" else None
            if ss_type == "a":
                heads[offset] = words[0]
            synsets.append((offset, lexfile, ss_type, words, head))
    out = []
    for offset, lexfile, ss_type, words, head in synsets:
        head_word, head_id = ("", "") if head is None else (heads[head][0], f"{heads[head][1]:02d}")
        for word, lex_id in words:
            key = f"{word}%{_SS_TYPE[ss_type]}:{lexfile:02d}:{lex_id:02d}:{head_word}:{head_id}"
            order = senses.get((word, _POS_FILES[ss_type]), [])
            number = order.index(offset) + 1 if offset in order else 0
            out.append(f"{key} {offset:08d} {number} {counts.get(key, 0)}\n")
    return sorted(set(out))


def is_prepared(corpus: Path) -> bool:
    """True if ``corpus`` (a ``.../corpora/wordnet`` folder) has every file nltk needs."""
    return all((corpus / f).is_file() for f in REQUIRED + ("lexnames", "index.sense"))


def prepare_wordnet(target: Path | str | None = None, *, source: Path | str | None = None, force: bool = False) -> Path:
    """Copy the raw WordNet files into ``<target>/corpora/wordnet`` with a ``lexnames`` file.

    Atomic (built in a temporary folder, then renamed) and idempotent (a complete folder is
    kept unless ``force``). Returns the ``corpora/wordnet`` folder.
    """
    root = Path(target) if target is not None else default_target()
    src = Path(source) if source is not None else source_dir()
    corpus = root / "corpora" / "wordnet"
    if is_prepared(corpus) and not force:
        return corpus
    missing = [f for f in REQUIRED if not (src / f).is_file()]
    if missing:
        raise ResourceMissing(
            "WordNet", INSTALL, f"{src} lacks {', '.join(missing[:3])}" + ("..." if len(missing) > 3 else "")
        )
    corpus.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".wordnet-", dir=corpus.parent))
    try:
        for name in REQUIRED + OPTIONAL:
            if (src / name).is_file():
                shutil.copyfile(src / name, tmp / name)  # a copy, never a symlink (nltk >= 3.9)
        if (src / "lexnames").is_file():
            shutil.copyfile(src / "lexnames", tmp / "lexnames")
        else:
            (tmp / "lexnames").write_text(lexnames_text(), encoding="utf-8")
        if (src / "index.sense").is_file():
            shutil.copyfile(src / "index.sense", tmp / "index.sense")
        else:  # nltk's reader opens it at start-up
            (tmp / "index.sense").write_text("".join(index_sense_lines(src)), encoding="utf-8")
        tmp.chmod(0o755)  # mkdtemp makes it private; the prepared copy is shared read-only data
        if force or not is_prepared(corpus):  # another process may have finished meanwhile: keep its copy
            _replace_dir(tmp, corpus)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if not is_prepared(corpus):  # lost a race against another, broken, writer
        raise ResourceMissing("WordNet", INSTALL, f"could not prepare {corpus}")
    return corpus


def _replace_dir(new: Path, dest: Path) -> None:
    """Move ``new`` to ``dest``, replacing an old (incomplete) ``dest``; tolerate a racing writer."""
    old = None
    if dest.exists():
        old = Path(tempfile.mkdtemp(prefix=".wordnet-old-", dir=dest.parent))
        os.rename(dest, old / "wordnet")
    try:
        os.rename(new, dest)
    except OSError:
        if not is_prepared(dest):  # someone else won only if the result is complete
            raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


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
