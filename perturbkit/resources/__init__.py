"""Lazily loaded, cached resources: spaCy pipeline, WordNet, lexicons, ConceptNet, models.

Every loader raises :class:`ResourceMissing` naming the exact command that installs what is
missing, so a user never sees a bare ``OSError`` from deep inside spaCy or nltk.
"""

from __future__ import annotations

from .config import cache_dir, settings
from .errors import ResourceMissing

__all__ = ["ResourceMissing", "cache_dir", "settings"]
