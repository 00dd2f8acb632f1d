"""Word-level helpers for writing a replacement into a story: "a" or "an" before a word (by its
first sound), casing like the word it replaces, and spotting released-corpus (tokenised) text.

>>> indefinite_article("hour"), match_case("Dog", "cat"), is_tokenised("he did n't go .")
('an', 'Cat', True)
"""

from __future__ import annotations

import re

# Vowel letters pronounced as a consonant ("a unicorn", "a one-off") and silent h ("an hour").
# "uni-" sounds like "you-" in unicorn, uniform, union, unique, unit, universe ...; but "un-" +
# "i..." ("unimportant", "uninterested", "unidentified") starts with a vowel sound.
_CONSONANT_SOUND = (
    "unic",
    "unif",
    "unio",
    "uniq",
    "unis",
    "unit",
    "univ",
    "unil",
    "use",
    "usu",
    "uti",
    "ure",
    "uro",
    "eu",
    "ewe",
    "one",
    "once",
    "ufo",
    "uk",
    "us ",
)
_VOWEL_SOUND = ("hour", "honest", "honor", "honour", "heir", "herb")


def indefinite_article(word: str) -> str:
    """ "a" or "an" before ``word``.

    >>> indefinite_article("apple"), indefinite_article("unicorn"), indefinite_article("hour")
    ('an', 'a', 'an')
    >>> indefinite_article("unimportant"), indefinite_article("university")
    ('an', 'a')
    """
    w = word.lower().lstrip("\"'([")
    if not w:
        return "a"
    if w.startswith(_VOWEL_SOUND):
        return "an"
    if w.startswith(_CONSONANT_SOUND) or w in ("u", "one"):
        return "a"
    return "an" if w[0] in "aeiou" else "a"


_TOKENISED = re.compile(r"\w \.(\s|$)|\w ,\s| n't\b| '(s|re|ve|ll|d|m)\b")


def is_tokenised(text: str) -> bool:
    """True for released-corpus style text ("he did n't go ."), where punctuation is spaced."""
    return bool(_TOKENISED.search(text))


def match_case(model: str, word: str) -> str:
    """``word`` with the capitalisation pattern of ``model`` (lower, Title or UPPER)."""
    if len(model) > 1 and model.isupper():
        return word.upper()
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    if model[:1].islower() and word[:1].isupper() and not word.isupper():
        return word[:1].lower() + word[1:]
    return word
