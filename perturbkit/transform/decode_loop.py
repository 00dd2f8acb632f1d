"""A decode loop of our own for causal LMs continuing a cached prompt prefix, used by
:func:`perturbkit.transform.decoding.generate_rows` instead of ``model.generate``: the same
forward calls with the same arguments (input ids of the new positions, the 2-D attention mask,
positions from the mask, cache positions, ``logits_to_keep=1``), the same float32 logits and
the same token choice (argmax, or the row's own generator through :mod:`.sampling`), but a row
that has ended leaves the batch: its keys and values, mask and positions are dropped, so the
rows still decoding no longer pay for it (``generate`` keeps every row until the last ends). The
rows left give what they give in ``generate``: their own logits, positions and draws.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any


def supported(model: Any) -> bool:
    """Whether the model's forward takes what the loop passes."""
    params = inspect.signature(model.forward).parameters
    return all(k in params for k in ("past_key_values", "attention_mask", "position_ids", "cache_position"))


def decode(
    model: Any, input_ids: Any, mask: Any, past: Any, d: Any, seeds: Sequence[int], eos: Sequence[int], pad: int
) -> Any:
    """New tokens, (rows, ``d.max_new_tokens``), ``pad`` after a row's end, for rows laid out
    as ``generate`` gets them (``input_ids``, ``mask``: left-padded, on the CPU) continuing
    ``past`` (a ``DynamicCache`` of the first ``past.get_seq_length()`` columns, one row per
    row, extended in place)."""
    import torch

    from perturbkit.transform.sampling import row_sampler

    dev = next(model.parameters()).device
    sampler = row_sampler(seeds, d) if d.do_sample else None
    stop = torch.tensor(sorted(set(eos)), dtype=torch.long)
    out = torch.full((input_ids.shape[0], d.max_new_tokens), pad, dtype=torch.long)
    rows = torch.arange(input_ids.shape[0])  # each batch row's index in the call
    start = past.get_seq_length()
    step = input_ids[:, start:].contiguous().to(dev)
    mask = mask.to(dev)
    cache_position = torch.arange(start, input_ids.shape[1], device=dev)
    kwargs: dict[str, Any] = {"use_cache": True, "return_dict": True}
    if "logits_to_keep" in inspect.signature(model.forward).parameters:
        kwargs["logits_to_keep"] = 1
    for t in range(d.max_new_tokens):
        positions = mask.long().cumsum(-1) - 1  # as generate's prepare_inputs_for_generation
        positions.masked_fill_(mask == 0, 1)
        positions = positions[:, -step.shape[1] :].clone(memory_format=torch.contiguous_format)
        output = model(
            input_ids=step,
            attention_mask=mask,
            position_ids=positions,
            past_key_values=past,
            cache_position=cache_position,
            **kwargs,
        )
        logits = output.logits[:, -1, :].to(copy=True, dtype=torch.float32)
        past = output.past_key_values
        del output
        picks = sampler.draw(rows, logits) if sampler is not None else logits.argmax(dim=-1).cpu()
        out[rows, t] = picks
        if t + 1 == d.max_new_tokens:
            break
        going = ~torch.isin(picks, stop) if len(stop) else torch.ones(len(picks), dtype=torch.bool)
        if not bool(going.any()):
            break
        if not bool(going.all()):  # ended rows leave the batch
            keep = going.nonzero().flatten()
            rows, picks = rows[keep], picks[keep]
            keep = keep.to(dev)
            past.batch_select_indices(keep)
            mask = mask[keep]
        mask = torch.cat([mask, mask.new_ones((mask.shape[0], 1))], dim=-1)
        step = picks[:, None].to(dev)
        cache_position = cache_position[-1:] + 1
    return out
