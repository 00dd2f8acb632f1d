"""A damaged score cache is named, set aside, rebuilt and warned about, never a sqlite traceback."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from perturbkit.cli import main
from perturbkit.errors import OutputError
from perturbkit.example import Example
from perturbkit.metrics.cache import ScoreCache, ScoreCacheWarning
from perturbkit.metrics.runner import MetricRunner


def _filled(folder, identity="metric-a", n=3000) -> ScoreCache:
    cache = ScoreCache(folder, identity, label="m")
    cache.put_many({f"k{i}": float(i) for i in range(n)})
    cache.close()
    return cache


def _truncate(path):
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _garbage(path):
    path.write_bytes(b"\x93NOT A DATABASE" * 400)


def _scribble(path):
    data = bytearray(path.read_bytes())
    data[4096:8192] = b"\xff" * 4096  # a page in the middle overwritten
    path.write_bytes(bytes(data))


def _directory(path):
    path.unlink()
    path.mkdir()
    (path / "inside").write_text("x")


def _other_metric(path):
    other = _filled(path.parent / "elsewhere", identity="metric-b", n=5)
    shutil.copyfile(other.path, path)


DAMAGES = {"truncated": _truncate, "garbage": _garbage, "scribbled": _scribble, "directory": _directory}
DAMAGES["another metric's file"] = _other_metric


@pytest.mark.parametrize("damage", list(DAMAGES), ids=list(DAMAGES))
def test_a_damaged_cache_is_set_aside_rebuilt_and_warned_about(tmp_path, damage):
    cache = _filled(tmp_path)  # closed: the WAL is checkpointed into the main file
    DAMAGES[damage](cache.path)
    fresh = ScoreCache(tmp_path, "metric-a", label="m")
    with pytest.warns(ScoreCacheWarning) as caught:
        got = fresh.get_many([f"k{i}" for i in range(0, 3000, 7)])
    assert got == {}  # nothing trustworthy is read from a damaged file
    message = str(caught[0].message)
    assert str(cache.path) in message and ".damaged-" in message
    aside = [p for p in os.listdir(tmp_path) if ".damaged-" in p and not p.endswith(("-wal", "-shm"))]
    assert len(aside) == 1 and aside[0].startswith(cache.path.name + ".damaged-")
    fresh.put_many({"new": 1.5})  # the rebuilt cache works, and keeps working for the next run
    fresh.close()
    again = ScoreCache(tmp_path, "metric-a", label="m")
    assert again.get_many(["new"]) == {"new": 1.5} and len(again) == 1


def test_a_healthy_cache_is_left_alone(tmp_path, recwarn):
    cache = _filled(tmp_path)
    again = ScoreCache(tmp_path, "metric-a", label="m")
    assert len(again.get_many([f"k{i}" for i in range(3000)])) == 3000
    assert not [w for w in recwarn if issubclass(w.category, ScoreCacheWarning)]
    assert sorted(os.listdir(tmp_path))[0] == cache.path.name


def test_a_cache_folder_that_is_a_file_is_a_clear_error(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    with pytest.raises(OutputError, match="is a file, not a folder"):
        ScoreCache(f, "metric-a")


def test_the_runner_recomputes_after_damage_and_the_second_run_is_clean(tmp_path, recwarn):
    calls: list[int] = []

    def metric(texts, contexts=None, references=None):
        calls.append(len(texts))
        return [float(len(t)) for t in texts]

    exs = [Example(f"story number {i}.", id=str(i)) for i in range(10)]
    MetricRunner(metric, cache_dir=tmp_path).score(exs)
    (path,) = [p for p in tmp_path.iterdir() if p.suffix == ".sqlite"]
    _garbage(path)
    for p in tmp_path.glob("*.sqlite-*"):
        p.unlink()
    with pytest.warns(ScoreCacheWarning, match="damaged"):
        scores = MetricRunner(metric, cache_dir=tmp_path).score(exs)
    assert scores.tolist() == [float(len(e.text)) for e in exs] and calls == [10, 10]
    recwarn.clear()
    MetricRunner(metric, cache_dir=tmp_path).score(exs)  # resumed from the rebuilt cache
    assert calls == [10, 10] and not [w for w in recwarn if issubclass(w.category, ScoreCacheWarning)]


def test_run_command_with_a_damaged_cache_warns_and_finishes(tmp_path, capsys):
    data = tmp_path / "d.jsonl"
    data.write_text(
        "".join(json.dumps({"id": f"s{i}", "text": f"Tom woke up {i}. He ate. He left home."}) + "\n" for i in range(4))
    )
    cache = tmp_path / "cache"
    args = ["run", "demo", "--data", str(data), "--metric", "lexical_diversity", "--cache-dir", str(cache)]
    assert main([*args, "--print", "none"]) == 0
    for p in cache.iterdir():
        _garbage(p) if p.suffix == ".sqlite" else p.unlink()
    with pytest.warns(ScoreCacheWarning):
        assert main([*args, "--print", "none"]) == 0
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.subprocess
def test_a_file_metric_has_the_same_identity_in_every_process(tmp_path):
    """Its identity is the cache key: if it changed from one process to the next (a module name
    from hash(), a nested code object's repr with its address), no run would ever resume."""
    import subprocess
    import sys

    metric = tmp_path / "m.py"
    metric.write_text("def score(texts, contexts=None, references=None):\n    return [float(len(t)) for t in texts]\n")
    code = f"from perturbkit.metrics.resolve import resolve_metric; print(resolve_metric({str(metric) + ':score'!r}).identity())"
    runs = [
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True).stdout
        for _ in range(2)
    ]
    assert runs[0] == runs[1] and "code=" in runs[0]
