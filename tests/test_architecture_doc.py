"""docs/architecture.md stays a true map: it names every package and module at the top of
perturbkit, and every perturbkit/... path it names exists."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DOC = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")


def test_every_named_path_exists():
    named = set(re.findall(r"perturbkit/[\w/.]+", DOC))
    missing = sorted(p for p in named if not (REPO / p.rstrip("/.")).exists())
    assert named and not missing, f"docs/architecture.md names paths that do not exist: {missing}"


def test_every_top_level_package_and_module_is_on_the_map():
    pkg = REPO / "perturbkit"
    parts = [p for p in pkg.iterdir() if not p.name.startswith(("_", ".")) and p.name != "py.typed"]
    parts = [p for p in parts if (p.is_dir() and (p / "__init__.py").exists()) or p.suffix == ".py"]
    absent = sorted(p.name for p in parts if f"perturbkit/{p.name}" not in DOC)
    assert parts and not absent, f"docs/architecture.md does not say where these live: {absent}"
