"""The frozen-encoder form of ``learned:DIR``: the encoder runs forward only, once per text, and a
small head reads features of its states; only the head is trained (``train metric --freeze-encoder``).

Features of a text (the context, if any, then the story): the mean-pooled token states of the whole
text; for its sentences (split by :func:`~perturbkit.metrics.embedding.split_sentences`, each the
mean of its own tokens' states in the one pass over the whole text), the mean of ``|s_i - s_i+1|``
and of ``s_i * s_i+1`` over adjacent pairs, plus a few cosine statistics (adjacent sentences, each
sentence against the whole, the first against the rest). Coherence shows in how adjacent sentences
relate, which a single pooled vector blurs.

This module imports torch at its top: import it only inside functions. The pooled states are
cached in sqlite (:class:`EmbeddingCache`), keyed by model identity, ``max_length`` and text, so a
second training run (another recipe on the same stories) encodes only the texts it has not seen.
"""

from __future__ import annotations

import hashlib
import io
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from ._lm_features import N_LM
from ._plausibility import write_folder
from ._rep_features import N_REP
from .embedding import split_sentences
from .learned import ENCODER, HEAD, LM_ONLY, LM_REP, read_meta

FEATURES = "pooled+adjacent-v1"  # the feature layout; a folder trained with another is refused
FEATURES_LM = "pooled+adjacent+lm-nll-v1"  # opt-in (``--lm-features``): plus :mod:`._lm_features`
FEATURES_LM_ONLY = LM_ONLY  # ``--features lm``: the LM statistics alone, no encoder in the folder
FEATURES_LM_REP = LM_REP  # ``--features lm+rep``: those and :mod:`._rep_features`, no encoder either
LAYOUTS = (FEATURES, FEATURES_LM, FEATURES_LM_ONLY, FEATURES_LM_REP)
LM_MAX_TOKENS = 256  # tokens of the LM sequences (a sentence with the ones before it)
FROZEN_FORMAT_VERSION = 2  # folders of format 1 hold a fine-tuned encoder and a linear head
N_STATS = 8


def model_identity(path: str) -> str:
    """A digest naming the encoder's weights: its config and weight files' names, sizes and
    modification times (a hub name stands for itself)."""
    folder = Path(path).expanduser()
    if not folder.is_dir():
        return path
    digest = hashlib.sha256()
    for f in sorted(folder.iterdir()):
        if f.is_file() and (f.suffix in (".json", ".safetensors", ".bin") or f.name == "vocab.txt"):
            st = f.stat()
            digest.update(f"{f.name}|{st.st_size}|{st.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:20]


class EmbeddingCache:
    """Pooled states on disk (sqlite): a row per (model identity, max_length, text); each value a
    ``(1 + sentences, hidden)`` float32 array: the whole text, then its sentences."""

    def __init__(self, path: str | os.PathLike[str], identity: str, max_length: int, kind: str = FEATURES) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path)
        self._db.execute("CREATE TABLE IF NOT EXISTS emb (key TEXT PRIMARY KEY, value BLOB NOT NULL)")
        self.identity = identity
        self._prefix = f"{kind}|{identity}|{max_length}|"

    def key(self, text: str) -> str:
        return hashlib.sha256((self._prefix + text).encode("utf-8")).hexdigest()

    def get(self, texts: Sequence[str]) -> dict[str, np.ndarray]:
        found: dict[str, np.ndarray] = {}
        keys = {self.key(t): t for t in texts}
        items = list(keys)
        for i in range(0, len(items), 500):
            part = items[i : i + 500]
            marks = ",".join("?" * len(part))
            for k, blob in self._db.execute(f"SELECT key, value FROM emb WHERE key IN ({marks})", part):
                found[keys[k]] = np.load(io.BytesIO(blob), allow_pickle=False)
        return found

    def put(self, values: dict[str, np.ndarray]) -> None:
        rows = []
        for text, arr in values.items():
            buf = io.BytesIO()
            np.save(buf, arr.astype(np.float32), allow_pickle=False)
            rows.append((self.key(text), buf.getvalue()))
        with self._db:  # one transaction a batch: an interrupted pass keeps what it finished
            self._db.executemany("INSERT OR REPLACE INTO emb VALUES (?, ?)", rows)

    def close(self) -> None:
        self._db.close()


