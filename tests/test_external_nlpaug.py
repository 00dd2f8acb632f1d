"""nlpaug augmenters by name (``nlpaug:<family>.<Class>``): golden outputs, None when unchanged,
determinism, no global random trace, replayable edits, conformance, and use in a recipe. Skipped
without the ``nlpaug`` extra."""

from __future__ import annotations

import pytest

pytest.importorskip("nlpaug")

from _external_checks import STORY, augment_by_name, check_adapted  # noqa: E402

from perturbkit.testing import check_transform  # noqa: E402
from perturbkit.transform import Effect, TransformParamError, UnknownTransform, get_transform  # noqa: E402


@pytest.mark.parametrize(
    "name,params,seed,expected",
    [
        ("nlpaug:char.KeyboardAug", {"aug_word_max": 1}, 0, "Then he wsnh home."),
        ("nlpaug:char.KeyboardAug", {"aug_word_max": 1}, 1, "Then he aeMt home."),
        ("nlpaug:char.OcrAug", {}, 0, "Tom walked to the st0ke. He bought bread, mi1r and eggs."),
        ("nlpaug:char.RandomCharAug", {"action": "swap"}, 1, "He uboght rbeda, milk and eggs. Ethn he enwt ohem."),
    ],
)
def test_golden_outputs(name, params, seed, expected):
    out = get_transform(name, **params)(STORY, seed=seed)
    assert expected in out.text and out.text != STORY


def test_golden_edit():
    out = get_transform("nlpaug:char.KeyboardAug", aug_word_max=1)(STORY, seed=0)
    assert [(e.before_span, e.before, e.after) for e in out.edits] == [((65, 69), "went", "wsnh")]


def test_unchanged_text_is_none():
    assert get_transform("nlpaug:char.KeyboardAug")("a b c.") is None  # every word under min_char


@pytest.mark.parametrize("name", ["nlpaug:char.KeyboardAug", "nlpaug:char.OcrAug"])
def test_deterministic_untouched_global_state_replayable_edits(name):
    check_adapted(name)


def test_parameters_are_the_augmenters_and_checked():
    t = get_transform("nlpaug:char.KeyboardAug", aug_char_p=0.1, include_numeric=False)
    assert t.library_params()["aug_char_p"] == 0.1 and t.effect == Effect.PRESERVES and t.requires == ("nlpaug",)
    with pytest.raises(TransformParamError, match="did you mean 'aug_char_p'"):
        get_transform("nlpaug:char.KeyboardAug", aug_chr_p=0.1)
    with pytest.raises(UnknownTransform, match="did you mean char.KeyboardAug"):
        get_transform("nlpaug:char.KeyboardAugg")
    with pytest.raises(UnknownTransform, match="<family>.<Class>"):
        get_transform("nlpaug:KeyboardAug")


def test_conformance():
    report = check_transform("nlpaug:char.KeyboardAug", max_examples=12)
    assert report.variants > 0


def test_by_name_in_a_recipe(tmp_path):
    recs = augment_by_name(tmp_path, [{"nlpaug:char.OcrAug": {"aug_word_max": 2}}])
    assert recs and {r["transform"] for r in recs} == {"nlpaug:char.OcrAug"}
    assert all(r["edits"] and r["params"] for r in recs)
