"""The frozen-encoder learned metric (``train metric --freeze-encoder``): features from one forward
pass per text, the embedding cache, the head's training, and ``learned:DIR`` on its folder, all on
a tiny random BERT built here."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from _learned_data import SAMPLE, items, tiny_bert
from _learned_data import stories as sample_stories

from perturbkit.metrics import resolve_metric
from perturbkit.training.data import Item, split


def _negative(text: str) -> str:
    """An easy negative: the sentences in reverse order, the first repeated."""
    from perturbkit.metrics.embedding import split_sentences

    sents = split_sentences(text)
    return " ".join(sents[::-1] + sents[:1])


def _items() -> list[Item]:
    return items(_negative)


@pytest.fixture(scope="module")
def encoder(tmp_path_factory) -> str:
    return tiny_bert(tmp_path_factory)


def _cfg(encoder: str, cache: Path, **kw):
    from perturbkit.training.metric import TrainConfig

    base = dict(
        model=encoder,
        freeze_encoder=True,
        epochs=30,
        patience=30,
        batch_size=8,
        lr=1e-2,
        max_length=64,
        head_hidden=16,
        embedding_cache=str(cache),
        progress=False,
    )
    return TrainConfig(**{**base, **kw})


@pytest.fixture(scope="module")
def frozen(encoder, tmp_path_factory) -> tuple[Path, dict, Path]:
    from perturbkit.training.metric import train_classifier

    root = tmp_path_factory.mktemp("frozen")
    train, val = split(_items(), 0.2, seed=0)
    summary = train_classifier(train, val, root / "m", _cfg(encoder, root / "emb.sqlite"), log=lambda s: None)
    return root / "m", summary, root / "emb.sqlite"


def test_sentence_states_come_from_one_pass_over_the_whole_text(encoder, monkeypatch):
    from transformers import AutoModel, AutoTokenizer

    from perturbkit.metrics import _frozen

    calls = []
    real = _frozen._forward
    monkeypatch.setattr(
        _frozen, "_forward", lambda enc, batch: calls.append(len(batch["input_ids"])) or real(enc, batch)
    )
    emb = _frozen.Embedder(AutoModel.from_pretrained(encoder), AutoTokenizer.from_pretrained(encoder), 64, "cpu", 4)
    texts = ["Tom went to the store. He bought some milk. It was late.", "She was happy.", "She was happy."]
    pooled = emb.pooled(texts)
    assert calls == [2]  # two distinct texts, one batch, no pass per sentence
    assert [p.shape[0] for p in pooled] == [4, 2, 2]  # the whole text, then each sentence
    feats = emb.features(texts)
    assert feats.shape[0] == 3 and (feats[1] == feats[2]).all()
    assert not (feats[0] == feats[1]).all()


def test_frozen_training_learns_and_writes_a_loadable_metric(frozen):
    folder, summary, _ = frozen
    meta = json.loads((folder / "perturbkit_metric.json").read_text(encoding="utf-8"))
    assert meta["mode"] == "frozen" and meta["format_version"] == 2
    history = summary["history"]
    assert summary["encoded"] == len({i.text if not i.context else f"{i.context} {i.text}" for i in _items()})
    assert history[0]["epoch"] == 1 and summary["best"] == min(history, key=lambda h: h["loss"])
    # the saved head fits the stories: its mean log-loss is below that of a coin (ln 2)
    items = _items()
    scores = resolve_metric(f"learned:{folder}", device="cpu")([i.text for i in items], [i.context for i in items])
    loss = -sum(math.log(s if i.label else 1.0 - s) for s, i in zip(scores, items)) / len(items)
    assert loss < math.log(2) - 0.05


def test_frozen_metric_scores_are_probabilities_deterministic_and_batched(frozen, tmp_path):
    from perturbkit.example import Example
    from perturbkit.metrics.learned import Learned
    from perturbkit.metrics.runner import MetricRunner

    folder, _, _ = frozen
    stories = sample_stories()
    texts = [s["text"] for s in stories] + [_negative(s["text"]) for s in stories]
    ctx = [s.get("context") for s in stories] * 2
    m = resolve_metric(f"learned:{folder}", device="cpu")
    assert isinstance(m, Learned) and m.frozen
    a = m(texts, ctx)
    assert all(0.0 <= x <= 1.0 for x in a) and len(set(a)) > 1
    assert m(texts, ctx) == a
    assert resolve_metric(f"learned:{folder}", device="cpu", batch_size=3)(texts, ctx) == pytest.approx(a, abs=1e-5)
    # it learned the easy negatives: on average the human stories score higher
    n = len(stories)
    assert sum(a[:n]) / n > sum(a[n:]) / n
    exs = [Example(t, id=f"s{k}", context=c) for k, (t, c) in enumerate(zip(texts, ctx))]
    runner = MetricRunner(resolve_metric(f"learned:{folder}", batch_size=4), cache_dir=tmp_path)
    assert runner.score(exs, test="t").tolist() == pytest.approx(a, abs=1e-5)


def test_a_second_run_reuses_the_embedding_cache(encoder, frozen, tmp_path, monkeypatch):
    from perturbkit.metrics import _frozen
    from perturbkit.training.metric import train_classifier

    first, summary, cache = frozen
    calls = []
    real = _frozen._forward
    monkeypatch.setattr(_frozen, "_forward", lambda enc, batch: calls.append(1) or real(enc, batch))
    train, val = split(_items(), 0.2, seed=0)
    again = train_classifier(train, val, tmp_path / "m2", _cfg(encoder, cache), log=lambda s: None)
    assert calls == [] and again["encoded"] == 0
    assert again["best"] == summary["best"]  # same features, same seed: the same head
    other = train_classifier(train, val, tmp_path / "m3", _cfg(encoder, cache, max_length=32), log=lambda s: None)
    assert other["encoded"] == summary["encoded"] and calls  # max_length is part of the key


def test_cli_trains_a_frozen_metric(encoder, tmp_path, capsys):
    from perturbkit.cli import main

    out = tmp_path / "m"
    args = ["train", "metric", "--recipe", "union", "--stories", str(SAMPLE), "--limit", "8", "--model", encoder]
    args += ["--out", str(out), "--freeze-encoder", "--epochs", "3", "--embedding-cache", str(tmp_path / "e.sqlite")]
    args += ["--no-progress"]
    assert main(args) == 0
    err = capsys.readouterr().err
    n_texts = len((out / "negatives.jsonl").read_text(encoding="utf-8").splitlines())  # 8 stories + their negatives
    assert 9 <= n_texts <= 16 and f"embedded {n_texts} texts" in err and f"learned:{out}" in err
    assert main(args) == 2  # a finished frozen run is not overwritten without --resume
    assert "add --resume" in capsys.readouterr().err
    scores = resolve_metric(f"learned:{out}", device="cpu")(["Tom ran home. He slept.", "home ran Tom."])
    assert len(scores) == 2 and all(0.0 <= s <= 1.0 for s in scores)
