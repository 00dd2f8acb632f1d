"""A learned plausibility metric (``perturbkit train metric``) against human judgements.

1. MANS (OpenMEVA, ROC and WP dev sets, 500 rated stories each): Pearson, Spearman and Kendall
   (with p-values, scipy.stats) of the metric's score with the mean of the 5 human ratings, beside
   the published UNION figure (OpenMEVA Table 5, Pearson on all 1,000 stories per set: 0.4119 ROC,
   0.3256 WP; so dev-only numbers compare only roughly). The prompt is read before the story.
2. AF_ManPlts validation groups (one human ROC story + 3 implausible ones): how often the human
   story scores above all three (chance 25%) and above each negative (pairwise, chance 50%).

Any metric spec works with ``--metric`` (so a peer is measured on the same inputs in the same run):

    .venv/bin/python benchmarks/learned_metric.py --metric learned:runs/union --af-groups 500
    .venv/bin/python benchmarks/learned_metric.py --metric learned:runs/union --metric coherence
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
UNION = {"roc": 0.4119, "wp": 0.3256}  # OpenMEVA Table 5, Pearson, all 1,000 MANS stories


def correlate(scores, ratings) -> dict[str, float]:
    """Pearson, Spearman and Kendall (with p-values) of scores against ratings."""
    from scipy import stats

    out = {}
    for name, fn in (("pearson", stats.pearsonr), ("spearman", stats.spearmanr), ("kendall", stats.kendalltau)):
        r, p = fn(scores, ratings)
        out[name], out[name + "_p"] = float(r), float(p)
    return out


def af_accuracy(examples, scores) -> dict[str, float]:
    """Share of groups whose human story scores above all its negatives, and of (human, negative)
    pairs where the human story scores higher (ties count as wrong)."""
    groups: dict[int, dict[str, list[float]]] = {}
    for ex, s in zip(examples, scores):
        g = groups.setdefault(ex.meta["group"], {"human": [], "neg": []})
        g["human" if ex.meta["label"] == 1 else "neg"].append(float(s))
    whole, pairs, n_pairs = 0, 0, 0
    for g in groups.values():
        if len(g["human"]) != 1 or not g["neg"]:
            continue
        h = g["human"][0]
        whole += all(h > n for n in g["neg"])
        pairs += sum(h > n for n in g["neg"])
        n_pairs += len(g["neg"])
    return {"groups": len(groups), "group_acc": whole / len(groups), "pair_acc": pairs / max(1, n_pairs)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--metric", action="append", required=True, help="metric spec, e.g. learned:DIR; repeatable")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--af-groups", type=int, default=None, help="only the first N AF_ManPlts groups (all: 2,944)")
    ap.add_argument("--no-af", action="store_true")
    ap.add_argument("--no-cache", action="store_true", help="do not read or write the score cache")
    ap.add_argument("--threads", type=int, help="torch CPU threads")
    ap.add_argument(
        "--embedding-cache",
        metavar="FILE",
        help="learned:DIR in frozen mode: a sqlite file of features, so several heads embed each text once",
    )
    args = ap.parse_args(argv)
    mans = sorted((args.data / "mans").glob("mans_*_dev.json"))
    af = args.data / "roc" / "af_manplts_valid.tsv"
    if not mans and not af.is_file():
        print(f"skipped: no MANS or AF_ManPlts data under {args.data}")
        return 0

    import numpy as np

    from perturbkit.io import read_examples
    from perturbkit.metrics import resolve_metric
    from perturbkit.metrics.runner import MetricRunner

    if args.threads:
        import torch

        torch.set_num_threads(args.threads)
    cache = False if args.no_cache else None

    def metric(spec: str):
        if spec.startswith("learned:") and args.embedding_cache:
            return resolve_metric(spec, embedding_cache=args.embedding_cache)
        return resolve_metric(spec)

    rows, af_rows = [], []
    for spec in args.metric:
        for path in mans:
            dataset = path.stem.split("_")[1]
            exs = [ex for ex in read_examples(path, fmt="mans") if ex.meta.get("rating") is not None]
            t0 = time.perf_counter()
            scores = MetricRunner(metric(spec), cache_dir=cache).score(exs, test=f"mans_{dataset}_dev")
            secs = time.perf_counter() - t0
            ratings = np.array([ex.meta["rating"] for ex in exs], dtype=float)
            rows.append((dataset, spec, len(exs), correlate(scores, ratings)))
            print(f"  {dataset} {spec}: {len(exs)} stories in {secs:.1f} s", file=sys.stderr)
        if af.is_file() and not args.no_af:
            exs = read_examples(af, fmt="roc_af")
            if args.af_groups is not None:
                exs = [ex for ex in exs if ex.meta["group"] < args.af_groups]
            t0 = time.perf_counter()
            scores = MetricRunner(metric(spec), cache_dir=cache).score(exs, test="af_manplts_valid")
            print(f"  AF_ManPlts {spec}: {len(exs)} stories in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
            af_rows.append((spec, af_accuracy(exs, scores)))

    if rows:
        print()
        print("| data | metric | n | Pearson (p) | Spearman (p) | Kendall (p) | UNION Pearson (published) | ratio |")
        print("|---|---|---:|---|---|---|---|---:|")
        for dataset, spec, n, c in rows:
            print(
                f"| {dataset.upper()} | {spec} | {n} | {c['pearson']:+.4f} ({c['pearson_p']:.2g}) | "
                f"{c['spearman']:+.4f} ({c['spearman_p']:.2g}) | {c['kendall']:+.4f} ({c['kendall_p']:.2g}) | "
                f"{UNION[dataset]:.4f} | {c['pearson'] / UNION[dataset]:.2f} |"
            )
    if af_rows:
        print()
        print("| metric | AF_ManPlts groups | human above all 3 (chance 0.25) | human above a negative (chance 0.50) |")
        print("|---|---:|---:|---:|")
        for spec, a in af_rows:
            print(f"| {spec} | {a['groups']} | {a['group_acc']:.4f} | {a['pair_acc']:.4f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
