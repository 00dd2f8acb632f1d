"""contraction, validity round 106 (WP 14/20): no "'ve" after an inverted modal ("how could they
've known"), no contraction whose auxiliary is echoed ("you will die , as will every person"),
none inside stressed ``*...*`` words, none in a long voice that writes full forms nearly everywhere
(a solemn narration that contracts once) or that speaks formally elsewhere ("The planets shall
align ... he will be defenseless")."""

from __future__ import annotations

import pytest

from perturbkit import get_transform

FILLER = " ".join(["The river ran past the old mill and the fields lay quiet under the grey sky ."] * 6)


@pytest.mark.parametrize(
    "text,absent",
    [
        ("How could they have known ? It was dark .", "they 've"),
        ("And now , you will die , as will every person in the city .", "you 'll"),
        ("Jim *did not give a damn* about the rules .", "did n't"),
        # a long narration of full forms with one contraction: solemn on purpose
        (
            FILLER + " She had hoped for rain . She did not know why . It was not her place . She could not"
            " stay . They would not come . He had left . It wasn't late .",
            None,
        ),
        # a formal word elsewhere in the dialogue
        (
            FILLER + ' "The planets shall align , and the king will fall . He will be defenseless ." He'
            " didn't answer . I'm sure he knew .",
            None,
        ),
    ],
)
def test_round_106_no_contraction(annotator, text, absent):
    out = get_transform("contraction", direction="contract")(text, seed=0, annotator=annotator)
    assert out is None if absent is None else (out is None or absent not in out.text)


def test_an_ordinary_story_still_contracts(annotator):
    out = get_transform("contraction", direction="contract")(
        "I am tired and I am hungry . We did not eat .", seed=0, annotator=annotator
    )
    assert out is not None and "I 'm tired and I 'm hungry" in out.text


def test_a_chatty_voice_is_not_expanded(annotator):
    # round 107: a gushing critique ("gosh", "LOL") read stiff with its contractions expanded
    text = (
        "Gosh , I loved this ! He is the sort of hero it 's easy to root for , LOL . I am not sure why "
        "but it 's great . It is so good ."
    )
    out = get_transform("contraction", direction="expand")(text + " " + FILLER, seed=0, annotator=annotator)
    assert out is None
