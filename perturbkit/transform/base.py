"""The Transform base class: what every transform is, and the shared work of applying one.

A transform is a small dataclass: class attributes say what it is (``name``, ``aspect``,
``effect``, the annotation ``level`` it needs), fields are its parameters, and it implements
``apply(example, doc, rng)`` returning a new Example or None. The base class does the shared
work: accepting strings, fetching the cached parse, deriving a per-example RNG from
(seed, example id, transform name), skipping inapplicable input, building the edited text and its
``Edit`` provenance, and refusing to return an unchanged text as if it had been perturbed.

>>> from perturbkit import get_transform
>>> t = get_transform("sentence_shuffle")
>>> t("He woke up. He ate. He left.", seed=1).text  # doctest: +SKIP
'He ate. He left. He woke up.'
"""

from __future__ import annotations

import dataclasses
import operator
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from ..annotation import Annotator, Level, default_annotator
from ..annotation.capabilities import LEVEL_NEEDS
from ..example import Edit, Example, as_example
from ..seeds import rng_for

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from .combinators import Chain


class Effect(str, Enum):
    """What a perturbation does to a story's quality."""

    BREAKS = "breaks"  # coherence-breaking: variants are negatives (discrimination tests)
    PRESERVES = "preserves"  # meaning-preserving: variants should score like originals (invariance)


class Change(NamedTuple):
    """Replace ``text[start:end]`` with ``new`` (offsets in the input text)."""

    start: int
    end: int
    new: str
    note: str = ""


_SPAN = operator.itemgetter(0, 1)  # a Change's (start, end)


class _RngOnUse:
    """Stands in for ``rng_for(seed, example_id, name)`` and builds it at the first draw: a
    transform decides most stories are not for it before drawing, and seeding costs ~8 us."""

    __slots__ = ("_key", "_rng")

    def __init__(self, seed: int, example_id: str, name: str) -> None:
        self._key = (seed, example_id, name)
        self._rng: random.Random | None = None

    def __getattr__(self, attr: str) -> Any:
        rng = self._rng
        if rng is None:
            rng = self._rng = rng_for(*self._key)
        return getattr(rng, attr)


