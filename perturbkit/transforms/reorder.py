"""Reordering: the story's sentences shuffled, or (MARS's attack on a candidate) a share of its
tokens. MARS (Ma et al.) builds hard negatives for dialogue/story evaluators by reordering part of
a candidate's tokens: the words stay, their order does not, so word-overlap metrics are fooled.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from ..annotation import Level, doc_text, per_doc
from ..example import Example
from ..transform import Change, Effect, Transform, register
from ._narration import LONG_STORY_UNITS, SHORT_STORY_UNITS
from ._order_ties import descriptive, narrated_too_little, order_broken, unit_ties
from ._reorder import rejoined, scrambled_order, token_units
from ._shuffle_units import shuffle_units
from ._standalone import standing_units

_FEW = 4  # movable units a long story needs to be shuffled
_WORD = re.compile(r"[a-z]+")
_LIST_MARK = re.compile(r"\(?\d{1,2}\s?[.)](?:\s|$)")  # "1 .", "2)", "(3)" opening a unit


def _known(context: str | None) -> frozenset[str]:
    """The context's words (and their singulars, roughly): nouns a story may call "the X" from its
    first sentence on."""
    words = set(_WORD.findall((context or "").lower()))
    return frozenset(words | {w[:-1] for w in words if w.endswith("s")} | {w[:-2] for w in words if w.endswith("es")})


@per_doc
def _plan(doc) -> tuple[tuple, bool]:
    """The units that move, and whether the story is short (up to ``SHORT_STORY_UNITS`` sentences in
    the units that could move). None move when the story holds more than ten sentences but fewer
    than ``_FEW`` units can move (dialogue joined into blocks, WP round 100; or most of the story
    held in place, round 112, wp_dev-367: one pair swapped at the end read as a coherent story):
    swapping a block and a line or two may read as a flashback, not as a broken order. None either
    in a story built as a numbered list ("1 . You do get better . ... 2 . Forgive Amy"): its items
    are no sequence of events, and a shuffle would part them from their numbers (round 112,
    wp_dev-520). In a long story (more than ``LONG_STORY_UNITS`` sentences) only confident standalone
    sentences between two others move (``_standalone``, round 117): a fragment, a dateline, a list
    item and both their neighbours stay."""
    units = shuffle_units(doc)
    movable = [u for u in units if u.movable]
    if sum(1 for u in units if _LIST_MARK.match(u.text)) >= 2:
        return (), False
    short = sum(u.pieces for u in movable) <= SHORT_STORY_UNITS
    if sum(u.pieces for u in units) <= LONG_STORY_UNITS:
        return tuple(movable), short
    movable = standing_units(doc, doc_text(doc), units)
    return (tuple(movable), short) if len(movable) >= _FEW else ((), short)


@register
@dataclass(repr=False)
class SentenceShuffle(Transform):
    """Reorder the story's sentences so that the order of events breaks: no sentence keeps the one
    after it (short stories) and more than one pair changes order. Quoted speech, a speaker label
    or heading with what it labels, and fragments move as one unit (see ``_units``; a sentence with
    no main finite verb of its own moves with the one it continues, ``_fragments``); separators
    and authors' notes stay in place (``_paratext``).

    A short story (up to five sentences) is shuffled only where its order carries a signal the
    shuffle breaks (``_order_ties``): a moved sentence's "then" or "the next day" now before what
    it followed, "the X" before the sentence that introduced it, or two events told the other way
    round; a story that mostly describes ("if there is too much milk the cereal is too soggy",
    "they were amazed with the alligators") is declined: shuffled, it still reads (round 103).
    A long story's order breaks throughout: a third of its pairs of units or more change places,
    and no stretch still in order (one unit, or units still following each other) holds more than
    half its sentences (``_reorder._displaced``; round 103, wp_dev-691: three closing lines put
    before a block of most of the story read as a flash-forward). In a story of more than ten
    sentences only confident standalone sentences whose neighbours are too move (``_standalone``,
    round 117); every other unit, a fragment, a dateline, a list item, stays where it is. A longer
    story whose movable units tell almost no events (a description, a lyrical reflection) is
    declined too (``narrated_too_little``, round 124)."""

    name = "sentence_shuffle"
    aspect = "coherence"
    effect = Effect.BREAKS
    example = "Tom woke up early. He made coffee. Then he went to work."

    def applicable(self, example, doc) -> bool:
        units, short = _plan(doc)
        texts = [u.text for u in units]
        if len(texts) < 2 or len(set(texts)) < 2:
            return False
        ties = unit_ties(doc, units)
        return not (descriptive(ties) if short else narrated_too_little(ties))

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        units, short = _plan(doc)
        texts = [u.text for u in units]
        accept = None
        if not short and narrated_too_little(unit_ties(doc, units)):
            return None
        if short:
            ties, known = unit_ties(doc, units), _known(example.context)
            if descriptive(ties):
                return None
            accept = lambda order: order_broken(ties, order, known, sequence=True)  # noqa: E731
        weights = None if short else [u.pieces for u in units]
        order = scrambled_order(texts, rng, weights, accept)
        if order is None:
            return None
        return self.rewrite(
            example,
            [
                Change(units[slot].start, units[slot].end, texts[src], f"sentence {src + 1} -> position {slot + 1}")
                for slot, src in enumerate(order)
            ],
        )


@register
@dataclass(repr=False)
class TokenShuffle(Transform):
    """Reorder a share (``rate``) of the candidate's tokens; final punctuation stays at the end."""

    name = "token_shuffle"
    aspect = "mars"
    effect = Effect.BREAKS
    level = Level.TOKENS
    example = "She walked to the store and bought some bread."

    rate: float = 0.5

    def applicable(self, example: Example, doc) -> bool:
        return len(set(token_units(doc).texts)) >= 2

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        table = token_units(doc)
        old = table.texts
        k = max(2, round(self.rate * len(old)))
        picked = sorted(rng.sample(range(len(old)), min(k, len(old))))
        texts = [old[u] for u in picked]
        if len(set(texts)) < 2:
            return None
        order = list(texts)
        for _ in range(20):
            rng.shuffle(order)
            if order != texts:
                break
        else:
            return None
        start, end, new = rejoined(table, picked, order)
        return self.rewrite(example, [Change(start, end, new, f"shuffled {len(picked)} tokens")])
