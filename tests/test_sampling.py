"""Sampling in :mod:`perturbkit.transform.sampling`: the exact top-p gives transformers'
``TopPLogitsWarper`` output bit for bit (ties across the cut, top-k's -inf, NaN, other dtypes);
generation with it, and with ended rows no longer sampled, gives the outputs of the code before
(golden: fixed rows and seeds on the tiny models the tests build, recorded before the change) and
of the reference path (``fast=False``) in the same run."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")
pytestmark = pytest.mark.torch

from transformers.generation.logits_process import TopKLogitsWarper, TopPLogitsWarper  # noqa: E402

from perturbkit.transform import decoding as D  # noqa: E402
from perturbkit.transform.sampling import top_p_filter  # noqa: E402


def _same(a, b) -> bool:
    return a.dtype == b.dtype and a.shape == b.shape and torch.equal(a, b)


def _warped(scores, top_p, keep=1):
    return TopPLogitsWarper(top_p, min_tokens_to_keep=keep)(None, scores)


@pytest.mark.parametrize("seed", range(40))
def test_top_p_filter_is_the_warper_bit_for_bit(seed):
    g = torch.Generator().manual_seed(seed)
    rows = 1 + seed % 5
    vocab = [2, 3, 17, 400, 1000, 4099, 49152][seed % 7]
    scale = [0.5, 3.0, 8.0, 30.0][seed % 4]
    scores = torch.randn(rows, vocab, generator=g) * scale
    if seed % 3 == 0:  # coarse logits: many ties, some across the cut
        scores = scores.round()
    if seed % 2 == 0:  # top-k before top-p, as in the sampler
        scores = TopKLogitsWarper(max(1, vocab // 7))(None, scores)
    for top_p in (0.01, 0.3, 0.6, 0.9, 0.95, 0.999, 1.0):
        for keep in (1, 3):
            assert _same(top_p_filter(scores, top_p, keep), _warped(scores, top_p, keep)), (top_p, keep)


def test_ties_across_the_cut_go_through_the_warper():
    # 10 equal logits and one large: the cut falls inside the tie; which tied tokens the warper
    # drops depends on its sort's order, so the filter asks the warper for that row
    scores = torch.tensor(
        [[0.0] * 10 + [2.0], [0.0] * 10 + [2.0], [3.0, 1.0, 0.5, 0.25, -1.0, 0.0, 2.0, 1.5, 0.1, 0.2, 0.3]]
    )
    for top_p in (0.5, 0.6, 0.7, 0.8, 0.9):
        got = top_p_filter(scores, top_p)
        assert _same(got, _warped(scores, top_p))
    kept = (top_p_filter(scores, 0.6)[0] > float("-inf")).sum()
    assert 1 < kept < 11  # some, not all, of the tied tokens kept: the cut was inside the tie


def test_nan_other_dtypes_and_views_fall_back_to_the_warper():
    g = torch.Generator().manual_seed(1)
    scores = torch.randn(3, 300, generator=g) * 4
    nan = scores.clone()
    nan[1, 7] = float("nan")
    assert _same(top_p_filter(nan, 0.9)[[0, 2]], _warped(nan, 0.9)[[0, 2]])
    assert torch.isnan(top_p_filter(nan, 0.9)[1]).sum() == torch.isnan(_warped(nan, 0.9)[1]).sum()
    for s in (scores.double(), scores.to(torch.bfloat16), scores.t().contiguous().t(), scores[:, ::2]):
        assert _same(top_p_filter(s, 0.8), _warped(s, 0.8))


FEW_SHOT = (
    "Rewrite the sentence.\nthe dog ran home . => it was late .\nTom went to the store. => He bought some milk.\n"
    "{input} =>"
)
DECODINGS = {
    "k50p95": D.Decoding(12, True, 0.9, 50, 0.95),
    "p90": D.Decoding(12, True, 0.7, None, 0.9),
    "k20p60": D.Decoding(12, True, 1.3, 20, 0.6),
    "greedy": D.Decoding(12),
}
# sha256 (first 16 hex digits) of the JSON list of texts, recorded with the code before the exact
# top-p and the ended rows' skipping (main at 9c2e5bd) on an AVX-512 x86 CPU;
# "early": 40 frequent tokens count as end of sequence, so rows end at different steps
GOLDEN = {
    "gpt2/k50p95/eos": "1856462edded6498",
    "gpt2/p90/eos": "91bb84862e686e3c",
    "gpt2/k20p60/eos": "5a5a657cd52aa4ee",
    "gpt2/greedy/eos": "b2864d38fb0276a8",
    "gpt2/k50p95/early": "58987695ed8591a3",
    "gpt2/p90/early": "90945df08517079e",
    "gpt2/k20p60/early": "caad4af6478a8952",
    "gpt2/greedy/early": "b2864d38fb0276a8",
    "llama_chat/k50p95/eos": "a4a89a9a00c4ca63",
    "llama_chat/p90/eos": "1470f0db9e809099",
    "llama_chat/k20p60/eos": "3ee87ffe3eff42ea",
    "llama_chat/greedy/eos": "7e4d948becbffc61",
    "llama_chat/k50p95/early": "2f1dd74bed2ef419",
    "llama_chat/p90/early": "fab63c392f8f0e3d",
    "llama_chat/k20p60/early": "f66995d613ff0248",
    "llama_chat/greedy/early": "b3d017d1ddbdb173",
}


def _digest(texts: list[str]) -> str:
    return hashlib.sha256(json.dumps(texts).encode()).hexdigest()[:16]


@pytest.mark.parametrize("name", ["gpt2", "llama_chat"])
def test_generation_gives_the_outputs_of_the_code_before(name, tiny_gpt2, tiny_llama_chat):
    import _tiny_models as tiny
    from transformers import AutoModelForCausalLM, AutoTokenizer

    path = {"gpt2": tiny_gpt2, "llama_chat": tiny_llama_chat}[name]
    model = AutoModelForCausalLM.from_pretrained(path).eval()
    tok = AutoTokenizer.from_pretrained(path)
    chat = D.uses_chat_template(tok, "causal", None)
    rows = [D.encode(tok, D.build_prompt(tok, FEW_SHOT, x, chat), chat) for x in tiny.TEXTS for _ in range(2)]
    prefix = D.prompt_prefix(tok, FEW_SHOT, chat)
    seeds = [11 * i + 5 for i in range(len(rows))]
    got, reference = {}, {}
    for early in (False, True):
        model.generation_config.eos_token_id = list(range(60, 100)) if early else None
        for dn, d in DECODINGS.items():
            key = f"{name}/{dn}/{'early' if early else 'eos'}"
            with torch.no_grad():
                texts = D.generate_rows(model, tok, "causal", rows, seeds, d, prefix=prefix)
                reference[key] = D.generate_rows(model, tok, "causal", rows, seeds, d, prefix=prefix, fast=False)
            got[key] = texts
            if early and d.do_sample:
                assert sum(t == "" for t in texts) < len(texts) and any(len(t) < 8 for t in texts)
    assert got == reference
    on_golden_cpu = Path("/proc/cpuinfo").exists() and "avx512f" in Path("/proc/cpuinfo").read_text()
    if on_golden_cpu:  # float rounding may differ on other CPUs
        assert {k: _digest(v) for k, v in got.items()} == {k: v for k, v in GOLDEN.items() if k in got}
