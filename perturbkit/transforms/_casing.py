"""String helpers shared by transforms: casing and released-corpus (tokenised) text detection."""

from __future__ import annotations

import re

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
