"""The docs match the code: the commands and snippets they show are run here and compared."""

from __future__ import annotations

import contextlib
import importlib
import io
import re
from pathlib import Path

import pytest
import tomllib

from perturbkit import registry
from perturbkit.cli import main

REPO = Path(__file__).resolve().parent.parent
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]


def _text(name: str) -> str:
    return (REPO / name).read_text(encoding="utf-8")


def _block_after(text: str, marker: str, lang: str = "") -> str:
    """The first fenced code block (of ``lang``, any when empty) that holds ``marker`` or comes
    after it. Fences are paired in order, so a closing fence is never read as an opening one."""
    at = text.index(marker)
    fences = list(re.finditer(r"^```(\w*)\n", text, re.M))
    for opening, closing in zip(fences[::2], fences[1::2]):
        if closing.end() > at and (not lang or opening.group(1) == lang):
            return text[opening.end() : closing.start()]
    raise AssertionError(f"no code block after {marker!r}")


def test_doctor_output_in_the_docs_is_what_doctor_prints(capsys):
    block = _block_after(_text("docs/resources.md"), "$ perturbkit doctor", "console")
    from perturbkit.resources.status import resource_status

    documented = re.findall(r"^  \[(?:ok|--)\] (\w+)", block, re.M)
    assert set(documented) == set(resource_status())
    n = len(registry.transforms.all())
    assert f"Transforms: {n} of {n} usable" in block
    main(["doctor"])
    out = capsys.readouterr().out
    headers = [ln for ln in block.splitlines() if ln and not ln.startswith((" ", "$"))]
    printed = [ln for ln in out.splitlines() if ln and not ln.startswith(" ")]
    assert [h.split(":")[0] for h in headers] == [p.split(":")[0] for p in printed]


def test_the_metrics_make_demo_uses_are_the_documented_ones():
    make = _text("Makefile")
    recipe = make[make.index("\ndemo:") :].split("\n\n")[0]
    used = re.findall(r"--metric (\w+)", recipe)
    sentence = re.search(r"`make demo` runs (.*?)\.", " ".join(_text("docs/metrics.md").split()))
    assert sentence and used and sorted(re.findall(r"`(\w+)`", sentence.group(1))) == sorted(used)


def test_the_metric_runner_snippet_runs(monkeypatch):
    code = _block_after(_text("docs/metrics.md"), "## The runner", "python")
    monkeypatch.chdir(REPO)
    ns: dict = {}
    exec(compile(code, "docs/metrics.md", "exec"), ns)
    assert len(ns["scores"]) == len(ns["examples"]) == 70 and ns["runner"].stats.n_computed == 70


def test_the_readme_quick_start_prints_what_it_says():
    code = _block_after(_text("README.md"), "## Quick start", "python")
    expected = re.search(r"print\(v\.text\)\s+# (.*)", code).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    assert out.getvalue().splitlines()[0] == expected


# entry-point group names (not modules) and the pytest fixture's methods (``perturbkit.score``)
NOT_MODULES = {"perturbkit.suites", "perturbkit.recipes", "perturbkit.score", "perturbkit.assert_decreases"}
NOT_MODULES |= {"perturbkit.assert_suite", "perturbkit.plot_transforms"}


@pytest.mark.parametrize("doc", DOCS, ids=[d.name for d in DOCS])
def test_docs_mention_only_modules_and_names_that_exist(doc):
    missing = []
    for dotted in sorted(set(re.findall(r"`(perturbkit(?:\.\w+)+)", doc.read_text(encoding="utf-8")))):
        if dotted in NOT_MODULES:
            continue
        parts = dotted.split(".")
        for i in range(len(parts), 0, -1):
            try:
                obj = importlib.import_module(".".join(parts[:i]))
                break
            except ImportError:
                continue
        for part in parts[i:]:
            if not hasattr(obj, part):
                missing.append(dotted)
                break
            obj = getattr(obj, part)
    assert not missing, f"{doc.name} names what does not exist: {missing}"


@pytest.mark.parametrize("doc", DOCS, ids=[d.name for d in DOCS])
def test_install_commands_name_real_extras_and_work_from_a_checkout(doc):
    extras = set(tomllib.loads(_text("pyproject.toml"))["project"]["optional-dependencies"])
    for line in doc.read_text(encoding="utf-8").splitlines():
        for extra in re.findall(r"pip install -e ['\"]?\.\[(\w+)\]", line):
            assert extra in extras, f"{doc.name}: no extra {extra!r}: {line}"
        if re.search(r"pip install ['\"]perturbkit\[", line):  # not on PyPI: only quoted code messages
            assert "install it with:" in line, f"{doc.name}: perturbkit is not on PyPI: {line}"


def test_the_suites_doc_table_is_a_real_run(monkeypatch):
    from perturbkit.io import read_examples
    from perturbkit.suite import load_suite, run_suite

    block = _block_after(_text("docs/suites.md"), "## Reading the tables")
    documented = [ln for ln in block.splitlines() if ln.startswith("| ") and not ln.startswith("| :")]
    monkeypatch.chdir(REPO)
    report = run_suite(
        load_suite("demo"),
        read_examples("examples/stories.jsonl"),
        ["ngram_repetition", "lexical_diversity"],
        seed=0,
        cache_dir=False,
        progress=False,
    )
    printed = [ln for ln in report.to_markdown(details=False).splitlines() if ln.startswith("| ")]
    assert documented == [ln for ln in printed if not ln.startswith("| :")]
