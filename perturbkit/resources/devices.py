"""Device helpers shared by metrics and model-backed transforms: ``"auto"`` device resolution,
the inference context (no-grad, CUDA autocast) and out-of-memory detection.

None of them imports torch unless it is needed: code that never touches a model pays nothing.

>>> resolve_device("cpu")
'cpu'
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

__all__ = ["resolve_device", "inference_context", "is_oom", "free_cuda_memory"]


def resolve_device(device: str | None = "auto") -> str:
    """``"auto"`` (or None) -> ``"cuda"`` when torch sees a GPU, else ``"cpu"``; others unchanged."""
    if device not in (None, "auto"):
        return str(device)
    try:
        import torch
    except ImportError:
        return "cpu"
    return "cuda" if torch.cuda.is_available() else "cpu"


@contextlib.contextmanager
def inference_context(device: str, autocast: bool = True) -> Iterator[None]:
    """``torch.no_grad()`` when torch is loaded, plus autocast on CUDA only (never on CPU).

    Never imports torch itself: a caller that does not use torch pays nothing.
    """
    torch = sys.modules.get("torch")
    if torch is None:
        yield
        return
    with contextlib.ExitStack() as stack:
        stack.enter_context(torch.no_grad())
        if autocast and str(device).startswith("cuda"):
            stack.enter_context(torch.autocast("cuda"))
        yield


def is_oom(exc: BaseException) -> bool:
    """True for ``torch.cuda.OutOfMemoryError`` and RuntimeErrors saying "out of memory"."""
    torch = sys.modules.get("torch")
    oom_type = getattr(getattr(torch, "cuda", None), "OutOfMemoryError", None) if torch else None
    if oom_type is not None and isinstance(exc, oom_type):
        return True
    return isinstance(exc, (RuntimeError, MemoryError)) and "out of memory" in str(exc).lower()


def free_cuda_memory() -> None:
    """Release cached CUDA blocks after an out-of-memory error (no-op without CUDA)."""
    torch = sys.modules.get("torch")
    if torch is not None and torch.cuda.is_available():
        torch.cuda.empty_cache()
