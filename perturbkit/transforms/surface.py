"""Surface perturbations that keep the meaning: character typos, deletion of inessential commas,
and contractions (contracted or expanded only where the parse makes the other form certain)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..annotation import Level
from ..annotation.capabilities import LEVEL_NEEDS
from ..example import Example
from ..transform import Change, Effect, Transform, register
from ._quotes import STRESSED_WORDS, starred_spans
from ._surface.commas import eligible_commas
from ._surface.contractions import CANDIDATE, contractions, disjoint, may_contract
from ._surface.expansions import expansions, may_expand
from ._surface.typos import misspelt, typo_sites, word_count

if TYPE_CHECKING:
    from spacy.tokens import Doc


@register
@dataclass(repr=False)
class Typos(Transform):
    """Keyboard typos in a few words (``rate`` of the words, at least one): swap, double or drop a letter."""

    name = "typos"
    aspect = "surface"
    effect = Effect.PRESERVES
    level = Level.NONE  # string-level: the words come from a regular expression, not a tokenizer
    example = "She walked to the market and bought fresh bread."

    rate: float = 0.02  # share of alphabetic words to misspell (at least one)

    def apply(self, example: Example, doc: None, rng: random.Random) -> Example | None:
        starts, words, most_words = typo_sites(example.text)
        if not words:
            return None  # before any draw: no generator seeded for a story with nothing to misspell
        # one typo when even the most words the story may have give one: no need to count them
        k = 1 if self.rate * most_words < 2 else max(1, math.floor(self.rate * word_count(example.text)))
        changes = []
        for j in rng.sample(range(len(words)), len(words)):  # a random order; words without a typo are skipped
            typo = misspelt(words[j], rng)
            if typo is not None:
                changes.append(Change(starts[j], starts[j] + len(words[j]), typo[0], typo[1]))
                if len(changes) == k:
                    break
        return self.rewrite(example, changes)


@register
@dataclass(repr=False)
class DeletePunctuation(Transform):
    """Delete optional commas (after an introductory phrase, before "and"+clause, the serial comma)."""

    name = "delete_punctuation"
    aspect = "surface"
    effect = Effect.PRESERVES
    example = "After dinner, we bought apples, pears, and plums, and she walked home."

    p: float = 1.0  # share of the eligible commas to delete (at least one)

    def possible(self, text: str) -> bool:
        return "," in text  # no comma: nothing to delete, and no parse

    def applicable(self, example: Example, doc: Doc) -> bool:
        return "," in example.text  # cheap pre-check; apply() finds the eligible commas

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        if "," not in example.text:
            return None
        commas = eligible_commas(doc, example.text)
        if not commas:
            return None
        k = max(1, round(self.p * len(commas)))
        chosen = sorted(rng.sample(commas, k), key=lambda c: c[0].i)
        changes = []
        for tok, why in chosen:
            start = tok.idx
            if start > 0 and example.text[start - 1] == " ":
                start -= 1  # tokenised text: "went , and" -> "went and"
            changes.append(Change(start, tok.idx + 1, "", f"deleted comma ({why})"))
        return self.rewrite(example, changes)


@register
@dataclass(repr=False)
class Contraction(Transform):
    """Contract ("do not" -> "don't") or expand ("I'm" -> "I am") every safe case, one direction per story."""

    name = "contraction"
    aspect = "surface"
    effect = Effect.PRESERVES
    needs = LEVEL_NEEDS[Level.PARSE] - {"ENT_IOB"}  # no entities read: the parse can skip ner
    example = "I am sure that he did not see us, but we'll ask him."

    direction: str = "both"  # "contract", "expand", or "both" (one of the two drawn per example)

    def validate(self) -> None:
        if self.direction not in ("contract", "expand", "both"):
            raise ValueError(f"direction must be 'contract', 'expand' or 'both', got {self.direction!r}")

    def _options(self, doc: Doc, text: str) -> dict[str, list[Change]]:
        """The changes of each allowed direction that has any."""
        out = {}
        if self.direction in ("contract", "both"):
            out["contract"] = contractions(doc, text)
        if self.direction in ("expand", "both"):
            out["expand"] = expansions(doc, text)
        stressed = [(a, b) for a, b in starred_spans(text) if len(text[a:b].split()) <= STRESSED_WORDS]
        if stressed:  # "* can not *" -> "* ca n't *" loses the stress the writer marked (round 78)
            out = {k: [c for c in v if not any(a <= c.start < b for a, b in stressed)] for k, v in out.items()}
        return {k: v for k, v in out.items() if v}

    def possible(self, text: str) -> bool:
        """No "not", pronoun + auxiliary or apostrophe (in the allowed directions): no site, no parse."""
        if self.direction != "expand" and may_contract(text):
            return True
        return self.direction != "contract" and may_expand(text)

    def applicable(self, example: Example, doc: Doc) -> bool:
        return bool(CANDIDATE.search(example.text))  # cheap pre-check; apply() decides

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        options = self._options(doc, example.text)
        if not options:
            return None
        key = rng.choice(sorted(options))
        return self.rewrite(example, disjoint(options[key]))
