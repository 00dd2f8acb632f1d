"""Decoupled scoring: `perturbkit generate` writes a suite's cases, `perturbkit score` (or any tool)
scores them, `perturbkit run --cases --scores` judges them: the same report as `run --data`."""

from __future__ import annotations

import json
import math

import _suite_toys as toys
import pytest
from _local_ray import local_ray

from perturbkit.cli import main
from perturbkit.errors import InputError, MetricError, OutputError
from perturbkit.report import Report
from perturbkit.suite import generate_cases, read_cases, read_scores, report_from_scores, run_suite, score_cases

pytestmark = pytest.mark.usefixtures("toy_transforms")

SUITE = """\
name: decoupled_suite
tests:
  - name: dup
    kind: discrimination
    transforms: toy_dup_word
  - name: lower
    kind: invariance
    transforms: [toy_lower_first, {toy_dup_word: {min_words: 5}}]
  - name: lower_negatives
    kind: invariance
    originals: negatives-of:dup
    transforms: toy_lower_first
  - name: falls
    kind: directional
    expect: decrease
    transforms: toy_dup_word
  - name: human
    kind: human_correlation
    rating: q
    group_by: [genre]
"""

METRICS = toys.METRICS_MODULE


@pytest.fixture
def files(tmp_path):
    data = tmp_path / "stories.jsonl"
    rows = [
        {"id": i, "text": t, "prompt": f"Prompt {i}.", "q": n % 4 + 1, "genre": "a" if n % 2 else "b"}
        for n, (i, t) in enumerate(toys.STORIES * 1)
    ]
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    suite = tmp_path / "suite.yaml"
    suite.write_text(SUITE)
    metrics = tmp_path / "my_metrics.py"
    metrics.write_text(METRICS)
    return tmp_path, data, suite, metrics


def _three_steps(tmp, data, suite, metric_specs, *extra_score):
    cases, scores = tmp / "cases.jsonl", tmp / "scores.jsonl"
    assert main(["generate", str(suite), "--data", str(data), "--out", str(cases), "--no-progress"]) == 0
    specs = [a for m in metric_specs for a in ("--metric", m)]
    assert main(["score", str(cases), *specs, "--out", str(scores), "--no-cache", "--no-progress", *extra_score]) == 0
    return cases, scores


def test_generate_score_run_gives_the_same_report_as_run_data(files, capsys):
    tmp, data, suite, metrics = files
    specs = [f"{metrics}:distinct", f"{metrics}:count"]
    common = ["--no-progress", "--print", "none", "--no-fail"]
    ms = [a for m in specs for a in ("--metric", m)]
    assert main(["run", str(suite), "--data", str(data), *ms, "--no-cache", "--out", str(tmp / "a.json"), *common]) == 0
    direct = capsys.readouterr().err
    cases, scores = _three_steps(tmp, data, suite, specs)
    capsys.readouterr()
    args = ["run", str(suite), "--cases", str(cases), "--scores", str(scores), "--out", str(tmp / "b.json"), *common]
    assert main(args) == 0
    decoupled = capsys.readouterr().err
    a, b = (tmp / "a.json").read_bytes(), (tmp / "b.json").read_bytes()
    assert a == b  # the same bytes: verdicts, statistics, cases, examples, metrics, data source
    report = Report.load(tmp / "b.json")
    assert [t.name for t in report.tests] == ["dup", "lower", "lower_negatives", "falls", "human"]
    assert report.metric_names == ["distinct", "count"] and report.test("human").cases[0].role == "rated"
    assert report.test("lower_negatives").variants()  # negatives of dup, perturbed again
    assert direct.replace("a.json", "b.json") == decoupled  # the same verdict lines and tally