@dataclass
class Transform:
    """Base class: subclasses set the class attributes and implement :meth:`apply`."""

    name: ClassVar[str] = ""
    aspect: ClassVar[str] = ""
    effect: ClassVar[Effect] = Effect.BREAKS
    level: ClassVar[Level] = Level.PARSE
    needs: ClassVar[frozenset[str] | None] = None  # annotations read (Doc.has_annotation names); None: the level's
    requires: ClassVar[tuple[str, ...]] = ()  # resource names, checked by ``perturbkit doctor``
    example: ClassVar[str] = ""  # an input it applies to, shown by ``perturbkit list``
    fractions: ClassVar[tuple[str, ...]] = ("rate", "p")  # parameters that must lie in (0, 1]

    # --- to implement -----------------------------------------------------------------------
    def validate(self) -> None:
        """Reject bad parameter values with ValueError (``get_transform`` calls it). The base
        checks the share parameters named in ``fractions``; subclasses add their own checks."""
        for name in self.fractions:
            v = getattr(self, name, None)
            if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float)) or not 0.0 < v <= 1.0):
                raise ValueError(f"{name} must be in (0, 1], got {v!r}")

    def possible(self, text: str) -> bool:
        """A string-level necessary condition for :meth:`apply` to change ``text`` (no parse, no
        RNG): False skips the story before it is parsed. Must be False only where ``apply`` would
        return None anyway, so outputs never depend on it."""
        return True

    def applicable(self, example: Example, doc: Doc | None) -> bool:
        """Whether this story is one the transform is meant for (cheap; no RNG)."""
        return True

    def apply(self, example: Example, doc: Doc | None, rng: random.Random) -> Example | None:
        """The perturbation. Return None when it cannot be done correctly."""
        raise NotImplementedError

    def fit(self, corpus: Sequence[Example], annotator: Annotator | None = None) -> Transform:
        """Learn corpus-level resources (vocabulary, entity pools, sentence pools) from the whole
        data set before applying. Transforms that need a corpus override this and return None from
        ``apply`` until fitted; fitting is explicit (never implicit per batch) so results do not
        depend on batching. Returns self."""
        return self

    # --- shared machinery ---------------------------------------------------------------------
    def __call__(
        self, x: str | Example, seed: int | random.Random = 0, *, annotator: Annotator | None = None
    ) -> Example | None:
        """Perturb one string or Example; ``seed`` is an int or a ``random.Random``."""
        ex = as_example(x)
        rng = seed if isinstance(seed, random.Random) else rng_for(seed, ex.id, self.name)
        ann = annotator or default_annotator()
        self.check(ann)
        return self.run(ex, rng, ann)

    def batch(
        self, examples: Iterable[str | Example], seed: int = 0, *, annotator: Annotator | None = None
    ) -> list[Example | None]:
        """Perturb many examples; all distinct texts are parsed in one batched pass first."""
        exs = [as_example(x) for x in examples]
        ann = annotator or default_annotator()
        self.prepare(exs, ann)
        return [self.run(ex, _RngOnUse(seed, ex.id, self.name), ann) for ex in exs]  # type: ignore[arg-type]

    def check(self, annotator: Annotator) -> None:
        """Raise :class:`~perturbkit.errors.AnnotationMissing` if the annotator's pipeline lacks an
        annotation this transform reads (``needs``, else what its ``level`` implies)."""
        if self.level > Level.NONE or self.needs:
            from ..annotation.capabilities import LEVEL_NEEDS

            annotator.require(self.needs if self.needs is not None else LEVEL_NEEDS[self.level], self.name)

    def parse_options(self) -> dict[str, frozenset[str]]:
        """The Annotator keywords for the annotations of the level this transform does not read
        (``needs`` narrower than the level's: a parse without ``ner``), or none."""
        if self.needs is None or self.level == Level.NONE:
            return {}
        left_out = LEVEL_NEEDS[self.level] - self.needs
        return {"skip": left_out} if left_out else {}

    def prepare(self, examples: Sequence[Example], annotator: Annotator) -> None:
        """Check the pipeline, then pre-parse what :meth:`run` will need, in one batch (not the
        texts :meth:`possible` rules out; combinators extend this)."""
        self.check(annotator)
        if self.level > Level.NONE:
            possible = self.possible
            texts = [t for ex in examples if (t := ex.text).strip() and possible(t)]
            annotator.pipe(texts, self.level, **self.parse_options())

    def run(self, ex: Example, rng: random.Random, annotator: Annotator) -> Example | None:
        """Apply to one example with an explicit RNG (the path every call takes)."""
        if not ex.text.strip() or not self.possible(ex.text):
            return None
        doc = annotator.parse(ex.text, self.level, **self.parse_options()) if self.level > Level.NONE else None
        if not self.applicable(ex, doc):
            return None
        out = self.apply(ex, doc, rng)
        if out is None or out.text == ex.text:
            return None
        return out

    def rewrite(self, ex: Example, changes: Iterable[Change], tag: str | None = None) -> Example | None:
        """Build the variant from non-overlapping replacements in ``ex.text``, with its Edits."""
        text = ex.text
        chs = sorted([c for c in changes if text[c.start : c.end] != c.new], key=_SPAN)
        if not chs:
            return None
        parts: list[str] = []
        edits: list[Edit] = []
        pos = 0
        out_len = 0
        for c in chs:
            if c.start < pos or c.end < c.start:
                raise ValueError(f"{self.name}: overlapping or inverted change {c} in example {ex.id!r}")
            keep = text[pos : c.start]
            parts.append(keep)
            out_len += len(keep)
            edits.append(
                Edit(self.name, (c.start, c.end), (out_len, out_len + len(c.new)), text[c.start : c.end], c.new, c.note)
            )
            parts.append(c.new)
            out_len += len(c.new)
            pos = c.end
        parts.append(text[pos:])
        return ex.derive("".join(parts), tuple(edits), tag or self.name)

    # --- description --------------------------------------------------------------------------
    def params(self) -> dict[str, Any]:
        """The parameters (dataclass fields) and their values."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.init}

    @classmethod
    def describe(cls) -> str:
        """What the transform claims: its docstring's first paragraph, lines joined.

        >>> Transform.describe()
        'Base class: subclasses set the class attributes and implement :meth:`apply`.'
        """
        para = (cls.__doc__ or "").strip().split("\n\n")[0]
        return " ".join(line.strip() for line in para.splitlines())

    def __rshift__(self, other: Transform) -> Chain:
        from .combinators import Chain

        return Chain(self, other)

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params().items())
        return f"{type(self).__name__}({args})"
