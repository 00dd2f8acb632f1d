"""Correlation of baseline metrics with human ratings on the OpenMEVA MANS dev sets.

For each ``mans_*_dev.json`` under ``--data`` (ROC and WP, 500 rated stories each), score every
generated story with sentence BLEU (OpenMEVA set-up, against the human continuation), MiniLM
coherence (reference-free) and SmolLM2 perplexity (conditioned on the prompt), and correlate with
the mean of the 5 human ratings: Pearson, Spearman and Kendall with p-values (scipy.stats).
OpenMEVA's published figures are on all 1,000 stories per dataset (dev + test), so they compare
only roughly with these dev-only numbers; perplexity there used GPT-2, not SmolLM2.

    .venv/bin/python benchmarks/mans.py                  # scores cached under the perturbkit cache
    .venv/bin/python benchmarks/mans.py --metrics bleu   # one metric
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

MANS = Path(__file__).resolve().parents[2] / "shared" / "data" / "mans"
# OpenMEVA Table 5, Pearson on all 1,000 MANS stories (../shared/data/README.md)
PUBLISHED = {
    ("bleu", "roc"): -0.0239,
    ("bleu", "wp"): -0.0537,
    ("perplexity", "roc"): 0.2547,
    ("perplexity", "wp"): 0.3033,
}
PUBLISHED_NOTE = {"perplexity": "GPT-2"}


def correlate(scores, ratings) -> dict[str, float]:
    """Pearson, Spearman and Kendall (with p-values) of scores against ratings."""
    from scipy import stats

    out = {}
    for name, fn in (("pearson", stats.pearsonr), ("spearman", stats.spearmanr), ("kendall", stats.kendalltau)):
        r, p = fn(scores, ratings)
        out[name], out[name + "_p"] = float(r), float(p)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=MANS)
    ap.add_argument("--metrics", default="bleu,coherence,perplexity")
    ap.add_argument("--no-cache", action="store_true", help="do not read or write the score cache")
    ap.add_argument(
        "--threads",
        type=int,
        default=None,
        help="torch CPU threads (default: torch's choice; use 1 on a machine shared with other jobs)",
    )
    args = ap.parse_args(argv)
    files = sorted(args.data.glob("mans_*_dev.json")) if args.data.is_dir() else []
    if not files:
        print(f"skipped: no mans_*_dev.json under {args.data}")
        return 0

    import numpy as np

    from perturbkit.io import read_examples
    from perturbkit.metrics import resolve_metric
    from perturbkit.metrics.runner import MetricRunner

    if args.threads:
        import torch

        torch.set_num_threads(args.threads)
    metrics = [s.strip() for s in args.metrics.split(",") if s.strip()]
    rows = []
    for path in files:
        dataset = path.stem.split("_")[1]  # mans_roc_dev -> roc
        exs = [ex for ex in read_examples(path, fmt="mans") if ex.meta.get("rating") is not None]
        ratings = np.array([ex.meta["rating"] for ex in exs], dtype=float)
        for name in metrics:
            runner = MetricRunner(resolve_metric(name), cache_dir=False if args.no_cache else None)
            t0 = time.perf_counter()
            scores = runner.score(exs, test=f"mans_{dataset}_dev")
            secs = time.perf_counter() - t0
            rows.append((dataset, name, len(exs), correlate(scores, ratings), secs))
            print(f"  {dataset} {name}: {len(exs)} stories in {secs:.1f} s", file=sys.stderr)

    print()
    print("| data | metric | n | Pearson (p) | Spearman (p) | Kendall (p) | published Pearson (1,000 stories) |")
    print("|---|---|---:|---|---|---|---|")
    for dataset, name, n, c, _ in rows:
        pub = PUBLISHED.get((name, dataset))
        pub_s = "-" if pub is None else f"{pub:+.4f}" + (f" ({PUBLISHED_NOTE[name]})" if name in PUBLISHED_NOTE else "")
        print(
            f"| {dataset.upper()} | {name} | {n} | {c['pearson']:+.4f} ({c['pearson_p']:.2g}) | "
            f"{c['spearman']:+.4f} ({c['spearman_p']:.2g}) | {c['kendall']:+.4f} ({c['kendall_p']:.2g}) | {pub_s} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
