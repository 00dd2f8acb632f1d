"""``scripts/hand_check.py``'s tallies of reading rounds: ``table`` for one round, ``latest`` for
each transform's standing over all rounds (a later round replaces an earlier one per corpus; a
round that judged no case of a corpus leaves that corpus's earlier reading)."""

from __future__ import annotations

import importlib.util
import json
import sys
from argparse import Namespace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _script():
    spec = importlib.util.spec_from_file_location("hand_check_script", REPO / "scripts" / "hand_check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _round(root: Path, n: int, name: str, verdicts: dict[str, str]) -> None:
    folder = root / f"round-{n}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.cases.jsonl").write_text("".join(json.dumps({"case": c}) + "\n" for c in verdicts))
    lines = [json.dumps({"case": c, "verdict": v, "reason": "r"}) for c, v in verdicts.items()]
    (folder / f"{name}.verdicts.jsonl").write_text("\n".join(lines) + "\n")


def test_tally_counts_valid_judged_and_sampled(tmp_path):
    _round(tmp_path, 1, "typos", {"roc:a": "valid", "roc:b": "invalid", "wp:c": "valid"})
    with open(tmp_path / "round-1" / "typos.cases.jsonl", "a") as f:
        f.write(json.dumps({"case": "wp:unread"}) + "\n")
    assert _script().tally(tmp_path / "round-1") == {"typos": {"roc": (1, 2, 2), "wp": (1, 1, 2)}}


def test_latest_takes_each_corpus_from_its_last_round(tmp_path, capsys):
    _round(tmp_path, 9, "negation", {"roc:a": "invalid", "wp:b": "valid"})
    _round(tmp_path, 10, "negation", {"roc:a": "valid", "roc:b": "valid"})  # ROC only: WP stays round 9
    _round(tmp_path, 2, "typos", {"roc:a": "valid", "wp:b": "invalid"})
    _script().latest(Namespace(folder=str(tmp_path)))
    rows = [
        line
        for line in capsys.readouterr().out.splitlines()
        if line.startswith("| ") and "(" in line and "round)" not in line
    ]
    assert rows == [
        "| negation | 2/2 (10) | 1/1 (9) | yes |",  # round 10 sorts after round 9, not before it
        "| typos | 1/1 (2) | 0/1 (2) | **no** |",
    ]
    assert "hand_check_script" not in sys.modules


def test_validity_page_shows_the_standing_of_the_stored_verdicts(capsys):
    """docs/validity.md's "Where every transform stands" table and its verdict count are those of
    the verdict files kept beside it (a round read but not committed, or a stale table, fails)."""
    folder = REPO / "docs" / "validity"
    _script().latest(Namespace(folder=str(folder)))
    table = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")]
    page = (REPO / "docs" / "validity.md").read_text(encoding="utf-8")
    section = page.split("### Where every transform stands", 1)[1].split("\n### ", 1)[0]
    assert [line for line in section.splitlines() if line.startswith("| ")] == table
    verdicts = sum(
        1
        for f in folder.glob("round-*/*.verdicts.jsonl")
        for x in f.read_text(encoding="utf-8").splitlines()
        if x.strip()
    )
    rounds = len(list(folder.glob("round-*")))
    assert f"{verdicts:,} verdicts over {rounds} rounds" in " ".join(section.split())


def test_reproduce_finds_the_stored_cases_todays_code_makes_differently(tmp_path):
    """``verify`` regenerates each standing reading's cases as ``sample`` made them (the transform
    fitted on the corpus, seeded with the round): a stored case the code no longer makes is named."""
    from perturbkit import Example, get_transform

    script = _script()
    stories = {
        "roc": [Example(f"The cat sat on the mat number {i} and waited patiently .", id=f"r{i}") for i in range(4)],
        "wp": [Example("A long night passed slowly over the quiet harbour town .", id="w0")],
    }
    t = get_transform("typos")
    rows = []
    for label, exs in stories.items():
        t.fit(exs)
        rows += [{"case": f"{label}:{ex.id}", "edits": [e.to_dict() for e in t(ex, seed=3).edits]} for ex in exs]
    rows[1]["edits"][0]["after"] = "tampered"  # roc:r1 as an older code made it
    _round(tmp_path, 3, "typos", {r["case"]: "valid" for r in rows})
    (tmp_path / "round-3" / "typos.cases.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    _round(tmp_path, 2, "negation", {"roc:r0": "valid"})  # not asked for

    found = script.reproduce(tmp_path, stories, only={"typos"})
    assert found == {"typos": {"roc": (3, 4, ["roc:r1"]), "wp": (3, 1, [])}}
