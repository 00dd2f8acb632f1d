"""Plot extraction and the plot manipulations on dev ROCStories.

Prints (1) the extractor's speed against its floor, the spaCy parse of the same stories (parse,
then extraction from the cached parse, in one run); (2) item overlap of the extracted keywords with the
released storylines (exact item match and word match, precision / recall / F1 per story, micro);
(3) applicability of each manipulation (share of stories where it returns a plot) on the released
plots and on the extracted ones, with the mean number of items it touched.

    .venv/bin/python benchmarks/plot.py --stories 500 [--conceptnet PATH/conceptnet_antonym.txt]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
ROC = SHARED / "roc" / "rocstories_dev.tsv"
CONCEPTNET = SHARED / "lexicons" / "conceptnet_antonym.txt"


def overlap(pred: list[set[str]], gold: list[set[str]]) -> tuple[float, float, float]:
    """Micro precision, recall and F1 of predicted vs gold sets."""
    hit = sum(len(p & g) for p, g in zip(pred, gold))
    n_p, n_g = sum(map(len, pred)), sum(map(len, gold))
    prec, rec = hit / max(n_p, 1), hit / max(n_g, 1)
    return prec, rec, 2 * prec * rec / max(prec + rec, 1e-9)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=ROC)
    ap.add_argument("--stories", type=int, default=500)
    ap.add_argument("--conceptnet", type=Path, default=CONCEPTNET, help="head|||/r/Rel|||tails file")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    from perturbkit.annotation import Annotator, Level
    from perturbkit.plot import PlotExtractor, get_plot_transform, read_plots
    from perturbkit.plot.extract import PHRASE_POS

    recs = list(read_plots(args.data, limit=args.stories))
    texts = [r.text for r in recs]

    # 1. speed: the parse (floor), then extraction from the parsed Docs, on one annotator (model loaded first)
    ann = Annotator()
    ann.parse("The model loads before the clock starts.", Level.PARSE)
    t0 = time.perf_counter()
    ann.pipe(texts, Level.PARSE)
    t_parse = time.perf_counter() - t0
    ext = PlotExtractor(annotator=ann)
    t0 = time.perf_counter()
    plots = ext.batch(texts)
    t_extract = time.perf_counter() - t0
    print(f"stories: {len(recs)} from {args.data.name}")
    print(
        f"extractor: parse {len(recs) / t_parse:.1f} stories/s, extraction from the parse "
        f"{len(recs) / t_extract:.0f} stories/s; ratio (parse + extraction) / parse = {(t_parse + t_extract) / t_parse:.3f}"
    )

    # 2. overlap with the released storylines
    gold_items = [{i for _, i in r.plot.items} for r in recs]
    pred_items = [{i for _, i in p.items} for p in plots]
    gold_words = [{w for i in g for w in i.split()} for g in gold_items]
    pred_words = [{w for i in p for w in i.split()} for p in pred_items]
    print(
        f"released items per story: {sum(map(len, gold_items)) / len(recs):.1f}; "
        f"extracted: {sum(map(len, pred_items)) / len(recs):.1f}"
    )
    for label, pred, gold in (("items", pred_items, gold_items), ("words", pred_words, gold_words)):
        p, r, f = overlap(pred, gold)
        print(f"overlap with released storylines ({label}): precision {p:.3f} recall {r:.3f} F1 {f:.3f}")
    wide = PlotExtractor(annotator=ann, head_pos=frozenset(PHRASE_POS)).batch(texts)
    p, r, f = overlap([{i for _, i in q.items} for q in wide], gold_items)
    print(f"  with head_pos=adjectives and adverbs too: items precision {p:.3f} recall {r:.3f} F1 {f:.3f}")

    # 3. applicability of each manipulation
    sources = {
        "plot_logic_reorder": [{}],
        "plot_contradiction_insertion": [{"source": "wordnet"}]
        + ([{"source": str(args.conceptnet)}] if args.conceptnet.is_file() else []),
        "plot_repetition_insertion": [{}],
        "plot_random_substitution": [{}],
    }
    print(f"\n{'manipulation':32} {'params':38} {'released':>9} {'extracted':>10} {'items/plot':>10} {'ms/plot':>8}")
    for name, variants in sources.items():
        for params in variants:
            t = get_plot_transform(name, **params)
            row = []
            touched = 0
            t0 = time.perf_counter()
            for pool in ([r.plot for r in recs], plots):
                t.fit(pool)
                outs = [t(p, args.seed) for p in pool]
                row.append(sum(o is not None for o in outs) / len(pool))
                touched += sum(len(o.meta["manipulations"]) for o in outs if o is not None)
            ms = (time.perf_counter() - t0) * 1000 / (2 * len(recs))
            shown = ", ".join(f"{k}={Path(v).name if '/' in str(v) else v}" for k, v in params.items()) or "defaults"
            n_ok = max(1, round((row[0] + row[1]) * len(recs)))
            print(f"{name:32} {shown:38} {row[0]:9.1%} {row[1]:10.1%} {touched / n_ok:10.2f} {ms:8.2f}")


if __name__ == "__main__":
    main()
