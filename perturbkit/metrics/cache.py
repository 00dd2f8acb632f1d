"""Disk cache of metric scores: one SQLite file per metric identity, committed after each batch.

SQLite commits are atomic, so a crash or Ctrl-C loses at most the batch in flight, and an
interrupted run resumes where it stopped. Several processes may share a file (WAL mode with a
busy timeout). Keys are hashes of the inputs; the metric identity is stored with the file so a
hash collision on the file name is detected.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import threading
from collections.abc import Iterable, Mapping
from pathlib import Path

_CHUNK = 500  # SQLite's default limit on host parameters is 999


def identity_hash(identity: str, n: int = 16) -> str:
    return hashlib.sha1(identity.encode("utf-8", "surrogatepass")).hexdigest()[:n]


class ScoreCache:
    """``get_many(keys) -> {key: score}`` and ``put_many({key: score})`` on a SQLite file."""

    def __init__(self, directory: str | Path, identity: str, label: str = "") -> None:
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        slug = re.sub(r"[^A-Za-z0-9_.-]+", "_", label)[:40].strip("_") or "metric"
        self.path = directory / f"{slug}-{identity_hash(identity)}.sqlite"
        self.identity = identity
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None

    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            conn = sqlite3.connect(str(self.path), timeout=60, check_same_thread=False)
            try:
                conn.execute("PRAGMA journal_mode=WAL")
            except sqlite3.DatabaseError:  # e.g. a file system without shared memory
                pass
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("CREATE TABLE IF NOT EXISTS scores (key TEXT PRIMARY KEY, score REAL NOT NULL)")
            conn.execute("CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)")
            conn.execute("INSERT OR IGNORE INTO meta VALUES ('identity', ?)", (self.identity,))
            conn.commit()
            (stored,) = conn.execute("SELECT v FROM meta WHERE k='identity'").fetchone()
            if stored != self.identity:
                conn.close()
                raise RuntimeError(f"score cache {self.path} belongs to another metric ({stored[:80]!r})")
            self._conn = conn
        return self._conn

    def get_many(self, keys: Iterable[str]) -> dict[str, float]:
        keys = list(keys)
        out: dict[str, float] = {}
        with self._lock:
            for i in range(0, len(keys), _CHUNK):
                chunk = keys[i : i + _CHUNK]
                q = f"SELECT key, score FROM scores WHERE key IN ({','.join('?' * len(chunk))})"
                out.update(self.conn.execute(q, chunk).fetchall())
        return out

    def put_many(self, scores: Mapping[str, float]) -> None:
        """Insert and commit (one transaction: all or nothing)."""
        if not scores:
            return
        with self._lock:
            with self.conn:
                self.conn.executemany(
                    "INSERT OR REPLACE INTO scores VALUES (?, ?)", [(k, float(v)) for k, v in scores.items()]
                )

    def __len__(self) -> int:
        with self._lock:
            return int(self.conn.execute("SELECT COUNT(*) FROM scores").fetchone()[0])

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
