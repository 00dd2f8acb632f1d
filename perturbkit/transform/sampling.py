"""Per-row seeded sampling for :mod:`perturbkit.transform.decoding`, and an exact, cheaper top-p.

Each row (one candidate for one input) draws its next token from its own ``torch.Generator``
seeded from the example's seed, after transformers' own warpers in their order (temperature,
top-k, top-p), so a row's text does not depend on the rows beside it. A row that has ended
(drawn an end-of-sequence token) draws no more: its generator is its own and is never read
again, and ``generate`` pads the row from then on, so skipping it changes no output.

Exact top-p: transformers' ``TopPLogitsWarper`` sorts every row's whole vocabulary with its
indices (``torch.sort``: ~8 ms a row for SmolLM2's 49,152 tokens on one CPU thread), takes the
softmax of the sorted logits, their cumulative sum, and masks the tokens at the sorted positions
whose cumulative probability is at most ``1 - top_p``. :func:`top_p_filter` feeds the same
softmax and cumulative sum the same sorted values, sorted by numpy without indices (~0.3 ms a
row); equal inputs give equal floats, so the number ``r`` of removed positions is the warper's.
The warper removes the ``r`` smallest logits, which are exactly the logits below the ``r``-th
sorted value ``t`` whenever the value before it is smaller than ``t``. When the two are equal
(tied logits on both sides of the cut: which of them the warper drops depends on its sort's order
of ties), for a NaN, or off the CPU, the row goes through the warper itself. So the output is the
warper's, bit for bit, not an approximation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def top_p_filter(scores: Any, top_p: float, min_tokens_to_keep: int = 1, filter_value: float = float("-inf")) -> Any:
    """``TopPLogitsWarper(top_p, filter_value, min_tokens_to_keep)(None, scores)``, computed without
    sorting indices (see the module docstring); ``scores``: (rows, vocabulary)."""
    import numpy as np
    import torch
    from transformers.generation.logits_process import TopPLogitsWarper

    warper = TopPLogitsWarper(top_p, filter_value=filter_value, min_tokens_to_keep=min_tokens_to_keep)
    if scores.device.type != "cpu" or scores.dtype != torch.float32 or scores.dim() != 2 or scores.shape[1] < 2:
        return warper(None, scores)
    sorted_logits = torch.from_numpy(np.sort(scores.detach().numpy(), axis=-1))
    # the warper's own arithmetic on the same values
    cumulative = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
    remove = cumulative <= (1 - warper.top_p)
    remove[..., -warper.min_tokens_to_keep :] = 0
    vocab = scores.shape[1]
    r = remove.sum(dim=-1)  # removed positions per row: a prefix of the sorted order ...
    prefix = torch.arange(vocab)[None, :] < r[:, None]
    rows = torch.arange(scores.shape[0])
    t = sorted_logits[rows, r.clamp(max=vocab - 1)]
    before = sorted_logits[rows, (r - 1).clamp(min=0)]
    exact = (remove == prefix).all(dim=-1) & ((r == 0) | (before < t)) & ~torch.isnan(scores).any(dim=-1)
    out = scores.masked_fill((scores < t[:, None]) & (r > 0)[:, None], filter_value)
    if not bool(exact.all()):  # ... unless ties straddle the cut (or a NaN): the warper decides
        slow = ~exact
        out[slow] = warper(None, scores[slow])
    return out


class _ExactTopP:
    """:func:`top_p_filter` as a warper."""

    def __init__(self, top_p: float) -> None:
        self.top_p = top_p

    def __call__(self, input_ids: Any, scores: Any) -> Any:
        return top_p_filter(scores, self.top_p)


def row_sampler(seeds: Sequence[int], d: Any, eos: Sequence[int] = (), exact_top_p: bool = True) -> Any:
    """A logits processor drawing each row's next token from that row's own generator (``d``: a
    :class:`~perturbkit.transform.decoding.Decoding`); rows that drew one of ``eos`` draw no more.
    ``exact_top_p=False`` uses transformers' ``TopPLogitsWarper`` (the same output, slower)."""
    import torch
    from transformers.generation.logits_process import (
        LogitsProcessor,
        TemperatureLogitsWarper,
        TopKLogitsWarper,
        TopPLogitsWarper,
    )

    warpers: list[Any] = []
    if d.temperature != 1.0:
        warpers.append(TemperatureLogitsWarper(d.temperature))
    if d.top_k:
        warpers.append(TopKLogitsWarper(d.top_k))
    if d.top_p is not None and d.top_p < 1.0:
        warpers.append(_ExactTopP(float(d.top_p)) if exact_top_p else TopPLogitsWarper(float(d.top_p)))
    generators = [torch.Generator().manual_seed(int(s)) for s in seeds]
    stop = torch.tensor(sorted(set(eos)), dtype=torch.long)
    live = torch.ones(len(generators), dtype=torch.bool)

    class RowSampler(LogitsProcessor):
        def draw(self, rows: Any, scores: Any) -> Any:
            """The next token of each of ``rows`` (their indices in ``seeds``), one row of
            ``scores`` each, from that row's generator."""
            s = scores.float()
            for w in warpers:
                s = w(None, s)
            probs = torch.softmax(s, dim=-1).cpu()  # CPU generators: the same draws on any device
            drawn = [torch.multinomial(probs[j], 1, generator=generators[int(i)])[0] for j, i in enumerate(rows)]
            return torch.stack(drawn)

        def __call__(self, input_ids: Any, scores: Any) -> Any:
            idx = live.nonzero().flatten()
            picks = torch.zeros(len(generators), dtype=torch.long)  # ended rows: padded by generate
            if len(idx):
                picks[idx] = self.draw(idx, scores[idx.to(scores.device)])
                if len(stop):
                    live[idx] = ~torch.isin(picks[idx], stop)
            out = torch.full_like(scores, float("-inf"))
            out[torch.arange(len(picks), device=scores.device), picks.to(scores.device)] = 0.0
            return out

    return RowSampler()
