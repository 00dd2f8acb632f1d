"""Writing output files safely, and checking output paths before any work is done.

:func:`atomic_open` writes a regular file through a temporary file beside it, renamed over it when
the block succeeds, so a crash never leaves half a file. It writes *through* a symbolic link (the
link's target is replaced, the link stays), and writes directly to what cannot be replaced by a
rename: character devices (``/dev/stdout``, ``/dev/null``) and FIFOs.

:func:`check_output_paths` is what every command calls first, before reading data or loading
models: an output that is an input file, a directory, or in a folder that cannot be created or
written fails at once with :class:`~perturbkit.errors.OutputError` instead of after the whole run.

>>> check_output_paths({"--data": "stories.jsonl"}, {"--out": "stories.jsonl"})  # doctest: +SKIP
Traceback (most recent call last):
OutputError: --out stories.jsonl is the input file (--data); write the output somewhere else
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from .errors import OutputError

__all__ = ["atomic_open", "check_output_dir", "check_output_paths"]

PathLike = str | os.PathLike[str]
Paths = Mapping[str, PathLike | None] | Iterable[PathLike | None]


def _target(path: Path) -> Path:
    """Where writing ``path`` really goes: symbolic links followed (also a dangling one)."""
    return Path(os.path.realpath(path))


def _resolve(path: Path, label: str = "") -> tuple[Path, os.stat_result | None]:
    """(the file to write, its status or None when it does not exist yet). Links are followed;
    a device or pipe reached through a link (``/dev/stdout`` -> ``/proc/self/fd/1`` -> a pipe) is
    written through the path given, since the kernel's magic links do not resolve to a name."""
    where = f"{label} {path}" if label else str(path)
    try:
        st = path.stat()
    except FileNotFoundError:
        return _target(path), None
    except OSError as exc:  # a symlink loop, a path component that is a file
        raise OutputError(f"{where}: cannot write here ({exc.strerror})") from None
    if stat.S_ISDIR(st.st_mode):
        raise OutputError(f"{where} is a directory; give a file name")
    return (path if _is_special(st) else _target(path)), st


def _is_special(st: os.stat_result) -> bool:
    """A file that a rename must not replace: a character or block device, a FIFO or a socket."""
    return not (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode))


@contextlib.contextmanager
def atomic_open(path: PathLike, mode: str = "w", encoding: str = "utf-8") -> Iterator[IO[Any]]:
    """Open ``path`` for writing; a regular file is replaced only if the block succeeds.

    A symbolic link is followed (its target is replaced, atomically); a device or FIFO is opened
    and written directly. An existing file keeps its permissions.

    >>> with atomic_open("out.jsonl") as f:  # doctest: +SKIP
    ...     f.write("{}\\n")
    """
    target, st = _resolve(Path(path))
    enc = None if "b" in mode else encoding
    if st is not None and _is_special(st):
        with open(target, mode, encoding=enc) as f:  # a device or pipe: nothing to replace
            yield f
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, mode, encoding=enc) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        # mkstemp makes 0600 files: keep the replaced file's permissions, else the usual ones
        os.chmod(tmp, stat.S_IMODE(st.st_mode) if st is not None else 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


_UMASK: int | None = None


def _umask() -> int:
    """The process umask (read once; os.umask can only be read by setting it)."""
    global _UMASK
    if _UMASK is None:
        _UMASK = os.umask(0o022)
        os.umask(_UMASK)
    return _UMASK


def _labelled(paths: Paths) -> list[tuple[str, Path]]:
    """``{label: path}`` or ``[path, ...]`` -> ``[(label, Path)]``, None entries dropped."""
    items = paths.items() if isinstance(paths, Mapping) else ((str(p), p) for p in paths)
    return [(label, Path(p)) for label, p in items if p is not None and str(p) != ""]


def _same_file(a: Path, b: Path) -> bool:
    """Whether two paths name one file (symbolic and hard links included)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return _target(a) == _target(b)


def _writable_dir(folder: Path, label: str, path: Path) -> None:
    """``folder`` exists (or can be created) and new files can be made in it."""
    probe = folder
    while not probe.exists():  # the nearest existing ancestor: missing folders are created
        if probe.parent == probe:
            break
        probe = probe.parent
    if not probe.is_dir():
        raise OutputError(f"{label} {path}: {probe} is not a directory")
    if not os.access(probe, os.W_OK | os.X_OK):
        raise OutputError(f"{label} {path}: the folder {probe} is not writable")


def check_output_paths(inputs: Paths, outputs: Paths) -> None:
    """Raise :class:`~perturbkit.errors.OutputError` unless every output can be written without
    harm: it is not one of the inputs (nor another output), not a directory, and its folder exists
    or can be created and is writable (a device such as ``/dev/null`` must be writable itself).

    Both arguments are ``{option label: path}`` mappings (labels appear in messages) or plain
    lists of paths; None entries (options not given) are skipped.
    """
    ins = _labelled(inputs)
    outs = _labelled(outputs)
    for i, (label, path) in enumerate(outs):
        for in_label, in_path in ins:
            if in_path.exists() and _same_file(path, in_path):
                raise OutputError(f"{label} {path} is the input file ({in_label}); write the output somewhere else")
        for other_label, other in outs[:i]:
            if _target(other) == _target(path) or other.exists() and _same_file(path, other):
                raise OutputError(f"{label} {path} is also given to {other_label}; give two different files")
        target, st = _resolve(path, label)
        if st is not None and _is_special(st):
            if not os.access(target, os.W_OK):
                raise OutputError(f"{label} {path} is not writable")
            continue
        _writable_dir(target.parent, label, path)


def check_output_dir(path: PathLike | None, label: str = "folder") -> None:
    """Raise :class:`~perturbkit.errors.OutputError` unless ``path`` is a writable directory or
    can be created as one (for cache folders and output directories)."""
    if path is None:
        return
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise OutputError(f"{label} {p} is a file, not a folder")
    _writable_dir(p, label, p)
