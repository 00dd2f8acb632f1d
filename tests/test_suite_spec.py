"""Suite schema and YAML loader: validation errors, Python-built suites, shipped suites."""

from __future__ import annotations

import textwrap

import pytest

from perturbkit.errors import SuiteError, UserError
from perturbkit.suite import (
    Directional,
    Discrimination,
    HumanCorrelation,
    Invariance,
    Select,
    Suite,
    load_suite,
    shipped_suites,
)

pytestmark = pytest.mark.usefixtures("toy_transforms")  # the toy_* transforms, for this module only

GOOD = """\
name: mini
description: a small suite
defaults:
  seed: 3
  filters: [changed]
tests:
  - name: dup
    kind: discrimination
    select: {min_words: 3, meta: {lang: en}}
    transforms:
      - toy_dup_word: {min_words: 4}
      - toy_corpus_word
  - name: lower
    kind: invariance
    transforms: toy_lower_first
    tolerance: 0.2
  - name: lower_neg
    kind: invariance
    originals: negatives-of:dup
    transforms: toy_lower_first
  - name: drops
    kind: directional
    expect: decrease
    margin: 0.01
    transforms: {toy_dup_word: {}}
  - name: humans
    kind: human_correlation
    rating: score
    group_by: system
    windows: {size: 50, stride: 5}
"""


def write(tmp_path, text, name="suite.yaml"):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


def load_error(tmp_path, text, name="suite.yaml") -> str:
    p = write(tmp_path, text, name)
    with pytest.raises(SuiteError) as info:
        load_suite(p)
    return str(info.value)


def test_good_suite_loads_and_normalises(tmp_path):
    s = load_suite(write(tmp_path, GOOD))
    assert s.name == "mini" and s.defaults.seed == 3
    dup, lower, neg, drops, humans = s.tests
    assert isinstance(dup, Discrimination) and [r.name for r in dup.transforms] == ["toy_dup_word", "toy_corpus_word"]
    assert dup.transforms[0].params == {"min_words": 4}
    assert dup.select.meta == {"lang": "en"}
    assert isinstance(lower, Invariance) and lower.tolerance == 0.2 and lower.negatives_of == []
    assert neg.negatives_of == ["dup"]
    assert isinstance(drops, Directional) and drops.transforms[0].name == "toy_dup_word"
    assert isinstance(humans, HumanCorrelation) and humans.group_by == ["system"] and humans.windows.size == 50
    assert s.source == str(tmp_path / "suite.yaml")


def test_python_built_suite_equals_yaml_built_suite(tmp_path):
    from perturbkit.transform import get_transform

    built = Suite(
        name="mini",
        description="a small suite",
        defaults={"seed": 3, "filters": ["changed"]},
        tests=[
            Discrimination(
                name="dup",
                select=Select(min_words=3, meta={"lang": "en"}),
                transforms=[get_transform("toy_dup_word", min_words=4), "toy_corpus_word"],
            ),
            Invariance(name="lower", transforms="toy_lower_first", tolerance=0.2),
            Invariance(name="lower_neg", originals="negatives-of:dup", transforms=["toy_lower_first"]),
            Directional(name="drops", expect="decrease", margin=0.01, transforms={"toy_dup_word": None}),
            HumanCorrelation(name="humans", rating="score", group_by=["system"], windows={"size": 50, "stride": 5}),
        ],
    )
    loaded = load_suite(write(tmp_path, GOOD))
    assert built == loaded
    assert built != load_suite(write(tmp_path, GOOD.replace("tolerance: 0.2", "tolerance: 0.3"), "other.yaml"))
    # and the YAML it writes loads back to the same suite
    assert load_suite(write(tmp_path, built.to_yaml(), "again.yaml")) == built


def test_unknown_key_names_file_line_path_and_suggestion(tmp_path):
    msg = load_error(tmp_path, GOOD.replace("    select: {min_words", "    selct: {min_words"), "typo.yaml")
    assert "typo.yaml:9:" in msg
    assert "tests[0].selct" in msg
    assert "did you mean 'select'?" in msg


def test_unknown_nested_key_suggests_within_its_model(tmp_path):
    msg = load_error(tmp_path, GOOD.replace("windows: {size: 50", "windows: {sise: 50"))
    assert "tests[4].windows.sise" in msg and "did you mean 'size'?" in msg
    msg = load_error(tmp_path, GOOD.replace("defaults:\n  seed: 3", "defaults:\n  sed: 3"))
    assert "defaults.sed" in msg and "did you mean 'seed'?" in msg


def test_unknown_transform_suggests_the_registered_name(tmp_path):
    msg = load_error(tmp_path, GOOD.replace("      - toy_corpus_word", "      - toy_corpus_wrd"))
    assert "suite.yaml:12:" in msg
    assert "tests[0].transforms[1]" in msg
    assert "unknown transform 'toy_corpus_wrd'" in msg and "toy_corpus_word" in msg


def test_bad_transform_parameter_names_the_parameter(tmp_path):
    msg = load_error(tmp_path, GOOD.replace("toy_dup_word: {min_words: 4}", "toy_dup_word: {min_word: 4}"))
    assert "tests[0].transforms[0]" in msg and "'min_word'" in msg and "did you mean 'min_words'?" in msg
    msg = load_error(tmp_path, GOOD.replace("toy_dup_word: {min_words: 4}", "toy_dup_word: {min_words: 0}"))
    assert "tests[0].transforms[0]" in msg and "min_words must be >= 1" in msg


