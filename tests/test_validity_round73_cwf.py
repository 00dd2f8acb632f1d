"""Golden cases for the causal word flips round 73's reader found invalid on WP (each declined case
was produced by the code before the fix): a reported word or opinion as one side ("because my life
coach said it is a good thing" reads plausibly either way round), a "so" clause left with a finite
verb without a subject ("so my life coach said is a good thing"), and a reaction next to another
agent's act ("snorted in protest, so Melizan rubbed her neck" -> "because": a horse may protest
being touched); and in round 755's sample a negated new cause ("This was because I never got to
meet him") and the aside "so you know"."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.example import Example

GOLDEN = [
    # round 73, wp 1104: a report and a subjectless clause behind the new "so"
    (
        "Day 1 : I started writing here because my life coach said is a good thing for me to write down my"
        " thoughts and feelings . I 'll write here when I start to feel like it .",
        None,
    ),
    # a report alone (with its subject): someone's words read as a reason and a response alike
    (
        "Day 1 : I started writing here because my life coach said it is a good thing for me to write down my"
        " thoughts and feelings .",
        None,
    ),
    # a subjectless finite verb alone: "so a documentary showed is bad for him" is garbled
    ("He stopped eating meat because a documentary showed is bad for him .", None),
    # round 73, wp 545: a reaction ("in protest") next to another agent's act on it
    (
        "The horse struggled up the last dune . The horse shook its mane and snorted in protest , so Melizan"
        " rubbed her neck for encouragement . “ Almost there , girl. ”",
        None,
    ),
    ("The dog growled , so the boy pulled its tail .", None),
    # round 755 (a fixer's reading), wp 898: a negated new cause after "This was because" reads as evidence
    (
        "I died when my son was 10 . I left before he was born . So I never got to meet him . I left his mother"
        " because she was dumb .",
        None,
    ),
    # round 755, wp 194: "(just) so you know" is an aside, not a result
    (
        "Sometimes I get the two mixed up . I ain ’ t stupid , so you know . Many great minds have confused"
        " dissimilar animals .",
        None,
    ),
    # round 756 (a fixer's reading): two acts on one kind of thing, an expectation ("would") made the
    # effect, and a cause told inside a belief
    (
        "How could they have let these vermin thrive so long here ? He left his rifle in the tank , so he drew his"
        " pistol . Tarik grew unwary .",
        None,
    ),
    (
        "Her journey was done . Surely the change would occur soon . So she waited in a dainty patch of flowers"
        " nearby . And waited .",
        None,
    ),
    (
        "He had not been here since Mary died . Both he and the doctor believed his girlfriend 's death had caused"
        " these delusions .",
        None,
    ),
    # kept: a clear wrong cause between two past events
    ("I bought a new phone because my old one broke .", "I bought a new phone , so my old one broke ."),
    ("She left because he shouted.", "She left, so he shouted."),
]


@pytest.mark.parametrize("text,expected", GOLDEN)
def test_round73_golden(annotator, text, expected):
    out = get_transform("causal_word_flip")(Example(text), seed=73, annotator=annotator)
    assert (out.text if out else None) == expected
