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
OBJECTIVES = ("bce", "pairwise")
FEATURE_SETS = ("encoder", "encoder+lm", "lm", "lm+rep")  # ``--features``: what the head reads
LM_ONLY_SETS = ("lm", "lm+rep")  # no encoder: the LM statistics (and the repetition statistics)


def feature_set(cfg: TrainConfig) -> str:
    """The head's input: ``cfg.features``, or ``encoder+lm`` for ``lm_features=True`` (``--lm-features``)."""
    if cfg.features not in FEATURE_SETS:
        raise UserError(f"features must be one of {', '.join(FEATURE_SETS)}, got {cfg.features!r}")
    if cfg.lm_features and cfg.features in LM_ONLY_SETS:
        raise UserError(
            f"--lm-features adds LM statistics to the encoder's features: not with --features {cfg.features}"
        )
    return "encoder+lm" if cfg.lm_features else cfg.features


def embedding_cache_path(cfg: TrainConfig) -> Path:
    """Where the pooled states are kept: ``cfg.embedding_cache``, else the cache dir."""
    if cfg.embedding_cache:
        return Path(cfg.embedding_cache).expanduser()
    from ..resources.config import cache_dir

    return cache_dir("embeddings") / CACHE_FILE


def train_frozen(
    train: list[Item], val: list[Item], out: str | os.PathLike[str], cfg: TrainConfig, log: Callable[[str], None]
) -> dict[str, Any]:
    """Embed ``train`` and ``val`` with the frozen encoder (and/or measure their LM statistics),
    fit the head, save the metric folder; the run's summary."""
    import torch

    from ..metrics import _frozen
    from ..metrics import _plausibility as plaus
    from ..resources.devices import resolve_device

    kind = feature_set(cfg)
    device = resolve_device(cfg.device)
    started = time.perf_counter()
    emb = _embedder(cfg, device) if kind not in LM_ONLY_SETS else None  # no encoder is even loaded
    rep = kind == "lm+rep"
    lm = _frozen.lm_features(cfg.lm_model, device, embedding_cache_path(cfg), rep) if kind != "encoder" else None
    feats = _frozen.Features(emb, lm)
    try:
        xs = feats.features([plaus.story_text(i.text, i.context) for i in train + val])
    finally:
        for part in (emb, lm):
            if part is not None:
                part.cache.close()
    embed_secs = time.perf_counter() - started
    log(f"embedded {len(train) + len(val)} texts in {embed_secs:.0f} s ({feats.encoded} through the encoder)")
    if lm is not None:
        log(f"LM features: {lm.encoded} texts through {cfg.lm_model or 'the default LM'}")
    x = torch.from_numpy(xs[: len(train)])
    xv = torch.from_numpy(xs[len(train) :])
    y = torch.tensor([float(i.label) for i in train])
    yv = torch.tensor([float(i.label) for i in val])
    if cfg.objective not in OBJECTIVES:
        raise UserError(f"objective must be one of {', '.join(OBJECTIVES)}, got {cfg.objective!r}")
    pairs, pairs_v = torch.tensor(human_negative_pairs(train)), torch.tensor(human_negative_pairs(val))
    if cfg.objective == "pairwise" and not len(pairs):
        raise UserError("the pairwise objective needs stories with their own negatives in the training set")
    pairwise = cfg.objective == "pairwise"
    units = pairs if pairwise else torch.arange(len(train))

    hidden = cfg.head_hidden if cfg.head_hidden is not None else (0 if kind in LM_ONLY_SETS else 256)
    check = (xv, yv, pairs_v) if val else (x, y, pairs)
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(derive_seed(cfg.seed, "init"))
        head = _frozen.Head(x.shape[1], hidden)
        head.fit_scaling(x)
        if hidden:
            best, history, steps = _fit_mlp(head, (x, y, units), check, cfg, pairwise, log)
        else:
            best, history, steps = _fit_linear(head, (x, y, pairs), check, cfg, pairwise)
    head.eval()
    log(
        f"best head: epoch {best['epoch']}, validation loss {best['loss']:.4f}, accuracy {best['accuracy']:.4f}, "
        f"human above its negative {best['pair_accuracy']:.4f}"
    )
    summary = {
        "steps": steps,
        "epochs": len(history),
        "best": best,
        "history": history,
        "seconds": round(time.perf_counter() - started, 1),
        "embedding_seconds": round(embed_secs, 1),
        "encoded": feats.encoded,
        "features": kind,
        "train": len(train),
        "validation": len(val),
        "device": device,
    }
    meta = {
        "base_model": None if emb is None else cfg.model or "all-MiniLM-L6-v2",
        "encoder_identity": None if emb is None else emb.cache.identity,
        "lm_model": cfg.lm_model,
        "max_length": cfg.max_length,
        "config": asdict(cfg),
        "training": summary,
    }
    _frozen.save(out, feats, head, meta)
    return summary


def _embedder(cfg: TrainConfig, device: str) -> Any:
    """The frozen encoder (``cfg.model``, else MiniLM) with its cache of pooled states."""
    from transformers import AutoModel, AutoTokenizer

    from ..metrics import _frozen
    from ..resources.models import minilm_path

    base = cfg.model or minilm_path()
    tokenizer = AutoTokenizer.from_pretrained(base)
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token or tokenizer.unk_token
    cache = _frozen.EmbeddingCache(embedding_cache_path(cfg), _frozen.model_identity(base), cfg.max_length)
    return _frozen.Embedder(AutoModel.from_pretrained(base), tokenizer, cfg.max_length, device, cfg.batch_size, cache)


