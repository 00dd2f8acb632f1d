"""``perturbkit augment``: stream an input through a recipe into an output file, resumably.

The input is checked first (duplicate ids, malformed lines: errors before any work), corpus-fitted
transforms are fitted on the recipe's ``fit`` stories, then chunks of stories go to the executor and
their records are appended to the work file in input order, one write per chunk, then flushed. After
each chunk a small state file (``<work>.progress``) records how many stories are done and the
work file's size: a rerun of the same command truncates the work file to that size (dropping any
half-written tail) and continues after those stories, so the result is the same bytes as an
uninterrupted run. The state file is removed when the run completes.

>>> summary = run_augment("union", "stories.jsonl", "union.jsonl", AugmentOptions(workers=2))  # doctest: +SKIP
>>> print("\\n".join(summary.lines()))                                                         # doctest: +SKIP
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import sys
import time
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..errors import OutputError, UserError
from ..io import Columns
from .definition import Recipe, load_recipe
from .plan import Counts, Plan, apply_chunk, compile_recipe, iter_chunks, needs_fit
from .sinks import convert, dumps, work_path
from .sources import Source

__all__ = ["AugmentOptions", "Summary", "run_augment", "run_chunk", "run_chunk_records"]


@dataclass
class AugmentOptions:
    """How to run: executor and workers, input options, and what to do with bad input."""

    workers: int = 1
    executor: str = "local"
    address: str | None = None  # Ray cluster address (``auto``)
    limit: int | None = None
    chunk_size: int = 64
    progress: bool | None = None  # None: when stderr is a terminal
    skip_bad: bool = False
    dedupe: bool = False
    overwrite: bool = False
    format: str | None = None


@dataclass
class Summary:
    """What a run did (``resumed``: stories already done by an earlier, interrupted run)."""

    output: str
    stories: int = 0
    resumed: int = 0
    counts: Counts = field(default_factory=Counts)
    bad_lines: int = 0
    duplicate_ids: int = 0
    seconds: float = 0.0
    first_chunk: tuple[float, int] = (0.0, 0)  # seconds until the first chunk was written, its stories

    def steady_rate(self) -> float | None:
        """Stories/s after the first chunk (without starting workers and loading spaCy)."""
        t, n = self.first_chunk
        rest = self.seconds - t
        done = self.stories - self.resumed - n
        return done / rest if rest > 0 and done > 0 else None

    def lines(self) -> list[str]:
        c = self.counts
        out = [f"wrote {c.records} records ({c.variants} variants) for {self.stories} stories to {self.output}"]
        if self.resumed:
            out.append(f"  resumed: {self.resumed} stories were already done")
        if c.not_applicable:
            out.append("  not applicable: " + ", ".join(f"{k} {v}" for k, v in sorted(c.not_applicable.items())))
        if c.rejected:
            out.append("  rejected by filter: " + ", ".join(f"{k} {v}" for k, v in sorted(c.rejected.items())))
        if c.duplicates:
            out.append(f"  duplicate variants dropped: {c.duplicates}")
        skipped = {k: v for k, v in c.not_selected.items() if v}
        if skipped:
            out.append("  not selected: " + ", ".join(f"{k} {v}" for k, v in sorted(skipped.items())))
        if self.bad_lines:
            out.append(f"  malformed lines skipped: {self.bad_lines}")
        if self.duplicate_ids:
            out.append(f"  duplicate ids dropped: {self.duplicate_ids}")
        if self.seconds:
            out.append(f"  {self.stories / self.seconds:.1f} stories/s")
        return out


def _release() -> None:
    """Drop the chunk's parses (the default annotator keeps up to 20,000 Docs otherwise): memory
    stays flat however long the input."""
    from ..annotation import default_annotator

    default_annotator().clear()


def warm_worker() -> None:
    """A worker's start-up, done while the driver fits: load the spaCy pipeline (seconds) and the
    inflection tables so the first chunk does not wait for them."""
    from ..annotation import default_annotator
    from ..resources.inflect import _lemminflect

    default_annotator().nlp  # noqa: B018 (loads the pipeline)
    _lemminflect()


def run_chunk(plan: Plan, chunk: list[Any]) -> tuple[str, Counts]:
    """The executor task: a chunk's records as JSON lines, and its counts."""
    per_story, counts = apply_chunk(plan, chunk)
    _release()
    return "".join(dumps(r) for recs in per_story for r in recs), counts


