"""Perplexity on a tiny random-weight GPT-2 the test builds itself (no download): batching,
context conditioning, the chunked LM head, truncation."""

from __future__ import annotations

import math

import numpy as np
import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
tokenizers = pytest.importorskip("tokenizers")
pytestmark = pytest.mark.torch  # tiny models the tests build: the torch tier (`make test-slow`)

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
    trainer = trainers.BpeTrainer(
        vocab_size=300, special_tokens=["<|endoftext|>"], initial_alphabet=pre_tokenizers.ByteLevel.alphabet()
    )
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
    assert ids[1:start] == ctx_ids[len(ctx_ids) - (start - 1) :]  # the context lost its beginning
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


# ---------------------------------------------------------------------------------------- prefix sharing
SHARED = [
    "Tom went home. The dog ran to the store.",
    "Tom went home. The dog ran to the mat.",  # shares a long prefix with the one above
    "Tom went home.",  # all of it is a prefix of the two above
    "Tom went home. The dog ran to the store. He waited.",  # extends the first
    "the cat sat .",
    " the cat sat . ",  # another text, the same tokens (stories are stripped)
    "She bought milk because it was late and the store was open.",
    "She bought milk because it was late.",
    "x",
    "",
]
CONTEXTS = [
    None,
    "Tom was hungry.",
    None,
    "Tom was hungry.",
    "Tom went home.",
    None,
    "Tom went home. The dog",
    "It was late.",
    None,
    "Look up.",
]


@pytest.fixture(scope="module")
def tiny_llama(tiny_lm, tmp_path_factory):
    """A 2-layer Llama (rotary positions, grouped KV heads) with random weights and the same tokenizer."""
    from transformers import AutoTokenizer, LlamaConfig, LlamaForCausalLM

    path = tmp_path_factory.mktemp("tiny-llama")
    tok = AutoTokenizer.from_pretrained(tiny_lm)
    tok.save_pretrained(path)
    torch.manual_seed(1)
    cfg = LlamaConfig(
        vocab_size=tok.vocab_size,
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=64,
    )
    LlamaForCausalLM(cfg).save_pretrained(path)
    return str(path)


@pytest.fixture(params=["gpt2", "llama"])
def any_lm(request, tiny_lm, tiny_llama):
    return tiny_lm if request.param == "gpt2" else tiny_llama


def _plain(model, texts, contexts=None, **kw):
    return Perplexity(model=model, device="cpu", share_prefixes=False, **kw)(texts, contexts)


def _inner_nodes(m, texts, contexts):
    """The positions the model must run with prefix sharing: the distinct token prefixes that some
    scored sequence continues (a sequence's last token predicts nothing)."""
    prefixes = set()
    for ids, start in (m.encode(t, c) for t, c in zip(texts, contexts)):
        if len(ids) - max(start, 1) >= 1:
            prefixes.update(tuple(ids[: d + 1]) for d in range(len(ids) - 1))
    return len(prefixes)


def test_fixture_texts_cover_the_sharing_cases(tiny_lm):
    m = Perplexity(model=tiny_lm)
    m.setup()
    first, mat, prefix, longer = (m.encode(t, None)[0] for t in SHARED[:4])
    assert first[: len(prefix)] == prefix and mat[: len(prefix) + 4] == first[: len(prefix) + 4] and mat != first
    assert longer[: len(first)] == first
    assert m.encode(SHARED[4], None) == m.encode(SHARED[5], None)
    # a context followed by a story shares its beginning with a story that starts the same way
    with_ctx, start = m.encode("the cat sat .", "Tom went home.")
    assert with_ctx[:start] == prefix and start > 1


@pytest.mark.parametrize("with_contexts", [False, True])
def test_shared_prefixes_score_like_the_batched_path(any_lm, with_contexts):
    contexts = CONTEXTS if with_contexts else [None] * len(SHARED)
    want = _plain(any_lm, SHARED, contexts)
    m = Perplexity(model=any_lm, device="cpu", share_prefixes=True)
    got = m(SHARED, contexts)
    np.testing.assert_allclose(got, want, rtol=1e-4)
    assert m.token_counts["run"] == _inner_nodes(m, SHARED, contexts) < m.token_counts["tokens"]


