"""Naturalness of negatives (issue 18): how well a held-out discriminator tells human stories from
each source's negatives. Lower accuracy = more natural negatives (0.5 = chance).

The discriminator is the adversarial filter's committee member: MiniLM story embedding + repetition
rate (:class:`~perturbkit.filters.af_features.StoryFeatures` with ``lm=False``) into a standardised
logistic regression (:func:`~perturbkit.filters.af_features.logistic_regression`). Per source: one
negative per human story (drawn with the seed), ``--stories`` such pairs, split by story 50/50 into
train and test; the accuracy on the test texts (humans and negatives, balanced) gets an exact
binomial 95% interval. Sources:

(a) ``union``: perturbkit's union recipe on ``--roc`` (made under ``--work``; a rerun reuses it);
(b) ``ManPlts``: a ``plot_story`` recipe output without adversarial filtering (``--manplts FILE``);
(c) ``ManPlts+AF``: the same after adversarial filtering (``--manplts-af FILE``);
(d) ``AF_ManPlts``: the released negatives (``--af-tsv``, groups of one human + 3 negatives).

(b) and (c) need originals kept (``keep_originals: true``); without the files those rows say they
were not measured (generation runs at 0.1-0.5 candidates/s on a 2-core CPU: docs/benchmarks.md).

    PYTHONPATH=. .venv/bin/python benchmarks/naturalness.py --stories 500 --threads 1 \
        --work /tmp/natural/work --cache /tmp/natural/cache
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROC_DIR = Path(__file__).resolve().parents[2] / "shared" / "data" / "roc"
FEATURES_LABEL = "minilm-mean+repetition/v1"  # the on-disk cache key prefix: change with the features


@dataclass(frozen=True)
class Pair:
    """One human story and one of its negatives."""

    group: str
    human: str
    negative: str


@dataclass(frozen=True)
class Result:
    """Held-out accuracy over ``n`` test texts, its exact 95% interval, and the share of test pairs
    whose human story gets the higher P(human)."""

    train_pairs: int
    test_pairs: int
    n: int
    correct: int
    accuracy: float
    low: float
    high: float
    pairwise: float


def read_af_tsv(path: str | Path) -> list[tuple[str, int, str]]:
    """(group, label, text) rows of an AF_ManPlts file, read by perturbkit's ``roc_af`` reader (a
    group starts at each human row, label 1, and holds the negatives after it)."""
    from perturbkit.readers import read_roc_af

    rows, group = [], ""
    for ex in read_roc_af(path):
        if ex.meta["label"] == 1:
            group = "af" + ex.id.rsplit("-", 1)[1]  # named by the human row's line, as before
        rows.append((group, ex.meta["label"], ex.text))
    return rows


def make_pairs(rows: Sequence[tuple[str, int, str]], seed: int, name: str) -> list[Pair]:
    """One pair per group with a human story and at least one negative; the negative drawn at
    random (seed, source name); groups in first-seen order."""
    humans: dict[str, str] = {}
    negatives: dict[str, list[str]] = {}
    for group, label, text in rows:
        if label == 1:
            humans.setdefault(group, text)
        else:
            negatives.setdefault(group, []).append(text)
    rng = random.Random(f"{seed}|pairs|{name}")
    return [Pair(g, humans[g], rng.choice(negatives[g])) for g in humans if negatives.get(g)]


def sample_pairs(pairs: Sequence[Pair], n: int, seed: int, name: str) -> list[Pair]:
    """``n`` pairs drawn without replacement (all of them when there are fewer)."""
    pairs = list(pairs)
    if len(pairs) <= n:
        return pairs
    return random.Random(f"{seed}|sample|{name}").sample(pairs, n)


def split_pairs(pairs: Sequence[Pair], seed: int, test_fraction: float = 0.5) -> tuple[list[Pair], list[Pair]]:
    """(train, test) by story: the groups shuffled with the seed, the first ``test_fraction`` to test."""
    groups = sorted({p.group for p in pairs})
    random.Random(f"{seed}|split").shuffle(groups)
    test_groups = set(groups[: round(test_fraction * len(groups))])
    train = [p for p in pairs if p.group not in test_groups]
    test = [p for p in pairs if p.group in test_groups]
    if not train or not test:
        raise ValueError(f"a train/test split needs at least two stories, got {len(groups)}")
    return train, test


def _texts_labels(pairs: Sequence[Pair]) -> tuple[list[str], list[int]]:
    return [p.human for p in pairs] + [p.negative for p in pairs], [1] * len(pairs) + [0] * len(pairs)


def evaluate(
    train: Sequence[Pair],
    test: Sequence[Pair],
    featurize: Callable[[Sequence[str]], Any],
    make_classifier: Callable[[], Any] | None = None,
) -> Result:
    """Fit the discriminator on ``train``, score the held-out ``test`` texts (P(human) >= 0.5 is
    "human")."""
    import numpy as np
    from scipy.stats import binomtest

    from perturbkit.filters.af_features import logistic_regression

    texts, y = _texts_labels(train)
    clf = (make_classifier or logistic_regression)()
    clf.fit(np.asarray(featurize(texts), dtype=np.float64), np.asarray(y))
    texts, y = _texts_labels(test)
    proba = np.asarray(clf.predict_proba(np.asarray(featurize(texts), dtype=np.float64)))
    p_human = proba[:, list(getattr(clf, "classes_", [0, 1])).index(1)]
    pred = (p_human >= 0.5).astype(int)
    correct = int(np.sum(pred == np.asarray(y)))
    n = len(y)
    ci = binomtest(correct, n).proportion_ci(confidence_level=0.95, method="exact")
    k = len(test)
    pairwise = float(np.mean(p_human[:k] > p_human[k:]))
    return Result(len(train), k, n, correct, correct / n, float(ci.low), float(ci.high), pairwise)


class CachedFeatures:
    """``texts -> matrix`` through ``inner``, with rows kept in ``path`` (the learned metric's sqlite
    :class:`~perturbkit.metrics._frozen.EmbeddingCache`, keyed by the features label and the text;
    float32); ``path=None``: memory only."""

    def __init__(self, inner: Callable[[Sequence[str]], Any], path: Path | None) -> None:
        from perturbkit.metrics._frozen import EmbeddingCache

        self.inner, self.rows, self.computed = inner, {}, 0
        self.disk = None if path is None else EmbeddingCache(path, "all-MiniLM-L6-v2", 0, FEATURES_LABEL)

    def __call__(self, texts: Sequence[str]) -> Any:
        import numpy as np

        todo = [t for t in dict.fromkeys(texts) if t not in self.rows]
        if todo and self.disk is not None:
            self.rows.update(self.disk.get(todo))
            todo = [t for t in todo if t not in self.rows]
        if todo:
            new = {t: np.asarray(row, dtype=np.float32) for t, row in zip(todo, np.asarray(self.inner(todo)))}
            self.rows.update(new)
            self.computed += len(todo)
            if self.disk is not None:
                self.disk.put(new)
        return np.stack([self.rows[t] for t in texts])


def _labelled_rows(path: str | Path) -> list[tuple[str, int, str]]:
    from perturbkit.training.data import read_labelled

    return [(it.group, it.label, it.text) for it in read_labelled(path)]


def load_sources(args: argparse.Namespace) -> dict[str, list[tuple[str, int, str]] | str]:
    """Per source, its (group, label, text) rows, or why it was not measured."""
    from perturbkit.training.data import negatives_file

    out: dict[str, list[tuple[str, int, str]] | str] = {}
    if args.work is None:
        out["(a) union"] = "not measured: give --work DIR to make the union negatives in"
    elif not args.roc.is_file():
        out["(a) union"] = f"not measured: no {args.roc}"
    else:
        t0 = time.perf_counter()
        limit = 2 * args.stories  # about 57% of ROC stories get a union negative
        where = args.work / f"union-{args.roc.stem}-{limit}-seed{args.seed}"
        path = negatives_file("union", args.roc, where, fmt="roc", limit=limit, seed=args.seed, progress=False)
        out["(a) union"] = _labelled_rows(path)
        print(f"union negatives: {path} ({time.perf_counter() - t0:.1f} s)")
    for name, path in (("(b) ManPlts", args.manplts), ("(c) ManPlts+AF", args.manplts_af)):
        if path is None:
            out[name] = "not measured: no plot_story output given (benchmarks/plot_story.py makes it from a run)"
        else:
            out[name] = _labelled_rows(path)
    out["(d) AF_ManPlts"] = read_af_tsv(args.af_tsv) if args.af_tsv.is_file() else f"not measured: no {args.af_tsv}"
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stories", type=int, default=500, help="human stories (pairs) per source")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--roc", type=Path, default=ROC_DIR / "rocstories_dev.tsv", help="stories for (a)")
    ap.add_argument("--af-tsv", type=Path, default=ROC_DIR / "af_manplts_valid.tsv", help="source (d)")
    ap.add_argument("--manplts", type=Path, help="plot_story output without adversarial filtering (b)")
    ap.add_argument("--manplts-af", type=Path, help="plot_story output after adversarial filtering (c)")
    ap.add_argument("--work", type=Path, help="where the union negatives are made (None: (a) not measured)")
    ap.add_argument("--cache", type=Path, help="directory of the on-disk feature cache (None: no cache)")
    ap.add_argument("--threads", type=int, help="torch CPU threads (1 on a shared machine)")
    args = ap.parse_args(argv)
    if args.stories < 2:
        ap.error("--stories must be at least 2")
    if args.threads:
        import torch

        torch.set_num_threads(args.threads)

    from perturbkit.filters.af_features import StoryFeatures

    cache = args.cache / "naturalness_features.sqlite" if args.cache else None
    featurize = CachedFeatures(StoryFeatures(lm=False), cache)
    rows = []
    for name, data in load_sources(args).items():
        if isinstance(data, str):
            rows.append((name, data))
            continue
        pairs = sample_pairs(make_pairs(data, args.seed, name), args.stories, args.seed, name)
        train, test = split_pairs(pairs, args.seed)
        t0, before = time.perf_counter(), featurize.computed
        res = evaluate(train, test, featurize)
        secs = time.perf_counter() - t0
        print(f"{name}: {res} ({featurize.computed - before} texts embedded, {secs:.1f} s)", flush=True)
        rows.append((name, res))

    print(f"\nstories per source: {args.stories}, seed {args.seed}, split 50/50 by story, one negative per story")
    print("| source | pairs train/test | n test texts | accuracy | 95% CI (exact) | acc / chance | pairwise |")
    print("|---|---|---|---|---|---|---|")
    for name, res in rows:
        if isinstance(res, str):
            print(f"| {name} | - | - | - | - | - | {res} |")
        else:
            print(
                f"| {name} | {res.train_pairs}/{res.test_pairs} | {res.n} | {res.accuracy:.3f} "
                f"| [{res.low:.3f}, {res.high:.3f}] | {res.accuracy / 0.5:.2f} | {res.pairwise:.3f} |"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
