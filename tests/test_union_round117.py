"""union_negative's round-117 invalid cases (WP 18/20): a reordering that cut a ``*...`` letter whose
closing asterisk the writer left off ("*Dear Danny* , *I can assure you that I do not exist . Pease
stop writing to me ..." ending the story, wp 1102: "Pease stop ..." moved alone into the narration),
and an emphatic "do" negated with do-support ("I do so love books of fiction" -> "I do n't do so
love books of fiction", wp 478).

union_negative's reordering is ``sentence_shuffle`` with its units (``_shuffle_units``): the
sentences of a ``*...`` passage left open to the end of its line now stay in place with the one
that opens it. The emphatic "do" is checked on every negation insertion (``_negation/shapes.py``),
so ``negation`` and ``negation_alteration`` decline it too."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.transforms._quotes import open_starred_spans, starred_spans
from perturbkit.transforms.mixture import default_technique

pytestmark = pytest.mark.usefixtures("annotator")

LETTER = (
    "Tom wrote to Santa every year . He waited for a reply all winter . Then one night a letter came . "
    "He opened it with shaking hands . *Dear Tom* , *I do not exist . Please stop writing to me . Do not write again ."
)
_OPEN = "*I do not exist . Please stop writing to me . Do not write again ."


def test_an_open_starred_passage_runs_to_the_end_of_its_line():
    assert [LETTER[a:b] for a, b in open_starred_spans(LETTER)] == [_OPEN]
    assert [LETTER[a:b] for a, b in starred_spans(LETTER)] == ["*Dear Tom*"]  # unchanged
    two = "He read : *Go home . Now .\nShe left . *Fine . * he said ."
    assert [two[a:b] for a, b in open_starred_spans(two)] == ["*Go home . Now ."]
    assert open_starred_spans("I * can not * go . *Sigh . *") == ()  # every mark pairs


def test_the_sentences_of_an_open_starred_passage_stay_in_place(annotator):
    # the code before: "Please stop writing to me . Do not write again . Then one night ... *Dear Tom* ,
    # *I do not exist . He opened it ..." (the letter's last sentences moved into the narration)
    out = get_transform("sentence_shuffle")(LETTER, seed=0, annotator=annotator)
    assert out.text == (
        "Then one night a letter came . Tom wrote to Santa every year . He opened it with shaking hands . "
        "He waited for a reply all winter . *Dear Tom* , " + _OPEN
    )


def test_union_reordering_keeps_the_open_letter_whole(annotator):
    union = get_transform("union_negative", weights={"repetition": 0, "substitution": 0, "negation": 0})
    outs = [union(LETTER, seed=s, annotator=annotator) for s in range(6)]
    assert any(o is not None for o in outs)
    for o in outs:  # the letter's sentences after it, never before it (a sentence copy may stand in)
        assert o is None or "*Dear Tom* , *I do not exist . Please stop writing to me ." in o.text
        assert o is None or o.text.index("Please stop") > o.text.index("*Dear Tom*")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an emphatic "do" the parser took for the main verb (wp 478); before: "I do not do so love books of fiction ."
        ("I do so love books of fiction .", None),
        # an emphatic "do" as the auxiliary, with an emphatic adverb after it
        ("I did so want to go .", None),  # before: "I did not so want to go ."
        ("She did indeed love him .", None),  # before: "She did not indeed love him ."
        ("They do so hate waiting .", None),  # before: "They do not so hate waiting ."
        ("He did indeed break the vase .", None),  # before: "He did not indeed break the vase ."
        # what stays: a plain emphatic "do" is negated in place, a main-verb "do" with do-support
        ("She does love cake .", "She does not love cake ."),
        ("I did so much work .", "I did not do so much work ."),
        ("He did so well .", "He did not do so well ."),
        ("I did research on it .", "I did not do research on it ."),
    ],
)  # fmt: skip
def test_negation_declines_an_emphatic_do_with_an_emphatic_adverb(annotator, plain_negation, text, expected):
    out = plain_negation(text, seed=0, annotator=annotator)
    assert (out.text if out else None) == expected


def test_negation_alteration_and_union_share_the_check(annotator):
    alteration = get_transform("negation_alteration", targeted=False, rate=1.0)
    assert alteration("I do so love books of fiction .", seed=0, annotator=annotator) is None
    strict = default_technique("negation").transforms[0]
    assert strict("I do so love books of fiction .", seed=0, annotator=annotator) is None
