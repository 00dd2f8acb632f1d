"""What the learned-metric tests share: the bundled sample stories, labelled pairs (each story and
an easy negative of it) and a tiny random BERT trained on their words."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import _tiny_models
import pytest

from perturbkit.training.data import Item

SAMPLE = Path(__file__).resolve().parents[1] / "perturbkit" / "data" / "sample_stories.jsonl"


def stories() -> list[dict]:
    return [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines() if line.strip()]


def items(negative: Callable[[str], str]) -> list[Item]:
    """Each sample story (label 1) and ``negative`` of it (label 0), grouped by story."""
    out = []
    for s in stories():
        out.append(Item(s["text"], s.get("context"), 1, s["id"]))
        out.append(Item(negative(s["text"]), s.get("context"), 0, s["id"]))
    return out


def tiny_bert(tmp_path_factory) -> str:
    """A tiny random BERT whose tokenizer is trained on the sample stories (skips without transformers)."""
    pytest.importorskip("transformers")
    return _tiny_models.bert(tmp_path_factory.mktemp("tinybert"), [s["text"] for s in stories()])


def reversed_negative(text: str) -> str:
    """An easy negative: the sentences in reverse order, the first repeated at the end."""
    from perturbkit.metrics.embedding import split_sentences

    sents = split_sentences(text)
    return " ".join(sents[::-1] + sents[:1])


def lm_config(lm: str, cache, features: str = "lm", **kw):
    """A frozen-encoder TrainConfig on LM statistics (``features``) from the tiny ``lm``."""
    from perturbkit.training.metric import TrainConfig

    base = dict(freeze_encoder=True, features=features, lm_model=lm, embedding_cache=str(cache), progress=False)
    return TrainConfig(**{**base, **kw})
