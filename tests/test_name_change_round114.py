"""name_change, validity round 114 (20 ROC + 20 WritingPrompts dev stories; ROC 19/20, WP 15/20):
"jackie", a man in the story ("he also grabbed"), given the female "allison"; a part of a long
foreign or famous name renamed ("Even Mia Jong Un", "Shao Mi Fran"); the real "Ryan Howard",
mentioned once in passing; "Merlin 's Magical Pawn and Loan" (a legendary figure, in a shop's
name); "Jonathan" renamed while the nickname "old Jonny boy" stayed."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.example import Example
from perturbkit.transforms._character.name_allusions import _shortens
from perturbkit.transforms._character.name_checks import is_given_name

NAME_ROUND_114 = [
    # roc:rocstories_dev-690: "he" opens the sentence after one "jackie" opens (before: "mary")
    (
        Example(
            "jackie thought quickly and grabbed an egg from a vendor . he also grabbed a board . "
            "jackie did not crack the egg .",
            context="some bad people tried to pick a fight with jackie .",
        ),
        None,
    ),
    # still renamed: "she" agrees; "he" after "jackie met tom" may be tom
    (
        Example(
            "jackie thought quickly and grabbed an egg from a vendor . she also grabbed a board . "
            "jackie did not crack the egg .",
            context="some bad people tried to pick a fight with jackie .",
        ),
        "tina thought quickly and grabbed an egg from a vendor . she also grabbed a board . "
        "tina did not crack the egg .",
    ),
    (
        Example(
            "jackie met tom at the market . he smiled at her . jackie bought an egg .", context="jackie was hungry ."
        ),
        "susie met tom at the market . he smiled at her . susie bought an egg .",
    ),
    # wp:wp_dev-27 and wp:wp_dev-1045: a run of three capitalised names (before: "Keiko Jong Un", "Shao Mi Lucy")
    (Example("The leaders are meeting in Geneva . Even Kim Jong Un will be there . Kim Jong Un smiled ."), None),
    (
        Example(
            "A fight between Shao Mi Li , late of the Chin Dynasty , and High the Mennonite . High had killed Li ."
        ),
        None,
    ),
    # still renamed: a rank before a full name does not count
    (
        Example("Captain Nathaniel Deshler stood up . Nathaniel walked to the door and opened it ."),
        "Captain Joseph Deshler stood up . Joseph walked to the door and opened it .",
    ),
    # wp:wp_dev-716: a full name mentioned once in passing (before: "Ali Howard")
    (Example("I eat like a fool while you parade around Ryan Howard like a God . He is no God . I am God ."), None),
    # still renamed: the one mention is a subject
    (
        Example("Ryan Howard walked in . Then he sat down by the window and ate a sandwich ."),
        "Marvin Howard walked in . Then he sat down by the window and ate a sandwich .",
    ),
    # wp:wp_dev-519: a shop named after someone (before: "Ted 's Diner"); "Joe 's Mom" is still Joe's
    (
        Example("Sam walked in . Joe 's Diner was empty . Joe smiled at Sam ."),
        "Ted walked in . Joe 's Diner was empty . Joe smiled at Ted .",
    ),
    (Example("Joe walked in . Joe 's Mom smiled at him ."), "Mateo walked in . Mateo 's Mom smiled at him ."),
    # wp:wp_dev-678: a pet form with a doubled consonant (before: "Sam ... old Jonny boy", "Piotr ... old Jono")
    (Example("Jonathan kicked the door . Think you can get the nod on old Jonny boy ? Jonathan laughed ."), None),
    (Example("Jonathan kicked the door . Nobody beats old Jono . Jonathan laughed ."), None),
]


@pytest.mark.parametrize("example,expected", NAME_ROUND_114)
def test_name_change_round_114(annotator, example, expected):
    out = get_transform("name_change")(example, seed=0, annotator=annotator)
    assert (out and out.text) == expected


def test_fictional_characters_are_not_given_names():
    # WordNet's only "Merlin" is the Arthurian magician (a fictional_character instance); "Arthur" is also a president
    assert not is_given_name("Merlin") and is_given_name("Arthur")


def test_pet_forms():
    assert _shortens("jonny", "jonathan") and _shortens("jono", "jonathan") and _shortens("danny", "daniel")
    assert not _shortens("mark", "mary") and not _shortens("jonny", "joseph")
