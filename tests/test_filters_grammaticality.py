"""SLOR and the ``grammaticality`` filter on tiny random-weight models the tests build: the score
is (log p_LM - log p_unigram) / words with the LM part from the perplexity metric's batched NLL;
the filter scores only the sentences a variant adds; a sequence classifier works by path; a
missing model names what to give. One slow test checks the real SmolLM2 ranks a sentence above
its scrambled version."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("tokenizers")
pytestmark = pytest.mark.torch  # tiny models the tests build: the torch tier (`make test-slow`)

import _tiny_models as tiny  # noqa: E402

from perturbkit.example import Example  # noqa: E402
from perturbkit.filters import FilterError, build_filter  # noqa: E402
from perturbkit.filters.grammaticality import SLOR_THRESHOLD, GrammaticalityFilter  # noqa: E402
from perturbkit.metrics.acceptability import Slor, Unigrams, words  # noqa: E402
from perturbkit.metrics.perplexity import Perplexity  # noqa: E402
from perturbkit.resources.errors import ResourceMissing  # noqa: E402

SENTS = ["Tom went to the store.", "store the Tom to went.", "She was happy because the sun came out."]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    p = tmp_path_factory.mktemp("uni") / "corpus.txt"
    p.write_text("\n".join(tiny.CORPUS * 3), encoding="utf-8")
    return str(p)


@pytest.fixture(scope="module")
def tiny_classifier(tmp_path_factory):
    import torch
    from transformers import GPT2Config, GPT2ForSequenceClassification

    path = tmp_path_factory.mktemp("cola")
    tok = tiny.tokenizer()
    tok.save_pretrained(path)
    torch.manual_seed(3)
    cfg = GPT2Config(vocab_size=len(tok), n_positions=64, n_embd=32, n_layer=1, n_head=2, num_labels=2)
    cfg.pad_token_id = tok.pad_token_id
    GPT2ForSequenceClassification(cfg).save_pretrained(path)
    return str(path)


def test_unigrams_from_a_corpus_are_add_one_smoothed(corpus):
    uni = Unigrams(corpus)
    counts = [w for line in tiny.CORPUS * 3 for w in words(line)]
    total = len(counts) + len(set(counts)) + 1
    lp, n = uni.logprob("Tom went zzz")
    assert n == 3
    expected = math.log((counts.count("tom") + 1) / total) + math.log((counts.count("went") + 1) / total)
    assert lp == pytest.approx(expected + math.log(1 / total))
    assert words("[MALE] didn't go.") == ["name", "didn't", "go"]
    with pytest.raises(ResourceMissing, match="unigram corpus"):
        Unigrams("/no/such/corpus.txt")


def test_slor_is_lm_logprob_minus_unigram_logprob_per_word(tiny_gpt2, corpus):
    slor = Slor(model=tiny_gpt2, unigrams=corpus, device="cpu", share_prefixes=False)
    ppl = Perplexity(model=tiny_gpt2, mode="nll", device="cpu", share_prefixes=False)
    got = slor.score_batch(SENTS)
    mean_nll = [-x for x in ppl.score_batch(SENTS)]
    ppl.setup()
    uni = Unigrams(corpus)
    for s, g, m in zip(SENTS, got, mean_nll):
        ids, start = ppl.encode(s, None)
        logp_lm = -m * (len(ids) - max(start, 1))
        lp_uni, n = uni.logprob(s)
        assert g == pytest.approx((logp_lm - lp_uni) / n, rel=1e-4)
    # batch composition does not change a score; a text without words gets empty_score
    assert slor.score_batch(SENTS[:1])[0] == pytest.approx(got[0], rel=1e-5)
    assert slor.score_batch(["..."]) == [slor.empty_score]
    assert slor.params()["unigrams"].endswith("corpus.txt")


def test_grammaticality_filter_scores_only_new_sentences_once(tiny_gpt2, corpus):
    f = GrammaticalityFilter(model=tiny_gpt2, unigrams=corpus, device="cpu")
    assert f.threshold == SLOR_THRESHOLD
    o = Example("Tom went to the store. She was happy because the sun came out.")
    v1 = Example("store the Tom to went. She was happy because the sun came out.")
    v2 = Example("She was happy because the sun came out.")  # a deletion: nothing new to judge
    s = f.scores(["store the Tom to went."])[0]
    f.threshold = s + 1e-6
    assert f.keep_many([(o, v1), (o, v2)]) == [False, True]
    f.threshold = s - 1e-6
    assert f(o, v1) is True
    assert len(f._memo) == 1  # the kept sentence was never scored


def test_grammaticality_classifier_by_path(tiny_classifier):
    f = build_filter("grammaticality", {"method": "classifier", "model": tiny_classifier, "threshold": 0.0})
    probs = f.scores(SENTS)
    assert all(0.0 <= p <= 1.0 for p in probs) and len(set(probs)) > 1
    o, v = Example("Tom went home."), Example("Tom went to the store.")
    assert f(o, v) is True
    f.threshold = 1.01
    assert f(o, v) is False


def test_grammaticality_bad_input():
    with pytest.raises(FilterError, match="method"):
        build_filter("grammaticality", {"method": "cola"})
    with pytest.raises(FilterError, match="needs model"):
        build_filter("grammaticality", {"method": "classifier"})
    f = build_filter("grammaticality", {"method": "classifier", "model": "/no/such/cola"})
    with pytest.raises(ResourceMissing, match="sequence classifier"):
        f(Example("Tom went home."), Example("Tom went to the store."))


@pytest.mark.slow
def test_real_smollm2_slor_ranks_sentences_above_their_scrambles():
    pytest.importorskip("wordfreq")
    slor = Slor()
    good, bad = slor.score_batch(
        ["tom went to the store to buy some milk .", "milk store to tom some the buy went to ."]
    )
    assert good > bad + 1.0
