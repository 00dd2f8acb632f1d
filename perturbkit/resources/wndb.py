"""A small reader of the WordNet database files (Princeton's "WNDB" format: ``index.*``, ``data.*``,
``*.exc``, ``lexnames``, ``index.sense``, ``cntlist.rev``), with nltk's method names and results.

Why not nltk's reader: ``import nltk`` costs ~1.4 s (it imports scipy and scikit-learn), its
reader ~0.5 s to load and ~90 us per synset (glosses, examples, frames). This one loads its
tables from one marshal file in the cache dir and parses only a synset's words and pointers.
"""

from __future__ import annotations

import mmap
import warnings
from array import array
from bisect import bisect_left
from collections.abc import Iterator
from pathlib import Path

from . import filecache
from .wndb_synsets import Lemma, Synset, strip_marker

POS_LIST = ("n", "v", "a", "r")
#: entries kept in each of the reader's memo tables (lemma entries, offsets, synsets): a table that
#: reaches it starts over, so a long run's memory stays flat (every distinct word, typo and
#: multiword probe would stay otherwise); the few thousand common words are read again at once.
MEMO_CAP = 16384  # nltk's order for synsets(word) without a POS
_FILE = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}
_KEY_POS = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}  # sense-key synset type -> index.* POS
#: morphy's detachment rules (morphy(7WN), plus nltk's "ves" -> "f"), in the order nltk tries them.
_RULES = {
    "n": (
        ("s", ""),
        ("ses", "s"),
        ("ves", "f"),
        ("xes", "x"),
        ("zes", "z"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("men", "man"),
        ("ies", "y"),
    ),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}
_RULES["s"] = _RULES["a"]
_FORMAT = "pk-wndb-3"  # bump when the cached tables change shape
_STAMPED = (
    tuple(f"index.{p}" for p in ("noun", "verb", "adj", "adv"))
    + tuple(f"{p}.exc" for p in ("noun", "verb", "adj", "adv"))
    + ("data.adj", "index.sense", "cntlist.rev", "lexnames")
)


class WordNetError(ValueError):
    """A lookup WordNet cannot answer (unknown synset name, bad database line)."""


def lines(path: Path) -> Iterator[str]:
    """Non-blank lines of a WNDB file but the license header (whose lines start with a space)."""
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if line.strip() and not line.startswith(" "):
                yield line


def read_sense_counts(path: Path) -> dict[str, int]:
    """``cntlist.rev`` as {sense key: SemCor count} (what nltk's ``Lemma.count()`` looks up)."""
    table = {}
    for line in lines(path):
        parts = line.split()
        if len(parts) >= 3 and parts[-1].isdigit():
            table[parts[0]] = int(parts[-1])
    return table


def read_tag_counts(path: Path) -> dict[tuple[str, str, int], int]:
    """``index.sense`` as {(word, index POS, synset offset): SemCor count}, tagged senses only."""
    table: dict[tuple[str, str, int], int] = {}
    for line in lines(path):
        if line.endswith(" 0\n"):
            continue  # most senses: never tagged
        parts = line.split()
        if len(parts) < 4 or not parts[3].isdigit():
            continue
        word, _, rest = parts[0].partition("%")
        k = (word, _KEY_POS.get(rest[:1], ""), int(parts[1]))
        table[k] = table.get(k, 0) + int(parts[3])
    return table


def _build(folder: Path) -> tuple:
    """The reader's tables, from the database files: (lemma keys sorted, entry text, entry starts,
    adjective satellite offsets, exceptions, sense counts, lexnames). A lemma's entry text is
    ``pos offset offset ...[=tag count tag count ...]`` per POS, joined by ``;``, in file order."""
    tags = read_tag_counts(folder / "index.sense") if (folder / "index.sense").is_file() else {}
    index: dict[str, dict[str, list[str]]] = {}
    for suffix in ("noun", "verb", "adj", "adv"):
        for n, line in enumerate(lines(folder / f"index.{suffix}"), 1):
            f = line.split()
            try:
                n_syn, n_ptr = int(f[2]), int(f[3])
                offsets = [str(int(o)) for o in f[6 + n_ptr : 6 + n_ptr + n_syn]]
            except (IndexError, ValueError) as exc:
                raise WordNetError(f"index.{suffix}, line {n}: {exc}") from None
            index.setdefault(f[0], {})[f[1]] = offsets  # a repeated line wins, as in nltk
    keys = sorted(index)
    parts, starts, at = [], array("I", [0]), 0
    for word in keys:
        segments = []
        for p, offs in index[word].items():
            counts = [tags.get((word, p, int(o)), 0) for o in offs]
            segments.append(" ".join([p] + offs) + ("=" + " ".join(map(str, counts)) if any(counts) else ""))
        text = ";".join(segments)
        parts.append(text)
        at += len(text)
        starts.append(at)
    satellites = [int(line[:8]) for line in lines(folder / "data.adj") if line.split(None, 3)[2] == "s"]
    exceptions = {}
    for pos in POS_LIST:
        exceptions[pos] = {t[0]: tuple(t[1:]) for t in map(str.split, lines(folder / f"{_FILE[pos]}.exc")) if t}
    counts = read_sense_counts(folder / "cntlist.rev") if (folder / "cntlist.rev").is_file() else {}
    lexnames = [line.split()[1] for line in lines(folder / "lexnames")]
    return tuple(keys), "".join(parts), starts.tobytes(), tuple(satellites), exceptions, counts, lexnames


def _cache_file(folder: Path, cache: Path) -> Path | None:
    """``cache/wndb-<key>.marshal``, keyed by the stamped files' paths, sizes and mtimes."""
    return filecache.keyed_path(cache, "wndb", [folder / f for f in _STAMPED if (folder / f).exists()], _FORMAT)


def _ready(tables: tuple) -> tuple:
    """The tables as the reader uses them (entry starts as an array, satellites as a set);
    ValueError if they do not fit together."""
    keys, text, starts, satellites, exceptions, counts, lexnames = tables
    index = array("I")
    index.frombytes(starts)
    if not (
        isinstance(text, str)
        and len(index) == len(keys) + 1
        and index[-1] == len(text)
        and set(exceptions) == set(POS_LIST)
        and isinstance(counts, dict)
    ):
        raise ValueError("inconsistent WordNet tables")
    return keys, text, index, frozenset(satellites), exceptions, counts, lexnames


def _load(folder: Path, cache: Path | None) -> tuple:
    """The tables from the cache file when it is fresh and sound, else built (and cached)."""
    path = _cache_file(folder, cache) if cache is not None else None
    data = filecache.load(path)
    if isinstance(data, tuple) and len(data) == 8 and data[0] == _FORMAT:
        try:
            return _ready(data[1:])
        except (ValueError, TypeError):
            pass  # damaged or foreign: rebuilt below, never trusted
    tables = _build(folder)
    filecache.save(path, (_FORMAT,) + tables)
    return _ready(tables)


def _keep(table: dict, key: object, value: object) -> None:
    """``table[key] = value``, emptying ``table`` first when it holds :data:`MEMO_CAP` entries."""
    if len(table) >= MEMO_CAP:
        table.clear()
    table[key] = value


class WordNet:
    """WordNet read from a WNDB folder, answering like nltk's ``WordNetCorpusReader`` (English only)
    for ``synsets``, ``synset``, ``synset_from_pos_and_offset``, ``morphy`` and perturbkit's
    ``offsets``, ``first_synset``, ``tag_count``. Synsets are read on demand and kept (up to :data:`MEMO_CAP`)."""

    def __init__(self, root: Path | str, cache: Path | str | None = None) -> None:
        self.root = Path(root)
        self._cache = None if cache is None else Path(cache)
        (self._keys, self._text, self._starts, self._sats, self._exc, self._counts, self._lexnames) = _load(
            self.root, self._cache
        )
        self._exc["s"] = self._exc["a"]
        self._entries: dict[str, dict[str, str | tuple | None] | None] = {}
        self._synsets: dict[tuple[str, int], Synset | None] = {}
        self._found: dict[tuple, tuple] = {}
        self._data: dict[str, mmap.mmap] = {}

    def __reduce__(self):
        return WordNet, (self.root, self._cache)

    def __repr__(self) -> str:
        return f"WordNet({str(self.root)!r})"

    # -- the lemma index --------------------------------------------------------------------
    def _entry(self, lemma: str) -> dict[str, str | tuple | None] | None:
        """{pos: entry text, parsed by :meth:`_senses` on demand} of an index lemma, or None."""
        try:
            return self._entries[lemma]
        except KeyError:
            pass
        keys, entry = self._keys, None
        i = bisect_left(keys, lemma)
        if i < len(keys) and keys[i] == lemma:
            entry = {
                p: rest
                for p, _, rest in (
                    part.partition(" ") for part in self._text[self._starts[i] : self._starts[i + 1]].split(";")
                )
            }
            if "a" in entry:
                entry["s"] = None  # the satellites among its adjective senses (as nltk)
        _keep(self._entries, lemma, entry)
        return entry

    def has_prefix(self, prefix: str) -> bool:
        """Whether some index lemma starts with ``prefix`` (lower case, "_" between words):
        ``has_prefix("back_and_")`` is True ("back_and_forth"). One binary search."""
        keys = self._keys
        i = bisect_left(keys, prefix)
        return i < len(keys) and keys[i].startswith(prefix)

    def _senses(self, lemma: str, pos: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(synset offsets, tag counts or ()) of ``lemma`` as ``pos``, in sense order."""
        entry = self._entry(lemma)
        if entry is None or pos not in entry:
            return (), ()
        found = entry[pos]
        if not isinstance(found, tuple):
            if pos == "s":
                found = (tuple(o for o in self._senses(lemma, "a")[0] if o in self._sats), ())
            else:
                offsets, _, counts = found.partition("=")
                found = (tuple(map(int, offsets.split())), tuple(map(int, counts.split())))
            entry[pos] = found
        return found

    def _index(self, lemma: str, pos: str) -> tuple[int, ...]:
        return self._senses(lemma, pos)[0]

    def _morphy(self, form: str, pos: str, check_exceptions: bool = True) -> list[str]:
        """The forms of ``form`` (itself first) that WordNet has as ``pos``: the exception list's
        base forms if it lists ``form``, else the detachment rules' results (nltk's morphy)."""
        exceptions = self._exc[pos]
        if check_exceptions and form in exceptions:
            forms = exceptions[form]
        else:
            forms = [form[: -len(old)] + new for old, new in _RULES[pos] if form.endswith(old)]
        out: list[str] = []
        for f in (form, *forms):
            entry = self._entry(f)
            if entry is not None and pos in entry and f not in out:
                out.append(f)
        return out

    def morphy(self, form: str, pos: str | None = None, check_exceptions: bool = True) -> str | None:
        """The first base form of ``form`` WordNet knows (trying each POS in turn), or None."""
        for p in [pos] if pos else POS_LIST:
            found = self._morphy(form, p, check_exceptions)
            if found:
                return found[0]
        return None

    def offsets(self, lemma: str, pos: str | None = None, check_exceptions: bool = True) -> tuple[tuple[str, int], ...]:
        """(pos, offset) of the synsets ``synsets(lemma, pos)`` returns, in its order, read-free."""
        key = (lemma, pos if pos is None or isinstance(pos, str) else tuple(pos), check_exceptions)
        found = self._found.get(key)
        if found is None:
            word = lemma.lower()
            found = tuple(
                (p, offset)
                for p in (POS_LIST if pos is None else pos)
                for form in self._morphy(word, p, check_exceptions)
                for offset in self._index(form, p)
            )
            _keep(self._found, key, found)
        return found

    def synsets(
        self, lemma: str, pos: str | None = None, lang: str = "eng", check_exceptions: bool = True
    ) -> list[Synset]:
        """The synsets of ``lemma`` or its base forms, by POS (n, v, a, r unless given), then
        form, then sense order; "a" includes adjective satellites."""
        if lang != "eng":
            raise WordNetError(f"only English WordNet is available, not {lang!r}")
        return [self.synset_from_pos_and_offset(p, o) for p, o in self.offsets(lemma, pos, check_exceptions)]

    def first_synset(self, lemma: str, pos: str | None = None) -> Synset | None:
        """``synsets(lemma, pos)[0]`` or None, reading only that synset."""
        found = self.offsets(lemma, pos)
        return self.synset_from_pos_and_offset(*found[0]) if found else None

    def synset(self, name: str) -> Synset:
        """The synset called ``name`` ("dog.n.01": lemma, POS, sense number)."""
        lemma, pos, number = name.lower().rsplit(".", 2)
        offsets = self._index(lemma, pos)
        if not offsets or not 0 < int(number) <= len(offsets):
            raise WordNetError(f"no synset {name!r}")
        synset = self.synset_from_pos_and_offset(pos, offsets[int(number) - 1])
        if synset is None or (pos == "s" and synset._pos == "a"):
            raise WordNetError(f"no synset {name!r}")
        return synset

    def tag_count(self, word: str, pos: str, offset: int) -> int:
        """SemCor count of ``word`` (an index lemma) in the synset at (``pos``, ``offset``), read-free."""
        offsets, counts = self._senses(word, pos)
        return counts[offsets.index(offset)] if counts and offset in offsets else 0

    def tag_counts(self, word: str, pos: str) -> tuple[int, ...]:
        """SemCor counts of ``word`` (an index lemma) in each of its ``pos`` senses, in sense
        order; () when WordNet has no counts for it."""
        return self._senses(word, pos)[1]

    def lemma_count(self, lemma: Lemma) -> int:
        """``lemma.count()``: SemCor count of its sense key in ``cntlist.rev``."""
        return self._counts.get(lemma.key(), 0)

    # -- synsets -----------------------------------------------------------------------------
    def _mapped(self, file: str) -> mmap.mmap:
        """``data.<file>``, memory-mapped once."""
        data = self._data.get(file)
        if data is None:
            with open(self.root / f"data.{file}", "rb") as fh:
                data = self._data[file] = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        return data

    def verb_frames(self, offset: int) -> tuple[tuple[int, int], ...]:
        """(frame number, word number) of the verb synset at ``offset`` (word 0: all its words),
        read from its data line: "Somebody ----s something" is frame 8 (nltk's ``frame_ids``)."""
        data = self._mapped("verb")
        end = data.find(b"\n", offset)
        fields = data[offset : end if end >= 0 else len(data)].split(b"|", 1)[0].decode("utf-8", "replace").split()
        n = int(fields[3], 16)
        at = 5 + 2 * n + 4 * int(fields[4 + 2 * n])
        if at >= len(fields):
            return ()
        return tuple((int(fields[k + 1]), int(fields[k + 2], 16)) for k in range(at + 1, len(fields) - 2, 3))

    def first_word(self, pos: str, offset: int) -> str | None:
        """``synset_from_pos_and_offset(pos, offset).lemma_names()[0]``, read without building the
        synset when it is not built yet (a list of siblings reads the first word of every
        hyponym of a parent, and most are never looked at again)."""
        synset = self._synsets.get((_FILE[pos], offset))
        if synset is None:
            data = self._mapped(_FILE[pos])
            head = data[offset : offset + 256].split(b"\n", 1)[0].split(None, 5) if 0 <= offset < len(data) else []
            if len(head) == 6 and head[0] == b"%08d" % offset:  # the word is whole: more follows it
                return strip_marker(head[4].decode("utf-8", "replace"))
            synset = self.synset_from_pos_and_offset(pos, offset)
        return None if synset is None else synset.lemma_names()[0]

    def synset_from_pos_and_offset(self, pos: str, offset: int) -> Synset | None:
        """The synset at byte ``offset`` of ``data.<pos>`` (None, with a warning, if none starts there)."""
        file = _FILE[pos]
        key = (file, offset)
        try:
            return self._synsets[key]
        except KeyError:
            pass
        data = self._mapped(file)
        synset = None
        if 0 <= offset < len(data):
            end = data.find(b"\n", offset)
            fields = data[offset : end if end >= 0 else len(data)].split(b"|", 1)[0].decode("utf-8", "replace").split()
            if fields and fields[0] == f"{offset:08d}":
                try:
                    synset = Synset(self, fields)
                except (IndexError, ValueError) as exc:
                    raise WordNetError(f"data.{file} at {offset}: {exc}") from None
        if synset is None:
            warnings.warn(f"No WordNet synset found for pos={pos} at offset={offset}.", stacklevel=2)
        _keep(self._synsets, key, synset)
        return synset
