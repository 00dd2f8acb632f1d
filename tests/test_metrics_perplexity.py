"""Perplexity on a tiny random-weight GPT-2 the test builds itself (no download): batching,
context conditioning, the chunked LM head, truncation."""
from __future__ import annotations

import math

import numpy as np
import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
tokenizers = pytest.importorskip("tokenizers")

from perturbkit.example import Example  # noqa: E402
from perturbkit.metrics import resolve_metric  # noqa: E402
from perturbkit.metrics.perplexity import Perplexity  # noqa: E402
from perturbkit.metrics.runner import MetricRunner  # noqa: E402

CORPUS = [
    "Tom went to the store. He bought some milk.",
    "She was happy because the sun came out.",
    "the dog ran home . it was late .",
    "They did n't know what to do, so they waited.",
    "A cat sat on the mat and looked at the bird.",
]
STORIES = [
    "Tom went home. The dog ran to the store.",
    "the cat sat .",
    "She bought milk because it was late and the store was open.",
    "He waited.",
    "x",
    "They looked at the sun, the bird and the mat.",
]


@pytest.fixture(scope="module")
def tiny_lm(tmp_path_factory):
    """A 2-layer GPT-2 with random weights and a byte-level BPE trained on CORPUS."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import GPT2Config, GPT2LMHeadModel, PreTrainedTokenizerFast

    path = tmp_path_factory.mktemp("tiny-gpt2")
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=300, special_tokens=["<|endoftext|>"],
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(CORPUS, trainer)
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, bos_token="<|endoftext|>", eos_token="<|endoftext|>")
    fast.save_pretrained(path)
    torch.manual_seed(0)
    cfg = GPT2Config(vocab_size=fast.vocab_size, n_positions=64, n_embd=32, n_layer=2, n_head=2)
    GPT2LMHeadModel(cfg).save_pretrained(path)
    return str(path)


def _reference_nll(metric: Perplexity, text: str, context: str | None) -> float:
    """Mean NLL of the story tokens from full-model logits, one text at a time (the definition)."""
    ids, start = metric.encode(text, context)
    x = torch.tensor([ids])
    with torch.no_grad():
        logp = metric._lm(x).logits[0].log_softmax(-1)
    nll = [-float(logp[p - 1, ids[p]]) for p in range(max(start, 1), len(ids))]
    return sum(nll) / len(nll)


def test_batched_equals_one_by_one(tiny_lm):
    m = Perplexity(model=tiny_lm, device="cpu")
    batched = MetricRunner(m, cache_dir=False, batch_size=4).score([Example(s) for s in STORIES])
    single = np.array([m([s])[0] for s in STORIES])
    np.testing.assert_allclose(batched, single, rtol=1e-4, atol=1e-4)
    assert np.all(batched < -1.0)  # minus a perplexity, which is > 1


def test_matches_full_logits_definition(tiny_lm):
    m = Perplexity(model=tiny_lm, device="cpu", head_chunk=3)  # tiny chunks exercise the chunked head
    contexts = [None, "Tom was hungry.", None, "It was late.", None, "Look up."]
    got = m(STORIES, contexts=contexts)
    want = [-math.exp(_reference_nll(m, s, c)) for s, c in zip(STORIES, contexts)]
    np.testing.assert_allclose(got, want, rtol=1e-4)


def test_context_conditions_but_is_not_scored(tiny_lm):
    m = Perplexity(model=tiny_lm, device="cpu")
    m.setup()
    tok = m._tok
    ids, start = m.encode("He waited.", "Tom went to the store.")
    ctx_ids = tok("Tom went to the store.", add_special_tokens=False)["input_ids"]
    story_ids = tok(" He waited.", add_special_tokens=False)["input_ids"]
    assert ids == [m.start_token_id()] + ctx_ids + story_ids and start == 1 + len(ctx_ids)
    with_ctx, without = m(["He waited."], ["Tom went to the store."]), m(["He waited."])
    assert with_ctx != without
    no_ctx_metric = Perplexity(model=tiny_lm, use_context=False)
    assert no_ctx_metric(["He waited."], ["Tom went to the store."]) == without
    assert no_ctx_metric.uses == () and m.uses == ("context",)


def test_start_token_is_endoftext(tiny_lm):
    m = Perplexity(model=tiny_lm)
    m.setup()
    assert m.start_token_id() == m._tok.convert_tokens_to_ids("<|endoftext|>")
    ids, start = m.encode("the cat sat .", None)
    assert ids[0] == m.start_token_id() and start == 1


def test_nll_mode_is_log_of_perplexity(tiny_lm):
    ppl = Perplexity(model=tiny_lm)(STORIES[:3])
    nll = Perplexity(model=tiny_lm, mode="nll")(STORIES[:3])
    np.testing.assert_allclose(np.log(-np.array(ppl)), -np.array(nll), rtol=1e-6)


def test_truncation_keeps_story_and_cuts_context_first(tiny_lm):
    m = Perplexity(model=tiny_lm, max_tokens=12)
    m.setup()
    tok = m._tok
    story, context = "He waited.", "Tom went to the store. " * 5
    ids, start = m.encode(story, context)
    story_ids = tok(" " + story, add_special_tokens=False)["input_ids"]
    ctx_ids = tok(context.strip(), add_special_tokens=False)["input_ids"]
    assert len(ids) == 12 and ids[start:] == story_ids  # the story is whole
    assert ids[1:start] == ctx_ids[len(ctx_ids) - (start - 1):]  # the context lost its beginning
    long_ids, long_start = m.encode("Tom went to the store. " * 20, None)
    assert len(long_ids) == 12 and long_start == 1  # a long story is cut at the end
    assert all(math.isfinite(v) for v in m(["Tom went to the store. " * 20]))


def test_empty_story_scores_minus_vocab(tiny_lm):
    m = Perplexity(model=tiny_lm)
    out = m(["", "the cat sat ."])
    m.setup()
    assert out[0] == -float(m._lm.config.vocab_size)  # a uniform guess
    assert math.isfinite(out[1]) and out[1] != out[0]


def test_identity_names_model_and_params(tiny_lm):
    a = Perplexity(model=tiny_lm).identity()
    assert tiny_lm in a and '"max_tokens": 1024' in a and "transformers" in a
    assert a != Perplexity(model=tiny_lm, mode="nll").identity()
    assert a == Perplexity(model=tiny_lm, batch_size=2, device="cpu").identity()  # speed knobs only


def test_resolve_with_params_and_bad_params(tiny_lm):
    assert resolve_metric("perplexity", model=tiny_lm).model == tiny_lm
    with pytest.raises(ValueError, match="mode"):
        Perplexity(mode="bits")


def test_missing_model_is_a_resource_error(tmp_path):
    from perturbkit.resources.errors import ResourceMissing

    with pytest.raises(ResourceMissing, match="causal language model"):
        Perplexity(model=str(tmp_path / "nope"))(["a"])
