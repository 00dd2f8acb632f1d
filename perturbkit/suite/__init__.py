"""Declarative test suites: the schema (:mod:`.spec`), what each test kind computes
(:mod:`.kinds`) and the runner (:mod:`.runner`).

>>> from perturbkit.suite import Suite, Discrimination, Invariance, load_suite, run_suite
>>> suite = Suite(name="mini", tests=[Discrimination(name="shuffle", transforms="sentence_shuffle")])
>>> suite.tests[0].transforms[0].name
'sentence_shuffle'
"""

from __future__ import annotations

from .runner import generate, run_suite
from .spec import (
    Defaults,
    Directional,
    Discrimination,
    FilterRef,
    HumanCorrelation,
    Invariance,
    Select,
    Suite,
    TransformRef,
    Windows,
    load_suite,
    shipped_suites,
)

__all__ = [
    "Suite",
    "Defaults",
    "Select",
    "Windows",
    "TransformRef",
    "FilterRef",
    "Discrimination",
    "Invariance",
    "Directional",
    "HumanCorrelation",
    "load_suite",
    "run_suite",
    "generate",
    "shipped_suites",
]