def test_wrong_type_names_the_path_and_the_value(tmp_path):
    msg = load_error(tmp_path, GOOD.replace("tolerance: 0.2", "tolerance: lots"))
    assert "suite.yaml:16:" in msg and "tests[1].tolerance" in msg and "'lots'" in msg
    msg = load_error(tmp_path, GOOD.replace("min_words: 3,", "min_words: true,"))
    assert "tests[0].select.min_words" in msg and "True" in msg
    msg = load_error(tmp_path, GOOD.replace("      - toy_corpus_word", "      - 3"))
    assert "tests[0].transforms[1]" in msg and "a transform is a name" in msg


def test_unknown_kind_missing_kind_and_missing_required_keys(tmp_path):
    msg = load_error(tmp_path, GOOD.replace("kind: discrimination", "kind: discriminaton"))
    assert "tests[0].kind" in msg and "did you mean 'discrimination'?" in msg
    msg = load_error(tmp_path, GOOD.replace("    kind: discrimination\n", ""))
    assert "tests[0]" in msg and "missing 'kind'" in msg
    msg = load_error(tmp_path, GOOD.replace("    expect: decrease\n", ""))
    assert "tests[3].expect" in msg and "missing" in msg


def test_cross_test_checks(tmp_path):
    msg = load_error(tmp_path, GOOD.replace("negatives-of:dup", "negatives-of:dupp"))
    assert "tests[2].originals" in msg and "did you mean 'dup'?" in msg
    msg = load_error(tmp_path, GOOD.replace("negatives-of:dup", "negatives-of:lower"))
    assert "'lower' is not a discrimination test" in msg
    msg = load_error(tmp_path, GOOD.replace("name: lower\n", "name: dup\n"))
    assert "tests[1].name" in msg and "duplicate test name 'dup'" in msg


def test_human_correlation_takes_no_transforms(tmp_path):
    msg = load_error(tmp_path, GOOD + "    transforms: toy_dup_word\n")
    assert "tests[4].transforms" in msg and "unknown key" in msg


def test_several_problems_are_all_reported(tmp_path):
    bad = GOOD.replace("selct", "x").replace("    select: {", "    selct: {").replace("tolerance: 0.2", "tolerance: -1")
    msg = load_error(tmp_path, bad)
    assert "2 problems" in msg and "tests[0].selct" in msg and "tests[1].tolerance" in msg


def test_yaml_syntax_errors_and_non_mapping_files(tmp_path):
    msg = load_error(tmp_path, "name: x\ntests: [\n", "broken.yaml")
    assert "broken.yaml:" in msg and "invalid YAML" in msg
    assert "a suite must be a mapping" in load_error(tmp_path, "- just\n- a list\n")
    assert "empty" in load_error(tmp_path, "")


def test_unknown_suite_name_suggests_a_shipped_one():
    with pytest.raises(SuiteError, match="did you mean 'demo'"):
        load_suite("dmo")


def test_name_defaults_to_the_file_stem(tmp_path):
    s = load_suite(write(tmp_path, GOOD.replace("name: mini\n", ""), "stem_name.yaml"))
    assert s.name == "stem_name"


def test_direct_construction_errors_are_suite_errors():
    with pytest.raises(SuiteError, match=r"transforms\[0\]: unknown transform 'toy_dup_wrd'"):
        Discrimination(name="x", transforms="toy_dup_wrd")
    with pytest.raises(SuiteError, match=r"tests\[0\]\.transforms\[0\]"):
        Suite(name="s", tests=[{"name": "x", "kind": "discrimination", "transforms": "toy_dup_wrd"}])
    with pytest.raises(SuiteError, match="at least 1"):
        Suite(name="s", tests=[])


def test_transform_needing_a_missing_extra_names_the_extra(monkeypatch, tmp_path, scoped_transforms):
    from dataclasses import dataclass

    from perturbkit.resources import extras
    from perturbkit.transform import Effect, Transform, register

    @register
    @dataclass(repr=False)
    class NeedsTorch(Transform):
        name = "toy_needs_fake_pkg"
        effect = Effect.BREAKS
        requires = ("fake_resource",)

    monkeypatch.setitem(extras.EXTRAS, "fake_resource", extras.Extra("perturbkit_no_such_module_xyz", "models", "x"))
    msg = load_error(tmp_path, GOOD.replace("      - toy_corpus_word", "      - toy_needs_fake_pkg"))
    assert "tests[0].transforms[1]" in msg and "fake_resource" in msg and "perturbkit[models]" in msg


@pytest.mark.parametrize("name", sorted(shipped_suites()))
def test_every_shipped_suite_validates(name):
    s = load_suite(name)
    assert s.name == name and s.tests
    assert load_suite(s.source) == s  # the same file, by path


def test_shipped_suites_are_found_from_any_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert {"demo", "openmeva", "robustness", "mars", "mans"} <= set(shipped_suites())
    assert load_suite("demo").name == "demo"


def test_a_registered_suite_loads_by_name_inside_its_scope():
    from perturbkit import registry

    tiny = {"tests": [{"name": "d", "kind": "discrimination", "transforms": "toy_dup_word"}]}
    with registry.suites.scoped():
        registry.suites.register("tiny", tiny)
        suite = load_suite("tiny")
        assert suite.name == "tiny" and suite.tests[0].transforms[0].name == "toy_dup_word"
        with pytest.raises(SuiteError, match="did you mean 'tiny'"):
            load_suite("tinny")
    with pytest.raises(SuiteError, match="no suite file 'tiny' and no shipped suite"):
        load_suite("tiny")


def test_suite_errors_are_user_errors():
    assert issubclass(SuiteError, UserError)
