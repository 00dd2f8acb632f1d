"""Calibrate the grammaticality filter's SLOR threshold and report its accuracy on held-back data.

Data: sentences of dev ROCStories (tokenised, lower-cased, as released), each beside one broken
version (scrambled / truncated / token-shuffled: perturbkit.filters.calibration). Stories are
split in two halves by index: the threshold is chosen on the first (calibration) half and its
accuracy is reported on the second (held-back) half, overall and per kind of breakage. Also
prints SLOR scores per second against plain perplexity (the metric's floor) on the same texts.
With ``--suite``, also builds that shipped suite on the first ``--suite-stories`` dev stories and
reports, per test, the share of its cases the filter (at the calibrated threshold) would remove,
as OpenMEVA's CoLA filter removed 21.7% of its ROC examples.

    .venv/bin/python benchmarks/grammaticality.py --stories 200 [--suite openmeva --suite-stories 300]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

ROC = Path(__file__).resolve().parents[2] / "shared" / "data" / "roc" / "rocstories_dev.tsv"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=ROC)
    ap.add_argument("--stories", type=int, default=200)
    ap.add_argument("--model", default=None)
    ap.add_argument("--suite", default=None, help="a shipped suite whose cases the filter judges")
    ap.add_argument("--suite-stories", type=int, default=300)
    args = ap.parse_args()

    from perturbkit.filters.calibration import accuracy, best_threshold, broken_pairs
    from perturbkit.metrics.acceptability import Slor
    from perturbkit.metrics.embedding import split_sentences
    from perturbkit.metrics.perplexity import Perplexity
    from perturbkit.readers import read_roc

    stories = read_roc(args.data, limit=args.stories)
    half = len(stories) // 2
    parts = {}
    for name, chunk in (("calibration", stories[:half]), ("held-back", stories[half:])):
        sents = [s for ex in chunk for s in split_sentences(ex.text)]
        parts[name] = broken_pairs(sents, seed=0 if name == "calibration" else 1)
    slor = Slor(model=args.model, share_prefixes=False)
    ppl = Perplexity(model=args.model, share_prefixes=False)
    slor.setup()
    ppl.setup()
    scores = {}
    t_slor = t_ppl = 0.0
    for name, rows in parts.items():
        texts = [t for t, _, _ in rows]
        t0 = time.perf_counter()
        scores[name] = [x for i in range(0, len(texts), 16) for x in slor.score_batch(texts[i : i + 16])]
        t1 = time.perf_counter()
        for i in range(0, len(texts), 16):
            ppl.score_batch(texts[i : i + 16])
        t_ppl += time.perf_counter() - t1
        t_slor += t1 - t0
    cal, held = parts["calibration"], parts["held-back"]
    thr, cal_acc = best_threshold(scores["calibration"], [y for _, y, _ in cal])
    held_acc = accuracy(scores["held-back"], [y for _, y, _ in held], thr)
    print(f"stories: {len(stories)}; calibration rows {len(cal)}, held-back rows {len(held)}")
    print(
        f"threshold (SLOR, nats/word): {thr:.3f}; calibration accuracy {cal_acc:.3f}; held-back accuracy {held_acc:.3f}"
    )
    for kind in ("human", "scrambled", "truncated", "token_shuffled"):
        idx = [i for i, (_, _, k) in enumerate(held) if k == kind]
        acc = accuracy([scores["held-back"][i] for i in idx], [held[i][1] for i in idx], thr)
        print(f"  held-back {kind:15s} n={len(idx):4d} accuracy {acc:.3f}")
    n = sum(len(r) for r in parts.values())
    print(
        f"SLOR {n / t_slor:.1f} sentences/s; perplexity floor {n / t_ppl:.1f} sentences/s; ratio {t_slor / t_ppl:.2f}"
    )
    if args.suite:
        suite_share(args, thr)


def suite_share(args: argparse.Namespace, threshold: float) -> None:
    """Per test of a shipped suite: the share of its cases the filter at ``threshold`` removes."""
    from perturbkit.filters import build_filter
    from perturbkit.readers import read_roc
    from perturbkit.suite.generation import generate
    from perturbkit.suite.spec import load_suite

    stories = read_roc(args.data, limit=args.suite_stories, context_sentences=1)
    t0 = time.perf_counter()
    built = generate(load_suite(args.suite), stories)
    t_build = time.perf_counter() - t0
    keep = build_filter("grammaticality", {"threshold": threshold, "model": args.model})
    t0 = time.perf_counter()
    total = removed_all = 0
    print(f"suite {args.suite} on {len(stories)} stories (built in {t_build:.0f} s), threshold {threshold:.3f}:")
    for name, g in built.items():
        if not g.variants:
            continue
        kept = keep.keep_many(g.variants)
        removed = sum(1 for k in kept if not k)
        total += len(kept)
        removed_all += removed
        print(f"  {name:28s} cases {len(kept):5d} removed {removed:5d} ({removed / len(kept):.1%})")
    print(
        f"  all tests: {removed_all} of {total} cases removed ({removed_all / max(1, total):.1%}); "
        f"filter time {time.perf_counter() - t0:.0f} s (OpenMEVA's CoLA filter: 21.7% of ROC examples)"
    )


if __name__ == "__main__":
    main()
