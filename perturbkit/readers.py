"""Readers for the released story-evaluation formats, DataFrames and Hugging Face datasets.

Registered in :data:`perturbkit.registry.readers` by name (this module is imported only when one
of them is asked for), so ``read_examples(path, fmt=...)`` knows them:

- ``mans``: OpenMEVA MANS JSON (``{id: {"prompt", "gold_response", "gen": {model: {"text", "score"}}}}``),
  one Example per generated story; ``.json`` files whose records have ``"gen"`` are detected.
- ``roc``: ROCStories TSV with storylines (``title <EOT> kw # kw ... <EOL> </s> sentence . </s> ...``);
  ``roc_lead`` is the same with the first sentence as the context (OpenMEVA's setting).
- ``roc_af``: AF_ManPlts ``group_index<TAB>label<TAB>position<TAB>story``.
- ``wp``: WritingPrompts ``x.source``/``x.target`` line-aligned pairs (give either file).

Ids are stable: ``<input id>/<model>`` for MANS, ``<file stem>-<line>`` for the line formats.
Every error names the file and the line or record id.

>>> from perturbkit.io import read_examples
>>> exs = read_examples("mans_roc_dev.json", fmt="mans")   # doctest: +SKIP
>>> exs[0].id, exs[0].meta["system"], exs[0].meta["rating"]  # doctest: +SKIP
('15/fusion', 'fusion', 3.4)
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from .errors import InputError
from .example import Example
from .io import Columns, Reader, _row_to_example

__all__ = [
    "from_dataframe",
    "from_hf_dataset",
    "read_mans",
    "read_roc",
    "read_roc_af",
    "read_wp",
    "to_dataframe",
    "to_hf_dataset",
]

Located = Iterator[tuple[str, Example]]

# ---------------------------------------------------------------- OpenMEVA MANS


def _mean_rating(score: Any) -> float | None:
    """Mean of a list of numeric ratings; None when missing, empty or not all finite numbers."""
    if not isinstance(score, (list, tuple)) or not score:
        return None
    if not all(isinstance(s, (int, float)) and not isinstance(s, bool) and math.isfinite(s) for s in score):
        return None
    return sum(score) / len(score)


def _iter_mans(path: Path, data: Mapping[str, Any]) -> Located:
    for rid, rec in data.items():
        where = f"{path}: record {rid!r}"
        if not isinstance(rec, dict):
            raise InputError(
                f"{where}: expected an object with 'prompt', 'gold_response' and 'gen', got {type(rec).__name__}"
            )
        gen = rec.get("gen")
        if not isinstance(gen, dict):
            raise InputError(f"{where}: missing 'gen' object ({{model: {{'text', 'score'}}}})")
        prompt, gold = rec.get("prompt"), rec.get("gold_response")
        for (
            name,
            val,
        ) in (("prompt", prompt), ("gold_response", gold)):
            if val is not None and not isinstance(val, str):
                raise InputError(f"{where}: '{name}' must be a string, got {type(val).__name__}")
        for model, g in gen.items():
            gwhere = f"{where}, model {model!r}"
            if not isinstance(g, dict) or not isinstance(g.get("text"), str):
                raise InputError(f"{gwhere}: expected {{'text': str, 'score': [numbers]}}")
            score = g.get("score")
            meta = {
                "system": model,
                "rating": _mean_rating(score),
                "ratings": list(score) if isinstance(score, (list, tuple)) else score,
                "input_id": str(rid),
            }
            yield (
                gwhere,
                Example(g["text"], id=f"{rid}/{model}", context=prompt or None, reference=gold or None, meta=meta),
            )


def _load_json(path: Path) -> Any:
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}:{exc.lineno}: malformed JSON ({exc.msg} at column {exc.colno})") from None


def _read_mans(path: Path, cols: Columns) -> Located:
    data = _load_json(path)
    if not isinstance(data, dict):
        raise InputError(f"{path}: MANS JSON must be an object {{id: record}}, got {type(data).__name__}")
    yield from _iter_mans(path, data)


def _looks_like_mans(data: Any) -> bool:
    return isinstance(data, dict) and bool(data) and all(isinstance(v, dict) and "gen" in v for v in data.values())


def _read_json(path: Path, cols: Columns) -> Located:
    """A ``.json`` file: MANS when its records have "gen", else a list of story objects."""
    data = _load_json(path)
    if _looks_like_mans(data):
        yield from _iter_mans(path, data)
        return
    if not isinstance(data, list):
        raise InputError(
            f"{path}: expected a JSON list of story objects or OpenMEVA MANS records "
            f"({{id: {{'prompt', 'gold_response', 'gen'}}}})"
        )
    for i, row in enumerate(data):
        where = f"{path}: item {i}"
        if not isinstance(row, dict):
            raise InputError(f"{where}: expected a JSON object, got {type(row).__name__}")
        yield where, _row_to_example(row, cols, where)


def read_mans(path: str | os.PathLike[str]) -> list[Example]:
    """OpenMEVA MANS JSON: one Example per generated story, mean human rating in ``meta["rating"]``."""
    from .io import read_examples

    return read_examples(path, fmt="mans")


# ---------------------------------------------------------------- ROCStories with storylines

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


def _roc_line(line: str, where: str) -> tuple[str | None, list[list[str]] | None, list[str]]:
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


def _iter_roc(path: Path, context_sentences: int) -> Located:
    if context_sentences < 0:
        raise ValueError(f"context_sentences must be >= 0, got {context_sentences}")
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\r\n")
            if not line.strip():
                continue
            where = f"{path}:{lineno}"
            title, storyline, sents = _roc_line(line, where)
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
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\r\n")
            if not line.strip():
                continue
            where = f"{path}:{lineno}"
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
    from .io import read_examples

    return read_examples(path, fmt="roc_af")


# ---------------------------------------------------------------- WritingPrompts pairs


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
    with open(src, encoding="utf-8") as fs, open(tgt, encoding="utf-8") as ft:
        for lineno, (s, t) in enumerate(zip(fs, ft), 1):
            story = _wp_text(t)
            if not story:
                continue
            prompt, plot = _wp_source(s, storyline)
            meta: dict[str, Any] = {"storyline": plot} if plot is not None else {}
            yield f"{tgt}:{lineno}", Example(story, id=f"{stem}-{lineno}", context=prompt, meta=meta)


def read_wp(path: str | os.PathLike[str]) -> list[Example]:
    """WritingPrompts ``x.source``/``x.target`` pair (either path): story = target line, context = prompt."""
    from .io import read_examples

    return read_examples(path, fmt="wp")


# ---------------------------------------------------------------- DataFrame and HF datasets


def _plain(v: Any) -> Any:
    """NaN -> None and numpy scalars/arrays -> Python values, so Examples stay JSON-serialisable."""
    if isinstance(v, float) and math.isnan(v) or type(v).__name__ in ("NAType", "NaTType"):
        return None
    if hasattr(v, "item") and getattr(v, "ndim", 0) == 0 and type(v).__module__ == "numpy":
        v = v.item()
        return None if isinstance(v, float) and math.isnan(v) else v
    if hasattr(v, "tolist") and type(v).__module__ == "numpy":
        return v.tolist()
    return v


def _rows_to_examples(rows: Iterable[tuple[str, Mapping[str, Any]]], cols: Columns) -> list[Example]:
    out: list[Example] = []
    seen: dict[str, str] = {}
    for where, row in rows:
        row = {str(k): _plain(v) for k, v in row.items()}
        for key in ("meta", "edits"):
            if isinstance(row.get(key), str):  # JSON-encoded by to_hf_dataset
                try:
                    row[key] = json.loads(row[key])
                except json.JSONDecodeError as exc:
                    raise InputError(f"{where}: column {key!r} is not valid JSON ({exc.msg})") from None
        ex = _row_to_example(row, cols, where)
        if ex.id in seen:
            raise InputError(f"{where}: duplicate example id {ex.id!r} (first at {seen[ex.id]})")
        seen[ex.id] = where
        out.append(ex)
    return out


def from_dataframe(df: Any, columns: Columns | None = None) -> list[Example]:
    """Examples from a pandas DataFrame (columns as in :class:`perturbkit.io.Columns`; others go to meta)."""
    if not hasattr(df, "to_dict") or not hasattr(df, "index"):
        raise TypeError(f"from_dataframe expects a pandas DataFrame, got {type(df).__name__}")
    records = df.to_dict("records")
    return _rows_to_examples(((f"DataFrame row {idx!r}", r) for idx, r in zip(df.index, records)), columns or Columns())


def from_hf_dataset(ds: Any, columns: Columns | None = None) -> list[Example]:
    """Examples from a Hugging Face ``datasets.Dataset`` (pick a split first from a DatasetDict)."""
    if isinstance(ds, Mapping):
        raise TypeError(
            f"from_hf_dataset expects one split, got a DatasetDict with splits {sorted(ds)}; "
            f"pass e.g. ds[{sorted(ds)[0]!r}]"
        )
    name = getattr(getattr(ds, "info", None), "dataset_name", None) or "dataset"
    return _rows_to_examples(((f"{name} row {i}", r) for i, r in enumerate(ds)), columns or Columns())


def _records(examples: Iterable[Example]) -> list[dict[str, Any]]:
    return [
        {
            "id": ex.id,
            "text": ex.text,
            "context": ex.context,
            "reference": ex.reference,
            "meta": dict(ex.meta),
            "parent_id": ex.parent_id,
            "edits": [e.to_dict() for e in ex.edits],
        }
        for ex in examples
    ]


def to_dataframe(examples: Iterable[Example]) -> Any:
    """Examples as a DataFrame (id, text, context, reference, meta, parent_id, edits); inverse of
    :func:`from_dataframe`."""
    import pandas as pd

    return pd.DataFrame(
        _records(examples), columns=["id", "text", "context", "reference", "meta", "parent_id", "edits"]
    )


def to_hf_dataset(examples: Iterable[Example]) -> Any:
    """Examples as a ``datasets.Dataset``; ``meta`` and ``edits`` are JSON strings because Arrow needs one
    schema per column and stories' meta differ. Inverse of :func:`from_hf_dataset`."""
    import datasets

    recs = _records(examples)
    for r in recs:
        r["meta"] = json.dumps(r["meta"], ensure_ascii=False)
        r["edits"] = json.dumps(r["edits"], ensure_ascii=False)
    names = ["id", "text", "context", "reference", "meta", "parent_id", "edits"]
    features = datasets.Features({n: datasets.Value("string") for n in names})
    return datasets.Dataset.from_dict({n: [r[n] for r in recs] for n in names}, features=features)


def _read_roc(path: Path, cols: Columns) -> Located:
    return _iter_roc(path, 0)


def _read_roc_lead(path: Path, cols: Columns) -> Located:
    """OpenMEVA's setting: the leading sentence is the context."""
    return _iter_roc(path, 1)


MANS = Reader(_read_mans)
JSON = Reader(_read_json, (".json",))
ROC = Reader(_read_roc)
ROC_LEAD = Reader(_read_roc_lead)
ROC_AF = Reader(_read_roc_af)
WP = Reader(_read_wp, (".source", ".target"))
