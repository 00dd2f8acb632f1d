"""transforms._units and _quotes.quotation_spans: what sentence-level transforms move, copy or
replace as one piece (quoted speech, speaker turns, headings, fragments)."""

from __future__ import annotations

import pytest

from perturbkit.transforms._quotes import quotation_spans
from perturbkit.transforms._units import text_units


def _texts(text):
    return [(u.text, u.movable, u.whole) for u in text_units(text)]


@pytest.mark.parametrize(
    "text,expected",
    [
        ('He said, "Go. Now." She left.', ((9, 19),)),
        ("He said , `` Go . Now . '' She left .", ((10, 26),)),
        ("He said \u201cGo.\u201d Then \u2018Wait,\u2019 she said.", ((8, 13), (19, 26))),
        ("Don\u2019t go. I\u2019ve been there.", ()),  # apostrophes are not quotation marks
        ("'' she said . He left .", ((0, 2),)),  # a story that starts mid-quote
        ("He said `` Go .", ((8, 15),)),  # never closed: runs to the end
    ],
)
def test_quotation_spans(text, expected):
    assert quotation_spans(text) == expected


@pytest.mark.parametrize(
    "text,expected",
    [
        # quoted speech over several sentences, with its attribution, is one unit
        (
            "tom came in . `` no . i want nothing . '' house said . tom left .",
            [
                ("tom came in .", True, True),
                ("`` no . i want nothing . '' house said .", True, True),
                ("tom left .", True, True),
            ],
        ),
        # any inflected speech verb tags the quotation (verb_classes.tsv, class speech) ...
        ('"Go away." She whispers. Tom left.', [('"Go away." She whispers.', True, True), ("Tom left.", True, True)]),
        # ... but not a form that is a verb of its own ("lay" is not "lied")
        (
            '"Go." He lay down. Tom left.',
            [('"Go."', True, True), ("He lay down.", True, True), ("Tom left.", True, True)],
        ),
        # a speaker label keeps its whole line
        (
            "Human: Write a story. Keep it short.\nAssistant: The cat sat.",
            [("Human: Write a story. Keep it short.", True, True), ("Assistant: The cat sat.", True, True)],
        ),
        # a heading is a unit of its own that never moves
        (
            "Chapter 1\nThe rain fell. Tom stayed in.",
            [("Chapter 1", False, False), ("The rain fell.", True, True), ("Tom stayed in.", True, True)],
        ),
        # a line broken mid-sentence is not a heading: the fragment joins what follows
        ("I said good\nbye. We left.", [("I said good\nbye.", True, True), ("We left.", True, True)]),
        # a piece that does not end like a sentence goes with what follows
        ("We met Mr. Lee today. He waved.", [("We met Mr. Lee today.", True, True), ("He waved.", True, True)]),
        # punctuation-only pieces cannot move
        ("He left. ...", [("He left. ...", True, True)]),
    ],
)
def test_units(text, expected):
    assert _texts(text) == expected


def test_an_asterisk_span_is_one_unit_like_a_quotation():
    # round 65: a shuffle moved "*More laughing ." away from its closing "*" (a WP stage direction)
    text = "She picked up the phone . *More laughing . Louder now . * He hung up . She sighed ."
    units = [u.text for u in text_units(text)]
    assert "*More laughing . Louder now . * He hung up ." in units or "*More laughing . Louder now . *" in units
    assert all(u.count("*") % 2 == 0 for u in units)


def test_a_unit_with_an_unpaired_asterisk_never_moves():
    (unit,) = [u for u in text_units("He left . * She stayed .") if "*" in u.text]
    assert not unit.movable
