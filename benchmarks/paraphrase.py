"""Paraphrase figures on dev ROC sentences, in one run:

- the prompt paraphraser (SmolLM2-135M-Instruct by default, few-shot, N candidates per sentence):
  what the cleaning rejected (copies, debris, overlong...), the share of candidates the similarity
  check accepts, mean cosine and BLEU-1 of the accepted, and examples;
- the chain (prompt, falling back to rules): share of sentences that get a paraphrase from each;
- throughput: paraphrases per second batched (``batch_size`` rows per model call) against one
  sentence at a time, same sentences, fresh caches (ratio printed); with ``--prefix-cache both``
  (the default) once without and once with the prompt prefix's cached keys and values, checking
  that both give the same candidates.

    .venv/bin/python benchmarks/paraphrase.py --sentences 200
    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/paraphrase.py --sentences 20 --speed-sentences 8 --only-speed
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
    ap.add_argument("--batch-size", type=int, default=32, help="rows per model call in the batched run")
    ap.add_argument("--prefix-cache", choices=("both", "on", "off"), default="both")
    ap.add_argument("--only-speed", action="store_true", help="skip the acceptance and chain figures")
    args = ap.parse_args()

    from perturbkit.metrics.embedding import split_sentences
    from perturbkit.readers import read_roc
    from perturbkit.resources.config import settings

    settings.cache_dir = Path(tempfile.mkdtemp(prefix="pk-para-bench-"))
    sents: list[str] = []
    for ex in read_roc(args.data, limit=args.sentences):
        sents += [s for s in split_sentences(ex.text) if len(s.split()) >= 4]
    sents = sents[: args.sentences]
    seeds = list(range(len(sents)))
    if not args.only_speed:
        quality(args, sents, seeds)
    speed(args, sents[: args.speed_sentences])


def quality(args: argparse.Namespace, sents: list[str], seeds: list[int]) -> None:
    """Cleaning, similarity acceptance and the chain's fallback share on ``sents``."""
    from perturbkit.transform.paraphrasers import ChainParaphraser, PromptParaphraser
    from perturbkit.transform.similarity import SimilarityCheck
    from perturbkit.transforms._paraphrasers import RuleParaphraser

    check = SimilarityCheck()
    p = PromptParaphraser(model=args.model, n=args.n)
    t0 = time.perf_counter()
    cands = p.paraphrase_many(sents, seeds)
    t_batched = time.perf_counter() - t0
    print(f"first run over all sentences: {p.counts['generate_generated'] / t_batched:.2f} candidates/s")
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


def speed(args: argparse.Namespace, speed: list[str]) -> None:
    """Candidates per second, one sentence at a time against ``--batch-size`` rows per call, with
    and/or without the prefix cache, each run on a fresh disk cache."""
    from perturbkit.resources.config import settings
    from perturbkit.transform.paraphrasers import PromptParaphraser

    # load the model first; the prefix's keys and values are left to the first cached run
    PromptParaphraser(model=args.model, n=1, cache=False, max_new_tokens=1, prefix_cache=False).raw(["Warm up."], [0])
    modes = {"both": (False, True), "on": (True,), "off": (False,)}[args.prefix_cache]
    rows = len(speed) * args.n
    got: dict[tuple[bool, str], list[list[str]]] = {}
    rates: dict[tuple[bool, str], float] = {}
    for cached in modes:
        settings.cache_dir = Path(tempfile.mkdtemp(prefix="pk-para-bench-"))
        one = PromptParaphraser(model=args.model, n=args.n, batch_size=args.n, prefix_cache=cached)
        t0 = time.perf_counter()
        got[(cached, "one")] = [one.paraphrase_many([s], [i])[0] for i, s in enumerate(speed)]
        rates[(cached, "one")] = rows / (time.perf_counter() - t0)
        settings.cache_dir = Path(tempfile.mkdtemp(prefix="pk-para-bench-"))
        many = PromptParaphraser(model=args.model, n=args.n, batch_size=args.batch_size, prefix_cache=cached)
        t0 = time.perf_counter()
        got[(cached, "many")] = many.paraphrase_many(speed, list(range(len(speed))))
        rates[(cached, "many")] = rows / (time.perf_counter() - t0)
        label = "prefix cache" if cached else "no prefix cache"
        print(
            f"throughput on {len(speed)} sentences x {args.n}, {label}: one sentence at a time "
            f"{rates[(cached, 'one')]:.2f} candidates/s, batched ({args.batch_size} rows) "
            f"{rates[(cached, 'many')]:.2f} candidates/s, ratio {rates[(cached, 'many')] / rates[(cached, 'one')]:.2f}x",
            flush=True,
        )
    if len(modes) == 2:
        same = all(got[(False, k)] == got[(True, k)] for k in ("one", "many"))
        print(
            f"prefix cache against none: one at a time {rates[(True, 'one')] / rates[(False, 'one')]:.2f}x, "
            f"batched {rates[(True, 'many')] / rates[(False, 'many')]:.2f}x; same candidates: {same}"
        )


if __name__ == "__main__":
    main()
