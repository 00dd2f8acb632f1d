"""Golden cases for what round 74's strict reading found in antonym (each declined case was
produced by the code before the fix): a swap inside a general claim ("Each choice we make creates
an alternate timeline" -> "destroys": a theory no event pins down) and a swap the story itself
turns ("my enemies" -> "my friends" where the enemies became friends), and (round 77) a
present-tense mood in a refrain ("I am happy . Say it again . I am happy" -> "I am sad"). The control keeps a swap
that a later sentence contradicts ("gave me a fake id ... caught the fake id")."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.example import Example

_CLAIM = (
    "No one knows that I never plan anything . I cut the wire with my eyes closed . Each choice we make creates"
    " an alternate timeline . The secret is that there is always a timeline where you succeed ."
)
_TURNED = (
    "I sided with my sworn enemy . For years I fought beside him . In the end I succumbed to my enemies evil ."
    " Now my old enemies are my only friends ."
)
_REFRAIN = "The house is quiet now . I am happy . Say it again . I am happy . The walls creak around me ."
_CLUB = "my friends took me to a club . they gave me a fake id . the bouncer caught the fake id . i called my parents ."

GOLDEN = [
    (_CLAIM, 0, None),
    (_CLAIM, 74, None),
    (_TURNED, 0, None),
    (_TURNED, 74, None),
    # round 77: a present-tense mood in a refrain ("I am happy . Say it again . I am happy" -> "I am sad")
    (_REFRAIN, 0, None),
    (_REFRAIN, 77, None),
    (_CLUB, 74, _CLUB.replace("a fake id", "a real id")),
]


@pytest.mark.parametrize("text,seed,expected", GOLDEN)
def test_round74_antonym_golden(annotator, text, seed, expected):
    out = get_transform("antonym")(Example(text), seed=seed, annotator=annotator)
    assert (out.text if out else None) == expected
