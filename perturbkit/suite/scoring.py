"""``perturbkit score``: every distinct text of a cases file scored once per metric, through the
:class:`~perturbkit.metrics.runner.MetricRunner` (batches, disk cache, its errors naming case ids),
on an executor (this process, a local pool or Ray), appended to a scores file chunk by chunk.

Resumable: a rerun reads the scores file, drops a half-written last line and scores only the keys
it lacks. Metrics are scored one after the other, so a worker holds one metric's model at a time.

>>> summary = score_cases("cases.jsonl", ["lexical_diversity"], "scores.jsonl")  # doctest: +SKIP
>>> print("\\n".join(summary.lines()))                                          # doctest: +SKIP
"""

from __future__ import annotations

import os
import sys
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import MetricError, OutputError, UserError
from ..example import Example
from .cases import case_example, file_sha256, iter_cases
from .scores import FORMAT, VERSION, ScoresFile, read_scores

__all__ = ["ScoreSummary", "score_cases"]

_MAX_IDS = 5


@dataclass
class ScoreSummary:
    """What :func:`score_cases` did: per metric, keys scored now and keys already in the file."""

    path: str
    n_inputs: int = 0
    scored: dict[str, int] = field(default_factory=dict)
    resumed: dict[str, int] = field(default_factory=dict)

    def lines(self) -> list[str]:
        out = [f"scored {self.n_inputs} distinct texts of the cases into {self.path}"]
        for m, n in self.scored.items():
            had = self.resumed.get(m, 0)
            out.append(f"  {m}: {n} scored" + (f", {had} already there" if had else ""))
        return out


class _Scorer:
    """The executor context for one metric: the driver's MetricRunner in this process; in a worker
    the metric is built again from its spec (a name or a path travels; a loaded model does not)."""

    def __init__(self, runner: Any, given: Any, device: str | None, cache_dir: Any) -> None:
        self._runner = runner
        self.spec = _portable_spec(given) if isinstance(given, str) else runner.metric
        self.name = runner.metric.name
        self.batch_size, self.device, self.cache_dir = runner.batch_size, device, cache_dir

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "_runner": None}

    def runner(self) -> Any:
        if self._runner is None:
            from ..metrics import resolve_metric
            from ..metrics.runner import MetricRunner

            metric = resolve_metric(self.spec)
            metric.name = self.name
            if self.device:
                metric.device = self.device
            runner = MetricRunner(metric, cache_dir=self.cache_dir, batch_size=self.batch_size, progress=False)
            self._runner = runner
        return self._runner


def _portable_spec(spec: str) -> str:
    """``file.py:callable`` and ``learned:DIR`` with absolute paths (a worker may run in another folder)."""
    spec = spec.strip()
    if spec.startswith("learned:"):
        from ..metrics.learned import portable_spec

        return portable_spec(spec)
    module, sep, attr = spec.rpartition(":")
    if sep and (module.endswith(".py") or "/" in module):
        return f"{Path(module).expanduser().resolve()}:{attr}"
    return spec


def _score_chunk(scorer: _Scorer, chunk: list[Example]) -> list[float]:
    """The executor task: one chunk of distinct inputs scored, in order."""
    return scorer.runner().score(chunk).tolist()


def _repair_tail(path: Path) -> None:
    """Drop a half-written last line (an interrupted write): the file ends after a whole record."""
    size = path.stat().st_size
    if size == 0:
        return
    with open(path, "rb+") as f:
        f.seek(size - 1)
        if f.read(1) == b"\n":
            return
        pos = size
        while pos > 0:
            step = min(1 << 16, pos)
            f.seek(pos - step)
            block = f.read(step)
            cut = block.rfind(b"\n")
            if cut >= 0:
                f.truncate(pos - step + cut + 1)
                return
            pos -= step
        f.truncate(0)


def _check_needs(cases: Path, runners: Sequence[tuple[str, str, Any]]) -> set[str]:
    """Read the whole cases file once before any scoring: every record checked, every metric's
    needs (context, reference) met. Returns the distinct keys."""
    lacking: dict[tuple[str, str], list[tuple[str, int]]] = {}
    keys: set[str] = set()
    n = 0
    for lineno, rec in iter_cases(cases):
        if rec["record"] != "case":
            continue
        n += 1
        keys.add(rec["key"])
        for name, _, runner in runners:
            for need in runner.metric.needs:
                if not rec.get(need):
                    lacking.setdefault((name, need), []).append((rec["id"], lineno))
    for (name, need), where in lacking.items():
        shown = ", ".join(f"{i!r} (line {line})" for i, line in where[:_MAX_IDS])
        more = f", ... {len(where) - _MAX_IDS} more" if len(where) > _MAX_IDS else ""
        raise MetricError(
            f"metric {name!r} needs a {need} but {len(where)} of {n} cases in {cases} have none ({shown}{more}); "
            f"generate the cases from data with a {need} column or choose a metric that does not need one"
        )
    return keys


