"""name_change, validity round 119 (20 ROC + 20 WritingPrompts dev stories; ROC 19/20, WP 15/20):
"shelly" renamed in "he went up to shelly 's point" (a landmark); "John" renamed in "the man that
came to be known as John" (a placeholder); "John" renamed in "named Joffrey , John or Alexander"
(an example name). The texts are short synthetic ones modelled on the cases."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.example import Example
from perturbkit.transforms._character.name_passing import known_as

POINT = "he went up to shelly 's point . shelly 's point was crowded . he swam all day ."
KNOWN = "The man that came to be known as John was shot . John had killed many people ."
OR_LIST = "Does it matter if the king was named Joffrey , John or Alexander ? John is a fine name ."
CONTROL = "John went to the store . John bought some milk and bread ."

NAME_ROUND_119 = [
    (POINT, 0, None),  # roc:rocstories_dev-2909
    ("Joe went to Joe 's diner . Joe ate a burger there .", 0, None),  # a venue, capitals
    (KNOWN, 0, None),  # wp:wp_dev-650
    (OR_LIST, 0, None),  # wp:wp_dev-326
    (CONTROL, 0, CONTROL.replace("John", "Toby")),  # a plain character: renamed
]


@pytest.mark.parametrize("text,seed,expected", NAME_ROUND_119)
def test_name_change_round_119(annotator, text, seed, expected):
    out = get_transform("name_change")(Example(text), seed=seed, annotator=annotator)
    assert (out and out.text) == expected


def test_known_as():
    assert known_as("John", [KNOWN]) == "known as John"
    assert known_as("John", [CONTROL, None]) is None
