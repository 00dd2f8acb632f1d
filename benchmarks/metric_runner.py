"""Benchmark the MetricRunner on the shipped ``openmeva`` suite with SmolLM2 perplexity.

Workload: the ``openmeva`` suite's cases on N dev ROCStories (default 300), generated with
``perturbkit.suite.runner.generate(suite, stories, seed=0)``: per test, the originals and their
variants, exactly the examples ``run_suite`` scores (an original recurs in every test that
perturbs it). Three timings in one process, with the model already loaded:

- floor: plain batched forward passes over the distinct texts only (``share_prefixes=False``,
  length-sorted, batch 16, ``score_batch`` called directly): what batching alone can do;
- runner: ``MetricRunner`` used as ``run_suite`` uses it, with a fresh disk cache and prefix
  sharing on ``"auto"`` (on, on a CPU): one ``score()`` call over the union of all tests, then one
  per test (served from memory); dedup, ordering, validation and cache writes included;
- loop: the naive way (OpenMEVA's scripts), one example at a time, test by test, no sharing.

The runner's scores must equal the floor's (rtol 1e-4). Targets: runner / floor <= 1.15,
loop / runner >= 5. The factors printed: dedup (examples per distinct text), prefix sharing
(tokens in the distinct texts per position the runner's model actually ran on) and the CPU time
per token run of each way.

    .venv/bin/python benchmarks/metric_runner.py --threads 1 --loop-sample 0.25   # about an hour
    .venv/bin/python benchmarks/metric_runner.py --threads 1 --loop-sample 0.1 --floor-sample 0.3  # ~30 min
    .venv/bin/python benchmarks/metric_runner.py --n 30 --threads 1 --loop-sample 0.5   # 10 minutes
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROC = Path(__file__).resolve().parents[2] / "shared" / "data" / "roc" / "rocstories_dev.tsv"


def build_tests(suite_name: str, path: Path, n: int) -> dict[str, list]:
    """{test name: the examples run_suite scores for it (originals, then variants)}."""
    from perturbkit.readers import read_roc
    from perturbkit.suite.runner import generate, scored_examples
    from perturbkit.suite.spec import load_suite

    stories = read_roc(path, limit=n)
    generated = generate(load_suite(suite_name), stories, seed=0, progress=False)
    table, cases = scored_examples(generated)
    tests = {name: [table[c.id] for c in cs] for name, cs in cases.items()}
    return {name: exs for name, exs in tests.items() if exs}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=ROC)
    ap.add_argument("--n", type=int, default=300, help="dev stories (default 300)")
    ap.add_argument("--suite", default="openmeva")
    ap.add_argument("--batch-size", type=int, default=16)
    ap.add_argument("--model", default=None, help="causal LM path (default: SmolLM2-135M)")
    ap.add_argument(
        "--threads",
        type=int,
        default=None,
        help="torch CPU threads (default: torch's choice; use 1 on a machine shared with other jobs)",
    )
    ap.add_argument(
        "--loop-sample",
        type=float,
        default=1.0,
        help="time the one-at-a-time loop on this random share of each test's examples and extrapolate (1.0 = all)",
    )
    ap.add_argument(
        "--floor-sample",
        type=float,
        default=1.0,
        help="time the floor on this random share of the distinct texts and extrapolate "
        "(1.0 = all); the score check then covers that share",
    )
    args = ap.parse_args(argv)
    if not args.data.is_file():
        print(f"skipped: {args.data} not found (the benchmark needs the shared ROCStories dev file)")
        return 0

    import random

    import numpy as np
    import torch

    if args.threads:
        torch.set_num_threads(args.threads)

    from perturbkit.metrics.perplexity import Perplexity
    from perturbkit.metrics.runner import MetricRunner

    t0 = time.perf_counter()
    tests = build_tests(args.suite, args.data, args.n)
    n_examples = sum(len(v) for v in tests.values())
    distinct = {(ex.text, ex.context): ex for exs in tests.values() for ex in exs}
    union = list({ex.id: ex for exs in tests.values() for ex in exs}.values())
    print(
        f"workload: suite {args.suite!r} on {args.n} stories, {len(tests)} tests, {n_examples} examples scored, "
        f"{len(distinct)} distinct texts (built in {time.perf_counter() - t0:.1f} s)"
    )

    plain = Perplexity(model=args.model, batch_size=args.batch_size, share_prefixes=False)
    shared = Perplexity(model=args.model, batch_size=args.batch_size)  # share_prefixes="auto"
    t0 = time.perf_counter()
    plain.setup()
    shared.setup()
    print(
        f"model loaded in {time.perf_counter() - t0:.1f} s; torch threads: {torch.get_num_threads()}; "
        f"prefix sharing in the runner: {shared.sharing() and shared._can_share()}"
    )
    plain(["Warm-up sentence for the model."])
    shared(["Warm-up sentence for the model."])
    shared.reset_prefix()
    plain.token_counts.update(tokens=0, run=0)
    shared.token_counts.update(tokens=0, run=0)
    loop_tokens = sum(len(plain.encode(ex.text, ex.context)[0]) for exs in tests.values() for ex in exs)

    # floor: batched forward passes over the distinct texts, nothing else
    items = sorted(distinct.values(), key=lambda ex: len(ex.text) + len(ex.context or ""), reverse=True)
    if args.floor_sample < 1.0:
        pick = random.Random(1)
        items = [ex for ex in items if pick.random() < args.floor_sample]  # still longest first
    floor_scale = len(distinct) / max(1, len(items))
    t0, c0 = time.perf_counter(), time.process_time()
    floor_scores = {}
    with torch.no_grad():
        for i in range(0, len(items), args.batch_size):
            batch = items[i : i + args.batch_size]
            out = plain.score_batch([ex.text for ex in batch], [ex.context for ex in batch], None)
            floor_scores.update({(ex.text, ex.context): s for ex, s in zip(batch, out)})
    t_floor, c_floor = (time.perf_counter() - t0) * floor_scale, (time.process_time() - c0) * floor_scale
    floor_run = round(plain.token_counts["run"] * floor_scale)
    distinct_tokens = sum(len(plain.encode(ex.text, ex.context)[0]) for ex in distinct.values())

    # the runner as run_suite uses it: everything in one call, then each test (from memory)
    with tempfile.TemporaryDirectory() as tmp:
        runner = MetricRunner(shared, cache_dir=tmp, progress=False)
        t0, c0 = time.perf_counter(), time.process_time()
        runner.score(union)
        results = {name: runner.score(exs, test=name) for name, exs in tests.items()}
        t_runner, c_runner = time.perf_counter() - t0, time.process_time() - c0
        t0 = time.perf_counter()
        rerun = MetricRunner(shared, cache_dir=tmp, progress=False)
        rerun.score(union)
        again = {name: rerun.score(exs, test=name) for name, exs in tests.items()}
        t_rerun = time.perf_counter() - t0
    runner_run = shared.token_counts["run"]
    worst = 0.0
    for name, exs in tests.items():
        np.testing.assert_array_equal(results[name], again[name])
        checked = [k for k, ex in enumerate(exs) if (ex.text, ex.context) in floor_scores]
        if not checked:
            continue
        want = np.array([floor_scores[(exs[k].text, exs[k].context)] for k in checked])
        np.testing.assert_allclose(results[name][checked], want, rtol=1e-4)
        worst = max(worst, float(np.max(np.abs(results[name][checked] - want) / np.abs(want))))

    # the naive loop: one example at a time, every test on its own, no sharing
    rng = random.Random(0)
    sample = [ex for exs in tests.values() for ex in exs if rng.random() < args.loop_sample]
    t0, c0 = time.perf_counter(), time.process_time()
    with torch.no_grad():
        for ex in sample:
            plain.score_batch([ex.text], [ex.context], None)
    scale = n_examples / max(1, len(sample))
    t_loop, c_loop = (time.perf_counter() - t0) * scale, (time.process_time() - c0) * scale
    est = f" (timed on {len(sample)} of {n_examples} examples, scaled up)" if len(sample) < n_examples else ""

    print(
        f"tokens: {loop_tokens} in the examples, {distinct_tokens} in the distinct texts ({floor_run} with "
        f"padding in the floor's batches), {runner_run} run by the runner's model"
    )
    print(f"{'':44s} {'wall':>8s} {'cpu':>8s}")
    fest = f" (timed on {len(items)} of {len(distinct)} texts, scaled up)" if len(items) < len(distinct) else ""
    print(f"floor (batched forward, distinct texts):    {t_floor:8.1f} {c_floor:8.1f} s{fest}")
    print(f"runner (dedup + prefix sharing + cache):    {t_runner:8.1f} {c_runner:8.1f} s")
    print(f"rerun from the disk cache:                  {t_rerun:8.2f}          s")
    print(f"one example at a time:                      {t_loop:8.1f} {c_loop:8.1f} s{est}")
    print(f"runner stats: {runner.stats}")
    print(f"runner scores = floor scores within rtol {worst:.1e}")
    print(f"runner / floor = {t_runner / t_floor:.3f} wall, {c_runner / c_floor:.3f} cpu   (target <= 1.15)")
    print(f"loop / runner  = {t_loop / t_runner:.2f}x wall, {c_loop / c_runner:.2f}x cpu  (target >= 5x)")
    print(
        f"  dedup: {n_examples / len(distinct):.2f}x fewer texts ({loop_tokens / distinct_tokens:.2f}x fewer tokens); "
        f"prefix sharing: {distinct_tokens / max(1, runner_run):.2f}x fewer tokens run; "
        f"cpu per token run: loop {1000 * c_loop / loop_tokens:.2f} ms, floor {1000 * c_floor / floor_run:.2f} ms, "
        f"runner {1000 * c_runner / max(1, runner_run):.2f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
