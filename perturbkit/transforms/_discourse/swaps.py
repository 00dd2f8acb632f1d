"""Clause swaps around a causal or temporal connective that stays in place ("She cried because
she lost" -> "She lost because she cried"), and the base of the two swap transforms.

Every site is scored by what the rest of the story depends on (:mod:`.targets`): the number of
other sentences that mention its two events; the transform draws among the best-scored sites. A
temporal swap also needs the later event to refer back to the earlier one ("began saving money"
-> "saved enough money"): two unrelated events ("went to the park", then "went to the museum")
may happen in either order, so swapping them breaks nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ...example import Example
from ...transform import Change, Transform
from ...transform.flip import choose_best
from . import clauses as C
from .boundary import bare, explains_conjunct, not_a_clause
from .checks import (
    NPI,
    TEMPORAL_NPI,
    any_in,
    causal_ok,
    demonstrative_subject,
    has_npi,
    impersonal_it,
    opens_with,
    quantity_later,
    result_opener_ok,
    reversible,
    sequential,
    temporal_ok,
)
from .clauses import Clause, word_lowers
from .context import cataphoric, fragment_follows
from .coref import AMBIGUOUS, exchanged_subjects
from .lexicon import connective_words, connectives, first_words
from .plausible import (
    INFERENTIAL,
    ends_leaning,
    evidence,
    incomplete,
    inferable_state,
    inferential_so,
    outcome,
    reversed_plausible,
    subordinate_prefix,
    told_twice,
    unordered,
)
from .readable import evidential_because, readable_reversal
from .remedy import remedy, spoiled_remedy
from .responses import framing
from .sites import initial_sites, medial_sites, sentence_sites
from .targets import contradicts, links, refers_back, retold

if TYPE_CHECKING:
    from spacy.tokens import Doc

# temporal connectives whose main clause tells the LATER event ("X after Y", "X when Y", "X once Y")
LATER_MAIN = frozenset({"after", "when", "once"})


def _scored(doc: Doc, kind: str, earlier: Clause, later: Clause, *clauses: Clause) -> int | None:
    """A site's score (other sentences naming its events), None when a temporal swap would not
    break anything (the later event does not depend on the earlier one)."""
    if kind == "temporal" and (unordered(earlier.head) or unordered(later.head)):
        return None  # a sensation or a negated clause: no event to order
    if kind == "temporal" and not refers_back(doc, earlier, later):
        return None
    if kind == "temporal" and earlier.head.lemma_.lower() == later.head.lemma_.lower():
        return None  # one act twice ("walked the peach orchard" / "walked the apple orchard"): no order
    if kind == "temporal" and told_twice(doc, earlier, later):
        return None  # "looked around until she found a pair" / "found a nice pair": one finding told twice
    if kind == "temporal" and (retold(doc, earlier, *clauses) or retold(doc, later, *clauses)):
        return None  # an event told again in place: moved, it reads as that telling repeated
    return len(links(doc, *clauses))


def _swap(doc: Doc, a: Clause, b: Clause, a_at_start: bool, note: str, *, exchange: bool) -> list[Change] | None:
    """The swap of clauses ``a`` and ``b`` (``a`` first), with their subjects exchanged when
    ``b``'s subject is a pronoun meaning ``a``'s (None when the pronoun is ambiguous)."""
    texts = exchanged_subjects(doc, a, b) if exchange else None
    if texts == AMBIGUOUS:
        return None
    if cataphoric(doc, a, b, exchanged=texts is not None) or fragment_follows(doc, b):
        return None  # a pronoun moved before its noun, or a fragment left after another clause
    numbers = [n + 1 for n in links(doc, a, b)]
    return C.swap_changes(doc, a, b, a_at_start, False, note + contradicts(numbers), texts)


def swap_candidates(doc: Doc, kind: str) -> list[tuple[list[Change], int]]:
    """All clause swaps around ``kind`` ("causal" or "temporal") connectives, each as a pair of
    Changes with its score."""
    causal = kind == "causal"
    check = causal_ok if causal else temporal_ok
    npi = NPI if causal else TEMPORAL_NPI
    out: list[tuple[list[Change], int]] = []
    medial, initial = connective_words(kind, "medial"), connective_words(kind, "initial")
    lowers = word_lowers(doc)
    bounds = C.sentence_quotes(doc)

    def add(changes: list[Change] | None, score: int | None) -> None:
        if changes is not None and score is not None:
            out.append((changes, score))

    for start, end, quote_free in bounds:
        if not quote_free or not (lowers[start] in initial or any_in(lowers, start + 1, end, medial)):
            continue  # (no connective: neither medial_sites nor initial_sites would find a site)
        s = doc[start:end]
        for site in medial_sites(doc, s, medial, allow_and=not causal):
            left, right, conn = site.left, site.right, site.conn
            if not check(conn, left.head, right.head) or has_npi(doc, left, right, words=npi):
                continue
            if left.text(doc).lower() == right.text(doc).lower():
                continue
            cause, effect = (left, right) if conn.lower_ == "so" else (right, left)
            if causal and (conn.lower_ == "since" or outcome(cause.head) or spoiled_remedy(cause.head, effect.head)):
                continue  # "he caught up since she was slow" reads as evidence too; an outcome as the cause
            # "he put on his coat because he was cold" -> "he was cold because he put on his coat": absurd
            cured = conn.lower_ == "because" and remedy(right.head, left.head)
            if (
                causal
                and not cured
                and (reversible(cause.head, effect.head) or reversed_plausible(cause.head, effect.head))
            ):
                continue  # the reversed link would still read as coherent
            if (
                causal
                and not cured
                and (readable_reversal(cause.head, effect.head) or evidential_because(conn, left.head, right.head))
            ):
                continue  # "he liked them because they made him feel warm": reversed, still believable (round 61)
            if causal and conn.lower_ in INFERENTIAL and (inferable_state(cause.head) or evidence(effect.head)):
                continue  # "she rubbed her eyes so she was tired": the moved state reads as a conclusion
            if subordinate_prefix(doc, start, left):
                continue  # "when" kept in place before the moved clause would lose its main clause
            if incomplete(doc, left) or incomplete(doc, right):
                continue
            if causal and (ends_leaning(doc, left) or ends_leaning(doc, right)):
                continue
            if causal and (not_a_clause(doc, left, right) or explains_conjunct(right.head, left.head)):
                continue  # "we killed because we could": an elliptical, coordinated or nested clause
            earlier, later = (right, left) if conn.lower_ in LATER_MAIN else (left, right)
            score = _scored(doc, kind, earlier, later, left, right)
            note = f"swapped clauses around {conn.text!r}"
            add(_swap(doc, left, right, site.left_at_start, note, exchange=True), score)
        for ini in initial_sites(doc, s, initial):
            sub, main = ini.sub, ini.main
            if not check(ini.conn, main.head, sub.head) or has_npi(doc, sub, main, words=npi):
                continue
            if sub.text(doc).lower() == main.text(doc).lower():
                continue
            if causal and (ini.conn.lower_ == "since" or outcome(sub.head) or spoiled_remedy(sub.head, main.head)):
                continue  # "since" may be temporal or evidential; a cause told as an outcome
            cured = ini.conn.lower_ == "because" and remedy(sub.head, main.head)  # (a need and its remedy)
            if causal and not cured and (reversible(sub.head, main.head) or reversed_plausible(sub.head, main.head)):
                continue
            if causal and not cured and readable_reversal(sub.head, main.head):
                continue
            if incomplete(doc, sub) or incomplete(doc, main):
                continue
            if causal and (ends_leaning(doc, sub) or ends_leaning(doc, main) or not_a_clause(doc, sub, main)):
                continue
            earlier, later = (sub, main) if ini.conn.lower_ in LATER_MAIN else (main, sub)
            score = _scored(doc, kind, earlier, later, sub, main)
            note = f"swapped clauses around {ini.conn.text!r}"
            add(_swap(doc, sub, main, False, note, exchange=False), score)
    extra = quantity_later if not causal else None
    openers = connectives(kind, "sentence")
    for (a0, a1, ok_a), (b0, b1, ok_b) in zip(bounds, bounds[1:]):
        if not (ok_a and ok_b and opens_with(doc, b0, openers, extra)):
            continue
        for site in sentence_sites(doc, [doc[a0:a1], doc[b0:b1]], openers, extra):
            first, second = site.first, site.second
            if first.text(doc).lower() == second.text(doc).lower() or has_npi(doc, first, second, words=npi):
                continue
            if demonstrative_subject(first.head) or demonstrative_subject(second.head):
                continue  # "this inspired him": moved, "this" would point at another sentence
            if causal and not result_opener_ok(doc[site.conn_start], second.head):
                continue
            if causal and (reversible(first.head, second.head) or reversed_plausible(first.head, second.head)):
                continue
            if causal and readable_reversal(first.head, second.head):
                continue
            if causal and inferential_so(doc[site.conn_start], first.head, second.head):
                continue  # "They change the programs you know. So ...": a conclusion, not a result
            if causal and (framing(first.head) or framing(second.head)):
                continue  # "So problem was I got so drunk": a spoken "So" that frames an explanation (round 85)
            if causal and (outcome(first.head) or spoiled_remedy(first.head, second.head)):
                continue  # "he ended up saving money . so he ate less": the story already runs effect-first
            if subordinate_prefix(doc, a0, first) or subordinate_prefix(doc, site.conn_end, second):
                continue  # "when they got there ...": the kept "when" would subordinate the moved-in clause
            if incomplete(doc, first) or incomplete(doc, second):
                continue
            if causal and (ends_leaning(doc, first) or ends_leaning(doc, second) or not_a_clause(doc, first, second)):
                continue
            if causal and doc[site.conn_start].lower_ == "so" and (bare(first.head) or bare(second.head)):
                continue  # "I waited nervously. So she left.": both orders read as a plausible sequence
            if (
                causal
                and doc[site.conn_start].lower_ == "so"
                and any(t.is_alpha for t in doc[site.conn_end : second.start])
            ):
                continue  # "So in simple terms ...": a "So" of explaining, not of result (round 632)
            if not causal and (not sequential(first.head, second.head) or impersonal_it(second.head)):
                continue
            opener = doc[site.conn_start : site.conn_end].text
            score = _scored(doc, kind, first, second, first, second)
            note = f"swapped sentence contents around {opener!r}"
            add(_swap(doc, first, second, site.first_at_start, note, exchange=True), score)
    return out


@dataclass(repr=False)
class ConnectiveSwap(Transform):
    """Base of ``causal_swap`` and ``temporal_swap``: swap the clauses (or two sentences'
    contents) around a ``kind`` connective, which stays in place. ``openers``: more words than
    the connectives' first words that may start a swap ("Two days later")."""

    kind: ClassVar[str] = ""
    openers: ClassVar[frozenset[str]] = frozenset()

    def applicable(self, example: Example, doc: Doc) -> bool:
        return not (first_words(self.kind) | self.openers).isdisjoint(word_lowers(doc))

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        cands = swap_candidates(doc, self.kind)
        best = choose_best(rng, [c for c, _ in cands], [s for _, s in cands])
        return self.rewrite(example, best) if best is not None else None
