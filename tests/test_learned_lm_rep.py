"""The frozen learned metric on the LM statistics and repetition statistics (``--features lm+rep``):
exact repetition statistics of hand-written texts; a 15-weight logistic head on a tiny random
GPT-2, saved and reloaded; the 12-weight ``lm-nll-v1`` folders still read as before."""

from __future__ import annotations

import json
import shutil

import _tiny_models
import numpy as np
import pytest
from _learned_data import items, lm_config, reversed_negative

from perturbkit.errors import MetricError
from perturbkit.metrics import resolve_metric
from perturbkit.metrics._rep_features import overlaps, rep_stats
from perturbkit.training.data import split


@pytest.mark.parametrize(
    ("text", "expected_overlaps", "stats"),
    [
        ("Tom ran home. Tom ran home. He slept well.", [1.0, 0.0], [1.0, 0.5, 2 / 6]),
        ("Anna baked a cake. She gave Anna a cake slice!", [0.5], [0.5, 0.5, 1 / 8]),
        # the largest overlap with any *one* earlier sentence (2 of 4 words), not with all of them (3 of 4)
        ("Ann saw cats. Dan fed dogs. Ann fed dogs well.", [0.0, 0.5], [0.5, 0.25, 1 / 7]),
        ("the dog and the dog ran.", [], [0.0, 0.0, 1 / 5]),  # one sentence: no overlaps, a repeated bigram
        ("Hello there.", [], [0.0, 0.0, 0.0]),
        ("", [], [0.0, 0.0, 0.0]),
    ],
)
def test_repetition_statistics_of_hand_written_texts(text, expected_overlaps, stats):
    assert overlaps(text) == pytest.approx(expected_overlaps)
    got = rep_stats(text)
    assert got.dtype == np.float32 and got.tolist() == pytest.approx(stats, abs=1e-7)


@pytest.fixture(scope="module")
def lm(tmp_path_factory) -> str:
    return _tiny_models.gpt2(tmp_path_factory.mktemp("tinygpt2"))


def _cfg(lm, cache, **kw):
    return lm_config(lm, cache, **{"features": "lm+rep", **kw})


@pytest.fixture(scope="module")
def both(lm, tmp_path_factory):
    """An ``lm`` folder, then an ``lm+rep`` one on the same texts and cache."""
    from perturbkit.training.metric import train_classifier

    root = tmp_path_factory.mktemp("lmrep")
    train, val = split(items(reversed_negative), 0.2, seed=0)
    cache = root / "c.sqlite"
    train_classifier(train, val, root / "lm", _cfg(lm, cache, features="lm"), log=lambda s: None)
    lines: list[str] = []
    summary = train_classifier(train, val, root / "rep", _cfg(lm, cache), log=lines.append)
    return root, summary, lines


def test_lm_rep_head_reads_15_features_shares_the_lm_cache_and_reloads(both, lm):
    import torch

    root, summary, lines = both
    assert "LM features: 0 texts through" in "\n".join(lines)  # the LM part of the cache key is unchanged
    meta = json.loads((root / "rep" / "perturbkit_metric.json").read_text(encoding="utf-8"))
    assert meta["features"] == "lm-nll+rep-v1" and meta["lm_model"] == lm and meta["base_model"] is None
    assert summary["features"] == "lm+rep" and not (root / "rep" / "encoder").exists()
    state = torch.load(root / "rep" / "head.pt", weights_only=True)
    assert state["hidden"] == 0 and state["head"]["net.0.weight"].shape == (1, 15)
    its = items(reversed_negative)
    texts, ctx = [i.text for i in its], [i.context for i in its]
    a = resolve_metric(f"learned:{root / 'rep'}", device="cpu")(texts, ctx)
    cached = resolve_metric(f"learned:{root / 'rep'}", device="cpu", embedding_cache=str(root / "c.sqlite"))
    assert a == pytest.approx(cached(texts, ctx), abs=1e-6) and len(set(a)) > 1
    # by hand: the head over the 12 LM statistics and the 3 repetition statistics of each text
    from perturbkit.metrics import _frozen
    from perturbkit.metrics import _plausibility as plaus

    feats, head = _frozen.load(root / "rep", "cpu", 256)
    joined = [plaus.story_text(t, c) for t, c in zip(texts, ctx)]
    x = feats.features(joined)
    assert x.shape == (len(texts), 15)
    assert np.array_equal(x[:, 12:], np.stack([rep_stats(t) for t in joined]))
    with torch.no_grad():
        by_hand = torch.sigmoid(head(torch.from_numpy(x))).tolist()
    assert a == pytest.approx(by_hand, abs=1e-6)


def test_lm_nll_v1_folders_still_read_as_12_statistics(both):
    root, _, _ = both
    meta = json.loads((root / "lm" / "perturbkit_metric.json").read_text(encoding="utf-8"))
    assert meta["features"] == "lm-nll-v1"
    from perturbkit.metrics import _frozen

    feats, _ = _frozen.load(root / "lm", "cpu", 256)
    assert feats.layout == "lm-nll-v1" and feats.features(["Tom ran. Tom ran."]).shape == (1, 12)
    scores = resolve_metric(f"learned:{root / 'lm'}", device="cpu")(["Tom ran home. He slept.", "home ran Tom."])
    assert len(scores) == 2 and all(0 < s < 1 for s in scores)


def test_a_folder_is_not_read_with_the_other_lm_layout(both, tmp_path):
    root, _, _ = both
    for name, layout in (("lm", "lm-nll+rep-v1"), ("rep", "lm-nll-v1")):
        bad = tmp_path / f"bad-{name}"
        shutil.copytree(root / name, bad)
        path = bad / "perturbkit_metric.json"
        meta = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps({**meta, "features": layout}), encoding="utf-8")
        with pytest.raises(MetricError, match="features"):  # the head's width: 12 against 15
            resolve_metric(f"learned:{bad}", device="cpu")(["Tom ran home. He slept."])


def test_cli_refuses_lm_features_with_lm_rep(tmp_path, capsys):
    from _learned_data import SAMPLE

    from perturbkit.cli import main

    args = ["train", "metric", "--recipe", "union", "--stories", str(SAMPLE), "--limit", "4"]
    args += ["--out", str(tmp_path / "m"), "--no-progress", "--features", "lm+rep"]
    assert main(args) == 2  # without --freeze-encoder
    assert "--freeze-encoder" in capsys.readouterr().err
    assert main([*args, "--freeze-encoder", "--lm-features"]) == 2
    assert "not with --features lm+rep" in capsys.readouterr().err
