"""Decoding with Hugging Face models for :class:`~perturbkit.transform.generative.GenerativeTransform`:
prompt building (chat template when the tokenizer has one), truncation of over-long inputs, and
batched ``model.generate`` whose results do not depend on the batch.

Why not ``generate(do_sample=True)``: it samples every row of a batch from torch's global RNG,
so a row's text would depend on which rows share its batch and in what order. Here each row
(one candidate for one input) has its own ``torch.Generator`` seeded from the example's seed, and
a logits processor draws that row's next token from it (temperature, top-k and top-p applied by
transformers' own warpers) and hands ``generate`` a one-hot score that its greedy step picks. A
row's draws depend only on its own logits, so batching and order change nothing beyond float
rounding in the batched matrix products (padding is masked). Greedy decoding needs no RNG.
The sampler, and its exact top-p that sorts no indices, are in :mod:`.sampling`.

Prefix caching: every row built from one prompt starts with the same tokens (the instruction,
the few-shot examples, the chat template's head), often most of the row. On a causal LM whose
cache is a ``DynamicCache``, the keys and values of that shared prefix are computed once per
process (per model, prefix tokens, autocast state and weights' versions) and every later call
starts from a copy of them, so only each row's own tokens are prefilled. The rows are laid out
as ``prefix, padding, own tokens`` with the padding masked; positions come from the attention
mask, so every token sits at the position it has without the cache and outputs change only by
float rounding. Seq2seq models, prompts without a shared prefix, rows that do not start with it
and other cache types take the plain path.
"""

from __future__ import annotations

import copy
import inspect
import weakref
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from perturbkit.transform import decode_loop

INPUT = "{input}"  # where the input goes in a prompt; without it the input follows the prompt
# unlike inputs (words a tokenizer may merge with a space before them, digits, punctuation)
PROBES = ("a", "Z", "the", "He", "I", "Tom", "0", "[", '"', "x y", "\u00e9", " ", "\n")
MAX_PREFIXES = 8  # prefix caches kept per model (least recently used dropped)
_PREFIX_KV: weakref.WeakKeyDictionary[Any, OrderedDict[tuple[Any, ...], Any]] = weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class Decoding:
    """How to decode: new tokens at most, and greedy or sampled (with its warpers)."""

    max_new_tokens: int = 48
    do_sample: bool = False
    temperature: float = 1.0
    top_k: int | None = None
    top_p: float | None = None


def uses_chat_template(tok: Any, kind: str, chat_template: bool | None) -> bool:
    """Whether prompts go through the tokenizer's chat template: causal LMs only; ``None`` means
    when the tokenizer has one."""
    has = bool(getattr(tok, "chat_template", None))
    if chat_template and not has:
        raise ValueError("chat_template=True but the tokenizer has no chat template")
    return kind == "causal" and has and chat_template is not False


def build_prompt(tok: Any, prompt: str, text: str, chat: bool) -> str:
    """The model's input text: ``prompt`` with ``{input}`` replaced by ``text`` (or ``text`` after
    the prompt: directly for a plain prompt, after a blank line in a chat message), wrapped in the
    chat template as one user turn when ``chat``."""
    if INPUT in prompt:
        content = prompt.replace(INPUT, text)
    elif chat and prompt:
        content = f"{prompt.rstrip()}\n\n{text}"
    else:
        content = prompt + text
    if not chat:
        return content
    messages = [{"role": "user", "content": content}]
    return tok.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)


def encode(tok: Any, text: str, chat: bool) -> list[int]:
    """Token ids of a built prompt (a chat template already holds its special tokens)."""
    return list(tok(text, add_special_tokens=not chat)["input_ids"])


def prompt_prefix(tok: Any, prompt: str, chat: bool) -> list[int]:
    """The tokens every row built from ``prompt`` starts with, whatever the input: the longest
    common prefix of the prompt built around a few unlike inputs, less its last token (the one an
    input may merge with, as " " with "He" into " He"). Rows are checked again before the
    prefix's cache is used, so an input that changes more of it costs only speed."""
    rows = [encode(tok, build_prompt(tok, prompt, p, chat), chat) for p in PROBES]
    n = 0
    while all(len(r) > n and r[n] == rows[0][n] for r in rows):
        n += 1
    return rows[0][: max(0, n - 1)]


