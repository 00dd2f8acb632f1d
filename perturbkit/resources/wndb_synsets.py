"""The values a :class:`~perturbkit.resources.wndb.WordNet` reader returns: ``Synset`` (its words and
pointers, parsed from its data line) and ``Lemma`` (one word of a synset), with nltk's method names."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .wndb import WordNet

_SS_NUMBER = {"n": 1, "v": 2, "a": 3, "r": 4, "s": 5}  # sense-key synset type


class Synset:
    """A synset: its words and pointers, parsed from its data line; relations read on demand.

    Equal (and hashed) by name, as nltk's. Relations of a synset come sorted by (pos, offset),
    so that their order is the same in every process."""

    __slots__ = (
        "_wn",
        "_offset",
        "_lexfile",
        "_pos",
        "_words",
        "_ptrs",
        "_name",
        "_names",
        "_lemmas",
        "_relations",
        "_min_depth",
    )

    def __init__(self, wn: WordNet, fields: list[str]) -> None:
        self._wn = wn
        self._offset, self._lexfile, self._pos = int(fields[0]), int(fields[1]), fields[2]
        n = int(fields[3], 16)
        # tuples, not lists: the garbage collector stops scanning a tuple of strings
        self._words = tuple(fields[4 : 4 + 2 * n])  # word, lex_id (hex), word, lex_id, ...
        self._ptrs = tuple(
            fields[5 + 2 * n : 5 + 2 * n + 4 * int(fields[4 + 2 * n])]
        )  # symbol, offset, pos, src/tgt, ...
        self._name: str | None = None
        self._names: tuple[str, ...] | None = None
        self._lemmas: list[Lemma] | None = None
        self._relations: dict[str, tuple[tuple[str, int], ...]] | None = None
        self._min_depth: int | None = None

    def pos(self) -> str:
        return self._pos

    def offset(self) -> int:
        return self._offset

    def lexname(self) -> str:
        return self._wn._lexnames[self._lexfile]

    def name(self) -> str:
        """``lemma.pos.NN``: the first lemma, and this synset's rank among that lemma's senses."""
        if self._name is None:
            word = strip_marker(self._words[0]).lower()
            self._name = f"{word}.{self._pos}.{self._wn._index(word, self._pos).index(self._offset) + 1:02d}"
        return self._name

    def lemma_names(self) -> list[str]:
        """The synset's words, in order, without building Lemma objects."""
        if self._names is None:
            self._names = tuple([strip_marker(w) for w in self._words[0::2]])
        return list(self._names)

    def lemmas(self) -> list[Lemma]:
        if self._lemmas is None:
            w = self._words
            self._lemmas = [Lemma(self, name, k, int(w[2 * k + 1], 16)) for k, name in enumerate(self.lemma_names())]
        return self._lemmas

    @property
    def _pointers(self) -> dict[str, tuple[tuple[str, int], ...]]:
        """{symbol: sorted distinct (pos, offset)} of the synset pointers (as nltk's, sorted)."""
        if self._relations is None:
            found: dict[str, set[tuple[str, int]]] = {}
            p = self._ptrs
            for symbol, offset, pos, words in zip(p[0::4], p[1::4], p[2::4], p[3::4]):
                if words == "0000":  # between synsets, not between two of their words
                    found.setdefault(symbol, set()).add((pos, int(offset)))
            self._relations = {sym: tuple(sorted(targets)) for sym, targets in found.items()}
        return self._relations

    def _related(self, symbol: str) -> list[Synset]:
        get = self._wn.synset_from_pos_and_offset
        return [get(pos, offset) for pos, offset in self._pointers.get(symbol, ())]

    def hypernyms(self) -> list[Synset]:
        return self._related("@")

    def instance_hypernyms(self) -> list[Synset]:
        return self._related("@i")

    def hyponyms(self) -> list[Synset]:
        return self._related("~")

    def instance_hyponyms(self) -> list[Synset]:
        return self._related("~i")

    def similar_tos(self) -> list[Synset]:
        return self._related("&")

    def causes(self) -> list[Synset]:
        """Verbs this verb causes (``kill`` -> ``die``): the cause comes first."""
        return self._related(">")

    def entailments(self) -> list[Synset]:
        """Verbs this verb entails (``snore`` -> ``sleep``, ``buy`` -> ``pay``)."""
        return self._related("*")

    def min_depth(self, _path: tuple = ()) -> int:
        """Length of the shortest hypernym (or instance hypernym) path to a root."""
        if self._min_depth is None:
            if any(s is self for s in _path):
                raise ValueError(f"hypernym graph has a cycle at {self.name()!r}")
            up = self.hypernyms() + self.instance_hypernyms()
            self._min_depth = 1 + min(h.min_depth(_path + (self,)) for h in up) if up else 0
        return self._min_depth

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Synset):
            return NotImplemented
        # one object per synset and reader, and names are unique: no name needed within a reader
        return self is other if self._wn is other._wn else self.name() == other.name()

    def __lt__(self, other: Synset) -> bool:
        return self.name() < other.name()

    def __hash__(self) -> int:
        return hash(self.name())

    def __repr__(self) -> str:
        return f"Synset('{self.name()}')"


