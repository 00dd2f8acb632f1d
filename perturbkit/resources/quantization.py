"""Int8 weights for an encoder on CPU: torch's dynamic quantization of every ``nn.Linear``.

The weights are stored as int8 (per tensor) and each activation is quantized on the fly, so a
MiniLM sentence encoder runs about 2.4x faster on one CPU thread; its cosines move by up to a few
hundredths (docs/benchmarks.md has the measured figures). CUDA keeps float weights: the dynamic
int8 kernels are CPU-only. Torch is imported inside the functions.

>>> is_cpu("cpu"), is_cpu("cuda:0")
(True, False)
"""

from __future__ import annotations

import warnings
from typing import Any

QUANTIZE = (None, "int8")


def check_quantize(quantize: str | None) -> str | None:
    """``quantize`` unchanged when it is one of :data:`QUANTIZE`, else ValueError."""
    if quantize not in QUANTIZE:
        raise ValueError(f"quantize must be one of {', '.join(str(q) for q in QUANTIZE)}, got {quantize!r}")
    return quantize


def is_cpu(device: str) -> bool:
    """Whether a resolved device string names the CPU (``"cpu"``, ``"cpu:0"``)."""
    return str(device).split(":")[0] == "cpu"


def quantize_linear_int8(model: Any) -> Any:
    """``model`` with its ``nn.Linear`` layers replaced, in place, by dynamically quantized int8
    ones (``torch.ao.quantization.quantize_dynamic``), in eval mode. Torch's deprecation notices
    about ``torch.ao.quantization`` are silenced: the API is still the one that does this."""
    import torch

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.filterwarnings("ignore", message=".*quantize_per_(tensor|channel)", category=UserWarning)
        from torch.ao.quantization import quantize_dynamic

        model.eval()
        return quantize_dynamic(model, {torch.nn.Linear}, dtype=torch.qint8, inplace=True)