def _forward(encoder: Any, batch: dict[str, torch.Tensor]) -> torch.Tensor:
    """One forward pass (a function of its own so a test can count them)."""
    return encoder(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"]).last_hidden_state


def _spans(text: str) -> list[tuple[int, int]]:
    """Character spans of ``text``'s sentences."""
    spans, pos = [], 0
    for sent in split_sentences(text):
        start = text.find(sent, pos)
        if start < 0:  # the splitter joined pieces with another space: approximate by length
            start = pos
        spans.append((start, start + len(sent)))
        pos = spans[-1][1]
    return spans


class Embedder:
    """A frozen encoder that pools the whole text and each sentence from one forward pass per text."""

    def __init__(
        self, encoder: Any, tokenizer: Any, max_length: int, device: str, batch_size: int = 32, cache=None
    ) -> None:
        self.encoder, self.tokenizer = encoder.eval().to(device), tokenizer
        self.max_length, self.device, self.batch_size, self.cache = max_length, device, batch_size, cache
        self.encoded = 0  # texts run through the encoder (not found in the cache)

    def pooled(self, texts: Sequence[str]) -> list[np.ndarray]:
        """For each text a ``(1 + sentences, hidden)`` array: whole-text mean, then each sentence's mean."""
        unique = list(dict.fromkeys(texts))
        done = self.cache.get(unique) if self.cache is not None else {}
        todo = sorted((t for t in unique if t not in done), key=len, reverse=True)  # less padding
        for i in range(0, len(todo), self.batch_size):
            part = todo[i : i + self.batch_size]
            new = self._encode(part)
            self.encoded += len(part)
            if self.cache is not None:
                self.cache.put(new)
            done.update(new)
        return [done[t] for t in texts]

    def _encode(self, texts: list[str]) -> dict[str, np.ndarray]:
        enc = self.tokenizer(
            texts,
            padding=True,
            truncation=True,
            max_length=self.max_length,
            return_tensors="pt",
            return_offsets_mapping=True,
        )
        batch = {k: enc[k].to(self.device) for k in ("input_ids", "attention_mask")}
        with torch.inference_mode():
            h = _forward(self.encoder, batch).float().cpu().numpy()
        mask = enc["attention_mask"].numpy().astype(bool)
        special = np.array(
            [self.tokenizer.get_special_tokens_mask(r, already_has_special_tokens=True) for r in enc["input_ids"]],
            dtype=bool,
        )
        offsets = enc["offset_mapping"].numpy()
        out = {}
        for j, text in enumerate(texts):
            rows = [h[j][mask[j]].mean(0)]
            ordinary = mask[j] & ~special[j]
            starts = offsets[j][:, 0]
            for a, b in _spans(text):
                sel = ordinary & (starts >= a) & (starts < b)
                if sel.any():  # sentences cut off by max_length have no tokens
                    rows.append(h[j][sel].mean(0))
            out[text] = np.stack(rows).astype(np.float32)
        return out

    def features(self, texts: Sequence[str]) -> np.ndarray:
        """The head's input: one row per text (see the module docstring)."""
        return np.stack([features_of(p) for p in self.pooled(texts)])


def _unit(x: np.ndarray) -> np.ndarray:
    return x / np.maximum(np.linalg.norm(x, axis=-1, keepdims=True), 1e-8)


def features_of(pooled: np.ndarray) -> np.ndarray:
    """Whole-text vector, adjacent-sentence |difference| and product means, and 8 cosine statistics."""
    whole, sents = _unit(pooled[0]), _unit(pooled[1:])
    dim = whole.shape[0]
    stats = np.zeros(N_STATS, dtype=np.float32)
    stats[0] = min(len(sents), 10) / 10.0
    if len(sents) >= 2:
        a, b = sents[:-1], sents[1:]
        adj = (a * b).sum(-1)
        diff, prod = np.abs(a - b).mean(0), (a * b).mean(0)
        to_whole = sents @ whole
        first = sents[1:] @ sents[0]
        stats[1:] = [adj.mean(), adj.min(), adj.max(), adj.std(), to_whole.mean(), to_whole.min(), first.mean()]
    else:
        diff, prod = np.zeros(dim, np.float32), np.zeros(dim, np.float32)
    return np.concatenate([whole, diff, prod, stats]).astype(np.float32)


class Head(nn.Module):
    """Standardised features -> one hidden layer -> a logit (human = high); ``hidden=0``: a linear
    (logistic) head, for a few features (the LM statistics alone). The standardisation
    (training-set mean and spread) is part of the saved state."""

    def __init__(self, n_features: int, hidden: int = 256, dropout: float = 0.1) -> None:
        super().__init__()
        self.hidden = hidden
        self.register_buffer("mean", torch.zeros(n_features))
        self.register_buffer("scale", torch.ones(n_features))
        if hidden:
            layers = [nn.Linear(n_features, hidden), nn.GELU(), nn.Dropout(dropout), nn.Linear(hidden, 1)]
        else:
            layers = [nn.Linear(n_features, 1)]
        self.net = nn.Sequential(*layers)

    def fit_scaling(self, x: torch.Tensor) -> None:
        self.mean.copy_(x.mean(0))
        self.scale.copy_(x.std(0).clamp(min=1e-4))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.net((x - self.mean) / self.scale).squeeze(-1)


class Features:
    """The head's input for a layout: the encoder's features, then (``FEATURES_LM``) the LM's;
    without an encoder the LM's alone (``FEATURES_LM_ONLY``), or with the repetition statistics
    (``FEATURES_LM_REP``, an LM with ``repetition=True``)."""

    def __init__(self, embedder: Embedder | None, lm: Any = None) -> None:
        if embedder is None and lm is None:
            raise ValueError("features need an encoder, an LM or both")
        self.embedder, self.lm = embedder, lm

    @property
    def layout(self) -> str:
        if self.embedder is None:
            return FEATURES_LM_REP if self.lm.repetition else FEATURES_LM_ONLY
        return FEATURES if self.lm is None else FEATURES_LM

    @property
    def encoded(self) -> int:
        """Texts run through the encoder (0 without one)."""
        return 0 if self.embedder is None else self.embedder.encoded

    def features(self, texts: Sequence[str]) -> np.ndarray:
        parts = [f.features(texts) for f in (self.embedder, self.lm) if f is not None]
        return parts[0] if len(parts) == 1 else np.concatenate(parts, axis=1)


def lm_features(
    model: str | None, device: str, cache_path: str | os.PathLike[str] | None = None, repetition: bool = False
) -> Any:
    """The LM statistics (:class:`._lm_features.LMFeatures`), cached in ``cache_path`` if given;
    ``repetition``: followed by :mod:`._rep_features` (the cache holds the LM's part only, keyed
    ``LM_FEATURES`` as before, so both layouts share it)."""
    from ..resources.models import model_label
    from ._lm_features import LM_FEATURES, LMFeatures

    cache = None
    if cache_path is not None:
        cache = EmbeddingCache(cache_path, model_identity(model or model_label(None)), LM_MAX_TOKENS, LM_FEATURES)
    return LMFeatures(model, device, LM_MAX_TOKENS, cache, repetition)


def save(folder: str | os.PathLike[str], feats: Features, head: Head, meta: dict[str, Any]) -> None:
    """Write the frozen encoder (so the folder stands alone; none for the LM-only layouts), the
    head and the metadata (last). The LM is not copied: the metadata names it (``lm_model``; None =
    the default)."""
    embedder = feats.embedder
    state = {"head": head.state_dict(), "hidden": head.hidden}
    full = {"format_version": FROZEN_FORMAT_VERSION, "mode": "frozen", "features": feats.layout, **meta}
    encoder, tokenizer = (None, None) if embedder is None else (embedder.encoder, embedder.tokenizer)
    write_folder(folder, encoder, tokenizer, state, full)


def load(
    folder: str | os.PathLike[str], device: str, max_length: int, batch_size: int = 32, cache: str | None = None
) -> tuple[Features, Head]:
    """(features, head in eval mode) of a frozen-mode metric folder; ``cache`` a sqlite file of
    pooled states and LM statistics to read and fill (as training does)."""
    from transformers import AutoModel, AutoTokenizer

    from ..errors import MetricError

    meta = read_meta(folder)
    layout = meta.get("features")
    if layout not in LAYOUTS:
        raise MetricError(
            f"learned metric {str(folder)!r}: features {layout!r}, this version reads {' or '.join(LAYOUTS)}"
        )
    folder = Path(folder).expanduser()
    state = torch.load(folder / HEAD, map_location="cpu", weights_only=True)
    head = Head(state["head"]["mean"].shape[0], int(state["hidden"]))
    head.load_state_dict(state["head"])
    head.eval().to(device)
    rep = layout == FEATURES_LM_REP
    lm = lm_features(meta.get("lm_model"), device, cache, rep) if layout != FEATURES else None
    if layout in (FEATURES_LM_ONLY, FEATURES_LM_REP):
        _check_width(folder, state, layout, N_LM + (N_REP if rep else 0))
        return Features(None, lm), head
    encoder = AutoModel.from_pretrained(folder / ENCODER)
    tokenizer = AutoTokenizer.from_pretrained(folder / ENCODER)
    _check_width(folder, state, layout, 3 * int(encoder.config.hidden_size) + N_STATS + (N_LM if lm is not None else 0))
    emb_cache = None
    if cache is not None:  # the encoder is a copy of the base: its states are the base's
        identity = meta.get("encoder_identity") or model_identity(str(folder / ENCODER))
        emb_cache = EmbeddingCache(cache, identity, max_length)
    embedder = Embedder(encoder, tokenizer, max_length, device, batch_size, emb_cache)
    return Features(embedder, lm), head


def _check_width(folder: Path, state: dict[str, Any], layout: str, width: int) -> None:
    """A MetricError unless the saved head reads ``width`` features (what ``layout`` makes)."""
    from ..errors import MetricError

    if state["head"]["mean"].shape[0] != width:
        raise MetricError(
            f"learned metric {str(folder)!r}: its head reads {state['head']['mean'].shape[0]} "
            f"features, the layout {layout!r} makes {width}"
        )