def strip_marker(word: str) -> str:
    """The word without an adjective's syntactic marker: "galore(ip)" -> "galore"."""
    if word.endswith(")"):
        i = word.rfind("(")
        if i >= 0 and ")" not in word[i + 1 : -1]:
            return word[:i]
    return word


class Lemma:
    """One word of a synset. Equal (and hashed) by name only, as nltk's lemmas are."""

    __slots__ = ("_synset", "_name", "_index", "_lex_id", "_key")

    def __init__(self, synset: Synset, name: str, index: int, lex_id: int) -> None:
        self._synset, self._name, self._index, self._lex_id = synset, name, index, lex_id
        self._key: str | None = None

    def name(self) -> str:
        return self._name

    def synset(self) -> Synset:
        return self._synset

    def key(self) -> str:
        """The sense key, ``word%ss_type:lexfile:lex_id:head:head_id`` (lower case)."""
        if self._key is None:
            s = self._synset
            head, head_id = "", ""
            if s._pos == "s":
                first = s.similar_tos()[0].lemmas()[0]
                head, head_id = first._name, f"{first._lex_id:02d}"
            self._key = (
                f"{self._name}%{_SS_NUMBER[s._pos]}:{s._lexfile:02d}:{self._lex_id:02d}:{head}:{head_id}"
            ).lower()
        return self._key

    def count(self) -> int:
        return self._synset._wn.lemma_count(self)

    def _lexical(self, symbol: str) -> list[Lemma]:
        """The lemmas this word's lexical pointers ``symbol`` name, in file order (as nltk:
        pointers from any word of the synset with this lemma's name)."""
        s = self._synset
        lemmas, get, p, out = s.lemmas(), s._wn.synset_from_pos_and_offset, s._ptrs, []
        for i in range(0, len(p), 4):
            st = p[i + 3]
            if p[i] == symbol and st != "0000" and lemmas[int(st[:2], 16) - 1]._name == self._name:
                out.append(get(p[i + 2], int(p[i + 1])).lemmas()[int(st[2:], 16) - 1])
        return out

    def antonyms(self) -> list[Lemma]:
        """The lemmas this word's antonym pointers name, in file order."""
        return self._lexical("!")

    def derivationally_related_forms(self) -> list[Lemma]:
        """Words derived from this one or it from them ("win" -> "winner", "winnings"), as nltk's."""
        return self._lexical("+")

    def __eq__(self, other: object) -> bool:
        return self._name == other._name if isinstance(other, Lemma) else NotImplemented

    def __lt__(self, other: Lemma) -> bool:
        return self._name < other._name

    def __hash__(self) -> int:
        return hash(self._name)

    def __repr__(self) -> str:
        return f"Lemma('{self._synset.name()}.{self._name}')"
