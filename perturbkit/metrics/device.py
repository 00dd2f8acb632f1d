"""Device helpers for metrics (they live in :mod:`perturbkit.resources.devices`, shared with the
model-backed transforms): the inference context (no-grad, CUDA autocast) and out-of-memory
detection."""

from __future__ import annotations

from ..resources.devices import free_cuda_memory, inference_context, is_oom, resolve_device

__all__ = ["resolve_device", "inference_context", "is_oom", "free_cuda_memory"]
