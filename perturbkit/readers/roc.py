"""ROCStories TSV with storylines (``title <EOT> kw # kw ... <EOL> </s> sentence . </s> ...``) and
AF_ManPlts (``group_index<TAB>label<TAB>position<TAB>story``); ids ``<file stem>-<line>``."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..example import Example
from ..io import Columns, Located

_ROC_SHAPE = "expected 'title <EOT> kw kw # kw ... <EOL> </s> sentence . </s> sentence . ...'"


def _storyline(s: str) -> list[list[str]]:
    """Tab-separated keywords, ``#`` between sentences -> keywords per sentence."""
    groups: list[list[str]] = [[]]
    for tok in s.split("\t"):
        tok = tok.strip()
        if tok == "#":
            groups.append([])
        elif tok:
            groups[-1].append(tok)
    return groups


def parse_roc_line(line: str, where: str) -> tuple[str | None, list[list[str]] | None, list[str]]:
    """One released ROC line: (title, storyline items per sentence, sentences); ``where`` names
    the file and line in errors."""
    title: str | None = None
    storyline: list[list[str]] | None = None
    body = line
    if "<EOT>" in body:
        head, body = body.split("<EOT>", 1)
        title = head.strip() or None
    if "<EOL>" in body:
        plot, body = body.split("<EOL>", 1)
        storyline = _storyline(plot)
    if "</s>" not in body:
        raise InputError(f"{where}: no '</s>' sentence markers; {_ROC_SHAPE}")
    sents = [s.strip() for s in body.split("</s>")]
    if sents and sents[0] == "":
        sents = sents[1:]
    if sents and (sents[-1] == "@" or sents[-1].endswith(" @")):  # end-of-story marker in the release
        sents[-1] = sents[-1][:-1].rstrip()
    if not sents or any(not s for s in sents):
        raise InputError(f"{where}: empty sentence between '</s>' markers; {_ROC_SHAPE}")
    return title, storyline, sents


def _lines(path: Path) -> Iterator[tuple[int, str, str]]:
    """(line number, ``file:line`` for errors, line without its end) of each non-blank line."""
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\r\n")
            if line.strip():
                yield lineno, f"{path}:{lineno}", line


def _iter_roc(path: Path, context_sentences: int) -> Located:
    if context_sentences < 0:
        raise ValueError(f"context_sentences must be >= 0, got {context_sentences}")
    for lineno, where, line in _lines(path):
        title, storyline, sents = parse_roc_line(line, where)
        if context_sentences >= len(sents):
            raise InputError(
                f"{where}: story has {len(sents)} sentences, cannot move "
                f"{context_sentences} to the context and keep a text"
            )
        ctx = " ".join(sents[:context_sentences]) or None
        meta: dict[str, Any] = {"title": title, "storyline": storyline}
        yield (
            where,
            Example(" ".join(sents[context_sentences:]), id=f"{path.stem}-{lineno}", context=ctx, meta=meta),
        )


def read_roc(path: str | os.PathLike[str], *, context_sentences: int = 0, limit: int | None = None) -> list[Example]:
    """ROCStories TSV with storylines; ``context_sentences=1`` moves the first sentence to the context
    (OpenMEVA's setting: the leading sentence is the input, the other four the story)."""
    path = Path(path)
    if not path.exists():
        raise InputError(f"{path}: no such file")
    out = []
    for _, ex in _iter_roc(path, context_sentences):
        out.append(ex)
        if limit is not None and len(out) >= limit:
            break
    return out


def _read_roc_af(path: Path, cols: Columns) -> Located:
    """AF_ManPlts: each group is one human story (label 1) followed by its implausible negatives."""
    group = -1
    for lineno, where, line in _lines(path):
        parts = line.split("\t")
        if len(parts) != 4:
            raise InputError(
                f"{where}: expected 4 tab-separated fields (group_index, label, position, story), got {len(parts)}"
            )
        index, label, position, story = parts
        if label.strip() not in ("0", "1"):
            raise InputError(f"{where}: label must be 0 or 1, got {label!r}")
        if not story.strip():
            raise InputError(f"{where}: empty story")
        if label.strip() == "1" or group < 0:
            group += 1
        meta = {"label": int(label), "group": group, "index": _maybe_int(index), "position": _maybe_int(position)}
        yield where, Example(story.strip(), id=f"{path.stem}-{lineno}", meta=meta)


def _maybe_int(s: str) -> int | str:
    s = s.strip()
    return int(s) if re.fullmatch(r"-?\d+", s) else s


def read_roc_af(path: str | os.PathLike[str]) -> list[Example]:
    """AF_ManPlts TSV: ``meta["label"]`` 1 for the human story, 0 for its plot-manipulated negatives."""
    from ..io import read_examples

    return read_examples(path, fmt="roc_af")


def _read_roc(path: Path, cols: Columns) -> Located:
    return _iter_roc(path, 0)


def _read_roc_lead(path: Path, cols: Columns) -> Located:
    """OpenMEVA's setting: the leading sentence is the context."""
    return _iter_roc(path, 1)
