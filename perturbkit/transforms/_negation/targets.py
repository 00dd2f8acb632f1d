"""What the rest of a story says that depends on a sentence's main verb, so that a negation flip
contradicts something (:mod:`perturbkit.transform.targets`).

An event ("he bought a car") is depended on by what FOLLOWS it: a later sentence or clause that
names its verb, its objects or complements ("he drove the car home"), or refers to its object
with "it"/"them" ("he found a log and attached it to his boat"). What precedes an event rarely
depends on it: "she wanted a car. she did not buy a car." is still a story. A state ("the room
was dark", "they were at home") holds before and after, so a mention in any other sentence
counts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation import per_doc, sentence_bounds, token_columns, token_strings
from ...annotation.links import Witness, arguments, strict_witnesses, witnesses, word_witnesses

if TYPE_CHECKING:
    from spacy.tokens import Doc


def _root(doc: Doc, sentence: int) -> int:
    """The index of the sentence's parse root (its first token whose head is itself)."""
    a, b = sentence_bounds(doc)[sentence]
    head = token_columns(doc)["HEAD"]
    return next((i for i in range(a, b) if head[i] == i), a)


@per_doc
def flip_witnesses(doc: Doc, sentence: int) -> tuple[Witness, ...]:
    """The places that depend on the main verb of ``sentence`` (see the module doc): for a
    copula, mentions of its complement anywhere else; for another verb, later mentions of the
    verb or its arguments and later pronouns for its object. Only strict witnesses count
    (:func:`~perturbkit.annotation.links.strict_witnesses`: no lone pronoun in another sentence, no
    frequent noun such as "friend", a recurring noun only as an object or subject)."""
    root = _root(doc, sentence)
    lemma = token_columns(doc)["lemma"]
    strs = token_strings(doc)
    if lemma[root] == "be" and strs["pos"][root] == "AUX":
        return strict_witnesses(doc, witnesses(doc, arguments(doc, root)), sentence)
    found = [w for w in word_witnesses(doc, root) if not _another_event(doc, root, w.token)]
    return strict_witnesses(doc, found, sentence)


def _another_event(doc: Doc, root: int, j: int) -> bool:
    """Token ``j`` is the flipped verb's lemma used again as a finite or infinitive verb: another
    event of the same kind ("she looked in the ads. she looked online"), which a negation of the
    first does not contradict. A gerund or a noun naming the event ("laughed at me for running")
    still refers to it."""
    strs = token_strings(doc)
    return (
        token_columns(doc)["lemma"][j] == token_columns(doc)["lemma"][root]
        and strs["pos"][j] in ("VERB", "AUX")
        and strs["tag"][j] != "VBG"
    )
