"""The targeted word-substitution base: replace the words the rest of the story depends on.

:class:`TargetedSubstitution` is a :class:`~perturbkit.transform.substitution.MaxWordsSubstitution`
for coherence-breaking substitutions (antonyms, contrasting concepts): a replacement is only an
inconsistency when another sentence depends on the replaced word, so candidates are ranked by
their witnesses (:mod:`perturbkit.transform.targets`) and the transform declines when none has one.

>>> @register
... @dataclass(repr=False)
... class Colder(TargetedSubstitution):                             # doctest: +SKIP
...     name = "colder"; label = "colder"; upos = ("ADJ",)
...     def propose(self, lemma, pos):
...         return [Proposal("cold", "mine")] if lemma == "hot" else []
>>> Colder()("The soup was hot. He ate the hot soup.").note        # doctest: +SKIP
"colder[mine] ADJ hot->cold; contradicts sentence 2 ('hot')"
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..annotation import sentence_index
from ..annotation.links import Witness, word_witnesses
from ..example import Example
from .base import Change
from .site_checks import in_multiword, parse_agrees
from .substitution import Candidate, MaxWordsSubstitution, pick
from .targets import Target, choose, contradiction_note

if TYPE_CHECKING:
    from spacy.tokens import Doc


@dataclass(repr=False)
class TargetedSubstitution(MaxWordsSubstitution):
    """Replace up to ``max_words`` words that the rest of the story depends on, strongest first
    (:mod:`.targets`): a verb whose event a later sentence uses, an adjective or noun another
    sentence repeats. Sites are also checked before anything is proposed: the parse must agree
    with itself about the word and the word must not be half of a multiword expression
    (:mod:`.site_checks`). Each edit's note says which sentence it contradicts; with
    ``targeted=False`` any candidate may be drawn (as :class:`MaxWordsSubstitution`)."""

    targeted: bool = True

    def sites(self, doc: Doc) -> list[tuple[int, str]]:
        return [(i, pos) for i, pos in super().sites(doc) if parse_agrees(doc, i) and not in_multiword(doc, i)]

    def witnesses(self, doc: Doc, i: int) -> tuple[Witness, ...]:
        """The places that depend on the word at ``i`` (:func:`~perturbkit.annotation.links.word_witnesses`)."""
        return word_witnesses(doc, i)

    def targets(self, doc: Doc) -> list[Target]:
        """One target per word with candidates: the candidates and the word's witnesses."""
        by_tok: dict[int, list[Candidate]] = {}
        for c in self.choices(doc):
            by_tok.setdefault(c.i, []).append(c)
        sent = sentence_index(doc)
        return [Target(tuple(cands), sent[i], self.witnesses(doc, i)) for i, cands in sorted(by_tok.items())]

    def applicable(self, example: Example, doc: Doc) -> bool:
        if not self.targeted:
            return super().applicable(example, doc)
        return any(t.witnesses for t in self.targets(doc))

    def count(self, doc: Doc) -> int:
        """How many words to replace (``max_words``; a subclass may read the story)."""
        return self.max_words

    def pick_one(self, rng: random.Random, cands: Sequence[Candidate]) -> Candidate:
        """Which of a chosen word's candidates to write (any, by default)."""
        return rng.choice(cands)

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        if not self.targeted:
            return self.substitute(example, doc, pick(rng, self.choices(doc), self.count(doc)))
        chosen: list[Candidate] = []
        changes: list[Change] = []
        for t in choose(rng, self.targets(doc), self.count(doc), one_per_sentence=False):
            c = self.pick_one(rng, t.item)
            if any(abs(c.i - o.i) <= 1 for o in chosen):
                continue
            chosen.append(c)
            word, *rest = self.changes(doc, [c])
            why = contradiction_note(t.witnesses, own=t.sentence)
            changes += [word._replace(note=f"{word.note}; {why}"), *rest]
        return self.rewrite(example, changes) if changes else None
