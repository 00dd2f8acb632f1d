"""`perturbkit augment RECIPE --input FILE --output FILE`: an augmented data set from a recipe (or
ad hoc ``--transform`` names), streamed, resumable, on local workers or Ray."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "augment",
        help="write an augmented data set: a recipe (or --transform ...) applied to every story of a file",
        description="Apply a recipe (a YAML file, or a shipped name: union, openmeva) or ad hoc transforms "
        "to every story of --input and write the records to --output (format by extension: .jsonl, .csv, "
        ".tsv, .parquet, or a directory for a Hugging Face dataset). A rerun of an interrupted run resumes.",
    )
    p.add_argument("recipe", nargs="?", help="recipe file or name (omit with --transform)")
    p.add_argument("--input", "-i", required=True, help="stories: .jsonl, .csv, .tsv, .parquet, a dataset directory")
    p.add_argument("--output", "-o", help="where to write (default: the recipe's output)")
    p.add_argument(
        "--transform", "-t", action="append", default=[], help="apply this transform or chain (a>>b); repeatable"
    )
    p.add_argument("--workers", "-w", type=int, default=1, help="worker processes (default 1: in this process)")
    p.add_argument("--executor", choices=["local", "ray"], default="local")
    p.add_argument("--address", help="Ray cluster address (e.g. auto) for --executor ray")
    p.add_argument("--limit", type=int, help="only the first N stories")
    p.add_argument("--n", type=int, dest="variants", help="variants per story (overrides the recipe)")
    p.add_argument("--seed", type=int, help="seed (overrides the recipe)")
    p.add_argument("--keep-originals", action="store_true", default=None, help="also write each story")
    p.add_argument("--format", help="input format when the extension does not tell (e.g. roc)")
    p.add_argument("--chunk-size", type=int, default=64, help="stories per chunk sent to a worker")
    p.add_argument("--skip-bad", action="store_true", help="skip malformed input lines (counted)")
    p.add_argument("--dedupe", action="store_true", help="keep the first story of a repeated id")
    p.add_argument("--overwrite", action="store_true", help="replace an existing output or unfinished run")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--generator", help="plot_story recipes: the generator model (path or name; replaces the recipe's)")
    p.add_argument(
        "--generator-param",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="plot_story recipes: a generator parameter (YAML value, e.g. max_new_tokens=60); repeatable",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..errors import UserError
    from ..recipe import AugmentOptions, Recipe, load_recipe, run_augment

    if (args.recipe is None) == (not args.transform):
        raise UserError("give a RECIPE or --transform NAME (one or the other)")
    recipe = load_recipe(args.recipe) if args.recipe else Recipe.from_transforms(args.transform)
    recipe = recipe.with_options(seed=args.seed, variants=args.variants, keep_originals=args.keep_originals)
    if args.generator or args.generator_param:
        recipe = _with_generator(recipe, args.generator, args.generator_param)
    output = args.output or recipe.output
    if not output:
        raise UserError("give --output FILE (the recipe names none)")
    options = AugmentOptions(
        workers=args.workers,
        executor=args.executor,
        address=args.address,
        limit=args.limit,
        chunk_size=args.chunk_size,
        progress=False if args.no_progress else None,
        skip_bad=args.skip_bad,
        dedupe=args.dedupe,
        overwrite=args.overwrite,
        format=args.format,
    )
    summary = run_augment(recipe, args.input, output, options)
    print("\n".join(summary.lines()), file=sys.stderr)
    return 0


def _with_generator(recipe: Any, model: str | None, params: list[str]) -> Any:
    """The recipe with ``--generator`` and ``--generator-param`` applied to its plot_story section."""
    import yaml

    from ..errors import UserError

    if recipe.plot_story is None:
        raise UserError(f"--generator is for plot_story recipes; {recipe.name!r} has no plot_story section")
    values = {}
    for item in params:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UserError(f"--generator-param wants KEY=VALUE, got {item!r}")
        values[key.strip()] = yaml.safe_load(value)
    return recipe.model_copy(update={"plot_story": recipe.plot_story.with_generator(model, **values)})
