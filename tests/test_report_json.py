"""Report objects and their JSON form."""

from __future__ import annotations

import json

import pytest

from perturbkit.errors import InputError
from perturbkit.example import Edit, Example
from perturbkit.report import Case, Report, TestResult
from perturbkit.report.jsonreport import dumps, read_report, write_report


def small_report() -> Report:
    orig = Example("A b c.", id="s1", context="ctx", meta={"system": "x"})
    var = orig.derive("A b b c.", (Edit("dup", (3, 3), (3, 5), "", " b", "repeat"),), "dup")
    t = TestResult(
        name="dup",
        kind="discrimination",
        aspect="repetition",
        transforms=["dup"],
        options={"positives": "selected"},
        counts={"n_selected": 1, "n_not_applicable": 0},
        stats={"m": {"pearson": None, "note": "only 2 pair(s): correlation undefined", "win_rate": 1.0}},
        cases=[
            Case("s1", "original", label=1, scores={"m": 0.9}),
            Case(var.id, "variant", label=0, pair_of="s1", transform="dup", scores={"m": 0.4}),
        ],
    )
    h = TestResult(
        name="hum",
        kind="human_correlation",
        counts={"n_rated": 1, "n_excluded": 0},
        stats={"m": {"pearson": None, "groups": {}}},
        cases=[Case("s1", "rated", rating=3.5, groups={"system": "x"}, scores={"m": 0.9})],
    )
    return Report(
        suite="tiny",
        tests=[t, h],
        metrics=[{"name": "m", "spec": "mod:m", "identity": "id"}],
        seed=4,
        data={"source": "d.jsonl", "n_examples": 1},
        spec={"name": "tiny"},
        examples={"s1": orig.to_dict(), var.id: var.to_dict()},
        notes=["a note"],
        version="0.1.0",
    )


def test_round_trip_through_dict_and_file(tmp_path):
    r = small_report()
    assert Report.from_dict(r.to_dict()) == r
    path = tmp_path / "sub" / "r.json"
    r.to_json(path)
    assert Report.load(path) == r
    assert json.loads(path.read_text()) == r.to_dict()
    assert json.loads(dumps(r)) == r.to_dict()


def test_accessors():
    r = small_report()
    t = r.test("dup")
    ((o, v),) = t.pairs()
    assert (o.id, v.id) == ("s1", "s1/dup")
    assert t.scores("m") == [0.9, 0.4] and t.scores("m", "variant") == [0.4]
    assert t.primary("m") is None and r.test("hum").cases[0].groups == {"system": "x"}
    ex = r.example("s1/dup")
    assert ex.parent_id == "s1" and ex.edits[0].after == " b" and ex.context == "ctx"
    assert [t.name for t in r.by_kind("human_correlation")] == ["hum"]
    with pytest.raises(KeyError, match="did you mean 'dup'"):
        r.test("dupp")


def test_null_values_survive_json(tmp_path):
    r = small_report()
    write_report(r, tmp_path / "r.json")
    d = json.loads((tmp_path / "r.json").read_text())
    assert d["tests"][0]["stats"]["m"]["pearson"] is None
    assert "NaN" not in (tmp_path / "r.json").read_text()


def test_write_is_atomic(tmp_path, monkeypatch):
    path = tmp_path / "r.json"
    path.write_text("previous")
    r = small_report()
    r.tests[0].stats["m"]["bad"] = object()  # not serialisable: the write fails half way
    with pytest.raises(TypeError):
        write_report(r, path)
    assert path.read_text() == "previous"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


@pytest.mark.parametrize(
    "content, message",
    [
        ("{not json", "malformed JSON"),
        ("[1, 2]", "not a perturbkit report"),
        ('{"suite": "x", "tests": [{"kind": "discrimination"}]}', "malformed report"),
        ('{"suite": "x", "tests": [], "format": 99}', "newer"),
    ],
)
def test_bad_report_files_name_the_file(tmp_path, content, message):
    p = tmp_path / "bad.json"
    p.write_text(content)
    with pytest.raises(InputError, match=message) as info:
        read_report(p)
    assert "bad.json" in str(info.value) or "newer" in message


def test_missing_report_file():
    with pytest.raises(InputError, match="no such report file"):
        read_report("/nonexistent/report.json")
