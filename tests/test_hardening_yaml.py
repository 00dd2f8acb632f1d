"""The one safe YAML loader: aliases, expanded size and depth bounded, errors with file and line."""

from __future__ import annotations

import pytest

from perturbkit import safeyaml
from perturbkit.cli import main
from perturbkit.errors import InputError, SuiteError
from perturbkit.safeyaml import load_yaml
from perturbkit.suite import load_suite

LAUGHS = "\n".join(
    [
        'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
        *(
            f"{c}: &{c} [{','.join(['*' + p] * 9)}]"
            for p, c in zip("abcdefgh", "bcdefghi")  # each level nine times the one before: 9**9 lols
        ),
    ]
)


def test_billion_laughs_is_refused_with_file_and_line(tmp_path):
    suite = tmp_path / "laughs.yaml"
    suite.write_text(LAUGHS + "\n", encoding="utf-8")
    assert suite.stat().st_size < 500
    with pytest.raises(SuiteError) as info:
        load_suite(suite)
    msg = str(info.value)
    assert msg.startswith(f"{suite}:") and "aliases expand" in msg
    line = int(msg.split(":")[1])
    assert 2 <= line <= 9  # the line of the anchor whose expansion crossed the bound


def test_billion_laughs_from_the_command_line_is_one_line(tmp_path, capsys):
    suite = tmp_path / "laughs.yaml"
    suite.write_text(LAUGHS + "\n", encoding="utf-8")
    assert main(["run", str(suite), "--data", str(tmp_path / "none.jsonl"), "--metric", "lexical_diversity"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "laughs.yaml:" in err and "YAML refused" in err


def test_recursive_alias_is_refused():
    with pytest.raises(InputError, match=r"s\.yaml:2: .*recursive"):
        load_yaml("x: 1\na: &a [1, *a]\n", "s.yaml")


def test_too_many_aliases_and_too_deep(monkeypatch):
    monkeypatch.setattr(safeyaml, "MAX_ALIASES", 5)
    load_yaml("a: &a 1\nb: [" + ", ".join(["*a"] * 5) + "]\n", "t.yaml")
    with pytest.raises(InputError, match=r"t\.yaml:2: .*more than 5 aliases"):
        load_yaml("a: &a 1\nb: [" + ", ".join(["*a"] * 6) + "]\n", "t.yaml")
    with pytest.raises(InputError, match="nested more than"):
        load_yaml("[" * 500 + "]" * 500, "deep.yaml")


def test_ordinary_anchors_and_merge_keys_still_work():
    text = "base: &b {n: 2}\nt1: *b\nt2: {<<: *b, m: 3}\n"
    assert load_yaml(text, "ok.yaml") == {"base": {"n": 2}, "t1": {"n": 2}, "t2": {"n": 2, "m": 3}}


def test_a_suite_with_anchors_loads(tmp_path):
    suite = tmp_path / "anchored.yaml"
    suite.write_text(
        "name: anchored\n"
        "tests:\n"
        "  - {name: a, kind: discrimination, transforms: &t {repeat_ngram: {n: 2}}}\n"
        "  - {name: b, kind: directional, expect: decrease, transforms: *t}\n",
        encoding="utf-8",
    )
    s = load_suite(suite)
    assert [t.transforms[0].params for t in s.tests] == [{"n": 2}, {"n": 2}]


def test_python_tags_stay_refused():
    with pytest.raises(InputError, match=r"x\.yaml:1: invalid YAML"):
        load_yaml("!!python/object/apply:os.system ['true']\n", "x.yaml")


def test_param_values_use_the_same_loader(capsys):
    assert main(["perturb", "repeat_ngram", "--param", "n=&a [*a]", "He ran."]) == 2
    assert "--param n:1: YAML refused" in capsys.readouterr().err
