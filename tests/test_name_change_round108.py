"""name_change, validity round 108 (20 ROC + 20 WritingPrompts dev stories, 37 of 40 valid) and
the famous people rounds 105-106 rejected: a lower-cased name that is a common noun and never a
person ("what he did with teddy", the class's teddy bear), a character of a sitcom the story
alludes to by its cast ("Sam and Diane", "Sam killed Coach"), a name whose initial labels a speaker
("J : In my defense"), and famous people WordNet 3.0 does not list ("Bruce Springsteen")."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.example import Example
from perturbkit.transforms._character.name_checks import is_famous_person
from perturbkit.transforms._character.name_cues import (
    ensemble_names,
    famous_full_name,
    is_common_noun,
    speaker_initial,
)

TEDDY = (
    "his teacher had sent him home with a class stuffed animal . he got to share with the class the next day "
    "what he did with teddy . everyone was excited ."
)

NAME_ROUND_108 = [
    # roc:rocstories_dev-1050: "teddy" is the class stuffed animal (before: "what he did with sipho")
    (Example(TEDDY, context="henry was in school for the first time ."), None),
    # a figurine of Big Ben is no person (before: "a porcelain figurine of big ivan")
    (
        Example(
            "we found a porcelain figurine of big ben . it sits on the mantle at home .", context="we went to england ."
        ),
        None,
    ),
    # still renamed: a common-noun name that is a subject, or the first name of a subject
    (
        Example("teddy went to the park . his mom gave teddy a ball .", context="it was a sunny day ."),
        "mohammed went to the park . his mom gave mohammed a ball .",
    ),
    (
        Example(
            "mike olsen went to a tunnel . mike olsen was never seen again .", context="not much is known about him ."
        ),
        "pierre olsen went to a tunnel . pierre olsen was never seen again .",
    ),
    # wp:wp_dev-426: the cast of Cheers (before: "Isaac and Diane", "Isaac killed Coach")
    (
        Example(
            "We know Sam and Diane do n't end up together . We know Ross and Rachael is pretty cute . "
            "We 'll kill ya 'll like Sam killed Coach out behind the bar ."
        ),
        None,
    ),
    # wp:wp_dev-846 (round 106): the BattleTech duke beside Ilsa Centrella and Daoshen Liao
    (Example("Duke Ari Humphreys met Magistrix Ilsa Centrella and Chancellor Daoshen Liao . Ari smiled ."), None),
    # still renamed: two names of one cast are an ordinary couple
    (
        Example("We know Sam and Diane do n't end up together . Sam smiled ."),
        "We know Gerald and Diane do n't end up together . Gerald smiled .",
    ),
    # wp:wp_dev-472: "J :" labels Joe's lines (before: "Tony : ... J :")
    (
        Example(
            "Tina : “ You stupid idiot , I trusted you ! ” Joe : “ But I thought this was nothing new ? ” "
            "T : “ Of course you did . ” J : “ In my defense , I thought it was known . ”"
        ),
        None,
    ),
    (
        Example("Tina yelled at Joe . Joe said he thought it was nothing new ."),
        "Hannah yelled at Joe . Joe said he thought it was nothing new .",
    ),
    # wp:wp_dev-880 (round 105): "Blake Springsteen played from hidden speakers"
    (Example("Bruce Springsteen played from hidden speakers . Bruce sang of the river ."), None),
    (Example("Taylor Alison Swift sang on the radio . Taylor waved ."), None),  # a middle name between
    (Example("Michael Jordan dunked the ball . Michael smiled ."), None),
    (Example("we watched a movie with tom cruise . tom was great in it .", context="it was movie night ."), None),
    # the full name only in the context (before: "Henry Jobs showed a phone")
    (Example("Steve smiled at the new phone . Steve waved .", context="Steve Jobs showed a phone ."), None),
    (Example("Taylor sang on the radio . Taylor waved ."), "Emerson sang on the radio . Emerson waved ."),
]


@pytest.mark.parametrize("example,expected", NAME_ROUND_108)
def test_name_change_round_108(annotator, example, expected):
    out = get_transform("name_change")(example, seed=0, annotator=annotator)
    assert (out and out.text) == expected


CELEBRITIES = (
    "Taylor Swift, Tom Cruise, Barack Obama, Donald Trump, Elon Musk, Steve Jobs, Mark Zuckerberg, "
    "Michael Jordan, Keanu Reeves, Morgan Freeman, Bruce Springsteen, Kim Jong-un, Harry Potter"
)


@pytest.mark.parametrize("name", CELEBRITIES.split(", "))
def test_famous_people_lexicon(name):
    assert is_famous_person(name)
    assert famous_full_name(name.split()[0], [f"We saw {name} today."]) == name


def test_not_famous():
    assert not is_famous_person("Anna Smith")
    assert famous_full_name("Taylor", ["Taylor sang. Swift rivers ran."]) is None


def test_cues():
    assert is_common_noun("teddy") and is_common_noun("jack") and not is_common_noun("amy")
    assert ensemble_names(["Harry met Ron and Hermione."], False) == {"harry", "ron", "hermione"}
    assert ensemble_names(["Harry met Ron."], False) == frozenset()
    assert speaker_initial("Joe", ["T : Hi . J : Hello ."], False) == "J :"
    assert speaker_initial("Joe", ["We met at 5 : 30 . Joe left ."], False) is None
