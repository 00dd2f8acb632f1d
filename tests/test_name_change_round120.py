"""name_change, round 120: an irregular short form beside its formal name ("Frank" and "Francis",
round 119's case: the same man) is one person by two names, so the story is declined; the pairs
are those of ``name_short_forms.tsv``. The texts are short synthetic ones modelled on the case."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.example import Example
from perturbkit.transforms._character.name_allusions import short_form_pair

FRANCIS = "Frank went to the bar . He said hello to your friend Francis . They talked all night ."
FRANK_ALONE = "Frank went to the bar . He said hello to the bartender . They talked all night ."


@pytest.mark.parametrize(
    "text,expected",
    [
        (FRANCIS, None),  # Frank and Francis: one man
        ("Bill went home . His mother called William to dinner .", None),  # either direction
    ],
)
def test_name_change_short_form_declined(annotator, text, expected):
    assert get_transform("name_change")(Example(text), seed=0, annotator=annotator) is None


def test_name_change_short_form_control(annotator):
    out = get_transform("name_change")(Example(FRANK_ALONE), seed=0, annotator=annotator)
    assert out is not None and "Frank" not in out.text


def test_short_form_pair():
    assert short_form_pair("Frank", [FRANCIS], False, set()) == "francis"
    assert short_form_pair("Francis", [FRANCIS], False, set(), ["Frank"]) == "frank"
    assert short_form_pair("William", ["William met Bob ."], False, set(), ["Bob"]) is None
    assert short_form_pair("Frank", [FRANK_ALONE], False, set()) is None
