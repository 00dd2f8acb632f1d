"""benchmarks/naturalness.py: pairing, the split by story and the held-out accuracy, with a fake
embedder (no model)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("sklearn")
pytest.importorskip("scipy")

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "naturalness.py"


@pytest.fixture(scope="module")
def nat():
    spec = importlib.util.spec_from_file_location("naturalness_benchmark", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look the module up while the class is made
    spec.loader.exec_module(mod)
    yield mod
    sys.modules.pop(spec.name, None)


def _pairs(nat, n):
    return [nat.Pair(f"g{i}", f"human story {i} .", f"broken story {i} .") for i in range(n)]


def marker_features(texts):
    """1 for a negative ("broken"), 0 for a human story, plus a column that tells nothing."""
    return np.array([[float("broken" in t), len(t) % 3] for t in texts])


def test_split_keeps_a_story_on_one_side_and_halves(nat):
    pairs = _pairs(nat, 20)
    train, test = nat.split_pairs(pairs, seed=3)
    assert len(train) == 10 and len(test) == 10
    assert not {p.group for p in train} & {p.group for p in test}
    assert nat.split_pairs(pairs, seed=3) == (train, test)  # fixed seed: same split
    assert nat.split_pairs(pairs, seed=4) != (train, test)


def test_separable_negatives_give_full_accuracy(nat):
    train, test = nat.split_pairs(_pairs(nat, 40), seed=0)
    res = nat.evaluate(train, test, marker_features)
    assert (res.train_pairs, res.test_pairs, res.n, res.correct) == (20, 20, 40, 40)
    assert res.accuracy == 1.0 and res.pairwise == 1.0
    assert res.low == pytest.approx(0.9119, abs=1e-4) and res.high == 1.0  # exact (Clopper-Pearson)


def test_features_that_tell_nothing_give_chance(nat):
    train, test = nat.split_pairs(_pairs(nat, 40), seed=0)
    res = nat.evaluate(train, test, lambda texts: np.zeros((len(texts), 2)))
    assert res.n == 40 and res.accuracy == 0.5  # every text gets P(human) = 0.5: the humans are right
    assert res.pairwise == 0.0  # no pair has its human strictly above its negative
    assert res.low < 0.5 < res.high


def test_af_tsv_groups_start_at_each_human_and_one_negative_is_drawn(nat, tmp_path):
    path = tmp_path / "af.tsv"
    rows = [("1", "h1"), ("0", "n1a"), ("0", "n1b"), ("0", "n1c"), ("1", "h2"), ("0", "n2a"), ("1", "h3")]
    path.write_text("".join(f"{i}\t{lab}\t{i}\t{t}\n" for i, (lab, t) in enumerate(rows)), encoding="utf-8")
    data = nat.read_af_tsv(path)
    pairs = nat.make_pairs(data, seed=0, name="d")
    assert [(p.human, p.negative[:2]) for p in pairs] == [("h1", "n1"), ("h2", "n2")]  # h3 has no negative
    assert pairs[1].negative == "n2a"
    assert nat.make_pairs(data, seed=0, name="d") == pairs
    assert len(nat.sample_pairs(pairs, 1, seed=0, name="d")) == 1


def test_cache_computes_each_text_once_and_reloads(nat, tmp_path):
    calls = []

    def inner(texts):
        calls.extend(texts)
        return marker_features(texts)

    path = tmp_path / "c" / "f.sqlite"
    feats = nat.CachedFeatures(inner, path)
    first = feats(["a", "broken b", "a"])
    assert calls == ["a", "broken b"] and first.shape == (3, 2)
    again = nat.CachedFeatures(inner, path)(["broken b", "a"])
    assert calls == ["a", "broken b"]  # read from disk
    np.testing.assert_array_equal(again, first[[1, 0]])
