"""sentence_shuffle's round-121 miss (WP 19/20): an author's note in brackets opening the story,
in lower case ("( I 'm doing this one because my friend 's cat actually ate a spatula ... ) -- Much
later , ...", wp_dev-922), moved glued to the sentence after it into the middle of the story.
Brackets that open the story stay in place whatever they say; the sentence after them moves alone."""

from __future__ import annotations

from perturbkit.example import Example
from perturbkit.transform import get_transform
from perturbkit.transforms._shuffle_units import shuffle_units

SPATULA = (
    "( I wrote this one because my cat once ate a sock and needed surgery ... ) Much later , Linda sat "
    "in the waiting room . She thought about the morning . The shop had opened at eight . "
    "A man had called with a threat . Then the boxes began to bulge ."
)
MIDDLE = "Linda sat in the waiting room . ( She was tired . ) She thought about the morning . The shop had opened ."


def test_brackets_opening_the_story_are_a_note_that_stays(annotator):
    units = [(u.text, u.movable) for u in shuffle_units(annotator.parse(SPATULA))]
    assert units[:2] == [
        ("( I wrote this one because my cat once ate a sock and needed surgery ... )", False),
        ("Much later , Linda sat in the waiting room .", True),
    ]
    outs = [get_transform("sentence_shuffle")(Example(SPATULA), seed=s, annotator=annotator) for s in range(6)]
    assert all(o is not None for o in outs)
    for o in outs:  # the code before moved the note with "Much later , Linda sat ..." into the story
        assert o.text.startswith("( I wrote this one because my cat once ate a sock and needed surgery ... ) ")
        assert not o.text.startswith("( I wrote this one because my cat once ate a sock and needed surgery ... ) Much")


def test_brackets_inside_the_story_are_not_a_note(annotator):
    assert all(u.movable for u in shuffle_units(annotator.parse(MIDDLE)) if "( She was tired . )" in u.text)
