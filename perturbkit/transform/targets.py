"""Targeted edits: choose the edits the rest of the story depends on, and say which sentence each
one contradicts.

A consistency test needs a variant that is really inconsistent: negating or reversing a fact that
nothing else in the story mentions gives a fluent, different, still coherent story ("she wanted a
car. she did not buy a car."). Transforms that break consistency therefore find, for each
possible edit, its *witnesses* (:class:`~perturbkit.annotation.links.Witness`: the other sentences
that repeat or refer to what it changes), rank the edits by how many sentences depend on them,
and decline when none has a witness. An edit's witnesses must stay unedited, so two edits never
cancel ("he did not buy a car. he did not drive the car").

>>> targets = [Target(op, op.sentence, witnesses_of(op)) for op in ops]   # doctest: +SKIP
>>> choose(rng, targets, 1)                                                # doctest: +SKIP
[Target(item=..., sentence=1, witnesses=(Witness(sentence=3, ...),))]
>>> contradiction_note(chosen.witnesses)                                   # doctest: +SKIP
"contradicts sentence 4 ('car')"
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from ..annotation.links import Witness


class Target(NamedTuple):
    """A possible edit (``item``: whatever the transform writes), the sentence it is in, and the
    places that depend on it."""

    item: Any
    sentence: int
    witnesses: tuple[Witness, ...]


def strength(target: Target) -> int:
    """How much of the story depends on the edit: the number of distinct witness sentences (a
    later clause of the edit's own sentence counts as one)."""
    return len({w.sentence for w in target.witnesses})


def choose(rng: random.Random, targets: Sequence[Target], k: int, *, one_per_sentence: bool = True) -> list[Target]:
    """Up to ``k`` targets with witnesses, strongest first (ties in random order), so that no
    chosen edit lies in a sentence another chosen edit depends on (``one_per_sentence``: and at
    most one edit per sentence). In text order (by sentence, then as given)."""
    pool = [t for t in targets if t.witnesses]
    keyed = [(-strength(t), rng.random(), n, t) for n, t in enumerate(pool)]
    keyed.sort(key=lambda x: x[:3])
    chosen: list[Target] = []
    edited: set[int] = set()
    needed: set[int] = set()
    for *_, t in keyed:
        if len(chosen) >= k:
            break
        own = {w.sentence for w in t.witnesses if w.sentence != t.sentence}
        if t.sentence in needed or own & edited or (one_per_sentence and t.sentence in edited):
            continue
        chosen.append(t)
        edited.add(t.sentence)
        needed |= own
    order = {id(t): n for n, t in enumerate(pool)}
    return sorted(chosen, key=lambda t: (t.sentence, order[id(t)]))


def contradiction_note(witnesses: Sequence[Witness], own: int | None = None) -> str:
    """The provenance of a targeted edit: "contradicts sentence 4 ('car')" (sentences numbered
    from 1; the first witness word of each sentence quoted; a witness in the edit's own sentence
    ``own`` is "its later clause")."""
    if not witnesses:
        return ""
    by_sentence: dict[int, str] = {}
    for w in witnesses:
        by_sentence.setdefault(w.sentence, w.word)
    parts = [f"{k + 1} ({word!r})" for k, word in sorted(by_sentence.items()) if k != own]
    out = []
    if own in by_sentence:
        out.append(f"contradicts its later clause ({by_sentence[own]!r})")
    if parts:
        label = "sentence" if len(parts) == 1 else "sentences"
        out.append(f"contradicts {label} " + ", ".join(parts))
    return "; ".join(out)
