"""Running a ``plot_story`` recipe (plot-guided negatives): two stages, both resumable.

Stage 1 streams the stories in chunks: each story's plot is extracted (a story with fewer than two
plot sentences or no verb has no plot: not applicable), ``per_story`` manipulations are drawn from
(seed, story id) and applied, the generator writes ``candidates`` stories per manipulated plot
(batched across the chunk), and the candidates pass the checks (off-plot, echo, prompt copy, meta talk, empty), duplicates
are dropped and the recipe's filters run. One JSON line per story goes to ``<output>.candidates.jsonl``
(written, flushed and synced per chunk, its progress in ``.progress``): an interrupted run
continues after the last complete chunk without generating those stories again.

Stage 2 needs every story at once: adversarial filtering keeps ``keep`` candidates per story (the
committee's P(human) recorded), and the output is written to a temporary file renamed at the end.
When it fails (too few stories for the committee) the candidates stay on disk and a rerun goes
straight to stage 2.

>>> summary = run_plot_story(load_recipe("plot_story"), "dev.jsonl", "neg.jsonl", AugmentOptions())  # doctest: +SKIP
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..errors import OutputError, UserError
from ..example import Example
from ..seeds import rng_for
from .definition import Recipe
from .pipeline import AugmentOptions, _check_paths, _progress, _skip, _start, _write_state, recipe_source
from .plan import add_counts, iter_chunks
from .plot_spec import PlotStorySpec
from .plot_story_output import PlotRound, write_output
from .sinks import work_path
from .sources import Source

__all__ = ["PlotCounts", "PlotSummary", "candidates_path", "run_plot_story"]

#: The transform name of the generation step in records (``plot_logic_reorder>>plot_to_story``).
GENERATOR = "plot_to_story"


@dataclass
class PlotCounts:
    """What stage 1 did: stories, not applicable (``no_plot``, ``no_manipulation``), candidates
    generated (asked of the generator), rejected by reason (``off_plot``, ``echo``, ``prompt_copy``,
    ``meta``, ``empty``, ``duplicate``, a filter's name), and candidates that passed."""

    stories: int = 0
    not_applicable: dict[str, int] = field(default_factory=dict)
    generated: int = 0
    rejected: dict[str, int] = field(default_factory=dict)
    passed: int = 0

    def add(self, other: PlotCounts) -> None:
        add_counts(self, other)

    def bump(self, table: dict[str, int], key: str, n: int = 1) -> None:
        if n:
            table[key] = table.get(key, 0) + n


@dataclass
class PlotSummary:
    """What a ``plot_story`` run did (``resumed``: stories whose candidates an earlier run wrote)."""

    output: str
    stories: int = 0
    resumed: int = 0
    counts: PlotCounts = field(default_factory=PlotCounts)
    records: int = 0
    kept: int = 0
    rounds: tuple[PlotRound, ...] = ()
    converged: bool | None = None
    seconds: float = 0.0

    def lines(self) -> list[str]:
        c = self.counts
        out = [f"wrote {self.records} records ({self.kept} negatives) for {self.stories} stories to {self.output}"]
        if self.resumed:
            out.append(f"  resumed: candidates of {self.resumed} stories were already written")
        if c.not_applicable:
            out.append("  not applicable: " + ", ".join(f"{k} {v}" for k, v in sorted(c.not_applicable.items())))
        out.append(f"  candidates generated: {c.generated}, passed the checks and filters: {c.passed}")
        if c.rejected:
            out.append("  rejected: " + ", ".join(f"{k} {v}" for k, v in sorted(c.rejected.items())))
        if self.rounds:
            rounds = "; ".join(f"{r.round}: changed {r.changed}, accuracy {r.accuracy:.3f}" for r in self.rounds)
            out.append(f"  adversarial filtering ({'converged' if self.converged else 'round limit'}): {rounds}")
        if self.seconds:
            out.append(f"  {self.stories / self.seconds:.2f} stories/s")
        return out


def candidates_path(output: Path) -> Path:
    """Where stage 1 writes the candidates: ``<output>.candidates.jsonl`` next to the output."""
    return output.with_name(output.name + ".candidates.jsonl")


def _fingerprint(recipe: Recipe, source: Source) -> str:
    """What stage 1's candidates depend on (not the filtering or labels: a rerun may change those)."""
    import hashlib

    spec = recipe.plot_story
    assert spec is not None
    what = [recipe.seed, recipe.fit.limit, spec.model_dump(mode="json", exclude={"adversarial"}), source.describe()]
    return hashlib.sha256(json.dumps(what, sort_keys=True, default=str).encode()).hexdigest()[:16]


# ------------------------------------------------------------------------------------------------
# Stage 1: plots, manipulations, candidates
# ------------------------------------------------------------------------------------------------
@dataclass
class _Stage1:
    """The built parts of stage 1 (one generator model load per run)."""

    spec: PlotStorySpec
    seed: int
    manipulations: list[Any]
    extractor: Any
    generator: Any
    filters: list[tuple[str, Any]]

    @classmethod
    def build(cls, recipe: Recipe) -> _Stage1:
        from ..filters import build_filter

        spec = recipe.plot_story
        assert spec is not None
        return cls(
            spec,
            recipe.seed,
            [m.build() for m in spec.manipulations],
            spec.build_extractor(),
            spec.build_generator(),
            [(f.name, build_filter(f.name, f.params)) for f in spec.filters],
        )

    def fit(self, stories: Sequence[Example]) -> None:
        """Fit corpus-learning manipulations (random substitution's donor plots) on ``stories``."""
        from ..plot.transform import PlotTransform

        if any(type(m).fit is not PlotTransform.fit for m in self.manipulations):
            plots = [p for p in self.extractor.batch(stories) if has_plot(p)]
            for m in self.manipulations:
                m.fit(plots)

    def manipulate(self, plot: Any, story_id: str) -> tuple[Any, list[str]]:
        """Up to ``per_story`` manipulations, drawn in a per-story order, each on the last one's output."""
        order = list(self.manipulations)
        rng_for(self.seed, story_id, "plot_story").shuffle(order)
        applied: list[str] = []
        for m in order:
            if len(applied) >= self.spec.per_story:
                break
            out = m(plot, self.seed)
            if out is not None:
                plot, applied = out, applied + [m.name]
        return plot, applied

    def chunk(self, stories: Sequence[Example]) -> tuple[list[dict[str, Any]], PlotCounts]:
        """One JSON-ready line per story and the chunk's counts."""
        counts = PlotCounts(stories=len(stories))
        lines: list[dict[str, Any]] = []
        todo: list[tuple[dict[str, Any], Example, Any]] = []
        for ex, plot in zip(stories, self.extractor.batch(stories)):
            line = {"id": ex.id, "text": ex.text, "context": ex.context, "plot": plot.storyline(), "status": "ok"}
            lines.append(line)
            if not has_plot(plot):
                line["status"] = "no_plot"
                continue
            manipulated, applied = self.manipulate(plot, ex.id)
            if not applied:
                line["status"] = "no_manipulation"
                continue
            line.update(
                manipulated=manipulated.storyline(),
                manipulations=list(manipulated.meta.get("manipulations", ())),
                applied=applied,
            )
            todo.append((line, ex, manipulated))
        for key in ("no_plot", "no_manipulation"):
            counts.bump(counts.not_applicable, key, sum(1 for ln in lines if ln["status"] == key))
        results = self.generator.stories([p for _, _, p in todo], seed=self.seed) if todo else []
        for (line, ex, _), cands in zip(todo, results):
            line["candidates"] = self._keep(ex, cands, counts)
        return lines, counts

    def _keep(self, ex: Example, cands: Any, counts: PlotCounts) -> list[dict[str, Any]]:
        counts.generated += self.generator.num_return_sequences
        counts.bump(counts.rejected, "empty", cands.empty)
        for _, reason in cands.rejected:
            counts.bump(counts.rejected, reason)
        kept: list[dict[str, Any]] = []
        seen: set[str] = set()
        for k, (story, cov) in enumerate(zip(cands.stories, cands.coverage)):
            if story in seen or story == ex.text:
                counts.bump(counts.rejected, "duplicate")
                continue
            seen.add(story)
            variant = Example(story, id=f"{ex.id}|candidate.{k}", context=ex.context, parent_id=ex.id)
            failed = next((name for name, fn in self.filters if not fn(ex, variant)), None)
            if failed is not None:
                counts.bump(counts.rejected, failed)
                continue
            kept.append({"text": story, "coverage": cov})
        counts.passed += len(kept)
        return kept


def has_plot(plot: Any) -> bool:
    """A plot to manipulate: at least two sentences with items, and a verb among them."""
    return sum(1 for s in plot.sentences if s) >= 2 and bool(plot.meta.get("verbs", True))


def _run_stage1(
    recipe: Recipe, source: Source, cand: Path, out: Path, options: AugmentOptions, total: int
) -> tuple[PlotCounts, int]:
    """Write the candidates of the stories not done yet; the run's counts and stories resumed."""
    from itertools import islice

    from ..annotation import default_annotator

    state_path = cand.with_name(cand.name + ".progress")
    state = _start(cand, out, state_path, _fingerprint(recipe, source), options.overwrite)
    counts = PlotCounts(**state["counts"]) if state["counts"] else PlotCounts()
    resumed = state["stories"]
    if resumed >= total:
        return counts, resumed
    stage = _Stage1.build(recipe)
    stage.fit(list(islice(source.stories(), recipe.fit.limit)))
    stories = _skip(source.stories(), state["stories"], state["last_id"], out)
    with open(cand, "a+b") as f, _progress(total, resumed, options.progress) as bar:
        f.truncate(state["bytes"])
        f.seek(state["bytes"])
        try:
            for chunk in iter_chunks(stories, options.chunk_size):
                lines, chunk_counts = stage.chunk(chunk)
                default_annotator().clear()
                f.write("".join(json.dumps(ln, ensure_ascii=False) + "\n" for ln in lines).encode("utf-8"))
                f.flush()
                os.fsync(f.fileno())
                counts.add(chunk_counts)
                state.update(stories=state["stories"] + len(chunk), bytes=f.tell(), last_id=chunk[-1].id)
                state["counts"] = asdict(counts)
                _write_state(state_path, state)
                bar.update(len(chunk))
        except KeyboardInterrupt:
            raise UserError(
                f"interrupted after {state['stories']} stories (their candidates are in {cand}); "
                "rerun the same command to resume"
            ) from None
    return counts, resumed


def _read_candidates(cand: Path) -> Iterator[dict[str, Any]]:
    from ..io import iter_jsonl  # a damaged line is named by file and line

    for _, rec in iter_jsonl(cand):
        yield rec


# ------------------------------------------------------------------------------------------------
# The run
# ------------------------------------------------------------------------------------------------
def run_plot_story(
    recipe: Recipe,
    input: str | os.PathLike[str],
    output: str | os.PathLike[str],  # noqa: A002
    options: AugmentOptions | None = None,
) -> PlotSummary:
    """Run a ``plot_story`` recipe on ``input`` into ``output`` (format by extension): stage 1
    (resumable candidates), then stage 2 (adversarial filtering, the output written atomically)."""
    from ..filters.adversarial import MIN_STORIES, AdversarialFilterError

    options = options or AugmentOptions()
    spec = recipe.plot_story
    if spec is None:
        raise UserError(f"recipe {recipe.name!r} has no plot_story section")
    inp, out = Path(input), Path(output)
    work = work_path(out)
    cand = candidates_path(out)
    _check_paths(inp, out, work)
    _check_paths(inp, cand, cand)
    source = recipe_source(recipe, inp, options)
    checked = source.check()
    if spec.adversarial.enabled and checked.stories < MIN_STORIES:
        raise AdversarialFilterError(
            f"{inp}: adversarial filtering needs at least {MIN_STORIES} stories with candidates to train its "
            f"committee (two per half); the input has {checked.stories}. Give more stories, or set "
            "plot_story: {adversarial: false}"
        )
    started = time.perf_counter()
    counts, resumed = _run_stage1(recipe, source, cand, out, options, checked.stories)
    summary = PlotSummary(output=str(out), stories=checked.stories, resumed=resumed, counts=counts)
    try:
        done = write_output(recipe, list(_read_candidates(cand)), out, keep=recipe.variants)
    except AdversarialFilterError as exc:
        raise AdversarialFilterError(
            f"{exc}. The candidates are kept in {cand}: rerun with more stories (--overwrite), or with "
            "plot_story: {adversarial: false} (the same command then reuses them)"
        ) from None
    except OSError as exc:
        raise OutputError(f"{out}: {exc}; the candidates are kept in {cand}: rerun to write the output") from None
    summary.records, summary.kept, summary.rounds, summary.converged = done
    cand.unlink()
    cand.with_name(cand.name + ".progress").unlink()
    summary.seconds = time.perf_counter() - started
    return summary
