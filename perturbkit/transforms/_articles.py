"""Choosing "a" or "an" for a word, by its first sound (spelling rules plus known exceptions)."""

from __future__ import annotations

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
