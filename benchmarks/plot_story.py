"""Figures of a ``plot_story`` run (issue 18) from its stage-1 candidates file.

A ``plot_story`` run writes every story's plot, manipulated plot, edits and the candidates that
passed the checks to ``<output>.candidates.jsonl`` (stage 1, resumable; docs/plot-generation.md),
then removes it once stage 2 (adversarial filtering) has written the output. This script reads that
file (a run stopped with Ctrl-C after its last complete chunk leaves it, with its counts in
``.progress``; copy it aside before a run finishes to keep it) and, with the recipe's own stage-2
code (:func:`perturbkit.recipe.plot_story_output.write_output`):

- writes ``OUT/manplts.jsonl`` (b: the recipe with ``adversarial: false``, the first ``keep``
  candidates that passed) and ``OUT/manplts_af.jsonl`` (c: the recipe as given, adversarially
  filtered), both with the human stories kept, ready for ``benchmarks/naturalness.py``;
- prints applicability (stories with no plot or no manipulation; each manipulation tried on every
  plot on its own, and which one the recipe applied), candidates generated / passed / rejected by
  reason, per manipulation the share passed, the share of passed stories that use a manipulated
  item's words, and (``--grammaticality``) the share the grammaticality filter keeps;
- writes ``--examples`` examples per manipulation as markdown (``--examples-md``) and the reading
  judge's files (``--judge DIR``: ``<manipulation>.md`` and ``<manipulation>.ids.txt``, up to
  ``--judge-n`` stories each, from the filtered output (c)).

    PYTHONPATH=. .venv/bin/python benchmarks/plot_story.py --candidates RUN.jsonl.candidates.jsonl \\
        --input ../shared/data/roc/rocstories_dev.tsv --format roc --out /tmp/manplts/out \\
        --grammaticality --judge /tmp/plotjudge --examples-md /tmp/manplts/examples.md
"""

from __future__ import annotations

import argparse
import json
import re
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

GRAMMAR = "grammaticality"


def read_lines(path: Path) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def uses_item(item: str, story: str) -> bool:
    """Whether ``story`` uses every word (Porter stem) of the plot ``item``."""
    from perturbkit.plot.text import _stems

    want = set(_stems(item))
    return bool(want) and want <= set(_stems(story))


def manipulated_items(line: dict[str, Any]) -> list[str]:
    """The items the manipulations wrote (inserted or substituted)."""
    return [m["after"] for m in line.get("manipulations") or () if m.get("after")]


def applicability(recipe: Any, args: argparse.Namespace, n: int) -> dict[str, tuple[int, int]]:
    """Each manipulation on its own on the plots of the first ``n`` stories: (applied, plots)."""
    from perturbkit.io import read_examples
    from perturbkit.recipe.plot_stage import _Stage1, has_plot

    stories = read_examples(args.input, fmt=args.format, limit=n)
    stage = _Stage1.build(recipe)
    plots = stage.extractor.batch(stories)
    stage.fit(stories)
    ok = [p for p in plots if has_plot(p)]
    return {m.name: (sum(m(p, recipe.seed) is not None for p in ok), len(ok)) for m in stage.manipulations}


def grammatical(lines: list[dict[str, Any]]) -> dict[tuple[str, int], bool]:
    """Per (story id, candidate index): does the candidate pass the grammaticality filter (defaults)."""
    from perturbkit.example import Example
    from perturbkit.filters import build_filter

    fn = build_filter(GRAMMAR, {})
    out = {}
    for ln in lines:
        ex = Example(ln["text"], id=ln["id"], context=ln.get("context"))
        for j, c in enumerate(ln.get("candidates") or ()):
            v = Example(c["text"], id=f"{ln['id']}|candidate.{j}", context=ln.get("context"), parent_id=ln["id"])
            out[(ln["id"], j)] = bool(fn(ex, v))
    return out