def _fit_mlp(head: Any, data: tuple, check: tuple, cfg: TrainConfig, pairwise: bool, log: Callable[[str], None]):
    """AdamW on mini-batches in a (seed, epoch) order, early stopping on the objective's validation
    loss; the head ends with its best state. (best, history, steps)."""
    import torch

    x, y, units = data
    opt = torch.optim.AdamW(head.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    history: list[dict[str, Any]] = []
    key = "pair_loss" if pairwise else "loss"
    best, best_state, bad = None, copy.deepcopy(head.state_dict()), 0
    for epoch in range(cfg.epochs):
        order = list(range(len(units)))
        random.Random(derive_seed(cfg.seed, "order", epoch)).shuffle(order)
        head.train()
        for i in range(0, len(order), cfg.batch_size):
            idx = units[torch.tensor(order[i : i + cfg.batch_size])]
            if pairwise:  # the human story above its own negative: -log sigmoid(f(h) - f(n))
                loss = torch.nn.functional.softplus(head(x[idx[:, 1]]) - head(x[idx[:, 0]])).mean()
            else:
                loss = torch.nn.functional.binary_cross_entropy_with_logits(head(x[idx]), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        ev = _evaluate(head, *check)
        history.append({"epoch": epoch + 1, **ev})
        if (epoch + 1) % 10 == 0:
            log(f"epoch {epoch + 1}: validation loss {ev['loss']:.4f}, accuracy {ev['accuracy']:.4f}")
        if best is None or ev[key] < best[key]:
            best, best_state, bad = {"epoch": epoch + 1, **ev}, copy.deepcopy(head.state_dict()), 0
        else:
            bad += 1
            if bad >= cfg.patience:
                log(f"stopping early after epoch {epoch + 1}")
                break
    if best is None:
        raise UserError(f"epochs must be at least 1, got {cfg.epochs}")
    head.load_state_dict(best_state)
    return best, history, len(history) * -(-len(units) // cfg.batch_size)


def _fit_linear(head: Any, data: tuple, check: tuple, cfg: TrainConfig, pairwise: bool):
    """A logistic regression on the standardised features: full-batch L-BFGS (float64) on the
    objective plus ``weight_decay * |w|^2`` (not the bias). Convex: one optimum, whatever the
    seed or batch order, with no learning rate or epochs to tune. (best, history, iterations)."""
    import torch

    x, y, pairs = data
    z = ((x - head.mean) / head.scale).double()
    w = torch.zeros(z.shape[1], dtype=torch.double, requires_grad=True)
    b = torch.zeros(1, dtype=torch.double, requires_grad=True)
    opt = torch.optim.LBFGS([w, b], max_iter=500, tolerance_grad=1e-9, line_search_fn="strong_wolfe")

    def closure():
        opt.zero_grad()
        logits = z @ w + b
        if pairwise:
            loss = torch.nn.functional.softplus(logits[pairs[:, 1]] - logits[pairs[:, 0]]).mean()
        else:
            loss = torch.nn.functional.binary_cross_entropy_with_logits(logits, y.double())
        loss = loss + cfg.weight_decay * (w**2).sum()
        loss.backward()
        return loss

    opt.step(closure)
    with torch.no_grad():
        head.net[0].weight.copy_(w.view(1, -1))
        head.net[0].bias.copy_(b)
    best = {"epoch": 1, **_evaluate(head, *check)}
    return best, [best], int(opt.state[w]["n_iter"])


def human_negative_pairs(items: list[Item]) -> list[tuple[int, int]]:
    """(human index, negative index) for each negative whose story's human text is in ``items``,
    in item order (the pairwise objective's units); then each noisy positive (``Item.noise``) with
    its story's negatives, so it too is scored above them."""
    human: dict[str, int] = {}
    noisy: list[tuple[str, int]] = []
    for k, it in enumerate(items):
        if it.label == 1 and it.noise is not None:
            noisy.append((it.group, k))
        elif it.label == 1:
            human.setdefault(it.group, k)
    pairs = [(human[it.group], k) for k, it in enumerate(items) if it.label == 0 and it.group in human]
    negatives: dict[str, list[int]] = {}
    for k, it in enumerate(items):
        if it.label == 0:
            negatives.setdefault(it.group, []).append(k)
    return pairs + [(h, n) for group, h in noisy for n in negatives.get(group, [])]


def _evaluate(head: Any, x: Any, y: Any, pairs: Any) -> dict[str, float]:
    """BCE loss and accuracy on the texts; pairwise loss and accuracy (human above its own
    negative) on ``pairs``."""
    import torch

    head.eval()
    with torch.no_grad():
        logits = head(x)
        out = {
            "loss": float(torch.nn.functional.binary_cross_entropy_with_logits(logits, y)),
            "accuracy": float(((logits > 0).float() == y).float().mean()),
        }
        if len(pairs):
            margin = logits[pairs[:, 0]] - logits[pairs[:, 1]]
            out["pair_loss"] = float(torch.nn.functional.softplus(-margin).mean())
            out["pair_accuracy"] = float((margin > 0).float().mean())
        else:
            out["pair_loss"], out["pair_accuracy"] = float("nan"), float("nan")
    return out