def test_the_python_api_gives_the_same_report(files):
    tmp, data, suite, metrics = files
    from perturbkit.io import read_examples

    stories = read_examples(data)
    fns = {"words": lambda texts, c=None, r=None: [float(len(t.split())) for t in texts]}
    direct = run_suite(str(suite), stories, fns, cache_dir=False, progress=False, seed=7)
    summary = generate_cases(str(suite), stories, tmp / "c.jsonl", seed=7)
    assert summary.n_tests == 5 and summary.n_cases == sum(len(t.cases) for t in direct.tests)
    score_cases(tmp / "c.jsonl", fns, tmp / "s.jsonl", cache_dir=False, progress=False)
    again = report_from_scores(str(suite), tmp / "c.jsonl", tmp / "s.jsonl")
    assert again.seed == 7
    assert {**again.to_dict(), "data": None} == {**direct.to_dict(), "data": None}


def test_the_cases_file_holds_every_scored_text_with_its_provenance(files):
    tmp, data, suite, _ = files
    cases = tmp / "cases.jsonl"
    assert main(["generate", str(suite), "--data", str(data), "--out", str(cases), "--seed", "3"]) == 0
    lines = [json.loads(line) for line in cases.read_text(encoding="utf-8").splitlines()]
    header, records = lines[0], lines[1:]
    assert header["format"] == "perturbkit-cases" and header["suite"] == "decoupled_suite" and header["seed"] == 3
    assert header["data"] == {"source": str(data), "n_examples": 6} and len(header["suite_hash"]) == 16
    assert [r["test"] for r in records if r["record"] == "test"] == header["tests"]
    case_records = [r for r in records if r["record"] == "case"]
    assert len(case_records) == header["n_cases"] and len({r["key"] for r in case_records}) == header["n_inputs"]
    variant = next(r for r in case_records if r["test"] == "lower" and r["transform"] == "toy_dup_word")
    assert variant["params"] == {"min_words": 5} and variant["role"] == "variant" and variant["label"] == 0
    assert variant["edits"][0]["transform"] == "toy_dup_word" and variant["source_id"] == variant["pair_of"]
    assert variant["context"].startswith("Prompt ") and variant["seed"] == 3 and variant["perturbkit_version"]
    negative = next(r for r in case_records if r["test"] == "lower_negatives" and r["role"] == "original")
    assert negative["id"] != negative["source_id"] and negative["edits"]  # a dup variant taken as an original
    rated = next(r for r in case_records if r["test"] == "human")
    assert rated["rating"] == 1.0 and rated["groups"] == {"genre": "b"}
    got = read_cases(cases)
    assert got.seed == 3 and list(got.tests) == header["tests"]
    assert got.examples[variant["id"]].parent_id == variant["source_id"]


def test_generate_refuses_to_overwrite_its_input_and_names_a_bad_suite(files, capsys):
    tmp, data, suite, _ = files
    before = data.read_bytes()
    assert main(["generate", str(suite), "--data", str(data), "--out", str(data)]) == 2
    assert "is the input file (--data)" in capsys.readouterr().err and data.read_bytes() == before
    suite.write_text(SUITE.replace("transforms: toy_lower_first\n  - name: falls", "transfrms: x\n  - name: falls"))
    assert main(["generate", str(suite), "--data", str(data), "--out", str(tmp / "c.jsonl")]) == 2
    assert "did you mean 'transforms'?" in capsys.readouterr().err and not (tmp / "c.jsonl").exists()


def _recorder(seen):
    def words(texts, contexts=None, references=None):
        seen.extend(texts)
        return [float(len(t.split())) for t in texts]

    return words


def test_score_resumes_where_it_stopped_and_scores_each_text_once(files):
    tmp, data, suite, _ = files
    cases, scores = tmp / "cases.jsonl", tmp / "scores.jsonl"
    assert main(["generate", str(suite), "--data", str(data), "--out", str(cases)]) == 0
    seen: list[str] = []
    summary = score_cases(cases, {"words": _recorder(seen)}, scores, cache_dir=False, progress=False, chunk_size=4)
    n = read_cases(cases).header["n_inputs"]
    assert len(seen) == len(set(seen)) == n and summary.scored == {"words": n}
    full = scores.read_bytes()
    lines = full.splitlines(keepends=True)
    scores.write_bytes(b"".join(lines[:-5]) + lines[-5][:20])  # an interrupted write: half a line at the end
    seen.clear()
    summary = score_cases(cases, {"words": _recorder(seen)}, scores, cache_dir=False, progress=False, chunk_size=4)
    assert len(seen) == 5 and summary.scored == {"words": 5} and summary.resumed == {"words": n - 5}
    assert scores.read_bytes() == full  # the same file as an uninterrupted run
    seen.clear()
    score_cases(cases, {"words": _recorder(seen)}, scores, cache_dir=False, progress=False)
    assert seen == [] and scores.read_bytes() == full


