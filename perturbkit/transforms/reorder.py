"""Reordering: sentence shuffles (and, in the transform library, clause reordering)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..annotation import sentence_chars
from ..example import Example
from ..transform import Change, Effect, Transform, register

if TYPE_CHECKING:
    from spacy.tokens import Doc

_MOVABLE_KEY = "pk_reorder_movable"


def _movable(doc: Doc, text: str) -> list[tuple[int, str]]:
    """(start offset, stripped text) of each sentence with at least one word; punctuation-only
    fragments stay where they are. Sentences with no whitespace between them move as one piece:
    the parser splits "coat . 'Bad day ? '" before the quote's word and WritingPrompts' "my
    associates.That 's right" at the missing space, and moving such halves apart would leave the
    quote on another sentence ("'Immediately she knew") or glue two sentences the story kept
    apart ("the prose .I love it"). ``text`` is the text ``doc`` was parsed from (``doc.text``).
    Computed once per Doc (plain data kept in ``doc.user_data``): ``applicable`` and ``apply``
    both need it, and slicing the text is far cheaper than joining a Span's tokens."""
    found = doc.user_data.get(_MOVABLE_KEY)
    if found is None:
        pieces: list[list[int]] = []
        for a, b in sentence_chars(doc):
            if pieces and pieces[-1][1] == a:  # glued to the previous sentence
                pieces[-1][1] = b
            else:
                pieces.append([a, b])
        found = []
        for start, end in pieces:
            raw = text[start:end]
            if any(c.isalnum() for c in raw):
                stripped = raw.strip()
                found.append((start + len(raw) - len(raw.lstrip()), stripped))
        found = doc.user_data[_MOVABLE_KEY] = tuple(found)
    return found


@register
@dataclass(repr=False)
class SentenceShuffle(Transform):
    """Reorder the story's sentences so that at least one moves (separators stay in place;
    sentences with no space between them move together)."""

    name = "sentence_shuffle"
    aspect = "coherence"
    effect = Effect.BREAKS
    example = "Tom woke up early. He made coffee. Then he went to work."

    def applicable(self, example, doc) -> bool:
        sents = _movable(doc, example.text)
        return len(sents) >= 2 and len({text for _, text in sents}) >= 2

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        sents = _movable(doc, example.text)
        texts = [text for _, text in sents]
        order = list(range(len(sents)))
        for _ in range(20):
            rng.shuffle(order)
            if [texts[i] for i in order] != texts:
                break
        else:
            return None
        changes = []
        for slot, src in enumerate(order):
            start = sents[slot][0]
            end = start + len(texts[slot])
            changes.append(Change(start, end, texts[src], f"sentence {src + 1} -> position {slot + 1}"))
        return self.rewrite(example, changes)
