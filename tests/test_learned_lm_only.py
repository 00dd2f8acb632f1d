"""The frozen learned metric on the LM statistics alone (``--features lm``): a logistic head on the
12 sentence-NLL statistics of a tiny random GPT-2, with no encoder loaded, run or saved."""

from __future__ import annotations

import json
import shutil

import _tiny_models
import pytest
from _learned_data import SAMPLE, items, lm_config, reversed_negative, tiny_bert

from perturbkit.errors import MetricError
from perturbkit.metrics import resolve_metric
from perturbkit.training.data import split


@pytest.fixture(scope="module")
def lm(tmp_path_factory) -> str:
    return _tiny_models.gpt2(tmp_path_factory.mktemp("tinygpt2"))


def _cfg(lm, cache, **kw):
    return lm_config(lm, cache, **{"features": "lm", **kw})


def _no_encoder(monkeypatch) -> None:
    """Loading any encoder fails the test: the ``lm`` layout must not need one."""
    import transformers

    def refuse(*a, **k):
        raise AssertionError("an encoder was loaded")

    monkeypatch.setattr(transformers.AutoModel, "from_pretrained", refuse)


@pytest.fixture(scope="module")
def lm_only(lm, tmp_path_factory):
    from perturbkit.training.metric import train_classifier

    root = tmp_path_factory.mktemp("lmonly")
    train, val = split(items(reversed_negative), 0.2, seed=0)
    summary = train_classifier(train, val, root / "m", _cfg(lm, root / "c.sqlite"), log=lambda s: None)
    return root, summary


def test_lm_only_head_is_a_deterministic_linear_metric_without_an_encoder(lm_only, lm, monkeypatch):
    import torch

    from perturbkit.training.metric import train_classifier

    root, summary = lm_only
    meta = json.loads((root / "m" / "perturbkit_metric.json").read_text(encoding="utf-8"))
    assert meta["features"] == "lm-nll-v1" and meta["lm_model"] == lm and meta["base_model"] is None
    assert not (root / "m" / "encoder").exists() and summary["encoded"] == 0
    state = torch.load(root / "m" / "head.pt", weights_only=True)
    assert state["hidden"] == 0 and state["head"]["net.0.weight"].shape == (1, 12)
    _no_encoder(monkeypatch)
    train, val = split(items(reversed_negative), 0.2, seed=0)
    again = train_classifier(train, val, root / "m2", _cfg(lm, root / "c.sqlite"), log=lambda s: None)
    assert again["best"] == summary["best"]  # same seed, same features: the same head
    assert torch.equal(torch.load(root / "m2" / "head.pt", weights_only=True)["head"]["net.0.weight"],
                       state["head"]["net.0.weight"])  # fmt: skip
    its = items(reversed_negative)
    texts, ctx = [i.text for i in its], [i.context for i in its]
    a = resolve_metric(f"learned:{root / 'm'}", device="cpu")(texts, ctx)
    b = resolve_metric(f"learned:{root / 'm'}", device="cpu", batch_size=1, embedding_cache=str(root / "c.sqlite"))
    assert a == pytest.approx(b(texts, ctx), abs=1e-6) and len(set(a)) > 1 and all(0 < s < 1 for s in a)
    assert b(texts[:3], ctx[:3]) == pytest.approx(a[:3], abs=1e-6)  # batched as the others: order-free


def test_a_spec_string_gives_the_embedding_cache(lm_only, tmp_path, monkeypatch):
    """``learned:DIR?embedding_cache=FILE``, what ``--metric`` can say: the cache fills, then serves."""
    from perturbkit.metrics import _lm_features

    root, _ = lm_only
    its = items(reversed_negative)
    texts, ctx = [i.text for i in its], [i.context for i in its]
    plain = resolve_metric(f"learned:{root / 'm'}", device="cpu")(texts, ctx)
    cache = tmp_path / "scoring.sqlite"
    first = resolve_metric(f"learned:{root / 'm'}?embedding_cache={cache}", device="cpu")
    assert first.embedding_cache == str(cache) and first.path == str(root / "m")
    assert first(texts, ctx) == pytest.approx(plain, abs=1e-6) and cache.is_file()

    def refuse(self, new):
        raise AssertionError(f"{len(new)} texts through the LM")

    monkeypatch.setattr(_lm_features.LMFeatures, "_measure", refuse)
    again = resolve_metric(f"learned:{root / 'm'}?embedding_cache={cache}", device="cpu")
    assert again(texts, ctx) == pytest.approx(plain, abs=1e-6)  # every text read from the cache
    # the identity (the score cache's key) is the folder's, whatever cache file serves it
    assert again.params() == resolve_metric(f"learned:{root / 'm'}").params()