def test_score_adds_a_second_metric_to_the_file_and_refuses_another_metric_under_a_used_name(files, capsys):
    tmp, data, suite, metrics = files
    cases, scores = _three_steps(tmp, data, suite, [f"{metrics}:distinct"])
    assert main(["score", str(cases), "--metric", f"{metrics}:count", "--out", str(scores), "--no-cache"]) == 0
    assert list(read_scores(scores).metrics) == ["distinct", "count"]
    capsys.readouterr()
    assert main(["score", str(cases), "--metric", "lexical_diversity", "--out", str(scores), "--no-cache"]) == 0
    other = {"distinct": lambda texts, c=None, r=None: [0.0] * len(texts)}
    with pytest.raises(OutputError, match="its scores named 'distinct' are of another metric"):
        score_cases(cases, other, scores, cache_dir=False, progress=False)


@pytest.mark.parametrize(
    "fn, message",
    [
        ("nan_for_short", r"returned NaN or infinite scores for 2 of \d+ texts \(ids: 's4', 's4/toy_lower_first'\)"),
        ("one_short", r"returned \d+ scores for \d+ texts \(ids: "),
    ],
)
def test_score_names_the_cases_a_bad_metric_fails_on(files, capsys, fn, message):
    tmp, data, suite, metrics = files
    cases = tmp / "cases.jsonl"
    assert main(["generate", str(suite), "--data", str(data), "--out", str(cases)]) == 0
    with pytest.raises(MetricError, match=message):
        score_cases(cases, [f"{metrics}:{fn}"], tmp / "s.jsonl", cache_dir=False, progress=False)


def test_score_checks_what_a_metric_needs_before_scoring(tmp_path):
    from perturbkit.example import Example
    from perturbkit.metrics import as_metric
    from perturbkit.suite import Suite

    suite = Suite(name="s", tests=[{"name": "h", "kind": "human_correlation"}])
    stories = [Example(t, id=i, meta={"rating": 1 + n % 3}) for n, (i, t) in enumerate(toys.STORIES)]
    generate_cases(suite, stories, tmp_path / "c.jsonl")
    calls: list[int] = []
    needy = as_metric(lambda texts, c=None, r=None: calls.append(1) or [1.0] * len(texts), needs=("reference",))
    with pytest.raises(
        MetricError, match=r"needs a reference but 6 of 6 cases in .*c.jsonl have none \('s1' \(line 3\)"
    ):
        score_cases(tmp_path / "c.jsonl", {"needy": needy}, tmp_path / "s.jsonl", cache_dir=False, progress=False)
    assert calls == []


def test_a_scores_file_written_by_another_tool_gives_the_same_verdicts(files):
    """The documented format: read the cases, score each key once, write {key, metric, score}."""
    tmp, data, suite, metrics = files
    cases, scores = _three_steps(tmp, data, suite, [f"{metrics}:count"])
    mine = tmp / "mine.jsonl"
    texts = {}
    for line in cases.read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        if rec.get("record") == "case":
            texts[rec["key"]] = rec["text"]
    mine.write_text(
        "".join(json.dumps({"key": k, "metric": "count", "score": len(t.split())}) + "\n" for k, t in texts.items())
    )
    ours, theirs = report_from_scores(str(suite), cases, scores), report_from_scores(str(suite), cases, mine)
    assert theirs.metrics == [{"name": "count", "spec": "count", "identity": "external"}]
    assert [t.stats for t in theirs.tests] == [t.stats for t in ours.tests]
    assert [t.verdicts for t in theirs.tests] == [t.verdicts for t in ours.tests]


