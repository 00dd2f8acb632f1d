"""union_negative's round-114 invalid cases: every sentence of a short story negated (roc 446: "she
did not bear constant abuse", "nestor did not make ...": a dull story of non-events, no
incoherent one), a corpus noun that cannot stand bare in a bare singular slot ("top student ,
stickler for neatness" -> "girl for neatness", wp 482), and a negation of the story's "it 's" for
"its" ("it 's claws hit" -> "it 's not claws hit", wp 86)."""

from __future__ import annotations

import dataclasses

import pytest

from perturbkit.transforms.mixture import default_technique

pytestmark = pytest.mark.usefixtures("annotator")

_STORY = (
    "she bore constant abuse from fans and players . nestor made a decent part-time income through the work ."
    " she worked at a nearby youth center league . nestor developed a thick skin ."
)
#: "girl" is used bare as an object (3 of 18 uses) but mostly counted: no mass noun.
_CORPUS = [
    "i saw girl .",
    "i saw girl .",
    "a girl came .",
    "the girls left .",
    "i met a girl .",
    "she liked the girls .",
] * 3


@pytest.fixture(scope="module")
def negation():
    return default_technique("negation").transforms[0]


@pytest.mark.parametrize(
    ("seed", "expected"),
    [
        # the code before: all four sentences negated (roc 446)
        (3, "she bore constant abuse from fans and players . nestor made a decent part-time income through the work ."
            " she did not work at a nearby youth center league . nestor developed a thick skin ."),
        # a draw of one sentence is kept as it was
        (0, "she bore constant abuse from fans and players . nestor did not make a decent part-time income through"
            " the work . she worked at a nearby youth center league . nestor developed a thick skin ."),
    ],
)  # fmt: skip
def test_negation_flips_at_most_a_third_of_the_sentences(annotator, negation, seed, expected):
    assert negation(_STORY, seed=seed, annotator=annotator).text == expected


def test_negation_count_is_capped_over_seeds(annotator, negation):
    for seed in range(8):
        out = negation(_STORY, seed=seed, annotator=annotator)
        assert len(out.edits) == 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the code before: "it 's not claws hit him with a massive swipe ." (wp 86)
        ("it 's claws hit him with a massive swipe .", None),
        ("the bear stood up . it 's claws hit him with a massive swipe .",
         "the bear did not stand up . it 's claws hit him with a massive swipe ."),
        ("it 's a bear .", "it 's not a bear ."),  # a copula before a determiner stays
    ],
)  # fmt: skip
def test_negation_declines_its_spelt_it_s(annotator, negation, text, expected):
    out = negation(text, seed=0, annotator=annotator)
    assert (out.text if out else None) == expected


@pytest.fixture(scope="module")
def substitution(annotator):
    """UNION's strict substitution, swapping every site it can."""
    own = default_technique("substitution").transforms[0]
    return dataclasses.replace(own, rate=1.0, max_words=10).fit(_CORPUS, annotator)


@pytest.mark.parametrize(
    "text",
    [
        # the code before: "... top student , girl for neatness , ..." (wp 482)
        "`` Hmm , let 's see , top student , stickler for neatness , more than a little anal retentive '' .",
        "she is stickler for neatness .",
    ],
)
def test_substitution_fills_a_bare_slot_only_with_a_noun_used_bare(annotator, substitution, text):
    assert substitution(text, seed=0, annotator=annotator) is None


def test_substitution_keeps_a_counted_slot(annotator, substitution):
    out = substitution("a stickler came .", seed=0, annotator=annotator)
    assert out is not None and out.text == "a girl came ."
