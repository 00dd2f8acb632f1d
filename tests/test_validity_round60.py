"""Golden cases for what round 60's strict reading found in keyword_substitution and
conceptnet_substitution (each declined case was produced by the code before the fix): "hated"
beside a mere mention, a remembered image in the present, an eye opened or closed at a moment no
other sentence fixes, and an animal's sibling where the story does not name the old animal again."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.example import Example

_ICE_CREAM = (
    "his grandmother loved vanilla ice cream . paul always brought her ice cream when he visited . one day ,"
    " paul came over and forgot to bring any ice cream . he took his grandmother to an ice cream shop for ice cream ."
)
_LEMONS = (
    "It came later that I started realizing things were different . First , it was pulling the lemon out of his"
    " water at a restaurant . Jon loved lemons ... I would usually give him my lemon to add to his drink . That 's"
    " fine , tastes can change ."
)

GOLDEN = [
    # "hated" contradicts only a stated fondness for the same thing: "brought her ice cream" may be another
    # flavour, a therapist smiling or a lemon given fit either attitude
    ("keyword_substitution", "paul liked to visit his grandmother .", _ICE_CREAM, None),
    ("conceptnet_substitution", "paul liked to visit his grandmother .", _ICE_CREAM, None),
    ("keyword_substitution", "", _LEMONS, None),
    ("conceptnet_substitution", "", _LEMONS, None),
    (
        "keyword_substitution",
        "",
        "`` Time 's up , Emma . '' Emma looked up , her therapist smiled at her . She loved her therapist . Emma"
        " looked back at her drawing . Her therapist spoke , `` Emma , that was a wonderful story . '' Emma nodded ."
        " Her therapist nodded , and knelt putting a hand on Emma 's shoulder .",
        None,
    ),
    # a stated fondness for the same thing still makes the contradiction
    (
        "keyword_substitution",
        "",
        "his grandmother loved vanilla ice cream . she enjoyed the ice cream every single day .",
        "his grandmother hated vanilla ice cream . she enjoyed the ice cream every single day .",
    ),
    # a memory in the present, in a list of memories: "I forget that it was loud"
    (
        "keyword_substitution",
        "",
        "`` I do n't know . It 's just ... weird I guess . '' I do n't remember most of the argument that followed ."
        " I remember that it was loud . I remember that before I stormed off Ronny said , `` Well not all of us can"
        " run away ! '' What I remember more than the argument was that almost no one looked up .",
        None,
    ),
    # an eye opened or closed: a moment no other sentence fixes ("before I even closed my eyes" reads naturally)
    (
        "conceptnet_substitution",
        "",
        "I saw the bright of morning before I even opened my eyes . I lay in my bed , in the fetal position , the dog"
        " curled at my knees . As I opened my eyes , I felt a tinge of fear , as was common most mornings . The"
        " surprise of looking at your own face unexpectedly never really wears off .",
        None,
    ),
    # a bare "I started" (round 732) reads as "startled", not as the opposite of stopping
    (
        "conceptnet_substitution",
        "",
        "I 'd say my parents made it about five feet and I six before they stopped and my mother said just a touch"
        " louder than her speaking voice , “ Joshua , stop right there ! Come back here and walk with your family ! ”"
        " Now , I stopped . I always stopped when she spoke with that tone . But I sure as sugar wouldn ’ t be"
        " joining them if they were taking the boring route .",
        None,
    ),
    # an animal's sibling at its last mention plausibly fits the scene ("feeding ... the rats"); a sibling the
    # story contradicts by naming the old animal again later stays
    (
        "conceptnet_substitution",
        "we put corn cobs on the porch for the squirrels .",
        "the squirrels dropped kernels on the floor . our neighbors ' chickens came up onto our porch . they ate the"
        " leftover corn kernels . we ended up feeding the chickens more than the squirrels .",
        None,
    ),
    # a close relative plausibly shares the scene even where the story names the old animal again
    (
        "conceptnet_substitution",
        "carter liked to visit his uncle 's farm .",
        "his uncle owned several horses . carter liked to watch the horses run . carter 's parents decided to put"
        " him in riding school . carter loved riding the horses .",
        None,
    ),
    (
        "conceptnet_substitution",
        "",
        "the dog jumped at her feet . she threw the snowball . the dog chased it happily . she laughed as the dog"
        " rolled in the snow .",
        "the dog jumped at her feet . she threw the snowball . the fox chased it happily . she laughed as the dog"
        " rolled in the snow .",
    ),
]


@pytest.mark.parametrize("name,context,text,expected", GOLDEN)
def test_round60_golden(annotator, name, context, text, expected):
    out = get_transform(name)(Example(text, context=context or None), seed=60, annotator=annotator)
    assert (out.text if out else None) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # round 69 (wp 937): "impossible" -> "possible" is a judgement nothing in a story contradicts
        (
            "it was impossible to sleep . the noise was loud . he stayed awake all night because it was impossible"
            " to sleep .",
            None,
        ),
        # round 69 (roc 1635): "caught the fake id" -> "the real id" reads as finding her real one; the
        # first "fake" is flipped instead, which the caught fake then contradicts
        (
            "she wanted a drink . she used a fake id at the bar . the bouncer caught the fake id . she was sent home .",
            "she wanted a drink . she used a real id at the bar . the bouncer caught the fake id . she was sent home .",
        ),
    ],
)
def test_keyword_declines_modal_judgements_and_detected_objects(text, expected):
    out = get_transform("keyword_substitution")(text, seed=0)
    assert (out.text if out else None) == expected
