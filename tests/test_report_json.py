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
    assert t.primary("m") == 1.0 and r.test("hum").primary("m") is None  # the win rate leads discrimination
    assert r.test("hum").cases[0].groups == {"system": "x"}
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


def _pairs_test(name: str, kind: str, deltas: list[float], stats: dict) -> TestResult:
    cases = []
    for i, d in enumerate(deltas):
        cases.append(Case(f"{name}{i}", "original", label=1, scores={"m": 1.0}))
        cases.append(Case(f"{name}{i}/v", "variant", label=0, pair_of=f"{name}{i}", scores={"m": 1.0 + d}))
    return TestResult(name=name, kind=kind, counts={"n_selected": len(deltas)}, stats={"m": stats}, cases=cases)


def test_a_format_1_report_loads_with_verdicts_from_its_suite_thresholds(tmp_path):
    """Reports written before verdicts existed still load; their verdicts are made on load."""
    old = {
        "format": 1,
        "suite": "old",
        "metrics": [{"name": "m"}],
        "spec": {"name": "old", "thresholds": {"min_win_rate": 0.9}, "tests": [{"name": "d"}, {"name": "i"}]},
        "tests": [
            {"name": "d", "kind": "discrimination", "stats": {"m": {"win_rate": 0.8, "n_pairs": 12}}},
            {"name": "i", "kind": "invariance", "stats": {"m": {"abs_r": 0.02, "n_pairs": 12}}},
        ],
    }
    p = tmp_path / "old.json"
    p.write_text(json.dumps(old))
    r = Report.load(p)
    d, i = r.test("d").verdicts["m"], r.test("i").verdicts["m"]
    assert (d.status.value, d.threshold) == ("fail", 0.9)  # the suite's threshold
    assert (i.status.value, i.rule, i.threshold) == ("pass", "max_abs_r", 0.1)  # the kind's default
    assert r.to_dict()["format"] == 2 and "verdicts" in r.to_dict()["tests"][0]
    assert Report.from_dict(r.to_dict()) == r


def test_repr_html_and_pandas_views():
    r = Report(
        suite="views",
        metrics=[{"name": "m"}],
        tests=[
            _pairs_test("good", "discrimination", [-0.5] * 6, {"win_rate": 1.0, "pearson": 0.9, "n_pairs": 6}),
            _pairs_test("blind", "discrimination", [0.0] * 6, {"win_rate": 0.5, "pearson": 0.0, "n_pairs": 6}),
            _pairs_test("few", "invariance", [0.0] * 2, {"abs_r": 0.0, "n_pairs": 2}),
        ],
    )
    assert repr(r) == "<Report 'views': 3 tests × 1 metric (m); 1 passed, 1 failed, 1 inconclusive>"
    assert repr(r.test("blind")) == "<TestResult 'blind' (discrimination): 6 pairs; m FAIL>"
    page = r._repr_html_()
    assert page.startswith('<table class="perturbkit">') and page.count("<tr>") == 4
    assert ">FAIL</td>" in page and "win_rate 0.500 &lt; 0.75" in page and "1 passed, 1 failed" in page
    assert "<tr>" in r.test("few")._repr_html_()
    pd = pytest.importorskip("pandas")
    df = r.to_pandas()
    assert isinstance(df, pd.DataFrame) and len(df) == 3
    assert list(df[["test", "metric", "statistic", "verdict"]].itertuples(index=False, name=None)) == [
        ("good", "m", "win_rate", "pass"),
        ("blind", "m", "win_rate", "fail"),
        ("few", "m", "abs_r", "inconclusive"),
    ]
    assert df.loc[1, "value"] == 0.5 and df.loc[1, "n"] == 6 and df.loc[1, "n_selected"] == 6
    assert len(r.test("good").to_pandas()) == 1
