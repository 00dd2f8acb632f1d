"""union_negative's substitution and negation techniques make only well-formed edits (round 53):
UNION's untargeted keyword sampler and negation alteration garbled clauses ("sold possession of
the ball", "by the change she arrived", "did n't sometimes stand", "here it does n't go"); each
pattern is now declined (the technique returns None on a story where it is the only site)."""

from __future__ import annotations

import dataclasses

import pytest

from perturbkit.transforms.mixture import default_technique

pytestmark = pytest.mark.usefixtures("annotator")

#: A corpus whose frequent words of each slot are the ones readers saw garble a story.
_CORPUS = [
    "my dad sold the car .",
    "my mom sold the car .",
    "she received the car .",
    "she received the gift .",
    "the change was good .",
    "we liked the change .",
    "a metallic box .",
    "it was dull .",
    "a dumb idea .",
    "the stairs were long .",
    "he ended up in the stairs .",
    "it was a tough idea .",
    "the idea was good .",
] * 3


def _own(key: str):
    """UNION's own (untargeted) transform of a technique, without the targeted fallback."""
    t = default_technique(key)
    return t.transforms[0] if hasattr(t, "transforms") else t


@pytest.fixture(scope="module")
def substitution(annotator):
    """UNION's substitution, swapping every site it can (so the only site is taken)."""
    return dataclasses.replace(_own("substitution"), rate=1.0, max_words=10).fit(_CORPUS, annotator)


@pytest.fixture(scope="module")
def negation():
    return _own("negation")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a corpus verb: "received possession" -> "sold possession" (wrong sense); the noun "friend"
        # still takes a person's story-safe antonym
        ("my friend received possession of the ball .", "my enemy received possession of the ball ."),
        # a word of a fixed expression: "by the time" -> "by the change"
        ("she arrived by the time he left .", None),
        # an antonym that makes an idiom: "untie the knot" -> "tie the knot" (a wedding)
        ("he untied the knot .", None),
        # corpus adjectives: "hard to give" -> "dull to give", "dumb move" -> "metallic move"
        ("it is hard to give a shit .", None),
        ("dumb move .", None),
        # corpus nouns of another kind than a person, an animal or a food: "in the stairs", "a tough idea"
        ("i ended up in the sewers .", None),
        ("it was a tough choice but i made it .", None),
    ],
)
def test_substitution_declines_garbling_swaps(substitution, annotator, text, expected):
    for seed in range(3):
        out = substitution(text, seed=seed, annotator=annotator)
        assert (out.text if out else None) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an adverb the inserted "did not" would swallow
        ("the plant sometimes stood in the corner .", None),
        # a quantified subject ("not everything") and an -ly adverb of the predicate
        ("instead , everything seemed oddly clear .", None),
        # a fronted "here"/"there": "here it does not go", "so there i was not walking"
        ("well ok , here it goes .", None),
        ("so there i was walking home .", None),
        # a dialogue tag after a quotation
        ('" are you ok ? " she asked , giving him a funny look .', None),
        # a second clause the parser hung on the first: "did not start ... and thoughts begin"
        ("his vision started to fade and thoughts of sleep began to invade his mind .", None),
        # a clean flip is kept, with its coordinated verb in the base form
        ("he went to the store and bought milk .", "he did not go to the store and buy milk ."),
    ],
)
def test_negation_declines_garbling_flips(negation, annotator, text, expected):
    out = negation(text, seed=0, annotator=annotator)
    assert (out.text if out else None) == expected


def test_negation_keeps_the_clean_sentence_of_a_story(negation, annotator):
    story = (
        "Frank sat down . Now sitting comfortably on the couch , his vision started to fade to black "
        "and thoughts of falling asleep began to invade his mind ."
    )
    out = negation(story, seed=0, annotator=annotator)
    assert out is not None
    assert out.text == story.replace("Frank sat down", "Frank did not sit down")
