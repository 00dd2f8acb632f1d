"""The frozen learned metric's opt-in LM features (``--lm-features``) and pairwise objective
(``--objective pairwise``), on a tiny random BERT and a tiny random GPT-2 built here."""

from __future__ import annotations

import json

import _tiny_models
import numpy as np
import pytest
from _learned_data import items, tiny_bert

from perturbkit.errors import MetricError
from perturbkit.metrics import resolve_metric
from perturbkit.training.data import Item, split


def _negative(text: str) -> str:
    from perturbkit.metrics.embedding import split_sentences

    sents = split_sentences(text)
    return " ".join(sents[::-1] + sents[:1])


@pytest.fixture(scope="module")
def encoder(tmp_path_factory) -> str:
    return tiny_bert(tmp_path_factory)


@pytest.fixture(scope="module")
def lm(tmp_path_factory) -> str:
    return _tiny_models.gpt2(tmp_path_factory.mktemp("tinygpt2"))


def _cfg(encoder, cache, **kw):
    from perturbkit.training.metric import TrainConfig

    base = dict(model=encoder, freeze_encoder=True, epochs=20, patience=20, batch_size=8, lr=1e-2, max_length=64)
    return TrainConfig(**{**base, "head_hidden": 16, "embedding_cache": str(cache), "progress": False, **kw})


def test_sentence_sequences_and_stats_golden():
    from perturbkit.metrics._lm_features import sentence_sequences, stats_of

    assert sentence_sequences("Tom ran. He fell. It hurt.") == [
        ("Tom ran.", None),
        ("He fell.", "Tom ran."),
        ("It hurt.", "Tom ran. He fell."),
        ("He fell.", None),
        ("It hurt.", None),
    ]
    raw = np.array([[4.0, 2, 4.0, 2], [3.0, 3, 6.0, 3], [2.0, 2, 2.0, 1]])  # c = 2, 1, 1; a = 2, 2, 2
    out = stats_of(raw)
    want = [9 / 7, 4 / 3, 2, 1, np.std([2, 1, 1]), 2, 2, 0, 1, 1, 1, 1]
    assert out.tolist() == pytest.approx(want, abs=1e-6)
    assert stats_of(np.zeros((0, 4))).tolist() == [0.0] * 12


def test_in_context_sentence_nlls_add_up_to_the_texts_nll(lm, tmp_path):
    from perturbkit.metrics import _frozen
    from perturbkit.metrics.perplexity import Perplexity

    text = "Tom went to the store. He bought some milk. She was happy."
    feats = _frozen.lm_features(lm, "cpu", tmp_path / "c.sqlite")
    raw = feats.raw([text])[0]
    assert raw.shape == (3, 4) and feats.encoded == 1
    total, count = Perplexity(model=lm, device="cpu").nll_sums([text])
    assert raw[:, 1].sum() == count[0] and raw[:, 0].sum() == pytest.approx(total[0], rel=1e-4)
    assert raw[0, 0] == raw[0, 2] and (raw[1:, 0] != raw[1:, 2]).all()  # alone differs after the first
    again = _frozen.lm_features(lm, "cpu", tmp_path / "c.sqlite")
    assert (again.raw([text])[0] == raw).all() and again.encoded == 0  # from the cache


def test_pairs_are_each_negative_with_its_own_human_story():
    from perturbkit.training.frozen import human_negative_pairs

    its = [Item("a", None, 1, "g1"), Item("b", None, 0, "g1"), Item("c", None, 0, "g2"), Item("d", None, 0, "g1")]
    assert human_negative_pairs(its) == [(0, 1), (0, 3)]


@pytest.fixture(scope="module")
def lm_metric(encoder, lm, tmp_path_factory):
    from perturbkit.training.metric import train_classifier

    root = tmp_path_factory.mktemp("lmfeat")
    train, val = split(items(_negative), 0.2, seed=0)
    cfg = _cfg(encoder, root / "c.sqlite", lm_features=True, lm_model=lm, objective="pairwise")
    summary = train_classifier(train, val, root / "m", cfg, log=lambda s: None)
    return root, summary, cfg


def test_lm_features_and_pairwise_head_make_a_deterministic_metric(lm_metric, encoder, lm):
    from perturbkit.training.metric import train_classifier

    root, summary, cfg = lm_metric
    meta = json.loads((root / "m" / "perturbkit_metric.json").read_text(encoding="utf-8"))
    assert meta["features"] == "pooled+adjacent+lm-nll-v1" and meta["lm_model"] == lm
    assert summary["best"] == min(summary["history"], key=lambda h: h["pair_loss"])
    its = items(_negative)
    texts, ctx = [i.text for i in its], [i.context for i in its]
    a = resolve_metric(f"learned:{root / 'm'}", device="cpu")(texts, ctx)
    b = resolve_metric(f"learned:{root / 'm'}", device="cpu", embedding_cache=str(root / "c.sqlite"))(texts, ctx)
    assert a == pytest.approx(b, abs=1e-5) and len(set(a)) > 1
    humans = [s for s, i in zip(a, its) if i.label == 1]
    negs = [s for s, i in zip(a, its) if i.label == 0]
    assert sum(humans) / len(humans) > sum(negs) / len(negs)
    train, val = split(its, 0.2, seed=0)
    again = train_classifier(train, val, root / "m2", cfg, log=lambda s: None)  # same seed: same head
    assert again["best"] == summary["best"] and again["encoded"] == 0


def test_a_folder_refuses_another_feature_layout(lm_metric):
    import shutil

    root, _, _ = lm_metric
    for layout in ("pooled+adjacent-v1", "pooled+adjacent+lm-nll-v0"):
        bad = root / f"bad-{layout}"
        shutil.copytree(root / "m", bad)
        path = bad / "perturbkit_metric.json"
        meta = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps({**meta, "features": layout}), encoding="utf-8")
        with pytest.raises(MetricError, match="features"):
            resolve_metric(f"learned:{bad}", device="cpu")(["Tom ran home. He slept."])
