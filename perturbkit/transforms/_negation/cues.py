"""The negation lexicons and the story's negation style: negation cues, negative and positive
polarity items, negative contractions, and whether a story writes "didn't", "did n't" or
"did not"."""

from __future__ import annotations

import functools
import itertools
import re
from typing import TYPE_CHECKING, NamedTuple

from ...annotation import doc_text, token_columns
from ...resources.lexicons import table, word_list
from ...transform.words import is_tokenised, match_case

if TYPE_CHECKING:
    from spacy.tokens import Doc


#: Negative contractions of auxiliaries and modals ("am", "may", "might", "shall" have none in
#: current English and take a full "not").
CONTRACTED = {
    "is": "isn't",
    "are": "aren't",
    "was": "wasn't",
    "were": "weren't",
    "has": "hasn't",
    "have": "haven't",
    "had": "hadn't",
    "do": "don't",
    "does": "doesn't",
    "did": "didn't",
    "will": "won't",
    "would": "wouldn't",
    "can": "can't",
    "could": "couldn't",
    "should": "shouldn't",
    "must": "mustn't",
}
#: spaCy's split of contracted negatives: "can't" -> "ca" + "n't", "won't" -> "wo" + "n't".
CLIPPED = {"ca": "can", "wo": "will", "sha": "shall"}
#: Clitic auxiliaries and their full negative forms ("I'll" -> "I won't").
CLITIC_NEG = {"'ll": "will", "'ve": "have"}


@functools.lru_cache(maxsize=1)
def negation_cues() -> frozenset[str]:
    """Single-word negation cues (``negation_words.txt``) plus the approximate negators."""
    return frozenset(w for w in word_list("negation_words.txt") | word_list("negation_approximate.txt") if " " not in w)


@functools.lru_cache(maxsize=1)
def cue_forms() -> frozenset[str]:
    """:func:`negation_cues` as written with straight or curly apostrophes ("n't", "n’t")."""
    out = {"nt"}  # spaCy splits an apostrophe-less "dont" / "didnt" into "do" / "did" + "nt"
    for cue in negation_cues():
        parts = cue.split("'")
        for quotes in itertools.product("'\u2019", repeat=len(parts) - 1):
            out.add(parts[0] + "".join(q + p for q, p in zip(quotes, parts[1:])))
    return frozenset(out)


@functools.lru_cache(maxsize=1)
def _count_pattern() -> re.Pattern:
    words = sorted((w for w in word_list("negation_words.txt") if " " not in w and "'" not in w), key=len, reverse=True)
    return re.compile(r"n't\b|\b(?:" + "|".join(map(re.escape, words)) + r")\b", re.IGNORECASE)


def negation_count(text: str) -> int:
    """How many negation cues ``text`` has ("did n't", "didn't", "not", "never", "cannot", "no"...)."""
    return len(_count_pattern().findall(text.replace("\u2019", "'")))


@functools.lru_cache(maxsize=1)
def _npis() -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(w.split()) for w in word_list("negation_npi.txt"))


@functools.lru_cache(maxsize=1)
def npis_by_first() -> dict[str, tuple[tuple[str, ...], ...]]:
    """The negative polarity items indexed by their first word (so a scan tries only those)."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for npi in _npis():
        out.setdefault(npi[0], []).append(npi)
    return {k: tuple(v) for k, v in out.items()}


@functools.lru_cache(maxsize=1)
def polarity_items() -> dict[str, str | None]:
    return {r["word"]: (None if r["negative"] == "-" else r["negative"]) for r in table("negation_ppi.txt")}


class Style(NamedTuple):
    """How the story writes negation: contracted ("didn't") or not, tokenised ("did n't") or not."""

    contract: bool
    tokenised: bool

    @classmethod
    def of(cls, doc: Doc, lows: list[str] | None = None) -> Style:
        """The doc's style; ``lows`` are its lower-cased token texts when already read."""
        if lows is None:
            lows = token_columns(doc)["lower"]
        n_nt = lows.count("n't") + lows.count("n’t")
        n_not = lows.count("not")
        return cls(contract=n_nt > 0 and n_nt >= n_not, tokenised=is_tokenised(doc_text(doc)))

    def negative(self, aux: str) -> str:
        """The negative of an auxiliary word ("did" -> "didn't" / "did n't" / "did not")."""
        low = aux.lower()
        if self.contract and low in CONTRACTED:
            neg = CONTRACTED[low]
            if self.tokenised:
                neg = {"won't": "wo n't", "can't": "ca n't"}.get(neg, neg[:-3] + " n't")
            return match_case(aux, neg)
        if low == "can":
            return match_case(aux, "can not" if self.tokenised else "cannot")
        return f"{aux} not"
