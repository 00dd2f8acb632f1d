"""The word-flip base: replace one word or fixed phrase with its opposite from a lexicon.

A flip lexicon is ``resources/lexicons/<lexicon>_opposites.tsv`` with the columns ``word``,
``opposite`` and ``rule`` (where in a sentence the flip keeps it grammatical: "conj", "adv",
"clause"...). A :class:`WordFlip` subclass names its ``lexicon`` and finds every flip a parse
allows (:meth:`WordFlip.flips`); the base skips stories without any of the lexicon's words,
draws one flip and records it. A flip may come :class:`Scored` by how much of the rest of the
story depends on it (the sentences it contradicts): the base draws among the best-scored ones.

>>> @register
... @dataclass(repr=False)
... class SizeFlip(WordFlip):                                   # doctest: +SKIP
...     name = "size_flip"; lexicon = "size"                     # size_opposites.tsv
...     def flips(self, doc):
...         big = opposites(self.lexicon, "adj")
...         return [flip_word(doc, t, big[t.lower_], "size") for t in doc if t.lower_ in big]
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, NamedTuple, TypeVar

from ..annotation import token_columns
from ..example import Example
from ..resources.lexicons import table
from .base import Change, Transform
from .words import indefinite_article, match_case

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token


T = TypeVar("T")


class Scored(NamedTuple):
    """A flip's Changes with its score: how many other sentences it contradicts (higher first)."""

    changes: Sequence[Change]
    score: int = 0


def choose_best(rng: random.Random, items: Sequence[T], scores: Sequence[int]) -> T | None:
    """One of the best-scored ``items`` drawn with ``rng`` (None when there is none): sites the
    rest of the story depends on come first, the seed chooses among equals."""
    if not items:
        return None
    top = max(scores)
    return rng.choice([x for x, s in zip(items, scores) if s == top])


@functools.cache
def opposites(lexicon: str, rule: str) -> dict[str, str]:
    """word -> opposite for the rows of ``{lexicon}_opposites.tsv`` with this rule (read once; do
    not mutate the result)."""
    return {r["word"]: r["opposite"] for r in table(f"{lexicon}_opposites.tsv") if r["rule"] == rule}


@functools.cache
def lexicon_words(lexicon: str) -> frozenset[str]:
    """Every word of the lexicon's ``word`` column (each word of a phrase)."""
    return frozenset(w for r in table(f"{lexicon}_opposites.tsv") for w in r["word"].split())


def flip_word(doc: Doc, tok: Token, new: str, note: str) -> list[Change]:
    """Changes replacing ``tok`` by ``new`` (cased like it) and making a "a"/"an" right before it
    agree with ``new``."""
    changes = [Change(tok.idx, tok.idx + len(tok), match_case(tok.text, new), note)]
    if tok.i == 0:
        return changes
    prev = doc[tok.i - 1]
    if prev.lower_ not in ("a", "an"):
        return changes
    art = indefinite_article(new)
    if art != prev.lower_:
        changes.append(Change(prev.idx, prev.idx + len(prev), match_case(prev.text, art), "a/an agreement"))
    return changes


@dataclass(repr=False)
class WordFlip(Transform):
    """Base of the transforms that replace one word or phrase with its opposite. A subclass sets
    ``lexicon`` and implements :meth:`flips`; :meth:`triggers` may narrow the cheap pre-check."""

    lexicon: ClassVar[str] = ""

    def triggers(self) -> frozenset[str]:
        """Words (or lemmas) one of which a story needs for any flip: by default every word of
        the lexicon. A story without one is not parsed further."""
        return lexicon_words(self.lexicon)

    def flips(self, doc: Doc) -> Sequence[Sequence[Change] | Scored]:
        """Every flip the parse allows, each as the Changes that make it (or :class:`Scored`)."""
        raise NotImplementedError

    def candidates(self, example: Example, doc: Doc) -> Sequence[Sequence[Change] | Scored]:
        """The flips of this example: :meth:`flips` unless a subclass also reads the example
        (its context, say)."""
        return self.flips(doc)

    def applicable(self, example: Example, doc: Doc) -> bool:
        words, cols = self.triggers(), token_columns(doc)
        return not words.isdisjoint(cols["lower"]) or not words.isdisjoint(cols["lemma"])

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        cands = [c if isinstance(c, Scored) else Scored(c) for c in self.candidates(example, doc)]
        best = choose_best(rng, [c.changes for c in cands], [c.score for c in cands])
        return self.rewrite(example, best) if best is not None else None
