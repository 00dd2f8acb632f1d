"""The model behind ``learned:DIR``: a Hugging Face encoder, mean pooling and a linear head whose
sigmoid is P(human story); optionally a tied masked-token head for the auxiliary reconstruction loss.

This module imports torch at its top: import it only inside functions (``import perturbkit`` must
stay light). The folder layout it reads and writes:

- ``perturbkit_metric.json``: format name, version, base encoder, max_length, training facts;
- ``encoder/``: the fine-tuned encoder and its tokenizer (``save_pretrained``; any HF tool loads it);
- ``head.pt``: the classification head (and the reconstruction bias when trained with it).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import torch
from torch import nn

from .learned import ENCODER, FORMAT, HEAD, META, read_meta

FULL_FORMAT_VERSION = 1  # a fine-tuned encoder and a linear head


class Plausibility(nn.Module):
    """Encoder + mean pooling + linear head: ``forward`` gives one logit per text (human = high)."""

    def __init__(self, encoder: Any, reconstruction: bool = False) -> None:
        super().__init__()
        self.encoder = encoder
        cfg = encoder.config
        self.head = nn.Linear(cfg.hidden_size, 1)
        # the reconstruction head reuses the input embeddings (tied) plus its own bias
        self.mlm_bias = nn.Parameter(torch.zeros(cfg.vocab_size)) if reconstruction else None

    def hidden(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        return self.encoder(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        h = self.hidden(input_ids, attention_mask)
        mask = attention_mask.unsqueeze(-1).to(h.dtype)
        pooled = (h * mask).sum(1) / mask.sum(1).clamp(min=1.0)
        return self.head(pooled).squeeze(-1)

    def reconstruction_loss(
        self, input_ids: torch.Tensor, attention_mask: torch.Tensor, labels: torch.Tensor
    ) -> torch.Tensor:
        """Cross-entropy of the original tokens at the masked positions (``labels`` -100 elsewhere)."""
        if self.mlm_bias is None:
            raise ValueError("this model was built without the reconstruction head")
        h = self.hidden(input_ids, attention_mask)
        logits = h @ self.encoder.get_input_embeddings().weight.T + self.mlm_bias
        return nn.functional.cross_entropy(logits.view(-1, logits.size(-1)), labels.view(-1), ignore_index=-100)


def build(encoder_path: str, reconstruction: bool = False) -> tuple[Plausibility, Any]:
    """A fresh classifier on a pretrained encoder (a path or hub name) and its tokenizer."""
    from transformers import AutoModel, AutoTokenizer

    encoder = AutoModel.from_pretrained(encoder_path)
    tokenizer = AutoTokenizer.from_pretrained(encoder_path)
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token or tokenizer.unk_token
    return Plausibility(encoder, reconstruction), tokenizer


def save(model: Plausibility, tokenizer: Any, folder: str | os.PathLike[str], meta: dict[str, Any]) -> None:
    """Write the model into ``folder`` (other files there are left alone); see :func:`write_folder`."""
    head = {"head": model.head.state_dict()}
    if model.mlm_bias is not None:
        head["mlm_bias"] = model.mlm_bias.detach().cpu()
    write_folder(folder, model.encoder, tokenizer, head, {"format_version": FULL_FORMAT_VERSION, **meta})


def write_folder(
    folder: str | os.PathLike[str], encoder: Any, tokenizer: Any, head: dict[str, Any], meta: dict[str, Any]
) -> None:
    """Write a metric folder: the encoder and tokenizer (none when ``encoder`` is None: a head on
    LM statistics alone), the head's state and the metadata. The metadata file goes first and
    comes back last, each part is written to a temporary name and renamed, so an interrupted save
    never leaves a folder that loads half-old."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / META).unlink(missing_ok=True)
    enc, tmp = folder / ENCODER, folder / (ENCODER + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    if encoder is not None:
        encoder.save_pretrained(tmp)
        tokenizer.save_pretrained(tmp)
    shutil.rmtree(enc, ignore_errors=True)
    if encoder is not None:
        tmp.rename(enc)
    torch.save(head, folder / (HEAD + ".tmp"))
    os.replace(folder / (HEAD + ".tmp"), folder / HEAD)
    full = {"format": FORMAT, **meta}
    (folder / (META + ".tmp")).write_text(json.dumps(full, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(folder / (META + ".tmp"), folder / META)


def load(folder: str | os.PathLike[str], device: str = "cpu") -> tuple[Plausibility, Any, dict[str, Any]]:
    """(model in eval mode on ``device``, tokenizer, metadata) of a trained metric folder."""
    from transformers import AutoModel, AutoTokenizer

    meta = read_meta(folder)
    folder = Path(folder).expanduser()
    encoder = AutoModel.from_pretrained(folder / ENCODER)
    tokenizer = AutoTokenizer.from_pretrained(folder / ENCODER)
    state = torch.load(folder / HEAD, map_location="cpu", weights_only=True)
    model = Plausibility(encoder, reconstruction="mlm_bias" in state)
    model.head.load_state_dict(state["head"])
    if model.mlm_bias is not None:
        model.mlm_bias.data.copy_(state["mlm_bias"])
    model.eval()
    model.to(device)
    return model, tokenizer, meta


def encode(tokenizer: Any, texts: list[str], max_length: int, device: str) -> dict[str, torch.Tensor]:
    """Padded, truncated token ids and attention masks on ``device``."""
    batch = tokenizer(texts, padding=True, truncation=True, max_length=max_length, return_tensors="pt")
    return {k: batch[k].to(device) for k in ("input_ids", "attention_mask")}


def story_text(text: str, context: str | None) -> str:
    """What the classifier reads: the context (a prompt or leading sentence), then the story."""
    return f"{context.strip()} {text.strip()}" if context and context.strip() else text.strip()
