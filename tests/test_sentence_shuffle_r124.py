"""sentence_shuffle, round 124 (WritingPrompts dev): a long story whose movable units tell almost no
events (a static present-tense description of a room, a lyrical first-person reflection) has no
order of events to break, and a shuffle of it reads about as well: declined. A narrative of the
same length is still shuffled."""

from __future__ import annotations

import random

from perturbkit.example import Example
from perturbkit.transforms.reorder import SentenceShuffle

GARAGE = (
    "The workbench is dusty and full of old screws . "
    "There is a rusty bicycle on the far wall . "
    "The shelves are crowded with paint cans , most of them half empty . "
    "The only window is small and dirty . "
    "The floor is cold concrete with an oil stain near the door . "
    "Both cabinets have broken latches and a sticker on the front ."
)
LYRIC = (
    "I have so many words yet none of them fit . "
    "I wanted to be honest and I think there are things I have never said . "
    "Standing near you quiets every loud thought I own . "
    "Sometimes I can not sleep , but mostly I just love the silence of the night . "
    "I know this is what it means to care too much . "
    "My hands are shaking as I write this ."
)
HIKE = (
    "Nina packed her bag before dawn . "
    "She drove to the trailhead and parked by the lake . "
    "She climbed the steep path for three hours . "
    "At the top she ate an apple and took a photo . "
    "A storm rolled in from the west . "
    "She hurried back down and reached the car soaked ."
)


def _run(annotator, text):
    ex = Example(text, id="t")
    doc = annotator.parse(text)
    t = SentenceShuffle()
    return t.applicable(ex, doc), t.apply(ex, doc, random.Random(124))


def test_a_static_description_is_declined(annotator):
    assert _run(annotator, GARAGE) == (False, None)


def test_a_lyrical_reflection_is_declined(annotator):
    assert _run(annotator, LYRIC) == (False, None)


def test_a_narrative_of_the_same_length_is_still_shuffled(annotator):
    ok, out = _run(annotator, HIKE)
    assert ok
    assert out.text == (
        "A storm rolled in from the west . She drove to the trailhead and parked by the lake . "
        "She hurried back down and reached the car soaked . She climbed the steep path for three hours . "
        "At the top she ate an apple and took a photo . Nina packed her bag before dawn ."
    )
