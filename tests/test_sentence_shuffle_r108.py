"""sentence_shuffle, round 108 (WritingPrompts dev): a closing note to the reader and a glossary stay
at the end, a preface that introduces the whole piece stays first, no shuffle puts two copies of a
sentence side by side, and "that day" in a state places nothing (ROC dev)."""

from __future__ import annotations

import pytest

from perturbkit.example import Example
from perturbkit.transform import get_transform
from perturbkit.transforms._reorder import _twins

BATTLE = (
    "I charged through the battlefield . I cut down my foes . I climbed the stairs to the throne . "
    "The false king cowered . I crushed his face . I took the crown . I am King Garfu . "
)
NOTE = (
    "**finish reading my story first before reading anything under here ! ! : P** "
    "Garfu means fork in my native language while sudu means spoon ."
)
DAY = "Alarm , shower , coffee , eat , work , coffee ."
TWICE = (
    f"It started like any other day . {DAY} I walked to the park . The sun was out . I felt the pain in my arm . "
    f"I fell to the floor . I woke up in a tank . The voices were muffled . {DAY} I felt different ."
)

GOLDEN = [
    # wp_dev-74: the closing note (bold, to the reader, and a glossary) was moved into the battle
    (
        BATTLE + NOTE,
        0,
        "I cut down my foes . I am King Garfu . I charged through the battlefield . I took the crown . "
        "I climbed the stairs to the throne . I crushed his face . The false king cowered . " + NOTE,
    ),
    # a glossary alone ("X means Y in my native language") stays at the end with what follows it
    (
        BATTLE + "Garfu means fork in my native language . Sudu means spoon .",
        0,
        "I cut down my foes . The false king cowered . I charged through the battlefield . I took the crown . "
        "I am King Garfu . I crushed his face . I climbed the stairs to the throne . "
        "Garfu means fork in my native language . Sudu means spoon .",
    ),
    # wp_dev-80: "To the tune of ..." introduces the whole song; it was moved, with the first line
    (
        "To the tune of Yesterday : Tom woke up early . He made coffee . Then he burned his toast . "
        "He ate it anyway . Later he went to work . At night he slept .",
        0,
        "To the tune of Yesterday : Tom woke up early . At night he slept . He made coffee . He ate it anyway . "
        "Then he burned his toast . Later he went to work .",
    ),
    # wp_dev-1022: the two copies of the routine were put side by side (a repetition the story lacked)
    (
        TWICE,
        2,
        # round 114: the verbless routine moves with the sentence before it, as one unit
        f"The voices were muffled . {DAY} I felt the pain in my arm . The sun was out . I fell to the floor . "
        f"I felt different . It started like any other day . {DAY} I walked to the park . I woke up in a tank .",
    ),
]


@pytest.mark.parametrize("text,seed,expected", GOLDEN)
def test_golden(annotator, text, seed, expected):
    out = get_transform("sentence_shuffle")(text, seed=seed, annotator=annotator)
    assert (out.text if out else None) == expected


def test_two_copies_of_a_sentence_never_meet(annotator):
    t = get_transform("sentence_shuffle")
    for seed in range(12):
        out = t(TWICE, seed=seed, annotator=annotator)
        assert out is None or f"{DAY} {DAY}" not in out.text, out.text


def test_twins_are_near_identical_units_apart():
    texts = [DAY, "It rained .", "Alarm , shower , coffee , eat , work , tea .", "It rained !", "He left ."]
    # words the same (punctuation aside), or 4+ words matching closely; neighbours already adjacent are no twins
    assert _twins(texts) == frozenset({(0, 2), (1, 3)})
    assert _twins(["Go .", "Go .", "Stop ."]) == frozenset()


def test_a_state_that_day_is_no_sequel(annotator):
    """roc-597: only two states moved ("everyone felt like they had accomplished something that
    day", "she was very proud") while the events kept their order; "that day" placed the state
    after the party. With no other signal to break, the story is declined."""
    t = get_transform("sentence_shuffle")
    ex = Example(
        "she was very proud to be the first member of her family to do it . the entire family had gathered to "
        "cheer . they threw her a big party afterward . everyone felt like they had accomplished something that day .",
        context="amy graduated from college .",
    )
    assert [t(ex, seed=seed, annotator=annotator) for seed in range(4)] == [None] * 4


def test_a_state_that_night_still_tells_the_story_in_time(annotator):
    """roc-70: "that night" in a state ("she had several terrifying nightmares") ties the unit to no
    place, but the story is told in time, not a description: it is still shuffled ("but" now
    follows a later unit)."""
    t = get_transform("sentence_shuffle")
    ex = Example(
        "they reluctantly agreed . kia felt very adult and mature ! but that night she had several terrifying "
        "nightmares . she wished she had n't watched the movie after all !",
        context="kia begged her parents to let her watch a scary movie .",
    )
    assert t(ex, seed=0, annotator=annotator).text == (
        "she wished she had n't watched the movie after all ! but that night she had several terrifying nightmares . "
        "kia felt very adult and mature ! they reluctantly agreed ."
    )


def test_notes_and_prefaces_detected():
    from perturbkit.transforms._paratext import NOTE as NOTE_RE
    from perturbkit.transforms._paratext import preface_end

    assert NOTE_RE.search(NOTE) and NOTE_RE.search("Hope you all enjoyed reading !")
    assert not NOTE_RE.search("After reading the letter she cried . This means war .")
    assert preface_end("To the tune of Yesterday : Tom woke up .") == len("To the tune of")
    assert preface_end("Here is my entry:\nTom woke up .") == len("Here is my entry:")
    assert preface_end("Human:\nWrite a story .") == 0 and preface_end("Tom woke up . He left .") == 0
