"""MetricRunner: dedup, length-sorted batches, disk cache and resume, validation, OOM back-off,
device resolution; resolve_metric and as_metric."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from perturbkit.errors import MetricError
from perturbkit.example import Example
from perturbkit.metrics import BUILTIN_METRICS, Metric, as_metric, resolve_metric
from perturbkit.metrics.base import CallableMetric, resolve_device
from perturbkit.metrics.runner import MetricRunner


class Counting(Metric):
    """Score = number of words; records every batch it is given."""

    name = "counting"
    batch_size = 3

    def __init__(self) -> None:
        self.batches: list[list[str]] = []

    def score_batch(self, texts, contexts=None, references=None):
        self.batches.append(list(texts))
        return [float(len(t.split())) for t in texts]

    @property
    def seen(self) -> list[str]:
        return [t for b in self.batches for t in b]


def _examples(texts, **kw):
    return [Example(t, id=f"ex{i}", **kw) for i, t in enumerate(texts)]


def test_scores_in_order_as_float64():
    exs = _examples(["a b c", "a", "a b"])
    out = MetricRunner(Counting(), cache_dir=False).score(exs)
    assert out.dtype == np.float64
    assert out.tolist() == [3.0, 1.0, 2.0]


def test_each_distinct_input_is_scored_once_across_calls():
    m = Counting()
    runner = MetricRunner(m, cache_dir=False, progress=False)
    originals = _examples(["one two", "one two three", "x"])
    variants = [Example("two one", id="v0", parent_id="ex0"), *originals]  # originals reused by a 2nd test
    runner.score(originals + originals, test="t1")
    runner.score(variants, test="t2")
    assert sorted(m.seen) == sorted(["one two", "one two three", "x", "two one"])
    assert runner.stats.n_computed == 4 and runner.stats.n_memory_hits == 3


def test_same_text_with_different_context_is_scored_separately_only_if_used():
    class UsesContext(Counting):
        uses = ("context",)

    class Ignores(Counting):
        uses = ()

    exs = [Example("a b", context="c1"), Example("a b", context="c2")]
    m1, m2 = UsesContext(), Ignores()
    MetricRunner(m1, cache_dir=False).score(exs)
    MetricRunner(m2, cache_dir=False).score(exs)
    assert len(m1.seen) == 2 and len(m2.seen) == 1


def test_batches_are_length_sorted_and_sized():
    texts = ["w " * n for n in (5, 1, 9, 3, 7, 2, 8)]
    m = Counting()
    MetricRunner(m, cache_dir=False).score(_examples(texts))
    lengths = [len(t.split()) for t in m.seen]
    assert lengths == sorted(lengths, reverse=True)
    assert [len(b) for b in m.batches] == [3, 3, 1]


def test_runner_feeds_inputs_in_the_metrics_order():
    class Alphabetical(Counting):
        def order_key(self, text, context, reference):
            return (context or "", text)

    exs = [
        Example(t, id=f"e{i}", context=c)
        for i, (t, c) in enumerate([("b c", None), ("a b c d", "z"), ("a b", None), ("b", None), ("a", "z")])
    ]
    m = Alphabetical()
    out = MetricRunner(m, cache_dir=False).score(exs)
    assert m.seen == ["a b", "b", "b c", "a", "a b c d"]  # (context, text) order, not longest first
    assert [len(b) for b in m.batches] == [3, 2] and out.tolist() == [2.0, 4.0, 2.0, 1.0, 1.0]
    default = Counting()
    assert default.order_key("a b", None, None) < default.order_key("a", "b", None) < default.order_key("a", None, None)


def test_runner_batch_size_overrides_metric():
    m = Counting()
    MetricRunner(m, cache_dir=False, batch_size=5).score(_examples(["a"] * 0 + [f"w{i}" for i in range(7)]))
    assert [len(b) for b in m.batches] == [5, 2]


def test_plain_callable_is_scored_all_at_once():
    calls = []

    def words(texts, contexts=None, references=None):
        calls.append(len(texts))
        return [len(t.split()) for t in texts]

    out = MetricRunner(words, cache_dir=False).score(_examples([f"w {i}" for i in range(40)]))
    assert calls == [40] and out.tolist() == [2.0] * 40


def test_disk_cache_makes_rerun_free(tmp_path):
    exs = _examples([f"text number {i}" for i in range(10)])
    first = MetricRunner(Counting(), cache_dir=tmp_path).score(exs)
    m = Counting()
    again = MetricRunner(m, cache_dir=tmp_path).score(exs)
    assert m.batches == [] and np.array_equal(first, again)


def test_interrupted_run_resumes(tmp_path):
    class Crashing(Counting):
        def __init__(self, crash_after: int | None) -> None:
            super().__init__()
            self._crash_after = crash_after  # private: not a parameter, so both runs share a cache

        def score_batch(self, texts, contexts=None, references=None):
            if self._crash_after is not None and len(self.batches) == self._crash_after:
                raise KeyboardInterrupt  # like Ctrl-C or a killed job: not turned into a MetricError
            return super().score_batch(texts, contexts, references)

    exs = _examples([f"w{i} " * (i + 1) for i in range(10)])  # 10 distinct texts, 4 batches of <= 3
    with pytest.raises(KeyboardInterrupt):
        MetricRunner(Crashing(crash_after=2), cache_dir=tmp_path).score(exs)
    m = Crashing(crash_after=None)
    out = MetricRunner(m, cache_dir=tmp_path).score(exs)
    assert len(m.seen) == 4  # 6 were saved before the crash; only the rest is computed
    assert out.tolist() == [float(i + 1) for i in range(10)]


def test_cache_is_keyed_by_metric_identity(tmp_path):
    exs = _examples(["a b c"])
    MetricRunner(resolve_metric("ngram_repetition"), cache_dir=tmp_path).score(exs)
    r = MetricRunner(resolve_metric("ngram_repetition", max_n=2), cache_dir=tmp_path)
    r.score(exs)
    assert r.stats.n_disk_hits == 0 and r.stats.n_computed == 1
    assert resolve_metric("ngram_repetition").identity() != resolve_metric("ngram_repetition", max_n=2).identity()


def test_cache_none_uses_perturbkit_cache_dir():
    from perturbkit.resources.config import cache_dir

    r = MetricRunner(Counting())
    assert r.cache is not None and r.cache.path.parent == cache_dir("scores")


@pytest.mark.parametrize(
    "bad, match",
    [
        (lambda texts, c=None, r=None: [float("nan")] * len(texts), "NaN"),
        (lambda texts, c=None, r=None: [float("inf")] * len(texts), "NaN or infinite"),
        (lambda texts, c=None, r=None: [1.0] * (len(texts) + 1), "returned 4 scores for 3 texts"),
        (lambda texts, c=None, r=None: 1 / 0, "raised ZeroDivisionError"),
        (lambda texts, c=None, r=None: ["x"] * len(texts), "not numbers"),
    ],
)
def test_bad_metric_output_names_metric_test_and_ids(bad, match):
    exs = _examples(["a", "b c", "d e f"])
    with pytest.raises(MetricError, match=match) as info:
        MetricRunner(as_metric(bad, name="badmetric"), cache_dir=False).score(exs, test="my_test")
    msg = str(info.value)
    assert "'badmetric'" in msg and "'my_test'" in msg
    assert all(f"'ex{i}'" in msg for i in range(3))


def test_error_lists_only_first_few_ids():
    exs = _examples([f"t{i}" for i in range(20)])
    with pytest.raises(MetricError) as info:
        MetricRunner(lambda t, c=None, r=None: [np.nan] * len(t), cache_dir=False).score(exs, test="t")
    assert "15 more" in str(info.value) and "'ex0'" in str(info.value)


def test_nan_only_names_the_bad_examples():
    def some_nan(texts, contexts=None, references=None):
        return [np.nan if t == "bad" else 1.0 for t in texts]

    exs = [Example("good", id="g"), Example("bad", id="b")]
    with pytest.raises(MetricError, match=r"1 of 2 texts \(ids: 'b'\)"):
        MetricRunner(some_nan, cache_dir=False).score(exs)


def test_needs_reference_fails_before_scoring():
    m = Counting()
    m.needs = ("reference",)
    exs = [Example("a", id="has", reference="r"), Example("b", id="lacks")]
    runner = MetricRunner(m, cache_dir=False)
    with pytest.raises(MetricError, match=r"needs a reference.*1 of 2.*in test 'rel'.*'lacks'"):
        runner.score(exs, test="rel")
    assert m.batches == []
    runner.check_inputs(exs[:1], "rel")  # fine


def test_builtin_bleu_needs_reference():
    with pytest.raises(MetricError, match="'bleu' needs a reference"):
        MetricRunner("bleu", cache_dir=False).score([Example("a story", id="s1")], test="t")


class OOMAbove(Metric):
    """Raises an out-of-memory error for batches larger than ``k``."""

    name = "oom"
    batch_size = 16

    def __init__(self, k: int, exc: type[BaseException] | None = None) -> None:
        self.k, self.exc, self.sizes = k, exc, []

    def score_batch(self, texts, contexts=None, references=None):
        self.sizes.append(len(texts))
        if len(texts) > self.k:
            if self.exc is not None:
                raise self.exc("CUDA out of memory. Tried to allocate 2.00 GiB")
            raise RuntimeError("CUDA out of memory. Tried to allocate 2.00 GiB")
        return [float(len(t)) for t in texts]


@pytest.mark.parametrize("use_torch_error", [False, True])
def test_out_of_memory_halves_the_batch(use_torch_error):
    exc = None
    if use_torch_error:
        torch = pytest.importorskip("torch")
        exc = torch.cuda.OutOfMemoryError
    texts = [f"text {'x' * i}" for i in range(21)]
    m = OOMAbove(k=5, exc=exc)
    runner = MetricRunner(m, cache_dir=False)
    out = runner.score(_examples(texts))
    assert out.tolist() == [float(len(t)) for t in texts]  # same as unbatched
    assert m.sizes[:3] == [16, 8, 4] and max(s for s in m.sizes if s <= 5) <= 5
    assert runner.stats.n_oom_retries == 2


def test_out_of_memory_on_one_example_is_a_metric_error():
    with pytest.raises(MetricError, match="out of memory on a single example.*'ex0'"):
        MetricRunner(OOMAbove(k=0), cache_dir=False).score(_examples(["a", "b"]), test="t")


def test_other_runtime_errors_are_not_retried():
    m = OOMAbove(k=100)

    def boom(texts, contexts=None, references=None):
        raise RuntimeError("shape mismatch")

    m.score_batch = boom  # type: ignore[assignment]
    with pytest.raises(MetricError, match="shape mismatch"):
        MetricRunner(m, cache_dir=False).score(_examples(["a", "b"]))


def test_device_auto_is_cpu_here_and_cuda_when_available(monkeypatch):
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        assert resolve_device("auto") == "cpu"
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    assert resolve_device("auto") == "cuda"
    assert resolve_device("cuda:1") == "cuda:1" and resolve_device("cpu") == "cpu"


def test_no_autocast_on_cpu(monkeypatch):
    torch = pytest.importorskip("torch")
    seen = []

    class Probe(Metric):
        name = "probe"
        device = "cpu"

        def score_batch(self, texts, contexts=None, references=None):
            seen.append((torch.is_autocast_enabled("cuda"), torch.is_autocast_enabled("cpu"), torch.is_grad_enabled()))
            return [0.0] * len(texts)

    MetricRunner(Probe(), cache_dir=False).score(_examples(["a"]))
    assert seen == [(False, False, False)]  # no autocast, but no-grad


def test_autocast_requested_on_cuda(monkeypatch):
    torch = pytest.importorskip("torch")
    entered = []

    class FakeAutocast:
        def __init__(self, device_type, *a, **k):
            entered.append(device_type)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    monkeypatch.setattr(torch, "autocast", FakeAutocast)

    class OnCuda(Metric):
        name = "on_cuda"
        device = "cuda"

        def score_batch(self, texts, contexts=None, references=None):
            return [0.0] * len(texts)

    MetricRunner(OnCuda(), cache_dir=False).score(_examples(["a"]))
    assert entered == ["cuda"]


@pytest.mark.subprocess
def test_plain_metric_does_not_import_torch(tmp_path):
    code = (
        "import sys; from perturbkit.example import Example; from perturbkit.metrics.runner import MetricRunner; "
        "MetricRunner('lexical_diversity', cache_dir=False).score([Example('a b a')]); "
        "MetricRunner('ngram_repetition', cache_dir=False).score([Example('a b a')]); "
        "print('torch' in sys.modules)"
    )
    env = {**os.environ, "PERTURBKIT_CACHE_DIR": str(tmp_path)}
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "False"


# ---------------------------------------------------------------- as_metric / resolve_metric
def test_metric_is_callable_and_has_identity():
    m = Counting()
    assert m(["a b", "c"]) == [2.0, 1.0]
    assert m.identity() == Counting().identity()
    assert "Counting" in m.identity()


def test_as_metric_wraps_callables():
    def f(texts, contexts=None, references=None):
        return [1.0] * len(texts)

    m = as_metric(f, name="ones")
    assert isinstance(m, CallableMetric) and m.name == "ones" and m.batch_size is None
    assert "test_metrics_runner" in m.identity() and "ones" in m.identity()
    assert as_metric(f).identity() != m.identity()
    assert as_metric(f, batch_size=4).batch_size == 4
    assert as_metric(Counting).name == "counting"


def test_callable_identity_changes_when_the_code_does():
    def f(texts, contexts=None, references=None):
        return [1.0] * len(texts)

    def g(texts, contexts=None, references=None):
        return [2.0] * len(texts)

    g.__qualname__ = f.__qualname__
    assert as_metric(f).identity() != as_metric(g).identity()


def test_resolve_builtin_names():
    assert set(BUILTIN_METRICS) == {
        "ngram_repetition",
        "lexical_diversity",
        "bleu",
        "rouge_l",
        "bertscore",
        "coherence",
        "context_relatedness",
        "reference_similarity",
        "perplexity",
        "slor",
    }
    m = resolve_metric("lexical_diversity")
    assert m.name == "lexical_diversity" and m.needs == ()
    assert resolve_metric("bleu").needs == ("reference",)


def test_resolve_unknown_suggests():
    with pytest.raises(MetricError, match="unknown metric 'perplexty'.*Did you mean 'perplexity'"):
        resolve_metric("perplexty")


def test_resolve_module_callable():
    m = resolve_metric("perturbkit.metrics.lexical:LexicalDiversity")  # a class is instantiated
    assert m.name == "lexical_diversity"
    with pytest.raises(MetricError, match="has no attribute"):
        resolve_metric("perturbkit.metrics.lexical:Nope")
    with pytest.raises(MetricError, match="cannot import"):
        resolve_metric("no_such_module_xyz:f")


def test_resolve_file_callable(tmp_path):
    path = tmp_path / "my_metric.py"
    path.write_text(
        textwrap.dedent("""
        def n_chars(texts, contexts=None, references=None):
            return [len(t) for t in texts]
    """)
    )
    m = resolve_metric(f"{path}:n_chars")
    assert MetricRunner(m, cache_dir=False).score(_examples(["abc", "de"])).tolist() == [3.0, 2.0]
    with pytest.raises(MetricError, match="not found"):
        resolve_metric(f"{tmp_path / 'missing.py'}:f")


def test_module_callable_is_found_in_the_current_directory(tmp_path, monkeypatch):
    """As ``python -m`` does: ``--metric mymod:score`` run from the folder holding mymod.py."""
    module = f"pk_cwd_metric_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{module}.py").write_text(
        "def score(texts, contexts=None, references=None):\n    return [7.0] * len(texts)\n"
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    here = {"", ".", os.getcwd(), str(tmp_path)}
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in here])  # a console script's sys.path
    monkeypatch.chdir(elsewhere)
    with pytest.raises(MetricError, match=f"cannot import '{module}'"):  # not in the current directory
        resolve_metric(f"{module}:score")
    monkeypatch.chdir(tmp_path)
    try:
        assert resolve_metric(f"{module}:score")(["a", "b"]) == [7.0, 7.0]
        assert str(tmp_path) in sys.path
    finally:
        sys.modules.pop(module, None)


def test_setup_failure_is_a_metric_error_and_resource_missing_passes_through():
    from perturbkit.resources.errors import ResourceMissing

    class BadLoad(Counting):
        def setup(self):
            raise OSError("weights.bin is corrupt")

    class NotInstalled(Counting):
        def setup(self):
            raise ResourceMissing("the model", "pip install it")

    with pytest.raises(MetricError, match=r"'counting' failed to load in test 't'.*corrupt"):
        MetricRunner(BadLoad(), cache_dir=False).score(_examples(["a"]), test="t")
    with pytest.raises(ResourceMissing, match="pip install it"):
        MetricRunner(NotInstalled(), cache_dir=False).score(_examples(["a"]))


def test_cached_inputs_skip_setup(tmp_path):
    class Lazy(Counting):
        loads = 0

        def setup(self):
            type(self).loads += 1

    exs = _examples(["a b"])
    MetricRunner(Lazy(), cache_dir=tmp_path).score(exs)
    MetricRunner(Lazy(), cache_dir=tmp_path).score(exs)  # all cached: the model is never loaded
    assert Lazy.loads == 1


def test_strings_are_accepted_as_examples():
    assert MetricRunner(Counting(), cache_dir=False).score(["a b", "c"]).tolist() == [2.0, 1.0]
