"""Word helpers for plot items (plain strings, no parse): a word's verb base form and putting an
inserted verb in the form of the word it sits next to."""

from __future__ import annotations

import functools


@functools.lru_cache(maxsize=8192)
def verb_lemma(word: str) -> str | None:
    """The verb base form of ``word`` when it reads as a verb without context (``woke`` -> ``wake``),
    else None: a word WordNet also knows as a noun counts only in an inflected form other than
    ``-ing`` (``asked`` yes; ``work``, ``camping`` no).

    >>> verb_lemma("woke"), verb_lemma("camping")  # doctest: +SKIP
    ('wake', None)
    """
    from ..resources.wordnet import wordnet

    w = word.lower()
    if not w.isalpha():
        return None
    wn = wordnet()
    lemma = wn.morphy(w, "v")
    if lemma is None or not wn.offsets(w, "n"):
        return lemma
    return lemma if lemma != w and not w.endswith("ing") else None


def inflect_as(event: str, word: str, lemma: str) -> str:
    """``event`` (a base-form verb phrase) with its first word in the form ``word`` has as a form of
    ``lemma`` (``die`` next to ``killed`` -> ``died``); unchanged when no form is known."""
    from ..resources.inflect import all_inflections, first_form

    if word.lower() == lemma:
        return event
    tag = next((t for t, forms in all_inflections(lemma, "VERB").items() if word.lower() in forms), None)
    if tag is None or tag == "VB":
        return event
    head, _, rest = event.partition(" ")
    form = first_form(head, tag)
    return f"{form} {rest}".strip() if form else event
