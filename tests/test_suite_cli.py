"""`perturbkit run` end to end on tiny data written by the tests."""

from __future__ import annotations

import json
import os
import sys

import _suite_toys as toys
import pytest

from perturbkit.cli import main
from perturbkit.report import Report

pytestmark = pytest.mark.usefixtures("toy_transforms")  # the toy_* transforms, for this module only

SUITE = """\
name: cli_suite
tests:
  - name: dup
    kind: discrimination
    transforms: toy_dup_word
  - name: lower
    kind: invariance
    transforms: toy_lower_first
"""

METRICS = toys.METRICS_MODULE


@pytest.fixture
def files(tmp_path):
    data = tmp_path / "stories.jsonl"
    data.write_text("".join(json.dumps({"id": i, "text": t, "prompt": "p"}) + "\n" for i, t in toys.STORIES))
    suite = tmp_path / "suite.yaml"
    suite.write_text(SUITE)
    metrics = tmp_path / "my_metrics.py"
    metrics.write_text(METRICS)
    return tmp_path, data, suite, metrics


def test_run_prints_the_table_and_writes_the_report(files, capsys):
    tmp, data, suite, metrics = files
    out = tmp / "out" / "report.json"
    code = main(
        [
            "run",
            str(suite),
            "--data",
            str(data),
            "--metric",
            f"{metrics}:distinct",
            "--metric",
            f"{metrics}:count",
            "--seed",
            "1",
            "--out",
            str(out),
            "--no-progress",
            "--no-cache",
        ]
    )
    captured = capsys.readouterr()
    assert code == 0
    assert "# Suite `cli_suite`" in captured.out
    assert "| Metric | dup |" in captured.out and "| Metric | lower |" in captured.out
    assert "| distinct | **" in captured.out  # the better metric is bold
    assert f"report written to {out}" in captured.err
    rep = Report.load(out)
    assert rep.suite == "cli_suite" and rep.seed == 1 and rep.metric_names == ["distinct", "count"]
    assert rep.data == {"source": str(data), "n_examples": 6}
    assert rep.test("dup").stats["distinct"]["win_rate"] == 1.0
    assert rep.example("s1").context == "p"


def test_run_writes_the_html_report(files, capsys):
    tmp, data, suite, metrics = files
    html = tmp / "r" / "report.html"
    assert (
        main(
            [
                "run",
                str(suite),
                "--data",
                str(data),
                "--metric",
                f"{metrics}:distinct",
                "--html",
                str(html),
                "--no-progress",
                "--no-cache",
                "--print",
                "none",
            ]
        )
        == 0
    )
    page = html.read_text()
    assert page.startswith("<!DOCTYPE html>") and "cli_suite" in page and "data:image/png;base64," in page
    assert f"report written to {html}" in capsys.readouterr().err


def test_run_json_output_and_limit(files, capsys):
    tmp, data, suite, metrics = files
    code = main(
        [
            "run",
            str(suite),
            "--data",
            str(data),
            "--metric",
            f"{metrics}:distinct",
            "--print",
            "json",
            "--limit",
            "3",
            "--no-progress",
            "--no-cache",
        ]
    )
    assert code == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["data"]["n_examples"] == 3 and rep["tests"][0]["counts"]["n_selected"] == 3


def test_run_with_column_options_on_csv(files, capsys):
    tmp, _, suite, metrics = files
    csv_file = tmp / "stories.csv"
    csv_file.write_text("key,story\n" + "".join(f'{i},"{t}"\n' for i, t in toys.STORIES))
    code = main(
        [
            "run",
            str(suite),
            "--data",
            str(csv_file),
            "--text-col",
            "story",
            "--id-col",
            "key",
            "--metric",
            f"{metrics}:distinct",
            "--print",
            "none",
            "--out",
            str(tmp / "r.json"),
            "--no-progress",
            "--no-cache",
        ]
    )
    assert code == 0 and capsys.readouterr().out == ""
    assert "s1" in Report.load(tmp / "r.json").examples


def test_run_shipped_suite_by_name(tmp_path, capsys, monkeypatch):
    from perturbkit.io import write_examples

    monkeypatch.chdir(tmp_path)
    write_examples(tmp_path / "d.jsonl", toys.stories())
    code = main(
        [
            "run",
            "demo",
            "--data",
            "d.jsonl",
            "--metric",
            "lexical_diversity",
            "--no-progress",
            "--no-cache",
            "--no-details",
        ]
    )
    captured = capsys.readouterr()
    out, err = captured.out, captured.err.splitlines()
    assert "# Suite `demo`" in out and "sentence_order" in out and "details" not in out
    # six toy stories: typos makes only non-word slips, which leave lexical_diversity where it was
    # (PASS); the other tests have too few pairs. Exit status 1 on a FAIL: test_run_exit_status_...
    assert code == 0 and "PASS typos / lexical_diversity" not in err
    assert "| `typos` | invariance | abs_r <= 0.1 | PASS 0.000 |" in out
    assert (
        "INCONCLUSIVE sentence_order / lexical_diversity: win_rate 0.500 from too few pairs (a verdict needs 6)" in err
    )
    assert err[-1] == "1 passed, 5 inconclusive"


