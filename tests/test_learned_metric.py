"""The learned plausibility metric: training pairs, the trainer (checkpoints, resume), the
``learned:DIR`` metric and ``perturbkit train metric``, all on a tiny random BERT built here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _learned_data import SAMPLE, items, tiny_bert
from _learned_data import stories as sample_stories

from perturbkit.errors import InputError, MetricError, UserError
from perturbkit.metrics import resolve_metric
from perturbkit.training.data import Item, read_labelled, split


def _negative(text: str) -> str:
    """An easy negative: the words backwards, the first four repeated."""
    words = text.split()
    return " ".join(words[::-1] + words[:4] * 3)


def _items() -> list[Item]:
    return items(_negative)


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> str:
    return tiny_bert(tmp_path_factory)


def _cfg(tiny: str, **kw):
    from perturbkit.training.metric import TrainConfig

    base = dict(model=tiny, epochs=2, batch_size=8, lr=1e-3, max_length=64, checkpoint_every=2, progress=False)
    return TrainConfig(**{**base, **kw})


@pytest.fixture(scope="module")
def trained(tiny, tmp_path_factory) -> Path:
    from perturbkit.training.metric import train_classifier

    out = tmp_path_factory.mktemp("learned")
    train, val = split(_items(), 0.2, seed=0)
    train_classifier(train, val, out, _cfg(tiny), log=lambda s: None)
    return out


def test_split_keeps_each_story_on_one_side_and_follows_the_seed():
    items = _items()
    train, val = split(items, 0.3, seed=0)
    assert train and val and len(train) + len(val) == len(items)
    assert not {i.group for i in train} & {i.group for i in val}
    assert split(items, 0.3, seed=0) == (train, val)
    assert split(items, 0.3, seed=1) != (train, val)


def test_read_labelled_names_the_bad_line(tmp_path):
    bad = tmp_path / "aug.jsonl"
    bad.write_text('{"text": "a b.", "label": 1}\n{"text": "b a.", "label": "maybe"}\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"aug.jsonl:2: label must be 1"):
        read_labelled(bad)
    only_human = tmp_path / "human.jsonl"
    only_human.write_text('{"text": "a b.", "label": 1}\n', encoding="utf-8")
    with pytest.raises(InputError, match="needs both human stories"):
        read_labelled(only_human)


def test_training_lowers_the_loss_and_writes_a_metric_folder(tiny, trained):
    from perturbkit.metrics import _plausibility as plaus
    from perturbkit.training.metric import evaluate

    meta = json.loads((trained / "perturbkit_metric.json").read_text(encoding="utf-8"))
    assert meta["format"] == "perturbkit-learned-metric" and meta["training"]["steps"] > 0
    train, _ = split(_items(), 0.2, seed=0)
    fresh, tok = plaus.build(tiny)
    fresh.eval()
    model, tok2, _ = plaus.load(trained)
    before = evaluate(fresh, tok, train, _cfg(tiny), "cpu")["loss"]
    after = evaluate(model, tok2, train, _cfg(tiny), "cpu")["loss"]
    assert after < before


def test_learned_metric_scores_are_probabilities_and_deterministic(trained):
    from perturbkit.metrics.learned import Learned

    stories = sample_stories()
    texts = [s["text"] for s in stories] + [_negative(s["text"]) for s in stories]
    ctx = [s.get("context") for s in stories] * 2
    m = resolve_metric(f"learned:{trained}", device="cpu")
    assert isinstance(m, Learned)
    a = m(texts, ctx)
    assert all(0.0 <= x <= 1.0 for x in a) and len(set(a)) > 1
    assert resolve_metric(f"learned:{trained}", device="cpu", batch_size=3)(texts, ctx) == pytest.approx(a, abs=1e-5)
    assert m(texts, ctx) == a
    assert m(texts, None) != a  # the context is read


def test_learned_metric_runs_batched_on_the_runner(trained, tmp_path):
    from perturbkit.example import Example
    from perturbkit.metrics.runner import MetricRunner

    exs = [Example(s["text"], id=s["id"], context=s.get("context")) for s in sample_stories()]
    runner = MetricRunner(resolve_metric(f"learned:{trained}", batch_size=4), cache_dir=tmp_path)
    scores = runner.score(exs, test="t")
    assert len(scores) == len(exs) and all(0.0 <= x <= 1.0 for x in scores)
    assert MetricRunner(resolve_metric(f"learned:{trained}"), cache_dir=tmp_path).score(exs, test="t").tolist() == list(
        scores
    )


def test_learned_metric_explains_a_folder_that_is_not_one(tmp_path):
    with pytest.raises(MetricError, match="no such directory"):
        resolve_metric(f"learned:{tmp_path / 'nope'}")
    with pytest.raises(MetricError, match="not a trained perturbkit metric"):
        resolve_metric(f"learned:{tmp_path}")
    (tmp_path / "perturbkit_metric.json").write_text('{"format": "something-else"}', encoding="utf-8")
    with pytest.raises(MetricError, match="not a perturbkit learned-metric file"):
        resolve_metric(f"learned:{tmp_path}")
    with pytest.raises(MetricError, match="learned:DIR"):
        resolve_metric("learned:")


class _Crash(Exception):
    """A run killed mid-batch (a crash, an out-of-memory kill)."""


@pytest.mark.torch
def test_an_interrupted_run_resumes_to_the_same_model(tiny, tmp_path, monkeypatch):
    import torch

    from perturbkit.training import metric as trainer

    train, val = split(_items(), 0.2, seed=0)
    whole = tmp_path / "whole"
    trainer.train_classifier(train, val, whole, _cfg(tiny, reconstruction=0.5), log=lambda s: None)

    cut = tmp_path / "cut"
    real_step, calls = trainer._step, []

    def dying_step(*a, **kw):
        calls.append(1)
        if len(calls) == 4:  # 4 batches an epoch: dies in the first epoch, after the checkpoint at step 2
            raise _Crash
        return real_step(*a, **kw)

    monkeypatch.setattr(trainer, "_step", dying_step)
    with pytest.raises(_Crash):
        trainer.train_classifier(train, val, cut, _cfg(tiny, reconstruction=0.5), log=lambda s: None)
    monkeypatch.setattr(trainer, "_step", real_step)
    logs: list[str] = []
    trainer.train_classifier(train, val, cut, _cfg(tiny, reconstruction=0.5), resume=True, log=logs.append)
    assert any("resuming at epoch 1, step 2" in line for line in logs)
    a = torch.load(whole / "head.pt", weights_only=True)
    b = torch.load(cut / "head.pt", weights_only=True)
    assert torch.allclose(a["head"]["weight"], b["head"]["weight"], atol=1e-6)
    assert "mlm_bias" in a
    again: list[str] = []
    trainer.train_classifier(train, val, cut, _cfg(tiny), resume=True, log=again.append)
    assert again == [f"{cut}: this run had finished; nothing to resume"]


def test_resume_without_a_checkpoint_is_an_error(tiny, tmp_path):
    from perturbkit.training.metric import train_classifier

    with pytest.raises(UserError, match="nothing to resume"):
        train_classifier(_items(), [], tmp_path, _cfg(tiny), resume=True)


def test_cli_trains_on_union_negatives(tiny, tmp_path, capsys):
    from perturbkit.cli import main

    out = tmp_path / "m"
    args = ["train", "metric", "--recipe", "union", "--stories", str(SAMPLE), "--limit", "8", "--model", tiny]
    args += ["--out", str(out), "--epochs", "1", "--batch-size", "4", "--no-progress"]
    assert main(args) == 0
    recs = [json.loads(line) for line in (out / "negatives.jsonl").read_text(encoding="utf-8").splitlines()]
    # every story is kept as a human text; union makes a negative where it can make one right
    humans, negatives = [r for r in recs if r["label"] == 1], [r for r in recs if r["label"] == 0]
    assert len(humans) == 8 and 1 <= len(negatives) <= 8
    assert {r["source_id"] for r in negatives} <= {r["source_id"] for r in humans}
    assert f"learned:{out}" in capsys.readouterr().err
    assert main(args) == 2  # the same --out again without --resume: refused, nothing lost
    assert "add --resume" in capsys.readouterr().err
    assert main(args + ["--resume"]) == 0
    assert "had finished" in capsys.readouterr().err


def test_cli_names_an_unregistered_recipe(tiny, tmp_path, capsys):
    from perturbkit.cli import main

    args = ["train", "metric", "--recipe", "plot_stories", "--stories", str(SAMPLE), "--out", str(tmp_path / "m")]
    assert main(args) == 2
    assert "recipe 'plot_stories' is not registered here" in capsys.readouterr().err


@pytest.mark.subprocess
def test_cli_end_to_end_in_a_fresh_interpreter(tiny, tmp_path):
    import subprocess
    import sys

    aug = tmp_path / "aug.jsonl"
    aug.write_text(
        "".join(json.dumps({"text": i.text, "label": i.label, "source_id": i.group}) + "\n" for i in _items())
    )
    out = tmp_path / "m"
    cmd = [sys.executable, "-m", "perturbkit", "train", "metric", "--augmented", str(aug), "--model", tiny]
    cmd += ["--out", str(out), "--epochs", "1", "--max-steps", "2", "--device", "cpu", "--seed", "1"]
    cmd += ["--batch-size", "8"]
    done = subprocess.run(cmd, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "trained 2 steps" in done.stderr
    code = (
        "import sys; from perturbkit.metrics import resolve_metric; "
        f"print(resolve_metric('learned:{out}')(['Tom ran home.', 'home ran Tom.']))"
    )
    scores = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    assert len(scores) == 2 and all(0.0 <= s <= 1.0 for s in scores)
