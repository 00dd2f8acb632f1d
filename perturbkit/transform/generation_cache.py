"""Disk cache of generated strings: one SQLite file per model identity under
``<cache dir>/generations/``.

A row's key hashes what determines the text given the model: the prompt, the input, the
generation settings, the seed and the candidate index. Commits are atomic and several processes
may share a file (WAL mode, busy timeout), so an interrupted run keeps every batch it finished
and a rerun generates only what is missing. A damaged or foreign file is moved aside
(``<name>.damaged-<time>``) with a warning and rebuilt empty: a cache is never trusted over
regenerating.

>>> cache = GenerationCache('{"model": "..."}')                     # doctest: +SKIP
>>> cache.put_many({generation_key("Rewrite: ", "He left.", {}, 7, 0): ("He went away.", False)})  # doctest: +SKIP
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sqlite3
import threading
import time
import warnings
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

_CHUNK = 500  # SQLite's default limit on host parameters is 999
_STORES: dict[Path, GenerationCache] = {}
_STORES_LOCK = threading.Lock()


def generation_key(prompt: str, text: str, settings: Mapping[str, Any], seed: int | None, candidate: int) -> str:
    """The key of one generated string (the model identity names the file it is stored in)."""
    blob = json.dumps([prompt, text, dict(sorted(settings.items())), seed, candidate], ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8", "surrogatepass")).hexdigest()


def _is_damage(exc: sqlite3.DatabaseError) -> bool:
    """Not a database, malformed, or the wrong tables; a busy or locked file is not damage."""
    if isinstance(exc, sqlite3.OperationalError):
        msg = str(exc).lower()
        return "no such table" in msg or "no such column" in msg or "has no column" in msg
    return True


class GenerationCache:
    """``get_many(keys) -> {key: (text, truncated)}`` and ``put_many({key: (text, truncated)})``."""

    def __init__(self, identity: str, directory: str | Path | None = None, label: str = "") -> None:
        if directory is None:
            from ..resources.config import cache_dir

            directory = cache_dir("generations")
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        digest = hashlib.sha256(identity.encode("utf-8", "surrogatepass")).hexdigest()[:16]
        slug = re.sub(r"[^A-Za-z0-9_.-]+", "_", label)[-40:].strip("_") or "model"
        self.path = directory / f"{slug}-{digest}.sqlite"
        self.identity = identity
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None

    @classmethod
    def shared(cls, identity: str, label: str = "") -> GenerationCache:
        """The process-wide store for a model identity in the current cache dir."""
        probe = cls(identity, label=label)
        with _STORES_LOCK:
            return _STORES.setdefault(probe.path, probe)

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(str(self.path), timeout=60, check_same_thread=False)
        try:
            with contextlib.suppress(sqlite3.OperationalError):  # a file system without shared memory
                conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute(
                "CREATE TABLE IF NOT EXISTS generations (key TEXT PRIMARY KEY, text TEXT NOT NULL, truncated INTEGER)"
            )
            conn.execute("CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)")
            conn.execute("INSERT OR IGNORE INTO meta VALUES ('identity', ?)", (self.identity,))
            conn.commit()
            (stored,) = conn.execute("SELECT v FROM meta WHERE k='identity'").fetchone()
        except BaseException:
            conn.close()
            raise
        if stored != self.identity:
            conn.close()
            raise sqlite3.DatabaseError(f"the file belongs to another model ({stored[:80]!r})")
        return conn

    def _set_aside(self, exc: Exception) -> None:
        """Move a damaged file (and its WAL side files) aside and warn."""
        if self._conn is not None:
            with contextlib.suppress(sqlite3.Error):
                self._conn.close()
            self._conn = None
        aside = self.path.with_name(f"{self.path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}")
        with contextlib.suppress(OSError):
            os.replace(self.path, aside)
        for side in ("-wal", "-shm"):
            with contextlib.suppress(OSError):
                os.unlink(f"{self.path}{side}")
        warnings.warn(
            f"generation cache {self.path} was unreadable ({exc}); moved it to {aside.name} and started a new one",
            RuntimeWarning,
            stacklevel=4,
        )

    def _run(self, op: Any) -> Any:
        """``op(conn)`` on the open file; a damaged file is set aside and the op retried once."""
        for attempt in (0, 1):
            try:
                if self._conn is None:
                    self._conn = self._open()
                return op(self._conn)
            except sqlite3.DatabaseError as exc:
                if attempt or not _is_damage(exc):
                    raise
                self._set_aside(exc)
        raise AssertionError("unreachable")

    def get_many(self, keys: Iterable[str]) -> dict[str, tuple[str, bool]]:
        keys = list(dict.fromkeys(keys))

        def op(conn: sqlite3.Connection) -> dict[str, tuple[str, bool]]:
            out: dict[str, tuple[str, bool]] = {}
            for i in range(0, len(keys), _CHUNK):
                chunk = keys[i : i + _CHUNK]
                q = f"SELECT key, text, truncated FROM generations WHERE key IN ({','.join('?' * len(chunk))})"
                out.update((k, (t, bool(tr))) for k, t, tr in conn.execute(q, chunk).fetchall())
            return out

        with self._lock:
            return self._run(op)

    def put_many(self, rows: Mapping[str, tuple[str, bool]]) -> None:
        """Insert and commit in one transaction (all or nothing)."""
        if not rows:
            return
        values = [(k, t, int(tr)) for k, (t, tr) in rows.items()]

        def op(conn: sqlite3.Connection) -> None:
            with conn:
                conn.executemany("INSERT OR REPLACE INTO generations VALUES (?, ?, ?)", values)

        with self._lock:
            self._run(op)

    def __len__(self) -> int:
        with self._lock:
            return int(self._run(lambda c: c.execute("SELECT COUNT(*) FROM generations").fetchone()[0]))

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __getstate__(self) -> dict[str, Any]:  # picklable: reopened on the other side
        d = dict(self.__dict__)
        d["_conn"] = None
        d["_lock"] = None
        return d

    def __setstate__(self, d: dict[str, Any]) -> None:
        self.__dict__.update(d)
        self._lock = threading.Lock()
