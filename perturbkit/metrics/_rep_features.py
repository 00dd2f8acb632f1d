"""Repetition statistics of a text, from its words alone (no model), for the frozen learned metric
(``train metric --freeze-encoder --features lm+rep``).

Why: a sentence copied or repeated from earlier in the story is easy for a language model to
predict, so union negatives (which repeat and copy sentences) have a *lower* minimum in-context NLL
than human stories, while on generated stories an easy sentence is usually a fluent one. Beside the
LM statistics these let the head attribute an easy sentence to repetition. Over the same sentences
as :mod:`._lm_features` (:func:`~perturbkit.metrics.embedding.split_sentences`, at most
``MAX_SENTENCES``), words lower-cased (``\\w+``); for each sentence ``s_k`` from the second on,
its overlap ``o_k``: the largest share of its distinct words found in any one earlier sentence.
The ``N_REP`` features:

    0 max o_k     1 mean o_k     2 share of the text's word bigrams (within sentences) seen earlier in it
"""

from __future__ import annotations

import re

import numpy as np

from ._lm_features import MAX_SENTENCES
from .embedding import split_sentences

N_REP = 3
_WORD = re.compile(r"\w+")


def _words(sentence: str) -> list[str]:
    return _WORD.findall(sentence.lower())


def overlaps(text: str) -> list[float]:
    """``o_k`` for each sentence from the second on that has words (see the module docstring)."""
    sents = [w for w in (_words(s) for s in split_sentences(text)[:MAX_SENTENCES]) if w]
    out = []
    for k in range(1, len(sents)):
        own = set(sents[k])
        out.append(max(len(own & set(prev)) for prev in sents[:k]) / len(own))
    return out


def repeated_bigrams(text: str) -> float:
    """The share of the text's word bigrams (within a sentence) that occurred earlier in the text;
    0 for a text without bigrams."""
    seen: set[tuple[str, str]] = set()
    total = repeated = 0
    for sent in split_sentences(text)[:MAX_SENTENCES]:
        words = _words(sent)
        for pair in zip(words, words[1:]):
            total += 1
            repeated += pair in seen
            seen.add(pair)
    return repeated / total if total else 0.0


def rep_stats(text: str) -> np.ndarray:
    """The ``N_REP`` features of ``text`` (zeros for the overlaps of a one-sentence text)."""
    o = overlaps(text)
    out = np.zeros(N_REP, dtype=np.float32)
    if o:
        out[0], out[1] = max(o), sum(o) / len(o)
    out[2] = repeated_bigrams(text)
    return out