def window(model: Any) -> int | None:
    """How many positions the model takes, when its config says."""
    cfg = model.config
    for attr in ("max_position_embeddings", "n_positions", "n_ctx"):
        v = getattr(cfg, attr, None)
        if isinstance(v, int) and v > 0:
            return v
    return None


def input_budget(model: Any, tok: Any, kind: str, prompt: str, chat: bool, max_input_tokens: int, new: int) -> int:
    """Tokens the input may take: ``max_input_tokens``, less when the prompt, the input and (for a
    causal LM) the new tokens would not fit the model's window."""
    limit = window(model)
    if limit is None:
        return max_input_tokens
    overhead = len(encode(tok, build_prompt(tok, prompt, "", chat), chat))
    room = limit - overhead - (new if kind == "causal" else 0)
    if room < 1:
        raise ValueError(
            f"the prompt takes {overhead} tokens and leaves no room for the input within the model's "
            f"window of {limit} tokens (max_new_tokens={new})"
        )
    return min(max_input_tokens, room)


def truncate(tok: Any, text: str, budget: int) -> tuple[str, bool]:
    """``text`` cut after its first ``budget`` tokens (at a character offset, so the kept part is
    the original text), and whether it was cut."""
    try:
        enc = tok(text, add_special_tokens=False, return_offsets_mapping=True)
        offsets = enc["offset_mapping"]
    except (NotImplementedError, TypeError, ValueError, KeyError):  # a slow tokenizer: no offsets
        ids = tok(text, add_special_tokens=False)["input_ids"]
        if len(ids) <= budget:
            return text, False
        return tok.decode(ids[:budget], skip_special_tokens=True), True
    if len(offsets) <= budget:
        return text, False
    return text[: offsets[budget - 1][1]], True


def _special_ids(model: Any, tok: Any) -> tuple[list[int], int]:
    """(end-of-sequence ids, padding id) from the tokenizer and the model's generation config."""
    eos: list[int] = []
    for v in (tok.eos_token_id, getattr(model.generation_config, "eos_token_id", None)):
        for i in v if isinstance(v, (list, tuple)) else [v]:
            if i is not None and int(i) not in eos:
                eos.append(int(i))
    pad = tok.pad_token_id if tok.pad_token_id is not None else (eos[0] if eos else 0)
    return eos, int(pad)


def _prefix_kv(model: Any, prefix: Sequence[int], total: int) -> Any | None:
    """The model's ``DynamicCache`` of ``prefix`` (batch of one), computed once per process and
    kept (never handed out: callers copy it); None when the model cannot continue from one, or
    when a sliding-window layer would drop part of a ``total``-token sequence (the padding inside
    the rows would then shift what the window keeps)."""
    import torch
    from transformers import DynamicCache

    if getattr(model.config, "is_encoder_decoder", False):
        return None
    supports = getattr(model, "_supports_default_dynamic_cache", None)
    if not (callable(supports) and supports()):
        return None
    if "past_key_values" not in inspect.signature(model.forward).parameters:
        return None
    store = _PREFIX_KV.setdefault(model, OrderedDict())
    # weights changed in place (a training step, a loaded state dict) bump their versions: a new key
    key = (tuple(prefix), _autocast_on(torch), sum(p._version for p in model.parameters()))
    if key in store:
        store.move_to_end(key)
    else:
        dev = next(model.parameters()).device
        kwargs: dict[str, Any] = {"use_cache": True}
        if "logits_to_keep" in inspect.signature(model.forward).parameters:
            kwargs["logits_to_keep"] = 1  # only the cache is wanted
        with torch.no_grad():
            out = model(input_ids=torch.tensor([list(prefix)], dtype=torch.long, device=dev), **kwargs)
        past = getattr(out, "past_key_values", None)
        store[key] = past if isinstance(past, DynamicCache) and past.get_seq_length() == len(prefix) else None
        while len(store) > MAX_PREFIXES:
            store.popitem(last=False)
    past = store[key]
    if past is None:
        return None
    windows = [getattr(layer, "sliding_window", None) for layer in getattr(past, "layers", [])]
    if any(w is not None and total >= w for w in windows):
        return None
    return past


def _autocast_on(torch: Any) -> bool:
    """Whether CUDA autocast is on (cached keys and values then have its dtype)."""
    try:
        return bool(torch.is_autocast_enabled("cuda"))
    except TypeError:  # torch < 2.4: no device argument, CUDA meant
        return bool(torch.is_autocast_enabled())