def recheck(recipe: Any, lines: list[dict[str, Any]]) -> Counter[str]:
    """Run the generator's current checks again on the candidates that passed when the file was
    written (a run started before a check was added); drop those that fail, count them by reason."""
    from perturbkit.plot import Plot

    gen = recipe.plot_story.build_generator()
    dropped: Counter[str] = Counter()
    for ln in lines:
        if not ln.get("candidates"):
            continue
        plot = Plot.from_storyline(ln["manipulated"])
        keep = []
        for c in ln["candidates"]:
            why = gen._not_a_story(plot, c["text"])
            if why:
                dropped[why] += 1
            else:
                keep.append(c)
        ln["candidates"] = keep
    return dropped


def _line_no(m: re.Match[str]) -> str:
    return f"line {int(m.group(1)) + 1}"


def describe_edits(manips: list[dict[str, Any]]) -> str:
    """The edits with plot lines numbered from 1 (the records count sentences from 0)."""
    parts = []
    for m in manips:
        where = f"line {m['sentence'] + 1}"
        if m["op"] == "replace":
            parts.append(f"{where}: '{m['before']}' -> '{m['after']}'")
        else:
            parts.append(f"{where}: + '{m['after']}'")
        if m.get("note"):
            parts[-1] += " (" + re.sub(r"sentence (\d+)", _line_no, m["note"]) + ")"
    return "; ".join(parts)


def plot_lines(storyline: str) -> str:
    sents = storyline.split("\t#\t")
    return " ".join(f"{i}. {', '.join(x for x in s.split(chr(9)) if x)}" for i, s in enumerate(sents, 1))


def examples_md(records: list[dict[str, Any]], per: int) -> str:
    """Up to ``per`` examples per manipulation (every negative, in story order), short."""
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        if r["label"] == 0:
            by[r["transform"].split(">>")[0]].append(r)
    out = []
    for name in sorted(by):
        out.append(f"### `{name}`\n")
        for r in by[name][:per]:
            p = r["plot"]
            out.append(
                f"- **{r['source_id']}** plot: {plot_lines(p['manipulated'])}  \n"
                f"  edit: {describe_edits(p['manipulations'])}  \n"
                f"  story (coverage {p['coverage']:.2f}): {r['text']}\n"
            )
    return "\n".join(out) + "\n"


