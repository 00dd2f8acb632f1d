"""Executors: results in item order, failures naming the item, and the same augment output bytes for
any number of workers and either executor."""

from __future__ import annotations

import json
import operator
import os

import pytest
from _local_ray import local_ray

from perturbkit.execution import ChunkFailed, InProcess, ProcessPool, get_executor
from perturbkit.recipe import AugmentOptions, Recipe, run_augment
from perturbkit.recipe.spec import FitSpec

STORIES = [
    {"id": f"s{i:02d}", "text": f"Ann sat down number {i}. She read a book, slowly. Then, she slept."}
    for i in range(24)
]


def _die(code: int, item: int) -> None:
    """A task whose worker process exits at once (as a crash or an out-of-memory kill would)."""
    os._exit(code)


@pytest.fixture
def stories(tmp_path):
    p = tmp_path / "in.jsonl"
    p.write_text("".join(json.dumps(s) + "\n" for s in STORIES))
    return p


def test_in_process_names_the_failing_item():
    ex = InProcess()
    assert list(ex.map(operator.mul, 3, [1, 2])) == [3, 6]
    with pytest.raises(ChunkFailed) as e:
        list(ex.map(operator.truediv, 1, [1, 0]))
    assert e.value.index == 1 and "ZeroDivisionError" in e.value.detail


def test_unknown_executor():
    with pytest.raises(Exception, match="unknown executor 'dask'"):
        get_executor("dask")


@pytest.mark.subprocess
def test_process_pool_keeps_order_and_names_failures():
    with ProcessPool(2) as pool:
        assert list(pool.map(operator.mul, 2, range(9))) == [2 * i for i in range(9)]
        with pytest.raises(ChunkFailed) as e:
            list(pool.map(operator.truediv, 1, [1, 2, 0, 4]))
        assert e.value.index == 2 and "ZeroDivisionError" in e.value.detail and not e.value.crashed
    with ProcessPool(2) as pool, pytest.raises(ChunkFailed) as e:  # a worker dies (segfault)
        list(pool.map(_die, 3, [1]))
    assert e.value.index == 0 and e.value.crashed and "died" in e.value.detail


def _mark_warm() -> None:
    """A worker's warm-up (spawned workers import this module to find it)."""
    os.environ["PERTURBKIT_TEST_WARM"] = str(os.getpid())


def _warmed(context: str, item: int) -> tuple[bool, str, int]:
    return os.environ.get("PERTURBKIT_TEST_WARM") == str(os.getpid()), context, item


@pytest.mark.subprocess
def test_started_pool_warms_each_worker_before_its_first_item():
    """Issue 16: workers start (and load spaCy) while the driver fits, not when the first chunk comes."""
    with ProcessPool(2) as pool:
        pool.start(_mark_warm)
        pids = {p.pid for p, _ in pool._procs}
        assert list(pool.map(_warmed, "c", range(4))) == [(True, "c", i) for i in range(4)]
        assert {p.pid for p, _ in pool._procs} == pids  # the started workers ran the map
    InProcess().start(_mark_warm)  # nothing to start in this process
    assert "PERTURBKIT_TEST_WARM" not in os.environ


def _run(stories, out, **kw):
    r = Recipe.from_transforms(["typos", "delete_punctuation"], keep_originals=True, variants=2)
    run_augment(r, stories, out, AugmentOptions(progress=False, chunk_size=5, **kw))
    return out.read_bytes()


@pytest.mark.subprocess
def test_two_workers_write_the_same_bytes_as_one(stories, tmp_path):
    one = _run(stories, tmp_path / "one.jsonl")
    assert one and one == _run(stories, tmp_path / "two.jsonl", workers=2)


@pytest.mark.subprocess
def test_ray_writes_the_same_bytes_as_local(stories, tmp_path):
    ray = pytest.importorskip("ray")
    with local_ray(ray):
        got = _run(stories, tmp_path / "ray.jsonl", executor="ray", workers=2)
    assert got == _run(stories, tmp_path / "local.jsonl")


@pytest.mark.subprocess
def test_fitted_recipe_two_workers_same_bytes_as_one(stories, tmp_path):
    """The union recipe fits keyword substitution in the driver while two workers start up: the
    fitted plan they receive gives the same bytes as one worker."""
    r = Recipe.from_transforms(["union_negative"], keep_originals=True).model_copy(update={"fit": FitSpec(limit=12)})
    outs = []
    for workers in (1, 2):
        out = tmp_path / f"{workers}.jsonl"
        run_augment(r, stories, out, AugmentOptions(progress=False, chunk_size=5, workers=workers, limit=16))
        outs.append(out.read_bytes())
    assert outs[0] and outs[0] == outs[1]
