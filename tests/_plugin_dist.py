"""Two installed plugin distributions, written by the tests into a folder that goes on sys.path.

``toy-plugin`` ships a transform, a metric, a filter, a suite and a reader through the
``perturbkit.*`` entry-point groups; ``broken-plugin`` declares a transform and a metric whose
module raises on import; ``greedy-plugin`` tries to take the built-in metric name ``bleu``. Each is a real distribution (a package plus a ``*.dist-info`` folder
with METADATA and entry_points.txt), so importlib.metadata finds it as pip would have left it."""

from __future__ import annotations

import textwrap
from pathlib import Path

TOY_PACKAGE = '''
"""A perturbkit plugin: a transform, a metric, a filter, a suite and a reader."""

import importlib.resources
from dataclasses import dataclass
from typing import ClassVar

from perturbkit.annotation import Level
from perturbkit.example import Example
from perturbkit.io import Reader
from perturbkit.transform import Change, Effect, Transform


@dataclass(repr=False)
class Shout(Transform):
    """Upper-case the whole story (meaning-preserving)."""

    name = "shout"
    aspect = "surface"
    effect = Effect.PRESERVES
    level: ClassVar[Level] = Level.NONE
    example = "Tom woke up early."

    def apply(self, example, doc, rng):
        if example.text == example.text.upper():
            return None
        return self.rewrite(example, [Change(0, len(example.text), example.text.upper(), "shout")])


def n_lower(texts, contexts=None, references=None):
    """Lower-case letters: shouting lowers it."""
    return [float(sum(c.islower() for c in t)) for t in texts]


def shorter_than(max_chars: int = 100):
    """Keep variants of at most max_chars characters."""
    return lambda original, variant: len(variant.text) <= max_chars


SUITE = importlib.resources.files(__name__) / "shouting.yaml"


def _read_lines(path, columns):
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            if line.strip():
                yield f"{path}:{i}", Example(line.strip(), id=f"{path.stem}-{i}")


LINES = Reader(_read_lines, (".story",))
'''

TOY_SUITE = """\
name: toy_shouting
description: a suite shipped by a plugin
tests:
  - name: shouting
    kind: invariance
    transforms: shout
    filters: [changed, {toy_shorter_than: {max_chars: 500}}]
"""

TOY_ENTRY_POINTS = """\
[perturbkit.transforms]
shout = toy_plugin:Shout

[perturbkit.metrics]
toy_lower = toy_plugin:n_lower

[perturbkit.filters]
toy_shorter_than = toy_plugin:shorter_than

[perturbkit.suites]
toy_shouting = toy_plugin:SUITE

[perturbkit.readers]
toy_lines = toy_plugin:LINES
"""

BROKEN_ENTRY_POINTS = """\
[perturbkit.transforms]
bad_shout = broken_plugin:Shout

[perturbkit.metrics]
bad_metric = broken_plugin:score
"""

GREEDY_ENTRY_POINTS = """\
[perturbkit.metrics]
bleu = toy_plugin:n_lower
"""

MODULES = ("toy_plugin", "broken_plugin")


def _dist(site: Path, name: str, package: str, entry_points: str) -> None:
    info = site / f"{package}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(entry_points, encoding="utf-8")


def write_plugins(site: Path) -> Path:
    """Write both distributions into ``site`` (to be put on sys.path); returns ``site``."""
    pkg = site / "toy_plugin"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(textwrap.dedent(TOY_PACKAGE), encoding="utf-8")
    (pkg / "shouting.yaml").write_text(TOY_SUITE, encoding="utf-8")
    _dist(site, "toy-plugin", "toy_plugin", TOY_ENTRY_POINTS)
    broken = site / "broken_plugin"
    broken.mkdir()
    (broken / "__init__.py").write_text("import perturbkit_missing_dependency_xyz  # not installed\n", encoding="utf-8")
    _dist(site, "broken-plugin", "broken_plugin", BROKEN_ENTRY_POINTS)
    _dist(site, "greedy-plugin", "greedy_plugin", GREEDY_ENTRY_POINTS)  # wants a built-in's name
    return site
