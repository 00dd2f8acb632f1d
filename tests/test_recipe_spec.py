"""Recipes: validation with file and line, the shipped union and openmeva recipes, the registry."""

from __future__ import annotations

import pytest

from perturbkit import registry
from perturbkit.errors import RecipeError
from perturbkit.recipe import Recipe, load_recipe


def _write(tmp_path, text: str):
    p = tmp_path / "r.yaml"
    p.write_text(text)
    return p


def test_unknown_key_named_with_the_nearest_and_the_line(tmp_path):
    p = _write(tmp_path, "name: r\ntransforms: [negation]\nvariant: 2\n")
    with pytest.raises(RecipeError) as e:
        load_recipe(p)
    assert f"{p}:3" in str(e.value) and "did you mean 'variants'" in str(e.value)


def test_unknown_transform_named_with_file_and_line(tmp_path):
    p = _write(tmp_path, "name: r\ntransforms:\n  - negation\n  - negaton\n")
    with pytest.raises(RecipeError) as e:
        load_recipe(p)
    msg = str(e.value)
    assert f"{p}:4" in msg and "negaton" in msg and "negation" in msg


def test_unknown_filter_and_bad_parameter_fail_before_any_work(tmp_path):
    with pytest.raises(RecipeError, match="chnged"):
        Recipe(name="r", transforms=["negation"], filters=["chnged"])
    with pytest.raises(RecipeError, match="typos"):
        Recipe(name="r", transforms=[{"typos": {"no_such_param": 1}}])


def test_exactly_one_thing_to_apply():
    with pytest.raises(RecipeError, match="exactly one of"):
        Recipe(name="r")
    with pytest.raises(RecipeError, match="exactly one of"):
        Recipe(name="r", transforms=["negation"], one_of=["typos"])


def test_sets_refer_only_to_sets_above():
    with pytest.raises(RecipeError, match="not a set above"):
        Recipe(name="r", sets=[{"name": "a", "originals": "variants-of:b", "one_of": ["typos"]},
                               {"name": "b", "one_of": ["negation"]}])  # fmt: skip


def test_chains_and_parameters_parse_into_entries():
    r = Recipe(name="r", transforms=["typos>>synonym", {"typos": {"rate": 0.2}}])
    sets = r.resolved_sets()
    assert [e.label for e in sets[0].entries] == ["typos>>synonym", "typos"]
    assert sets[0].entries[1].params()[0]["rate"] == 0.2
    assert sets[0].filters[0].name == "changed"  # always first


def test_with_options_overrides_sets():
    r = load_recipe("openmeva").with_options(variants=3, seed=7)
    assert r.seed == 7 and {s.variants for s in r.resolved_sets()} == {3}


def test_registry_lists_the_shipped_recipes():
    assert {"union", "openmeva"} <= set(registry.recipes.names())
    with pytest.raises(RecipeError, match="did you mean 'union'"):
        load_recipe("unoin")


def test_union_recipe_is_unions_published_sampling():
    """Guan and Huang (2020): 1-4 techniques with .5/.2/.2/.1; repetition .1, substitution .3,
    reordering .4, negation .2 without replacement; one negative per story, labels 1/0."""
    (s,) = load_recipe("union").resolved_sets()
    assert (s.mode, [e.label for e in s.entries], s.variants) == ("transforms", ["union_negative"], 1)
    assert (s.labels.original, s.labels.variant, s.keep_originals) == (1, 0, True)
    mix = s.entries[0].build().mixture()
    assert mix.counts == {1: 0.5, 2: 0.2, 3: 0.2, 4: 0.1}
    assert mix.weights == [0.1, 0.3, 0.4, 0.2]


def test_openmeva_recipe_has_the_suites_aspects_and_transforms():
    from perturbkit.suite import load_suite

    suite = load_suite("openmeva")
    sets = {s.name: s for s in load_recipe("openmeva").resolved_sets()}
    for test in suite.tests:
        s = sets[test.name]
        assert sorted(e.label for e in s.entries) == sorted(r.name for r in test.transforms), test.name
        assert bool(s.variants_of) == str(getattr(test, "originals", "input")).startswith("negatives-of")
    assert set(sets) == {t.name for t in suite.tests}


@pytest.mark.parametrize(("recipe", "suite"), [("rome", "robustness"), ("mars", "mars")])
def test_rome_and_mars_recipes_have_their_suites_cases(recipe, suite):
    """Each shipped attack suite's tests as recipe sets: the same transforms and story selection; a
    meaning-preserving case (``expect: same``) labels its variants 1, the others 0."""
    from perturbkit.suite import load_suite

    tests = {t.name: t for t in load_suite(suite).tests}
    sets = {s.name: s for s in load_recipe(recipe).resolved_sets()}
    assert set(sets) == set(tests)
    for name, s in sets.items():
        t = tests[name]
        assert [e.label for e in s.entries] == [r.name for r in t.transforms], name
        assert s.labels.variant == (1 if getattr(t, "expect", None) == "same" else 0), name
        assert s.select.has_context == t.select.has_context, name


def test_select_ranges_are_checked_in_recipes_as_in_suites(tmp_path):
    p = _write(tmp_path, "name: r\ntransforms: [negation]\nselect: {min_words: 9, max_words: 3}\n")
    with pytest.raises(RecipeError, match=r"min_words \(9\) is larger than max_words \(3\)"):
        load_recipe(p)
