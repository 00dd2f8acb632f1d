"""Intrusion: text from outside the story put in its place, so it no longer hangs together
(OpenMEVA's relatedness aspect; MARS's retrieval attack).

``sentence_replacement`` puts a sentence from another story of the corpus in place of one of the
story's own (it needs ``fit``, and applies only to stories whose sentences are related to each
other: see :mod:`._relatedness`); ``retrieve_context`` answers with a sentence copied from the
context.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..annotation import Annotator, Level
from ..example import Example
from ..transform import Change, Effect, Transform, register
from ..transform.words import is_tokenised
from ._relatedness import RelatedStories, content_lemmas, fit_docs, sentence_lemmas
from ._units import Unit, sentence_spans, sentence_units, text_units


# ------------------------------------------------------------------------------------------------
# Sentence from another story
# ------------------------------------------------------------------------------------------------
def _story_key(ex: Example) -> str:
    return ex.parent_id or ex.id


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def _poolable(unit: Unit) -> bool:
    """A unit that reads as a whole sentence on its own (quoted speech with its attribution counts)."""
    return unit.whole and len(unit.text.split()) >= 3 and any(c.isalpha() for c in unit.text)


# A donor must be one clean sentence: markup ("*", "_", "#"), stray backquotes and scene-break
# lines ("-- -- --", "***") would break the story in a way the transform does not mean to.
_MARKUP = re.compile(r"[*_#~|<>\[\]{}\\]|(?<!`)`(?!`)|(?:-\s*){3,}")
_SINGLE_QUOTE = re.compile(r"\u2018|(?:^|\s)'(?=[A-Z])")  # "'She keeps trying ." opens a quotation
_QUOTE_MARKS = ("``", "''", '"', "\u201c", "\u201d")
_MIN_DONOR_LEMMAS = 3  # "he ran away ." (2) could sit in many stories; a sentence with more content cannot
_MIN_SLOT_LEMMAS = 2  # "Go away ." among a rant's many lines: replacing it hardly changes the story


def _quote_marks(text: str) -> frozenset[str]:
    return frozenset(q for q in _QUOTE_MARKS if q in text)


def _unit_lemmas(doc, unit: Unit) -> frozenset[str]:
    span = doc.char_span(unit.start, unit.end, alignment_mode="expand")
    return content_lemmas(span) if span is not None else frozenset()


def _clean_donor(unit: Unit, lemmas: frozenset[str]) -> bool:
    """One parser sentence of plain words and punctuation, with enough content to be off-topic."""
    text = unit.text
    return (
        unit.pieces == 1
        and not _MARKUP.search(text)
        and not _SINGLE_QUOTE.search(text)
        and len(lemmas) >= _MIN_DONOR_LEMMAS
    )


def _starts_cased(text: str) -> bool:
    first = next((c for c in text if c.isalpha()), "")
    return first.isupper()


@register
@dataclass(repr=False)
class SentenceReplacement(RelatedStories):
    """Replace one sentence with a sentence drawn from another story of the corpus (needs ``fit``).
    Whole units only: quoted speech is replaced or drawn whole, never a fragment of it."""

    name = "sentence_replacement"
    aspect = "relatedness"
    effect = Effect.BREAKS
    example = "Tom went to the store. He bought some milk. He paid and went home."

    _pool: list[tuple[str, str, bool, frozenset[str]]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def fit(self, corpus: Sequence[Example], annotator: Annotator | None = None) -> SentenceReplacement:
        """Collect every corpus sentence with the story it came from (its example id or parent id).
        The pool is kept sorted, so draws depend on the corpus as a set, not on its order."""
        pool: set[tuple[str, str, bool, frozenset[str]]] = set()
        for ex, doc in fit_docs(corpus, annotator):
            tok = is_tokenised(ex.text)
            key = _story_key(ex)
            for u in sentence_units(doc):
                if not _poolable(u):
                    continue
                lemmas = _unit_lemmas(doc, u)
                if _clean_donor(u, lemmas):
                    pool.add((key, u.text, tok, lemmas))
        self._pool = sorted(pool, key=lambda p: (p[1], p[0], p[2], sorted(p[3])))
        return self

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        if not self._pool:
            return None
        units = sentence_units(doc)
        counts = Counter(_norm(u.text) for u in units)
        slots = [u for u in units if u.whole and counts[_norm(u.text)] == 1 and self._substantial(doc, u)]
        if not slots:
            return None
        key, own = _story_key(example), set(counts)
        story_lemmas = frozenset().union(*sentence_lemmas(doc))
        marks = _quote_marks(example.text)
        if example.context:
            own.add(_norm(example.context))
        style = is_tokenised(example.text)
        cased = any(c.isupper() for c in example.text)
        slot = slots[rng.randrange(len(slots))]
        for _ in range(50):
            story, text, tok, lemmas = self._pool[rng.randrange(len(self._pool))]
            if story == key or tok != style or _norm(text) in own or any(_norm(text) in o for o in own):
                continue
            if lemmas & story_lemmas or not _quote_marks(text) <= marks:
                continue
            if (not cased and any(c.isupper() for c in text)) or (cased and not _starts_cased(text)):
                continue
            return self.rewrite(example, [Change(slot.start, slot.end, text, f"sentence from story {story}")])
        return None

    @staticmethod
    def _substantial(doc, unit: Unit) -> bool:
        """A slot with content of its own: a short line ("Go away .") is not the story's thread."""
        return len(_unit_lemmas(doc, unit)) >= _MIN_SLOT_LEMMAS


# ------------------------------------------------------------------------------------------------
# MARS: retrieve from context
# ------------------------------------------------------------------------------------------------
def split_sentences(text: str) -> list[str]:
    """A light rule-based splitter for context text (which the Annotator does not parse).

    >>> split_sentences("Mia ran. Mr. Lee won!")
    ['Mia ran.', 'Mr. Lee won!']
    """
    return [p for p in (text[a:b].strip() for a, b in sentence_spans(text)) if any(c.isalpha() for c in p)]


def _context_sentences(context: str) -> list[str]:
    """The context's units that read as sentences: whole ones, and the last one even without final
    punctuation (a prompt often has none); never a fragment of a quotation."""
    units = text_units(context)
    return [u.text for i, u in enumerate(units) if u.whole or (u.movable and i == len(units) - 1)]


@register
@dataclass(repr=False)
class RetrieveContext(Transform):
    """MARS attack: answer with a sentence copied from the context instead of the candidate."""

    name = "retrieve_context"
    aspect = "mars"
    effect = Effect.BREAKS
    level = Level.NONE
    example = "She left the party early."

    def applicable(self, example: Example, doc) -> bool:
        return bool(example.context and example.context.strip())

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        own = _norm(example.text)
        cands = [t for t in _context_sentences(example.context or "") if _norm(t) != own]
        if not cands:
            return None
        pick = cands[rng.randrange(len(cands))]
        lead = len(example.text) - len(example.text.lstrip())
        end = len(example.text.rstrip())
        return self.rewrite(example, [Change(lead, end, pick, "sentence from the context")])
