"""`perturbkit train plot2story --data FILE --model PATH --out DIR`: fine-tune a plot-to-story generator
(see :mod:`perturbkit.training.plot2story`)."""

from __future__ import annotations

import argparse

from ._args import add_training_arguments, positive_int


def add_parser(what: argparse._SubParsersAction) -> None:
    p = what.add_parser(
        "plot2story",
        help="fine-tune a seq2seq or causal model to write a story from a plot (optionally a LoRA adapter)",
        description="Fine-tune any Hugging Face seq2seq or causal model on (plot, story) pairs with the "
        "transformers Trainer. Checkpoints go to OUT/checkpoints, the final model to OUT/final.",
    )
    p.add_argument("--data", required=True, help="ROC storyline .tsv (title <EOT> plot <EOL> story) or .jsonl")
    add_training_arguments(
        p, model="model path or hub name (default: SmolLM2-135M-Instruct)", epochs=1.0, batch_size=8, lr=5e-5
    )
    p.add_argument("--architecture", choices=("auto", "causal", "seq2seq"), default="auto")
    p.add_argument("--grad-accum", type=positive_int, default=1)
    p.add_argument("--lora", action="store_true", help="train a LoRA adapter (peft), merged into the final model")
    p.add_argument("--lora-r", type=positive_int, default=8)
    p.add_argument("--max-source-tokens", type=positive_int, default=256)
    p.add_argument("--max-target-tokens", type=positive_int, default=160)
    p.add_argument("--save-steps", type=positive_int, default=500)
    p.add_argument("--logging-steps", type=positive_int, default=50)
    p.set_defaults(func=run, interrupted=lambda a: f"checkpoints are in {a.out}/checkpoints; add --resume to go on")


def run(args: argparse.Namespace) -> int:
    from ..training.plot2story import TrainConfig, train_plot2story

    if args.threads:
        import torch

        torch.set_num_threads(args.threads)
    cfg = TrainConfig(
        data=args.data,
        out=args.out,
        model=args.model,
        architecture=args.architecture,
        epochs=args.epochs,
        max_steps=args.max_steps or -1,
        batch_size=args.batch_size,
        grad_accum=args.grad_accum,
        learning_rate=args.lr,
        lora=args.lora,
        lora_r=args.lora_r,
        lora_alpha=2 * args.lora_r,
        max_source_tokens=args.max_source_tokens,
        max_target_tokens=args.max_target_tokens,
        save_steps=args.save_steps,
        logging_steps=args.logging_steps,
        limit=args.limit,
        seed=args.seed,
        resume=args.resume,
        progress=not args.no_progress,
    )
    final = train_plot2story(cfg)
    print(f"plot2story model: {final}")
    return 0