def test_spec_options_are_checked_and_made_absolute_for_workers(lm_only, tmp_path, monkeypatch):
    from perturbkit.suite.scoring import _portable_spec

    root, _ = lm_only
    for bad in ("cache=x.sqlite", "embedding_cache=", "embedding_cache"):
        with pytest.raises(MetricError, match="bad option"):
            resolve_metric(f"learned:{root / 'm'}?{bad}")
    monkeypatch.chdir(root)
    assert (
        _portable_spec("learned:m?embedding_cache=c.sqlite")
        == f"learned:{root / 'm'}?embedding_cache={root / 'c.sqlite'}"
    )
    assert _portable_spec("learned:m") == f"learned:{root / 'm'}"
    odd = root / "odd?name"  # a folder whose own name holds '?' still reads as a folder
    shutil.copytree(root / "m", odd)
    assert resolve_metric(f"learned:{odd}").path == str(odd)


def test_lm_only_folder_refuses_another_layout_and_the_others_refuse_it(lm_only, lm, tmp_path, tmp_path_factory):
    from perturbkit.training.metric import train_classifier

    root, _ = lm_only
    for layout in ("pooled+adjacent-v1", "pooled+adjacent+lm-nll-v1", "lm-nll-v0"):
        bad = tmp_path / f"bad-{layout}"
        shutil.copytree(root / "m", bad)
        path = bad / "perturbkit_metric.json"
        meta = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps({**meta, "features": layout}), encoding="utf-8")
        with pytest.raises(MetricError, match="features"):
            resolve_metric(f"learned:{bad}", device="cpu")(["Tom ran home. He slept."])
    encoder = tiny_bert(tmp_path_factory)
    train, val = split(items(reversed_negative), 0.2, seed=0)
    cfg = _cfg(lm, tmp_path / "c.sqlite", features="encoder+lm", model=encoder, max_length=64, epochs=2)
    train_classifier(train, val, tmp_path / "both", cfg, log=lambda s: None)
    path = tmp_path / "both" / "perturbkit_metric.json"
    meta = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**meta, "features": "lm-nll-v1"}), encoding="utf-8")
    with pytest.raises(MetricError, match="features"):  # an encoder head read as an LM-only one
        resolve_metric(f"learned:{tmp_path / 'both'}", device="cpu")(["Tom ran home. He slept."])


def test_cli_trains_an_lm_only_metric_and_checks_its_flags(lm, tmp_path, capsys, monkeypatch):
    from perturbkit.cli import main

    out = tmp_path / "m"
    args = ["train", "metric", "--recipe", "union", "--stories", str(SAMPLE), "--limit", "8", "--out", str(out)]
    args += ["--lm-model", lm, "--embedding-cache", str(tmp_path / "e.sqlite"), "--no-progress"]
    assert main([*args, "--features", "lm"]) == 2  # without --freeze-encoder
    assert "--freeze-encoder" in capsys.readouterr().err
    assert main([*args, "--freeze-encoder", "--features", "lm", "--lm-features"]) == 2
    assert "--lm-features" in capsys.readouterr().err
    _no_encoder(monkeypatch)
    assert main([*args, "--freeze-encoder", "--features", "lm", "--weight-decay", "0.1"]) == 0
    assert "(0 through the encoder)" in capsys.readouterr().err
    meta = json.loads((out / "perturbkit_metric.json").read_text(encoding="utf-8"))
    assert meta["features"] == "lm-nll-v1" and meta["config"]["weight_decay"] == 0.1
    scores = resolve_metric(f"learned:{out}", device="cpu")(["Tom ran home. He slept.", "home ran Tom."])
    assert len(scores) == 2 and all(0.0 <= s <= 1.0 for s in scores)
