"""``typos``' parts: the words that may get a typo, and a keyboard slip that is not itself a
word (transpose, double or drop a letter; the first letter kept)."""

from __future__ import annotations

import functools
import random
import re

from ...resources.inflect import all_lemmas


@functools.lru_cache(maxsize=8192)
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


# A word that may get a typo: two or more letters, not touching another letter or digit, an
# apostrophe (contractions, possessives) or a bracket ([MASK]). The spaCy tokenizer gave the same
# words on 2,943 of 2,944 ROC dev stories at a tenth of the cost: typos needs no tokenizer.
_FREE_WORD = re.compile(r"(?<![^\W_])(?<!['\u2019\[])[^\W\d_]{2,}(?![^\W_])(?!['\u2019\]])")
# what counts as a word for ``rate``: not the "t" of "didn't", nor the "n" of a tokenized "n't"
_WORD = re.compile(r"(?<!['\u2019])(?![nN]['\u2019][tT]\b)[^\W\d_]+")
# URLs, e-mails, "U.S.", "e.g.", 3.5; the dot first, then what is around it: twice as fast to search
_ADDRESS = re.compile(r"\.(?<=[^\W_]\.)(?=[^\W_])|@|://|www\.", re.IGNORECASE)
_CHUNK = re.compile(r"\S+")


@functools.cache
def _tokenizer_exceptions() -> tuple[frozenset[str], frozenset[str]]:
    """spaCy's English tokenizer exceptions that are not one plain word: apostrophe-less
    contractions it splits ("thats", "ive", "gonna", lower-cased) and abbreviations with their
    dot ("Mrs.", "Dr."; given without it, so a word is looked up as it is found). A typo there
    would land in a unit spaCy keeps whole or splits."""
    from spacy.lang.en.tokenizer_exceptions import TOKENIZER_EXCEPTIONS

    split = frozenset(k.lower() for k, v in TOKENIZER_EXCEPTIONS.items() if len(v) > 1 and k.isalpha())
    dotted = frozenset(k[:-1] for k in TOKENIZER_EXCEPTIONS if k.endswith(".") and k[:-1].isalpha())
    return split, dotted


def _address_spans(text: str) -> list[tuple[int, int]]:
    """The whitespace-separated chunks of ``text`` that hold an address or an abbreviation with
    inner dots: their letters are not words to misspell."""
    if not _ADDRESS.search(text):
        return []
    return [m.span() for m in _CHUNK.finditer(text) if _ADDRESS.search(m.group())]


def word_count(text: str) -> int:
    """The number of words for ``rate``: runs of letters, not the "t" of "didn't" nor the "n" of a
    tokenized "n't" (at most one per run of letters)."""
    return len(_WORD.findall(text))


def typo_sites(text: str) -> tuple[tuple[int, ...], tuple[str, ...], int]:
    """(offsets, texts of the words that may get a typo, an upper bound on ``word_count(text)``):
    words of three letters or more when there are any, else of two. String-level (no tokenizer: a
    keyboard slip needs none, and the transform runs at the speed of the string-level peers). The
    bound spares counting the words when ``rate`` gives one typo whatever their number: a run of
    letters is followed by a non-letter, and the words found here are letters.

    >>> typo_sites("He didn't see Bob's e-mail at www.x.org today.")
    ((10, 22, 40), ('see', 'mail', 'today'), 25)
    >>> word_count("He didn't see Bob's e-mail at www.x.org today.")
    11
    """
    split, dotted = _tokenizer_exceptions()
    starts: list[int] = []  # the words of three letters or more, in one pass (this runs per story)
    words: list[str] = []
    short: list[tuple[int, str]] = []
    letters = 0
    for m in _FREE_WORD.finditer(text):
        w = m.group()
        if w.lower() in split or (w in dotted and text[m.end() : m.end() + 1] == "."):
            continue
        letters += len(w)
        if len(w) >= 3:
            starts.append(m.start())
            words.append(w)
        else:
            short.append((m.start(), w))
    most = len(text) - letters + 1  # runs of letters <= non-letters + 1
    if (words or short) and (skip := _address_spans(text)):
        free = [(i, w) for i, w in sorted([*zip(starts, words), *short]) if not any(a <= i < b for a, b in skip)]
        starts = [i for i, w in free if len(w) >= 3]
        words = [w for _, w in free if len(w) >= 3]
        short = free
    if not words:
        starts, words = [i for i, _ in short], [w for _, w in short]
    return tuple(starts), tuple(words), most
