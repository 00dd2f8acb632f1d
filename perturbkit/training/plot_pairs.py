"""(plot, story) pairs for training a plot-to-story model, from the released ROC storyline files or JSONL.

``.tsv`` / ``.txt``: one story per line, ``title <EOT> kw<TAB>kw<TAB>#<TAB>kw ... <EOL> </s> sentence
</s> sentence ... @`` (the Plot-guided work's ``rocstories_{train,dev}.tsv``).
``.jsonl``: one object per line with ``plot`` (a storyline string, or a list of lists of items),
``story`` and optionally ``title``.

The storyline files are read by :func:`perturbkit.plot.read_plots` (the same parser as the ROC
reader); this module adds the JSONL form and the checks training needs (no empty plot or story).
"""

from __future__ import annotations

from pathlib import Path

from ..errors import InputError
from ..plot import Plot
from ..plot.read import read_plots


def _json_pair(obj: object) -> tuple[Plot, str]:
    if not isinstance(obj, dict) or "plot" not in obj or "story" not in obj:
        raise ValueError("expected an object with 'plot' and 'story'")
    raw, title = obj["plot"], str(obj.get("title") or "")
    if isinstance(raw, str):
        plot = Plot.from_storyline(raw, title=title)
    elif isinstance(raw, list) and all(isinstance(s, list) for s in raw):
        plot = Plot(tuple(tuple(map(str, s)) for s in raw), title=title)
    else:
        raise ValueError("'plot' must be a storyline string or a list of lists of items")
    story = str(obj["story"]).strip()
    if not story or not len(plot):
        raise ValueError("the plot or the story is empty")
    return plot, story


def read_pairs(path: str | Path, limit: int | None = None) -> list[tuple[Plot, str]]:
    """Every (plot, story) pair of a ``.tsv``/``.txt`` storyline file or a ``.jsonl`` file (the first
    ``limit``); a malformed line raises :class:`~perturbkit.errors.InputError` naming file and line."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"{path}: no such file")
    if path.suffix.lower() not in (".jsonl", ".json"):
        pairs = []
        for rec in read_plots(path, limit=limit):
            if not len(rec.plot) or not rec.text:
                raise InputError(f"{path}:{rec.id.rsplit('-', 1)[1]}: the plot or the story is empty")
            pairs.append((rec.plot, rec.text))
    else:
        pairs = _json_pairs(path, limit)
    if not pairs:
        raise InputError(f"{path}: no (plot, story) pairs")
    return pairs


def _json_pairs(path: Path, limit: int | None) -> list[tuple[Plot, str]]:
    from ..io import iter_jsonl  # malformed JSON is named by file and line there

    pairs: list[tuple[Plot, str]] = []
    for n, rec in iter_jsonl(path):
        if limit is not None and len(pairs) >= limit:
            break
        try:
            pairs.append(_json_pair(rec))
        except ValueError as exc:  # a record without a usable plot or story
            raise InputError(f"{path}:{n}: {exc}") from None
    return pairs
