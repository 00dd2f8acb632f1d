"""sentence_shuffle, round 112 (ROC + WritingPrompts dev): a present-tense description gives no
order to break, asterisk-marked dialogue turns move whole, a one-line preface ending in ":" stays
first, a long story with most of it held in place and a numbered list are declined."""

from __future__ import annotations

from perturbkit.example import Example
from perturbkit.transform import get_transform
from perturbkit.transforms._paratext import preface_end
from perturbkit.transforms._quotes import starred_spans
from perturbkit.transforms._shuffle_units import shuffle_units

ROB = Example(
    "he helps new companies create websites . he has been designing websites for a couple of years . "
    "he is not as successful as hed like but he does okay . he wants to open an office and hire others ultimately .",
    context="rob works from home .",
)
# a present that narrates still ties the order (roc-2944)
SKIP = Example(
    "skip falls off his skis . he lands on top of a rock . skip can not get up . skip has broken his leg skiing .",
    context="skip goes skiing with his friends .",
)
STARRED = (
    "You have arrived . The year is 2118 . * Jesus . I thought- *I will pause for ten seconds . * "
    "The year is 2118 ? I was meant to go further ! *Dr Reilly , do not stand up . Your body is not ready . * "
    "Wait ? You 're studying me . *Yes , but do not be nervous . You are not failing a test . * Ok . Sorry . "
    "*There is no need to be sorry . It seems to be human nature . * Who are you ? "
    "*I am a program designed by Dr Rivera . He had many reasons . Chief among which-* Wait ! "
    "My machine is disabled ? *Precisely . * No ! I need to go back !"
)
PREFACE = (
    "I kind of drew from personal feelings with this one : I love you . I have loved you since our first night . "
    "You ignore me . You sicken me . And yet , I love you . I would do anything for you . "
    "I dread the day you bring a guy home . At least my feelings for him will match my feelings for you ."
)
HELD = (
    "'' `` You 're so close ! '' `` Just this one ! Come on , mate ! '' The nectar rocked in the glass as I rested my "
    "nose on the rim . `` I ca n't ... I ca n't ... '' `` Here ! No one thought you 'd make it . Look at you ! '' "
    "`` We 'll send you home after this . Prove yourself . '' I wrapped my fingers around the glass . "
    "My knuckles were red and raw as I lifted the drink . `` Go on , mate . Champion , you are . Champion . '' "
    "`` You 're a boss . '' "
    "As the empty glass touched the table , I felt my heart sink . I did n't think I would get this far ."
)
LIST = (
    "You 're alive honey ! I have a couple things I want to tell you . 1 . You do get better . "
    "You 'll be able to eat normally again . 2 . Forgive Amy , then hug her at the game . "
    "Hold on to your best friend . 3 . Appreciate Austin while he 's still home . Hug your brother . "
    "4 . Tell your parents you love them . 5 . Be kind to yourself ."
)


def test_a_present_tense_description_is_declined(annotator):
    """roc-1809: "he helps new companies create websites" and "he does okay" counted as events told
    in sequence; reversed, the facts about Rob still read as a description."""
    t = get_transform("sentence_shuffle")
    assert [t(ROB, seed=s, annotator=annotator) for s in range(4)] == [None] * 4
    assert t(SKIP, seed=112, annotator=annotator).text == (
        "he lands on top of a rock . skip has broken his leg skiing . skip falls off his skis . skip can not get up ."
    )


def test_asterisks_pair_by_the_side_they_stand_on():
    """wp_dev-653: the first mark ("* Jesus") closes the machine's opening turn; the marks were paired
    left to right, so the spans held the other speaker's lines."""
    spans = [STARRED[a:b] for a, b in starred_spans(STARRED)]
    assert spans[:3] == [
        "You have arrived . The year is 2118 . *",
        "*I will pause for ten seconds . *",
        "*Dr Reilly , do not stand up . Your body is not ready . *",
    ]
    assert "*I am a program designed by Dr Rivera . He had many reasons . Chief among which-*" in spans
    stressed = "I * can not * go . *sigh* Fine ."
    assert [stressed[a:b] for a, b in starred_spans(stressed)] == ["* can not *", "*sigh*"]


def test_starred_dialogue_turns_move_whole(annotator):
    """The turns are units of their own (``join_starred_turns``); since round 117 a long story moves
    only confident standalone sentences between two others (``_standalone``): starred turns, "Ok ."
    and "Wait !" are none, so this all-dialogue story is declined rather than shuffled."""
    turns = [u.text for u in shuffle_units(annotator.parse(STARRED)) if u.movable]
    assert "*Dr Reilly , do not stand up . Your body is not ready . *" in turns
    assert get_transform("sentence_shuffle")(STARRED, seed=112, annotator=annotator) is None


def test_a_one_line_preface_ending_with_a_colon_stays_first(annotator):
    """wp_dev-560: the preface was fused with "I love you ." and moved near the end."""
    assert preface_end(PREFACE) == len("I kind of drew from personal feelings with this one :")
    assert preface_end("He said one thing : run .") == 0 and preface_end("Human : Hi .") == 0
    out = get_transform("sentence_shuffle")(PREFACE, seed=112, annotator=annotator)
    assert out.text.startswith("I kind of drew from personal feelings with this one : I love you . ")
    assert out.text == (
        "I kind of drew from personal feelings with this one : I love you . You sicken me . "
        "At least my feelings for him will match my feelings for you . I would do anything for you . "
        "And yet , I love you . I have loved you since our first night . You ignore me . "
        "I dread the day you bring a guy home ."
    )


def test_a_long_story_mostly_held_in_place_is_declined(annotator):
    """wp_dev-367: a stray quotation mark held most of the story in place; the two units left were
    swapped, and the story still read coherently."""
    t = get_transform("sentence_shuffle")
    assert [t(HELD, seed=s, annotator=annotator) for s in (0, 112)] == [None, None]


def test_a_numbered_list_is_declined(annotator):
    """wp_dev-520: "1 .", "2 .", "3 ." were moved away from the items they number."""
    t = get_transform("sentence_shuffle")
    assert [t(LIST, seed=s, annotator=annotator) for s in (0, 112)] == [None, None]
