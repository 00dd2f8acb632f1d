"""Which sites the rest of a story depends on: the sentences that mention a site's events again
(``annotation.links``), whether a later event refers back to an earlier one (so their order
matters), and the note naming the sentence an edit contradicts."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...annotation import linked_sentences, sentence_bounds, sentence_index, shared_lemmas, token_columns, token_strings
from ...annotation.links import FREQUENT_NOUNS
from .clauses import Clause
from .coref import np_kind

if TYPE_CHECKING:
    from spacy.tokens import Doc

# Pronouns that point back at a thing an earlier clause introduced ("she noticed something
# floating. Then she realized it was feces."), with the kinds of noun phrase (coref.np_kind) each
# can mean: "it" a thing, not a person ("her friend came ... she showed it off")
BACK_PRONOUNS = {"it": {"n"}, "this": {"n"}, "that": {"n"}, "them": {"p"}, "these": {"p"}, "those": {"p"}}
BACK_PRONOUNS["there"] = {"n", "p"}


def tokens(*clauses: Clause) -> list[int]:
    return [i for c in clauses for i in range(c.start, c.end)]


def links(doc: Doc, *clauses: Clause, extra: Iterable[int] = ()) -> tuple[int, ...]:
    """The other sentences that mention a content word of ``clauses`` (or of the ``extra`` tokens)."""
    return linked_sentences(doc, tokens(*clauses) + list(extra))


def refers_back(doc: Doc, earlier: Clause, later: Clause) -> bool:
    """Whether ``later`` depends on ``earlier``: it names one of its content words again ("began
    saving money" / "saved enough money"; a noun only when definite, see :func:`_presupposed`), or points back with a pronoun at a thing ``earlier``
    names ("noticed something" / "realized it was feces")."""
    shared = ties(doc, range(earlier.start, earlier.end), range(later.start, later.end))
    if any(_presupposed(doc[i]) for i in range(later.start, later.end) if doc[i].lemma_.lower() in shared):
        return True
    span = range(earlier.start, earlier.end)
    kinds = {np_kind(doc[i]) for i in span if doc[i].pos_ == "NOUN"}
    if any(doc[i].lower_ in ("something", "one") for i in span):
        kinds.add("n")
    return any(
        kinds & BACK_PRONOUNS.get(doc[i].lower_, set())
        and doc[i].pos_ in ("PRON", "DET", "ADV")
        and doc[i].dep_ not in ("expl", "det")  # ("that deep sound" points at no earlier thing)
        and not (doc[i].lower_ == "that" and doc[i].dep_ == "mark")
        and not _antecedent_before(doc, later.start, i, BACK_PRONOUNS[doc[i].lower_])
        for i in range(later.start, later.end)
    )


# verbs too light to name one event ("was", "had", "did", "got")
_LIGHT = frozenset({"be", "have", "do", "get"})
RETOLD_WINDOW = 3  # sentences either side


def retold(doc: Doc, clause: Clause, *site: Clause) -> bool:
    """Whether ``clause``'s event is told again in a nearby sentence that stays in place ("I
    laughed. I laughed for the first time in weeks. I laughed, and the flames raged on. Then, Simon
    stood up"): moved, it reads as a repetition of that telling, not as an event out of order."""
    head = clause.head
    lemma = head.lemma_.lower()
    if head.pos_ != "VERB" or lemma in _LIGHT:
        return False
    bounds = sentence_bounds(doc)
    k = sentence_index(doc)[head.i]
    lo, hi = bounds[max(0, k - RETOLD_WINDOW)][0], bounds[min(len(bounds) - 1, k + RETOLD_WINDOW)][1]
    spans = [range(c.start, c.end) for c in site]
    for i in range(lo, hi):
        t = doc[i]
        if t.pos_ != "VERB" or t.lemma_.lower() != lemma or any(i in r for r in spans):
            continue
        if not any(c.dep_ == "neg" for c in t.children):  # "could not find it" tells no finding
            return True
    return False


DEFINITE = frozenset({"the", "this", "that", "these", "those"})


def _presupposed(t) -> bool:
    """Whether a word the later clause shares with the earlier one presupposes it: a verb or an
    adjective ("began saving" / "saved enough"), or a definite noun ("bought a cake" / "ate the
    cake"); an indefinite noun ("the cats meowed" / "one little cat stood out") introduces a thing
    of its own, which may come in either order."""
    if t.pos_ != "NOUN":
        return True
    return any(c.dep_ in ("det", "poss") and (c.lower_ in DEFINITE or c.dep_ == "poss") for c in t.children)


def _antecedent_before(doc: Doc, start: int, i: int, kinds: set[str]) -> bool:
    """Whether a noun the pronoun at ``i`` can mean stands before it in its own clause ("he shook
    his head to clear it": "it" is the head, not something an earlier clause named)."""
    return any(doc[k].pos_ == "NOUN" and np_kind(doc[k]) in kinds for k in range(start, i))


def ties(doc: Doc, a: Iterable[int], b: Iterable[int]) -> frozenset[str]:
    """The content lemmas tokens ``a`` and ``b`` share, but for names and everyday nouns ("jake",
    "home"): the hero of both clauses ties no event to the other ("jake put his things in the
    garage" / "jake turned on the weather" may happen in either order)."""
    b = list(b)
    cols, strs = token_columns(doc), token_strings(doc)
    loose = {cols["lemma"][i] for i in b if strs["pos"][i] == "PROPN"}
    return frozenset(w for w in shared_lemmas(doc, a, b) if w not in loose and w not in FREQUENT_NOUNS)


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
