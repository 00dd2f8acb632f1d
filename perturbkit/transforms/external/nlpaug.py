"""nlpaug's augmenters as perturbkit transforms: ``nlpaug:<family>.<Class>``.

Any augmenter class of ``nlpaug.augmenter.<family>`` (``char``, ``word``, ``sentence``), e.g.
``nlpaug:char.KeyboardAug``, ``nlpaug:char.OcrAug``, ``nlpaug:word.RandomWordAug``. Keyword
parameters are the class's own (``aug_char_p``, ``aug_word_max``...) and are checked like any
transform's. Offline, the character augmenters and ``word.RandomWordAug``/``word.SplitAug`` work;
the WordNet ones need NLTK's tagger and the model-backed ones need downloads.

>>> t = get_transform("nlpaug:char.KeyboardAug", aug_word_max=1)  # doctest: +SKIP
>>> t("He went home.", seed=0).text  # doctest: +SKIP
'He weny home.'
"""

from __future__ import annotations

import difflib
import importlib
from typing import Any

from ...transform import Effect, UnknownTransform, register_prefix
from ._base import ExternalTransform, Target, keyword_params

FAMILIES = ("char", "word", "sentence")

#: Targets whose effect or aspect differ from the default (meaning-preserving, "surface").
KINDS = {
    "word.SynonymAug": (Effect.PRESERVES, "synonym"),
    "word.AntonymAug": (Effect.BREAKS, "consistency"),
    "word.RandomWordAug": (Effect.BREAKS, "coherence"),
}


class NlpaugTransform(ExternalTransform):
    """An nlpaug augmenter (the class named after ``nlpaug:``)."""

    library = "nlpaug"
    requires = ("nlpaug",)

    @classmethod
    def find(cls, target: str) -> Target:
        from nlpaug.base_augmenter import Augmenter

        family, _, name = target.rpartition(".")
        found = None
        if family in FAMILIES:
            found = getattr(importlib.import_module(f"nlpaug.augmenter.{family}"), name, None)
        if not (isinstance(found, type) and issubclass(found, Augmenter)):
            known = [f"{f}.{n}" for f in FAMILIES for n in _augmenters(f)]
            near = difflib.get_close_matches(target, known, n=3)
            hint = f"; did you mean {', '.join(near)}?" if near else ""
            raise UnknownTransform(
                f"nlpaug has no augmenter {target!r} (names are <family>.<Class>, family one of "
                f"{', '.join(FAMILIES)}){hint}",
                kind="transforms",
                name=f"nlpaug:{target}",
                suggestions=[f"nlpaug:{n}" for n in near],
            )
        effect, aspect = KINDS.get(target, (Effect.PRESERVES, "surface"))
        return Target(found, keyword_params(found, frozenset({"verbose"})), effect=effect, aspect=aspect)

    def call(self, obj: Any, text: str, doc: Any) -> Any:
        return obj.augment(text, n=1)


def _augmenters(family: str) -> list[str]:
    module = importlib.import_module(f"nlpaug.augmenter.{family}")
    return [n for n in dir(module) if n.endswith("Aug") and isinstance(getattr(module, n), type)]


register_prefix("nlpaug", NlpaugTransform.resolve)
