"""name_change, validity round 117 (20 ROC + 20 WritingPrompts dev stories; ROC 20/20, WP 18/20):
"Barbie" renamed "Gina" in "playing with her Barbie dolls" (a toy, not a character); "Ellie"
renamed "Allison" where a grandfather calls his granddaughter Elm "Ellie" (the pet name was renamed,
"Elm" was kept, and the link between the two was lost). The texts are short synthetic ones
modelled on the cases."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.example import Example
from perturbkit.transforms._character.name_allusions import _pet_of, name_variant

DOLLS = "The girl sat on the rug . She was playing with her Barbie dolls . Her dad watched TV ."
GIFT = "Tom went to the mall . Tom gave Mary flowers . She smiled at him ."
GRANDPA = "Olm looked at his granddaughter Elm . `` Life is funny , Ellie . '' Elm beamed at him ."
FRIENDS = "Ellie went to the park . Ellie played ball with her dog until dark ."

NAME_ROUND_117 = [
    # wp:wp_dev-465: a toy named after a girl modifies "dolls" (before: "her Gina dolls")
    (DOLLS, 0, None),
    ("Ken bought his sister a Ken doll . Ken laughed at it .", 0, None),
    # no determiner before the name: a double object, not a compound; still renamed
    (GIFT, 0, GIFT.replace("Mary", "Judy")),
    # wp:wp_dev-891: "Ellie" is Elm's pet name (before: "Life is funny , Allison")
    (GRANDPA, 0, None),
    (FRIENDS, 0, FRIENDS.replace("Ellie", "Miranda")),  # no second name with her stem: renamed
]


@pytest.mark.parametrize("text,seed,expected", NAME_ROUND_117)
def test_name_change_round_117(annotator, text, seed, expected):
    out = get_transform("name_change")(Example(text), seed=seed, annotator=annotator)
    assert (out and out.text) == expected


def test_pet_form_on_a_two_letter_stem():
    assert _pet_of("ellie", "elm") and _pet_of("ellie", "elizabeth") and _pet_of("emmy", "emily")
    assert not _pet_of("ellie", "ella")  # three shared letters: _shortens decides (different names)
    assert not _pet_of("sally", "sam") and not _pet_of("elle", "elm")  # no doubled consonant stem
    assert name_variant("Ellie", [GRANDPA], False, {"Olm", "Ellie"}) == "Elm"  # "Elm" is English
