"""Paraphrase figures on dev ROC sentences, in one run:

- the prompt paraphraser (SmolLM2-135M-Instruct by default, few-shot, N candidates per sentence):
  what the cleaning rejected (copies, debris, overlong...), the share of candidates the similarity
  check accepts, mean cosine and BLEU-1 of the accepted, and examples;
- the chain (prompt, falling back to rules): share of sentences that get a paraphrase from each;
- throughput: paraphrases per second batched (``batch_size`` rows per model call) against one
  sentence at a time, same sentences, fresh caches (ratio printed).

    .venv/bin/python benchmarks/paraphrase.py --sentences 200
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

ROC = Path(__file__).resolve().parents[2] / "shared" / "data" / "roc" / "rocstories_dev.tsv"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=ROC)
    ap.add_argument("--sentences", type=int, default=200)
    ap.add_argument("--model", default=None)
    ap.add_argument("--n", type=int, default=4)
    ap.add_argument("--speed-sentences", type=int, default=16)
    args = ap.parse_args()

    from perturbkit.metrics.embedding import split_sentences
    from perturbkit.readers import read_roc
    from perturbkit.resources.config import settings
    from perturbkit.transform.paraphrasers import ChainParaphraser, PromptParaphraser
    from perturbkit.transform.similarity import SimilarityCheck
    from perturbkit.transforms._paraphrasers import RuleParaphraser

    settings.cache_dir = Path(tempfile.mkdtemp(prefix="pk-para-bench-"))
    sents: list[str] = []
    for ex in read_roc(args.data, limit=args.sentences):
        sents += [s for s in split_sentences(ex.text) if len(s.split()) >= 4]
    sents = sents[: args.sentences]
    seeds = list(range(len(sents)))
    check = SimilarityCheck()

    p = PromptParaphraser(model=args.model, n=args.n)
    t0 = time.perf_counter()
    cands = p.paraphrase_many(sents, seeds)
    t_batched = time.perf_counter() - t0
    flat = [(s, c) for s, cs in zip(sents, cands) for c in cs]
    scores = check.scores([s for s, _ in flat], [c for _, c in flat])
    ok = check.accept_many([s for s, _ in flat], [c for _, c in flat])
    acc = [(s, c, sc) for (s, c), sc, k in zip(flat, scores, ok) if k]
    generated = p.counts["generate_generated"]
    print(f"sentences {len(sents)}, candidates generated {generated}, after cleaning {len(flat)}")
    print("rejected by cleaning:", {k: v for k, v in sorted(p.counts.items()) if k.startswith("rejected_")})
    print(
        f"accepted by the similarity check: {len(acc)} of {len(flat)} clean ({len(acc) / max(1, generated):.1%} of generated)"
    )
    if acc:
        print(
            f"accepted: mean cosine {sum(x[2][0] for x in acc) / len(acc):.3f}, mean BLEU-1 {sum(x[2][1] for x in acc) / len(acc):.3f}"
        )
    for s, c, (cos, b1) in acc[:10]:
        print(f"  {s!r} -> {c!r} (cos {cos:.2f}, BLEU-1 {b1:.2f})")

    chain = ChainParaphraser(p, RuleParaphraser(), check)
    chain.paraphrase_many(sents, seeds)  # the prompt half comes from the cache
    print("chain:", {k: chain.counts[k] for k in ("sentences", "from_primary", "from_fallback", "none")})

    speed = sents[: args.speed_sentences]
    settings.cache_dir = Path(tempfile.mkdtemp(prefix="pk-para-bench-"))
    one = PromptParaphraser(model=args.model, n=args.n, batch_size=args.n)
    t0 = time.perf_counter()
    for i, s in enumerate(speed):
        one.paraphrase_many([s], [i])
    t_one = time.perf_counter() - t0
    settings.cache_dir = Path(tempfile.mkdtemp(prefix="pk-para-bench-"))
    many = PromptParaphraser(model=args.model, n=args.n, batch_size=32)
    t0 = time.perf_counter()
    many.paraphrase_many(speed, list(range(len(speed))))
    t_many = time.perf_counter() - t0
    rows = len(speed) * args.n
    print(
        f"throughput on {len(speed)} sentences x {args.n}: one sentence at a time {rows / t_one:.2f} candidates/s, "
        f"batched (32 rows) {rows / t_many:.2f} candidates/s, ratio {t_one / t_many:.2f}x "
        f"(first run over all sentences: {generated / t_batched:.2f} candidates/s)"
    )


if __name__ == "__main__":
    main()
