"""TextAttack transformations and augmenters by name (``textattack:<Class>``): golden outputs, None
when unchanged, determinism, no global random trace, replayable edits, conformance, and use in a
recipe. Skipped without the ``textattack`` extra; marked slow (importing TextAttack takes ~25 s)."""

from __future__ import annotations

import importlib.util

import pytest

if importlib.util.find_spec("textattack") is None:  # not importorskip: importing TextAttack needs the
    pytest.skip("the textattack extra is not installed", allow_module_level=True)  # nltk data perturbkit adds

from _external_checks import STORY, augment_by_name, check_adapted  # noqa: E402

from perturbkit.testing import check_transform  # noqa: E402
from perturbkit.transform import Effect, TransformParamError, UnknownTransform, get_transform  # noqa: E402

pytestmark = pytest.mark.slow


@pytest.mark.parametrize(
    "name,seed,before,after",
    [
        ("textattack:WordSwapQWERTY", 0, "bought", "nought"),
        ("textattack:WordSwapQWERTY", 1, "went", "webt"),
        ("textattack:WordSwapWordNet", 0, "went", "lead"),
        ("textattack:CharSwapAugmenter", 0, "walked", "waVked"),
    ],
)
def test_golden_outputs(name, seed, before, after):
    out = get_transform(name)(STORY, seed=seed)
    assert [(e.before, e.after) for e in out.edits] == [(before, after)]
    assert out.text == STORY.replace(before, after, 1)


def test_contraction_and_none_when_unchanged():
    t = get_transform("textattack:WordSwapContract")
    assert t("He did not go home. I am here.", seed=0).text in (
        "He didn't go home. I am here.",
        "He did not go home. I'm here.",
    )
    assert t(STORY) is None  # nothing to contract


def test_parameters_and_names_are_checked():
    t = get_transform("textattack:WordSwapQWERTY", skip_first_char=True, random_one=False)
    assert t.library_params() == {"random_one": False, "skip_first_char": True, "skip_last_char": False}
    assert get_transform("textattack:WordSwapWordNet").aspect == "synonym" and t.effect == Effect.PRESERVES
    with pytest.raises(TransformParamError, match="did you mean 'random_one'"):
        get_transform("textattack:WordSwapQWERTY", random_on=True)
    with pytest.raises(UnknownTransform, match="did you mean WordSwapQWERTY"):
        get_transform("textattack:WordSwapQWERTZ")


@pytest.mark.parametrize("name", ["textattack:WordSwapQWERTY", "textattack:CharSwapAugmenter"])
def test_deterministic_untouched_global_state_replayable_edits(name):
    check_adapted(name)


def test_conformance():
    # no 3,000-word story: a Transformation proposes one candidate per word, each a copy of the story
    assert check_transform("textattack:WordSwapQWERTY", max_examples=8, long_input=False).variants > 0


def test_by_name_in_a_recipe(tmp_path):
    recs = augment_by_name(
        tmp_path,
        ["textattack:WordSwapQWERTY>>checklist:add_typos"] if _has_checklist() else ["textattack:WordSwapQWERTY"],
    )
    assert recs and all(r["edits"] for r in recs)
    assert {e["transform"] for r in recs for e in r["edits"]} >= {"textattack:WordSwapQWERTY"}


def _has_checklist() -> bool:
    return importlib.util.find_spec("checklist") is not None
