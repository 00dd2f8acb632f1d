"""``typos``' parts: the words that may get a typo, and a keyboard slip that is not itself a
word (transpose, double or drop a letter; the first letter kept)."""

from __future__ import annotations

import functools
import random
import re

from ...resources.inflect import all_lemmas
from ...resources.lexicons import table, word_list


@functools.cache
def _more_words() -> frozenset[str]:
    """Words lemminflect and the stop words miss: WordNet's that a slip reaches ("tat", "tink",
    "hi"; scripts/make_typo_words.py), interjections ("hm"), spaCy's tokenizer exceptions ("cos")."""
    from spacy.lang.en.tokenizer_exceptions import TOKENIZER_EXCEPTIONS

    exceptions = (k.lower() for k in TOKENIZER_EXCEPTIONS if k.isalpha())
    return word_list("typo_real_words.txt") | word_list("interjections.txt") | frozenset(exceptions)


@functools.lru_cache(maxsize=8192)
def _is_word(word: str) -> bool:
    """Whether ``word`` is an English word: lemminflect's dictionary (every inflected form), spaCy's
    stop words, or :func:`_more_words` (round 101: "that" -> "tat", "His" -> "Hi" read as words)."""
    from spacy.lang.en.stop_words import STOP_WORDS

    w = word.lower()
    return w in STOP_WORDS or w in _more_words() or bool(all_lemmas(w))


@functools.cache
def _first_names() -> frozenset[str]:
    """The first names of the lists name_change reads (lower case): the project's own and the 1990
    US Census's."""
    own = word_list("names_male.txt") | word_list("names_female.txt") | word_list("names_neutral.txt")
    return own | frozenset(r["name"].lower() for r in table("names_census.tsv"))


def _lower_cased_name(word: str) -> bool:
    """Whether ``word`` of a lower-cased story is a first name and no English word ("liza", not
    "bill"): its spelling is kept as a capitalised name's is (round 105: "liza" -> "lizza")."""
    return word in _first_names() and not _is_word(word)


def _real(typo: str) -> bool:
    """A slip that reads as another word (round 103: "All I know" -> "Al I know" reads as a name):
    an English word (:func:`_is_word`), a word frequent in any casing (wordfreq's, shipped in
    ``typo_frequent_words.txt``: "al", "th", "nasa"), or, capitalised, a first name of the name
    lists name_change reads ("Ed", "Tim")."""
    if _is_word(typo):
        return True
    low = typo.lower()
    return low in word_list("typo_frequent_words.txt") or (typo[0].isupper() and low in _first_names())


def misspelt(word: str, rng: random.Random) -> tuple[str, str] | None:
    """A keyboard slip in ``word`` (first letter kept) that is not itself a word ("proud" never
    becomes "prod") nor, capitalised, a first name ("All" never becomes "Al") and keeps a final "s"
    ("bafoons" -> "bafoon" reads as a singular, round 101): transpose, double or drop a letter;
    None if every try gives a real word."""
    for _ in range(6):
        typo = _one_typo(word, rng)
        if typo is None:
            return None
        if word[-1] in "sS" and typo[0] == word[:-1]:
            continue
        if not _real(typo[0]):
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


# What may stand between a sentence's end and its first word: spaces, opening quotes and brackets.
_OPENERS = " \t\n`'\"([{*_-\u2018\u201c"
_ENDS = frozenset(".!?:;\u2026")


def _name_like(text: str, start: int, word: str, lower_words: set[str]) -> bool:
    """Whether the capitalised ``word`` at ``start`` may be a name, which keeps its spelling (round
    101: "Buddy", "Erg", "New" of "New York Times" misspelt): it is, unless it opens a sentence and
    is a stop word ("His", "The") or is found in lower case in the text too ("Spittle ... spittle").
    Strings only: a tagger would be slower than the whole transform. A word in capitals is shouted
    when it is an English word ("HELLO THERE"), else an acronym ("NASA"), or a name when the text
    writes it capitalised too ("Hey Gene ... GENE !")."""
    if word.isupper() and len(word) > 1:
        return not _is_word(word) or word.capitalize() in text
    before = text[max(0, start - 24) : start].rstrip(_OPENERS)
    if before and before[-1] not in _ENDS:
        return True  # capitalised inside a sentence
    from spacy.lang.en.stop_words import STOP_WORDS

    low = word.lower()
    return low not in STOP_WORDS and low not in lower_words


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
    lower_words: set[str] = set()  # the words in lower case, for the name test
    capitalised: list[int] = []  # indices into starts/words, then short (negated)
    for m in _FREE_WORD.finditer(text):
        w = m.group()
        if w.lower() in split or (w in dotted and text[m.end() : m.end() + 1] == "."):
            continue
        letters += len(w)
        if w[0].islower():
            lower_words.add(w)
        else:
            capitalised.append(len(starts) if len(w) >= 3 else ~len(short))
        if len(w) >= 3:
            starts.append(m.start())
            words.append(w)
        else:
            short.append((m.start(), w))
    most = len(text) - letters + 1  # runs of letters <= non-letters + 1
    site = lambda j: (starts[j], words[j]) if j >= 0 else short[~j]  # noqa: E731
    names = {j for j in capitalised if _name_like(text, *site(j), lower_words)}
    if not capitalised and letters:  # a lower-cased story (ROC): a first name keeps its spelling too
        names = {j for j in range(len(starts)) if _lower_cased_name(words[j])}
        names |= {~j for j, (_, w) in enumerate(short) if _lower_cased_name(w)}
    if names:
        starts = [i for j, i in enumerate(starts) if j not in names]
        words = [w for j, w in enumerate(words) if j not in names]
        short = [x for j, x in enumerate(short) if ~j not in names]
    if (words or short) and (skip := _address_spans(text)):
        free = [(i, w) for i, w in sorted([*zip(starts, words), *short]) if not any(a <= i < b for a, b in skip)]
        starts = [i for i, w in free if len(w) >= 3]
        words = [w for _, w in free if len(w) >= 3]
        short = free
    if not words:
        starts, words = [i for i, _ in short], [w for _, w in short]
    return tuple(starts), tuple(words), most