def _layout(rows: Sequence[list[int]], head: int, kind: str, pad: int) -> tuple[Any, Any]:
    """(input ids, attention mask): the first ``head`` tokens of every row (a shared prefix) in
    front, then each row's other tokens, padded on the left for a causal LM (it continues the
    last position) and on the right for an encoder (it reads any layout); padding is masked."""
    import torch

    length = max(len(r) for r in rows) - head
    input_ids = torch.full((len(rows), head + length), pad, dtype=torch.long)
    mask = torch.zeros((len(rows), head + length), dtype=torch.long)
    for i, r in enumerate(rows):
        own = len(r) - head
        span = slice(head + length - own, head + length) if kind == "causal" else slice(head, head + own)
        input_ids[i, :head] = torch.tensor(r[:head], dtype=torch.long)
        input_ids[i, span] = torch.tensor(r[head:], dtype=torch.long)
        mask[i, :head] = 1
        mask[i, span] = 1
    return input_ids, mask


def generate_rows(
    model: Any,
    tok: Any,
    kind: str,
    ids: Sequence[list[int]],
    seeds: Sequence[int],
    d: Decoding,
    prefix: Sequence[int] | None = None,
    fast: bool = True,
) -> list[str]:
    """One decoded string per row of token ids (``seeds``: one per row, used when sampling).

    ``prefix``: tokens every row may start with (:func:`prompt_prefix`); when all rows do and the
    model allows it, generation starts from that prefix's cached keys and values, in the decode
    loop of :mod:`.decode_loop` (ended rows leave the batch). ``fast=False``: ``model.generate``
    with transformers' top-p warper and every row sampled to the end (:mod:`.sampling`; the same
    output, slower: for tests and benchmarks)."""
    from transformers import GenerationConfig

    dev = next(model.parameters()).device
    eos, pad = _special_ids(model, tok)
    start = tok.bos_token_id if tok.bos_token_id is not None else (eos[0] if eos else pad)
    rows = [list(r) if r else [start] for r in ids]  # a causal LM needs one token to continue
    past = None
    head = list(prefix or [])
    if kind == "causal" and head and all(len(r) > len(head) and r[: len(head)] == head for r in rows):
        past = _prefix_kv(model, head, max(len(r) for r in rows) + d.max_new_tokens)
    if past is None:
        head = []
    input_ids, mask = _layout(rows, len(head), kind, pad)
    length = input_ids.shape[1]
    cfg: dict[str, Any] = {"max_new_tokens": d.max_new_tokens, "do_sample": False, "num_beams": 1}
    cfg.update(pad_token_id=pad, eos_token_id=eos or None)
    if kind == "seq2seq":
        start_id = getattr(model.generation_config, "decoder_start_token_id", None)
        cfg["decoder_start_token_id"] = start_id if start_id is not None else model.config.decoder_start_token_id
    kwargs: dict[str, Any] = {"generation_config": GenerationConfig(**cfg)}
    if "use_model_defaults" in inspect.signature(model.generate).parameters:
        kwargs["use_model_defaults"] = False  # the model's own defaults (sampling, penalties) stay out
    if d.do_sample:
        from transformers import LogitsProcessorList

        from perturbkit.transform.sampling import row_sampler

        sampler = row_sampler(seeds, d, eos if fast else (), exact_top_p=fast)
        kwargs["logits_processor"] = LogitsProcessorList([sampler])
    if past is not None:
        past = copy.deepcopy(past)  # generation extends the cache in place: the kept one stays as is
        past.batch_repeat_interleave(len(rows))
        kwargs["past_key_values"] = past
    if past is not None and fast and decode_loop.supported(model):  # ended rows leave the batch
        new = decode_loop.decode(model, input_ids, mask, past, d, seeds, eos, pad)
    else:
        out = model.generate(input_ids=input_ids.to(dev), attention_mask=mask.to(dev), **kwargs).cpu()
        new = out[:, length:] if kind == "causal" else out[:, 1:]  # past the prompt / the decoder start
    texts = []
    stop = set(eos)
    for row in new.tolist():
        cut = next((j for j, t in enumerate(row) if t in stop), len(row))
        texts.append(tok.decode(row[:cut], skip_special_tokens=True))
    return texts
