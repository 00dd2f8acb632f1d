"""union_negative's single-technique draws (round 49): a reordering alone must break a tie between
the sentences, UNION's keyword sampler keeps the word's class and frame, idioms stay whole."""

from __future__ import annotations

import pytest

from perturbkit.transforms._order_ties import order_broken, unit_ties
from perturbkit.transforms._shuffle_units import shuffle_units
from perturbkit.transforms._substitution.keywords import corpus_swap_ok

pytestmark = pytest.mark.usefixtures("annotator")


def _ties(annotator, text):
    doc = annotator.parse(text)
    return unit_ties(doc, [u for u in shuffle_units(doc) if u.movable])


def test_a_plausible_order_breaks_no_tie(annotator):
    # round 49: labor first, keys after the towel still reads as a story
    story = (
        "she grabbed her keys and a bag . she put a towel down in the seat . "
        "she leaked on it all the way there . she was starting to go into labor ."
    )
    assert order_broken(_ties(annotator, story), [3, 1, 0, 2]) is False


def test_a_definite_before_its_introduction_breaks_the_order(annotator):
    story = "tom found a puppy . he fed the puppy . he was happy ."
    assert order_broken(_ties(annotator, story), [1, 2, 0]) is True
    # known from the context: "the puppy" needs no introduction in the story
    assert order_broken(_ties(annotator, story), [1, 2, 0], frozenset({"puppy"})) is False


def test_an_opener_first_breaks_the_order(annotator):
    story = "tina ate the cake . she felt sick . then she learned her lesson ."
    assert order_broken(_ties(annotator, story), [2, 0, 1]) is True


@pytest.mark.parametrize(
    "sentence,word,new,ok",
    [
        (
            "he also wanted to prepare some for later that week .",
            "prepare",
            "ask",
            False,
        ),  # verb.change -> communication
        ("when she read the note she was very flattered .", "read", "love", False),  # cognition -> emotion
        ("neither dog is a good pet .", "dog", "president", False),  # animal -> person
        ("he bought a car yesterday .", "bought", "steal", True),  # both possession, both take a thing
    ],
)
def test_union_sampler_keeps_the_class_and_frame(annotator, sentence, word, new, ok):
    doc = annotator.parse(sentence)
    tok = next(t for t in doc if t.text == word)
    assert corpus_swap_ok(tok, tok.lemma_.lower(), tok.pos_, new) is ok


def test_face_to_face_is_fixed(annotator):
    from perturbkit.transform.substitution import fixed_expression_tokens

    doc = annotator.parse("he was afraid to ask her face to face .")
    assert {doc[i].text for i in fixed_expression_tokens(doc)} >= {"face", "to"}
