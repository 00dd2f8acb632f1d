"""ConceptNet's contradiction relations (Antonym, NotDesires, NotCapableOf, NotHasProperty) as a
prepared resource in the cache dir, built once from a ``head|||/r/Relation|||tail tail ...`` file by
``perturbkit prepare conceptnet-antonyms --source PATH`` (the file is never copied into the project).

:func:`contradiction_provider` opens the prepared file (an edge provider of
:mod:`perturbkit.resources.conceptnet`), or returns None when it has not been prepared.

>>> prepare_contradictions("conceptnet_antonym.txt")  # doctest: +SKIP
PosixPath('/home/me/.cache/perturbkit/conceptnet/contradictions.txt')
"""

from __future__ import annotations

import functools
from pathlib import Path

from ..errors import InputError
from ..outputs import atomic_open
from .config import cache_dir
from .errors import ResourceMissing

RELATIONS = ("Antonym", "NotDesires", "NotCapableOf", "NotHasProperty")
FILE = "contradictions.txt"
PREPARE = "perturbkit prepare conceptnet-antonyms --source PATH/conceptnet_antonym.txt"


def prepared_path(create: bool = False) -> Path:
    """Where the prepared file lives: ``<cache_dir>/conceptnet/contradictions.txt``."""
    return cache_dir("conceptnet", create=create) / FILE


def prepare_contradictions(source: str | Path, target: str | Path | None = None, *, force: bool = False) -> Path:
    """Keep the lines of ``source`` with one of :data:`RELATIONS` and at least one tail; write them
    atomically to ``target`` (default :func:`prepared_path`). Malformed lines are errors naming the
    file and line. Returns the written path."""
    source = Path(source)
    dest = Path(target) if target is not None else prepared_path(create=True)
    if dest.exists() and not force:
        return dest
    if not source.is_file():
        raise ResourceMissing(f"ConceptNet contradiction file {source}", PREPARE, "no such file")
    kept = []
    try:
        with open(source, encoding="utf-8") as fh:
            for no, line in enumerate(fh, 1):
                line = line.rstrip("\r\n")
                if not line.strip() or line.startswith("#"):
                    continue
                parts = line.split("|||")
                if len(parts) != 3 or not parts[0].strip() or not parts[1].startswith("/r/"):
                    raise InputError(f"{source}:{no}: expected 'head|||/r/Relation|||tail tail ...', got {line[:80]!r}")
                if parts[1][3:] in RELATIONS and parts[2].split():
                    kept.append(f"{parts[0].strip()}|||{parts[1]}|||{' '.join(parts[2].split())}\n")
    except UnicodeDecodeError as exc:
        raise InputError(f"{source}: not UTF-8 text ({exc.reason})") from None
    if not kept:
        raise InputError(f"{source}: no line with a relation among {', '.join(RELATIONS)} and a tail")
    with atomic_open(dest) as out:
        out.writelines(kept)
    _provider.cache_clear()
    return dest


def contradiction_provider(path: str | Path | None = None):
    """An edge provider over the prepared file (or ``path``); None when there is none."""
    p = Path(path) if path is not None else prepared_path()
    return _provider(str(p)) if p.is_file() else None


@functools.lru_cache(maxsize=4)
def _provider(path: str):
    from .conceptnet import EdgeListProvider

    return EdgeListProvider(path)
