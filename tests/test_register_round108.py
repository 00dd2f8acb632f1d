"""contraction, validity round 108 (WP 19/20): a series of negations ("It was not black , not
white , nor anywhere in between") is one parallel run, so none of its "not"s is contracted; and
``Transform.describe`` gives the whole claim (the reader of round 108 saw it cut mid-sentence)."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.transform import registry


@pytest.mark.parametrize(
    "text",
    [
        "It was not black , not white , nor anywhere in between . We did not know .",
        "He was not tall ; not short either . We did not know .",
    ],
)
def test_a_negation_series_stays_whole(annotator, text):
    out = get_transform("contraction", direction="contract")(text, seed=0, annotator=annotator)
    assert out is not None
    first = out.text.split(" . ")[0]
    assert first == text.split(" . ")[0]  # the series is untouched
    assert "did n't know" in out.text  # the plain negation of the next sentence still contracts


def test_describe_is_the_whole_first_paragraph():
    text = registry()["sentence_shuffle"].describe()
    assert text.startswith("Reorder the story's sentences so that the order of events breaks")
    assert "more than one pair changes order" in text and "\n" not in text
