"""The command line a new user meets: help, list, typos in names, numbers, Ctrl-C, quiet loading."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from perturbkit.cli import main

REPO = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------- help and list


def test_help_is_for_users(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    out = capsys.readouterr().out
    assert info.value.code == 0
    assert "behavioural tests for story-generation metrics" in out
    for cmd in ("perturbkit list", "perturbkit perturb", "perturbkit run", "perturbkit report", "perturbkit doctor"):
        assert cmd in out
    assert "commands/<name>.py" not in out and "add_parser" not in out  # no developer notes


def test_list_shows_whole_first_sentences_in_plain_text(capsys):
    assert main(["list", "--no-examples"]) == 0
    lines = {ln.split("  ")[0]: ln for ln in capsys.readouterr().out.splitlines() if not ln.startswith(" ")}
    assert "``" not in "\n".join(lines.values()) and "`" not in "\n".join(lines.values())
    assert lines["conceptnet_substitution"].endswith('inflected like the original ("dogs" -> "cats").')
    assert "Replace a share (rate, at least one) of content words" in lines["mask_words"]  # ``rate`` in the docstring
    assert lines["keyword_substitution"].endswith(
        "None when nothing depends on a replaceable word."
    )  # not the next sentence
    assert lines["repeat_sentence"].endswith("(keep_length: the copy replaces the next one).")


@pytest.mark.parametrize(
    "args, expect",
    [
        (["--aspect", "coherance"], "--aspect 'coherance' is not one of: "),
        (["--aspect", "coherance"], "did you mean 'coherence'?"),
        (["--effect", "braks"], "did you mean 'breaks'?"),
    ],
)
def test_list_suggests_the_nearest_aspect_or_effect(capsys, args, expect):
    assert main(["list", "--no-examples", *args]) == 2
    err = capsys.readouterr().err
    assert expect in err and err.count("\n") == 1


def test_list_filters_still_work(capsys):
    assert main(["list", "--no-examples", "--json", "--aspect", "repetition", "--effect", "breaks"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows and {(r["aspect"], r["effect"]) for r in rows} == {("repetition", "breaks")}


def test_a_mistyped_command_or_choice_suggests_the_nearest(capsys):
    assert main(["rnu"]) == 2
    assert "did you mean 'run'?" in capsys.readouterr().err
    assert main(["run", "demo", "--data", "x", "--metric", "m", "--print", "jsn"]) == 2
    assert "did you mean 'json'?" in capsys.readouterr().err


# ---------------------------------------------------------------- numbers


@pytest.mark.parametrize(
    "option, value, message",
    [
        ("--batch-size", "0", "--batch-size: must be at least 1, got 0"),
        ("--batch-size", "-3", "--batch-size: must be at least 1, got -3"),
        ("--batch-size", "two", "--batch-size: expected a whole number, got 'two'"),
        ("--limit", "0", "--limit: must be at least 1, got 0"),
        ("--seed", "1.5", "--seed: expected a whole number, got '1.5'"),
    ],
)
def test_run_numeric_options_are_one_line_errors(tmp_path, capsys, option, value, message):
    code = main(["run", "demo", "--data", str(tmp_path / "d.jsonl"), "--metric", "lexical_diversity", option, value])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("perturbkit run: error: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_report_max_failures_must_not_be_negative(tmp_path, capsys):
    assert main(["report", str(tmp_path / "r.json"), "--max-failures", "-1"]) == 2
    assert "--max-failures: must be 0 or more, got -1" in capsys.readouterr().err


# ---------------------------------------------------------------- Ctrl-C


def test_ctrl_c_in_run_is_one_line_and_exit_130(tmp_path, monkeypatch, capsys):
    import perturbkit.suite

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(perturbkit.suite, "run_suite", interrupted)
    data = tmp_path / "d.jsonl"
    data.write_text('{"id": "a", "text": "Tom ran. He fell. He got up."}\n')
    cache = tmp_path / "scores"
    code = main(["run", "demo", "--data", str(data), "--metric", "lexical_diversity", "--cache-dir", str(cache)])
    err = capsys.readouterr().err
    assert code == 130 and err.count("\n") == 1
    assert err.startswith("perturbkit run: interrupted;") and str(cache) in err and "run the same command again" in err
    code = main(["run", "demo", "--data", str(data), "--metric", "lexical_diversity", "--no-cache"])
    assert code == 130 and "nothing was saved (--no-cache)" in capsys.readouterr().err


def test_ctrl_c_in_perturb_says_the_output_was_not_written(tmp_path, monkeypatch, capsys):
    import perturbkit.io

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(perturbkit.io, "read_examples", interrupted)
    out = tmp_path / "v.jsonl"
    assert main(["perturb", "typos", "-i", str(tmp_path / "d.jsonl"), "-o", str(out)]) == 130
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{out} was not written" in err and not out.exists()


SLOW_METRIC = """\
import os, time

