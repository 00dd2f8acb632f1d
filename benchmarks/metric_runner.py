"""Benchmark the MetricRunner on an OpenMEVA-like workload with SmolLM2 perplexity.

Workload: N dev ROCStories (default 300) and, per registered transform in ``--transforms``, a test
made of all originals plus their variants (so the originals recur in every test, as in a suite).
Three timings in one process, with the model already loaded:

- floor: raw batched forward passes over the distinct texts only (length-sorted, batch 16,
  ``score_batch`` called directly): the least work any runner could do;
- runner: ``MetricRunner.score`` once per test with a fresh disk cache (dedup, sorting, batching,
  validation, cache writes included);
- loop: the naive way, one example at a time, every test scored separately.

Targets: runner / floor <= 1.15, loop / runner >= 5.

    .venv/bin/python benchmarks/metric_runner.py            # about 5-10 minutes on 2 CPU cores
    .venv/bin/python benchmarks/metric_runner.py --n 50     # quick look
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROC = Path(__file__).resolve().parents[2] / "shared" / "data" / "roc" / "rocstories_dev.tsv"
DEFAULT_TRANSFORMS = ("sentence_shuffle", "repeat_sentence", "typos", "negation", "synonym")


def load_stories(path: Path, n: int) -> list:
    """The first n stories of a ROCStories dev TSV (sentences joined, storyline dropped)."""
    from perturbkit.io import read_examples

    return read_examples(path, fmt="roc")[:n]


def build_tests(originals: list, names: tuple[str, ...]) -> dict[str, list]:
    """{test name: originals + their variants} for each registered transform in ``names``."""
    import perturbkit as pk
    from perturbkit.annotate import default_annotator

    default_annotator().pipe([ex.text for ex in originals])  # one batched parse for all transforms
    tests = {}
    registry = pk.registry()
    for name in names:
        if name not in registry:
            print(f"  (transform {name!r} is not registered; skipped)")
            continue
        t = pk.get_transform(name)
        variants = [v for v in (t(ex, seed=0) for ex in originals) if v is not None]
        tests[name] = list(originals) + variants
    return tests


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=ROC)
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--batch-size", type=int, default=16)
    ap.add_argument("--transforms", default=",".join(DEFAULT_TRANSFORMS))
    ap.add_argument("--model", default=None, help="causal LM path (default: SmolLM2-135M)")
    ap.add_argument("--threads", type=int, default=None,
                    help="torch CPU threads (default: torch's choice; use 1 on a machine shared with other jobs)")
    ap.add_argument("--loop-sample", type=float, default=1.0,
                    help="time the one-at-a-time loop on this random share of each test's examples and "
                         "extrapolate (1.0 = all)")
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
    originals = load_stories(args.data, args.n)
    tests = build_tests(originals, tuple(s.strip() for s in args.transforms.split(",") if s.strip()))
    n_examples = sum(len(v) for v in tests.values())
    distinct = {(ex.text, ex.context): ex for exs in tests.values() for ex in exs}
    print(f"workload: {len(originals)} stories, {len(tests)} tests ({', '.join(tests)}), "
          f"{n_examples} examples scored, {len(distinct)} distinct texts (built in {time.perf_counter() - t0:.1f} s)")

    metric = Perplexity(model=args.model, batch_size=args.batch_size)
    t0 = time.perf_counter()
    metric.setup()
    print(f"model loaded in {time.perf_counter() - t0:.1f} s; torch threads: {torch.get_num_threads()}")
    metric(["Warm-up sentence for the model."])

    # floor: batched forward passes over the distinct texts, nothing else
    items = sorted(distinct.values(), key=lambda ex: len(ex.text) + len(ex.context or ""), reverse=True)
    t0, c0 = time.perf_counter(), time.process_time()
    floor_scores = {}
    with torch.no_grad():
        for i in range(0, len(items), args.batch_size):
            batch = items[i:i + args.batch_size]
            out = metric.score_batch([ex.text for ex in batch], [ex.context for ex in batch], None)
            floor_scores.update({(ex.text, ex.context): s for ex, s in zip(batch, out)})
    t_floor, c_floor = time.perf_counter() - t0, time.process_time() - c0

    # the runner, with a fresh disk cache, one score() call per test
    with tempfile.TemporaryDirectory() as tmp:
        runner = MetricRunner(metric, cache_dir=tmp, progress=False)
        t0, c0 = time.perf_counter(), time.process_time()
        results = {name: runner.score(exs, test=name) for name, exs in tests.items()}
        t_runner, c_runner = time.perf_counter() - t0, time.process_time() - c0
        t0 = time.perf_counter()
        again = {name: MetricRunner(metric, cache_dir=tmp, progress=False).score(exs, test=name)
                 for name, exs in tests.items()}
        t_rerun = time.perf_counter() - t0
    for name, exs in tests.items():
        want = np.array([floor_scores[(ex.text, ex.context)] for ex in exs])
        np.testing.assert_allclose(results[name], want, rtol=1e-6)
        np.testing.assert_array_equal(results[name], again[name])

    # the naive loop: one example at a time, every test on its own
    rng = random.Random(0)
    sample = [ex for exs in tests.values() for ex in exs if rng.random() < args.loop_sample]
    t0, c0 = time.perf_counter(), time.process_time()
    with torch.no_grad():
        for ex in sample:
            metric.score_batch([ex.text], [ex.context], None)
    scale = n_examples / max(1, len(sample))
    t_loop, c_loop = (time.perf_counter() - t0) * scale, (time.process_time() - c0) * scale
    est = f" (timed on {len(sample)} of {n_examples} examples, scaled up)" if len(sample) < n_examples else ""

    print(f"{'':41s} {'wall':>8s} {'cpu':>8s}")
    print(f"floor (batched forward, distinct texts): {t_floor:8.1f} {c_floor:8.1f} s")
    print(f"runner (dedup + sort + batch + cache):   {t_runner:8.1f} {c_runner:8.1f} s")
    print(f"rerun from the disk cache:               {t_rerun:8.2f}          s")
    print(f"one example at a time:                   {t_loop:8.1f} {c_loop:8.1f} s{est}")
    print(f"runner stats: {runner.stats}")
    print(f"runner / floor = {t_runner / t_floor:.3f} wall, {c_runner / c_floor:.3f} cpu   (target <= 1.15)")
    print(f"loop / runner  = {t_loop / t_runner:.2f}x wall, {c_loop / c_runner:.2f}x cpu  (target >= 5x)")
    print(f"  of which dedup: {n_examples / len(distinct):.2f}x fewer texts; batching: "
          f"{(c_loop / n_examples) / (c_floor / len(distinct)):.2f}x less cpu per text")
    return 0


if __name__ == "__main__":
    sys.exit(main())