def judge_files(records: list[dict[str, Any]], humans: dict[str, str], where: Path, n: int) -> dict[str, int]:
    """``<manipulation>.md`` and ``.ids.txt`` in ``where``: up to ``n`` stories per manipulation."""
    where.mkdir(parents=True, exist_ok=True)
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:  # every negative (a story may have several), in story order
        if r["label"] == 0:
            by[r["transform"].split(">>")[0]].append(r)
    written = {}
    for name, recs in sorted(by.items()):
        recs = recs[:n]
        md = [
            f"# {name}: {len(recs)} generated stories\n",
            "For each: is the generated story fluent? Is it implausible in the way the manipulation "
            "intends (the manipulated plot items below)?\n",
        ]
        for r in recs:
            p = r["plot"]
            md += [
                f"## {r['id']}\n",
                f"**Original human story:** {humans[r['source_id']]}\n",
                f"**Original plot:** {plot_lines(p['original'])}\n",
                f"**Manipulated plot:** {plot_lines(p['manipulated'])}\n",
                f"**What was manipulated ({name}):** {describe_edits(p['manipulations'])}\n",
                f"**Generated story:** {r['text']}\n",
            ]
        (where / f"{name}.md").write_text("\n".join(md), encoding="utf-8")
        (where / f"{name}.ids.txt").write_text("".join(r["id"] + "\n" for r in recs), encoding="utf-8")
        written[name] = len(recs)
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--candidates", type=Path, required=True, help="<output>.candidates.jsonl of a plot_story run")
    ap.add_argument("--recipe", default="plot_story")
    ap.add_argument("--out", type=Path, required=True, help="directory for manplts.jsonl and manplts_af.jsonl")
    ap.add_argument("--input", type=Path, help="the run's input (for the per-manipulation applicability)")
    ap.add_argument("--format", default=None)
    ap.add_argument("--grammaticality", action="store_true", help="run the grammaticality filter on the passed")
    ap.add_argument("--examples", type=int, default=10)
    ap.add_argument("--examples-md", type=Path)
    ap.add_argument("--judge", type=Path)
    ap.add_argument("--judge-n", type=int, default=20)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--no-recheck", dest="recheck", action="store_false", help="keep the file's candidates as they are")
    args = ap.parse_args(argv)

    import torch

    torch.set_num_threads(args.threads)
    from perturbkit.recipe.definition import load_recipe
    from perturbkit.recipe.plot_story_output import write_output

    recipe = load_recipe(args.recipe)
    lines = read_lines(args.candidates)
    progress = args.candidates.with_name(args.candidates.name + ".progress")
    counts = json.loads(progress.read_text())["counts"] if progress.is_file() else None
    n = len(lines)
    status = Counter(ln["status"] for ln in lines)
    print(f"stories: {n}; status: {dict(status)}")
    if counts:
        print(f"stage-1 counts: {json.dumps(counts)}")

    if args.input is not None:
        t0 = time.perf_counter()
        for name, (k, m) in applicability(recipe, args, n).items():
            print(f"applicable on its own: {name}: {k}/{m} plots ({k / max(m, 1):.1%})")
        print(f"  ({time.perf_counter() - t0:.1f} s)")

    if args.recheck:
        print(f"dropped by the current checks after generation: {dict(recheck(recipe, lines))}")
    per = recipe.plot_story.candidates
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for ln in lines:
        if ln["status"] == "ok":
            by[ln["applied"][0]].append(ln)
    gram = grammatical(lines) if args.grammaticality else {}
    print(
        "| manipulation | stories | generated | passed | passed / generated | stories with >= 1 passed "
        "| passed using a manipulated item | passed and grammatical |"
    )
    print("|---|---|---|---|---|---|---|---|")
    rows = sorted(by.items()) + [("all", [ln for ln in lines if ln["status"] == "ok"])]
    for name, lns in rows:
        gen = per * len(lns)
        passed = [(ln, j, c) for ln in lns for j, c in enumerate(ln.get("candidates") or ())]
        with_any = sum(1 for ln in lns if ln.get("candidates"))
        using = sum(1 for ln, _, c in passed if any(uses_item(it, c["text"]) for it in manipulated_items(ln)))
        g = f"{sum(gram[(ln['id'], j)] for ln, j, _ in passed)}/{len(passed)}" if gram else "-"
        print(
            f"| {name} | {len(lns)} | {gen} | {len(passed)} | {len(passed) / max(gen, 1):.1%} | {with_any} "
            f"| {using}/{len(passed)} | {g} |"
        )

    args.out.mkdir(parents=True, exist_ok=True)
    no_af = recipe.model_copy(
        update={
            "plot_story": recipe.plot_story.model_copy(
                update={"adversarial": recipe.plot_story.adversarial.model_copy(update={"enabled": False})}
            )
        }
    )
    t0 = time.perf_counter()
    print("(b)", write_output(no_af, lines, args.out / "manplts.jsonl"), f"{time.perf_counter() - t0:.1f} s")
    t0 = time.perf_counter()
    done = write_output(recipe, lines, args.out / "manplts_af.jsonl")
    print(f"(c) records {done[0]}, kept {done[1]}, converged {done[3]} ({time.perf_counter() - t0:.1f} s)")
    for r in done[2]:
        print(f"  round {r.round}: changed {r.changed}, accuracy {r.accuracy:.3f}")
    records = read_lines(args.out / "manplts_af.jsonl")
    if args.examples_md is not None:
        args.examples_md.write_text(examples_md(records, args.examples), encoding="utf-8")
    if args.judge is not None:
        humans = {ln["id"]: ln["text"] for ln in lines}
        print("judge files:", judge_files(records, humans, args.judge, args.judge_n))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