@pytest.mark.parametrize(
    "args, message",
    [
        (["--metric", "no_such_metric"], "unknown metric 'no_such_metric'"),
        (["--metric", "lexical_diversity", "--limit", "0"], "--limit: must be at least 1"),
        (["--metric", "lexical_diversity", "--metric-sample", "lexical_diversity=0"], "must be at least 1"),
        (["--metric", "lexical_diversity", "--metric-sample", "12"], "expected METRIC=N"),
        (["--metric", "lexical_diversity", "--metric-sample", "perplexity=3"], "no such metric in this run"),
    ],
)
def test_run_user_errors_exit_2_with_one_line(files, capsys, args, message):
    tmp, data, suite, _ = files
    code = main(["run", str(suite), "--data", str(data), "--no-progress", "--no-cache", *args])
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.startswith("perturbkit run: error:")


def test_run_bad_suite_and_missing_data(files, capsys):
    tmp, data, suite, metrics = files
    suite.write_text(SUITE.replace("transforms: toy_dup_word", "transform: toy_dup_word"))
    assert main(["run", str(suite), "--data", str(data), "--metric", "lexical_diversity"]) == 2
    err = capsys.readouterr().err
    assert f"{suite}:5: tests[0].transform: unknown key 'transform'; did you mean 'transforms'?" in err
    suite.write_text(SUITE)
    assert main(["run", str(suite), "--data", str(tmp / "nope.jsonl"), "--metric", "lexical_diversity"]) == 2
    assert "nope.jsonl" in capsys.readouterr().err


def test_run_finds_a_metric_module_in_the_current_directory(files, capsys, monkeypatch):
    """``--metric module:callable`` from the folder holding module.py, like ``python -m``."""
    tmp, data, suite, metrics = files
    module = f"cwd_metrics_{tmp.name.replace('-', '_')}"
    metrics.rename(tmp / f"{module}.py")
    here = {"", ".", os.getcwd(), str(tmp)}
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in here])  # a console script's sys.path
    monkeypatch.chdir(tmp)
    try:
        code = main(["run", "suite.yaml", "--data", "stories.jsonl", "--metric", f"{module}:distinct", "--no-cache"])
    finally:
        sys.modules.pop(module, None)
    assert code == 0, capsys.readouterr().err
    assert "| distinct |" in capsys.readouterr().out


EIGHT = [
    ("e1", "Tom woke up early and made coffee."),
    ("e2", "Ann found a lost dog near the park."),
    ("e3", "It rained all day so we stayed inside."),
    ("e4", "The kids built a fort out of boxes."),
    ("e5", "Maria baked bread for the whole street."),
    ("e6", "A storm knocked the old tree over."),
    ("e7", "The train was late again this morning."),
    ("e8", "Grandpa told us a story about the sea."),
]


@pytest.fixture
def eight(files):
    tmp, _, suite, metrics = files
    data = tmp / "eight.jsonl"
    data.write_text("".join(json.dumps({"id": i, "text": t}) + "\n" for i, t in EIGHT))
    base = ["run", str(suite), "--data", str(data), "--no-progress", "--no-cache", "--print", "none"]
    return tmp, base, metrics


def test_run_exit_status_and_stderr_follow_the_verdicts(eight, capsys):
    tmp, base, metrics = eight
    distinct = ["--metric", f"{metrics}:distinct"]
    assert main(base + distinct) == 0  # the repeated word lowers distinct; lower-casing does not move it
    assert capsys.readouterr().err.splitlines()[-1] == "2 passed"
    # count scores the variant with the repeated word higher: the original never wins
    both = base + distinct + ["--metric", f"{metrics}:count"]
    assert main(both) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-2:] == ["FAIL dup / count: win_rate 0.000 < 0.75", "3 passed, 1 failed"]
    assert main(both + ["--no-fail"]) == 0  # report only
    assert capsys.readouterr().err.splitlines()[-1] == "3 passed, 1 failed"


def test_run_strict_fails_on_inconclusive(files, capsys):
    tmp, data, suite, metrics = files  # six stories: dup applies to five, too few pairs
    args = ["run", str(suite), "--data", str(data), "--metric", f"{metrics}:distinct", "--no-progress", "--no-cache"]
    assert main(args + ["--print", "none"]) == 0
    assert "INCONCLUSIVE dup / distinct: win_rate 1.000 from too few pairs" in capsys.readouterr().err
    assert main(args + ["--print", "none", "--strict"]) == 1


def test_run_writes_junit_xml_and_report_renders_it_again(eight, capsys):
    import xml.etree.ElementTree as ET

    tmp, base, metrics = eight
    xml_path, out = tmp / "ci" / "results.xml", tmp / "report.json"
    args = base + ["--metric", f"{metrics}:distinct", "--metric", f"{metrics}:count", "--junit", str(xml_path)]
    assert main(args + ["--out", str(out)]) == 1
    assert f"report written to {xml_path}" in capsys.readouterr().err
    root = ET.parse(xml_path).getroot()
    cases = root.findall("./testsuite/testcase")
    assert [(c.get("classname"), c.get("name")) for c in cases] == [
        ("cli_suite.dup", "distinct"),
        ("cli_suite.dup", "count"),
        ("cli_suite.lower", "distinct"),
        ("cli_suite.lower", "count"),
    ]
    (failure,) = root.iter("failure")
    assert failure.get("message") == "win_rate 0.000 < 0.75 (min_win_rate)"
    assert root.get("failures") == "1" and root.find("testsuite").get("tests") == "4"
    # the same XML from the saved report, with `perturbkit report --junit`
    again = tmp / "again.xml"
    assert main(["report", str(out), "--junit", str(again)]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.splitlines()[-1] == "3 passed, 1 failed"
    assert again.read_text() == xml_path.read_text()