def run_chunk_records(plan: Plan, chunk: list[Any]) -> list[dict[str, Any]]:
    """The executor task of :func:`perturbkit.recipe.augment`: a chunk's records in order."""
    per_story, _ = apply_chunk(plan, chunk)
    _release()
    return [r for recs in per_story for r in recs]


def _columns(recipe: Recipe) -> Columns:
    i = recipe.input
    return Columns.make(text=i.text, id=i.id, context=i.context, reference=i.reference)


def _fingerprint(recipe: Recipe, source: Source) -> str:
    data = json.dumps([recipe.model_dump(mode="json"), source.describe()], sort_keys=True, default=str)
    return hashlib.sha256(data.encode()).hexdigest()[:16]


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def recipe_source(recipe: Recipe, inp: Path, options: AugmentOptions) -> Source:
    """The stories of ``inp`` read as the recipe and the run's options say."""
    return Source(
        inp,
        fmt=options.format or recipe.input.format,
        columns=_columns(recipe),
        limit=options.limit,
        skip_bad=options.skip_bad,
        dedupe=options.dedupe,
        split=recipe.input.split,
    )


def _check_paths(inp: Path, output: Path, work: Path) -> None:
    if output.resolve() == inp.resolve() or work.resolve() == inp.resolve() or _same_file(inp, output):
        raise OutputError(f"{output}: the output is the input; choose another output path")


def _write_state(path: Path, state: Mapping[str, Any]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(state), encoding="utf-8")
    os.replace(tmp, path)


def _start(work: Path, output: Path, state_path: Path, fingerprint: str, overwrite: bool) -> dict[str, Any]:
    """The state to continue from: an unfinished run of the same recipe and input, or a fresh one."""
    fresh: dict[str, Any] = {"fingerprint": fingerprint, "stories": 0, "bytes": 0, "last_id": None, "counts": None}
    if state_path.exists() and not overwrite:
        state = json.loads(state_path.read_text(encoding="utf-8"))
        if state.get("fingerprint") != fingerprint:
            raise OutputError(
                f"{output}: an unfinished run of another recipe, input or options is there ({state_path}); "
                "use --overwrite to start over"
            )
        if work.exists() and work.stat().st_size < state["bytes"]:
            raise OutputError(f"{work}: shorter than its unfinished run recorded; use --overwrite to start over")
        return state
    if output.exists() and not overwrite and not state_path.exists():
        raise OutputError(f"{output}: exists (a finished run?); use --overwrite to replace it")
    for p in (work, state_path):
        if p.exists() and p.is_file():
            p.unlink()
    return fresh


def _executor(options: AugmentOptions) -> Any:
    from ..execution import get_executor

    extra = {"address": options.address} if options.executor == "ray" else {}
    return get_executor(options.executor, options.workers, **extra)


def _progress(total: int, initial: int, enabled: bool | None) -> Any:
    from tqdm import tqdm

    show = sys.stderr.isatty() if enabled is None else enabled
    return tqdm(total=total, initial=initial, unit="story", disable=not show, file=sys.stderr, dynamic_ncols=True)


def _skip(stories: Iterator[Any], n: int, last_id: str | None, where: Path) -> Iterator[Any]:
    """The stories after the first ``n`` (which an earlier run did; the n-th must be ``last_id``)."""
    prev = None
    for _ in range(n):
        prev = next(stories, None)
        if prev is None:
            raise OutputError(f"{where}: the unfinished run did {n} stories but the input has fewer now")
    if n and prev.id != last_id:
        raise OutputError(
            f"{where}: the input changed since the unfinished run (story {n} is {prev.id!r}, was {last_id!r}); "
            "use --overwrite to start over"
        )
    return stories


def _fail(exc: Any, chunks: dict[int, tuple[str, str, int]], done: int, output: Path) -> UserError:
    first, last, n = chunks.get(exc.index, ("?", "?", 0))
    return UserError(
        f"chunk {exc.index + 1} (stories {first!r} to {last!r}, {n} stories) failed: {exc.detail}; "
        f"the {done} stories before it are saved in {output}: rerun the same command to resume"
    )


