"""perturbkit's transforms against the closest TextAttack, nlpaug and CheckList perturbation, one run.

On the same ROC stories (default: the first 2,000 dev stories), in one process, each perturbkit
transform and each peer that does the same job offline perturbs every story once; the script
prints stories/s and the ratio perturbkit / fastest peer (a peer still running after ``--budget`` seconds
stops there and its rate is over the stories it did). Parses are included on both sides:
perturbkit starts from a fresh Annotator (its parse, or its tokenisation for ``typos``), and a
peer that reads a spaCy Doc (CheckList's ``add_negation``, ``strip_punctuation``) parses with the
same spaCy pipeline (``nlp.pipe``, same batch size). Peers are called through their own APIs, not
perturbkit's adapters; the adapters' overhead is printed separately for two of them. Library
imports and lazy loading are warmed up on 20 stories first. A peer whose library is not installed
is skipped with a message.

Targets (issue 16): string-level transforms (typos, punctuation, contractions) at least as fast as
the fastest peer; parse- or lexicon-based ones (negation, synonyms) at least 5x it.

    python benchmarks/peers.py [--limit N] [--data PATH] [--seed S] [--only typos,contraction]
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "roc" / "rocstories_dev.tsv"
WARM = 20


def _textattack(transformation: str) -> Callable[[list[str]], Any] | None:
    """TextAttack's usual augmentation call: an Augmenter over the transformation, one per story."""
    if importlib.util.find_spec("textattack") is None:
        return None
    from perturbkit.transforms.external._nltk import ensure_nltk_data

    ensure_nltk_data()  # TextAttack reads nltk's stop words at import
    import textattack.transformations as T
    from textattack.augmentation import Augmenter

    aug = Augmenter(transformation=getattr(T, transformation)(), pct_words_to_swap=0.1, transformations_per_example=1)
    return lambda texts, nlp: [aug.augment(t) for t in texts]


def _nlpaug_keyboard() -> Callable[[list[str]], Any] | None:
    if importlib.util.find_spec("nlpaug") is None:
        return None
    import nlpaug.augmenter.char as nac

    aug = nac.KeyboardAug(aug_word_max=1)
    return lambda texts, nlp: [aug.augment(t, n=1) for t in texts]


def _checklist(function: str, needs_doc: bool) -> Callable[[list[str]], Any] | None:
    if importlib.util.find_spec("checklist") is None:
        return None
    from perturbkit.transforms.external._nltk import quiet_pattern

    quiet_pattern()  # pattern downloads WordNet corpora at import otherwise
    from checklist.perturb import Perturb

    fn = getattr(Perturb, function)
    if needs_doc:
        return lambda texts, nlp: [fn(d) for d in nlp.pipe(texts, batch_size=64)]
    return lambda texts, nlp: [fn(t) for t in texts]


# perturbkit transform -> [(peer label, builder)]; builders return None when the library is absent
PEERS: dict[str, list[tuple[str, Callable[[], Any]]]] = {
    "typos": [
        ("checklist add_typos", lambda: _checklist("add_typos", False)),
        ("nlpaug char.KeyboardAug", _nlpaug_keyboard),
        ("textattack WordSwapQWERTY", lambda: _textattack("WordSwapQWERTY")),
    ],
    "delete_punctuation": [("checklist strip_punctuation (+parse)", lambda: _checklist("strip_punctuation", True))],
    "contraction": [
        ("checklist contractions", lambda: _checklist("contractions", False)),
        ("textattack WordSwapContract", lambda: _textattack("WordSwapContract")),
    ],
    "negation": [("checklist add_negation (+parse)", lambda: _checklist("add_negation", True))],
    "synonym": [("textattack WordSwapWordNet", lambda: _textattack("WordSwapWordNet"))],
}
ADAPTED = (("checklist:add_typos", "checklist add_typos"), ("nlpaug:char.KeyboardAug", "nlpaug char.KeyboardAug"))


