"""Golden cases for what round 746's strict reading found in keyword_substitution (each declined
case was produced by the code before the fix): "destroys his own levels" in a game (slang for
beating them), "each choice destroys a timeline" (a premise's law, no event), "the good human" for
a story's "bad human" (reads as another person) and "disliked their dogs" before looking for a dog
(another dog may still be wanted)."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.example import Example

GOLDEN = [
    # roc 1204: in a game "destroys his own levels" reads as beating them, which playing them fits
    (
        "seth loves video games .",
        "he plays them most days after school . his favorite video game is little big planet . in the game he"
        " builds his own levels . he has fun playing those levels with his brothers .",
        None,
    ),
    # wp 639: a creating verb whose subject is no agent states a premise's law, which the opposite law fits too
    (
        "",
        "I cut the wire with my eyes closed . Each choice we make creates an alternate timeline . The secret to"
        " my skill is knowing there is always a timeline where you succeed .",
        None,
    ),
    # wp 259: "the good human" for the story's "bad human" reads as another person, not a contradiction
    (
        "",
        "I leapt from the bad human and hid beneath the sofa . I heard the bad human moving in the office once"
        " again . The bad human had hold of his rucksack .",
        None,
    ),
    # roc 1331: disliking a friend's dogs leaves wanting a dog of her own possible
    (
        "beth had never had a pet before in her life .",
        "she had been to a friend 's and found she really liked their dogs . the next day , beth went to the pet"
        " store to look for a dog . beth bought the two bunnies instead of a dog .",
        None,
    ),
    # a creation by a person, outside a game, stays: "hired him to destroy a sculpture" is contradicted
    (
        "michael was a wonderful artist .",
        "a man hired him to create a sculpture . michael began working on his art piece . he finally finished the"
        " sculpture after many hours of hard work .",
        "a man hired him to destroy a sculpture . michael began working on his art piece . he finally finished the"
        " sculpture after many hours of hard work .",
    ),
]


@pytest.mark.parametrize("context,text,expected", GOLDEN)
def test_round746_golden(annotator, context, text, expected):
    out = get_transform("keyword_substitution")(Example(text, context=context or None), seed=746, annotator=annotator)
    assert (out.text if out else None) == expected