def score(texts, contexts=None, references=None):
    with open(os.environ["PK_TEST_LOG"], "a") as f:
        f.write(f"{len(texts)}\\n")
    if os.environ.get("PK_TEST_SLOW"):
        time.sleep(0.4)
    return [float(len(t)) for t in texts]
"""


def _as_from_a_shell() -> None:
    """In the child before exec: SIGINT delivered and at its default, as a shell starts a command
    (a test worker may have SIGINT ignored or blocked, which the child would inherit)."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.subprocess
def test_sigint_during_scoring_prints_one_line_and_the_next_run_resumes(tmp_path):
    data = tmp_path / "d.jsonl"
    data.write_text(
        "".join(
            json.dumps({"id": f"s{i}", "text": f"Story {i} starts here. Then it goes on for a while. It ends."}) + "\n"
            for i in range(40)  # dozens of 0.4 s calls: the signal lands mid-run on a loaded machine
        )
    )
    suite = tmp_path / "s.yaml"
    suite.write_text("name: s\ntests: [{name: t, kind: invariance, transforms: typos}]\n")
    (tmp_path / "slow.py").write_text(SLOW_METRIC)
    log = tmp_path / "calls.log"
    cmd = [sys.executable, "-m", "perturbkit", "run", str(suite), "--data", str(data), "--metric"]
    cmd += [f"{tmp_path / 'slow.py'}:score", "--batch-size", "2", "--cache-dir", str(tmp_path / "cache")]
    cmd += ["--no-progress", "--print", "none", "--no-fail"]  # the verdict is not what is tested here
    env = dict(os.environ, PK_TEST_LOG=str(log), PK_TEST_SLOW="1", PERTURBKIT_CACHE_DIR=str(tmp_path / "pk"))
    proc = subprocess.Popen(
        cmd,
        env=env,
        cwd=REPO,
        stderr=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=_as_from_a_shell,
    )
    try:
        deadline = time.monotonic() + 240
        while not (log.exists() and len(log.read_text().split()) >= 3):
            assert proc.poll() is None, proc.communicate()[1]
            assert time.monotonic() < deadline, "scoring never started"
            time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert "Traceback" not in err and err.count("\n") == 1
    assert "interrupted; the scores computed so far are saved in" in err and "run the same command again" in err
    first = [int(x) for x in log.read_text().split()]
    env.pop("PK_TEST_SLOW")
    done = subprocess.run(cmd, env=env, cwd=REPO, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    resumed = sum(int(x) for x in log.read_text().split()[len(first) :])
    fresh_log = tmp_path / "fresh.log"
    fresh = [*cmd[: cmd.index("--cache-dir") + 1], str(tmp_path / "fresh-cache"), *cmd[cmd.index("--cache-dir") + 2 :]]
    assert subprocess.run(fresh, env=dict(env, PK_TEST_LOG=str(fresh_log)), cwd=REPO, timeout=240).returncode == 0
    everything = sum(int(x) for x in fresh_log.read_text().split())
    # the batches committed before the signal (all calls but the interrupted one) were not redone
    assert resumed == everything - 2 * (len(first) - 1) and resumed < everything


# ---------------------------------------------------------------- quiet model loading


@pytest.fixture
def chatty_loader(monkeypatch):
    """transformers' from_pretrained replaced by one that warns and draws progress bars the way a
    GGUF load does (its logger, its own tqdm, the GGUF converter's tqdm), recording the switches."""
    transformers = pytest.importorskip("transformers")
    import transformers.modeling_gguf_pytorch_utils as gguf_utils
    from transformers.utils import logging as hf_logging

    seen: list[tuple[int, bool]] = []

    class Fake:
        def eval(self):
            return self

        def to(self, device):
            return self

    def from_pretrained(*args, **kwargs):
        seen.append((hf_logging.get_verbosity(), hf_logging.is_progress_bar_enabled()))
        hf_logging.get_logger("transformers.models.llama").warning("You are using the default legacy behaviour")
        for _ in gguf_utils.tqdm(range(3), desc="Converting and de-quantizing GGUF tensors..."):
            pass
        for _ in hf_logging.tqdm(range(3), desc="Loading checkpoint shards"):
            pass
        return Fake()

    monkeypatch.setattr(transformers.AutoModelForCausalLM, "from_pretrained", from_pretrained)
    monkeypatch.setattr(transformers.AutoTokenizer, "from_pretrained", from_pretrained)
    # transformers' handler keeps the stderr of the moment it was made; when an earlier test in this
    # process made it under another capture, its warnings go there: point it at the process's fd 2
    hf_logging.get_logger("transformers.models.llama")  # the library's handler exists from here
    for handler in logging.getLogger("transformers").handlers:
        if type(handler) is logging.StreamHandler:  # not pytest's capture handlers (subclasses)
            monkeypatch.setattr(handler, "stream", sys.__stderr__)  # fd 2, which capfd captures
    return seen, gguf_utils, hf_logging


def test_quiet_models_silences_loading_and_restores_the_switches(tmp_path, capfd, chatty_loader):
    from perturbkit.resources import models

    seen, gguf_utils, hf_logging = chatty_loader
    before = (hf_logging.get_verbosity(), hf_logging.is_progress_bar_enabled(), gguf_utils.tqdm)
    (tmp_path / "loud").mkdir()
    (tmp_path / "quiet").mkdir()
    try:
        models.load_causal_lm(str(tmp_path / "loud"), device="cpu")
        loud = capfd.readouterr().err
        with models.quiet_models():
            models.load_causal_lm(str(tmp_path / "quiet"), device="cpu")
        quiet = capfd.readouterr().err
    finally:
        models.clear_models()
    assert "legacy behaviour" in loud and "GGUF tensors" in loud  # the fake really is chatty
    assert quiet == ""
    assert seen[-1] == (hf_logging.ERROR, False)  # what the load saw inside the block
    assert (hf_logging.get_verbosity(), hf_logging.is_progress_bar_enabled(), gguf_utils.tqdm) == before


def test_the_runner_loads_quietly_when_progress_is_off(capfd, chatty_loader, tmp_path):
    from perturbkit.example import Example
    from perturbkit.metrics.base import Metric
    from perturbkit.metrics.runner import MetricRunner
    from perturbkit.resources import models

    class Loading(Metric):
        name = "loading"

        def __init__(self, path):
            self.path = path

        def setup(self):
            models.load_causal_lm(self.path, device="cpu")

        def score_batch(self, texts, contexts=None, references=None):
            return [1.0] * len(texts)

    (tmp_path / "m1").mkdir()
    (tmp_path / "m2").mkdir()
    try:
        MetricRunner(Loading(str(tmp_path / "m1")), cache_dir=False, progress=False).score([Example("a")])
        assert capfd.readouterr().err == ""
        MetricRunner(Loading(str(tmp_path / "m2")), cache_dir=False, progress=True).score([Example("a")])
        assert "legacy behaviour" in capfd.readouterr().err
    finally:
        models.clear_models()
