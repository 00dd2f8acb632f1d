"""Golden cases for what round 69's strict reading found in conceptnet_substitution (each declined
case was produced by the code before the fix): an edit inside a general claim ("Each choice we make
creates an alternate timeline": the narrator's theory, no told event) and an edit inside a repeated
litany whose opposite the story already sets beside it ("I die , I am reborn , I die" -> "I live"); and
(round 742) a movement into a posture ("fell to one knee" -> "rose to one knee")."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.example import Example

_TIMELINE = (
    "No one knows that I don ’ t know anything about bombs . I don ’ t even know which colour wire I cut . My eyes"
    " were closed when I snipped that wire . Each choice we make creates an alternate timeline . The secret to my"
    " skill is knowing there is always going to be a timeline where you succeed . It ’ s pretty simple , really ."
)
_LITANY = (
    "I used to count the days , then years since I had experienced interaction with other life . Years turned to"
    " decades , to centuries . How could I be so stupid ? I die , I am reborn , I die , I am reborn , I die , I am"
    " reborn . Space is cold , I can not live more than a couple minutes . How much longer do I have to endure this"
    " constant redeath to rebirth ? I have died 10^100000000 x 10^1000000000 times , all because I thought I was"
    " being clever ."
)
_KNEE = (
    "The cab took off before I had closed the door and I fell to one knee . Naturally there was a pool of murky"
    " water right where I fell . I unsteadily got to my feet again . I clenched my eyes to focus on my location ."
)
_SCULPTURE = (
    "a man hired him to create a sculpture . michael began working on his art piece . he finally finished the"
    " sculpture after many hours of hard work . the man was thrilled with michael 's wonderful work ."
)

GOLDEN = [
    # a general claim (present, generic subject): no event of the story pins it down
    ("", _TIMELINE, None),
    # one word of a repeated litany, its opposite ("live") already in the next sentence: a variation
    ("", _LITANY, None),
    # a movement into a posture: "rose to one knee" reads as natural as "fell to one knee" (round 742)
    ("", _KNEE, None),
    # a told event under a past verb ("hired him to create") still makes the contradiction
    ("michael was a wonderful artist .", _SCULPTURE, _SCULPTURE.replace("to create", "to destroy")),
]


@pytest.mark.parametrize("context,text,expected", GOLDEN)
def test_round69_conceptnet_golden(annotator, context, text, expected):
    out = get_transform("conceptnet_substitution")(Example(text, context=context or None), seed=69, annotator=annotator)
    assert (out.text if out else None) == expected
