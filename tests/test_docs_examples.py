"""The before/after tables in docs/transforms.md are real outputs: each row is re-run here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from perturbkit.transform import get_transform

DOC = Path(__file__).resolve().parent.parent / "docs" / "transforms.md"


def _rows():
    section, header = None, None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^### `(\w+)`", line)
        if m:
            section, header = m.group(1), None
            continue
        if line.startswith("| input (seed 0) |"):
            header = [c.strip() for c in line.strip("|").split("|")]
            continue
        if header and line.startswith("|") and not set(line) <= set("|-: "):
            cells = [c.strip() for c in line.strip("|").split("|")]
            row = dict(zip(header, cells))
            if row["input (seed 0)"].startswith("same"):
                continue  # "same, with a parameter": not self-contained
            yield pytest.param(section, row, id=f"{section}:{row['input (seed 0)'][:30]}")
        elif header and not line.startswith("|"):
            header = None


ROWS = list(_rows())


def test_docs_have_example_tables():
    assert len(ROWS) >= 6


@pytest.mark.parametrize("name,row", ROWS)
def test_documented_output_is_what_the_transform_gives(name, row, annotator):
    params = {"direction": row["direction"]} if "direction" in row else {}
    text = row["input (seed 0)"].replace("⏎", "\n")
    out = get_transform(name, **params)(text, seed=0, annotator=annotator)
    assert out is not None and out.text == row["output"].replace("⏎", "\n")
