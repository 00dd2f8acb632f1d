"""Noisy positives for the learned metric (``--positive-noise``): meaning-preserving copies of a
drawn share of the training human stories, labelled 1, seeded and validated; recorded in the
folder; paired with their story's negatives under the pairwise objective. ``typos`` needs no
parse, so no model runs except in the one command-line test (a tiny random GPT-2)."""

from __future__ import annotations

import json
import random

import _tiny_models
import pytest
from _learned_data import items, reversed_negative

from perturbkit.errors import UserError
from perturbkit.training.data import Item
from perturbkit.training.frozen import human_negative_pairs
from perturbkit.training.noise import NOISE_FILE, PositiveNoise, add_noisy_positives, parse_names
from perturbkit.transform.registry import UnknownTransform


def _corpus(n: int = 40) -> list[Item]:
    """``n`` human stories, each with a negative (its sentences reversed)."""
    out = []
    for k in range(n):
        text = f"After dinner, we bought apples, pears, and plums, and she walked home. Story {k} ends there today."
        out += [Item(text, None, 1, f"s{k}"), Item(" ".join(text.split(". ")[::-1]), None, 0, f"s{k}")]
    return out


def test_a_share_of_the_human_stories_gets_a_labelled_1_copy_in_its_group():
    base = _corpus()
    out, records = add_noisy_positives(base, PositiveNoise(("typos",), share=0.5, seed=0))
    assert out[: len(base)] == base  # the recipe's texts first, unchanged
    added = out[len(base) :]
    assert 10 <= len(added) <= 30 and len(records) == len(added)  # about half of 40, drawn per story
    originals = {it.group: it.text for it in base if it.label == 1}
    for it, rec in zip(added, records):
        assert it.label == 1 and it.noise == "typos" and it.text != originals[it.group]
        assert rec["source_id"] == it.group and rec["text"] == it.text and rec["transform"] == "typos"
    assert len({it.group for it in added}) == len(added)  # at most one copy per story


def test_copies_are_seeded_and_independent_of_the_order_of_the_items():
    base = _corpus()
    noise = PositiveNoise(("typos", "delete_punctuation"), share=0.6, seed=3)
    _, a = add_noisy_positives(base, noise)
    shuffled = base[:]
    random.Random(1).shuffle(shuffled)
    _, b = add_noisy_positives(shuffled, noise)
    assert sorted(a, key=lambda r: r["id"]) == sorted(b, key=lambda r: r["id"])
    _, c = add_noisy_positives(base, PositiveNoise(("typos", "delete_punctuation"), share=0.6, seed=4))
    assert a != c
    assert {r["transform"] for r in a} == {"typos", "delete_punctuation"}  # the pick is drawn per story
    _, everyone = add_noisy_positives(base, PositiveNoise(("typos",), share=1.0))
    assert len(everyone) == 40


def test_only_known_meaning_preserving_transforms_are_accepted():
    with pytest.raises(UserError, match="changes the meaning"):
        PositiveNoise(("typos", "negation")).validate()
    with pytest.raises(UnknownTransform, match="typos"):
        PositiveNoise(("typo",)).validate()
    for bad in (0.0, 1.5, True):
        with pytest.raises(UserError, match="share"):
            PositiveNoise(("typos",), share=bad).validate()
    with pytest.raises(UserError, match="twice"):
        PositiveNoise(("typos", "typos")).validate()
    with pytest.raises(UserError, match="at least one"):
        PositiveNoise(parse_names(" , ")).validate()
    assert parse_names("typos, synonym,") == ("typos", "synonym")


def test_pairwise_units_put_a_noisy_copy_above_its_storys_negatives():
    its = [Item("a", None, 1, "g"), Item("b", None, 0, "g"), Item("c", None, 1, "h"), Item("d", None, 0, "g")]
    assert human_negative_pairs(its) == [(0, 1), (0, 3)]  # without noise: as before
    its.append(Item("a2", None, 1, "g", noise="typos"))
    assert human_negative_pairs(its) == [(0, 1), (0, 3), (4, 1), (4, 3)]


def test_cli_adds_noisy_positives_to_training_only_and_records_them(tmp_path, capsys):
    from perturbkit.cli import main

    lm = _tiny_models.gpt2(tmp_path / "lm")
    data = tmp_path / "aug.jsonl"
    with open(data, "w", encoding="utf-8") as f:
        for it in items(reversed_negative):
            f.write(
                json.dumps({"text": it.text, "context": it.context, "label": it.label, "source_id": it.group}) + "\n"
            )
    out = tmp_path / "m"
    args = ["train", "metric", "--augmented", str(data), "--out", str(out), "--freeze-encoder", "--features", "lm"]
    args += ["--lm-model", lm, "--embedding-cache", str(tmp_path / "e.sqlite"), "--no-progress"]
    assert main([*args, "--positive-noise", "negation"]) == 2
    assert "changes the meaning" in capsys.readouterr().err and not out.exists()
    assert main([*args, "--positive-noise-share", "0.5"]) == 2
    assert "--positive-noise NAMES" in capsys.readouterr().err
    assert main([*args, "--val-fraction", "0.2", "--positive-noise", "typos", "--positive-noise-share", "1"]) == 0
    err = capsys.readouterr().err
    meta = json.loads((out / "perturbkit_metric.json").read_text(encoding="utf-8"))
    prov = meta["config"]["positive_noise"]
    records = [json.loads(line) for line in (out / NOISE_FILE).read_text(encoding="utf-8").splitlines()]
    assert prov["transforms"] == ["typos"] and prov["share"] == 1.0 and prov["seed"] == 0
    assert prov["added"] == len(records) == prov["per_transform"]["typos"] > 0
    n = len(items(reversed_negative))
    train, val = meta["training"]["train"], meta["training"]["validation"]
    assert train + val == n + len(records)  # the copies join the training side only
    assert f"noisy positives: {len(records)} training human stories copied" in err
    assert all(r["label"] == 1 for r in records)
