"""Prefix caching in :mod:`perturbkit.transform.decoding` on tiny random-weight models the tests
build (a 2-layer GPT-2, a 2-layer Llama with a chat template, a 2-layer T5): generation from the
prompt prefix's cached keys and values gives what generation without it gives, greedy and
sampled, in any batch; the prefix is prefilled once per process; other models and rows take the
plain path."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("tokenizers")
pytestmark = pytest.mark.torch  # tiny models the tests build: the torch tier (`make test-slow`)

import _tiny_models as tiny  # noqa: E402

from perturbkit.transform import Effect, GenerativeTransform  # noqa: E402
from perturbkit.transform import decoding as D  # noqa: E402

TEXTS = tiny.TEXTS
FEW_SHOT = (
    "Rewrite the sentence.\nthe dog ran home . => it was late .\nTom went to the store. => He bought some milk.\n"
    "{input} =>"
)
SAMPLE = {"do_sample": True, "temperature": 0.9, "top_k": 50, "top_p": 0.95, "num_return_sequences": 2}


@dataclass(repr=False)
class FewShot(GenerativeTransform):
    """Toy: the first candidate the model gives for the story, prompted with a few-shot prompt."""

    name = "toy_few_shot"
    aspect = "paraphrase"
    effect = Effect.PRESERVES
    prompt = FEW_SHOT

    def apply_batch(self, examples, docs, rngs):
        outs = self.generate([self.request(ex.text, rng) for ex, rng in zip(examples, rngs)])
        return [self.replace(ex, c[0]) if c else None for ex, c in zip(examples, outs)]


@dataclass(repr=False)
class Seq2SeqFewShot(FewShot):
    architecture = "seq2seq"


@pytest.fixture(params=["gpt2", "llama-chat"])
def causal(request, tiny_gpt2, tiny_llama_chat):
    return {"gpt2": tiny_gpt2, "llama-chat": tiny_llama_chat}[request.param]


def _texts(outs):
    return [None if o is None else o.text for o in outs]


def _rows(t):
    model, tok = t.load()
    chat = D.uses_chat_template(tok, "causal", None)
    return model, tok, chat, [D.encode(tok, D.build_prompt(tok, FEW_SHOT, x, chat), chat) for x in TEXTS]


def test_every_row_starts_with_the_prompt_prefix(causal):
    _, tok, chat, rows = _rows(FewShot(model=causal, cache=False))
    prefix = D.prompt_prefix(tok, FEW_SHOT, chat)
    assert len(prefix) > len(rows[0]) // 2  # most of a row is the few-shot prompt
    assert all(r[: len(prefix)] == prefix for r in rows)
    assert D.prompt_prefix(tok, "", False) == []  # no prompt, nothing shared (these tokenizers add no BOS)


@pytest.mark.parametrize("sampling", [False, True], ids=["greedy", "sampled"])
def test_cached_prefix_gives_what_the_plain_path_gives(causal, sampling):
    kw = {"model": causal, "max_new_tokens": 8, "cache": False, **(SAMPLE if sampling else {})}
    plain = FewShot(batch_size=3, prefix_cache=False, **kw).batch(TEXTS, seed=3)
    cached = FewShot(batch_size=3, **kw).batch(TEXTS, seed=3)
    single = [FewShot(batch_size=1, **kw)(t, seed=3) for t in TEXTS]
    backwards = FewShot(batch_size=4, **kw).batch(TEXTS[::-1], seed=3)[::-1]
    assert _texts(cached) == _texts(plain) == _texts(single) == _texts(backwards)
    assert any(o is not None for o in cached)


def _widths(model):
    """Input widths of every forward call of ``model`` (a list filled by a hook) and the hook."""
    widths: list[int] = []

    def hook(module, args, kwargs):
        ids = kwargs.get("input_ids", args[0] if args else None)
        widths.append(int(ids.shape[1]))

    return widths, model.register_forward_pre_hook(hook, with_kwargs=True)


def test_the_prefix_is_prefilled_once_per_process(causal):
    t = FewShot(model=causal, max_new_tokens=4, batch_size=2, cache=False)
    model, tok, chat, rows = _rows(t)
    prefix = D.prompt_prefix(tok, FEW_SHOT, chat)
    D._PREFIX_KV.pop(model, None)  # as in a new process
    widths, handle = _widths(model)
    try:
        first = _texts(t.batch(TEXTS, seed=0))  # 3 model calls
        second = _texts(t.batch(TEXTS[:2], seed=0))  # 1 more, the prefix already cached
    finally:
        handle.remove()
    assert first[:2] == second
    # one forward reads the prefix; every other forward reads only the rows' own tokens
    assert widths[0] == len(prefix)
    assert sum(1 for w in widths if w >= len(prefix)) == 1
    assert max(widths[1:]) == max(len(r) for r in rows) - len(prefix)
    assert [k[:2] for k in D._PREFIX_KV[model]] == [(tuple(prefix), False)]


def test_weights_changed_in_place_are_not_served_a_stale_prefix(tmp_path):
    path = tiny.gpt2(tmp_path / "gpt2")  # a model of its own: its weights change below
    t = FewShot(model=path, max_new_tokens=6, cache=False)
    model, _ = t.load()
    t.batch(TEXTS[:2], seed=0)
    with torch.no_grad():
        for p in model.parameters():
            p.mul_(1.5)
    after = _texts(t.batch(TEXTS[:2], seed=0))
    assert after == _texts(
        FewShot(model=path, max_new_tokens=6, cache=False, prefix_cache=False).batch(TEXTS[:2], seed=0)
    )
    assert len(D._PREFIX_KV[model]) == 2


def test_rows_without_the_prefix_and_seq2seq_models_take_the_plain_path(tiny_gpt2, tiny_t5):
    t = FewShot(model=tiny_gpt2, max_new_tokens=5, cache=False)
    model, tok, chat, rows = _rows(t)
    D._PREFIX_KV.pop(model, None)
    d = D.Decoding(5)
    other = [tok("Go home now.")["input_ids"], *rows[:2]]  # one row does not start with the prefix
    prefix = D.prompt_prefix(tok, FEW_SHOT, chat)
    widths, handle = _widths(model)
    try:
        with torch.no_grad():
            got = D.generate_rows(model, tok, "causal", other, [0, 1, 2], d, prefix=prefix)
    finally:
        handle.remove()
    assert widths[0] == max(map(len, other))  # the whole rows prefilled, no prefix computed
    assert model not in D._PREFIX_KV
    with torch.no_grad():
        assert got == D.generate_rows(model, tok, "causal", other, [0, 1, 2], d)
    s2s = Seq2SeqFewShot(model=tiny_t5, max_new_tokens=5, cache=False)
    s2s_model, _ = s2s.load()
    assert _texts(s2s.batch(TEXTS, seed=0)) == _texts(
        Seq2SeqFewShot(model=tiny_t5, max_new_tokens=5, cache=False, prefix_cache=False).batch(TEXTS, seed=0)
    )
    assert s2s_model not in D._PREFIX_KV
