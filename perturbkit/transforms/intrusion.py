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
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..annotation import Annotator, Level, doc_text, sentence_chars
from ..example import Example
from ..transform import Change, Effect, Transform, register
from ..transform.words import is_tokenised
from ._relatedness import RelatedStories, fit_docs


# ------------------------------------------------------------------------------------------------
# Sentence from another story
# ------------------------------------------------------------------------------------------------
def _story_key(ex: Example) -> str:
    return ex.parent_id or ex.id


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


_SENTENCE_END = re.compile(r"[.!?\u2026][\"\u201d\u2019')\]]*$")


def _poolable(text: str) -> bool:
    """A sentence that reads as a whole sentence on its own."""
    return (
        len(text.split()) >= 3
        and bool(_SENTENCE_END.search(text))
        and text.count('"') % 2 == 0
        and text.count("\u201c") == text.count("\u201d")
        and any(c.isalpha() for c in text)
    )


@register
@dataclass(repr=False)
class SentenceReplacement(RelatedStories):
    """Replace one sentence with a sentence drawn from another story of the corpus (needs ``fit``)."""

    name = "sentence_replacement"
    aspect = "relatedness"
    effect = Effect.BREAKS
    example = "Tom went to the store. He bought some milk. He paid and went home."

    _pool: list[tuple[str, str, bool]] | None = field(default=None, init=False, repr=False, compare=False)

    def fit(self, corpus: Sequence[Example], annotator: Annotator | None = None) -> SentenceReplacement:
        """Collect every corpus sentence with the story it came from (its example id or parent id)."""
        pool: list[tuple[str, str, bool]] = []
        for ex, doc in fit_docs(corpus, annotator):
            tok = is_tokenised(ex.text)
            whole = doc_text(doc)
            for a, b in sentence_chars(doc):
                text = whole[a:b].strip()
                if _poolable(text):
                    pool.append((_story_key(ex), text, tok))
        self._pool = pool
        return self

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        if not self._pool:
            return None
        whole = doc_text(doc)
        sents = sentence_chars(doc)
        key, own = _story_key(example), {_norm(whole[a:b]) for a, b in sents}
        if example.context:
            own.add(_norm(example.context))
        style = is_tokenised(example.text)
        cased = any(c.isupper() for c in example.text)
        slot = sents[rng.randrange(len(sents))]
        for _ in range(50):
            story, text, tok = self._pool[rng.randrange(len(self._pool))]
            if story == key or tok != style or _norm(text) in own or any(_norm(text) in o for o in own):
                continue
            if not cased and any(c.isupper() for c in text):
                continue
            raw = whole[slot[0] : slot[1]]
            start = slot[0] + (len(raw) - len(raw.lstrip()))
            end = start + len(raw.strip())
            return self.rewrite(example, [Change(start, end, text, f"sentence from story {story}")])
        return None


# ------------------------------------------------------------------------------------------------
# MARS: retrieve from context
# ------------------------------------------------------------------------------------------------
_ABBREV = re.compile(r"\b(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|vs|etc|e\.g|i\.e)\.$", re.IGNORECASE)
_SPLIT = re.compile(r"(?<=[.!?\u2026])[\"\u201d\u2019')\]]*\s+")


def split_sentences(text: str) -> list[str]:
    """A light rule-based splitter for context text (which the Annotator does not parse)."""
    parts: list[str] = []
    buf = ""
    pos = 0
    for m in _SPLIT.finditer(text):
        piece = text[pos : m.end()]
        buf += piece
        pos = m.end()
        if _ABBREV.search(buf.rstrip()):
            continue
        parts.append(buf.strip())
        buf = ""
    buf += text[pos:]
    if buf.strip():
        parts.append(buf.strip())
    return [p for p in parts if any(c.isalpha() for c in p)]


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
        cands = [s for s in split_sentences(example.context or "") if _norm(s) != own]
        if not cands:
            return None
        pick = cands[rng.randrange(len(cands))]
        lead = len(example.text) - len(example.text.lstrip())
        end = len(example.text.rstrip())
        return self.rewrite(example, [Change(lead, end, pick, "sentence from the context")])
