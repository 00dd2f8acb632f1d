"""The person lexicon: the pronoun table (every form's person, number, gender and case), the
gendered first-name lists, masked names ("[MALE]"), and spaCy's ids for labels."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from ...resources.inflect import all_lemmas
from ...resources.lexicons import table, word_list

if TYPE_CHECKING:
    from spacy.tokens import Token


CASES = ("subj", "obj", "poss_adj", "poss_noun", "refl")
HUMAN = ("1s", "1p", "2", "3m", "3f", "3p")  # identities pronoun_swap moves between ("it" excluded)
AGREEMENT = {"1s": "1s", "1p": "pl", "2": "pl", "3m": "3s", "3f": "3s", "3n": "3s", "3p": "pl"}
MASKED = re.compile(r"\[(MALE|FEMALE|NEUTRAL)\]")
MASK_IDENT = {"MALE": "3m", "FEMALE": "3f", "NEUTRAL": "3?"}  # "3?": a person of unknown gender
OBJ_DEPS = {"dobj", "pobj", "dative", "iobj", "obj"}
NOMINAL_POS = {"NOUN", "PROPN", "ADJ", "NUM"}
NOUNISH = {"NOUN", "PROPN", "NUM", "X"}  # heads a possessive pronoun can modify
APOS = ("'", "\u2019")


def _ident(row: dict[str, str]) -> str:
    p, n, g = row["person"], row["number"], row["gender"]
    if p == "2":
        return "2"
    if p == "1":
        return "1s" if n == "sing" else "1p"
    if n == "plur":
        return "3p"
    return {"masc": "3m", "fem": "3f"}.get(g, "3n")


@functools.cache
def _pronoun_table() -> tuple[dict[tuple[str, str], str], dict[str, frozenset[tuple[str, str]]]]:
    forms: dict[tuple[str, str], str] = {}
    readings: dict[str, set[tuple[str, str]]] = {}
    for row in table("pronouns.tsv"):
        if row["case"] not in CASES:
            raise ValueError(f"lexicon pronouns.tsv: unknown case {row['case']!r}")
        ident = _ident(row)
        forms.setdefault((ident, row["case"]), row["form"])  # "2"+refl: the singular row comes first
        readings.setdefault(row["form"].lower(), set()).add((ident, row["case"]))
    return forms, {k: frozenset(v) for k, v in readings.items()}


def pronoun_form(ident: str, case: str) -> str:
    """The pronoun of ``ident`` ("1s", "3f", ...) in ``case`` ("subj", "obj", ...), e.g. "her"."""
    return _pronoun_table()[0][(ident, case)]


_NO_READINGS: frozenset[tuple[str, str]] = frozenset()


def pronoun_readings(word: str) -> frozenset[tuple[str, str]]:
    """All (identity, case) readings of a word form according to the pronoun table."""
    return _pronoun_table()[1].get(word.lower(), _NO_READINGS)


@functools.cache
def sid(label: str) -> int:
    """The id spaCy's arrays use for a label or word (a symbol id or the string's hash)."""
    from spacy.strings import get_string_id

    return get_string_id(label)


@functools.cache
def reflexives() -> frozenset[str]:
    """The reflexive pronouns of the table ("myself", "herself", ...)."""
    return frozenset(w for w, rs in _pronoun_table()[1].items() if any(case == "refl" for _, case in rs))


@functools.cache
def pronoun_words() -> frozenset[str]:
    return frozenset(_pronoun_table()[1])


@functools.cache
def ids(*labels: str) -> frozenset[int]:
    """The array ids (:func:`sid`) of some labels, e.g. ``ids("nsubj", "nsubjpass")``."""
    return frozenset(sid(label) for label in labels)


def can_be_noun(tok: Token) -> bool:
    """Whether a word the tagger calls a noun can be one ("drowsy" in "made her drowsy" cannot)."""
    return tok.pos_ == "PROPN" or noun_reading(tok.lower_)


@functools.lru_cache(maxsize=8192)
def noun_reading(low: str) -> bool:
    """Whether lemminflect knows ``low`` as a noun (or does not know it at all)."""
    lemmas = all_lemmas(low)
    return not lemmas or "NOUN" in lemmas or "PROPN" in lemmas


def masked_identities(text: str) -> set[str]:
    """Identities of masked names ([MALE] -> "3m", [FEMALE] -> "3f", [NEUTRAL] -> "3?")."""
    return {MASK_IDENT[m.group(1)] for m in MASKED.finditer(text)}


def name_gender(word: str) -> str | None:
    """ "m" or "f" for a first name in the project's gendered name lists, else None."""
    return _name_gender(word.lower())


@functools.lru_cache(maxsize=8192)
def _name_gender(w: str) -> str | None:
    male, female = w in word_list("names_male.txt"), w in word_list("names_female.txt")
    if male == female:
        return None
    return "m" if male else "f"
