"""Paraphrase: rewrite a sentence in another form with the same meaning. ``passive_voice`` puts one
active clause in the passive ("Shakespeare wrote Macbeth" -> "Macbeth was written by
Shakespeare"), keeping tense, modality, negation and particles (the rewrite is in ``._passive``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..annotation import token_columns
from ..example import Example
from ..transform import Effect, Transform, register
from ._passive import object_verbs, passive_change
from ._persons import sid, text_style


@register
@dataclass(repr=False)
class PassiveVoice(Transform):
    """Rewrite one active clause with a direct object in the passive voice, with the right
    participle and auxiliaries ("She has painted the fence" -> "The fence has been painted by
    her"); particles and negation carry over; clauses it cannot rewrite exactly are skipped."""

    name = "passive_voice"
    aspect = "voice"
    effect = Effect.PRESERVES
    example = "Shakespeare wrote Macbeth. They will fix it. She did not see the dog."

    def applicable(self, example: Example, doc) -> bool:
        return sid("dobj") in token_columns(doc)["DEP"]

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        style = text_style(example.text)
        verbs, simple = object_verbs(doc)
        rng.shuffle(verbs)
        for i in verbs:
            if i not in simple:
                continue  # passive_change would reject it: not one subject and one object
            change = passive_change(doc, doc[i], style)
            if change is not None:
                return self.rewrite(example, [change])
        return None