def _ours(t: Any, examples: list[Any], seed: int, nlp: Any) -> tuple[float, list[Any]]:
    """Stories/s of a perturbkit transform over all ``examples``, from a fresh Annotator (parse
    included), after a warm-up on a few stories (lazy loads: WordNet, lexicons)."""
    from perturbkit.annotation import Annotator

    t.batch(examples[:WARM], seed=seed, annotator=Annotator(nlp))
    t0 = time.perf_counter()
    outs = t.batch(examples, seed=seed, annotator=Annotator(nlp))
    return len(examples) / (time.perf_counter() - t0), outs


def _peer_rate(run: Callable[[list[str], Any], Any], texts: list[str], nlp: Any, budget: float) -> tuple[float, int]:
    """Stories/s of a peer over ``texts`` in chunks of 100, stopping after ``budget`` seconds (the
    slowest peers would take most of an hour on 2,000 stories); returns the rate and how many it did."""
    done, t0 = 0, time.perf_counter()
    for i in range(0, len(texts), 100):
        run(texts[i : i + 100], nlp)
        done = min(i + 100, len(texts))
        if time.perf_counter() - t0 > budget:
            break
    return done / (time.perf_counter() - t0), done


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--limit", type=int, default=2000, help="use the first N stories (default 2000)")
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA, help="ROC-format .tsv file")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--budget", type=float, default=60.0, help="seconds per peer before it stops early (default 60)")
    ap.add_argument("--only", default="", help="comma-separated perturbkit transforms to measure (default: all)")
    args = ap.parse_args(argv)
    only = set(filter(None, args.only.split(",")))
    if only - set(PEERS):
        ap.error(f"--only: unknown {sorted(only - set(PEERS))}; choose from {sorted(PEERS)}")
    if not args.data.exists():
        print(f"skipped: {args.data} not found (the benchmark needs the ROC dev stories)")
        return 0

    from perturbkit.readers import read_roc
    from perturbkit.resources.spacy_model import load_nlp
    from perturbkit.transform import UnknownTransform, get_transform
    from perturbkit.transforms.external._base import own_global_random

    examples = read_roc(args.data, limit=args.limit)
    texts = [e.text for e in examples]
    n = len(texts)
    nlp = load_nlp()
    print(f"stories: {n} from {args.data.name}; one process; parses included on both sides")
    print(f"{'transform':20s} {'perturbkit /s':>14s}  {'peer':38s} {'peer /s':>10s}  {'ratio':>7s}")
    measured: dict[str, float] = {}
    for name, peers in PEERS.items():
        if only and name not in only:
            continue
        ours, outs = _ours(get_transform(name), examples, args.seed, nlp)
        applied = sum(o is not None for o in outs)
        rates: dict[str, float] = {}
        done: dict[str, int] = {}
        for label, build in peers:
            with own_global_random(args.seed):  # the peers draw from the global generators
                run = build()
                if run is None:
                    print(f"{'':20s} {'':>14s}  {label:38s} {'skipped: library not installed':>10s}")
                    continue
                run(texts[:WARM], nlp)
                rates[label], done[label] = _peer_rate(run, texts, nlp, args.budget)
        best = max(rates.values(), default=0.0)
        for i, (label, rate) in enumerate(sorted(rates.items(), key=lambda kv: -kv[1])):
            left = f"{name:20s} {ours:14,.0f}" if i == 0 else f"{'':20s} {'':>14s}"
            ratio = f"{ours / best:7.2f}" if i == 0 else ""
            part = f"  (first {done[label]} stories)" if done[label] < n else ""
            print(f"{left}  {label:38s} {rate:10,.1f}  {ratio}{part}")
        if not rates:
            print(f"{name:20s} {ours:14,.0f}  (no peer installed)")
        print(f"{'':20s} {'':>14s}  applied by perturbkit: {applied}/{n}")
        measured.update(rates)
    print("adapters (the peer through perturbkit: seeding, drawing, edits by diff):")
    for adapted, label in ADAPTED if not only or "typos" in only else ():
        try:
            t = get_transform(adapted)
        except UnknownTransform as exc:
            print(f"  {adapted:28s} skipped: {exc}")
            continue
        rate, _ = _ours(t, examples, args.seed, nlp)
        raw = measured.get(label)
        vs = f"  ({rate / raw:.2f}x the library called directly)" if raw else ""
        print(f"  {adapted:28s} {rate:10,.0f} /s{vs}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
