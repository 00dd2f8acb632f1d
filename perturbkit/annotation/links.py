"""Story links: which sentences mention the same content words, so an edit can target what the
rest of the story depends on.

A coherence-breaking edit (a negation, an antonym, a flipped connective) is only a real
inconsistency when something else in the story depends on what it changed: "he bought a car. he
drove the car home." turns inconsistent when "bought" is negated, because the next sentence still
uses the car; "he wanted to leave. he was tired." stays a plausible story with "he did not want
to leave". Transforms rank their candidate sites by these links and, when no site links to
another sentence, decline (return None).

>>> sent_of = sentence_index(doc)                      # doctest: +SKIP
>>> linked_sentences(doc, [verb_i, object_i])         # other sentences naming them  # doctest: +SKIP
(3,)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .memo import per_doc
from .tables import sentence_bounds, token_columns, token_strings

if TYPE_CHECKING:
    from spacy.tokens import Doc

#: Parts of speech whose lemmas carry a story's content.
CONTENT_POS = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "ADV"})
#: Verbs too common to link two sentences by themselves ("was", "had", "got", "went").
LIGHT_VERBS = frozenset({"be", "have", "do", "get", "go", "make", "take", "let", "say", "come", "see", "know"})


@per_doc
def sentence_index(doc: Doc) -> tuple[int, ...]:
    """The sentence (index into :func:`~perturbkit.annotation.tables.sentences`) of every token;
    -1 for whitespace between sentences."""
    out = [-1] * len(doc)
    for k, (a, b) in enumerate(sentence_bounds(doc)):
        out[a:b] = [k] * (b - a)
    return tuple(out)


def is_content(doc: Doc, i: int) -> bool:
    """Token ``i`` is a content word that can link sentences (not a stop word, a light verb, a
    pronoun or punctuation)."""
    cols = token_columns(doc)
    return (
        token_strings(doc)["pos"][i] in CONTENT_POS
        and bool(cols["IS_ALPHA"][i])
        and not cols["IS_STOP"][i]
        and cols["lemma"][i] not in LIGHT_VERBS
    )


@per_doc
def lemma_sentences(doc: Doc) -> dict[str, tuple[int, ...]]:
    """Content lemma -> the sentences that mention it (sorted, each once)."""
    lemma, sent = token_columns(doc)["lemma"], sentence_index(doc)
    found: dict[str, set[int]] = {}
    for i in range(len(doc)):
        if sent[i] >= 0 and is_content(doc, i):
            found.setdefault(lemma[i], set()).add(sent[i])
    return {k: tuple(sorted(v)) for k, v in found.items()}


def linked_sentences(doc: Doc, tokens: Iterable[int], *, later_only: bool = False) -> tuple[int, ...]:
    """Sentences other than the tokens' own that mention a content lemma of ``tokens`` (sorted);
    with ``later_only``, only sentences after the first token's sentence (what follows an event
    depends on it; what precedes it usually does not)."""
    tokens = list(tokens)
    if not tokens:
        return ()
    lemma, sent = token_columns(doc)["lemma"], sentence_index(doc)
    own = {sent[i] for i in tokens}
    first = min(sent[i] for i in tokens)
    table = lemma_sentences(doc)
    out: set[int] = set()
    for i in tokens:
        if is_content(doc, i):
            out.update(k for k in table.get(lemma[i], ()) if k not in own and (not later_only or k > first))
    return tuple(sorted(out))


def shared_lemmas(doc: Doc, a: Iterable[int], b: Iterable[int]) -> frozenset[str]:
    """Content lemmas that both token sets mention ("saving money" / "saved enough money" share
    "save" and "money"): the second depends on what the first said."""
    lemma = token_columns(doc)["lemma"]
    left = {lemma[i] for i in a if is_content(doc, i)}
    return frozenset(lemma[i] for i in b if is_content(doc, i) and lemma[i] in left)
