"""Conformance checks every transform must pass, in one line: ``check_transform(T)``.

    from perturbkit.testing import check_transform

    def test_my_transform_conforms():
        check_transform(MyTransform)          # a class, an instance or a registered name

On a few dozen inputs drawn by hypothesis (stories of a corpus with their contexts, the same
stories tokenised as in ROCStories, arbitrary unicode, empty and whitespace-only text, emoji) plus
a very long story, for each seed it checks that the transform

1. never raises (a missing resource is not the text's fault: ``ResourceMissing`` propagates);
2. returns None when it cannot apply (blank text, ``applicable`` false) and never returns its
   input unchanged;
3. is deterministic per seed: the same output twice, and the same from ``batch`` (all inputs at
   once, in any order) as from one call per input;
4. records its edits, consistent with the text: replaying them onto the input gives the output
   (step by step for multi-step transforms: consecutive edits of one transform are one step);
5. needs no more annotation than it declares: a ``Level.NONE`` transform works on ``doc=None``
   (``apply`` called directly agrees with the call); a ``Level.TOKENS`` transform never asks for
   a parse and gives the same output on a tokenizer-only Doc as on a full parse.

A failure raises :class:`ConformanceFailure` naming the check, the input and the seed (hypothesis
shrinks it to a small input first). It also fails when the transform produced no variant at all
(``min_variants``): checks on variants would then have checked nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..annotation import Annotator, Level, default_annotator
from ..example import Edit, Example, as_example, replay_edits
from ..resources.errors import ResourceMissing
from ..seeds import rng_for

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

    from ..transform import Transform

__all__ = ["ConformanceFailure", "Conformance", "check_transform", "conformance_inputs", "tokenise"]

BLANKS = ("", " ", "\n\n", "\t \n")
EMOJI = "😀🎉🙂👍🏽❤️ .!a\n"
_LONG_WORDS = 3000  # the very long input: about this many words


class ConformanceFailure(AssertionError):
    """A transform broke one of the conformance checks; ``check`` names which."""

    def __init__(self, transform: str, check: str, detail: str, ex: Example | None = None, seed: int | None = None):
        where = ""
        if ex is not None:
            ctx = f", context {_clip(ex.context, 80)!r}" if ex.context else ""
            where = f"\n  input{f' (seed {seed})' if seed is not None else ''}: {_clip(ex.text)!r}{ctx}"
        super().__init__(f"transform {transform!r} fails {check!r}: {detail}{where}")
        self.transform, self.check = transform, check


class _LevelExceeded(AssertionError):
    pass


@dataclass
class Conformance:
    """What ``check_transform`` checked: inputs, and variants made over all seeds."""

    transform: str
    inputs: int = 0
    variants: int = 0
    nones: int = 0
    checks: list[str] = field(default_factory=list)


def tokenise(text: str) -> str:
    """Corpus style (ROCStories/WritingPrompts): lower case, spaces around punctuation and before
    clitics ("did n't", "she 's")."""
    out = text.lower()
    for p in '.,!?;:"':
        out = out.replace(p, f" {p} ")
    for c in ("n't", "'s", "'d", "'m", "'ll", "'re", "'ve"):
        out = out.replace(c, f" {c}")
    return " ".join(out.split())


def _clip(text: str | None, n: int = 300) -> str:
    text = text or ""
    return text if len(text) <= n else text[: n - 1] + "…"


def conformance_inputs(corpus: Sequence[Example]) -> SearchStrategy[Example]:
    """Inputs a transform must survive: corpus stories (with contexts), the same tokenised,
    sentences of the corpus in new combinations (some in capitals), arbitrary unicode, blanks, emoji."""
    from hypothesis import strategies as st

    sentences = sorted({s.strip() + "." for ex in corpus for s in ex.text.split(".") if s.strip()})
    mixed = st.lists(st.sampled_from(sentences), min_size=1, max_size=5).map(" ".join) if sentences else st.just("")
    return st.one_of(
        st.sampled_from(list(corpus)),
        st.sampled_from(list(corpus)).map(lambda ex: Example(tokenise(ex.text), context=ex.context)),
        st.one_of(mixed, mixed.map(str.upper), st.text(max_size=80), st.sampled_from(BLANKS)).map(Example),
        st.text(alphabet=EMOJI, max_size=24).map(Example),
    )


def _long_story(corpus: Sequence[Example]) -> Example:
    texts = [ex.text for ex in corpus] or ["Tom woke up early. He made coffee."]
    parts, words, i = [], 0, 0
    while words < _LONG_WORDS:
        parts.append(texts[i % len(texts)])
        words += len(texts[i % len(texts)].split())
        i += 1
    return Example("\n\n".join(parts), context=corpus[0].context if corpus else None)


class _Guard(Annotator):
    """An Annotator that refuses to annotate above ``max_level`` (to catch undeclared needs)."""

    def __init__(self, nlp: Any, max_level: Level) -> None:
        super().__init__(nlp)
        self.max_level = max_level

    def pipe(self, texts: Iterable[str], level: Level = Level.PARSE, **kw: Any) -> list[Any]:
        if level > self.max_level:
            raise _LevelExceeded(f"asked the annotator for Level.{Level(level).name}")
        return super().pipe(texts, level, **kw)

    def parse(self, text: str, level: Level = Level.PARSE, **kw: Any) -> Any:
        if level > self.max_level:
            raise _LevelExceeded(f"asked the annotator for Level.{Level(level).name}")
        return super().parse(text, level, **kw)


def _as_transform(t: Transform | type[Transform] | str) -> Transform:
    from ..transform import Transform, get_transform

    if isinstance(t, str):
        return get_transform(t)
    if isinstance(t, type) and issubclass(t, Transform):
        inst = t()
        validate = getattr(inst, "validate", None)
        if callable(validate):
            validate()
        return inst
    if isinstance(t, Transform):
        return t
    raise TypeError(f"check_transform needs a Transform class, instance or registered name, got {type(t).__name__}")


class _Checker:
    """The checks on one input (each raises ConformanceFailure)."""

    def __init__(self, t: Transform, ann: Annotator, seeds: Sequence[int], report: Conformance) -> None:
        self.t, self.ann, self.seeds, self.report = t, ann, seeds, report
        self.name = t.name or type(t).__name__
        self._tokens: tuple[Annotator, Annotator] | None = None

    def fail(self, check: str, detail: str, ex: Example, seed: int | None = None) -> ConformanceFailure:
        return ConformanceFailure(self.name, check, detail, ex, seed)

    def call(self, ex: Example, seed: int, ann: Annotator | None = None, check: str = "never raises") -> Example | None:
        try:
            out = self.t(ex, seed=seed, annotator=ann or self.ann)
        except (ResourceMissing, ConformanceFailure):
            raise
        except _LevelExceeded as exc:
            raise self.fail(
                "declared annotation level suffices", f"{exc} beyond its Level.{self.t.level.name}", ex, seed
            ) from None
        except Exception as exc:
            raise self.fail(check, f"raised {type(exc).__name__}: {exc}", ex, seed) from exc
        if out is not None and not (isinstance(out, Example) and isinstance(out.text, str)):
            raise self.fail("returns an Example or None", f"returned {type(out).__name__}", ex, seed)
        return out

    def check(self, ex: Example) -> None:
        self.report.inputs += 1
        for seed in self.seeds:
            out = self.call(ex, seed)
            self.report.variants += out is not None
            self.report.nones += out is None
            self.check_none(ex, out, seed)
            again = self.call(ex, seed)
            if _view(again) != _view(out):
                raise self.fail("deterministic per seed", f"two calls gave {_show(out)} and {_show(again)}", ex, seed)
            if out is not None:
                self.check_edits(ex, out, seed)
            self.check_level(ex, out, seed)

    def check_none(self, ex: Example, out: Example | None, seed: int) -> None:
        if out is None:
            return
        if out.text == ex.text:
            raise self.fail("never returns its input unchanged", "the output text equals the input", ex, seed)
        if not ex.text.strip():
            raise self.fail("returns None when it cannot apply", f"blank input gave {_show(out)}", ex, seed)
        level = self.t.level
        doc = self.ann.parse(ex.text, level) if level > Level.NONE else None
        if not self.t.applicable(ex, doc):
            raise self.fail(
                "returns None when it cannot apply", f"applicable() is False but it gave {_show(out)}", ex, seed
            )

    def check_edits(self, ex: Example, out: Example, seed: int) -> None:
        if out.parent_id != (ex.parent_id or ex.id):
            raise self.fail("edits recorded", f"parent_id {out.parent_id!r} is not the input's id {ex.id!r}", ex, seed)
        own = out.edits[len(ex.edits) :] if out.edits[: len(ex.edits)] == ex.edits else out.edits
        if not own:
            raise self.fail("edits recorded", "the variant records no edits", ex, seed)
        text = ex.text
        for step in _steps(own):
            new = replay_edits(text, step)
            if new is None:
                raise self.fail("edits consistent with the text", _mismatch(text, step), ex, seed)
            for e in step:
                if new[e.after_span[0] : e.after_span[1]] != e.after:
                    raise self.fail("edits consistent with the text", f"after_span of {_edit(e)} is wrong", ex, seed)
            text = new
        if text != out.text:
            raise self.fail(
                "edits consistent with the text",
                f"replaying the {len(own)} edits gives {_clip(text, 200)!r}, not the output {_clip(out.text, 200)!r}",
                ex,
                seed,
            )

    def check_level(self, ex: Example, out: Example | None, seed: int) -> None:
        level = self.t.level
        if level == Level.NONE and ex.text.strip() and self.t.applicable(ex, None):
            try:
                direct = self.t.apply(ex, None, rng_for(seed, ex.id, self.t.name))
            except NotImplementedError:  # a transform that overrides run() instead
                return
            except (ResourceMissing, ConformanceFailure):
                raise
            except Exception as exc:
                raise self.fail(
                    "declared annotation level suffices", f"apply(doc=None) raised {exc!r}", ex, seed
                ) from exc
            got = None if direct is None or direct.text == ex.text else direct.text
            if got != (out.text if out is not None else None):
                raise self.fail("declared annotation level suffices", f"apply(doc=None) gave {got!r}", ex, seed)
        elif level == Level.TOKENS:
            if self._tokens is None:
                self._tokens = (_Guard(self.ann.nlp, Level.TOKENS), Annotator(self.ann.nlp))
            tokens_only, parsed = self._tokens
            tokens_only.clear()  # only the tokenizer's Doc
            parsed.pipe([ex.text] if ex.text.strip() else [], Level.PARSE)  # TOKENS requests get the parse
            a = self.call(ex, seed, tokens_only)
            b = self.call(ex, seed, parsed)
            if _view(a) != _view(b):
                raise self.fail(
                    "declared annotation level suffices",
                    f"a tokenizer-only Doc gave {_show(a)}, a full parse {_show(b)}",
                    ex,
                    seed,
                )


def _view(out: Example | None) -> Any:
    return None if out is None else (out.text, out.edits)


def _show(out: Example | None) -> str:
    return "None" if out is None else repr(_clip(out.text, 160))


def _edit(e: Edit) -> str:
    return f"{e.transform} [{e.before_span[0]}:{e.before_span[1]}] {_clip(e.before, 60)!r} -> {_clip(e.after, 60)!r}"


def _mismatch(text: str, step: Sequence[Edit]) -> str:
    """Why a step's edits do not replay onto ``text``."""
    pos = 0
    for e in sorted(step, key=lambda e: e.before_span):
        a, b = e.before_span
        if a < pos:
            return f"edit {_edit(e)} overlaps the one before it"
        if text[a:b] != e.before:
            return f"edit {_edit(e)} does not match the text there ({_clip(text[a:b], 60)!r})"
        pos = b
    return "the edits do not replay"


