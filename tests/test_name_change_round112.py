"""name_change, validity round 112 (20 ROC + 20 WritingPrompts dev stories; ROC 20/20, WP 16/20):
a misspelt famous author listed beside a famous one ("Stephen King and Ian M. Banks" -> "Eric M.
Banks"), one name for two gangsters ("Igor" and "the other Igor"), a woman with the male-listed
name "Levi" given "Jamal" ("Jamal was n't quite herself"), and "Lovely Madeline", in none of the
name lists, given the mainly male "Logan"."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.example import Example
from perturbkit.transforms._character.name_people import (
    census_gender,
    is_unisex,
    listed_with_famous,
    shared_name,
)
from perturbkit.transforms._character.names import name_pool

NAME_ROUND_112 = [
    # wp:wp_dev-1008: a full name listed beside a famous person's is a real person too (before: "Kyle M. Banks")
    (
        Example("The second shelf holds fiction books ; Stephen King and Ian M. Banks . The third holds journals ."),
        None,
    ),
    # still renamed: the same full name alone is a character
    (
        Example("On the shelf are books by Ian M. Banks . Ian wrote them well ."),
        "On the shelf are books by Declan M. Banks . Declan wrote them well .",
    ),
    # wp:wp_dev-379: two people share the name (before: "Matteo ... the other Matteo", "Big Scott ... Little Scott")
    (
        Example(
            "Igor is in the corner yelling about vodka , and the other Igor is smoking his way to the bar . Igor laughs ."
        ),
        None,
    ),
    (Example("Big Igor brought the vodka . Little Igor drank it all . Igor laughed ."), None),
    # still renamed: one epithet is a nickname of one man
    (
        Example("I am back in the lounge before big Igor returns with the vodka . Igor smiles ."),
        "I am back in the lounge before big Karim returns with the vodka . Karim smiles .",
    ),
    # wp:wp_dev-191: the story makes the male-listed "Levi" a woman (before: "Igor was n't quite herself")
    (Example("Levi was n't quite herself on the drive . Levi laughed and shook her head at me ."), None),
    (
        Example("Levi was n't quite himself on the drive . Levi laughed and shook his head at me ."),
        "John was n't quite himself on the drive . John laughed and shook his head at me .",
    ),
    # wp:wp_dev-929: "Madeline" (the Census's, no list's) is a woman's name (before: "Lovely Riley")
    (
        Example(
            "Lovely Madeline swept her arm out . Her fingers splayed with practiced showmanship . "
            "The magician waved . Madeline took the bouquet ."
        ),
        "Lovely Parisa swept her arm out . Her fingers splayed with practiced showmanship . "
        "The magician waved . Parisa took the bouquet .",
    ),
    # ... unless the story says otherwise: a unisex name (before: the mainly male "Logan")
    (
        Example("Hilary Flint hissed in alarm and drew his pistol . Hilary fired ."),
        "Reese Flint hissed in alarm and drew his pistol . Reese fired .",
    ),
    (
        Example("Hilary Flint hissed in alarm and drew her pistol . Hilary fired ."),
        "Kate Flint hissed in alarm and drew her pistol . Kate fired .",
    ),
    # roc:rocstories_dev-446: "she" opening the sentence after "nestor ..." contradicts the Census: unisex
    (
        Example(
            "she worked at a nearby youth center league . nestor developed a thick skin .",
            context="nestor found work as a baseball umpire .",
        ),
        "she worked at a nearby youth center league . skyler developed a thick skin .",
    ),
    # ... "he" agrees (before: "noel"); "she" after "kenneth 's girlfriend" is her (before: "jamie")
    (
        Example(
            "he worked at a nearby youth center league . nestor developed a thick skin .",
            context="nestor found work as a baseball umpire .",
        ),
        "he worked at a nearby youth center league . keith developed a thick skin .",
    ),
    (
        Example(
            "kenneth 's girlfriend felt neglected . she broke up with kenneth . kenneth realized he played too much .",
            context="kenneth loved to play video games .",
        ),
        "igor 's girlfriend felt neglected . she broke up with igor . igor realized he played too much .",
    ),
    # roc: "rosie" is a woman's name too (before: "casey")
    (
        Example("rosie went to the store . rosie bought some milk .", context="rosie was thirsty ."),
        "anna went to the store . anna bought some milk .",
    ),
]


@pytest.mark.parametrize("example,expected", NAME_ROUND_112)
def test_name_change_round_112(annotator, example, expected):
    out = get_transform("name_change")(example, seed=0, annotator=annotator)
    assert (out and out.text) == expected


def test_renamed_context_follows_census_gender(annotator):
    ex = Example("rosie went to the store . rosie bought some milk .", context="rosie was thirsty .")
    out = get_transform("name_change")(ex, seed=0, annotator=annotator)
    assert out is not None and out.context == "anna was thirsty ."


def test_people_checks():
    assert listed_with_famous("Ian", ["books ; Stephen King , Dean Koontz and Ian Banks ."]) == "Stephen King"
    assert listed_with_famous("Ian", ["Ian Banks and Tom Smith met ."]) is None
    assert listed_with_famous("Dean", ["Stephen King and Dean sat ."]) is None  # no surname: a character
    assert listed_with_famous("Ian", ["Then Stephen King and Young Ian Banks came ."]) == "Then Stephen King"
    assert shared_name("Tom", ["the two Toms met . Tom smiled ."], False) == "two Toms"
    assert shared_name("tom", ["the other tom left ."], True) == "other tom"
    assert shared_name("mark", ["mark got the marks he wanted ."], True) is None  # a word, not two Marks
    assert shared_name("Dave", ["poor old Dave came . Dave sat ."], False) is None


def test_census_genders_and_unisex_pool():
    assert census_gender("Madeline") == "f" and census_gender("Spencer") == "m" and census_gender("Casey") is None
    assert not is_unisex("logan") and is_unisex("casey") and is_unisex("harper")
    assert "logan" not in name_pool("n") and "casey" in name_pool("n")
