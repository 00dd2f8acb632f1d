"""Sentence units keep an aside in brackets whole (round 112, wp_dev-1029: union_negative's
reordering moved "cheers ! ) ." mid-story, before the opening "( OK I have not wrote ANYTHING
..."), and an aside of several sentences that ends the story (an author's note) stays in place."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.transforms._quotes import bracket_spans
from perturbkit.transforms._units import text_units

pytestmark = pytest.mark.usefixtures("annotator")

_NOTE = (
    "I was not good enough . ( OK I have not wrote ANYTHING since high school . so umm.. yeah my "
    "grammar is awful . So I must apologize.. I just thought this was a cool idea . cheers ! ) ."
)


def test_a_bracketed_aside_is_one_unit_and_an_ending_one_stays():
    assert bracket_spans("He left . ( Sorry . More soon ! ) 1) Go :) .") == ((10, 33),)
    # the code before: "( OK ... awful .", "So I must apologize..", "I just ... cheers ! ) .", all movable
    assert [(u.text, u.movable) for u in text_units(_NOTE)] == [
        ("I was not good enough .", True),
        (_NOTE[len("I was not good enough . ") :], False),  # it ends the story: the author's note
    ]
    aside = "( He never hears it . It is too quiet . )"
    assert [(u.text, u.movable) for u in text_units(f"Tom woke up late . {aside} He ran .")] == [
        ("Tom woke up late .", True),
        (f"{aside} He ran .", True),
    ]


_STORY = (
    "Tom woke up late . ( He never hears his alarm . It is too quiet . ) He ran to the bus stop . "
    "The bus had left . He walked to work in the rain . His boss yelled at him . "
    "( This is my first story . I hope it reads well . Thanks ! ) ."
)


@pytest.mark.parametrize("seed", range(6))
def test_a_shuffle_moves_a_bracketed_aside_whole_and_leaves_the_note_last(annotator, seed):
    """The code before cut both asides apart (each of their sentences was a unit of its own)."""
    note = _STORY[_STORY.rindex("(") :]
    out = get_transform("sentence_shuffle")(_STORY, seed=seed, annotator=annotator)
    assert out is not None and out.text.endswith(note)
    assert "( He never hears his alarm . It is too quiet . )" in out.text
