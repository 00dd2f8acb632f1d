"""The :class:`Plot` value: what plot extraction returns, plot transforms edit and generation reads."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

#: Separators of the released ROC storyline files: items by tabs, sentences by ``#``.
ITEM_SEP = "\t"
SENTENCE_SEP = "#"


@dataclass(frozen=True)
class Plot:
    """A story's plot: one tuple of items (keyword phrases, or predicate-argument phrases for long
    stories) per sentence, in story order, with the title when the source has one.

    ``meta`` carries provenance (the extractor, the manipulations applied and the items they
    touched); it does not take part in equality.

    >>> p = Plot((("tobias planned", "camping trip"), ("refused",)), title="camping trip")
    >>> p.storyline()
    'tobias planned\\tcamping trip\\t#\\trefused'
    >>> Plot.from_storyline(p.storyline()) == Plot(p.sentences)
    True
    """

    sentences: tuple[tuple[str, ...], ...]
    title: str = ""
    kind: str = "keywords"
    meta: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        cleaned = tuple(tuple(str(i).strip() for i in items if str(i).strip()) for items in self.sentences)
        object.__setattr__(self, "sentences", cleaned)

    @property
    def items(self) -> tuple[tuple[int, str], ...]:
        """Every item with the index of its sentence, in story order."""
        return tuple((i, item) for i, items in enumerate(self.sentences) for item in items)

    def __len__(self) -> int:
        return sum(len(items) for items in self.sentences)

    def storyline(self, item_sep: str = ITEM_SEP) -> str:
        """The plot in the released files' format (items by tabs, sentences by ``#``)."""
        return f"{item_sep}{SENTENCE_SEP}{item_sep}".join(item_sep.join(items) for items in self.sentences)

    def prompt_text(self) -> str:
        """A readable form for prompts: one numbered line per sentence, items joined by commas."""
        return "\n".join(f"{n}. {', '.join(items)}" for n, items in enumerate(self.sentences, 1))

    def with_sentences(self, sentences: tuple[tuple[str, ...], ...] | list[list[str]], **meta: Any) -> Plot:
        """A copy with other items (and ``meta`` updated by ``meta``)."""
        merged = {**self.meta, **meta}
        return replace(self, sentences=tuple(tuple(s) for s in sentences), meta=merged)

    @classmethod
    def from_storyline(cls, text: str, title: str = "", kind: str = "keywords") -> Plot:
        """Parse ``kw kw # kw ...`` (tabs or runs of two or more spaces between items; a single
        space stays inside a phrase when tabs are present)."""
        sentences = []
        for part in text.split(SENTENCE_SEP):
            items = part.split(ITEM_SEP) if ITEM_SEP in text else part.split()
            sentences.append(tuple(i.strip() for i in items if i.strip()))
        while sentences and not sentences[-1]:
            sentences.pop()
        return cls(tuple(sentences), title=title.strip(), kind=kind)
