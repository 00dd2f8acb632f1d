"""The model-backed filters: ``similarity`` (encoder cosine lower bound, BLEU-1 upper bound, on the
sentences a variant changed) and ``grammaticality`` (SLOR under a causal LM, or a sequence
classifier), their calibration data, and the runner applying filters in batches. The encoder is
a bag-of-words stand-in and the LMs are tiny random-weight models the tests build."""

from __future__ import annotations

import math

import pytest

from perturbkit import registry
from perturbkit.example import Example
from perturbkit.filters import FilterError, build_filter
from perturbkit.filters.calibration import KINDS, accuracy, best_threshold, broken_pairs
from perturbkit.filters.sentences import gone_sentences, new_sentences
from perturbkit.filters.similarity import SimilarityFilter, compared_pair
from perturbkit.suite.generation import _apply_filters
from perturbkit.transform import similarity as S

# ------------------------------------------------------------------ a bag-of-words encoder
SYN = {"walked": "went", "returned": "went", "house": "home", "glad": "happy", "pleased": "happy"}


class BagEncoder:
    """Encodes a sentence as its normalised bag of (synonym-folded) words: cosine is word overlap."""

    def __init__(self):
        self.calls = 0

    def encode(self, texts, batch_size=64, normalize_embeddings=True, convert_to_numpy=True):
        import numpy as np

        self.calls += 1
        vocab = sorted({SYN.get(w, w) for t in texts for w in S.word_tokens(t)} | {"<x>"})
        out = np.zeros((len(texts), 4096))
        for i, t in enumerate(texts):
            for w in S.word_tokens(t):
                out[i, hash(SYN.get(w, w)) % 4096] += 1
            out[i] /= np.linalg.norm(out[i]) or 1
        assert vocab
        return out


def ex(text, id="s"):
    return Example(text, id=id)


# ------------------------------------------------------------------ similarity
def test_bleu1_is_clipped_unigram_precision_with_brevity_penalty():
    assert S.bleu1("he went home .", "he walked home .") == 0.75
    assert S.bleu1("the the the", "the cat") == pytest.approx(1 / 3)
    assert S.bleu1("home", "he went home .") == pytest.approx(math.exp(1 - 4))
    assert S.bleu1("", "x") == 0.0
    assert S.word_tokens("[MALE] didn't go.") == ["[male]", "didn't", "go", "."]


def test_new_and_gone_sentences_count_repeats():
    assert new_sentences("He ran. She sat.", "He ran. It rained. She sat.") == ["It rained."]
    assert new_sentences("He ran. He ran.", "He ran.") == []
    assert new_sentences("He ran.", "He ran. He ran.") == ["He ran."]
    assert gone_sentences("He ran. She sat.", "He ran. It rained.") == ["She sat."]


def test_compared_pair_takes_the_replaced_sentence_or_the_closest_one(bag):
    check = S.SimilarityCheck()
    assert compared_pair("He ran. She sat.", "He ran. She was seated.", check) == ("She sat.", "She was seated.")
    orig = "Tom went home. The cat slept all day."
    var = "Tom went home. The cat slept all day. Tom walked to his house."
    assert compared_pair(orig, var, check) == ("Tom went home.", "Tom walked to his house.")
    assert compared_pair(orig, "Tom went home.", check) is None


def test_similarity_check_rejects_copies_and_unrelated_sentences(bag):
    check = S.SimilarityCheck(min_similarity=0.5, max_bleu1=0.6)
    src = ["Tom was glad .", "Tom was glad .", "Tom was glad ."]
    cand = ["Tom felt pleased indeed .", "Tom was glad !", "A storm hit the coast ."]
    assert check.accept_many(src, cand) == [True, False, False]
    assert check.accept_many(["x"], [" "]) == [False]


def test_similarity_filter_batches_and_keeps_deletions(bag):
    f = build_filter("similarity", {"min_similarity": 0.5, "max_bleu1": 0.6})
    assert isinstance(f, SimilarityFilter)
    o = ex("Tom was glad. He sang.")
    pairs = [
        (o, ex("Tom felt pleased indeed. He sang.")),
        (o, ex("Tom was glad! He sang.")),
        (o, ex("He sang.")),
    ]
    assert f.keep_many(pairs) == [True, False, True]
    assert bag.calls == 1  # one encoder call for the whole batch
    assert f(*pairs[0]) is True


def test_similarity_filter_bad_parameters_name_the_filter():
    with pytest.raises(FilterError, match="max_bleu1"):
        build_filter("similarity", {"max_bleu1": 2})
    with pytest.raises(FilterError, match="did you mean"):
        build_filter("similarity", {"min_similarty": 0.5})


def test_filters_share_one_registry():
    names = registry.filters.names()
    assert {"changed", "similarity", "grammaticality", "max_edits"} <= set(names)


# ------------------------------------------------------------------ runner
def test_runner_applies_filters_in_batches_and_counts_the_first_rejection():
    seen = []

    class Batched:
        def keep_many(self, pairs):
            seen.append(len(pairs))
            return ["b" not in v.text for _, v in pairs]

        def __call__(self, o, v):  # never used when keep_many exists
            raise AssertionError

    filters = [("changed", build_filter("changed")), ("batched", Batched())]
    o = ex("a")
    pairs = [(o, ex("a")), (o, ex("b")), (o, ex("c")), (o, ex("bb"))]
    counts = {"changed": 0, "batched": 0}
    kept = _apply_filters(filters, pairs, counts)
    assert [v.text for _, v in kept] == ["c"]
    assert counts == {"changed": 1, "batched": 2}
    assert seen == [3]


# ------------------------------------------------------------------ calibration data
def test_broken_pairs_alternate_kinds_and_break_every_sentence():
    sents = [f"tom went to the store number {i} to buy milk ." for i in range(9)] + ["too short ."]
    rows = broken_pairs(sents, seed=3)
    assert len(rows) == 18
    assert [k for _, _, k in rows[1::2]] == list(KINDS) * 3
    for (h, yh, _), (b, yb, kind) in zip(rows[::2], rows[1::2]):
        assert (yh, yb) == (1, 0) and b != h and b.endswith(" .")
        if kind == "truncated":
            assert h.startswith(b[:-2])
        else:
            assert sorted(b.split()) == sorted(h.split())
    assert broken_pairs(sents, seed=3) == rows  # seeded


def test_best_threshold_separates_and_accuracy_matches():
    thr, acc = best_threshold([0.1, 0.2, 0.9, 1.5, 0.3], [0, 0, 1, 1, 0])
    assert 0.3 < thr < 0.9 and acc == 1.0
    assert accuracy([0.1, 0.95], [1, 1], thr) == 0.5
