"""CheckList Perturb functions by name (``checklist:<function>``): golden outputs (string and parse
based), None when unchanged, determinism, no global random trace, replayable edits, conformance, and
use in a suite. Skipped without the ``checklist`` extra."""

from __future__ import annotations

import pytest

pytest.importorskip("checklist")

from _external_checks import STORY, augment_by_name, check_adapted  # noqa: E402

from perturbkit.annotation import Level  # noqa: E402
from perturbkit.testing import check_transform  # noqa: E402
from perturbkit.transform import Effect, UnknownTransform, get_transform, transform_class  # noqa: E402


@pytest.mark.parametrize(
    "name,params,seed,expected",
    [
        (
            "checklist:add_typos",
            {"typos": 2},
            0,
            "Tom walked to the store. He bought bread, milk and eggs. Then he ewnth ome.",
        ),
        (
            "checklist:add_typos",
            {"typos": 2},
            1,
            "Tom walked to the store. eH bought bread, milk and eggs. hTen he went home.",
        ),
        (
            "checklist:add_negation",
            {},
            0,
            "Tom didn't walk to the store. He bought bread, milk and eggs. Then he went home.",
        ),
        (
            "checklist:change_names",
            {},
            0,
            "Kenneth walked to the store. He bought bread, milk and eggs. Then he went home.",
        ),
    ],
)
def test_golden_outputs(name, params, seed, expected):
    assert get_transform(name, **params)(STORY, seed=seed).text == expected


def test_golden_edits_of_a_parse_based_function():
    out = get_transform("checklist:add_negation")(STORY, seed=0)
    assert [(e.before_span, e.before, e.after) for e in out.edits] == [((4, 10), "walked", "didn't walk")]


def test_unchanged_or_inapplicable_is_none():
    assert get_transform("checklist:add_negation")("He did not go home.") is None  # already negated
    assert get_transform("checklist:change_names")("He went home.") is None  # no name
    assert get_transform("checklist:contractions")(STORY) is None  # nothing to contract
    assert get_transform("checklist:remove_negation")("He did not go home.").text == "He went home."


def test_doc_functions_get_the_parse_and_effects_follow_the_function():
    assert transform_class("checklist:add_negation").level == Level.PARSE
    assert transform_class("checklist:add_typos").level == Level.NONE
    assert transform_class("checklist:add_negation").effect == Effect.BREAKS
    assert transform_class("checklist:add_typos").effect == Effect.PRESERVES
    assert "seed" not in get_transform("checklist:change_names").params()  # perturbkit seeds it
    with pytest.raises(UnknownTransform, match="did you mean add_typos"):
        get_transform("checklist:add_typo")


@pytest.mark.parametrize("name", ["checklist:add_typos", "checklist:add_negation", "checklist:change_names"])
def test_deterministic_untouched_global_state_replayable_edits(name):
    check_adapted(name)


@pytest.mark.parametrize("name", ["checklist:add_typos", "checklist:add_negation"])
def test_conformance(name):
    assert check_transform(name, max_examples=10).variants > 0


def test_by_name_in_a_recipe_and_a_suite(tmp_path):
    from perturbkit.suite import Discrimination, Invariance, Suite, run_suite

    recs = augment_by_name(tmp_path, ["checklist:add_typos", {"checklist:add_negation": {}}])
    assert {r["transform"] for r in recs} == {"checklist:add_typos", "checklist:add_negation"}
    suite = Suite(
        name="adapters",
        tests=[
            Invariance(name="typos", transforms="checklist:add_typos"),
            Discrimination(name="negated", transforms="checklist:add_negation"),
        ],
    )
    words = lambda texts, contexts=None, references=None: [float(len(t.split())) for t in texts]  # noqa: E731
    stories = [STORY, "Anna lost her keys. She found them.", "Sam walked the dog."]
    report = run_suite(suite, stories, {"words": words}, cache_dir=False, progress=False)
    assert report.test("typos").counts["n_variants"] == 3
    assert report.test("negated").aspect == "consistency" and report.test("negated").counts["n_variants"] >= 2
