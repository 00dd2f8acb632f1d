"""The union recipe on ROCStories train: stories/s with 1 and 2 workers, and peak memory for 2,000
vs 20,000 stories (flat when the run streams).

Each measurement runs in a fresh child process (`run_augment` on the first N stories of the file,
JSONL output in a temporary folder): the speed runs report stories/s after fitting (the union
recipe's keyword substitution is fitted on the first ``--fit`` stories before any output), the
memory runs their own peak RSS (``ru_maxrss``, one worker: everything in the measured process).
Both memory runs fit on the same ``--fit`` stories, so the difference is what the extra 18,000
stories cost. Printed ratios, measured in this run: 2 workers / 1 worker (stories/s), and peak
RSS 20,000 / 2,000.

    python benchmarks/augment.py [--data ../shared/data/roc/rocstories_train.tsv] [--speed-n 2000]
                                 [--small 2000] [--large 20000] [--fit 2000] [--only speed|memory]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "roc" / "rocstories_train.tsv"

CHILD = """
import json, resource, sys, tempfile, time
sys.path.insert(0, {root!r})
from perturbkit.recipe import AugmentOptions, load_recipe, run_augment
from perturbkit.recipe.spec import FitSpec
recipe = load_recipe("union").model_copy(update={{"fit": FitSpec(limit={fit})}})
t0 = time.perf_counter()
with tempfile.TemporaryDirectory() as d:
    s = run_augment(recipe, {data!r}, d + "/out.jsonl",
                    AugmentOptions(workers={workers}, limit={n}, format="roc", progress=False))
wall = time.perf_counter() - t0
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({{"stories": s.stories, "records": s.counts.records, "seconds": s.seconds, "rss_mb": rss,
                  "steady": s.steady_rate(), "first_chunk": s.first_chunk[0], "wall": wall}}))
"""


def child(data: Path, n: int, workers: int, fit: int) -> dict:
    code = CHILD.format(root=str(ROOT), data=str(data), n=n, workers=workers, fit=fit)
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tempfile.gettempdir()
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--speed-n", type=int, default=2000)
    ap.add_argument("--small", type=int, default=2000)
    ap.add_argument("--large", type=int, default=20000)
    ap.add_argument("--fit", type=int, default=2000)
    ap.add_argument("--only", choices=["speed", "memory"])
    args = ap.parse_args()
    if not args.data.exists():
        print(f"no data at {args.data}", file=sys.stderr)
        return 1
    if args.only != "memory":
        one = child(args.data, args.speed_n, 1, args.fit)
        two = child(args.data, args.speed_n, 2, args.fit)
        r1, r2 = one["stories"] / one["seconds"], two["stories"] / two["seconds"]
        s1, s2 = one["steady"], two["steady"]
        print(
            f"speed ({args.speed_n} stories, after fitting): 1 worker {r1:.1f} stories/s, 2 workers {r2:.1f} stories/s"
        )
        print(f"  2 workers / 1 worker: {r2 / r1:.2f}x overall")
        print(f"  steady (after the first chunk): 1 worker {s1:.1f}, 2 workers {s2:.1f} stories/s: {s2 / s1:.2f}x")
        print(f"  first chunk written after: 1 worker {one['first_chunk']:.1f} s, 2 workers {two['first_chunk']:.1f} s")
        print(f"  whole run with fitting: 1 worker {one['wall']:.1f} s, 2 workers {two['wall']:.1f} s")
    if args.only != "speed":
        small = child(args.data, args.small, 1, args.fit)
        large = child(args.data, args.large, 1, args.fit)
        print(
            f"peak RSS (1 worker): {args.small} stories {small['rss_mb']:.0f} MB, "
            f"{args.large} stories {large['rss_mb']:.0f} MB ({large['records']} records)"
        )
        print(f"  {args.large} / {args.small}: {large['rss_mb'] / small['rss_mb']:.3f}")
        print(
            f"  rate: {small['stories'] / small['seconds']:.1f} and {large['stories'] / large['seconds']:.1f} stories/s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
