"""ConceptNet-style relations between English words, from whichever source is available.

Providers answer the same questions (:class:`ConceptNetProvider`): edges touching a word,
its antonyms, its neighbours under some relations. Words are English, lower-case, with
spaces (ConceptNet's underscores are turned into spaces). Sources, in the order
:func:`get_provider` picks them:

- a conceptnet-lite SQLite DB (``*.db``; :class:`ConceptNetLiteProvider`), never downloaded;
- an edge file (:class:`EdgeListProvider`): the ConceptNet 5 assertions CSV (tab-separated,
  optionally ``.gz``) or ``head|||/r/Relation|||tail tail ...`` lines;
- WordNet (:class:`WordNetProvider`): Antonym, Synonym, IsA (hypernyms) and CoHyponym.

``CoHyponym`` ("sibling under IsA": words sharing an IsA parent, e.g. dog/cat) is not a
ConceptNet relation; every provider derives it from IsA.
"""

from __future__ import annotations

import functools
import gzip
import os
from collections import defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Protocol, runtime_checkable

from ..errors import InputError
from .errors import ResourceMissing

Edge = tuple[str, str, str]
COHYPONYM = "CoHyponym"
ENV = "PERTURBKIT_CONCEPTNET"
INSTALL_LITE = "pip install conceptnet-lite  (and build a DB: docs/resources.md#conceptnet)"
_POS_LETTER = {"NOUN": "n", "PROPN": "n", "VERB": "v", "AUX": "v", "ADJ": "a", "ADV": "r"}


@runtime_checkable
class ConceptNetProvider(Protocol):
    """What transforms may ask of a relation source. ``pos`` (UPOS) narrows senses where the
    source knows them (WordNet, sense-tagged ConceptNet URIs) and is ignored otherwise."""

    name: str

    def edges(self, word: str, relations: Iterable[str] | None = None, *, pos: str | None = None) -> list[Edge]: ...

    def antonyms(self, word: str, *, pos: str | None = None) -> list[str]: ...

    def neighbours(
        self, word: str, relations: Iterable[str], *, pos: str | None = None, direction: str = "both"
    ) -> list[str]: ...

    def has(self, word: str) -> bool: ...


def normalize(word: str) -> str:
    """ConceptNet's key for a word: lower-case, single spaces (``Ice_Cream`` -> ``ice cream``)."""
    return " ".join(word.replace("_", " ").lower().split())


def relation_name(rel: str) -> str:
    """Canonical relation name: ``/r/IsA``, ``is_a``, ``IsA`` -> ``IsA``."""
    rel = rel.strip()
    if rel.startswith("/r/"):
        rel = rel[3:].split("/", 1)[0]
    if "_" in rel or rel.islower():
        rel = "".join(p[:1].upper() + p[1:] for p in rel.split("_"))
    return {"ExternalUrl": "ExternalURL"}.get(rel, rel)


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


class _Base:
    """antonyms/neighbours/CoHyponym in terms of ``_edges`` (both directions, English only)."""

    name = "base"
    sibling_limit = 50  # parents with more children than this are too generic to be useful

    def _edges(self, word: str, relations: frozenset[str] | None, pos: str | None) -> list[Edge]:
        raise NotImplementedError

    def edges(self, word: str, relations: Iterable[str] | None = None, *, pos: str | None = None) -> list[Edge]:
        """Edges (head, relation, tail) with ``word`` at either end, in source order."""
        rels = None if relations is None else frozenset(relation_name(r) for r in relations)
        key = normalize(word)
        if not key:
            return []
        memo = self.__dict__.setdefault("_edge_memo", {})  # stories repeat words: look each up once
        hit = memo.get((key, rels, pos))
        if hit is not None:
            return list(hit)
        direct = None if rels is None else rels - {COHYPONYM}
        out = list(self._edges(key, direct, pos)) if direct is None or direct else []
        if rels and COHYPONYM in rels:
            out += [(key, COHYPONYM, w) for w in self._siblings(key, pos)]
        if len(memo) < 200_000:
            memo[(key, rels, pos)] = tuple(out)
        return out

    def neighbours(
        self, word: str, relations: Iterable[str], *, pos: str | None = None, direction: str = "both"
    ) -> list[str]:
        """Words linked to ``word`` by any of ``relations``: its tails (``direction="out"``), its
        heads (``"in"``) or both, tails first; never ``word`` itself."""
        if direction not in ("both", "out", "in"):
            raise ValueError(f"direction must be 'both', 'out' or 'in', not {direction!r}")
        key = normalize(word)
        edges = self.edges(key, relations, pos=pos)
        out = [t for h, _, t in edges if h == key] if direction != "in" else []
        inc = [h for h, _, t in edges if t == key] if direction != "out" else []
        return _unique(w for w in out + inc if w != key)

    def antonyms(self, word: str, *, pos: str | None = None) -> list[str]:
        """Antonyms of ``word`` (the Antonym relation is symmetric)."""
        return self.neighbours(word, ["Antonym"], pos=pos)

    def has(self, word: str) -> bool:
        """True if the source knows ``word`` at all."""
        return bool(self.edges(word))

    def _siblings(self, key: str, pos: str | None) -> list[str]:
        out = []
        for h, _, parent in self._edges(key, frozenset({"IsA"}), pos):
            if h != key:
                continue
            children = [c for c, _, p in self._edges(parent, frozenset({"IsA"}), None) if p == parent]
            if len(children) <= self.sibling_limit:
                out += [c for c in children if c != key]
        return _unique(out)


