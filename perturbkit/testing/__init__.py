"""Testing a metric's robustness in a test suite: hypothesis strategies (:mod:`.strategies`),
assertions on one pair (:mod:`.assertions`), checks of a whole suite report
(:mod:`.suite_checks`) and the shared kit the pytest plugin hands out (:mod:`.kit`).

    from hypothesis import given
    from perturbkit.testing import assert_decreases, assert_invariant, perturbed

    @given(perturbed("sentence_shuffle"))
    def test_my_metric_notices_shuffled_sentences(pair):
        assert_decreases(my_metric, pair)

    @given(perturbed("typos"))
    def test_my_metric_ignores_a_typo(pair):
        assert_invariant(my_metric, pair, tol=0.05)

Assertions fail with the original, the variant, the edits and both scores; ``assert_suite``
fails when a test of a suite report fails its verdict. See docs/property-testing.md.
hypothesis is imported only by the strategy functions, so the assertions work without it.
"""

from __future__ import annotations

from .assertions import assert_decreases, assert_invariant
from .conformance import check_transform
from .kit import Kit, default_kit
from .pairs import Pair, RobustnessFailure, as_pair
from .strategies import (
    NoVariants,
    load_stories,
    perturbations,
    perturbed,
    sample_stories,
    stories,
    variants_by_story,
)
from .suite_checks import THRESHOLDS, Check, SuiteCheckFailure, assert_suite, check_suite, format_checks

__all__ = [
    "Pair",
    "Check",
    "NoVariants",
    "RobustnessFailure",
    "SuiteCheckFailure",
    "THRESHOLDS",
    "sample_stories",
    "load_stories",
    "stories",
    "perturbed",
    "perturbations",
    "variants_by_story",
    "as_pair",
    "assert_invariant",
    "assert_decreases",
    "assert_suite",
    "check_suite",
    "format_checks",
    "Kit",
    "default_kit",
    "check_transform",
]