def _todo(cases: Path, done: set[str], size: int, keys_out: deque[list[str]]) -> Iterator[list[Example]]:
    """Chunks of the distinct inputs not in ``done``, in file order (each chunk's keys are appended
    to ``keys_out`` as it is handed out: the executor yields results in the same order)."""
    seen = set(done)
    chunk: list[Example] = []
    keys: list[str] = []
    for lineno, rec in iter_cases(cases):
        if rec["record"] != "case" or rec["key"] in seen:
            continue
        seen.add(rec["key"])
        chunk.append(case_example(rec, f"{cases}:{lineno}"))
        keys.append(rec["key"])
        if len(chunk) >= size:
            keys_out.append(keys)
            yield chunk
            chunk, keys = [], []
    if chunk:
        keys_out.append(keys)
        yield chunk


def _open_scores(out: Path, sha: str, cases: Path, runners: Sequence[tuple[str, str, Any]]) -> ScoresFile:
    """The scores already in ``out`` (an interrupted or earlier run), checked against these cases
    and metrics; an empty ScoresFile for a new file."""
    if not out.exists() or out.stat().st_size == 0:
        return ScoresFile(str(out))
    _repair_tail(out)
    have = read_scores(out)
    want = (have.header or {}).get("cases_sha256")
    if want is not None and want != sha:
        raise OutputError(f"{out}: holds scores of another cases file than {cases}; give a new --out (or delete {out})")
    for name, _, runner in runners:
        prev = have.metrics.get(name)
        if prev is not None and prev["identity"] not in ("external", runner.identity):
            raise OutputError(
                f"{out}: its scores named {name!r} are of another metric ({prev['identity'][:80]!r}); "
                f"give a new --out, or name this metric differently"
            )
    return have


def score_cases(
    cases: str | os.PathLike[str],
    metrics: Any,
    out: str | os.PathLike[str],
    *,
    batch_size: int | None = None,
    device: str | None = None,
    executor: str = "local",
    workers: int = 1,
    address: str | None = None,
    gpus_per_worker: float = 0,
    cache_dir: Any = None,
    progress: bool = True,
    chunk_size: int = 1024,
) -> ScoreSummary:
    """Score every distinct text of the cases file ``cases`` with ``metrics`` (names, specs,
    callables or a mapping name -> metric, as :func:`~perturbkit.suite.run_suite` takes them) and
    append the scores to ``out``; keys already scored there are skipped (a rerun resumes).

    ``executor`` ``local`` runs in this process (``workers`` 1) or in worker processes; ``ray``
    sends chunks as Ray tasks (``address`` a cluster, ``gpus_per_worker`` GPUs for each task)."""
    from ..execution import get_executor
    from ..outputs import check_output_paths
    from .cases import dumps
    from .runner import _runners, metric_items

    cases, out = Path(cases), Path(out)
    check_output_paths({"CASES": cases}, {"--out": out})
    runners = _runners(metrics, cache_dir, batch_size, False)
    try:
        keys = _check_needs(cases, runners)
        sha = file_sha256(cases)
        have = _open_scores(out, sha, cases, runners)
        summary = ScoreSummary(str(out), len(keys))
        if gpus_per_worker and executor != "ray":
            raise UserError("GPUs per worker are a Ray resource: give it with executor 'ray'")
        extra = {"address": address, "num_gpus": gpus_per_worker} if executor == "ray" else {}
        with open(out, "a", encoding="utf-8") as f, get_executor(executor, workers, **extra) as ex:
            if have.header is None and not have.scores and not have.metrics:
                header = {"format": FORMAT, "version": VERSION, "cases": str(cases), "cases_sha256": sha}
                _append(f, [dumps(header)])
            for (name, spec, runner), (_, given) in zip(runners, metric_items(metrics)):
                if device:
                    runner.metric.device = device
                done = keys.intersection(have.scores.get(name, {}))
                if name not in have.metrics or have.metrics[name]["identity"] == "external":
                    _append(f, [dumps({"metric": name, "spec": spec, "identity": runner.identity})])
                scorer = _Scorer(runner, given, device, cache_dir)
                summary.resumed[name] = len(done)
                summary.scored[name] = _score_metric(f, ex, scorer, name, cases, done, chunk_size, len(keys), progress)
    finally:
        for _, _, runner in runners:
            runner.close()
    return summary


def _score_metric(
    f: Any, ex: Any, scorer: _Scorer, name: str, cases: Path, done: set[str], size: int, total: int, progress: bool
) -> int:
    from .cases import dumps

    keys: deque[list[str]] = deque()
    bar = _bar(total, len(done), name, progress)
    n = 0
    try:
        for scores in ex.map(_score_chunk, scorer, _todo(cases, done, size, keys)):
            chunk_keys = keys.popleft()
            _append(f, [dumps({"key": k, "metric": name, "score": s}) for k, s in zip(chunk_keys, scores)])
            n += len(chunk_keys)
            if bar is not None:
                bar.update(len(chunk_keys))
    finally:
        if bar is not None:
            bar.close()
    return n


def _append(f: Any, lines: list[str]) -> None:
    """Whole lines in one write, flushed and synced: an interrupt loses at most the chunk in flight."""
    f.write("".join(lines))
    f.flush()
    os.fsync(f.fileno())


def _bar(total: int, initial: int, name: str, progress: bool) -> Any:
    if not progress or not sys.stderr.isatty():
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, initial=initial, desc=name, unit="text", leave=False)
