"""PlotToStory throughput and checks on dev ROC plots, in one run:

- candidates per second batched (``--batch-size`` rows per model call) against one candidate at a
  time (``batch_size=1``), same plots and seeds, no cache (the ratio is printed, and whether both
  runs gave the same stories: per-candidate generators make them identical);
- what the checks did: candidates kept, off the plot (keyword coverage below ``min_coverage``),
  echoed, empty; the mean coverage of the kept; one example.

    .venv/bin/python benchmarks/plot_generation.py --plots 16 --candidates 2 --max-new-tokens 48
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

ROC = Path(__file__).resolve().parents[2] / "shared" / "data" / "roc" / "rocstories_dev.tsv"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=ROC)
    ap.add_argument("--plots", type=int, default=16)
    ap.add_argument("--candidates", type=int, default=2)
    ap.add_argument("--max-new-tokens", type=int, default=48)
    ap.add_argument("--batch-size", type=int, default=16)
    ap.add_argument("--model", default=None)
    args = ap.parse_args()

    from perturbkit.plot.generate import PlotToStory
    from perturbkit.training.plot_pairs import read_pairs

    plots = [p for p, _ in read_pairs(args.data, limit=args.plots)]
    kw = dict(model=args.model, num_return_sequences=args.candidates, max_new_tokens=args.max_new_tokens, cache=False)
    batched = PlotToStory(batch_size=args.batch_size, **kw)
    batched.load()  # loading is not generation: both runs start with the model in memory
    t0 = time.perf_counter()
    out_b = batched.stories(plots, seed=0)
    t_b = time.perf_counter() - t0
    single = PlotToStory(batch_size=1, **kw)
    t0 = time.perf_counter()
    out_s = single.stories(plots, seed=0)
    t_s = time.perf_counter() - t0

    rows = len(plots) * args.candidates
    print(f"{len(plots)} plots x {args.candidates} candidates, max_new_tokens={args.max_new_tokens}")
    print(f"batched (batch_size={args.batch_size}): {rows / t_b:.3f} candidates/s ({t_b:.1f} s)")
    print(f"one at a time:              {rows / t_s:.3f} candidates/s ({t_s:.1f} s)")
    print(f"speed-up: {t_s / t_b:.2f}x; same stories: {[c.stories for c in out_b] == [c.stories for c in out_s]}")
    c = batched.counts
    print(f"kept {c['kept']}, off_plot {c['off_plot']}, echo {c['echo']}, empty {c['empty']} of {rows}")
    cov = [x for s in out_b for x in s.coverage]
    if cov:
        print(f"mean keyword coverage of the kept: {sum(cov) / len(cov):.2f}")
    for s in out_b:
        if s.stories:
            print("example plot:\n" + s.plot.prompt_text() + "\nstory: " + s.stories[0])
            break
    for s in out_b:
        if s.rejected:
            print(f"example rejected ({s.rejected[0][1]}): {s.rejected[0][0][:300]}")
            break


if __name__ == "__main__":
    main()
