"""Where batching stops paying in prompt-paraphraser decoding: SmolLM2 (the default few-shot
prompt, prefix cache on, 48 new tokens) on the first dev ROC sentences, 4 candidates each, all
rows in one ``generate_rows`` call against one call per sentence (its 4 rows), sampled with and
without top-p 0.9; then greedy, all sentences in one call against one row a call. Model calls
only: no cleaning, no disk cache.

    PYTHONPATH=. OMP_NUM_THREADS=1 nice -n 5 .venv/bin/python benchmarks/decode_ratio.py --sentences 8

``--compare``: each setting twice in one run, first with ``generate_rows(fast=False)``
(``model.generate`` with transformers' top-p warper, every row kept and sampled until its batch
stops: the code before the exact top-p and the decode loop) and then as shipped, checking both
give the same candidates; the load average is printed beside each line (the machine is shared).
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

ROC = Path(__file__).resolve().parents[2] / "shared" / "data" / "roc" / "rocstories_dev.tsv"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=ROC)
    ap.add_argument("--sentences", type=int, default=8)
    ap.add_argument("--n", type=int, default=4)
    ap.add_argument("--compare", action="store_true", help="each sampled setting with fast=False, then fast=True")
    args = ap.parse_args()

    import torch

    from perturbkit.metrics.embedding import split_sentences
    from perturbkit.readers import read_roc
    from perturbkit.transform import decoding as D
    from perturbkit.transform.paraphrase_text import to_plain
    from perturbkit.transform.paraphrasers import FEW_SHOT, PromptParaphraser

    sents: list[str] = []
    for ex in read_roc(args.data, limit=args.sentences * 3):
        sents += [s for s in split_sentences(ex.text) if len(s.split()) >= 4]
    sents = [to_plain(s)[0] for s in sents[: args.sentences]]
    model, tok = PromptParaphraser(n=args.n, cache=False)._gen("causal", None, FEW_SHOT, args.n).load()
    chat = D.uses_chat_template(tok, "causal", None)
    rows = [D.encode(tok, D.build_prompt(tok, FEW_SHOT, s, chat), chat) for s in sents for _ in range(args.n)]
    prefix = D.prompt_prefix(tok, FEW_SHOT, chat)
    seeds = [7 * i for i in range(len(rows))]

    def rate(groups: list[list[int]], d: D.Decoding, fast: bool = True) -> tuple[float, list[int], list[str]]:
        t0 = time.perf_counter()
        texts = [
            t
            for g in groups
            for t in D.generate_rows(
                model, tok, "causal", [rows[i] for i in g], [seeds[i] for i in g], d, prefix=prefix, fast=fast
            )
        ]
        lengths = [len(tok(t, add_special_tokens=False)["input_ids"]) for t in texts]
        return sum(map(len, groups)) / (time.perf_counter() - t0), lengths, texts

    def load() -> str:
        return f"load {os.getloadavg()[0]:.1f}"

    every = list(range(len(rows)))
    per_sentence = [every[i : i + args.n] for i in range(0, len(rows), args.n)]
    with torch.no_grad():
        D.generate_rows(model, tok, "causal", rows[:1], [0], D.Decoding(1), prefix=prefix)  # warm up
        for top_p in (0.9, None):
            d = D.Decoding(48, True, 0.7, None, top_p)
            seen: list[list[str]] = []
            for fast in (False, True) if args.compare else (True,):
                before = load()
                many, lengths, texts = rate([every], d, fast)
                one, _, single = rate(per_sentence, d, fast)
                seen += [texts, single]
                print(
                    f"sampled, top_p {top_p}{', fast=' + str(fast) if args.compare else ''}: {len(rows)} rows a call "
                    f"{many:.2f} candidates/s, {args.n} rows a call {one:.2f}/s, ratio {many / one:.2f}x; tokens per "
                    f"row mean {sum(lengths) / len(lengths):.1f}, max {max(lengths)}; {before} -> {load()}",
                    flush=True,
                )
            print(f"  same candidates in every call of this setting: {all(t == seen[0] for t in seen)}", flush=True)
        firsts = every[:: args.n]
        for fast in (False, True) if args.compare else (True,):
            before = load()
            many, lengths, _ = rate([firsts], D.Decoding(48), fast)
            one, _, _ = rate([[i] for i in firsts], D.Decoding(48), fast)
            print(
                f"greedy{', fast=' + str(fast) if args.compare else ''}: {len(firsts)} rows a call {many:.2f} outputs/s, "
                f"one row a call {one:.2f}/s, ratio {many / one:.2f}x; tokens per row mean "
                f"{sum(lengths) / len(lengths):.1f}, max {max(lengths)}; {before} -> {load()}",
                flush=True,
            )


if __name__ == "__main__":
    main()
