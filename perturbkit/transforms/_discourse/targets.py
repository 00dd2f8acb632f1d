"""Which sites the rest of a story depends on: the sentences that mention a site's events again
(``annotation.links``), whether a later event refers back to an earlier one (so their order
matters), and the note naming the sentence an edit contradicts."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...annotation import linked_sentences, sentence_index, shared_lemmas
from .clauses import Clause

if TYPE_CHECKING:
    from spacy.tokens import Doc

# Pronouns that point back at a thing an earlier clause introduced ("she noticed something
# floating. Then she realized it was feces.")
BACK_PRONOUNS = frozenset({"it", "them", "this", "that", "these", "those", "there"})


def tokens(*clauses: Clause) -> list[int]:
    return [i for c in clauses for i in range(c.start, c.end)]


def links(doc: Doc, *clauses: Clause, extra: Iterable[int] = ()) -> tuple[int, ...]:
    """The other sentences that mention a content word of ``clauses`` (or of the ``extra`` tokens)."""
    return linked_sentences(doc, tokens(*clauses) + list(extra))


def refers_back(doc: Doc, earlier: Clause, later: Clause) -> bool:
    """Whether ``later`` depends on ``earlier``: it names one of its content words again ("began
    saving money" / "saved enough money"), or points back with a pronoun at a thing ``earlier``
    names ("noticed something" / "realized it was feces")."""
    if shared_lemmas(doc, range(earlier.start, earlier.end), range(later.start, later.end)):
        return True
    things = any(
        doc[i].pos_ == "NOUN" or doc[i].lower_ in ("something", "one") for i in range(earlier.start, earlier.end)
    )
    return things and any(
        doc[i].lower_ in BACK_PRONOUNS and doc[i].pos_ in ("PRON", "DET", "ADV") and doc[i].dep_ != "expl"
        for i in range(later.start, later.end)
        if not (doc[i].lower_ == "that" and doc[i].dep_ == "mark")
    )


def sentence_number(doc: Doc, i: int) -> int:
    """1-based number of the sentence holding token ``i`` (as a reader counts them)."""
    return sentence_index(doc)[i] + 1


def contradicts(numbers: Iterable[int]) -> str:
    """The note part naming the sentences (1-based) an edit contradicts: "; contradicts sentence 3"."""
    ns = sorted(set(numbers))
    if not ns:
        return ""
    word = "sentence" if len(ns) == 1 else "sentences"
    return f"; contradicts {word} {', '.join(map(str, ns))}"
