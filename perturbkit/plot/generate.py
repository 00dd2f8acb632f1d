"""``PlotToStory``: write stories from plots with a language model, N sampled candidates per plot.

A causal LM is prompted with the plot as numbered lines (offline default: SmolLM2-135M-Instruct
through its chat template; ``model="path/to/gemma-3-270m"`` or any causal LM by path or name for
more fluent text). A seq2seq model (BART-style, as the published Plot-guided work fine-tuned, or
one trained with ``perturbkit train plot2story``) reads the plot in the released storyline format
``title <EOT> kw kw # kw <EOL>``. Both go through :class:`~perturbkit.transform.GenerativeTransform`:
one model load per process, candidates batched across plots, each candidate with its own seed and
``torch.Generator`` (results do not depend on the batch size or order), and every generation cached
on disk, so a rerun calls no model.

A candidate is rejected (and counted in ``counts``) when it ignores the plot (keyword coverage below
``min_coverage``: ``off_plot``), copies the plot back instead of telling a story (``echo``: mostly
plot words, two of the plot's items listed as the prompt wrote them, ``"ran, amazing animals"``, or a
list rather than sentences),
copies a sentence of the prompt's worked example (``prompt_copy``) or talks about the task ("here's a
story", "the key words", "your task": ``meta``); empty outputs are dropped by the base (``empty``).

>>> gen = PlotToStory(num_return_sequences=6)                          # doctest: +SKIP
>>> [c.stories for c in gen.stories([Plot.from_storyline("tom bought # milk spilled")])]  # doctest: +SKIP
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..example import Example
from ..seeds import derive_seed
from ..transform import Effect, GenerativeTransform
from ..transform.generative import Request
from .model import Plot
from .text import (
    STYLES,
    clean_story,
    copies_example,
    echo_share,
    example_sentences,
    keyword_coverage,
    listed_items,
    meta_talk,
    plot_source,
    reads_as_list,
)

if TYPE_CHECKING:
    from spacy.tokens import Doc

#: What a causal LM is asked: one worked example, then the plot as numbered lines (``{input}``).
PROMPT = (
    "Write a short story from a plot. Each numbered line of the plot gives the key words of one "
    "sentence of the story, in order; use those words.\n\n"
    "Plot:\n1. tom went, store\n2. bought, milk\n3. forgot, wallet\n"
    "Story: Tom went to the store. He bought some milk. At the register he saw that he forgot his wallet.\n\n"
    "Plot:\n{input}\nStory:"
)


@dataclass(frozen=True)
class StoryCandidates:
    """The stories written for one plot: the ``stories`` kept (with their keyword ``coverage``), the
    ``rejected`` ones with the reason (``off_plot``, ``echo``, ``prompt_copy`` or ``meta``), and how many came back ``empty``."""

    plot: Plot
    stories: tuple[str, ...]
    coverage: tuple[float, ...]
    rejected: tuple[tuple[str, str], ...] = ()
    empty: int = 0


@dataclass(repr=False)
class PlotToStory(GenerativeTransform):
    """Write a story from the plot in ``meta["plot"]`` (a Plot or a storyline string); the story
    replaces the text. For many candidates per plot use :meth:`stories`."""

    name = "plot_to_story"
    aspect = "plot"
    effect = Effect.BREAKS  # it writes the negatives of manipulated plots
    example = ""

    architecture: str = "causal"  # "seq2seq" for a BART/T5-style model
    instruction: str | None = None  # None: PROMPT for a causal LM, nothing for a seq2seq model
    style: str | None = None  # how the plot is written (STYLES); None: "lines" causal, "storyline" seq2seq
    num_return_sequences: int = 6
    do_sample: bool = True
    temperature: float = 0.8
    top_k: int | None = 50
    max_new_tokens: int = 120
    min_coverage: float = 0.5  # share of plot words a story must use
    max_echo: float = 0.9  # share of a story's words that may be plot words

    def validate(self) -> None:
        super().validate()
        if self.style is not None and self.style not in STYLES:
            raise ValueError(f"style must be one of {', '.join(STYLES)}, got {self.style!r}")
        for k in ("min_coverage", "max_echo"):
            v = getattr(self, k)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0.0 <= v <= 1.0:
                raise ValueError(f"{k} must be in [0, 1], got {v!r}")

    def __post_init__(self) -> None:
        self.validate()

    # --- what is sent -----------------------------------------------------------------------------
    @property
    def plot_style(self) -> str:
        return self.style or ("lines" if self.architecture == "causal" else "storyline")

    @property
    def plot_prompt(self) -> str:
        if self.instruction is not None:
            return self.instruction
        return PROMPT if self.architecture == "causal" else ""

    def plot_request(self, plot: Plot, seed: int) -> Request:
        """The request for one plot (its seed from ``seed`` and the plot itself, so a plot gets the
        same candidates wherever it sits in a batch)."""
        return Request(plot_source(plot, self.plot_style), self.plot_prompt, seed)

    # --- generation -------------------------------------------------------------------------------
    def stories(self, plots: Sequence[Plot], seed: int = 0) -> list[StoryCandidates]:
        """Up to ``num_return_sequences`` checked stories per plot, in one batched generation."""
        requests = [self.plot_request(p, derive_seed(seed, self.name, p.title, p.storyline())) for p in plots]
        return self._check(plots, self.generate(requests))

    def _check(self, plots: Sequence[Plot], outs: Sequence[list[str]]) -> list[StoryCandidates]:
        result = []
        for plot, texts in zip(plots, outs):
            kept: list[str] = []
            cov: list[float] = []
            rejected: list[tuple[str, str]] = []
            empty = self.num_return_sequences - len(texts)
            for raw in texts:
                story = clean_story(raw)
                if not story:
                    empty += 1
                    self.counts["empty"] += 1
                    continue
                c = keyword_coverage(plot, story)
                reason = "off_plot" if c < self.min_coverage else self._not_a_story(plot, story)
                if reason:
                    rejected.append((story, reason))
                    self.counts[reason] += 1
                else:
                    kept.append(story)
                    cov.append(round(c, 4))
            self.counts["kept"] += len(kept)
            result.append(StoryCandidates(plot, tuple(kept), tuple(cov), tuple(rejected), empty))
        return result

    def _not_a_story(self, plot: Plot, story: str) -> str:
        """Why ``story`` (on the plot) is not a story told from the plot, or ""."""
        if echo_share(plot, story) > self.max_echo or listed_items(plot, story) >= 2 or reads_as_list(story):
            return "echo"
        if copies_example(example_sentences(self.plot_prompt), story):
            return "prompt_copy"
        return "meta" if meta_talk(story) else ""

    # --- as a transform -----------------------------------------------------------------------------
    def applicable(self, example: Example, doc: Doc | None) -> bool:
        plot = example.meta.get("plot")
        return isinstance(plot, (Plot, str)) and bool(str(plot.storyline() if isinstance(plot, Plot) else plot).strip())

    def apply_batch(
        self, examples: Sequence[Example], docs: Sequence[Doc | None], rngs: Sequence[random.Random]
    ) -> list[Example | None]:
        plots = [_as_plot(ex.meta["plot"]) for ex in examples]
        outs = self.generate([self.plot_request(p, rng.getrandbits(63)) for p, rng in zip(plots, rngs)])
        out: list[Example | None] = []
        for ex, cands in zip(examples, self._check(plots, outs)):
            out.append(
                self.replace(ex, cands.stories[0], note=f"coverage={cands.coverage[0]}") if cands.stories else None
            )
        return out


def _as_plot(value: Plot | str) -> Plot:
    return value if isinstance(value, Plot) else Plot.from_storyline(value)
