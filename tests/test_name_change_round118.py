"""name_change, validity round 118 (20 ROC + 20 WritingPrompts dev stories; ROC 20/20, WP 18/20):
"Denise" renamed "Nora" in a story that plays on "Demise , her real name was , but ... she insisted
on being called Denise" (the pun was lost); "Barbie" renamed "Maria" in "he must have been like
Barbie , perfectly accessorized" (the doll, with no determiner before it). The texts are short
synthetic ones modelled on the cases."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.example import Example
from perturbkit.transforms._character.name_checks import pun_word

PUN = "Demise , her real name was , but she insisted on being called Denise . Denise laughed at him ."
DENISE = "Denise went to the store . Denise bought some milk and bread ."
MARK_MARY = "Mark met Mary at the park . Mark smiled at her and she waved ."
MANY = "Mary went out for a walk . Many people waved at Mary on the way ."
DOLL = "I thought of Barbie , perfectly accessorized for any occasion . Barbie would be proud ."
BARBARA = "Barbara went to the store . Barbara bought some milk and bread ."

NAME_ROUND_118 = [
    # wp:wp_dev-995: "Demise" is one letter from "Denise" (before: "called Annika")
    (PUN, 0, None),
    (DENISE, 0, DENISE.replace("Denise", "Jennifer")),  # no such word: renamed
    (MARK_MARY, 0, MARK_MARY.replace("Mary", "Maya")),  # two listed names one edit apart: renamed
    (MANY, 0, MANY.replace("Mary", "Ashley")),  # a stop word one edit away is no pun: renamed
    # wp:wp_dev-351: the doll with no determiner (before: "thought of Farah")
    (DOLL, 0, None),
    ("He looked like Barbie , perfectly accessorized for any occasion . I laughed .", 0, None),
    (BARBARA, 0, BARBARA.replace("Barbara", "Tanya")),  # a name the doll's shortens: renamed
]


@pytest.mark.parametrize("text,seed,expected", NAME_ROUND_118)
def test_name_change_round_118(annotator, text, seed, expected):
    out = get_transform("name_change")(Example(text), seed=seed, annotator=annotator)
    assert (out and out.text) == expected


def test_pun_word():
    assert pun_word("Denise", [PUN]) == "Demise"
    assert (
        pun_word("Denise", ["Tom sat .", "Denise sat . Dennise waved ."]) == "Dennise"
    )  # an insertion, in the context
    far = (
        "Mike sat down . "
        + "He waited for the bus in the rain for a very long time . " * 3
        + "Like I said , it was late ."
    )
    assert pun_word("Mike", [far]) is None  # round 118's reading: "Like" far from "Mike" is no pun
    assert pun_word("Faye", ["Faye Baker . `` Aye , you know your criminals . ''"]) is None  # 3 letters: no pun
    assert pun_word("Mark", [MARK_MARY]) is None and pun_word("Mary", [MANY]) is None
    assert pun_word("Ann", ["Ann sat . And then she left ."]) is None  # 3 letters: never
    assert pun_word("Denise", ["she said demise ."]) is None  # not capitalised
