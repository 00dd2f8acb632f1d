"""WritingPrompts ``x.source``/``x.target`` line-aligned pairs (either file names the pair); ids
``<file stem>-<line>``."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..example import Example
from ..io import Columns, Located
from ..textfiles import utf8_error


def _wp_pair(path: Path) -> tuple[Path, Path]:
    if path.suffix not in (".source", ".target"):
        raise InputError(f"{path}: WritingPrompts data is a pair of files x.source / x.target; give either one")
    src, tgt = path.with_suffix(".source"), path.with_suffix(".target")
    for p in (src, tgt):
        if not p.exists():
            raise InputError(f"{path}: the other file of the pair is missing: {p}")
    return src, tgt


def _count_lines(p: Path) -> tuple[int, int]:
    """(lines, lines that look like a storyline: tab-separated keywords or ``</s>`` markers)."""
    n = plot = 0
    with open(p, "rb") as f:
        for line in f:
            n += 1
            plot += b"\t" in line or b"</s>" in line
    return n, plot


def _wp_text(s: str) -> str:
    """Release markup to plain text: ``<newline>`` is a paragraph break, ``</s>`` a sentence boundary."""
    s = re.sub(r"\s*<newline>\s*", "\n", s.strip())
    s = re.sub(r"[ \t]*</s>[ \t]*", " ", s)
    return "\n".join(" ".join(part.split()) for part in s.split("\n")).strip()


def _wp_source(s: str, storyline: bool) -> tuple[str | None, list[list[str]] | None]:
    """A source line is a prompt, or (Plot-guided release) a storyline: tab-separated keywords, ``</s>``
    between sentences. Returns (prompt, storyline)."""
    s = s.strip()
    if storyline:
        groups = [[k.strip() for k in g.split("\t") if k.strip()] for g in s.split("</s>")]
        return None, groups
    return (_wp_text(s) or None), None


def _read_wp(path: Path, cols: Columns) -> Located:
    src, tgt = _wp_pair(path)
    (n_src, n_plot), (n_tgt, _) = _count_lines(src), _count_lines(tgt)
    storyline = n_plot > 0  # a storyline file (prompts never hold tabs or </s>)
    if n_src != n_tgt:
        raise InputError(
            f"{src} has {n_src} lines but {tgt} has {n_tgt}: the pair is misaligned "
            f"(line i of .target must be the story for line i of .source)"
        )
    stem = tgt.stem
    try:
        with open(src, encoding="utf-8") as fs, open(tgt, encoding="utf-8") as ft:
            for lineno, (s, t) in enumerate(zip(fs, ft), 1):
                story = _wp_text(t)
                if not story:
                    continue
                prompt, plot = _wp_source(s, storyline)
                meta: dict[str, Any] = {"storyline": plot} if plot is not None else {}
                yield f"{tgt}:{lineno}", Example(story, id=f"{stem}-{lineno}", context=prompt, meta=meta)
    except UnicodeDecodeError as exc:  # either file of the pair: say which
        raise utf8_error(exc, [src, tgt]) from None


def read_wp(path: str | os.PathLike[str]) -> list[Example]:
    """WritingPrompts ``x.source``/``x.target`` pair (either path): story = target line, context = prompt."""
    from ..io import read_examples

    return read_examples(path, fmt="wp")
