"""`perturbkit train plot2story` end to end on tiny random-weight models the test builds (a 2-layer
GPT-2 and a 2-layer T5 with a tokenizer trained on a few sentences): training, checkpoints, resume,
LoRA, the final folder loading into PlotToStory; and the (plot, story) readers' errors."""

from __future__ import annotations

import json

import pytest

from perturbkit.cli import main
from perturbkit.errors import InputError
from perturbkit.training.plot_pairs import read_pairs

ROC = [
    "shop  <EOT> tom went\tstore\t#\tbought\tmilk <EOL>  </s> tom went to the store . </s> he bought some milk . @ ",
    "sun  <EOT> happy\t#\tsun came <EOL>  </s> she was happy . </s> the sun came out . @ ",
    "dog  <EOT> dog ran\thome\t#\tlate <EOL>  </s> the dog ran home . </s> it was late . @ ",
    "wait  <EOT> know\t#\twaited <EOL>  </s> they did n't know what to do . </s> so they waited . @ ",
]


@pytest.fixture
def roc_file(tmp_path):
    p = tmp_path / "train.tsv"
    p.write_text("\n".join(ROC) + "\n", encoding="utf-8")
    return p


def test_read_pairs_tsv_and_jsonl(roc_file, tmp_path):
    pairs = read_pairs(roc_file)
    assert len(pairs) == 4
    plot, story = pairs[0]
    assert plot.title == "shop" and plot.sentences == (("tom went", "store"), ("bought", "milk"))
    assert story == "tom went to the store . he bought some milk ."
    j = tmp_path / "p.jsonl"
    j.write_text(
        json.dumps({"plot": [["tom went"], ["milk"]], "story": "Tom went. Milk."})
        + "\n"
        + json.dumps({"plot": "a # b", "story": "A. B.", "title": "t"})
        + "\n",
        encoding="utf-8",
    )
    got = read_pairs(j)
    assert [p.sentences for p, _ in got] == [(("tom went",), ("milk",)), (("a",), ("b",))]
    assert read_pairs(roc_file, limit=2) == pairs[:2]


def test_read_pairs_errors_name_file_and_line(tmp_path):
    bad = tmp_path / "bad.tsv"
    bad.write_text(ROC[0] + "\nno markers here\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"bad\.tsv:2: no storyline \(expected 'title <EOT>"):
        read_pairs(bad)
    j = tmp_path / "bad.jsonl"
    j.write_text('{"plot": "a"}\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"bad\.jsonl:1: expected an object with 'plot' and 'story'"):
        read_pairs(j)
    with pytest.raises(InputError, match="no such file"):
        read_pairs(tmp_path / "missing.tsv")


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    import _tiny_models as t

    return {"gpt2": t.gpt2(tmp_path_factory.mktemp("t-gpt2")), "t5": t.t5(tmp_path_factory.mktemp("t-t5"))}


def _train(data, model, out, *extra):
    args = ["train", "plot2story", "--data", str(data), "--model", model, "--out", str(out), "--batch-size", "2"]
    return main([*args, "--save-steps", "2", "--logging-steps", "1", "--no-progress", *extra])


def _state(folder):
    return json.loads((folder / "trainer_state.json").read_text())


def test_causal_train_checkpoint_resume_and_generate(tiny, roc_file, tmp_path, capsys, monkeypatch):
    from perturbkit.resources.config import settings

    monkeypatch.setattr(settings, "cache_dir", tmp_path / "cache")
    out = tmp_path / "run"
    assert _train(roc_file, tiny["gpt2"], out, "--max-steps", "2", "--architecture", "causal") == 0
    assert (out / "checkpoints" / "checkpoint-2").is_dir()
    info = json.loads((out / "final" / "plot2story.json").read_text())
    assert info["architecture"] == "causal" and info["steps"] == 2 and info["resumed_from"] is None
    # without --resume an existing run is refused; with it training goes on from checkpoint-2
    assert _train(roc_file, tiny["gpt2"], out, "--max-steps", "4") == 2
    assert "--resume" in capsys.readouterr().err
    assert _train(roc_file, tiny["gpt2"], out, "--max-steps", "4", "--resume") == 0
    info = json.loads((out / "final" / "plot2story.json").read_text())
    assert info["steps"] == 4 and info["resumed_from"].endswith("checkpoint-2")
    assert _state(out / "checkpoints" / "checkpoint-4")["global_step"] == 4
    assert "plot2story model:" in capsys.readouterr().out

    from perturbkit.plot import Plot
    from perturbkit.plot.generate import PlotToStory

    gen = PlotToStory(model=str(out / "final"), instruction="", num_return_sequences=2, max_new_tokens=6)
    gen.min_coverage, gen.max_echo = 0.0, 1.0
    (c,) = gen.stories([Plot.from_storyline("tom went\tstore")])
    assert len(c.stories) + c.empty == 2 and gen.counts["model_calls"] == 1


def test_seq2seq_with_lora(tiny, roc_file, tmp_path):
    pytest.importorskip("peft")
    out = tmp_path / "lora"
    assert _train(roc_file, tiny["t5"], out, "--max-steps", "2", "--lora", "--lora-r", "2") == 0
    info = json.loads((out / "final" / "plot2story.json").read_text())
    assert info["architecture"] == "seq2seq" and info["lora"] is True
    from transformers import AutoModelForSeq2SeqLM

    merged = AutoModelForSeq2SeqLM.from_pretrained(out / "final")
    assert not any("lora" in n for n, _ in merged.named_parameters())  # the adapter is merged in


def test_resume_without_checkpoint_is_a_clear_error(tiny, roc_file, tmp_path, capsys):
    assert _train(roc_file, tiny["gpt2"], tmp_path / "none", "--max-steps", "1", "--resume") == 2
    assert "no checkpoint under" in capsys.readouterr().err


@pytest.mark.torch
def test_training_leaves_the_callers_random_state_alone(tiny, roc_file, tmp_path):
    """The Trainer seeds the global generators; the caller's states come back unchanged."""
    import random

    import numpy as np
    import torch

    before = (random.getstate(), np.random.get_state()[1].copy(), torch.random.get_rng_state().clone())
    assert _train(roc_file, tiny["gpt2"], tmp_path / "run", "--max-steps", "1", "--seed", "7") == 0
    assert random.getstate() == before[0]
    assert (np.random.get_state()[1] == before[1]).all()
    assert torch.equal(torch.random.get_rng_state(), before[2])
