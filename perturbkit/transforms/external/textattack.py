"""TextAttack's transformations and augmenters as perturbkit transforms: ``textattack:<Class>``.

Any class of ``textattack.transformations`` (a ``Transformation``: every candidate it proposes is
collected and one is drawn) or ``textattack.augmentation`` (an ``Augmenter``: one of its
augmentations is drawn). Keyword parameters are the class's own and are checked like any
transform's. Offline, the character-level swaps, ``WordSwapQWERTY``, ``WordSwapContract``,
``WordSwapWordNet``, ``WordNetAugmenter`` and ``EasyDataAugmenter`` work (see docs/adapters.md).

>>> t = get_transform("textattack:WordSwapQWERTY", skip_first_char=True)  # doctest: +SKIP
>>> t("He went home.", seed=0).text  # doctest: +SKIP
'He wenr home.'
"""

from __future__ import annotations

import difflib
from typing import Any

from ...transform import Effect, UnknownTransform, register_prefix
from ._base import ExternalTransform, Target, keyword_params

#: Targets whose effect or aspect differ from the default (meaning-preserving, "surface").
KINDS = {
    "WordSwapWordNet": (Effect.PRESERVES, "synonym"),
    "WordNetAugmenter": (Effect.PRESERVES, "synonym"),
    "EasyDataAugmenter": (Effect.PRESERVES, "paraphrase"),
    "WordSwapChangeName": (Effect.PRESERVES, "character"),
    "WordSwapChangeNumber": (Effect.BREAKS, "consistency"),
}


class TextAttackTransform(ExternalTransform):
    """A TextAttack ``Transformation`` or ``Augmenter`` (the class named after ``textattack:``)."""

    library = "textattack"
    requires = ("textattack",)

    @classmethod
    def find(cls, target: str) -> Target:
        from ._nltk import ensure_nltk_data

        ensure_nltk_data()  # TextAttack reads nltk's stop words at import
        import textattack.augmentation as augmentation
        import textattack.transformations as transformations

        kinds = (transformations.Transformation, augmentation.Augmenter)
        found = getattr(transformations, target, None) or getattr(augmentation, target, None)
        if not (isinstance(found, type) and issubclass(found, kinds)):
            known = [n for m in (transformations, augmentation) for n in dir(m) if _is(getattr(m, n), kinds)]
            near = difflib.get_close_matches(target, known, n=3)
            hint = f"; did you mean {', '.join(near)}?" if near else ""
            raise UnknownTransform(
                f"textattack has no Transformation or Augmenter {target!r}{hint}",
                kind="transforms",
                name=f"textattack:{target}",
                suggestions=[f"textattack:{n}" for n in near],
            )
        effect, aspect = KINDS.get(target, (Effect.PRESERVES, "surface"))
        return Target(found, keyword_params(found), effect=effect, aspect=aspect)

    def call(self, obj: Any, text: str, doc: Any) -> Any:
        if hasattr(obj, "augment"):
            return obj.augment(text)
        from textattack.shared import AttackedText

        return [t.text for t in obj(AttackedText(text))]


def _is(obj: Any, kinds: tuple[type, ...]) -> bool:
    return isinstance(obj, type) and issubclass(obj, kinds)


register_prefix("textattack", TextAttackTransform.resolve)