def test_sharing_is_carried_across_calls_in_any_order(any_lm):
    want = _plain(any_lm, SHARED, CONTEXTS)
    m = Perplexity(model=any_lm, device="cpu", share_prefixes=True)
    rng = np.random.default_rng(0)
    for _ in range(3):  # unsorted batches of 1-3: the kept sequence may sort before or after the next ones
        order = rng.permutation(len(SHARED))
        got = np.empty(len(SHARED))
        i = 0
        while i < len(order):
            part = order[i : i + int(rng.integers(1, 4))]
            got[part] = m([SHARED[j] for j in part], [CONTEXTS[j] for j in part])
            i += len(part)
        np.testing.assert_allclose(got, want, rtol=1e-4)


def test_the_kept_sequence_saves_work_in_the_next_call(tiny_lm):
    m = Perplexity(model=tiny_lm, device="cpu", share_prefixes=True)
    m([SHARED[0]])
    a, b, p = (m.encode(t, None)[0] for t in SHARED[:3])
    assert m.token_counts["run"] == len(a) - 1  # the last token predicts nothing: it never runs
    before = m.token_counts["run"]
    m([SHARED[1]])  # only what follows the common prefix runs
    common = next(i for i, (x, y) in enumerate(zip(a, b)) if x != y)
    assert m.token_counts["run"] - before == len(b) - common - 1
    before = m.token_counts["run"]
    m([SHARED[0], SHARED[2]])  # a prefix of the kept sequence, and a sequence seen before
    assert m.token_counts["run"] - before == len(a) - common - 1
    m.reset_prefix()
    before = m.token_counts["run"]
    m([SHARED[2]])
    assert m.token_counts["run"] - before == len(p) - 1


def test_the_model_runs_once_per_pack_on_the_tree_nodes_only(tiny_lm, monkeypatch):
    m = Perplexity(model=tiny_lm, device="cpu", share_prefixes=True, pack_tokens=12)
    m.setup()
    fed = []
    body = m._lm.base_model
    forward = body.forward

    def counting(*args, **kwargs):
        fed.append(kwargs["input_ids"].shape[1])
        return forward(*args, **kwargs)

    monkeypatch.setattr(body, "forward", counting)
    got = m(SHARED)
    monkeypatch.undo()
    np.testing.assert_allclose(got, _plain(tiny_lm, SHARED), rtol=1e-4)
    assert sum(fed) == _inner_nodes(m, SHARED, [None] * len(SHARED)) == m.token_counts["run"]
    longest = max(len(m.encode(t, None)[0]) for t in SHARED)
    assert len(fed) > 1 and max(fed) <= longest  # packs of <= 12 new tokens, or one sequence alone
    assert any(n < 12 for n in fed)


def test_sharing_after_truncation(any_lm):
    long = [
        "Tom went to the store. " * 6 + "He waited.",
        "Tom went to the store. " * 6 + "She waited.",
        "Tom went to the store. " * 3,
        "He waited.",
    ]
    contexts = [None, None, "It was late. " * 8, "It was late. " * 8 + "Tom went to the store."]
    want = _plain(any_lm, long, contexts, max_tokens=12)
    m = Perplexity(model=any_lm, device="cpu", share_prefixes=True, max_tokens=12)
    got = m(long, contexts)
    np.testing.assert_allclose(got, want, rtol=1e-4)
    assert m.encode(long[0], None) == m.encode(long[1], None)  # cut to the same 12 tokens
    assert got[0] == pytest.approx(got[1], rel=1e-6)


