"""Frozen-encoder training (``train metric --freeze-encoder``): the encoder embeds every text once
(forward only, cached on disk), then a small head learns from the features in seconds.

The trade against fine-tuning: one forward pass per text instead of a forward and a backward pass
per text per epoch, so 20,000 stories fit a CPU hour; the encoder's notion of a story stays the
pretrained one. Same seeding rules as :mod:`perturbkit.training.metric` (torch's random state only
inside ``fork_rng``; batch order from (seed, epoch)). The best head by validation loss is kept.

>>> cfg = TrainConfig(freeze_encoder=True, epochs=100, lr=1e-3)                  # doctest: +SKIP
>>> summary = train_frozen(train_items, val_items, "runs/m", cfg)                 # doctest: +SKIP
"""

from __future__ import annotations

import copy
import os
import random
import time
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import UserError
from ..seeds import derive_seed
from .data import Item

if TYPE_CHECKING:
    from .metric import TrainConfig

CACHE_FILE = "frozen_embeddings.sqlite"


def embedding_cache_path(cfg: TrainConfig) -> Path:
    """Where the pooled states are kept: ``cfg.embedding_cache``, else the cache dir."""
    if cfg.embedding_cache:
        return Path(cfg.embedding_cache).expanduser()
    from ..resources.config import cache_dir

    return cache_dir("embeddings") / CACHE_FILE


def train_frozen(
    train: list[Item], val: list[Item], out: str | os.PathLike[str], cfg: TrainConfig, log: Callable[[str], None]
) -> dict[str, Any]:
    """Embed ``train`` and ``val`` with the frozen encoder, fit the head, save the metric folder;
    the run's summary."""
    import torch
    from transformers import AutoModel, AutoTokenizer

    from ..metrics import _frozen
    from ..metrics import _plausibility as plaus
    from ..resources.devices import resolve_device
    from ..resources.models import minilm_path

    device = resolve_device(cfg.device)
    base = cfg.model or minilm_path()
    started = time.perf_counter()
    tokenizer = AutoTokenizer.from_pretrained(base)
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token or tokenizer.unk_token
    cache = _frozen.EmbeddingCache(embedding_cache_path(cfg), _frozen.model_identity(base), cfg.max_length)
    emb = _frozen.Embedder(AutoModel.from_pretrained(base), tokenizer, cfg.max_length, device, cfg.batch_size, cache)
    try:
        xs = emb.features([plaus.story_text(i.text, i.context) for i in train + val])
    finally:
        cache.close()
    embed_secs = time.perf_counter() - started
    log(f"embedded {len(train) + len(val)} texts in {embed_secs:.0f} s ({emb.encoded} through the encoder)")
    x = torch.from_numpy(xs[: len(train)])
    xv = torch.from_numpy(xs[len(train) :])
    y = torch.tensor([float(i.label) for i in train])
    yv = torch.tensor([float(i.label) for i in val])

    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(derive_seed(cfg.seed, "init"))
        head = _frozen.Head(x.shape[1], cfg.head_hidden)
        head.fit_scaling(x)
        opt = torch.optim.AdamW(head.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
        history: list[dict[str, Any]] = []
        best, best_state, bad = None, copy.deepcopy(head.state_dict()), 0
        for epoch in range(cfg.epochs):
            order = list(range(len(train)))
            random.Random(derive_seed(cfg.seed, "order", epoch)).shuffle(order)
            head.train()
            for i in range(0, len(order), cfg.batch_size):
                idx = torch.tensor(order[i : i + cfg.batch_size])
                loss = torch.nn.functional.binary_cross_entropy_with_logits(head(x[idx]), y[idx])
                opt.zero_grad()
                loss.backward()
                opt.step()
            ev = _evaluate(head, xv, yv) if val else _evaluate(head, x, y)
            history.append({"epoch": epoch + 1, **ev})
            if (epoch + 1) % 10 == 0:
                log(f"epoch {epoch + 1}: validation loss {ev['loss']:.4f}, accuracy {ev['accuracy']:.4f}")
            if best is None or ev["loss"] < best["loss"]:
                best, best_state, bad = {"epoch": epoch + 1, **ev}, copy.deepcopy(head.state_dict()), 0
            else:
                bad += 1
                if bad >= cfg.patience:
                    log(f"stopping early after epoch {epoch + 1}")
                    break
    if best is None:
        raise UserError(f"epochs must be at least 1, got {cfg.epochs}")
    head.load_state_dict(best_state)
    head.eval()
    log(f"best head: epoch {best['epoch']}, validation loss {best['loss']:.4f}, accuracy {best['accuracy']:.4f}")
    summary = {
        "steps": len(history) * -(-len(train) // cfg.batch_size),
        "epochs": len(history),
        "best": best,
        "history": history,
        "seconds": round(time.perf_counter() - started, 1),
        "embedding_seconds": round(embed_secs, 1),
        "encoded": emb.encoded,
        "train": len(train),
        "validation": len(val),
        "device": device,
    }
    meta = {
        "base_model": cfg.model or "all-MiniLM-L6-v2",
        "max_length": cfg.max_length,
        "config": asdict(cfg),
        "training": summary,
    }
    _frozen.save(out, emb, head, meta)
    return summary


def _evaluate(head: Any, x: Any, y: Any) -> dict[str, float]:
    import torch

    head.eval()
    with torch.no_grad():
        logits = head(x)
        loss = float(torch.nn.functional.binary_cross_entropy_with_logits(logits, y))
    return {"loss": loss, "accuracy": float(((logits > 0).float() == y).float().mean())}
