"""Cost of building the openmeva suite relative to parsing: (suite generation) / (one parse).

Both are measured in the same run on the ROC dev stories (sentence 1 as context, OpenMEVA's
setting): one ``nlp.pipe`` pass over the story texts, then a fresh Annotator that builds the whole
shipped ``openmeva`` suite (selection, every transform, filters; no metric). Lazy resources
(WordNet, lemminflect's tables, ConceptNet) are loaded by a warm-up build on a few stories first,
so neither measurement pays for them. Target: ratio <= 1.5. Both wall-clock and CPU time are
printed: on a machine shared with other jobs the CPU-time ratio is the steadier one. The build's
CPU time is split by test, and within each into parsing, deriving Docs, the similarity check's
sentence encoder and parsing by other annotators (the rule paraphraser's sentences).
``--quantize int8`` builds with every similarity check's encoder in dynamic int8 (CPU).
``--dump`` writes every case (test, parent and the variant's ``to_dict``: text, edits, metadata),
so two builds can be compared byte for byte.

    python benchmarks/suite_build.py [--limit N] [--data PATH] [--seed S] [--quantize int8] [--dump OUT.jsonl]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# the released data sits beside the checkout (../shared), or beside the worktrees' folder
_SHARED = next((p / "shared" for p in ROOT.parents[:2] if (p / "shared").is_dir()), ROOT.parent / "shared")
DEFAULT_DATA = _SHARED / "data" / "roc" / "rocstories_dev.tsv"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--limit", type=int, default=2000, help="use only the first N stories (default 2000)")
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA, help="ROC-format .tsv file")
    ap.add_argument("--seed", type=int, default=None, help="override the suite's seed")
    ap.add_argument("--dump", type=Path, default=None, help="also write every case (test, parent, variant) as JSONL")
    ap.add_argument("--quantize", choices=["int8"], default=None, help="the similarity checks' encoder in int8")
    args = ap.parse_args(argv)
    if not args.data.exists():
        print(f"skipped: {args.data} not found (the benchmark needs the ROC dev stories)")
        return 0

    from perturbkit.annotation import Annotator
    from perturbkit.readers import read_roc
    from perturbkit.resources.spacy_model import load_nlp
    from perturbkit.suite import generate, load_suite

    examples = read_roc(args.data, context_sentences=1, limit=args.limit)
    texts = [e.text for e in examples]
    suite = load_suite("openmeva")
    if args.quantize:
        _quantize_similarity_checks(args.quantize)
    nlp = load_nlp()
    generate(suite, examples[:30], seed=args.seed, annotator=Annotator(nlp))  # warm-up: lazy resources

    ann = Annotator(nlp)
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in nlp.pipe(texts, batch_size=ann.batch_size):
        pass
    t_parse, c_parse = time.perf_counter() - t0, time.process_time() - c0

    spent = _time_parsing_and_deriving(ann)
    per_test = _time_per_test(spent)
    t0, c0 = time.perf_counter(), time.process_time()
    generated = generate(suite, examples, seed=args.seed, annotator=ann)
    t_build, c_build = time.perf_counter() - t0, time.process_time() - c0

    n_variants = sum(len(g.variants) for g in generated.values())
    print(f"stories: {len(texts)}  variants: {n_variants}")
    print(f"texts parsed whole: {ann.n_parsed}  derived from a parent: {ann.n_derived}")
    print("                                 wall      cpu")
    print(f"parse alone (nlp.pipe):        {t_parse:7.2f} s {c_parse:7.2f} s")
    print(f"openmeva suite build:          {t_build:7.2f} s {c_build:7.2f} s")
    print(f"ratio (target <= 1.5):         {t_build / t_parse:7.3f}   {c_build / c_parse:7.3f}")
    rest = c_build - spent["parse"] - spent["derive"]
    print("where the build's CPU time went (share of one nlp.pipe pass):")
    print(f"  parsing whole texts:         {spent['parse']:7.2f} s   {spent['parse'] / c_parse:7.3f}")
    print(f"  deriving Docs (no parsing):  {spent['derive']:7.2f} s   {spent['derive'] / c_parse:7.3f}")
    print(f"  the rest (transforms...):    {rest:7.2f} s   {rest / c_parse:7.3f}")
    print(f"    of which sentence encoder: {spent['encode']:7.2f} s   {spent['encode'] / c_parse:7.3f}")
    print(f"    of which other parsing:    {spent['other_parse']:7.2f} s   {spent['other_parse'] / c_parse:7.3f}")
    print("per test, CPU s (share of one nlp.pipe pass); parse/derive/encode/other-parse inside it:")
    print(f"  {'test':<24}{'cpu':>8}{'share':>8}{'parse':>8}{'derive':>8}{'encode':>8}{'oparse':>8}{'variants':>9}")
    for name, t in per_test.items():
        nv = len(generated[name].variants)
        cells = "".join(f"{t[k]:8.2f}" for k in ("parse", "derive", "encode", "other_parse"))
        print(f"  {name:<24}{t['cpu']:8.2f}{t['cpu'] / c_parse:8.3f}{cells}{nv:9d}")
    if args.dump:
        with open(args.dump, "w", encoding="utf-8") as f:
            for name, g in generated.items():
                for parent, v in g.variants:
                    rec = {"test": name, "parent": parent.id, **v.to_dict()}
                    f.write(json.dumps(rec, sort_keys=True) + "\n")
    return 0


def _quantize_similarity_checks(quantize: str) -> None:
    """Every SimilarityCheck loads its encoder with ``quantize`` (the suite's transforms build
    their checks with the default, float)."""
    from perturbkit.resources.models import load_sentence_encoder
    from perturbkit.transform import similarity

    def load(model: str | None = None, device: str = "auto", **_: Any) -> Any:
        return load_sentence_encoder(model, device, quantize=quantize)

    similarity.load_sentence_encoder = load  # type: ignore[assignment]


def _time_parsing_and_deriving(ann: Any) -> dict[str, float]:
    """Count the CPU time the build spends parsing (``ann``'s pipeline calls), deriving Docs
    (every DerivedAnnotator's derivations, less the parsing inside them), in the sentence encoder
    of the similarity check (``encode``) and parsing with other annotators (``other_parse``: the
    rule paraphraser parses its sentences with the process-wide default annotator)."""
    from perturbkit.annotation import Annotator, DerivedAnnotator
    from perturbkit.transform.similarity import SimilarityCheck

    spent = {"parse": 0.0, "derive": 0.0, "encode": 0.0, "other_parse": 0.0}

    def timed(fn: Any, key: str) -> Any:
        def run(*args: Any, **kwargs: Any) -> Any:
            c0 = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[key] += time.process_time() - c0

        return run

    derive = DerivedAnnotator._derive

    def timed_derive(view: Any, texts: Any) -> Any:
        c0, p0 = time.process_time(), spent["parse"]
        try:
            return derive(view, texts)
        finally:
            spent["derive"] += time.process_time() - c0 - (spent["parse"] - p0)

    # the instance attributes win over the class's: ``ann``'s pipeline calls count as "parse",
    # every other annotator's (with the ``ner`` runs that complete a Doc parsed without it) as "other_parse"
    ann._process, ann._complete = timed(ann._process, "parse"), timed(ann._complete, "parse")
    Annotator._process = timed(Annotator._process, "other_parse")  # type: ignore[method-assign]
    Annotator._complete = timed(Annotator._complete, "other_parse")  # type: ignore[method-assign]
    DerivedAnnotator._derive = timed_derive  # type: ignore[method-assign]
    SimilarityCheck._encode = timed(SimilarityCheck._encode, "encode")  # type: ignore[method-assign]
    return spent


def _time_per_test(spent: dict[str, float]) -> dict[str, dict[str, float]]:
    """CPU time of each test's generation (selection, transforms, filters), by test name, with the
    part of each ``spent`` counter that accrued inside it."""
    from perturbkit.suite import generation

    per_test: dict[str, dict[str, float]] = {}
    generate_test = generation._generate_test

    def timed(test: Any, *args: Any) -> Any:
        before, c0 = dict(spent), time.process_time()
        try:
            return generate_test(test, *args)
        finally:
            row = {k: spent[k] - before[k] for k in spent}
            row["cpu"] = time.process_time() - c0
            per_test[test.name] = row

    generation._generate_test = timed  # type: ignore[assignment]
    return per_test


if __name__ == "__main__":
    sys.exit(main())
