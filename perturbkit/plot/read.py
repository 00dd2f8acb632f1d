"""Readers for released files that carry plots.

- :func:`read_plots`: ROCStories TSV with storylines (``title <EOT> kw\\tkw\\t#\\tkw ... <EOL> </s>
  sentence </s> ...``, as in ``rocstories_{train,dev}.tsv``) -> :class:`PlotRecord` (the plot with
  its title, the story text, the id ``<file stem>-<line>`` that :func:`perturbkit.readers.read_roc`
  gives the same story).
- :func:`read_manipulated_plots`: one storyline a line (``rocstories_dev_manipulated_plots.tsv``),
  line-aligned with a storyline file; with ``original=`` each plot gets the original's id and plot.

Malformed lines raise :class:`~perturbkit.errors.InputError` naming the file and line.

>>> recs = list(read_plots("rocstories_dev.tsv"))  # doctest: +SKIP
>>> recs[0].plot.title, recs[0].plot.sentences[0], recs[0].id  # doctest: +SKIP
('lobby', ('fall asleep', 'phone rang'), 'rocstories_dev-1')
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from ..errors import InputError
from ..readers.roc import parse_roc_line
from .model import ITEM_SEP, SENTENCE_SEP, Plot


class PlotRecord(NamedTuple):
    """A released story with its plot."""

    plot: Plot
    text: str
    id: str


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    if not path.is_file():
        raise InputError(f"{path}: no such file")
    try:
        with open(path, encoding="utf-8") as fh:
            for no, line in enumerate(fh, 1):
                line = line.rstrip("\r\n")
                if line.strip():
                    yield no, line
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text ({exc.reason})") from None


def read_plots(path: str | os.PathLike[str], *, limit: int | None = None) -> Iterator[PlotRecord]:
    """Stories with their storylines from a ROCStories storyline TSV (lazily, ``limit`` at most).
    A line without ``<EOL>`` (no storyline) is an error; a storyline with fewer ``#`` groups than
    the story has sentences is kept as released."""
    path = Path(path)
    n = 0
    for no, line in _lines(path):
        where = f"{path}:{no}"
        if "<EOL>" not in line:
            raise InputError(f"{where}: no storyline (expected 'title <EOT> kw\\tkw\\t#\\tkw ... <EOL> </s> ...')")
        title, storyline, sents = parse_roc_line(line, where)
        groups = storyline or []  # the release's storyline may miss a sentence (53 of 23,558 train lines)
        plot = Plot(tuple(tuple(g) for g in groups), title=title or "", meta={"id": f"{path.stem}-{no}"})
        yield PlotRecord(plot, " ".join(sents), f"{path.stem}-{no}")
        n += 1
        if limit is not None and n >= limit:
            return


def read_manipulated_plots(
    path: str | os.PathLike[str], *, original: str | os.PathLike[str] | None = None
) -> list[Plot]:
    """Plots one a line (items by tabs, sentences by ``#``). With ``original`` (the storyline file
    the lines follow), each plot takes the original story's id and ``meta["original_plot"]``; the
    two files must have as many stories."""
    path = Path(path)
    plots = []
    for no, line in _lines(path):
        if SENTENCE_SEP not in line or (ITEM_SEP not in line and "  " not in line):
            raise InputError(f"{path}:{no}: expected a storyline 'kw\\tkw\\t#\\tkw ...', got {line[:80]!r}")
        plot = Plot.from_storyline(line)
        plots.append(plot.with_sentences(plot.sentences, id=f"{path.stem}-{no}"))
    if original is None:
        return plots
    recs = list(read_plots(original))
    if len(recs) != len(plots):
        raise InputError(f"{path}: {len(plots)} plots but {original} has {len(recs)} stories; they must align by line")
    return [p.with_sentences(p.sentences, id=r.id, original_plot=r.plot.storyline()) for p, r in zip(plots, recs)]
