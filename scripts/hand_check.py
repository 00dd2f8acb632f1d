"""Hand-check workflow for transform validity: sample variants for readers, tally their verdicts.

A perturbation is valid only when a careful reader agrees it does what its transform claims (the
rubric in docs/validity.md). This script prepares what the readers judge and counts what they
decided; the judging itself is done by people (or reading sessions), never by this script.

    # 1. sample: 20 ROC dev stories and 5 WritingPrompts dev stories per transform, each with a
    #    variant (stories where the transform applies, in a seeded random order)
    .venv/bin/python scripts/hand_check.py sample --out /tmp/hc --round 2 [--only negation,antonym]
    # 2. readers write /tmp/hc/<transform>.verdicts.jsonl, one line per case:
    #    {"case": "<case id>", "verdict": "valid" | "invalid", "reason": "..."}
    # 3. tally into the table of docs/validity.md (and copy the verdict files beside it)
    .venv/bin/python scripts/hand_check.py table /tmp/hc
    # 4. check that the standing readings still describe the code: regenerate their cases
    .venv/bin/python scripts/hand_check.py verify docs/validity [--only negation]

Sampled files hold the dev stories' text (for the readers only: they stay outside the
repository); the verdict files kept in docs/validity/ hold case ids, the edited words and the
readers' reasons.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# sample the checkout this script belongs to, not whichever one an editable install points at (an
# install made from another worktree once made a round read that worktree's transforms)
sys.path.insert(0, str(REPO))
SHARED = REPO.parent / "shared" / "data"
ROC = SHARED / "roc" / "rocstories_dev.tsv"
WP = SHARED / "wp" / "wp_dev.target"
CONTEXT_CHARS = 60  # characters shown either side of an edit


def _data() -> dict[str, list]:
    from perturbkit.readers import read_roc, read_wp

    if not ROC.exists() or not WP.exists():
        sys.exit(f"hand_check: the dev data is not here ({ROC}, {WP})")
    return {"roc": read_roc(ROC, context_sentences=1), "wp": read_wp(WP)}


def _edit_lines(parent_text: str, variant) -> list[str]:
    out = []
    for e in variant.edits:
        a, b = e.before_span
        left = parent_text[max(0, a - CONTEXT_CHARS) : a].replace("\n", " ")
        right = parent_text[b : b + CONTEXT_CHARS].replace("\n", " ")
        note = f"  ({e.note})" if e.note else ""
        out.append(f"- ...{left}[[{e.before!r} => {e.after!r}]]{right}...{note}")
    return out


def _multi_step(variant) -> bool:
    """Edits of several steps (UNION's mixture): each step's spans index the text the step before
    left, so they cannot be shown in the original's context."""
    return len({e.transform for e in variant.edits}) > 1


def _structural(variant) -> bool:
    """Edits too large to read inline (reorderings, insertions of whole sentences), or of several steps."""
    big = sum(len(e.before) + len(e.after) for e in variant.edits) > 160 or len(variant.edits) > 6
    moved = len(variant.edits) > 1 and len(variant.text) < 2000  # a reordering of a short story
    return big or moved or _multi_step(variant)


def sample(args: argparse.Namespace) -> None:
    import perturbkit as pk
    from perturbkit.transform import registry

    data = _data()
    if Path(pk.__file__).resolve().parent != REPO / "perturbkit":
        sys.exit(f"hand_check: imported perturbkit from {pk.__file__}, not from {REPO}")
    import subprocess

    head = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(
        ["git", "-C", str(REPO), "status", "--porcelain", "perturbkit"], capture_output=True, text=True
    )
    made_by = f"Sampled from {REPO} at {head.stdout.strip() or '?'}" + (
        " (perturbkit/ modified)" if dirty.stdout.strip() else ""
    )
    names = [n for n in registry() if not args.only or n in args.only.split(",")]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    want = {"roc": args.n_roc, "wp": args.n_wp}
    for name in names:
        cls = registry()[name]
        lines = [
            f"# {name}: {cls.describe()}",
            "",
            f"Effect: **{cls.effect.value}** (aspect: {cls.aspect}). "
            + (
                "A valid case is clearly worse in this aspect and not broken in any other, unintended way."
                if cls.effect.value == "breaks"
                else "A valid case means the same as the original and reads naturally "
                "(apart from the noise a noise transform intends)."
            ),
            "",
        ]
        cases = []
        summary = []
        for label, stories in data.items():
            t = pk.get_transform(name)
            t.fit(stories)
            order = list(range(len(stories)))
            random.Random(f"{args.round}:{name}:{label}").shuffle(order)
            tried = applied = 0
            for i in order:
                if applied >= want[label]:
                    break
                ex = stories[i]
                tried += 1
                v = t(ex, seed=args.round)
                if v is None:
                    continue
                applied += 1
                case = f"{label}:{ex.id}"
                row = {"case": case, "transform": name, "edits": [e.to_dict() for e in v.edits]}
                if v.context != ex.context:  # name_change renames the context too
                    row["context"] = v.context
                cases.append(row)
                lines += [f"## case {case}", ""]
                if ex.context:
                    lines += [f"Context: {ex.context}", ""]
                lines += ["Original:", "", ex.text, ""]
                if _multi_step(v):
                    lines += ["Edits (in order; each step edits the text the step before left):", ""]
                    lines += [f"- {e.transform}: {e.before!r} => {e.after!r}" for e in v.edits] + [""]
                else:
                    lines += ["Edits (in the original, with context):", ""] + _edit_lines(ex.text, v) + [""]
                if v.context != ex.context:
                    lines += ["Context in the variant (changed):", "", v.context or "", ""]
                if _structural(v):
                    lines += ["Variant:", "", v.text, ""]
            cases_note = f"{label}: {applied} variants from {tried} stories tried"
            summary.append(f"- {cases_note}")
            print(f"{name} {cases_note}", file=sys.stderr)
        lines[4:4] = summary + [f"- {made_by}", ""]
        (out / f"{name}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
        with open(out / f"{name}.cases.jsonl", "w", encoding="utf-8") as f:
            for c in cases:
                f.write(json.dumps(c) + "\n")


def tally(folder: Path) -> dict[str, dict[str, tuple[int, int, int]]]:
    """Per transform read in ``folder`` and per corpus ("roc", "wp"): (valid, judged, sampled)."""
    rows = {}
    for cases_file in sorted(folder.glob("*.cases.jsonl")):
        name = cases_file.name[: -len(".cases.jsonl")]
        cases = [json.loads(x) for x in cases_file.read_text(encoding="utf-8").splitlines() if x.strip()]
        vfile = folder / f"{name}.verdicts.jsonl"
        verdicts = {}
        if vfile.exists():
            for x in vfile.read_text(encoding="utf-8").splitlines():
                if x.strip():
                    v = json.loads(x)
                    verdicts[v["case"]] = v["verdict"]
        counts = {}
        for label in ("roc", "wp"):
            ids = [c["case"] for c in cases if c["case"].startswith(label + ":")]
            judged = [verdicts[i] for i in ids if i in verdicts]
            counts[label] = (sum(v == "valid" for v in judged), len(judged), len(ids))
        rows[name] = counts
    return rows


def table(args: argparse.Namespace) -> None:
    print("| transform | ROC valid | WP valid | all |")
    print("|---|---|---|---|")
    for name, c in tally(Path(args.folder)).items():
        (rv, rn, rall), (wv, wn, wall) = c["roc"], c["wp"]
        pct = f"{100 * (rv + wv) / (rn + wn):.0f}%" if rn + wn else "-"
        missing = (rall - rn) + (wall - wn)
        flag = f" ({missing} not judged)" if missing else ""
        print(f"| {name} | {rv}/{rn} | {wv}/{wn} | {pct}{flag} |")


def standing(root: Path) -> dict[str, dict[str, tuple[int, int, int]]]:
    """Each transform's latest reading per corpus: name -> corpus -> (round, valid, judged). A round
    that judged no case of a corpus leaves that corpus's earlier reading standing."""
    best: dict[str, dict[str, tuple[int, int, int]]] = {}
    for folder in sorted(root.glob("round-*"), key=lambda d: int(d.name.split("-")[1])):
        n = int(folder.name.split("-")[1])
        for name, counts in tally(folder).items():
            for label, (valid, judged, _) in counts.items():
                if judged:
                    best.setdefault(name, {})[label] = (n, valid, judged)
    return best


def latest(args: argparse.Namespace) -> None:
    """The standing of every transform (:func:`standing`) as the table of docs/validity.md."""
    best = standing(Path(args.folder))
    print("| transform | ROC: valid/judged (round) | WP: valid/judged (round) | 95% on both? |")
    print("|---|---|---|---|")
    for name in sorted(best):
        cells, ok = [], True
        for label in ("roc", "wp"):
            if label in best[name]:
                n, valid, judged = best[name][label]
                cells.append(f"{valid}/{judged} ({n})")
                ok = ok and valid >= 0.95 * judged
            else:
                cells.append("-")
        print(f"| {name} | {cells[0]} | {cells[1]} | {'yes' if ok else '**no**'} |")


def reproduce(root: Path, data: dict[str, list], only: set[str] | None = None) -> dict[str, dict[str, tuple]]:
    """Regenerate the cases of each transform's standing reading on the code of this checkout, the
    way ``sample`` made them (fitted on the corpus, seeded with the round): name -> corpus ->
    (round, cases stored, ids whose variant differs now). A reading describes today's code only
    where its cases come out the same."""
    import perturbkit as pk

    out: dict[str, dict[str, tuple]] = {}
    for name, corpora in sorted(standing(root).items()):
        if only and name not in only:
            continue
        for label, (n, _, _) in corpora.items():
            rows = (root / f"round-{n}" / f"{name}.cases.jsonl").read_text(encoding="utf-8").splitlines()
            cases = [c for c in map(json.loads, filter(str.strip, rows)) if c["case"].startswith(label + ":")]
            t = pk.get_transform(name)
            t.fit(data[label])
            by_id = {ex.id: ex for ex in data[label]}
            differ = []
            for c in cases:
                ex = by_id[c["case"].split(":", 1)[1]]
                v = t(ex, seed=n)
                now = None if v is None else [e.to_dict() for e in v.edits]
                context = None if v is None or v.context == ex.context else v.context
                if now != c["edits"] or context != c.get("context"):
                    differ.append(c["case"])
            out.setdefault(name, {})[label] = (n, len(cases), differ)
    return out


def verify(args: argparse.Namespace) -> None:
    """Print, per transform and corpus, how many of its standing reading's cases today's code makes
    byte for byte (text edits, spans, notes, a renamed context), and which differ."""
    found = reproduce(Path(args.folder), _data(), set(args.only.split(",")) if args.only else None)
    print("| transform | ROC: same/stored (round) | WP: same/stored (round) | cases that differ |")
    print("|---|---|---|---|")
    total = same = 0
    for name, corpora in found.items():
        cells, differ = [], []
        for label in ("roc", "wp"):
            if label not in corpora:
                cells.append("-")
                continue
            n, stored, diff = corpora[label]
            cells.append(f"{stored - len(diff)}/{stored} ({n})")
            differ += diff
            total, same = total + stored, same + stored - len(diff)
        print(f"| {name} | {cells[0]} | {cells[1]} | {', '.join(differ) or '-'} |")
    print(f"\n{same} of {total} stored cases reproduce byte for byte.")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("sample", help="write cases for readers")
    s.add_argument("--out", required=True)
    s.add_argument("--only", default="")
    s.add_argument("--round", type=int, default=1, help="sampling round (a fresh sample per round)")
    s.add_argument("--n-roc", type=int, default=20)
    s.add_argument("--n-wp", type=int, default=5)
    s.set_defaults(fn=sample)
    t = sub.add_parser("table", help="tally verdicts into a markdown table")
    t.add_argument("folder")
    t.set_defaults(fn=table)
    t = sub.add_parser("latest", help="each transform's latest reading per corpus, over all rounds")
    t.add_argument("folder", help="the folder holding round-N/ folders (docs/validity)")
    t.set_defaults(fn=latest)
    t = sub.add_parser("verify", help="regenerate each standing reading's cases on this checkout's code")
    t.add_argument("folder", help="the folder holding round-N/ folders (docs/validity)")
    t.add_argument("--only", default="")
    t.set_defaults(fn=verify)
    args = ap.parse_args()
    args.fn(args)


if __name__ == "__main__":
    main()
