"""Golden cases for issue 14: a person's bodily need and the act that remedies it ("he was cold, so he
put on a coat"). Made the cause of the need ("he was cold because he put on a coat") the remedy reads
absurd, so causal_word_flip ("so" -> "because", "So" -> "This was because") and causal_swap (around
"because") now take these sites, which their general doubts (an inferable state, an ongoing state)
declined before; the declines that guard the class stay (a qualified remedy, a thing's state, no
bodily need, a "so" the swap would leave inferential), and a remedy that may as well have caused the
need (a soda, making a sandwich, sweat after a shower) is declined now. Stories written for these tests."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.example import Example

UNLOCKED = [
    (
        "causal_word_flip",
        "Jim was very tired, so he went to bed. He slept well.",
        "Jim was very tired because he went to bed. He slept well.",
    ),
    (
        "causal_word_flip",
        "Jim was freezing. So he put on a sweater. He felt warm.",
        "Jim was freezing. This was because he put on a sweater. He felt warm.",
    ),
    (
        "causal_word_flip",
        "jon was exhausted , so he went to bed . he slept well .",
        "jon was exhausted because he went to bed . he slept well .",
    ),
    (
        "causal_word_flip",
        "Jim was filthy, so he took a shower. He felt clean.",
        "Jim was filthy because he took a shower. He felt clean.",
    ),
    (
        "causal_word_flip",
        "Jim was cold. As a result, he built a fire. He felt warm.",
        "Jim was cold. This was because he built a fire. He felt warm.",
    ),
    (
        "causal_swap",
        "Jim put on his coat because he was freezing. He went out.",
        "Jim was freezing because he put on his coat. He went out.",
    ),
    (
        "causal_swap",
        "Because he was freezing, Jim built a fire. He warmed up.",
        "Because Jim built a fire, he was freezing. He warmed up.",
    ),
    (
        "causal_swap",
        "Jim ordered a pizza because he was starving. It came fast.",
        "Jim was starving because he ordered a pizza. It came fast.",
    ),
]

DECLINED = [
    "Jim was tired, so he went to bed late. He slept well.",  # a late night makes one tired
    "Jim was exhausted, so he fell asleep on the couch. He woke up sore.",  # a bad sleep may tire
    "The room was cold, so she put on a sweater. She read.",  # a thing's state, not her need
    "Jim was sick, so he went to the doctor. He got medicine.",  # one may fall sick at a doctor's
    "Jim was bored, so he went to the park. He had fun.",  # a feeling almost any act may leave
    "Jim was too tired to cook, so he ordered a pizza. It was good.",  # no need the act remedies
    "Jim was tired, so he took a nap. He woke up.",  # one may wake from a nap groggy
    "Jim was starving. So he cooked dinner. It was tasty.",  # cooking may whet the appetite
    "Jim was late, so he ran to the bus. He made it.",  # not a bodily need
    "Jim was n't tired, so he went to bed. He read.",  # a negated need
    # produced before issue 14's reading, declined now: a remedy of the need's kind that may have caused it
    "Dan played tennis for hours. He was thirsty, so he drank a soda. He sat on the bench.",
    "Dan played tennis for hours. He drank a soda because he was thirsty. He sat on the bench.",
    "Jen ran five miles. Because she was hungry, Jen made a sandwich. She ate it on the couch.",
    "Joe mowed the lawn in July. He was sweaty, so he took a shower. He put on clean clothes.",
]


@pytest.mark.parametrize("name,text,expected", UNLOCKED)
def test_need_and_remedy_flip(annotator, name, text, expected):
    out = get_transform(name)(Example(text), seed=0, annotator=annotator)
    assert (out.text if out else None) == expected


@pytest.mark.parametrize("name", ["causal_word_flip", "causal_swap"])
@pytest.mark.parametrize("text", DECLINED)
def test_need_and_remedy_guards(annotator, name, text):
    assert get_transform(name)(Example(text), seed=0, annotator=annotator) is None


@pytest.mark.parametrize(
    "text",
    [
        "Jim was very tired, so he went to bed. He slept well.",  # -> "he went to bed, so he was tired": an inference
        "Jim was freezing. So he put on a sweater. He felt warm.",
    ],
)
def test_swap_keeps_the_so_of_a_remedy(annotator, text):
    assert get_transform("causal_swap")(Example(text), seed=0, annotator=annotator) is None
