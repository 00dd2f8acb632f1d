"""Tiny transforms and metrics for the suite, report and CLI tests (no spaCy, no models).

The transforms (names start with ``toy_``) are registered only inside :func:`registered`, a
scoped block of the transform registry, so they never leak into the process-wide registry; test
modules use them through the ``toy_transforms`` fixture (tests/conftest.py)."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from perturbkit import registry
from perturbkit.annotation import Level
from perturbkit.example import Example
from perturbkit.transform import Change, Effect, Transform, register

STORIES = [
    ("s1", "Tom woke up early. He made coffee. Then he went to work."),
    ("s2", "Ann found a lost dog. She called the owner. The owner thanked her."),
    ("s3", "It rained all day. We stayed inside and played cards."),
    ("s4", "Short one."),
    ("s5", "The kids built a fort. It fell down. They built it again, stronger."),
    ("s6", "Maria baked bread. The smell filled the house. Everyone came to the kitchen."),
]


def stories(meta: dict | None = None) -> list[Example]:
    return [Example(t, id=i, context=f"Prompt {i}.", meta=dict(meta or {})) for i, t in STORIES]


def _words(text: str) -> list[tuple[int, int]]:
    out, start = [], None
    for i, ch in enumerate(text + " "):
        if ch.isalpha() and start is None:
            start = i
        elif not ch.isalpha() and start is not None:
            out.append((start, i))
            start = None
    return out


class _Toy(Transform):
    level: ClassVar[Level] = Level.NONE


@dataclass(repr=False)
class ToyDupWord(_Toy):
    """Repeat one random word (breaks coherence; needs at least ``min_words`` words)."""

    name = "toy_dup_word"
    aspect = "repetition"
    effect = Effect.BREAKS
    min_words: int = 3

    def validate(self) -> None:
        if self.min_words < 1:
            raise ValueError(f"min_words must be >= 1, got {self.min_words}")

    def applicable(self, example, doc) -> bool:
        return len(_words(example.text)) >= self.min_words

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        s, e = rng.choice(_words(example.text))
        w = example.text[s:e]
        return self.rewrite(example, [Change(e, e, " " + w.lower(), f"repeat {w!r}")])


@dataclass(repr=False)
class ToyLowerFirst(_Toy):
    """Lower-case the story's first letter (meaning-preserving)."""

    name = "toy_lower_first"
    aspect = "surface"
    effect = Effect.PRESERVES

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        t = example.text
        if not t[:1].isupper():
            return None
        return self.rewrite(example, [Change(0, 1, t[0].lower(), "lower-case first letter")])


@dataclass(repr=False)
class ToyCorpusWord(_Toy):
    """Append a word drawn from the fitted corpus vocabulary (counts its fits)."""

    name = "toy_corpus_word"
    aspect = "relatedness"
    effect = Effect.BREAKS
    fits: ClassVar[list[int]] = []

    def fit(self, corpus, annotator=None):
        self._vocab = sorted({w for ex in corpus for w in ex.text.lower().split() if w.isalpha()})
        ToyCorpusWord.fits.append(len(corpus))
        return self

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        vocab = getattr(self, "_vocab", None)
        if not vocab:
            return None
        end = len(example.text)
        return self.rewrite(example, [Change(end, end, " " + rng.choice(vocab), "corpus word")])


TRANSFORMS = (ToyDupWord, ToyLowerFirst, ToyCorpusWord)


@contextlib.contextmanager
def registered(*classes: type[Transform]) -> Iterator[None]:
    """A block in which the toy transforms (or ``classes``) are registered, and nothing after it."""
    with registry.transforms.scoped():
        for cls in classes or TRANSFORMS:
            register(cls)
        yield


# ---- metrics: f(texts, contexts=None, references=None) -> scores (higher = better) -----------
def distinct_ratio(texts, contexts=None, references=None):
    """Share of distinct words: repetition lowers it."""
    out = []
    for t in texts:
        ws = t.lower().replace(".", " ").replace(",", " ").split()
        out.append(len(set(ws)) / max(1, len(ws)))
    return out


def n_words(texts, contexts=None, references=None):
    """Word count: repetition raises it (the wrong way for discrimination)."""
    return [float(len(t.split())) for t in texts]


def constant(texts, contexts=None, references=None):
    return [1.0] * len(texts)


#: A metric module the CLI tests write to disk and name as `--metric FILE:NAME`: word-level scores,
#: a metric that returns NaN for short texts and one that returns one score too few.
METRICS_MODULE = """\
def distinct(texts, contexts=None, references=None):
    out = []
    for t in texts:
        ws = t.lower().replace(".", " ").split()
        out.append(len(set(ws)) / max(1, len(ws)))
    return out


def count(texts, contexts=None, references=None):
    return [float(len(t.split())) for t in texts]


def nan_for_short(texts, contexts=None, references=None):
    return [float("nan") if len(t) < 12 else 1.0 for t in texts]


def one_short(texts, contexts=None, references=None):
    return [1.0] * (len(texts) - 1)
"""
