"""``quantize="int8"`` of the sentence encoder (``load_sentence_encoder``, ``SimilarityCheck``): on
CPU every ``nn.Linear`` becomes a dynamically quantized int8 layer, a CUDA device keeps float
weights (checked with a stand-in encoder class, no GPU needed), each (model, device, quantization)
is loaded once per process, and cosines stay close to the float encoder's. On a tiny random
sentence-transformers model built here."""

from __future__ import annotations

import pytest

from perturbkit.resources import models as M
from perturbkit.transform.similarity import SimilarityCheck

PAIRS = [
    ("Tom went to the store.", "Tom walked to the shop."),
    ("She was happy because the sun came out.", "The sun came out, so she was glad."),
    ("the dog ran home .", "it was late ."),
    ("They waited.", "They did n't know what to do, so they waited."),
]


@pytest.fixture(scope="module")
def encoder(tmp_path_factory) -> str:
    pytest.importorskip("sentence_transformers")
    import _tiny_models

    return _tiny_models.sentence_encoder(tmp_path_factory.mktemp("st"))


def _linear_kinds(model) -> set[str]:
    """ "float" for each torch.nn.Linear, "int8" for each dynamically quantized one."""
    import torch
    from torch.ao.nn.quantized.dynamic import Linear as DynamicLinear

    kinds = {torch.nn.Linear: "float", DynamicLinear: "int8"}
    return {kinds[type(m)] for m in model.modules() if type(m) in kinds}


def test_int8_on_cpu_replaces_every_linear_and_is_cached_per_key(encoder):
    plain = M.load_sentence_encoder(encoder, "cpu")
    quant = M.load_sentence_encoder(encoder, "cpu", quantize="int8")
    assert _linear_kinds(plain) == {"float"}
    assert _linear_kinds(quant) == {"int8"}  # no float Linear left
    assert quant is not plain
    assert M.load_sentence_encoder(encoder, "cpu", quantize="int8") is quant  # once per process and key
    assert M.load_sentence_encoder(encoder, "cpu") is plain
    assert ("sentence_encoder", encoder, None, "int8", "cpu") in M.loaded_models()


def test_cuda_keeps_float_weights(monkeypatch, tmp_path):
    torch = pytest.importorskip("torch")
    st = pytest.importorskip("sentence_transformers")
    built: list[str] = []

    class FakeEncoder(torch.nn.Module):  # stands in for SentenceTransformer: no GPU needed
        def __init__(self, path, device="cpu"):
            super().__init__()
            built.append(device)
            self.dense = torch.nn.Linear(4, 4)

    monkeypatch.setattr(st, "SentenceTransformer", FakeEncoder)
    monkeypatch.setattr(M, "_MODELS", {})
    enc = M.load_sentence_encoder(str(tmp_path), "cuda", quantize="int8")
    assert built == ["cuda"] and _linear_kinds(enc) == {"float"}
    assert M.load_sentence_encoder(str(tmp_path), "cuda") is enc  # float either way: one cache entry
    assert M.loaded_models() == [("sentence_encoder", str(tmp_path), None, None, "cuda")]
    assert _linear_kinds(M.load_sentence_encoder(str(tmp_path), "cpu", quantize="int8")) == {"int8"}


def test_int8_cosines_stay_close_to_float(encoder):
    sources, candidates = [a for a, _ in PAIRS], [b for _, b in PAIRS]
    exact = SimilarityCheck(model=encoder, device="cpu").cosines(sources, candidates)
    quant = SimilarityCheck(model=encoder, device="cpu", quantize="int8").cosines(sources, candidates)
    assert quant != exact  # really another computation
    assert max(abs(a - b) for a, b in zip(exact, quant)) < 0.05


def test_bad_quantize_is_refused():
    with pytest.raises(ValueError, match="quantize must be one of None, int8, got 'int4'"):
        SimilarityCheck(quantize="int4")
    with pytest.raises(ValueError, match="quantize must be one of"):
        M.load_sentence_encoder("/nowhere", "cpu", quantize="fp8")
