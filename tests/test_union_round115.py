"""union_negative's round-115 invalid cases (all WP, all negation steps that garbled grammar):
an idiom with fronted or inverted order or a vocative ("There goes my mood", "Off we go !",
"You go gal !", wp 383), a pro-verb "do" negated with a second "do" ("of course you do n't do",
wp 597), and a bare infinitive after "have" that the sentence splitter cut off ("to have
tomorrow ’ s children do not surpass", wp 800). The checks sit on every negation insertion, so
``negation`` and ``negation_alteration`` decline them too."""

from __future__ import annotations

import pytest

from perturbkit import get_transform

pytestmark = pytest.mark.usefixtures("annotator")

_WISH = (
    "Even at the end , they wished for the chance to improve themselves more than they had already ,"
    " to have tomorrow \u2019 s children surpass the ones of today ."
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the code before: "There does not go my mood ." (wp 383)
        ("There goes my mood .", None),
        ("Here we go .", None),  # before: "Here we do not go ."
        ("Should go for a run ! Off we go ! Breath !", None),  # before: "Off we do not go !"
        ("Away they ran .", None),  # before: "Away they did not run ."
        ("I hope so . You go gal !", None),  # before: "You do not go gal !"
        ("I love you man .", None),  # before: "I do not love you man ."
        # the code before: "of course you do not do ." (wp 597)
        ("Yeah , of course you do .", "Yeah , of course you do not ."),
        ("she did .", "she did not ."),
        ("he did it .", "he did not do it ."),  # a "do" with an object keeps do-support
        # the code before: "... to have tomorrow ’ s children do not surpass the ones of today ." (wp 800)
        (_WISH, _WISH.replace("they wished", "they did not wish")),
        # what stays
        ("There was a dog .", "There was not a dog ."),
        ("There seems to be a problem .", "There does not seem to be a problem ."),
        ("I called mom .", "I did not call mom ."),
        ("Then he went home .", "Then he did not go home ."),
        ("He made the kids clean their rooms .", "He did not make the kids clean their rooms ."),
    ],
)  # fmt: skip
def test_negation_declines_inverted_idioms_and_bare_infinitives(annotator, plain_negation, text, expected):
    out = plain_negation(text, seed=0, annotator=annotator)
    assert (out.text if out else None) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("There goes my mood .", None),  # before: "There does not go my mood ."
        ("Yeah , of course you do .", None),  # before: "of course you do not do ." (a bare pro-verb: declined)
        ("I hope so . You go gal !", None),  # before: "You do not go gal !"
        ("Should go for a run ! Off we go ! Breath !", None),
        ("There was a dog .", "There was not a dog ."),
    ],
)
def test_union_negation_step(annotator, union_negation, text, expected):
    out = union_negation(text, seed=0, annotator=annotator)
    assert (out.text if out else None) == expected


def test_negation_alteration_shares_the_checks(annotator):
    alteration = get_transform("negation_alteration", targeted=False, rate=1.0)
    assert alteration("There goes my mood .", seed=0, annotator=annotator) is None
    out = alteration("Yeah , of course you do .", seed=0, annotator=annotator)
    assert out is not None and out.text == "Yeah , of course you do not ."
