"""What a variant changed, sentence by sentence: the model-backed filters judge only that, so a
variant is not rejected for the sentences it left alone."""

from __future__ import annotations

from collections import Counter

from ..metrics.embedding import split_sentences


def new_sentences(original: str, variant: str) -> list[str]:
    """Sentences of ``variant`` that ``original`` does not have (as many times), in order.

    >>> new_sentences("He ran. She sat.", "He ran. She sat down. She sat.")
    ['She sat down.']
    """
    have = Counter(split_sentences(original))
    out = []
    for s in split_sentences(variant):
        if have[s] > 0:
            have[s] -= 1
        else:
            out.append(s)
    return out


def gone_sentences(original: str, variant: str) -> list[str]:
    """Sentences of ``original`` that ``variant`` no longer has (as many times), in order."""
    return new_sentences(variant, original)
