"""docs/writing-a-transform.md runs as written: its plugin modules are executed as the modules
they name (``# my_plugin/transforms.py``), its tests are run, and the generative example works
on a tiny model."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "writing-a-transform.md"


def _blocks() -> dict[str, str]:
    """Python blocks by the file their first line names."""
    out = {}
    for code in re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S):
        first = code.splitlines()[0]
        assert first.startswith("# "), f"a python block must start with the file it is: {first!r}"
        out[first[2:].strip()] = code
    return out


BLOCKS = _blocks()


@pytest.fixture
def plugin(monkeypatch):
    """The doc's ``my_plugin`` package, its modules executed from the doc."""
    pkg = types.ModuleType("my_plugin")
    pkg.__path__ = []
    monkeypatch.setitem(sys.modules, "my_plugin", pkg)
    for path, code in BLOCKS.items():
        if path.startswith("my_plugin/"):
            name = "my_plugin." + Path(path).stem
            mod = types.ModuleType(name)
            monkeypatch.setitem(sys.modules, name, mod)
            exec(compile(code, f"{DOC.name}:{path}", "exec"), mod.__dict__)
            setattr(pkg, Path(path).stem, mod)
    return pkg


def test_the_doc_has_the_blocks_it_promises():
    assert {"my_plugin/transforms.py", "tests/test_double_word.py", "tests/test_double_word_conforms.py"} <= set(BLOCKS)
    lines = [ln for ln in BLOCKS["my_plugin/transforms.py"].splitlines() if ln.strip()]
    assert len(lines) <= 30  # "a transform in 25 lines", give or take the imports
    assert '[project.entry-points."perturbkit.transforms"]' in DOC.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", ["tests/test_double_word.py", "tests/test_double_word_conforms.py"])
def test_the_doc_tests_pass(plugin, path, annotator):
    ns: dict = {}
    exec(compile(BLOCKS[path], f"{DOC.name}:{path}", "exec"), ns)
    tests = [f for name, f in ns.items() if name.startswith("test_")]
    assert tests
    for test in tests:
        test()


def test_the_doc_transform_is_not_registered_but_works_by_entry_point(plugin, tmp_path, monkeypatch):
    """The doc's plugin as pip leaves it: a distribution whose entry point names the class."""
    import _plugin_dist

    from perturbkit import registry as pk_registry
    from perturbkit.transform import get_transform, registry

    assert "double_word" not in registry()
    site = tmp_path / "site"
    _plugin_dist._dist(
        site, "my-plugin", "my_plugin", "[perturbkit.transforms]\ndouble_word = my_plugin.transforms:DoubleWord\n"
    )
    monkeypatch.syspath_prepend(str(site))
    with pk_registry.scoped():
        assert get_transform("double_word", min_length=5)("He went home after school.", seed=0).text == (
            "He went home after after school."
        )
    assert "double_word" not in registry()


@pytest.mark.torch
def test_the_generative_example_runs_on_a_tiny_model(plugin, tmp_path, annotator):
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    import _tiny_models as tiny

    from perturbkit.testing import check_transform

    path = tiny.gpt2(tmp_path / "gpt2")
    t = plugin.paraphrase.SentenceParaphrase(model=path, max_new_tokens=6)
    story = "Tom went home. He was tired. He slept."
    out = t(story, seed=0, annotator=annotator)
    assert out is not None and out.edits[0].before in {"Tom went home.", "He was tired.", "He slept."}
    assert t.counts["model_calls"] == 1
    check_transform(t, max_examples=5, annotator=annotator)
