"""Tables derived from resource files, kept in the cache dir so the next process reads them back
instead of parsing the sources again (WordNet's index, lemminflect's lookup tables).

A cache file is named by a digest of the sources' paths, sizes and modification times and of
whatever else the table depends on (format version, Python version), so a changed source or a new
release of the table's shape gets a new file. It is written atomically; a damaged, foreign or
unreadable file is rebuilt, never trusted, and a read-only cache dir only costs speed.

>>> path = keyed_path(cache_dir("lemminflect"), "infl", [source], "v1")   # doctest: +SKIP
>>> table = load(path)          # None when absent or unsound   # doctest: +SKIP
>>> save(path, table)           # doctest: +SKIP
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any


def keyed_path(folder: Path, prefix: str, sources: Iterable[Path], *extra: Any, suffix: str = "marshal") -> Path | None:
    """``folder/<prefix>-<digest>.<suffix>``, the digest over each source's resolved path, size
    and mtime, ``extra``, and the Python version and byte order (marshal's format depends on
    them); None when a source cannot be stat'ed."""
    try:
        stamp = [(str(Path(s).resolve()), st.st_size, st.st_mtime_ns) for s in sources for st in [os.stat(s)]]
    except OSError:
        return None
    key = repr((stamp, extra, sys.version_info[:2], sys.byteorder))
    return Path(folder) / f"{prefix}-{hashlib.sha256(key.encode()).hexdigest()[:20]}.{suffix}"


def load(path: Path | None, loads: Callable[[bytes], Any] = marshal.loads) -> Any | None:
    """The value stored at ``path``, or None when there is none or it cannot be read back."""
    if path is None:
        return None
    try:
        return loads(path.read_bytes())
    except Exception:  # absent, truncated or foreign: the caller rebuilds it
        return None


def save(path: Path | None, value: Any, dumps: Callable[[Any], bytes] = marshal.dumps) -> None:
    """Store ``value`` at ``path`` atomically (readers see the whole file or none)."""
    if path is None:
        return
    tmp = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(dumps(value))
        os.replace(tmp, path)
    except (OSError, ValueError):  # a read-only cache dir, or a value marshal cannot hold
        with contextlib.suppress(OSError):
            tmp.unlink()