def test_run_from_files_names_what_is_missing_or_mismatched(files, capsys):
    tmp, data, suite, metrics = files
    cases, scores = _three_steps(tmp, data, suite, [f"{metrics}:count"])
    base = ["run", str(suite), "--cases", str(cases), "--print", "none"]

    def err(*args):
        assert main([*base, *args]) == 2
        return capsys.readouterr().err

    lines = scores.read_text(encoding="utf-8").splitlines(keepends=True)
    dropped = json.loads(lines[4])["key"]
    partial = tmp / "partial.jsonl"
    partial.write_text("".join(lines[:4] + lines[5:]))
    first = next(
        (n, r) for n, r in enumerate(map(json.loads, cases.read_text().splitlines()), 1) if r.get("key") == dropped
    )
    msg = err("--scores", str(partial))
    assert f"{partial}: no 'count' score for " in msg and f"{first[1]['id']!r} ({cases}:{first[0]})" in msg
    assert "perturbkit score" in msg
    assert f"{scores}: no scores of metric 'distinct' (it has: count)" in err(
        "--scores", str(scores), "--metric", "distinct"
    )
    other = tmp / "other_cases.jsonl"
    assert main(["generate", str(suite), "--data", str(data), "--out", str(other), "--seed", "9"]) == 0
    assert main(["run", str(suite), "--cases", str(other), "--scores", str(scores), "--print", "none"]) == 2
    assert f"{scores}:1: these scores were made for another cases file" in capsys.readouterr().err
    suite2 = tmp / "suite2.yaml"
    suite2.write_text(SUITE.replace("min_words: 5", "min_words: 4"))
    assert main(["run", str(suite2), "--cases", str(cases), "--scores", str(scores), "--print", "none"]) == 2
    assert f"{cases}:1: these cases were generated from suite 'decoupled_suite'" in capsys.readouterr().err
    assert "give --cases FILE and --scores FILE together" in err("--scores", str(scores), "--data", str(data))
    assert "give --cases FILE and --scores FILE together" in err()
    assert main(["run", str(suite), "--metric", "count"]) == 2
    assert "give --data FILE (the stories), or --cases FILE --scores FILE" in capsys.readouterr().err
    assert main(["run", str(suite), "--data", str(data)]) == 2
    assert "give at least one --metric SPEC" in capsys.readouterr().err
    assert "--limit: for generating or scoring" in err("--scores", str(scores), "--limit", "2")
    assert "was generated with seed 0" in err("--scores", str(scores), "--seed", "1")


def test_a_new_threshold_judges_the_same_cases_without_generating_again(files, capsys):
    tmp, data, suite, metrics = files
    cases, scores = _three_steps(tmp, data, suite, [f"{metrics}:count"])
    suite.write_text(
        SUITE.replace("kind: discrimination\n", "kind: discrimination\n    thresholds: {min_win_rate: 0.01}\n")
    )
    report = report_from_scores(str(suite), cases, scores)
    assert report.spec["tests"][0]["thresholds"]["min_win_rate"] == 0.01
    assert report.test("dup").verdicts["count"].threshold == 0.01


@pytest.mark.parametrize(
    "line, message",
    [
        ('{"key": "k", "metric": "m", "score": "high"}', "score of key 'k' must be a number"),
        ('{"key": "k", "metric": "m", "score": NaN}', "is nan, not a finite number"),
        ('{"key": "k", "score": 1}', "needs a 'metric' name"),
        ('{"format": "perturbkit-scores", "version": 1}', "only allowed on line 1"),
        ('{"key": "a", "metric": "m", "score": 2}', "key 'a' has a second 'm' score"),
    ],
)
def test_bad_scores_files_name_the_line(tmp_path, line, message):
    path = tmp_path / "s.jsonl"
    path.write_text('{"key": "a", "metric": "m", "score": 1}\n' + line + "\n")
    with pytest.raises(InputError, match=f"{path}:2: .*{message}"):
        read_scores(path)


