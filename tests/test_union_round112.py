"""union_negative's round-112 invalid cases, declined or kept whole: an antonym of the wrong sense
("fixed the errors" -> "broke the errors", roc 2137: "fix" there corrects, "break" opposes only
"repair" of a thing one handles), a corpus noun read in its wrong sense ("scabs" -> "regulars",
wp 1189: "scab" is a strikebreaker first, a wound's crust second), a gendered noun the pronouns of
the same person contradict ("He 's my friend" -> "He 's my mother", wp 965). The fourth case (a
bracketed author's note cut apart by the reordering, wp 1029) is in test_units_brackets.py."""

from __future__ import annotations

import dataclasses

import pytest

from perturbkit.transforms.mixture import default_technique

pytestmark = pytest.mark.usefixtures("annotator")

#: Frequent corpus nouns of the slots the cases swap ("regulars", "mother").
_CORPUS = ["the regulars came .", "the regulars left .", "my mother came .", "my mother left .", "a mother ."] * 3


@pytest.fixture(scope="module")
def substitution(annotator):
    """UNION's strict substitution, swapping every site it can (so the only site is taken)."""
    own = default_technique("substitution").transforms[0]
    return dataclasses.replace(own, rate=1.0, max_words=10).fit(_CORPUS, annotator)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the code before: "... then broke the errors ." (roc 2137), "he broke dinner ."
        ("i read the guidelines and then fixed the errors .", None),
        ("he fixed dinner .", None),
        ("he fixed the car .", "he broke the car ."),  # a thing one handles: the opposite holds
        # the code before: "There are regulars on my neck ." (wp 1189)
        ("There are scabs on my neck .", None),
        # the code before: "He 's my mother .", "My mother lost his keys ." (wp 965)
        ("He 's my neighbor .", None),
        ("My neighbor lost his keys .", None),
        ("Sam , my neighbor , came .", None),
        # no pronoun or name of another gender: the swap stands
        ("She 's my neighbor .", "She 's my mother ."),
        ("My neighbor came . She was sad .", "My mother came . She was happy ."),
        ("My neighbor hit him .", "My mother hit him ."),
    ],
)  # fmt: skip
def test_substitution_keeps_the_sense_and_the_gender(annotator, substitution, text, expected):
    out = substitution(text, seed=0, annotator=annotator)
    assert (out.text if out else None) == expected