def _steps(edits: Sequence[Edit]) -> list[list[Edit]]:
    """Edits split into steps: consecutive edits of one transform are one step."""
    steps: list[list[Edit]] = []
    for e in edits:
        if steps and steps[-1][-1].transform == e.transform:
            steps[-1].append(e)
        else:
            steps.append([e])
    return steps


def check_transform(
    transform: Transform | type[Transform] | str,
    *,
    corpus: Iterable[Example | str] | None = None,
    max_examples: int = 30,
    seeds: Sequence[int] = (0, 1),
    annotator: Annotator | None = None,
    fit: bool = True,
    min_variants: int = 1,
    long_input: bool = True,
) -> Conformance:
    """Run the conformance checks (module doc) on ``transform``; raise :class:`ConformanceFailure`
    on the first broken one, else return what was checked.

    ``corpus``: the stories to fit on and draw from (default: the sample stories shipped with
    perturbkit); ``max_examples``: hypothesis draws; ``seeds``: each input is checked with each.

    >>> check_transform("sentence_shuffle", max_examples=10)   # doctest: +SKIP
    Conformance(transform='sentence_shuffle', inputs=12, variants=14, nones=10, ...)
    """
    from hypothesis import HealthCheck, given, settings

    t = _as_transform(transform)
    if corpus is None:
        from .strategies import sample_stories

        stories: list[Example] = list(sample_stories())
    else:
        stories = [as_example(x) for x in corpus]
    ann = annotator or default_annotator()
    if fit:
        t.fit(stories, ann)
    report = Conformance(t.name or type(t).__name__)
    checker = _Checker(t, ann, tuple(seeds), report)
    seen: dict[str, Example] = {}

    def one(ex: Example) -> None:
        seen.setdefault(ex.id, ex)
        checker.check(ex)

    fixed = [Example(b) for b in BLANKS[:2]] + [Example("😀 🎉 !")] + stories[:2]
    for ex in fixed + ([_long_story(stories)] if long_input else []):
        one(ex)
    run: Callable[[], None] = settings(
        max_examples=max_examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )(given(conformance_inputs(stories))(one))
    run()
    _check_batch(t, checker, list(seen.values()), seeds, ann)
    if report.variants < min_variants:
        raise ConformanceFailure(
            report.transform,
            "makes variants",
            f"{report.variants} variants from {report.inputs} inputs (need {min_variants}): pass a corpus it "
            "applies to (corpus=...) or min_variants=0",
        )
    report.checks = [
        "never raises",
        "returns None when it cannot apply",
        "never returns its input unchanged",
        "deterministic per seed",
        "batch equals one call per input",
        "edits consistent with the text",
        f"declared annotation level suffices (Level.{t.level.name})",
    ]
    return report


def _check_batch(t: Transform, checker: _Checker, exs: list[Example], seeds: Sequence[int], ann: Annotator) -> None:
    """``batch`` over all inputs (and again in a shuffled order) gives each input's own output."""
    order = list(range(len(exs)))
    random.Random(len(exs)).shuffle(order)
    for seed in seeds:
        single = [_view(checker.call(ex, seed)) for ex in exs]
        for idx in (list(range(len(exs))), order):
            try:
                outs = t.batch([exs[i] for i in idx], seed=seed, annotator=ann)
            except ResourceMissing:
                raise
            except Exception as exc:
                raise ConformanceFailure(checker.name, "never raises", f"batch() raised {exc!r}") from exc
            if len(outs) != len(idx):
                raise ConformanceFailure(checker.name, "batch equals one call per input", f"{len(outs)} outputs")
            for i, out in zip(idx, outs):
                if _view(out) != single[i]:
                    alone = "None" if single[i] is None else repr(_clip(single[i][0], 160))
                    detail = f"batch() gave {_show(out)}, a call on its own {alone}"
                    raise checker.fail("batch equals one call per input", detail, exs[i], seed)
