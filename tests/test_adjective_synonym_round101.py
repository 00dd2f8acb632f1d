"""adjective_synonym swaps a strict reading of long WritingPrompts stories (round 101) found wrong,
each produced by the code before the fix: "larger" in its broad sense made "bigger", and a formal
"large" brought into a narrator's spoken, excited voice."""

from __future__ import annotations

import pytest

from perturbkit import get_transform

DECLINED = [
    # "the larger structure of our relationship": broader, not bigger in size
    "Our fights are insignificant in the larger structure of our relationship .",
    # an excited first-person voice talking to "you": "that large park" is out of register
    "Oh we 're going to the car ! It must be that big park you took me to !",
    # "large" is formal in a character's speech too, as "purchase" and "certain" are
    "`` Frank , we need you again , big dog . '' He nodded .",
]


@pytest.mark.parametrize("text", DECLINED)
@pytest.mark.parametrize("seed", range(3))
def test_round101_swaps_are_declined(annotator, text, seed):
    assert get_transform("adjective_synonym")(text, seed=seed, annotator=annotator) is None


@pytest.mark.parametrize(
    "text,expected",
    [
        ("The dog ran to the big park .", "The dog ran to the large park ."),
        ("They moved into a larger house .", "They moved into a bigger house ."),  # a concrete thing's size
    ],
)
def test_plain_narration_still_swaps(annotator, text, expected):
    out = get_transform("adjective_synonym")(text, seed=0, annotator=annotator)
    assert out is not None and out.text == expected
