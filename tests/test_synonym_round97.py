"""Synonym swaps a strict reading of 20 long WritingPrompts stories (round 97) found wrong, each
produced by the code before the fix: a fixed phrase broken ("in store" -> "in shop"), a slip for
"by" read as a purchase, a person made the thing bought, and "hide" -> "conceal" (no object to
conceal; a register shift beside slang)."""

from __future__ import annotations

import pytest

from perturbkit import get_transform

DECLINED = [
    "I wonder what fate has in store for me . It was a dark night .",
    "We went buy the books and did everything right .",
    "The cake the company bought me was huge .",
    "Everyone knew the government was hiding shit .",
]


@pytest.mark.parametrize("text", DECLINED)
@pytest.mark.parametrize("seed", range(3))
def test_round97_swaps_are_declined(annotator, text, seed):
    assert get_transform("synonym")(text, seed=seed, annotator=annotator) is None


def test_a_plain_purchase_still_swaps(annotator):
    out = get_transform("synonym")("He bought a ticket to the movie .", seed=0, annotator=annotator)
    assert out is not None and out.text == "He purchased a ticket to the movie ."


@pytest.mark.parametrize("seed", range(3))
def test_round98_register_and_fixed_phrase(annotator, seed):
    # round 98: "Big hair" -> "Large hair" (a hairstyle), "really strange" -> "really peculiar" in a
    # 13-year-old's voice (bookish)
    for text in ("Big hair was the thing back then .", "Puberty is a strange thing , I kinda hate it ."):
        assert get_transform("synonym")(text, seed=seed, annotator=annotator) is None


ROUND99 = [
    # a formal synonym in a character's speech or an italic quotation
    '"Honey , you ca n\'t be serious about buying a new pair of shoes again ," he said .',
    "*Are you sure you want to permanently delete this file ?* I clicked yes .",
    # "sick" of nerves is no illness
    "I felt kind of sick before I asked her .",
]


@pytest.mark.parametrize("text", ROUND99)
def test_round99_register_and_sense(annotator, text):
    assert get_transform("synonym")(text, seed=0, annotator=annotator) is None
