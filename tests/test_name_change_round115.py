"""name_change, validity round 115 (20 ROC + 20 WritingPrompts dev stories; ROC 20/20, WP 15/20):
"Liz" renamed "Farah" in a scene where the narrator's friend "Sarah" is named often (a new name a
reader could take for another of the story's names); "averages Joe 's" (the story's "average
Joe's") renamed "averages Elijah 's" (an inflected name idiom); "Jason" (Jason Todd) renamed in a
Joker monologue naming "Dick" and "Selina" (DC Comics' cast lacked the later Robins)."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.example import Example
from perturbkit.transforms._character.name_allusions import in_name_idiom
from perturbkit.transforms._character.name_checks import confusable
from perturbkit.transforms._character.name_cues import ensemble_names

LIZ = "Liz ran to the gym with Sarah . Sarah laughed at Liz . Sarah and Liz went home ."
FAIR = "Mary met Jon at the fair . Jon bought Mary a pie . Mary thanked Jon ."

NAME_ROUND_115 = [
    # wp:wp_dev-210: a new name one letter from another name of the story, redrawn (before: "Farah",
    # "Gary" beside "Mary", "Jen" beside "Jon"); a first draw that is fine is kept (seed 0)
    (LIZ, 392, "Greta ran to the gym with Sarah . Sarah laughed at Greta . Sarah and Greta went home ."),
    (FAIR, 15, "Mary met Omar at the fair . Omar bought Mary a pie . Mary thanked Omar ."),
    (FAIR, 228, "Tracy met Jon at the fair . Jon bought Tracy a pie . Tracy thanked Jon ."),
    # wp:wp_dev-684: "average Joe" inflected (before: "averages Elijah 's"); "Joe" elsewhere in it too
    ("Generals , priests and averages Joe 's looked up at the sky . Then Joe ran home .", 0, None),
    # wp:wp_dev-813: Dick Grayson, Selina Kyle and Jason Todd in a Joker monologue (before: "Jason" renamed)
    ("He took it badly when Dick said goodnight . Or Jason , for that matter . Or what we left Selina in .", 0, None),
]


@pytest.mark.parametrize("text,seed,expected", NAME_ROUND_115)
def test_name_change_round_115(annotator, text, seed, expected):
    out = get_transform("name_change")(Example(text), seed=seed, annotator=annotator)
    assert (out and out.text) == expected


def test_confusable_names():
    assert confusable("Farah", {"sarah"}) == "sarah" and confusable("Gary", {"mary"}) == "mary"
    assert confusable("Jon", {"don"}) == "don" and confusable("Allyson", {"alison"}) == "alison"
    assert confusable("Greta", {"sarah"}) is None and confusable("Ava", {"eve"}) is None


def test_inflected_name_idioms():
    assert in_name_idiom("Joe", ["averages Joe 's all looked up"]) and in_name_idiom("Joe", ["average Joe’s"])
    assert in_name_idiom("Tom", ["the peeping Toms ran"]) and in_name_idiom("John", ["a John Doe 's file"])
    # an "s" after the name makes a verb, not a plural: still a person
    assert not in_name_idiom("John", ["John does the dishes ."]) and not in_name_idiom(
        "Joe", ["Joe blows out a candle"]
    )


def test_dc_cast_has_the_robins():
    cast = ensemble_names(["Dick said goodnight . Or Jason . Or Selina ."], False)
    assert cast == {"dick", "jason", "selina"}
    assert not ensemble_names(["Jason and Tim went fishing ."], False)
