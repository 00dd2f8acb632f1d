"""``learned:DIR``: a plausibility classifier trained by ``perturbkit train metric``, as a metric.

The score of a story is the classifier's P(human story), in [0, 1] (higher = more plausible). The
context (a prompt or leading sentence), when an example has one, is read before the story, as in
training. Scoring runs in eval mode without dropout, so the same texts give the same scores.

>>> m = resolve_metric("learned:runs/union-minilm")          # doctest: +SKIP
>>> m(["tom was hungry . he ate a sandwich ."])               # doctest: +SKIP
[0.93...]

On a command line, where ``--metric`` takes a string, ``learned:DIR?embedding_cache=FILE`` sets the
sqlite cache of a frozen metric's features (:attr:`Learned.embedding_cache`).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import MetricError
from .base import Metric, resolve_device

PREFIX = "learned:"
FORMAT = "perturbkit-learned-metric"
FORMAT_VERSION = 2  # the newest this version reads: 1 a fine-tuned encoder, 2 a frozen one + feature head
META = "perturbkit_metric.json"  # format, base encoder, max_length, training facts
HEAD = "head.pt"  # the classification head
ENCODER = "encoder"  # the (fine-tuned or frozen) encoder and its tokenizer (save_pretrained)
LM_ONLY = "lm-nll-v1"  # the frozen layout of LM statistics alone: a folder without ENCODER
LM_REP = "lm-nll+rep-v1"  # the LM statistics and repetition statistics (``--features lm+rep``): no ENCODER either
SPEC_OPTIONS = ("embedding_cache",)  # set by ``learned:DIR?KEY=VALUE``: paths that change speed, not scores


@dataclass(repr=False)
class Learned(Metric):
    """A trained plausibility classifier (a folder written by ``perturbkit train metric``)."""

    path: str = ""
    batch_size: int | None = 32
    device: str = "auto"
    max_length: int | None = None  # None: the length it was trained with
    embedding_cache: str | None = None  # frozen mode: a sqlite file of features to read and fill (speed only)

    name = "learned"
    needs = ()
    uses = ("context",)
    version = "1"

    def __post_init__(self) -> None:
        if not self.path:
            raise MetricError("learned metric: give the trained model's folder, as learned:DIR")
        self._meta = read_meta(self.path)
        self._model: Any = None
        self._tokenizer: Any = None
        self._embedder: Any = None  # frozen mode: the encoder's features feed the head (self._model)
        self._device = ""

    def params(self) -> dict[str, Any]:
        folder = Path(self.path).expanduser().resolve()
        digest = hashlib.sha256()
        encoder = sorted((folder / ENCODER).iterdir()) if (folder / ENCODER).is_dir() else []
        files = [folder / META, folder / HEAD, *encoder]
        for f in (p for p in files if p.is_file()):
            st = f.stat()
            digest.update(f"{f.relative_to(folder)}|{st.st_size}|{st.st_mtime_ns}\n".encode())
        return {"path": str(folder), "files": digest.hexdigest()[:16], "max_length": self.length}

    @property
    def length(self) -> int:
        return int(self.max_length or self._meta.get("max_length") or 256)

    def setup(self) -> None:
        if self._model is None:
            from . import _plausibility

            self._device = resolve_device(self.device)
            if self.frozen:
                from . import _frozen

                self._embedder, self._model = _frozen.load(
                    self.path, self._device, self.length, self.batch_size or 32, self.embedding_cache
                )
            else:
                self._model, self._tokenizer, _ = _plausibility.load(self.path, self._device)

    @property
    def frozen(self) -> bool:
        """Trained with ``--freeze-encoder``: a feature head over the base encoder."""
        return self._meta.get("mode") == "frozen"

    def score_batch(self, texts, contexts=None, references=None):
        import torch

        from . import _plausibility

        self.setup()
        ctx = contexts or [None] * len(texts)
        joined = [_plausibility.story_text(t, c) for t, c in zip(texts, ctx)]
        if self._embedder is not None:
            feats = torch.from_numpy(self._embedder.features(joined)).to(self._device)
            with torch.inference_mode():
                return torch.sigmoid(self._model(feats).float()).cpu().tolist()
        batch = _plausibility.encode(self._tokenizer, joined, self.length, self._device)
        with torch.no_grad():
            logits = self._model(**batch).float()
        return torch.sigmoid(logits).cpu().tolist()


def read_meta(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The metadata of a trained metric folder, or a MetricError saying why it is not one (torch-free)."""
    folder = Path(path).expanduser()
    hint = "train one with `perturbkit train metric --recipe union --stories FILE --out DIR`"
    if not folder.is_dir():
        raise MetricError(f"learned metric {str(path)!r}: no such directory; {hint}")
    meta_path = folder / META
    if not meta_path.is_file():
        raise MetricError(f"learned metric {str(path)!r}: not a trained perturbkit metric (no {META}); {hint}")
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise MetricError(f"learned metric {str(path)!r}: unreadable {META}: {exc}") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise MetricError(f"learned metric {str(path)!r}: {META} is not a perturbkit learned-metric file")
    if int(meta.get("format_version", 0)) > FORMAT_VERSION:
        raise MetricError(f"learned metric {str(path)!r}: format version {meta['format_version']} is too new")
    for part in (HEAD,) if meta.get("features") in (LM_ONLY, LM_REP) else (ENCODER, HEAD):
        if not (folder / part).exists():
            layout = f", features {meta['features']!r}" if meta.get("features") else ""
            raise MetricError(f"learned metric {str(path)!r}: incomplete folder ({part} is missing{layout}); {hint}")
    return meta


def learned_metric(spec: str, **params: Any) -> Learned:
    """``learned:DIR`` or ``learned:DIR?embedding_cache=FILE`` (and parameters) as a :class:`Learned`
    metric; a keyword parameter wins over the same option in the spec."""
    path, options = split_spec(spec)
    return Learned(path=path, **{**options, **params})


def split_spec(spec: str) -> tuple[str, dict[str, str]]:
    """(folder, options) of ``learned:DIR[?KEY=VALUE[&KEY=VALUE]]``: what a command line can pass
    (``--metric`` takes a string). Only :data:`SPEC_OPTIONS`; values are taken as written (no
    %-decoding: a path may hold ``+`` or ``%``). A folder whose own name holds ``?`` still reads."""
    body = spec[len(PREFIX) :].strip() if spec.startswith(PREFIX) else spec.strip()
    path, sep, query = body.partition("?")
    if not sep or Path(body).expanduser().is_dir():
        return body, {}
    options: dict[str, str] = {}
    for part in query.split("&"):
        key, eq, value = part.partition("=")
        if key not in SPEC_OPTIONS or not eq or not value.strip():
            known = ", ".join(f"{k}=FILE" for k in SPEC_OPTIONS)
            raise MetricError(f"learned metric spec {spec!r}: bad option {part!r} after '?' (known: {known})")
        options[key] = value.strip()
    return path.strip(), options


def portable_spec(spec: str) -> str:
    """``spec`` with its folder and option paths absolute (a worker may run in another folder)."""
    path, options = split_spec(spec)
    query = "&".join(f"{k}={Path(v).expanduser().resolve()}" for k, v in options.items())
    return f"{PREFIX}{Path(path).expanduser().resolve()}" + (f"?{query}" if query else "")
