"""Cost of the six foundation transforms relative to parsing: (parse + all transforms) / parse.

Both are measured in the same run on the ROC dev stories: one ``nlp.pipe`` pass over the texts,
then a fresh Annotator that parses them again (once) while the six transforms run over them.
Target: ratio <= 1.3 (the transforms cost under a third of what the parse costs).

    python benchmarks/transforms.py [--limit N] [--data PATH] [--seed S]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "roc" / "rocstories_dev.tsv"
FOUNDATION = ("sentence_shuffle", "repeat_ngram", "repeat_sentence", "typos", "delete_punctuation", "contraction")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--limit", type=int, default=None, help="use only the first N stories")
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA, help="ROC-format .tsv file")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    if not args.data.exists():
        print(f"skipped: {args.data} not found (the benchmark needs the ROC dev stories)")
        return 0

    from perturbkit.annotation import Annotator
    from perturbkit.example import Example
    from perturbkit.readers import read_roc
    from perturbkit.resources.spacy_model import load_nlp
    from perturbkit.transform import get_transform

    examples = read_roc(args.data, limit=args.limit)
    texts = [e.text for e in examples]
    nlp = load_nlp()
    transforms = [get_transform(n) for n in FOUNDATION]
    ann = Annotator(nlp)
    list(nlp.pipe(texts[:20], batch_size=ann.batch_size))  # warm-up (lazy init inside spaCy)
    # load what the transforms load lazily (lemminflect's tables), so neither measurement pays for it
    warm = examples[:5] + [Example("I'd gone and he'd go. He's happy. The fox ran, and she left.")]
    for t in transforms:
        t.batch(warm, seed=args.seed, annotator=Annotator(nlp))

    t0 = time.perf_counter()
    for _ in nlp.pipe(texts, batch_size=ann.batch_size):
        pass
    t_parse = time.perf_counter() - t0

    t0 = time.perf_counter()
    results = {t.name: t.batch(examples, seed=args.seed, annotator=ann) for t in transforms}
    t_all = time.perf_counter() - t0

    print(
        f"stories: {len(texts)}  (distinct texts parsed by the Annotator: {ann.n_parsed}, "
        f"tokenised only: {ann.n_tokenized})"
    )
    print(f"parse alone (nlp.pipe):          {t_parse:8.2f} s")
    print(f"parse + six transforms:          {t_all:8.2f} s")
    print(f"ratio (target <= 1.3):           {t_all / t_parse:8.3f}")
    print("applicability (variants produced / stories):")
    for name, outs in results.items():
        n = sum(o is not None for o in outs)
        print(f"  {name:20s} {n:6d} / {len(outs)}  ({100 * n / max(1, len(outs)):5.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