def test_bad_cases_files_name_the_line(files):
    tmp, data, suite, _ = files
    cases = tmp / "cases.jsonl"
    assert main(["generate", str(suite), "--data", str(data), "--out", str(cases)]) == 0
    lines = cases.read_text(encoding="utf-8").splitlines(keepends=True)
    rec = json.loads(lines[2])
    rec["text"] += " edited"
    cases.write_text("".join(lines[:2]) + json.dumps(rec) + "\n" + "".join(lines[3:]))
    with pytest.raises(InputError, match=rf"{cases}:3: case 's1': key '\w+' does not match its text"):
        read_cases(cases)
    (tmp / "plain.jsonl").write_text('{"id": "x", "text": "a story"}\n')
    with pytest.raises(InputError, match=r"plain.jsonl:1: not a perturbkit cases file"):
        read_cases(tmp / "plain.jsonl")


@pytest.mark.subprocess
def test_worker_processes_score_the_same_as_this_process(files):
    """The metric travels as its spec (a file path made absolute), rebuilt in each worker."""
    tmp, data, suite, metrics = files
    cases = tmp / "cases.jsonl"
    assert main(["generate", str(suite), "--data", str(data), "--out", str(cases)]) == 0
    one, two = tmp / "one.jsonl", tmp / "two.jsonl"
    spec = [f"{metrics}:distinct", "lexical_diversity"]
    score_cases(cases, spec, one, cache_dir=False, progress=False, chunk_size=4)
    summary = score_cases(cases, spec, two, cache_dir=False, progress=False, chunk_size=4, workers=2)
    assert two.read_bytes() == one.read_bytes() and summary.scored["distinct"] == summary.n_inputs


@pytest.mark.slow  # starting Ray takes 10-40 s
@pytest.mark.subprocess
def test_ray_scores_the_same_as_local(files):
    ray = pytest.importorskip("ray")
    tmp, data, suite, metrics = files
    cases = tmp / "cases.jsonl"
    assert main(["generate", str(suite), "--data", str(data), "--out", str(cases)]) == 0
    local, remote = tmp / "local.jsonl", tmp / "ray.jsonl"
    spec = [f"{metrics}:distinct"]
    score_cases(cases, spec, local, cache_dir=False, progress=False, chunk_size=8)
    with local_ray(ray):
        score_cases(cases, spec, remote, cache_dir=False, progress=False, chunk_size=8, executor="ray", workers=2)
    assert remote.read_bytes() == local.read_bytes()
    assert all(math.isfinite(v) for v in read_scores(remote).scores["distinct"].values())


def test_ray_tasks_ask_for_the_gpus_given_and_the_cluster_must_have_them(monkeypatch, files):
    """A stand-in ``ray`` module (starting Ray takes long): what each task asks for, and the check."""
    import sys
    import types

    from perturbkit.errors import UserError
    from perturbkit.execution.ray import RayExecutor

    asked: dict = {}
    fake = types.ModuleType("ray")
    fake.is_initialized = lambda: True
    fake.cluster_resources = lambda: {"CPU": 2.0}
    fake.remote = lambda **kw: asked.update(kw) or (lambda f: f)
    monkeypatch.setitem(sys.modules, "ray", fake)
    with pytest.raises(UserError, match="each Ray task asks for 1 GPU but the Ray cluster has 0"):
        RayExecutor(2, num_gpus=1)
    fake.cluster_resources = lambda: {"CPU": 2.0, "GPU": 1.0}
    RayExecutor(2, num_gpus=0.5)
    assert asked == {"num_cpus": 1, "num_gpus": 0.5, "max_retries": 0}
    tmp, data, suite, metrics = files
    assert main(["generate", str(suite), "--data", str(data), "--out", str(tmp / "c.jsonl")]) == 0
    with pytest.raises(UserError, match="GPUs per worker are a Ray resource"):
        score_cases(tmp / "c.jsonl", ["lexical_diversity"], tmp / "s.jsonl", gpus_per_worker=1, cache_dir=False)
