"""`perturbkit train metric`: a learned plausibility metric from a recipe's negatives.

perturbkit train metric --recipe union --stories rocstories_train.tsv --format roc --limit 3000 --out runs/union
perturbkit run openmeva --data stories.jsonl --metric learned:runs/union
"""

from __future__ import annotations

import argparse
import sys

from ._args import add_training_arguments, count, fraction, positive_int, share


def add_parser(what: argparse._SubParsersAction) -> None:
    p = what.add_parser(
        "metric",
        help="fine-tune an encoder on a recipe's negatives: a plausibility metric (--metric learned:DIR)",
        description="Make negatives of --stories with --recipe (or read an augmented file), fine-tune an encoder "
        "to tell human stories (1) from negatives (0), and keep the best model (validation loss) in --out, "
        "loadable as --metric learned:DIR. Checkpoints go to DIR/checkpoint; --resume continues an interrupted run.",
    )
    p.add_argument("--recipe", help="recipe name (union, plot_story) or YAML file that makes the negatives")
    p.add_argument("--stories", help="human stories (.jsonl, .csv, .tsv; --format roc for ROCStories TSV)")
    p.add_argument("--augmented", help="an augment output with 0/1 labels (originals kept) instead of --recipe")
    p.add_argument("--format", help="format of --stories when the extension does not tell (e.g. roc)")
    add_training_arguments(
        p,
        model="encoder: a Hugging Face path or name (default: all-MiniLM-L6-v2, offline)",
        epochs=3,
        batch_size=32,
        lr=3e-5,
    )
    p.add_argument("--max-length", type=positive_int, default=128, help="tokens per story (longer ones are cut)")
    p.add_argument("--val-fraction", type=fraction, default=0.1, help="stories held out for validation")
    p.add_argument(
        "--patience",
        type=positive_int,
        default=1,
        help="epochs without a better validation loss before stopping (1; 10 frozen)",
    )
    p.add_argument("--reconstruction", type=float, default=0.0, metavar="WEIGHT", help="UNION's auxiliary loss")
    p.add_argument("--device", default="auto", help="auto (CUDA when there, else CPU), cpu, cuda, cuda:1")
    p.add_argument("--workers", type=positive_int, default=1, help="processes making the negatives")
    p.add_argument("--checkpoint-every", type=positive_int, default=200, metavar="STEPS")
    p.add_argument(
        "--freeze-encoder",
        action="store_true",
        help="keep the encoder fixed: embed each text once (forward only, cached) and train a small head on "
        "pooled and adjacent-sentence features (CPU-friendly; defaults become --epochs 100 --lr 1e-3 --patience 10)",
    )
    p.add_argument(
        "--head-hidden",
        type=count,
        default=None,
        help="--freeze-encoder: the head's hidden units (0: a logistic regression; default 256, 0 with --features lm or lm+rep)",
    )
    p.add_argument(
        "--features",
        choices=("encoder", "encoder+lm", "lm", "lm+rep"),
        default="encoder",
        help="--freeze-encoder: what the head reads: the encoder's features, those and the LM statistics "
        "(= --lm-features), the 12 LM statistics alone (no encoder pass; the folder holds no encoder), "
        "or lm+rep: those and 3 repetition statistics of the words (a sentence's overlap with earlier ones)",
    )
    p.add_argument(
        "--weight-decay",
        type=float,
        default=0.01,
        help="AdamW weight decay; a linear frozen head (--head-hidden 0): the L2 penalty weight_decay * |w|^2",
    )
    p.add_argument(
        "--embedding-cache", metavar="FILE", help="--freeze-encoder: sqlite file of embeddings (default: the cache dir)"
    )
    p.add_argument(
        "--lm-features",
        action="store_true",
        help="--freeze-encoder: add sentence NLL statistics under a causal LM (SmolLM2-135M unless --lm-model)",
    )
    p.add_argument("--lm-model", metavar="MODEL", help="--lm-features, --features lm: the causal LM (a path or .gguf)")
    p.add_argument(
        "--objective",
        choices=("bce", "pairwise"),
        default="bce",
        help="--freeze-encoder: bce (each text's label) or pairwise (each human story above its own negatives)",
    )
    p.add_argument(
        "--positive-noise",
        metavar="NAMES",
        help="comma-separated meaning-preserving transforms (e.g. typos,synonym): a share of the training "
        "human stories get a copy rewritten by one of them, labelled 1 (noise is not incoherence)",
    )
    p.add_argument(
        "--positive-noise-share",
        type=share,
        default=None,
        metavar="S",
        help="--positive-noise: the share of the training human stories that get a noisy copy (0.3)",
    )
    # the defaults depend on the mode (fine-tuning or a frozen encoder): filled in by run()
    p.set_defaults(func=run, epochs=None, lr=None, patience=None)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..errors import UserError
    from ..training.data import negatives_file, read_labelled, split
    from ..training.metric import CHECKPOINT, TrainConfig, train_classifier

    if (args.recipe is None) == (args.augmented is None):
        raise UserError("give --recipe (with --stories) or --augmented FILE (one or the other)")
    if args.recipe and not args.stories:
        raise UserError("--recipe needs --stories FILE (the human stories to make negatives of)")
    from ..metrics.learned import META

    out = Path(args.out)
    frozen = args.freeze_encoder
    if not frozen and (args.features != "encoder" or args.lm_features or args.head_hidden is not None):
        raise UserError(
            "--features, --lm-features and --head-hidden train a head over frozen features: add --freeze-encoder"
        )
    if args.lm_features and args.features in ("lm", "lm+rep"):
        raise UserError(
            f"--lm-features adds LM statistics to the encoder's features: not with --features {args.features}"
        )
    noise = None
    if args.positive_noise_share is not None and not args.positive_noise:
        raise UserError("--positive-noise-share needs --positive-noise NAMES")
    if args.positive_noise is not None:
        from ..training.noise import PositiveNoise, parse_names

        noise = PositiveNoise(parse_names(args.positive_noise), args.positive_noise_share or 0.3, args.seed)
        noise.validate()  # before the negatives are made: a wrong name fails at once
    if not args.resume and ((out / CHECKPOINT).exists() or (frozen and (out / META).exists())):
        raise UserError(f"{out} holds a run already: add --resume to continue it, or choose another --out")
    if args.threads:
        import torch

        torch.set_num_threads(args.threads)
    progress = False if args.no_progress else None
    if args.recipe:
        print(f"making negatives with {args.recipe} ...", file=sys.stderr)
        data = negatives_file(
            args.recipe,
            args.stories,
            out,
            fmt=args.format,
            limit=args.limit,
            seed=args.seed,
            workers=args.workers,
            progress=progress,
        )
    else:
        data = Path(args.augmented)
    items = read_labelled(data)
    train, val = split(items, args.val_fraction, args.seed)
    provenance = None
    if noise is not None:
        from ..training.noise import add_noisy_positives, write_noise

        train, records = add_noisy_positives(train, noise)
        provenance = write_noise(out, records, noise)
        made = ", ".join(f"{n} {k}" for n, k in provenance["per_transform"].items())
        print(f"noisy positives: {len(records)} training human stories copied ({made})", file=sys.stderr)
    print(f"{len(train)} training and {len(val)} validation texts from {data}", file=sys.stderr)
    cfg = TrainConfig(
        model=args.model,
        epochs=args.epochs or (100 if frozen else 3),
        batch_size=args.batch_size,
        lr=args.lr or (1e-3 if frozen else 3e-5),
        max_length=args.max_length,
        patience=args.patience or (10 if frozen else 1),
        reconstruction=args.reconstruction,
        seed=args.seed,
        device=args.device,
        checkpoint_every=args.checkpoint_every,
        max_steps=args.max_steps,
        progress=progress,
        freeze_encoder=frozen,
        head_hidden=args.head_hidden,
        embedding_cache=args.embedding_cache,
        lm_features=args.lm_features,
        features=args.features,
        weight_decay=args.weight_decay,
        lm_model=args.lm_model,
        objective=args.objective,
        positive_noise=provenance,
    )
    summary = train_classifier(train, val, out, cfg, resume=args.resume)
    best = summary.get("best") or {}
    print(
        f"trained {summary['steps']} steps ({summary['epochs']} epochs) in {summary['seconds']} s on "
        f"{summary['device']}; best validation loss {best.get('loss', float('nan')):.4f}, "
        f"accuracy {best.get('accuracy', float('nan')):.4f} (epoch {best.get('epoch')})\n"
        f"use it: --metric learned:{out}",
        file=sys.stderr,
    )
    return 0