class EdgeListProvider(_Base):
    """Edges read into memory from a ConceptNet assertions CSV or a ``head|||/r/Rel|||tails`` file."""

    name = "edge-list"

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._index: dict[str, list[Edge]] = defaultdict(list)
        for edge in self._read():
            self._index[edge[0]].append(edge)
            if edge[2] != edge[0]:
                self._index[edge[2]].append(edge)
        self.name = f"edge-list:{self.path}"

    def _lines(self) -> Iterator[tuple[int, str]]:
        opener = gzip.open if self.path.suffix == ".gz" else open
        try:
            with opener(self.path, "rt", encoding="utf-8") as fh:
                yield from enumerate(fh, 1)
        except FileNotFoundError:
            raise ResourceMissing(f"ConceptNet edge file {self.path}", f"set {ENV} to an existing file") from None
        except UnicodeDecodeError as exc:
            raise InputError(f"{self.path}: not UTF-8 text ({exc.reason})") from None

    def _read(self) -> Iterator[Edge]:
        fmt = None
        for no, line in self._lines():
            line = line.rstrip("\n\r")
            if not line.strip() or line.startswith("#"):
                continue
            if fmt is None:
                fmt = "pipe" if "|||" in line else "csv" if "\t/r/" in line else None
                if fmt is None:
                    raise InputError(
                        f"{self.path}:{no}: unknown edge format; expected "
                        "'head|||/r/Relation|||tail tail' or a ConceptNet assertions CSV line"
                    )
            yield from (self._pipe(line, no) if fmt == "pipe" else self._csv(line, no))

    def _pipe(self, line: str, no: int) -> Iterator[Edge]:
        parts = line.split("|||")
        if len(parts) != 3 or not parts[1].strip().startswith("/r/") or not parts[0].strip():
            raise InputError(f"{self.path}:{no}: expected 'head|||/r/Relation|||tail tail ...', got {line[:80]!r}")
        head, rel = normalize(parts[0]), relation_name(parts[1])
        for tail in parts[2].split():
            yield head, rel, normalize(tail)

    def _csv(self, line: str, no: int) -> Iterator[Edge]:
        f = line.split("\t")
        if len(f) < 4 or not f[1].startswith("/r/"):
            raise InputError(
                f"{self.path}:{no}: expected a ConceptNet assertions line "
                f"(uri, /r/Relation, start, end, json), got {line[:80]!r}"
            )
        start, end = f[2].split("/"), f[3].split("/")
        if len(start) >= 4 and len(end) >= 4 and start[1:3] == ["c", "en"] and end[1:3] == ["c", "en"]:
            yield normalize(start[3]), relation_name(f[1]), normalize(end[3])

    def _edges(self, word: str, relations: frozenset[str] | None, pos: str | None) -> list[Edge]:
        return [e for e in self._index.get(word, ()) if relations is None or e[1] in relations]

    def has(self, word: str) -> bool:
        return normalize(word) in self._index


class ConceptNetLiteProvider(_Base):
    """A conceptnet-lite SQLite database (``conceptnet_lite.connect`` on an existing file only)."""

    name = "conceptnet-lite"

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path).expanduser().resolve()
        if not self.path.is_file():  # connect() would start a multi-GB download
            raise ResourceMissing(f"ConceptNet DB {self.path}", INSTALL_LITE, "no such file")
        try:
            import conceptnet_lite  # noqa: F401
        except ImportError:
            raise ResourceMissing("conceptnet-lite", INSTALL_LITE) from None
        self._open()
        self.name = f"conceptnet-lite:{self.path}"

    def _open(self) -> None:
        """(Re)bind conceptnet-lite's process-wide DB proxy to this file."""
        from conceptnet_lite.db import _open_db, db

        current = getattr(db, "obj", None)
        if current is None or getattr(current, "database", None) != str(self.path):
            _open_db(self.path)

    def _edges(self, word: str, relations: frozenset[str] | None, pos: str | None) -> list[Edge]:
        return list(self._query(word, relations, _POS_LETTER.get(pos or "")))

    @functools.lru_cache(maxsize=4096)  # noqa: B019 (providers live as long as the process)
    def _query(self, word: str, relations: frozenset[str] | None, pos: str | None) -> tuple[Edge, ...]:
        from conceptnet_lite import Label, edges_for

        self._open()
        try:
            label = Label.get(text=word.replace(" ", "_"), language="en")
        except Label.DoesNotExist:
            return ()
        concepts = [c for c in label.concepts if not pos or not c.sense_label or c.sense_label.split("/")[0] == pos]
        if not concepts:
            return ()
        out = []
        for e in edges_for(concepts, same_language=True).order_by("id"):
            rel = relation_name(e.relation.name)
            if relations is None or rel in relations:
                out.append((normalize(e.start.text), rel, normalize(e.end.text)))
        return tuple(out)

    def has(self, word: str) -> bool:
        from conceptnet_lite import Label

        self._open()
        return Label.select().where(Label.text == normalize(word).replace(" ", "_")).exists()


