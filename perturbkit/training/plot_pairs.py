"""(plot, story) pairs for training a plot-to-story model, from the released ROC storyline files or JSONL.

``.tsv`` / ``.txt``: one story per line, ``title <EOT> kw<TAB>kw<TAB>#<TAB>kw ... <EOL> </s> sentence
</s> sentence ... @`` (the Plot-guided work's ``rocstories_{train,dev}.tsv``).
``.jsonl``: one object per line with ``plot`` (a storyline string, or a list of lists of items),
``story`` and optionally ``title``.

This small reader parses with :meth:`Plot.from_storyline`; a fuller storyline reader (titles, item
kinds, manipulated files) belongs to the plot extraction module.

>>> line = "camping  <EOT> tobias planned\\tcamping trip\\t#\\trefused <EOL>  </s> he planned . </s> she refused . @ "
>>> plot, story = parse_storyline_line(line)
>>> plot.sentences, plot.title, story
((('tobias planned', 'camping trip'), ('refused',)), 'camping', 'he planned . she refused .')
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..errors import InputError
from ..plot import Plot

_SPACES = re.compile(r"\s+")


def parse_storyline_line(line: str) -> tuple[Plot, str]:
    """(plot, story) from one line of a released storyline file; ValueError when it is not one."""
    if "<EOT>" not in line or "<EOL>" not in line:
        raise ValueError("expected 'title <EOT> storyline <EOL> story'")
    title, rest = line.split("<EOT>", 1)
    storyline, story = rest.split("<EOL>", 1)
    story = story.strip()
    if story.endswith("@"):
        story = story[:-1]
    story = _SPACES.sub(" ", story.replace("</s>", " ")).strip()
    plot = Plot.from_storyline(storyline.strip(), title=title)
    if not story or not len(plot):
        raise ValueError("the plot or the story is empty")
    return plot, story


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
    as_json = path.suffix.lower() in (".jsonl", ".json")
    pairs: list[tuple[Plot, str]] = []
    with path.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if limit is not None and len(pairs) >= limit:
                break
            if not line.strip():
                continue
            try:
                pairs.append(_json_pair(json.loads(line)) if as_json else parse_storyline_line(line))
            except ValueError as exc:  # json.JSONDecodeError is a ValueError
                raise InputError(f"{path}:{n}: {exc}") from None
    if not pairs:
        raise InputError(f"{path}: no (plot, story) pairs")
    return pairs
