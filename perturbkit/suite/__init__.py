"""Declarative test suites: the schema (:mod:`.spec`), what each test kind computes and how it is
judged (:mod:`perturbkit.kinds`, shared with the reports) and the runner (:mod:`.runner`); the
decoupled workflow: cases files (:mod:`.cases`), scoring them (:mod:`.scoring`) and reports from
scores files (:mod:`.scores`).

>>> from perturbkit.suite import Suite, Discrimination, Invariance, load_suite, run_suite
>>> suite = Suite(name="mini", tests=[Discrimination(name="shuffle", transforms="sentence_shuffle")])
>>> suite.tests[0].transforms[0].name
'sentence_shuffle'

Names are imported on first use, so importing one part does not load the others. The kinds live
in ``perturbkit.kinds``, below both: the runner builds reports, and reports read the kinds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_exports

if TYPE_CHECKING:
    from .cases import generate_cases, read_cases
    from .runner import generate, run_suite
    from .scores import read_scores, report_from_scores
    from .scoring import score_cases
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

_LAZY = {
    "Suite": "spec",
    "Defaults": "spec",
    "Select": "spec",
    "Windows": "spec",
    "TransformRef": "spec",
    "FilterRef": "spec",
    "Discrimination": "spec",
    "Invariance": "spec",
    "Directional": "spec",
    "HumanCorrelation": "spec",
    "load_suite": "spec",
    "shipped_suites": "spec",
    "run_suite": "runner",
    "generate": "runner",
    "generate_cases": "cases",
    "read_cases": "cases",
    "score_cases": "scoring",
    "read_scores": "scores",
    "report_from_scores": "scores",
}

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
    "generate_cases",
    "score_cases",
    "report_from_scores",
    "read_cases",
    "read_scores",
    "shipped_suites",
]

__getattr__, __dir__ = lazy_exports(__name__, _LAZY)
