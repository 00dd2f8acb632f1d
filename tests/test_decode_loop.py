"""The decode loop of :mod:`perturbkit.transform.decode_loop` on the tiny models the tests build:
it calls the model with exactly what ``generate`` passes (same tensors, dtypes, shapes, layout)
while no row has ended; ended rows leave the batch and the other rows' texts do not change; a
row without the cached prefix, or ``fast=False``, goes through ``generate``."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")
pytestmark = pytest.mark.torch

import _tiny_models as tiny  # noqa: E402

from perturbkit.transform import decoding as D  # noqa: E402

FEW = "Rewrite the sentence.\nthe dog ran home . => it was late .\n{input} =>"
SAMPLED = D.Decoding(10, True, 0.9, 50, 0.9)


@pytest.fixture(params=["gpt2", "llama_chat"])
def loaded(request, tiny_gpt2, tiny_llama_chat):
    from transformers import AutoModelForCausalLM, AutoTokenizer

    path = {"gpt2": tiny_gpt2, "llama_chat": tiny_llama_chat}[request.param]
    model = AutoModelForCausalLM.from_pretrained(path).eval()
    tok = AutoTokenizer.from_pretrained(path)
    chat = D.uses_chat_template(tok, "causal", None)
    rows = [D.encode(tok, D.build_prompt(tok, FEW, x, chat), chat) for x in tiny.TEXTS for _ in range(2)]
    return model, tok, rows, D.prompt_prefix(tok, FEW, chat)


def _recorded(model, run):
    """(what ``run()`` returns, the keyword arguments of every forward call it made)."""
    calls: list[dict] = []

    def hook(module, args, kwargs):
        calls.append({k: v.clone() if torch.is_tensor(v) else v for k, v in kwargs.items() if v is not None})

    handle = model.register_forward_pre_hook(hook, with_kwargs=True)
    try:
        with torch.no_grad():
            return run(), calls
    finally:
        handle.remove()


def _same_call(a: dict, b: dict) -> bool:
    if set(a) != set(b):
        return False
    for k, v in a.items():
        w = b[k]
        if torch.is_tensor(v):
            if not (torch.is_tensor(w) and v.dtype == w.dtype and v.shape == w.shape and torch.equal(v, w)):
                return False
            if v.is_contiguous() != w.is_contiguous():
                return False
        elif type(v) is not type(w) or (isinstance(v, (int, float, bool)) and v != w):
            return False
    return True


@pytest.mark.parametrize("d", [SAMPLED, D.Decoding(10)], ids=["sampled", "greedy"])
def test_the_loop_calls_the_model_as_generate_does(loaded, d):
    model, tok, rows, prefix = loaded
    model.generation_config.eos_token_id = None
    seeds = list(range(len(rows)))
    with torch.no_grad():  # the prefix's cache computed once, outside the recorded calls
        D.generate_rows(model, tok, "causal", rows[:1], [0], D.Decoding(1), prefix=prefix)
    ours, mine = _recorded(model, lambda: D.generate_rows(model, tok, "causal", rows, seeds, d, prefix=prefix))
    theirs, hf = _recorded(
        model, lambda: D.generate_rows(model, tok, "causal", rows, seeds, d, prefix=prefix, fast=False)
    )
    assert ours == theirs
    assert len(mine) == len(hf) == d.max_new_tokens
    assert all(_same_call(a, b) for a, b in zip(mine, hf))


def test_ended_rows_leave_the_batch_and_change_no_text(loaded):
    model, tok, rows, prefix = loaded
    model.generation_config.eos_token_id = list(range(60, 100))  # 40 tokens end a row: rows end early
    seeds = [3 * i for i in range(len(rows))]
    ours, mine = _recorded(model, lambda: D.generate_rows(model, tok, "causal", rows, seeds, SAMPLED, prefix=prefix))
    theirs, hf = _recorded(
        model, lambda: D.generate_rows(model, tok, "causal", rows, seeds, SAMPLED, prefix=prefix, fast=False)
    )
    assert ours == theirs
    batch = [int(c["input_ids"].shape[0]) for c in mine if "past_key_values" in c]
    assert batch[0] == len(rows) and batch == sorted(batch, reverse=True) and batch[-1] < len(rows)
    assert {int(c["input_ids"].shape[0]) for c in hf} == {len(rows)}
    assert len(batch) <= len(hf)  # no forward once every row has ended


def test_rows_without_the_prefix_go_through_generate(loaded):
    model, tok, rows, prefix = loaded
    other = [tok("Go home now.")["input_ids"], *rows[:2]]  # one row does not start with the prefix
    ours, calls = _recorded(model, lambda: D.generate_rows(model, tok, "causal", other, [0, 1, 2], SAMPLED))
    assert ours == D.generate_rows(model, tok, "causal", other, [0, 1, 2], SAMPLED, fast=False)
    assert int(calls[0]["input_ids"].shape[1]) == max(map(len, other))  # whole rows prefilled: no prefix cache
