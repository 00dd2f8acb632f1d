"""sentence_shuffle, round 123 (WritingPrompts dev): a list of noun phrases the parser took for a
subject and its verb (an adjective and a plural noun: "Baggy sweats , green hat ...") and a "Not"
before a free relative ("Not what his boss said , not the bills ...") have no finite main verb of
their own and move with the sentence they elaborate."""

from __future__ import annotations

from perturbkit.transforms._shuffle_units import shuffle_units

TRUNK = (
    "Mara opened the old trunk in the attic . She noticed all the small touches that made up the outfit . "
    "Baggy sweats , green hat ... She folded it back with care . The lid closed with a thud ."
)
PORCH = (
    "Tom sat on the porch all evening . Only the game mattered to him tonight . "
    "Not what his boss said at work , not the bills piling up on the table . "
    "He cheered at every goal . His wife went to bed early ."
)
SENTENCES = "Time flies , my friend . Birds sing in the morning . Old habits die hard . Not once did he call me ."


def _movable(annotator, text):
    return [u.text for u in shuffle_units(annotator.parse(text)) if u.movable]


def test_an_adjective_and_a_plural_noun_list_joins_its_host(annotator):
    assert _movable(annotator, TRUNK) == [
        "Mara opened the old trunk in the attic .",
        "She noticed all the small touches that made up the outfit . Baggy sweats , green hat ...",
        "She folded it back with care .",
        "The lid closed with a thud .",
    ]


def test_not_before_a_free_relative_joins_its_host(annotator):
    assert _movable(annotator, PORCH) == [
        "Tom sat on the porch all evening .",
        "Only the game mattered to him tonight . Not what his boss said at work , not the bills piling up on "
        "the table .",
        "He cheered at every goal .",
        "His wife went to bed early .",
    ]


def test_sentences_with_their_own_verbs_stay_alone(annotator):
    """A noun and a verb ("Time flies", "Old habits die") and an inverted "Not once did he ...": each
    a sentence of its own."""
    assert _movable(annotator, SENTENCES) == [
        "Time flies , my friend .",
        "Birds sing in the morning .",
        "Old habits die hard .",
        "Not once did he call me .",
    ]
