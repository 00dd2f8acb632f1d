"""`evaluate:PATH` and `sentence-transformers:PATH` metrics, on modules and a tiny encoder the tests
build (nothing is downloaded)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import _tiny_models
import pytest

from perturbkit.errors import MetricError
from perturbkit.example import Example
from perturbkit.metrics import resolve_metric
from perturbkit.metrics.runner import MetricRunner

_HEADER = """\
import datasets
import evaluate


class {cls}(evaluate.Metric):
    def _info(self):
        return evaluate.MetricInfo(
            description="test", citation="", inputs_description="",
            features=datasets.Features({features}),
        )

    def _compute(self, predictions{refs}):
"""

MODULES = {
    # one number per story, plus a corpus mean: the list is the score
    "word_count": (
        "WordCount",
        '{"predictions": datasets.Value("string")}',
        "",
        'n = [len(p.split()) for p in predictions]\nreturn {"words": n, "mean": sum(n) / len(n)}',
    ),
    # corpus-level only: perturbkit calls it once per story
    "total_chars": (
        "TotalChars",
        '{"predictions": datasets.Value("string")}',
        "",
        'return {"chars": sum(map(len, predictions))}',
    ),
    # two per-story lists: key= must choose
    "two_lists": (
        "TwoLists",
        '{"predictions": datasets.Value("string")}',
        "",
        'return {"a": [1.0] * len(predictions), "b": [len(p) for p in predictions]}',
    ),
    # needs references: the share of the reference's words the story has
    "overlap": (
        "Overlap",
        '{"predictions": datasets.Value("string"), "references": datasets.Value("string")}',
        ", references",
        "out = []\nfor p, r in zip(predictions, references):\n"
        "    rw = set(r.split())\n    out.append(len(rw & set(p.split())) / max(1, len(rw)))\n"
        'return {"overlap": out}',
    ),
}


@pytest.fixture(scope="module")
def modules(tmp_path_factory) -> Path:
    pytest.importorskip("evaluate")
    root = tmp_path_factory.mktemp("evaluate-modules")
    for name, (cls, features, refs, body) in MODULES.items():
        folder = root / name
        folder.mkdir()
        code = _HEADER.format(cls=cls, features=features, refs=refs) + textwrap.indent(body, " " * 8) + "\n"
        (folder / f"{name}.py").write_text(code)
    return root


def test_evaluate_per_story_list(modules):
    m = resolve_metric(f"evaluate:{modules / 'word_count'}")
    assert m.name == f"evaluate:{modules / 'word_count'}"
    assert m(["a b c", "d e", "f"]) == [3.0, 2.0, 1.0]


def test_evaluate_corpus_only_module_is_called_per_story(modules):
    m = resolve_metric(f"evaluate:{modules / 'total_chars'}")
    assert m(["abc", "de"]) == [3.0, 2.0]  # not 5.0 twice


def test_evaluate_key_chooses_and_lower_is_better_negates(modules):
    with pytest.raises(MetricError, match=r"several per-story results \['a', 'b'\]: choose one with key="):
        resolve_metric(f"evaluate:{modules / 'two_lists'}")(["x"])
    m = resolve_metric(f"evaluate:{modules / 'two_lists'}", key="b", lower_is_better=True)
    assert m(["xyz", "x"]) == [-3.0, -1.0]
    with pytest.raises(MetricError, match=r"no result 'c' \(results: \['a', 'b'\]\)"):
        resolve_metric(f"evaluate:{modules / 'two_lists'}", key="c")(["x"])


def test_evaluate_references(modules, tmp_path):
    spec = f"evaluate:{modules / 'overlap'}"
    with pytest.raises(MetricError, match="needs references: give references=true"):
        resolve_metric(spec)(["a b"])
    m = resolve_metric(spec, references=True)
    assert m.needs == ("reference",) and m.uses == ("reference",)
    assert m(["a b", "c"], references=["a b c d", "c"]) == [0.5, 1.0]
    runner = MetricRunner(m, cache_dir=tmp_path)
    with pytest.raises(MetricError, match=r"needs a reference but 1 of 2 examples .*ids: .*s2"):
        runner.score([Example("a b", id="s1", reference="a"), Example("c", id="s2")])
    assert runner.score([Example("a b", id="s1", reference="a x")]).tolist() == [0.5]


def test_evaluate_module_writes_only_to_the_cache_dir(modules):
    import evaluate

    from perturbkit.resources.config import cache_dir

    resolve_metric(f"evaluate:{modules / 'word_count'}")(["a"])
    assert any((cache_dir("evaluate") / "modules").rglob("word_count.py"))
    default = Path(evaluate.config.HF_MODULES_CACHE)  # where evaluate would import it by itself
    assert not (default.exists() and any(default.rglob("word_count.py")))


def test_evaluate_missing_module_names_it(modules):
    with pytest.raises(MetricError, match="cannot load evaluate module .*nowhere"):
        resolve_metric(f"evaluate:{modules / 'nowhere'}")(["a"])
    with pytest.raises(MetricError, match="names no model or module"):
        resolve_metric("evaluate:")


@pytest.fixture(scope="module")
def encoder(tmp_path_factory) -> str:
    pytest.importorskip("sentence_transformers")
    return _tiny_models.sentence_encoder(tmp_path_factory.mktemp("st"))


def test_sentence_transformers_against_reference_context_sentences(encoder):
    ref = resolve_metric(f"sentence-transformers:{encoder}", device="cpu")
    assert ref.needs == ("reference",) and ref.name == f"sentence-transformers:{encoder}"
    same, other = ref(["the cat sat .", "the cat sat ."], references=["the cat sat .", "a storm hit the town ."])
    assert same == pytest.approx(1.0, abs=1e-5) and other < same
    ctx = resolve_metric(f"sentence-transformers:{encoder}", against="context", device="cpu")
    assert ctx.needs == ("context",)
    assert ctx(["the cat sat ."], contexts=["the cat sat ."])[0] == pytest.approx(1.0, abs=1e-5)
    coh = resolve_metric(f"sentence-transformers:{encoder}", against="sentences", device="cpu")
    assert coh(["One line only."]) == [0.0]
    assert -1.0 <= coh(["The cat sat. The cat sat."])[0] <= 1.0 + 1e-6


def test_sentence_transformers_bad_parameters(encoder):
    with pytest.raises(MetricError, match=r"bad parameters .*against='story' is not one of 'reference'"):
        resolve_metric(f"sentence-transformers:{encoder}", against="story")
    with pytest.raises(MetricError, match="bad parameters"):
        resolve_metric(f"sentence-transformers:{encoder}", colour="red")
