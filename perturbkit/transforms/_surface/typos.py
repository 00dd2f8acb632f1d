"""``typos``' parts: the words that may get a typo, and a keyboard slip that is not itself a
word (transpose, double or drop a letter; the first letter kept)."""

from __future__ import annotations

import functools
import random
from typing import TYPE_CHECKING

from ...annotation import doc_text, per_doc, token_columns
from ...resources.inflect import all_lemmas

if TYPE_CHECKING:
    from spacy.tokens import Doc


def _free_standing(text: str, start: int, end: int) -> bool:
    """The word is not part of a larger unit (a contraction, a possessive, a [MASK])."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    return not (before.isalnum() or before in "'\u2019[" or after.isalnum() or after in "'\u2019]")


@functools.lru_cache(maxsize=65536)
def _is_word(word: str) -> bool:
    """Whether ``word`` is an English word (lemminflect's dictionary or spaCy's stop words)."""
    from spacy.lang.en.stop_words import STOP_WORDS

    w = word.lower()
    return w in STOP_WORDS or bool(all_lemmas(w))


def misspelt(word: str, rng: random.Random) -> tuple[str, str] | None:
    """A keyboard slip in ``word`` (first letter kept) that is not itself a word ("proud" never
    becomes "prod"): transpose, double or drop a letter; None if every try gives a real word."""
    for _ in range(6):
        typo = _one_typo(word, rng)
        if typo is None:
            return None
        if not _is_word(typo[0]):
            return typo
    return None


def _one_typo(word: str, rng: random.Random) -> tuple[str, str] | None:
    ops = []
    swaps = [i for i in range(1, len(word) - 1) if word[i] != word[i + 1]]
    if swaps:
        ops.append("swap")
    if len(word) >= 2:
        ops.append("repeat")
    if len(word) >= 3:
        ops.append("delete")
    if not ops:
        return None
    op = rng.choice(ops)
    if op == "swap":
        i = rng.choice(swaps)
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :], f"swapped {word[i : i + 2]!r}"
    if op == "repeat":
        i = rng.randrange(1, len(word))
        return word[:i] + word[i] + word[i:], f"doubled {word[i]!r}"
    i = rng.randrange(1, len(word))
    return word[:i] + word[i + 1 :], f"dropped {word[i]!r}"


@per_doc
def typo_words(doc: Doc) -> tuple[int, tuple[int, ...], tuple[str, ...]]:
    """(number of alphabetic words, offsets, texts of the ones that may get a typo) in ``doc``.
    Read once per Doc from the token table (no spaCy Token objects; ``applicable`` and ``apply``
    both need it)."""
    text = doc_text(doc)
    cols = token_columns(doc)
    starts, lengths, alpha = cols["IDX"], cols["LENGTH"], cols["IS_ALPHA"]
    words = [(i, n) for i, n, a in zip(starts, lengths, alpha) if a]
    free = [(i, n) for i, n in words if n >= 2 and _free_standing(text, i, i + n)]
    cands = [(i, n) for i, n in free if n >= 3] or free
    return len(words), tuple(i for i, _ in cands), tuple(text[i : i + n] for i, n in cands)
