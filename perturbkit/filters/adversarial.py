"""Adversarial filtering (SWAG-style, as the Plot-guided work used for its negatives): for each human
story with N candidate negatives keep the ``keep`` (A, default 3) that a committee of classifiers
finds hardest to tell from human stories.

Rounds: the stories are split in two halves at random; the committee is trained on one half (its
human stories against their currently assigned negatives), then in the other half every candidate
is scored and each story's negatives become its ``keep`` most human-looking candidates (easy
negatives are replaced by harder ones); the halves swap and the same happens the other way. Rounds
repeat until no assignment changes or ``max_rounds``. Each round reports how many negatives were
replaced and the committee's accuracy on the held-out halves before replacement (falling accuracy =
harder negatives).

Committee members are factories of scikit-learn-like classifiers (``fit``, ``predict_proba``; their
probabilities of "human" are averaged); features come from one function ``texts -> matrix``
(default :class:`~perturbkit.filters.af_features.StoryFeatures`: MiniLM embedding, log perplexity,
repetition rate). Everything random is drawn from ``seed``: the same input gives the same result.

>>> af = AdversarialFilter(keep=3)                                   # doctest: +SKIP
>>> result = af(human_stories, candidates_per_story)                 # doctest: +SKIP
>>> result.kept(candidates_per_story)[0], result.rounds[-1]          # doctest: +SKIP
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ..errors import UserError
from ..example import Example
from ..seeds import derive_seed
from .af_features import Classifier, StoryFeatures, logistic_regression

#: Stories (with at least one candidate) needed to train: two per half.
MIN_STORIES = 4

T = TypeVar("T")


class AdversarialFilterError(UserError, ValueError):
    """Input adversarial filtering cannot use (too few stories, mismatched lengths)."""


@dataclass(frozen=True)
class AFRound:
    """One round: negatives replaced (over both halves) and the committee's held-out accuracy."""

    round: int
    changed: int
    accuracy: float


@dataclass(frozen=True)
class AFResult:
    """Per story, the indices of the kept candidates (most human-looking first) and the committee's
    last P(human) for every candidate; the rounds; whether assignments stopped changing."""

    chosen: tuple[tuple[int, ...], ...]
    scores: tuple[tuple[float, ...], ...]
    rounds: tuple[AFRound, ...]
    converged: bool

    def kept(self, candidates: Sequence[Sequence[T]]) -> list[list[T]]:
        """The chosen candidates themselves, per story."""
        return [[cands[j] for j in idx] for cands, idx in zip(candidates, self.chosen)]


def _text(x: str | Example) -> str:
    return x.text if isinstance(x, Example) else x


@dataclass
class AdversarialFilter:
    """Keep the ``keep`` hardest candidates per story for a committee (see the module doc).

    ``features``: ``texts -> (n, d) array`` (None: :class:`StoryFeatures`); ``classifiers``: factories
    of committee members (None: one standardised logistic regression)."""

    keep: int = 3
    max_rounds: int = 10
    features: Callable[[Sequence[str]], Any] | None = None
    classifiers: Sequence[Callable[[], Classifier]] | None = None
    seed: int = 0

    def __post_init__(self) -> None:
        for k in ("keep", "max_rounds"):
            v = getattr(self, k)
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise ValueError(f"{k} must be an integer >= 1, got {v!r}")
        if self.classifiers is not None and not list(self.classifiers):
            raise ValueError("classifiers must name at least one committee member (or None for the default)")

    def __call__(self, humans: Sequence[str | Example], candidates: Sequence[Sequence[str | Example]]) -> AFResult:
        """Choose negatives for every story; ``candidates[i]`` are the candidates for ``humans[i]``."""
        import numpy as np

        if len(humans) != len(candidates):
            raise AdversarialFilterError(
                f"adversarial filtering got {len(humans)} human stories but {len(candidates)} candidate lists"
            )
        usable = [i for i, c in enumerate(candidates) if len(c) > 0]
        if len(usable) < MIN_STORIES:
            raise AdversarialFilterError(
                f"adversarial filtering needs at least {MIN_STORIES} stories with candidates to train its committee "
                f"(two per half); got {len(usable)} of {len(humans)}"
            )
        featurize = self.features or StoryFeatures()
        members = list(self.classifiers or [logistic_regression])
        flat = [_text(c) for i in usable for c in candidates[i]]
        X_all = np.asarray(featurize([_text(humans[i]) for i in usable] + flat), dtype=np.float64)
        X_h = {i: X_all[k] for k, i in enumerate(usable)}
        X_c: dict[int, Any] = {}
        pos = len(usable)
        for i in usable:
            X_c[i] = X_all[pos : pos + len(candidates[i])]
            pos += len(candidates[i])

        assigned = {i: self._initial(i, len(candidates[i])) for i in usable}
        scores = {i: np.full(len(candidates[i]), np.nan) for i in usable}
        rounds: list[AFRound] = []
        converged = False
        for r in range(1, self.max_rounds + 1):
            order = list(usable)
            random.Random(derive_seed(self.seed, "af-split", r)).shuffle(order)
            half = len(order) // 2
            changed, correct, total = 0, 0, 0
            for train, test in ((order[:half], order[half:]), (order[half:], order[:half])):
                X = np.vstack([X_h[i] for i in train] + [X_c[i][assigned[i]] for i in train])
                y = np.array([1] * len(train) + [0] * sum(len(assigned[i]) for i in train))
                fitted = [make().fit(X, y) for make in members]
                for i in test:
                    p_h, *p_c = self._p_human(fitted, np.vstack([X_h[i][None, :], X_c[i]]))
                    p_c = np.asarray(p_c)
                    correct += int(p_h >= 0.5) + int(np.sum(p_c[assigned[i]] < 0.5))
                    total += 1 + len(assigned[i])
                    scores[i] = p_c
                    new = self._hardest(p_c, assigned[i])
                    changed += len(set(new) - set(assigned[i]))
                    assigned[i] = new
            rounds.append(AFRound(r, changed, correct / total))
            if changed == 0:
                converged = True
                break

        chosen = tuple(tuple(self._hardest(scores[i], assigned[i])) if i in scores else () for i in range(len(humans)))
        all_scores = tuple(tuple(float(s) for s in scores[i]) if i in scores else () for i in range(len(humans)))
        return AFResult(chosen, all_scores, tuple(rounds), converged)

    def _initial(self, story: int, n: int) -> list[int]:
        """A random first assignment of ``keep`` candidates (all of them when there are fewer)."""
        rng = random.Random(derive_seed(self.seed, "af-init", story))
        return sorted(rng.sample(range(n), min(self.keep, n)))

    def _hardest(self, p_human: Any, current: Sequence[int]) -> list[int]:
        """The ``keep`` candidates with the highest P(human); on a tie the one already assigned stays
        (a committee that cannot tell candidates apart changes nothing), then the earlier one."""
        now = set(current)
        order = sorted(range(len(p_human)), key=lambda j: (-float(p_human[j]), j not in now, j))
        return order[: self.keep]

    @staticmethod
    def _p_human(fitted: Sequence[Classifier], X: Any) -> Any:
        import numpy as np

        probs = []
        for clf in fitted:
            classes = list(getattr(clf, "classes_", [0, 1]))
            probs.append(np.asarray(clf.predict_proba(X))[:, classes.index(1)])
        return np.mean(probs, axis=0)