def run_augment(
    recipe: str | os.PathLike[str] | Recipe | Mapping[str, Any],
    input: str | os.PathLike[str],  # noqa: A002 (the command line's name)
    output: str | os.PathLike[str],
    options: AugmentOptions | None = None,
) -> Summary:
    """Apply ``recipe`` to every story of ``input`` and write the records to ``output`` (format by
    extension), resuming an unfinished run of the same recipe and input. A ``plot_story`` recipe
    runs through :func:`perturbkit.recipe.plot_stage.run_plot_story` (its summary is a ``PlotSummary``)."""
    options = options or AugmentOptions()
    recipe = load_recipe(recipe)
    if recipe.plot_story is not None:  # corpus-level filtering: its own two-stage run
        from .plot_stage import run_plot_story

        return run_plot_story(recipe, input, output, options)  # type: ignore[return-value]
    inp, out = Path(input), Path(output)
    work = work_path(out)
    _check_paths(inp, out, work)
    source = recipe_source(recipe, inp, options)
    checked = source.check()
    state_path = work.with_name(work.name + ".progress")
    state = _start(work, out, state_path, _fingerprint(recipe, source), options.overwrite)
    plan = compile_recipe(recipe)
    with _executor(options) as executor:
        if needs_fit(plan):  # the workers start up (spaCy) while this process fits
            from itertools import islice

            executor.start(warm_worker)
            fit_on = list(islice(source.stories(), recipe.fit.limit))
            plan = compile_recipe(recipe, fit_on=fit_on)
        return _run(plan, source, checked, state, state_path, work, out, options, executor)


def _run(
    plan: Plan,
    source: Source,
    checked: Any,
    state: dict[str, Any],
    state_path: Path,
    work: Path,
    out: Path,
    options: AugmentOptions,
    executor: Any,
) -> Summary:
    """The run proper: chunks through ``executor``, appended to ``work`` in order, resumably."""
    from ..execution import ChunkFailed

    summary = Summary(output=str(out), stories=checked.stories, resumed=state["stories"])
    summary.bad_lines, summary.duplicate_ids = len(checked.bad_lines), checked.duplicates
    if state["counts"]:
        summary.counts = Counts(**state["counts"])
    started = time.perf_counter()
    chunks: dict[int, tuple[str, str, int]] = {}

    def feed() -> Iterator[list[Any]]:
        stories = _skip(source.stories(), state["stories"], state["last_id"], out)
        for i, chunk in enumerate(iter_chunks(stories, options.chunk_size)):
            chunks[i] = (chunk[0].id, chunk[-1].id, len(chunk))
            yield chunk

    with (
        open(work, "a+b") as f,
        _progress(checked.stories, state["stories"], options.progress) as bar,
    ):
        f.truncate(state["bytes"])
        f.seek(state["bytes"])
        try:
            for i, (text, counts) in enumerate(executor.map(run_chunk, plan, feed())):
                _, last, n = chunks.pop(i)
                try:
                    f.write(text.encode("utf-8"))
                    f.flush()
                    os.fsync(f.fileno())
                except OSError as exc:
                    f.truncate(state["bytes"])
                    why = "the disk is full" if exc.errno == errno.ENOSPC else str(exc)
                    raise OutputError(
                        f"{work}: {why}; the {state['stories']} stories done are saved: free space and rerun to resume"
                    ) from None
                summary.counts.add(counts)
                state.update(stories=state["stories"] + n, bytes=f.tell(), last_id=last, counts=asdict(summary.counts))
                _write_state(state_path, state)
                bar.update(n)
                if i == 0:
                    summary.first_chunk = (time.perf_counter() - started, n)
        except ChunkFailed as exc:
            raise _fail(exc, chunks, state["stories"], out) from None
        except KeyboardInterrupt:
            raise UserError(
                f"interrupted after {state['stories']} stories (saved in {work}); rerun the same command to resume"
            ) from None
    if work != out:
        labels = [(s.label_original, s.label_variant) for s in plan.sets]
        convert(work, out, int_labels=all(isinstance(x, int) and not isinstance(x, bool) for p in labels for x in p))
        work.unlink()
    state_path.unlink()
    summary.seconds = time.perf_counter() - started
    return summary
