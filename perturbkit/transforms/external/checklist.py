"""CheckList's ``Perturb`` functions as perturbkit transforms: ``checklist:<function>``.

Any perturbation function of ``checklist.perturb.Perturb``: ``add_typos``, ``add_negation``,
``remove_negation``, ``change_names``, ``change_location``, ``change_number``, ``contractions``,
``expand_contractions``, ``contract``, ``punctuation``, ``strip_punctuation``. Functions that take a
spaCy ``Doc`` get perturbkit's parse of the story; functions that return several variants have one
drawn. Keyword parameters are the function's own (``typos``, ``first_only``, ``n``...; ``meta`` and
``seed`` are set by perturbkit). All of them work offline: CheckList installs as
``checklist-pattern``, and the WordNet corpora ``pattern`` would download at import are not needed.

>>> t = get_transform("checklist:add_typos", typos=2)  # doctest: +SKIP
>>> t("He went home.", seed=0).text  # doctest: +SKIP
'He wnet ohme.'
"""

from __future__ import annotations

import difflib
import inspect
import warnings
from typing import Any

from ...annotation import Level
from ...transform import Effect, UnknownTransform, register_prefix
from ._base import ExternalTransform, Target, keyword_params

#: Targets whose effect or aspect differ from the default (meaning-preserving, "surface").
KINDS = {
    "add_negation": (Effect.BREAKS, "consistency"),
    "remove_negation": (Effect.BREAKS, "consistency"),
    "change_names": (Effect.PRESERVES, "character"),
}
_NOT_PERTURBATIONS = ("perturb",)  # Perturb's batch driver, not a perturbation


class CheckListTransform(ExternalTransform):
    """A CheckList ``Perturb`` function (the one named after ``checklist:``)."""

    library = "checklist"
    requires = ("checklist",)
    defaults = {"n": 1}  # functions returning n variants: one is drawn, so make one

    @classmethod
    def find(cls, target: str) -> Target:
        from ._nltk import quiet_pattern

        quiet_pattern()
        with warnings.catch_warnings():  # its notebook viewer imports a deprecated IPython name
            warnings.simplefilter("ignore", DeprecationWarning)
            from checklist.perturb import Perturb

        known = [n for n, v in vars(Perturb).items() if isinstance(v, staticmethod) and n not in _NOT_PERTURBATIONS]
        if target not in known:
            near = difflib.get_close_matches(target, known, n=3)
            hint = f"; did you mean {', '.join(near)}?" if near else f"; known: {', '.join(sorted(known))}"
            raise UnknownTransform(
                f"checklist's Perturb has no function {target!r}{hint}",
                kind="transforms",
                name=f"checklist:{target}",
                suggestions=[f"checklist:{n}" for n in near],
            )
        fn = getattr(Perturb, target)
        first = next(iter(inspect.signature(fn).parameters), "")
        effect, aspect = KINDS.get(target, (Effect.PRESERVES, "surface"))
        params = keyword_params(fn, frozenset({"meta", "seed"}))
        return Target(fn, params, level=Level.PARSE if first == "doc" else Level.NONE, effect=effect, aspect=aspect)

    def call(self, obj: Any, text: str, doc: Any) -> Any:
        return obj(doc if self.level > Level.NONE else text, **self.library_params())


register_prefix("checklist", CheckListTransform.resolve)
