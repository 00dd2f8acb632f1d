"""Patterns that strict readers found in the long WritingPrompts stories (rounds 57, 64, 68): each
story below gave an invalid "breaks" case before and gives none now; the controls keep theirs."""

from __future__ import annotations

import pytest

import perturbkit as pk
from perturbkit.example import Example

DECLINED = [
    # round 57, wp 7: a feared possibility swapped ("afraid he might bite the baby") tells no event
    ("subject_object_swap", "The man seemed uneasy. Like he was afraid the baby might bite him. Anna stepped forward."),
    # round 68, wp 285: a vague judged situation may as well cause the slip as follow from it
    (
        "causal_word_flip",
        "My imaginary friends took over my mind. It was particularly bad today, since I failed to hide my plans "
        "to kill them. I whispered my plans in the presence of one friend.",
    ),
    # round 749, wp 898: "It was bad timing , so a truck ... hit me" still reads
    (
        "causal_word_flip",
        "I was driving so fast I drove through a red light. It was bad timing because a truck coming from my "
        "drivers side hit me. I was killed instantly.",
    ),
    # round 64, wp 109: "Two weeks earlier" among loosely ordered anecdotes reads as fluently
    (
        "temporal_word_flip",
        "Sometimes I like to write mocking messages on the mirror. One of my finer messages was on the day she "
        "came in with singed eyebrows. Two weeks later, one of her mad science experiments was being rolled out "
        "throughout the kingdom. Everyone was required to use this dumb new fertilizer.",
    ),
]


@pytest.mark.parametrize(("name", "text"), DECLINED)
def test_long_story_patterns_declined(name, text):
    assert pk.get_transform(name)(Example(id="x", text=text), seed=0) is None


def test_measured_later_that_goes_on_from_the_sentence_before_still_flips():
    text = "Tom planted tomato seeds in his garden. Two weeks later, the seeds sprouted. He was very happy."
    v = pk.get_transform("temporal_word_flip")(Example(id="x", text=text), seed=0)
    assert v is not None and v.text == text.replace("later", "earlier")
