"""The command line: list, perturb, error handling."""

from __future__ import annotations

import json

from perturbkit.cli import main


def test_list_shows_transforms_with_examples(capsys):
    assert main(["list", "--effect", "breaks"]) == 0
    out = capsys.readouterr().out
    assert "sentence_shuffle  [coherence, breaks]" in out and "out: " in out


def test_list_json(capsys):
    assert main(["list", "--json", "--no-examples"]) == 0
    rows = json.loads(capsys.readouterr().out)
    names = {r["name"] for r in rows}
    assert "sentence_shuffle" in names and all({"aspect", "effect", "params"} <= set(r) for r in rows)


def test_perturb_text_and_file(tmp_path, capsys):
    assert main(["perturb", "sentence_shuffle", "I ran home. She walked to school. We slept.", "--seed", "3"]) == 0
    out = capsys.readouterr().out.strip()
    assert out != "I ran home. She walked to school. We slept."
    assert set(s.strip(".") for s in out.split(". ")) == {"I ran home", "She walked to school", "We slept"}
    data = tmp_path / "in.jsonl"
    data.write_text('{"id": "a", "text": "I ran. She sat down. We slept."}\n{"id": "b", "text": "Only one."}\n')
    dest = tmp_path / "out.jsonl"
    assert main(["perturb", "sentence_shuffle", "-i", str(data), "-o", str(dest)]) == 0
    lines = [json.loads(x) for x in dest.read_text().splitlines()]
    assert [x["parent_id"] for x in lines] == ["a"]
    assert "1 variants from 2 stories (1 not applicable)" in capsys.readouterr().err


def test_user_errors_exit_2_with_one_line(tmp_path, capsys):
    assert main(["perturb", "sentence_shufle", "x"]) == 2
    err = capsys.readouterr().err
    assert "did you mean sentence_shuffle" in err and "Traceback" not in err
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{nope\n")
    assert main(["perturb", "sentence_shuffle", "-i", str(bad)]) == 2
    assert "bad.jsonl:1: malformed JSON" in capsys.readouterr().err
    assert main(["perturb", "sentence_shuffle", "x", "--param", "oops"]) == 2
    assert main(["perturb", "sentence_shuffle", "--param", "bogus=1", "x y. z w."]) == 2
    assert "has no parameter 'bogus'" in capsys.readouterr().err