class WordNetProvider(_Base):
    """ConceptNet-like edges from WordNet: Antonym, Synonym, IsA (hypernyms), CoHyponym.

    Only a word's frequent senses are used: the first sense of each part of speech, plus
    senses where the word was seen in SemCor (lemma count > 0), at most ``senses`` per POS.
    """

    name = "wordnet"
    RELATIONS = frozenset({"Antonym", "Synonym", "IsA"})

    def __init__(self, senses: int = 2) -> None:
        from .wordnet import wordnet

        self.senses = senses
        self.wn = wordnet()

    def _lemmas(self, word: str, pos: str | None):
        """(synset, lemma) pairs for ``word``'s frequent senses."""
        from .wordnet import lemma_count as _lemma_count

        wn_pos = _POS_LETTER.get(pos or "")
        name = word.replace(" ", "_")
        per_pos: dict[str, int] = defaultdict(int)
        for p, offset in self.wn.offsets(name, pos=wn_pos):
            if per_pos[p] >= self.senses:
                continue  # read only the synsets that can count
            synset = self.wn.synset_from_pos_and_offset(p, offset)
            k = next((k for k, n in enumerate(synset.lemma_names()) if n.lower() == name), None)
            if k is None:
                continue  # a synset of a base form only ("dog" for "dogs")
            lemma = synset.lemmas()[k]
            if per_pos[p] and _lemma_count(lemma) == 0:
                continue
            per_pos[p] += 1
            yield synset, lemma

    def _edges(self, word: str, relations: frozenset[str] | None, pos: str | None) -> list[Edge]:
        rels = self.RELATIONS if relations is None else relations & self.RELATIONS
        out: list[Edge] = []
        for synset, lemma in self._lemmas(word, pos):
            if "Antonym" in rels:
                out += [(word, "Antonym", normalize(a.name())) for a in lemma.antonyms()]
            if "Synonym" in rels:
                out += [(word, "Synonym", normalize(lm.name())) for lm in synset.lemmas() if lm != lemma]
            if "IsA" in rels:
                out += [
                    (word, "IsA", normalize(h.lemma_names()[0]))
                    for h in synset.hypernyms() + synset.instance_hypernyms()
                ]
        return list(dict.fromkeys(out))

    def _siblings(self, key: str, pos: str | None) -> list[str]:
        from .wordnet import sibling_words

        out = []
        for synset, _lemma in self._lemmas(key, pos):
            for parent in synset.hypernyms():
                if len(parent._pointers.get("~", ())) > self.sibling_limit:
                    continue  # too generic; counted without reading every hyponym
                out += [normalize(w) for w in sibling_words(self.wn, parent, synset)]
        return _unique(w for w in out if w != key)

    def has(self, word: str) -> bool:
        memo = self.__dict__.setdefault("_has_memo", {})  # asked for every word of every story
        found = memo.get(word)
        if found is None:
            found = memo[word] = bool(self.wn.offsets(normalize(word).replace(" ", "_")))
        return found


@functools.lru_cache(maxsize=8)
def _provider(spec: str) -> ConceptNetProvider:
    if spec == "wordnet":
        return WordNetProvider()
    path = Path(spec).expanduser()
    if path.suffix in (".db", ".sqlite", ".sqlite3"):
        return ConceptNetLiteProvider(path)
    if not path.is_file():
        raise ResourceMissing(
            f"ConceptNet edge file {path}", f"set {ENV} to an existing .db or edge file", "no such file"
        )
    return EdgeListProvider(path)


def get_provider(spec: str | Path | None = None) -> ConceptNetProvider:
    """The provider for ``spec`` (a ``.db`` path, an edge file, or ``"wordnet"``); by default
    ``$PERTURBKIT_CONCEPTNET`` if set, else WordNet. Cached per spec."""
    if spec is None:
        spec = os.environ.get(ENV) or "wordnet"
    return _provider(str(spec))