def test_sharing_without_a_start_token_differs_at_token_zero(any_lm):
    want = _plain(any_lm, SHARED, CONTEXTS, start_token=None)
    m = Perplexity(model=any_lm, device="cpu", share_prefixes=True, start_token=None)
    np.testing.assert_allclose(m(SHARED, CONTEXTS), want, rtol=1e-4)
    m.reset_prefix()
    two = ["Tom went home.", "the cat sat ."]  # no shared first token: one tree with two roots
    before = m.token_counts["run"]
    np.testing.assert_allclose(m(two), _plain(any_lm, two, start_token=None), rtol=1e-4)
    assert m.token_counts["run"] - before == sum(len(m.encode(t, None)[0]) - 1 for t in two)


def test_sharing_with_eager_attention(tiny_lm, monkeypatch):
    m = Perplexity(model=tiny_lm, device="cpu", share_prefixes=True)
    m.setup()
    monkeypatch.setattr(m._lm.config, "_attn_implementation", "eager")  # an additive float mask
    np.testing.assert_allclose(m(SHARED, CONTEXTS), _plain(tiny_lm, SHARED, CONTEXTS), rtol=1e-4)


def test_models_that_need_their_full_logits_take_the_batched_path(tiny_lm, monkeypatch):
    m = Perplexity(model=tiny_lm, device="cpu", share_prefixes=True)
    m.setup()
    monkeypatch.setattr(m._lm.config, "logit_scale", 1.0, raising=False)  # as Cohere's config has
    got = m(SHARED[:3])
    assert not m._can_share() and m.token_counts["run"] == 3 * max(len(m.encode(t, None)[0]) for t in SHARED[:3])
    np.testing.assert_allclose(got, _plain(tiny_lm, SHARED[:3]), rtol=1e-4)


def test_share_prefixes_auto_is_on_for_cpu_and_not_part_of_the_identity(tiny_lm, monkeypatch):
    assert Perplexity(model=tiny_lm, device="cpu").sharing()
    assert not Perplexity(model=tiny_lm, device="cpu", share_prefixes=False).sharing()
    assert not Perplexity(model=tiny_lm, device="cuda").sharing()
    assert Perplexity(model=tiny_lm, device="cuda", share_prefixes=True).sharing()
    ident = Perplexity(model=tiny_lm).identity()
    assert ident == Perplexity(model=tiny_lm, share_prefixes=False, pack_tokens=7).identity()
    with pytest.raises(ValueError, match="share_prefixes"):
        Perplexity(share_prefixes="yes")
    with pytest.raises(ValueError, match="pack_tokens"):
        Perplexity(pack_tokens=0)


def test_order_key_puts_shared_beginnings_together(tiny_lm):
    m = Perplexity(model=tiny_lm, device="cpu")
    key = lambda i: m.order_key(SHARED[i], CONTEXTS[i], None)  # noqa: E731
    assert key(1) == m.encode(SHARED[1], CONTEXTS[1])[0]  # token ids, compared lexicographically
    order = sorted(range(len(SHARED)), key=key)
    assert order == sorted(range(len(SHARED)), key=lambda i: m.encode(SHARED[i], CONTEXTS[i])[0])
    bare = sorted(SHARED, key=lambda t: m.order_key(t, None, None))
    assert bare.index(SHARED[3]) == bare.index(SHARED[0]) + 1  # right after the text it extends
    plain = Perplexity(model=tiny_lm, device="cpu", share_prefixes=False)
    texts = ["b c", "a b c", "a b", "b"]
    assert sorted(texts, key=lambda t: plain.order_key(t, None, None)) == ["a b c", "b c", "a b", "b"]


def test_runner_with_sharing_matches_the_batched_runner(tiny_lm):
    exs = [Example(t, context=c, id=f"e{i}") for i, (t, c) in enumerate(zip(SHARED, CONTEXTS))]
    shared = MetricRunner(Perplexity(model=tiny_lm, device="cpu"), cache_dir=False, batch_size=3)
    plain = MetricRunner(Perplexity(model=tiny_lm, device="cpu", share_prefixes=False), cache_dir=False, batch_size=3)
    np.testing.assert_allclose(shared.score(exs), plain.score(exs), rtol=1e-4)
