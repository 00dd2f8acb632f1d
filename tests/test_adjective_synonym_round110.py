"""Swaps a strict reading of adjective_synonym (round 110) found wrong, each produced by the code
before the fix, for ``synonym`` too (the check is shared): an intensifier swapped as an adjective
("looked awful sharp" -> "terrible sharp"), "right" put into a noun phrase without a determiner
("with correct equipment" -> "with right equipment") and "renowned" after a verb with no "for ..."
("she is famous now" -> "she is renowned now")."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.resources import wordnet as wordnet_resource

pytestmark = pytest.mark.skipif(not wordnet_resource.available(), reason="WordNet is not installed")

DECLINED = [
    # "awful" is a degree word before an adjective or adverb, whatever its tag
    "The spike looked awful sharp , and I thought I might have been a goner .",
    "It was awful sharp .",
    "He felt awful tired .",
    "He was awful quickly tired .",  # before an adverb of manner
    "It was an awful big dog .",
    # "right" (appropriate) wants a determiner
    "It is impossible to see far into the field , even with correct equipment .",
    "She gave incorrect answers .",
    # "renowned" after a verb wants "for ..."
    "She released an album . She is famous now .",
    "She was famous too .",
]


@pytest.mark.parametrize("name", ["adjective_synonym", "synonym"])
@pytest.mark.parametrize("text", DECLINED)
@pytest.mark.parametrize("seed", range(2))
def test_round110_swaps_are_declined(annotator, name, text, seed):
    assert get_transform(name)(text, seed=seed, annotator=annotator) is None


@pytest.mark.parametrize(
    "text,expected",
    [
        ("She saw an awful movie .", "She saw a terrible movie ."),  # an adjective of its noun
        ("The food was awful now .", "The food was terrible now ."),  # "now" is no graded adverb
        # "next" opens a noun phrase, "okay" grades nothing (ROC dev, declined by a first version)
        ("but she thought it would be okay next time .", "but she thought it would be fine next time ."),
        ("She had the correct equipment .", "She had the right equipment ."),  # with a determiner
        ("She is a famous singer .", "She is a renowned singer ."),  # attributive
        ("She is famous for her songs .", "She is renowned for her songs ."),  # with its complement
    ],
)
@pytest.mark.parametrize("name", ["adjective_synonym", "synonym"])
def test_round110_plain_uses_still_swap(annotator, name, text, expected):
    out = get_transform(name)(text, seed=0, annotator=annotator)
    assert out is not None and out.text == expected
