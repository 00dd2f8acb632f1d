"""name_change, validity round 116 (20 ROC + 20 WritingPrompts dev stories; ROC 20/20, WP 17/20):
"Wendy" renamed "Folake" in a story that alliterates on W ("Wendy was wishy-washy and a wacky ,
wonderful , wizard"); "Dante" renamed "Pablo" in "i read the Dante 's divine comedy" (the poet,
cued by his work); "Cleo" renamed "Harper" in a story set in ancient Rome (Julius, Casus,
Praetors, Jupiter), where "I feel Cleo on a bad day" means Cleopatra and a modern name is out of
place. The texts are short synthetic ones modelled on the cases."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.example import Example
from perturbkit.transforms._character.name_allusions import fictional_cue, gloss_cues
from perturbkit.transforms._character.name_setting import alliterates, ancient_setting

WITCH = (
    "Wendy was a wacky , wonderful witch . Wendy wondered why the wind went wild . Wendy walked west with her wand ."
)
STORE = "Wendy went to the store . She bought milk , bread and eggs for her family . Wendy drove home after lunch ."
GYM = "Cleo met Marcus at the gym . Cleo and Julius went home ."

NAME_ROUND_116 = [
    # wp:wp_dev-841: an alliteration on the name's initial keeps it (before: "Bonnie")
    (WITCH, 0, WITCH.replace("Wendy", "Wanda")),
    (STORE, 0, STORE.replace("Wendy", "Allie")),  # no alliteration: any initial
    # wp:wp_dev-1030: the poet, cued by his work in WordNet's gloss (before: "the Tony 's divine comedy")
    ("Ever since I read the Dante 's divine comedy , I loved the seven sins . The man smiled at me .", 0, None),
    # wp:wp_dev-157: an ancient Roman setting (before: "Lucius" -> "Richard", "Cleo" -> "Taylor")
    ("Casus and Lucius hid from the Praetors in the cave . Cleo brought them bread .", 0, None),
    ("The centurion and the Praetors found Casus . Cleo laughed at him .", 0, None),
    (GYM, 0, GYM.replace("Julius", "Jin-woo")),  # Latin names of today, no ancient word: renamed
]


@pytest.mark.parametrize("text,seed,expected", NAME_ROUND_116)
def test_name_change_round_116(annotator, text, seed, expected):
    out = get_transform("name_change")(Example(text), seed=seed, annotator=annotator)
    assert (out and out.text) == expected


def test_alliteration():
    assert alliterates("Wendy", [WITCH]) and not alliterates("Wendy", [STORE])
    # "s" is a common initial: half the words are not enough
    assert not alliterates("Sam", ["Sam sold six old shoes at the market to buy a red car ."])


def test_famous_mononym_gloss_cues():
    assert gloss_cues("dante") == ("Divine Comedy",) and "Iliad" in gloss_cues("homer")
    assert "Mark Antony" in gloss_cues("cleo")  # a pet form of Cleopatra
    assert gloss_cues("george") == ()  # kings with a regnal number are no mononyms; places are no cues
    assert fictional_cue("Dante", ["i read the Dante 's divine comedy"], False) == "Divine Comedy"
    assert fictional_cue("Dante", ["Dante fixed my car ."], False) is None


def test_ancient_setting():
    assert ancient_setting(["Casus and Lucius hid from the Praetors ."]) == ["casus", "lucius", "praetor"]
    assert ancient_setting(["We saw Jupiter and Mars through the telescope , Marcus and Julius ."]) == []  # planets
    assert ancient_setting(["Marcus and Julius flew to Rome ."]) == []  # no ancient word
