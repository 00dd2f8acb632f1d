"""The four plot manipulations (ManPlts): logic reorder, contradiction insertion, repetition insertion
and random substitution. Each touches ``rate`` of a plot's items (2 to 4 by default) and returns None
when it finds nothing to do; provenance is in ``Plot.meta`` (see :mod:`perturbkit.plot.transform`).

>>> from perturbkit.plot import Plot, get_plot_transform
>>> t = get_plot_transform("plot_repetition_insertion", min_edits=1, max_edits=1)
>>> out = t(Plot((("woke up",), ("ate", "breakfast"), ("left",))), seed=0)
>>> [r["op"] for r in out.meta["manipulations"]]
['insert']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from .model import Plot
from .opposites import contradiction_source
from .order import AFTER, BEFORE, order_source
from .transform import PlotEdits, PlotTransform, spread
from .words import inflect_as, verb_lemma


def _positions(plot: Plot) -> list[tuple[int, int]]:
    return [(s, j) for s, items in enumerate(plot.sentences) for j in range(len(items))]


@dataclass(repr=False)
class LogicReorder(PlotTransform):
    """Put two events in the wrong order: next to a plot verb, insert an event that must come before
    it (after it) or one that must come after it (before it), optionally joined by a connective.

    ``source``: ``wordnet`` (verb causes/entailments, offline), ``conceptnet[:PATH]`` or
    ``comet:PATH`` (see :mod:`perturbkit.plot.order`); ``connective_p``: chance of joining the pair
    with one of ``connectives``.
    """

    name: ClassVar[str] = "plot_logic_reorder"
    requires: ClassVar[tuple[str, ...]] = ("wordnet",)
    example: ClassVar[str] = "tom\tkilled\tspider # felt\tbad # buried\tgarden"

    source: str = "wordnet"
    connective_p: float = 0.5
    connectives: tuple[str, ...] = ("then", "later", "subsequently")

    def validate(self) -> None:
        super().validate()
        if not 0.0 <= self.connective_p <= 1.0:
            raise ValueError(f"connective_p must be in [0, 1], got {self.connective_p!r}")

    def apply(self, plot: Plot, rng: random.Random) -> Plot | None:
        src = order_source(self.source)
        known = plot.meta.get("verbs")  # the extractor's verbs (word -> lemma); else guessed per word
        found = []
        for s, j in _positions(plot):
            item = plot.sentences[s][j]
            for word in reversed(item.split()):
                lemma = known.get(word) if known is not None else verb_lemma(word)
                events = src.events(lemma) if lemma else []
                if events:
                    found.append((s, j, word, lemma, events))
                    break
        if not found:
            return None
        ed = PlotEdits.of(self.name, plot)
        for s, j, word, lemma, events in reversed(spread(rng, found, self.n_edits(plot))):
            event, order = rng.choice(events)
            event = inflect_as(event, word, lemma)
            conn = rng.choice(self.connectives) if self.connectives and rng.random() < self.connective_p else ""
            note = f"{event!r} must come {order} {lemma!r}"
            if order == BEFORE:  # the prerequisite is put after the verb
                ed.insert(s, j + 1, f"{conn} {event}".strip(), note)
            elif order == AFTER:  # the consequence is put before the verb
                ed.insert(s, j, event, note)
                if conn:
                    ed.replace(s, j + 1, f"{conn} {ed.sentences[s][j + 1]}", "connective")
        return ed.result(plot)


@dataclass(repr=False)
class ContradictionInsertion(PlotTransform):
    """Next to a plot item, insert a concept that contradicts it (ConceptNet Antonym, NotDesires,
    NotCapableOf, NotHasProperty; WordNet antonyms when those are not prepared).

    ``source``: ``auto`` (the prepared ConceptNet file if there is one, else WordNet), ``conceptnet``
    (the prepared file; an error when absent), ``wordnet``, or a path to a
    ``head|||/r/Relation|||tails`` file.
    """

    name: ClassVar[str] = "plot_contradiction_insertion"
    requires: ClassVar[tuple[str, ...]] = ("wordnet",)
    example: ClassVar[str] = "anna\twas happy # won\tprize # went\thome"

    source: str = "auto"

    def apply(self, plot: Plot, rng: random.Random) -> Plot | None:
        src = contradiction_source(self.source)
        present = {w for item in plot.sentences for phrase in item for w in phrase.split()}
        found = []
        for s, j in _positions(plot):
            item = plot.sentences[s][j]
            for key in _keys(item):
                related = [(c, r) for c, r in src.contradictions(key) if c not in present]
                if related:
                    found.append((s, j, key, related))
                    break
        if not found:
            return None
        ed = PlotEdits.of(self.name, plot)
        for s, j, key, related in reversed(spread(rng, found, self.n_edits(plot))):
            fresh = [(c, r) for c, r in related if c not in present]
            if fresh:
                concept, relation = rng.choice(fresh)
                present.add(concept)
                ed.insert(s, j + 1, concept, f"{relation} of {key!r}")
        return ed.result(plot)


def _keys(item: str) -> list[str]:
    """What to look up for an item: the whole phrase, then its words from the last (the head)."""
    words = item.lower().split()
    return ([" ".join(words)] if len(words) > 1 else []) + list(reversed(words))


@dataclass(repr=False)
class RepetitionInsertion(PlotTransform):
    """Repeat plot items in other sentences (a copy of an item inserted at a random position of
    another sentence)."""

    name: ClassVar[str] = "plot_repetition_insertion"
    example: ClassVar[str] = "jamie wanted\tdecorate\thouse # pulled\tchristmas decorations # house looked\tfestive"

    def apply(self, plot: Plot, rng: random.Random) -> Plot | None:
        picks = spread(rng, _positions(plot), self.n_edits(plot))
        ed = PlotEdits.of(self.name, plot)
        copies = [(s, plot.sentences[s][j]) for s, j in picks]
        for s, item in copies:
            dest = rng.choice([t for t in range(len(plot.sentences)) if t != s])
            at = rng.randint(0, len(ed.sentences[dest]))
            ed.insert(dest, at, item, f"copy of an item of sentence {s}")
        return ed.result(plot)


@dataclass(repr=False)
class RandomSubstitution(PlotTransform):
    """Replace plot items with items of another story's plot (one donor per story, drawn from the
    pool given to :meth:`fit`; not applicable before that).

    >>> t = RandomSubstitution(min_edits=1, max_edits=1).fit([Plot((("sailed",), ("storm",)))])
    >>> t(Plot((("woke up",), ("ate",))), seed=0).meta["manipulations"][0]["op"]
    'replace'
    """

    name: ClassVar[str] = "plot_random_substitution"
    example: ClassVar[str] = "bob\tfall asleep # phone rang # package"

    def __post_init__(self) -> None:
        self._donors: tuple[Plot, ...] = ()

    def fit(self, donors: Iterable[Plot | str]) -> RandomSubstitution:
        """The donor pool (plots or storylines). Returns self."""
        self._donors = tuple(Plot.from_storyline(d) if isinstance(d, str) else d for d in donors)
        return self

    def apply(self, plot: Plot, rng: random.Random) -> Plot | None:
        own = {i for _, i in plot.items}
        n = len(self._donors)
        tries = [rng.randrange(n) for _ in range(min(n, 16))] + list(range(n))  # random first, then a scan
        k = next((k for k in tries if any(i not in own for _, i in self._donors[k].items)), None)
        if k is None:  # no donor, or none that offers an item this plot lacks
            return None
        donor = self._donors[k]
        offered = list(dict.fromkeys(i for _, i in donor.items if i not in own))
        ed = PlotEdits.of(self.name, plot)
        picks = spread(rng, _positions(plot), min(self.n_edits(plot), len(offered)))
        label = str(donor.meta.get("id", f"pool[{k}]"))
        for (s, j), new in zip(picks, rng.sample(offered, len(picks))):
            ed.replace(s, j, new, f"from {label}")
        return ed.result(plot)


BUILTINS: dict[str, type[PlotTransform]] = {
    c.name: c for c in (LogicReorder, ContradictionInsertion, RepetitionInsertion, RandomSubstitution)
}


def manipulate(plot: Plot, transforms: Sequence[PlotTransform], seed: int = 0) -> tuple[Plot, list[str]]:
    """Apply ``transforms`` in turn (each skipped when not applicable); the final plot and the
    names of those that applied."""
    applied = []
    for t in transforms:
        out = t(plot, seed)
        if out is not None:
            plot, applied = out, applied + [t.name]
    return plot, applied
