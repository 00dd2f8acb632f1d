"""Issue 14 (WP strict readings, rounds 75, 82, 84): a verb of mind told as the cause of a feeling,
a practice "led to" its own activity and a time word in a since-clause of elapsed time are declined;
the same kind of site without the frame still flips."""

from __future__ import annotations

import pytest

from perturbkit import get_transform

_MOVIE = "Anna watched a horror movie with her brother . Later that night she lay alone in bed . "
_MOVIE_END = " The screams in the movie had been very loud ."
_DRUMS = "Tom played drums in the subway every day . "
_ALARM = "The alarm rang at six . "
_ALARM_END = " I turned off the alarm and made coffee ."

CASES = [
    # round 75: "terrified as she remembered" -> "as she forgot": forgetting cannot terrify her
    (
        "keyword_substitution",
        _MOVIE + "She was suddenly terrified as she remembered the screams from the movie ." + _MOVIE_END,
        None,
    ),
    # the same frame, one check for every antonym flip (round 86 read it in antonym too)
    (
        "antonym",
        _MOVIE + "She was suddenly terrified as she remembered the screams from the movie ." + _MOVIE_END,
        None,
    ),
    (
        "keyword_substitution",
        _MOVIE + "She remembered the screams from the movie and turned on the lamp ." + _MOVIE_END,
        _MOVIE + "She forgot the screams from the movie and turned on the lamp ." + _MOVIE_END,
    ),
    # round 82: practice and its activity feed each other, either direction reads as plausible
    (
        "causal_word_flip",
        _DRUMS + "Years of patient practice had led to the drumming . People stopped to hear the drumming .",
        None,
    ),
    (
        "causal_word_flip",
        "Sam lived alone . Weeks of loneliness had led to his drinking . His drinking worried his sister .",
        None,
    ),
    (
        "causal_word_flip",
        "Tom came home from a trip . A broken pipe had led to the flooding . The flooding ruined the carpet .",
        "Tom came home from a trip . A broken pipe had resulted from the flooding . The flooding ruined the carpet .",
    ),
    # round 84: "it had been a while since I woke up before the alarm" -> "after": another habit
    (
        "temporal_word_flip",
        _ALARM + "It had been a while since I had woken up before the alarm ." + _ALARM_END,
        None,
    ),
    (
        "temporal_word_flip",
        _ALARM + "I woke up before the alarm ." + _ALARM_END,
        _ALARM + "I woke up after the alarm ." + _ALARM_END,
    ),
]


@pytest.mark.parametrize("name,text,expected", CASES)
def test_wp_break_frames(name, text, expected, annotator):
    out = get_transform(name)(text, seed=0, annotator=annotator)
    assert (out.text if out is not None else None) == expected
