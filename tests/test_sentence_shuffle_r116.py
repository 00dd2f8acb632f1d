"""sentence_shuffle, round 116 (WritingPrompts dev): a number or a time standing alone ("7-7-7 .",
"12:00AM ."), a past tense with no subject ("Ran up and clutched ..."), a reported question with
no question mark ("Why William would n't want Wendy without him .") and a clause with no subject
before a "but" ("Not sure how long , ... , but it was a good while .") move with the sentence they
continue; an aside in brackets all in capitals ("( FIXED THE FORMATTING YAY )") is an author's note
and stays in place, apart from the sentence after it."""

from __future__ import annotations

from perturbkit.example import Example
from perturbkit.transform import get_transform
from perturbkit.transforms._paratext import NOTE, note_in
from perturbkit.transforms._shuffle_units import shuffle_units

CLOCK = (
    "Ryan lay awake in his bed . He did the breathing exercise . 7 in , 7 hold , 7 out . 7-7-7 . "
    "He glanced at the clock . 12:00AM . He was still alive . His brothers burst through the door . "
    "His youngest brother got there first . Ran up and clutched his collar . Then they all went to bed ."
)
WENDY = (
    "Wendy was alone in the woods . The wind was cold . Wendy wondered where William was . "
    "Why William would n't want Wendy without him . She walked home slowly . Why did I come here ?"
)
ZOMBIE = (
    "( FIXED THE FORMATTING YAY ) I was surviving for a while before I finally got turned . "
    "Not sure how long , stopped keeping track , but it was a good while . When I got bit it was dull . "
    "I just scratched myself . It was a silly mistake . Then I turned ."
)


def _units(annotator, text):
    return [(u.text, u.movable) for u in shuffle_units(annotator.parse(text))]


def test_numbers_times_and_subjectless_past_tenses_join(annotator):
    """wp_dev-445."""
    assert [t for t, m in _units(annotator, CLOCK) if m] == [
        "Ryan lay awake in his bed .",
        "He did the breathing exercise . 7 in , 7 hold , 7 out . 7-7-7 .",
        "He glanced at the clock . 12:00AM .",
        "He was still alive .",
        "His brothers burst through the door .",
        "His youngest brother got there first . Ran up and clutched his collar .",
        "Then they all went to bed .",
    ]


def test_a_reported_question_joins_but_a_question_stays_alone(annotator):
    """wp_dev-841: "Why William would n't ..." (its subject before its verb) carries on "wondered
    where"; "Why did I come here ?" is a question of its own."""
    assert [t for t, m in _units(annotator, WENDY) if m] == [
        "Wendy was alone in the woods .",
        "The wind was cold .",
        "Wendy wondered where William was . Why William would n't want Wendy without him .",
        "She walked home slowly .",
        "Why did I come here ?",
    ]


def test_a_capitalised_aside_is_a_note_that_stays(annotator):
    """wp_dev-23: the note stays first; the sentence after it moves, with the subjectless clause
    that carries it on."""
    assert note_in("( FIXED THE FORMATTING YAY )")
    assert not note_in("( 2 AM )") and not note_in("( OK I have not wrote ANYTHING )")
    assert not NOTE.search("( FIXED THE FORMATTING YAY )")  # the copying transforms' story end is not moved
    units = _units(annotator, ZOMBIE)
    assert units[:3] == [
        ("( FIXED THE FORMATTING YAY )", False),
        (
            "I was surviving for a while before I finally got turned . "
            "Not sure how long , stopped keeping track , but it was a good while .",
            True,
        ),
        ("When I got bit it was dull .", True),
    ]
    out = get_transform("sentence_shuffle")(Example(ZOMBIE), seed=116, annotator=annotator).text
    assert out.startswith("( FIXED THE FORMATTING YAY ) ")
    assert "I was surviving for a while before I finally got turned . Not sure how long" in out
