"""Output paths: never the input, never a directory, checked before any work; writes go through
symbolic links and straight to devices and pipes (perturbkit.outputs)."""

from __future__ import annotations

import json
import os
import stat
import threading

import pytest

from perturbkit.cli import main
from perturbkit.errors import OutputError
from perturbkit.outputs import atomic_open, check_output_dir, check_output_paths

STORIES = "".join(
    json.dumps({"id": f"s{i}", "text": t}) + "\n"
    for i, t in enumerate(["Tom woke up. He ate. He left.", "Ann ran home. She slept. It rained."])
)


@pytest.fixture
def data(tmp_path):
    p = tmp_path / "stories.jsonl"
    p.write_text(STORIES, encoding="utf-8")
    return p


# ---------------------------------------------------------------- the writer


def test_atomic_open_writes_through_a_symlink_and_keeps_it(tmp_path):
    target = tmp_path / "real.txt"
    target.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    with atomic_open(link) as f:
        f.write("new")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == "new"


def test_atomic_open_writes_through_a_dangling_symlink(tmp_path):
    link = tmp_path / "link.txt"
    link.symlink_to(tmp_path / "sub" / "made.txt")
    with atomic_open(link) as f:
        f.write("x")
    assert link.is_symlink() and (tmp_path / "sub" / "made.txt").read_text() == "x"


def test_atomic_open_keeps_the_replaced_files_permissions(tmp_path):
    p = tmp_path / "f.txt"
    p.write_text("old")
    p.chmod(0o640)
    with atomic_open(p) as f:
        f.write("new")
    assert stat.S_IMODE(p.stat().st_mode) == 0o640 and p.read_text() == "new"


def test_atomic_open_writes_a_fifo_directly(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    with atomic_open(fifo) as f:
        f.write("through the pipe")
    reader.join(timeout=30)
    assert got == ["through the pipe"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)  # still a FIFO, not replaced by a regular file


def test_atomic_open_writes_a_character_device_without_replacing_it():
    before = os.stat("/dev/null")
    with atomic_open("/dev/null") as f:
        f.write("discarded")
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino


def test_atomic_open_refuses_a_directory(tmp_path):
    with pytest.raises(OutputError, match="is a directory"):
        with atomic_open(tmp_path) as f:
            f.write("x")


def test_a_failed_write_leaves_the_old_file_and_no_temp_file(tmp_path):
    p = tmp_path / "f.txt"
    p.write_text("old")
    with pytest.raises(RuntimeError):
        with atomic_open(p) as f:
            f.write("half")
            raise RuntimeError("crash")
    assert p.read_text() == "old" and os.listdir(tmp_path) == ["f.txt"]


# ---------------------------------------------------------------- the checks


def test_check_output_paths_refuses_the_input_also_through_links(tmp_path, data):
    with pytest.raises(OutputError, match=r"--out .* is the input file \(--data\)"):
        check_output_paths({"--data": data}, {"--out": data})
    link = tmp_path / "alias.jsonl"
    link.symlink_to(data)
    with pytest.raises(OutputError, match="is the input file"):
        check_output_paths({"--data": data}, {"--out": link})
    hard = tmp_path / "hard.jsonl"
    os.link(data, hard)
    with pytest.raises(OutputError, match="is the input file"):
        check_output_paths([data], [hard])


def test_check_output_paths_refuses_two_outputs_on_one_file(tmp_path):
    with pytest.raises(OutputError, match="--html .* is also given to --out"):
        check_output_paths({}, {"--out": tmp_path / "r", "--html": tmp_path / "r"})


def test_check_output_paths_refuses_directories_and_unmakeable_folders(tmp_path, data):
    with pytest.raises(OutputError, match="is a directory"):
        check_output_paths({}, {"--out": tmp_path})
    with pytest.raises(OutputError, match="Not a directory|is not a directory"):
        check_output_paths({}, {"--out": data / "report.json"})  # a parent that is a file
    check_output_paths({"--data": data}, {"--out": tmp_path / "new" / "deeper" / "r.json", "--html": None})
    check_output_paths({}, {"--out": "/dev/null"})


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_check_output_paths_refuses_a_read_only_folder(tmp_path):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        with pytest.raises(OutputError, match="not writable"):
            check_output_paths({}, {"--out": ro / "r.json"})
    finally:
        ro.chmod(0o755)


def test_check_output_dir(tmp_path, data):
    check_output_dir(tmp_path / "will" / "be" / "made")
    with pytest.raises(OutputError, match="is a file, not a folder"):
        check_output_dir(data, "--cache-dir")


# ---------------------------------------------------------------- every command, before any work


def test_perturb_output_equal_to_input_is_refused_and_the_input_survives(data, capsys):
    assert main(["perturb", "sentence_shuffle", "-i", str(data), "-o", str(data)]) == 2
    assert "--output" in capsys.readouterr().err and data.read_text(encoding="utf-8") == STORIES


def test_run_out_or_html_equal_to_data_is_refused(data, capsys):
    for opt in ("--out", "--html", "--junit"):
        code = main(["run", "demo", "--data", str(data), "--metric", "lexical_diversity", opt, str(data)])
        assert code == 2 and f"{opt} {data} is the input file (--data)" in capsys.readouterr().err
        assert data.read_text(encoding="utf-8") == STORIES


def test_run_suite_file_as_output_is_refused(tmp_path, data, capsys):
    suite = tmp_path / "s.yaml"
    suite.write_text("name: s\ntests: [{name: a, kind: discrimination, transforms: sentence_shuffle}]\n")
    code = main(["run", str(suite), "--data", str(data), "--metric", "lexical_diversity", "--out", str(suite)])
    assert code == 2 and "is the input file (SUITE)" in capsys.readouterr().err
    assert suite.read_text().startswith("name: s")


@pytest.mark.parametrize("opt", ["--html", "--junit"])
def test_report_output_equal_to_the_report_is_refused(tmp_path, capsys, opt):
    rep = tmp_path / "r.json"
    rep.write_text('{"suite": "x", "tests": []}')
    assert main(["report", str(rep), opt, str(rep)]) == 2
    assert "is the input file (REPORT.json)" in capsys.readouterr().err and rep.read_text().startswith("{")


@pytest.mark.parametrize("opt", ["--out", "--html", "--junit"])
def test_run_checks_outputs_before_reading_data_or_loading_anything(tmp_path, capsys, opt):
    # the data file does not exist and the metric is not importable: the output is still the
    # first (and only) complaint, so nothing was read or loaded before it
    code = main(["run", "demo", "--data", str(tmp_path / "missing.jsonl"), "--metric", "nope:nope", opt, str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and "is a directory" in err and "missing.jsonl" not in err


def test_run_refuses_a_cache_dir_that_is_a_file(data, capsys):
    code = main(["run", "demo", "--data", str(data), "--metric", "lexical_diversity", "--cache-dir", str(data)])
    err = capsys.readouterr().err
    assert code == 2 and f"--cache-dir {data} is a file, not a folder" in err and "Traceback" not in err


def test_perturb_to_a_symlink_writes_its_target(tmp_path, data):
    target = tmp_path / "variants.jsonl"
    link = tmp_path / "latest.jsonl"
    link.symlink_to(target)
    assert main(["perturb", "sentence_shuffle", "-i", str(data), "-o", str(link)]) == 0
    assert link.is_symlink() and len(target.read_text().splitlines()) == 2
