"""Fine-tune a plot-to-story generator: any Hugging Face seq2seq (BART, T5) or causal LM on (plot,
story) pairs with the standard ``transformers.Trainer``, optionally as a LoRA adapter (``peft``).

The model sees the plot exactly as :class:`~perturbkit.plot.generate.PlotToStory` will send it (the
same :func:`~perturbkit.plot.text.plot_source` style, instruction and chat template), so the trained
folder drops into ``PlotToStory(model=<out>/final, architecture=...)``. A causal LM learns only the
story tokens (the prompt is masked out of the loss). Checkpoints go to ``<out>/checkpoints`` every
``save_steps``; ``resume=True`` continues from the last one; the final model (a LoRA adapter merged
into its base) is written to ``<out>/final`` atomically, with ``plot2story.json`` saying how to use it.

>>> train_plot2story(TrainConfig(data="roc_train.tsv", model="facebook/bart-base", out="runs/bart"))  # doctest: +SKIP
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..errors import UserError
from ..plot.generate import PROMPT
from ..plot.text import plot_source
from ..seeds import own_global_random
from .plot_pairs import read_pairs


class TrainingError(UserError, ValueError):
    """A training run that cannot start (no checkpoint to resume, a bad setting)."""


@dataclass
class TrainConfig:
    """Settings of one run (the command's options)."""

    data: str
    out: str
    model: str | None = None  # path or hub name; None: SmolLM2-135M-Instruct (prepared offline)
    architecture: str = "auto"  # "auto": seq2seq when the config is encoder-decoder, else causal
    instruction: str | None = None  # None: PlotToStory's default for the architecture
    style: str | None = None  # None: "lines" for causal, "storyline" for seq2seq
    epochs: float = 1.0
    max_steps: int = -1  # > 0 overrides epochs
    batch_size: int = 8
    grad_accum: int = 1
    learning_rate: float = 5e-5
    lora: bool = False
    lora_r: int = 8
    lora_alpha: int = 16
    lora_dropout: float = 0.05
    max_source_tokens: int = 256
    max_target_tokens: int = 160
    save_steps: int = 500
    save_total_limit: int = 2
    logging_steps: int = 50
    limit: int | None = None  # first N pairs only
    seed: int = 0
    resume: bool = False
    progress: bool = True


def _architecture(where: str, asked: str) -> str:
    if asked != "auto":
        if asked not in ("causal", "seq2seq"):
            raise TrainingError(f"architecture must be auto, causal or seq2seq, got {asked!r}")
        return asked
    from transformers import AutoConfig

    return "seq2seq" if getattr(AutoConfig.from_pretrained(where), "is_encoder_decoder", False) else "causal"


def _load(cfg: TrainConfig) -> tuple[Any, Any, str, str]:
    """(model, tokenizer, architecture, where it was loaded from), for training (not the shared cache)."""
    from transformers import AutoModelForCausalLM, AutoModelForSeq2SeqLM, AutoTokenizer

    from ..resources.models import smollm2_dir

    where = str(smollm2_dir()) if cfg.model is None else cfg.model
    arch = _architecture(where, cfg.architecture)
    auto = AutoModelForSeq2SeqLM if arch == "seq2seq" else AutoModelForCausalLM
    model = auto.from_pretrained(where)
    tok = AutoTokenizer.from_pretrained(where)
    if tok.pad_token_id is None:
        tok.pad_token = tok.eos_token
    return model, tok, arch, where


def encode_pairs(
    pairs: list[tuple[Any, str]], tok: Any, arch: str, cfg: TrainConfig, limit: int | None = None
) -> list[dict[str, list[int]]]:
    """Token ids and labels per pair, built the way generation builds its prompts (a causal LM's
    prompt + story cut to ``limit`` positions: the story first, then the prompt's end)."""
    from ..transform.decoding import build_prompt, encode, uses_chat_template

    chat = uses_chat_template(tok, arch, None)
    instruction = cfg.instruction if cfg.instruction is not None else (PROMPT if arch == "causal" else "")
    style = cfg.style or ("lines" if arch == "causal" else "storyline")
    eos = [tok.eos_token_id] if tok.eos_token_id is not None else []
    rows = []
    for plot, story in pairs:
        src = encode(tok, build_prompt(tok, instruction, plot_source(plot, style), chat), chat)[: cfg.max_source_tokens]
        if arch == "seq2seq":
            target = list(tok(text_target=story)["input_ids"])[: cfg.max_target_tokens]
            rows.append({"input_ids": src, "attention_mask": [1] * len(src), "labels": target})
        else:
            target = (list(tok(story, add_special_tokens=False)["input_ids"]) + eos)[: cfg.max_target_tokens]
            if limit is not None and len(src) + len(target) > limit:
                target = target[: max(1, limit - len(src))]
                src = src[: limit - len(target)]
            ids = src + target
            rows.append({"input_ids": ids, "attention_mask": [1] * len(ids), "labels": [-100] * len(src) + target})
    return rows


def _with_lora(model: Any, arch: str, cfg: TrainConfig) -> Any:
    try:
        from peft import LoraConfig, TaskType, get_peft_model
    except ImportError as exc:
        raise TrainingError("--lora needs peft; install it with: pip install peft (or the 'train' extra)") from exc
    task = TaskType.SEQ_2_SEQ_LM if arch == "seq2seq" else TaskType.CAUSAL_LM
    lcfg = LoraConfig(
        task_type=task,
        r=cfg.lora_r,
        lora_alpha=cfg.lora_alpha,
        lora_dropout=cfg.lora_dropout,
        target_modules="all-linear",
    )
    return get_peft_model(model, lcfg)


def last_checkpoint(out: str | Path) -> str | None:
    """The newest ``checkpoint-N`` folder under ``<out>/checkpoints``, if any."""
    from transformers.trainer_utils import get_last_checkpoint

    folder = Path(out) / "checkpoints"
    return get_last_checkpoint(str(folder)) if folder.is_dir() else None


def train_plot2story(cfg: TrainConfig) -> Path:
    """Run one training (see the module doc); returns the final model's folder.

    The Trainer seeds Python's, NumPy's and torch's global generators; they are restored on return,
    so the caller's random state is left as it was."""
    with own_global_random(torch=True):
        return _train(cfg)


def _train(cfg: TrainConfig) -> Path:
    from transformers import DataCollatorForSeq2Seq, Trainer, TrainingArguments, set_seed

    out = Path(cfg.out)
    resume_from = last_checkpoint(out) if cfg.resume else None
    if cfg.resume and resume_from is None:
        raise TrainingError(f"--resume: no checkpoint under {out / 'checkpoints'} (start without --resume)")
    if not cfg.resume and last_checkpoint(out) is not None:
        raise TrainingError(f"{out / 'checkpoints'} holds checkpoints: add --resume to continue, or give a new --out")
    pairs = read_pairs(cfg.data, cfg.limit)
    set_seed(cfg.seed)
    model, tok, arch, where = _load(cfg)
    from ..transform.decoding import window

    rows = encode_pairs(pairs, tok, arch, cfg, window(model))
    if cfg.lora:
        model = _with_lora(model, arch, cfg)
    args = TrainingArguments(
        output_dir=str(out / "checkpoints"),
        num_train_epochs=cfg.epochs,
        max_steps=cfg.max_steps,
        per_device_train_batch_size=cfg.batch_size,
        gradient_accumulation_steps=cfg.grad_accum,
        learning_rate=cfg.learning_rate,
        save_strategy="steps",
        save_steps=cfg.save_steps,
        save_total_limit=cfg.save_total_limit,
        logging_steps=cfg.logging_steps,
        seed=cfg.seed,
        report_to=[],
        disable_tqdm=not cfg.progress,
        dataloader_num_workers=0,
        dataloader_pin_memory=False,
    )
    collator = DataCollatorForSeq2Seq(tok, model=model if arch == "seq2seq" else None, label_pad_token_id=-100)
    trainer = Trainer(model=model, args=args, train_dataset=rows, data_collator=collator)
    trainer.train(resume_from_checkpoint=resume_from)
    final = model.merge_and_unload() if cfg.lora else model
    dest = out / "final"
    tmp = out / f"final.tmp-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    final.save_pretrained(tmp)
    tok.save_pretrained(tmp)
    info = {**asdict(cfg), "architecture": arch, "base_model": where, "pairs": len(rows)}
    info["steps"] = trainer.state.global_step
    info["resumed_from"] = resume_from
    (tmp / "plot2story.json").write_text(json.dumps(info, indent=2, default=str) + "\n", encoding="utf-8")
    shutil.rmtree(dest, ignore_errors=True)
    os.replace(tmp, dest)
    return dest
