"""Disk cache of metric scores: one SQLite file per metric identity, committed after each batch.

SQLite commits are atomic, so a crash or Ctrl-C loses at most the batch in flight, and an
interrupted run resumes where it stopped. Several processes may share a file (WAL mode with a
busy timeout). Keys are hashes of the inputs; the metric identity is stored with the file so a
hash collision on the file name is detected.

A damaged file (truncated, overwritten, a directory in its place, another metric's cache copied
over it) is set aside as ``<name>.damaged-<timestamp>`` with a :class:`ScoreCacheWarning` naming
both, and a new cache is started: its scores are computed again, and no later run trips over it.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import sqlite3
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TypeVar

from ..errors import OutputError

_CHUNK = 500  # SQLite's default limit on host parameters is 999
_T = TypeVar("_T")


def identity_hash(identity: str, n: int = 16) -> str:
    return hashlib.sha1(identity.encode("utf-8", "surrogatepass")).hexdigest()[:n]


class ScoreCacheWarning(UserWarning):
    """A damaged score cache file was set aside and a new one started."""


class _Damaged(Exception):
    """The file is not a usable score cache of this metric."""


_DAMAGE_CODES = ("SQLITE_CORRUPT", "SQLITE_NOTADB")  # extended codes start with these


def _is_damage(exc: BaseException) -> bool:
    """Whether an error means the file is damaged (not busy, locked, unreadable or a full disk)."""
    if isinstance(exc, _Damaged):
        return True
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    name = getattr(exc, "sqlite_errorname", None)
    if name is None:  # an error without a code: only the two messages that mean damage
        return "not a database" in str(exc) or "malformed" in str(exc)
    return name.startswith(_DAMAGE_CODES)


class ScoreCache:
    """``get_many(keys) -> {key: score}`` and ``put_many({key: score})`` on a SQLite file."""

    def __init__(self, directory: str | Path, identity: str, label: str = "") -> None:
        directory = Path(directory)
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            raise OutputError(f"score cache folder {directory} is a file, not a folder") from None
        except PermissionError:
            raise OutputError(f"score cache folder {directory} cannot be created (permission denied)") from None
        slug = re.sub(r"[^A-Za-z0-9_.-]+", "_", label)[:40].strip("_") or "metric"
        self.path = directory / f"{slug}-{identity_hash(identity)}.sqlite"
        self.identity = identity
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None

    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            self._conn = self._recovering(self._open)
        return self._conn

    def _open(self) -> sqlite3.Connection:
        if self.path.is_dir():
            raise _Damaged("a directory is in its place")
        conn = sqlite3.connect(str(self.path), timeout=60, check_same_thread=False)
        try:
            try:
                conn.execute("PRAGMA journal_mode=WAL")
            except sqlite3.OperationalError:  # e.g. a file system without shared memory
                pass
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("CREATE TABLE IF NOT EXISTS scores (key TEXT PRIMARY KEY, score REAL NOT NULL)")
            conn.execute("CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)")
            conn.execute("INSERT OR IGNORE INTO meta VALUES ('identity', ?)", (self.identity,))
            conn.commit()
            (stored,) = conn.execute("SELECT v FROM meta WHERE k='identity'").fetchone()
            if stored != self.identity:
                raise _Damaged(f"it holds another metric's scores: {stored[:80]!r}")
        except BaseException:
            conn.close()
            raise
        return conn

    def _recovering(self, op: Callable[[], _T]) -> _T:
        """``op()``; when the file turns out damaged, set it aside, start a new one, run ``op`` again."""
        try:
            return op()
        except (sqlite3.DatabaseError, _Damaged) as exc:
            if not _is_damage(exc):
                raise
            self._set_aside(exc)
        return op()

    def _set_aside(self, exc: BaseException) -> None:
        """Rename the damaged file (and its WAL files) to ``*.damaged-<timestamp>`` and warn."""
        if self._conn is not None:
            with contextlib.suppress(sqlite3.Error):
                self._conn.close()
            self._conn = None
        aside = self.path.with_name(f"{self.path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}")
        try:
            os.replace(self.path, aside)
        except FileNotFoundError:  # another process set it aside first
            return
        except OSError as err:
            raise OutputError(
                f"score cache {self.path} is damaged ({exc}) and cannot be moved aside ({err.strerror}); "
                f"delete it, or run without the cache (--no-cache)"
            ) from None
        for suffix in ("-wal", "-shm"):
            with contextlib.suppress(OSError):
                os.replace(self.path.with_name(self.path.name + suffix), aside.with_name(aside.name + suffix))
        warnings.warn(
            f"score cache {self.path} was damaged ({exc}); moved it to {aside.name} and started a new one "
            f"(its scores are computed again)",
            ScoreCacheWarning,
            stacklevel=2,
        )

    def get_many(self, keys: Iterable[str]) -> dict[str, float]:
        keys = list(keys)

        def read() -> dict[str, float]:
            out: dict[str, float] = {}
            for i in range(0, len(keys), _CHUNK):
                chunk = keys[i : i + _CHUNK]
                q = f"SELECT key, score FROM scores WHERE key IN ({','.join('?' * len(chunk))})"
                out.update(self.conn.execute(q, chunk).fetchall())
            return out

        with self._lock:
            return self._recovering(read)

    def put_many(self, scores: Mapping[str, float]) -> None:
        """Insert and commit (one transaction: all or nothing)."""
        if not scores:
            return
        rows = [(k, float(v)) for k, v in scores.items()]

        def write() -> None:
            with self.conn:
                self.conn.executemany("INSERT OR REPLACE INTO scores VALUES (?, ?)", rows)

        with self._lock:
            self._recovering(write)

    def __len__(self) -> int:
        with self._lock:
            return int(self._recovering(lambda: self.conn.execute("SELECT COUNT(*) FROM scores").fetchone()[0]))

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __getstate__(self) -> dict:  # picklable for process/Ray executors: reopen on the other side
        d = dict(self.__dict__)
        d["_conn"] = None
        d["_lock"] = None
        return d

    def __setstate__(self, d: dict) -> None:
        self.__dict__.update(d)
        self._lock = threading.Lock()
