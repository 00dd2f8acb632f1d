"""Causal and temporal perturbations (OpenMEVA's causal and temporal aspects).

Swaps exchange the two events (cause/effect, earlier/later) around a connective that stays in
place; word flips replace a causal or time word with its opposite from the project's lexicons
(``resources/lexicons/causal_*.tsv``, ``temporal_*.tsv``), restructuring only where a plain word
swap would be ungrammatical. Every site is confirmed by the parse; doubtful ones are skipped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..example import Example
from ..transform import Effect, register
from ..transform.flip import Scored, WordFlip
from ._discourse.causal import causal_flip_words, causal_flips
from ._discourse.swaps import ConnectiveSwap
from ._discourse.temporal import temporal_flips

if TYPE_CHECKING:
    from spacy.tokens import Doc


@register
@dataclass(repr=False)
class CausalSwap(ConnectiveSwap):
    """Swap cause and effect around a causal connective that stays in place."""

    name = "causal_swap"
    aspect = "causal"
    effect = Effect.BREAKS
    example = "She cried because she lost the game."
    kind = "causal"


@register
@dataclass(repr=False)
class TemporalSwap(ConnectiveSwap):
    """Swap two sequential events around a temporal connective that stays in place."""

    name = "temporal_swap"
    aspect = "temporal"
    effect = Effect.BREAKS
    example = "She lost her dog. Then she found the dog."
    kind = "temporal"
    openers = frozenset({"later"})  # "Two days later, ..."


@register
@dataclass(repr=False)
class CausalWordFlip(WordFlip):
    """Replace a causal word with its opposite ("because" -> ", so"; "the cause of" -> "the result of")."""

    name = "causal_word_flip"
    aspect = "causal"
    effect = Effect.BREAKS
    example = "She left the party because he shouted at her."
    lexicon = "causal"

    def triggers(self) -> frozenset[str]:
        return causal_flip_words()

    def flips(self, doc: Doc) -> list[Scored]:
        return causal_flips(doc)

    def candidates(self, example: Example, doc: Doc) -> list[Scored]:
        # a story told after a context ("Tom was hungry." + "So he ate.") may open with "So"
        return causal_flips(doc, opens_story=bool(example.context), context=example.context or "")


@register
@dataclass(repr=False)
class TemporalWordFlip(WordFlip):
    """Replace a time word with its opposite ("before" -> "after", "the next day" -> "the previous day")."""

    name = "temporal_word_flip"
    aspect = "temporal"
    effect = Effect.BREAKS
    example = "She bought a dress. The next day, she wore the dress."
    lexicon = "temporal"

    def flips(self, doc: Doc) -> list[Scored]:
        return temporal_flips(doc)
