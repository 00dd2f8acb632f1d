"""union_negative's round-740/741 invalid patterns, declined: a negated hedge ("riding in a small
plane was not kind of scary", roc 1249), a substitution in the source of a sentence copy ("his
students started getting worried ... . his parents started getting worried ...", roc 1363), and a
lone n-gram stutter ("had a heart attack and a heart attack", roc 615; "college and college", roc
561), now made again as a sentence repetition."""

from __future__ import annotations

import pytest

from perturbkit.example import Edit, Example
from perturbkit.transform import get_transform
from perturbkit.transforms._union_overlap import clashes
from perturbkit.transforms.mixture import default_technique

pytestmark = pytest.mark.usefixtures("annotator")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the code before: "riding in a small plane was not kind of scary ." and the like
        ("riding in a small plane was kind of scary .", None),
        ("it was pretty cold outside .", None),
        ("he was somewhat annoyed .", None),
        ("he was sort of a jerk .", None),
        # a plain degree word negates cleanly
        ("the water was very cold .", "the water was not very cold ."),
        # a reason given: negated, it reads as denying only the reason (round 752, roc 2387)
        ("she got into the business because of her father .", None),
        ("he left the party because he was tired .", None),
        # round 79: an epistemic "must" (negated, a prohibition) and a verb of knowing over a bare clause
        ("it must be that big park .", None),
        ("I know you 've been busy .", None),
    ],
)
def test_negation_declines_a_hedged_predicate(annotator, text, expected):
    negation = default_technique("negation").transforms[0]
    out = negation(text, seed=0, annotator=annotator)
    assert (out.text if out else None) == expected


def _edit(transform, before_span, after_span, before, after, note):
    return Edit(transform, tuple(before_span), tuple(after_span), before, after, note)


#: Roc 1363 of round 741: the shuffle and the sentence copy (the text after them below), then the
#: substitution of "parents" in the copy's source.
_SHUFFLED = [
    ("his parents started getting worried and asked what happened .", "one day dad was coming home and noticed billy on his bike .", (0, 61), (0, 59), 3, 1),
    ("he would always reply nothing and go on like normal .", "his parents started getting worried and asked what happened .", (62, 115), (60, 121), 1, 2),
    ("one day dad was coming home and noticed billy on his bike .", "he was no longer using training wheels and his parents were relieved .", (116, 175), (122, 192), 4, 3),
    ("he was no longer using training wheels and his parents were relieved .", "he would always reply nothing and go on like normal .", (176, 246), (193, 246), 2, 4),
]  # fmt: skip
_TEXT = (
    "one day dad was coming home and noticed billy on his bike . his parents started getting worried and "
    "asked what happened . his parents started getting worried and asked what happened . he would always "
    "reply nothing and go on like normal ."
)


def _round741_edits() -> list[Edit]:
    edits = [_edit("sentence_shuffle", b, a, x, y, f"sentence {i} -> position {j}") for x, y, b, a, i, j in _SHUFFLED]
    copy = "his parents started getting worried and asked what happened ."
    edits.append(
        _edit("repeat_sentence", (122, 192), (122, 183), _SHUFFLED[2][1], copy, "sentence 3 replaced by a copy of 2")
    )
    edits.append(
        _edit("keyword_substitution", (64, 71), (64, 72), "parents", "students", "keyword[corpus] NOUN parent->student")
    )
    return edits


def test_the_source_of_a_sentence_copy_is_part_of_the_repetition():
    edits = _round741_edits()
    assert _TEXT[64:71] == "parents"
    assert clashes(_TEXT, edits[:5], edits[5:])  # the code before: no clash (only the copy counted)
    other = _edit("keyword_substitution", (197, 202), (197, 203), "would", "should", "x")
    assert not clashes(_TEXT, edits[:5], [other])  # the last sentence is no part of the repetition
    # an inserted copy (repeat_sentence without keep_length): its source is right before it too
    text = "tom sat . he ran . he ran . end ."
    inserted = _edit("repeat_sentence", (18, 18), (18, 27), "", " he ran .", "sentence 2 repeated")
    negated = _edit("negation_alteration", (13, 16), (13, 24), "ran", "did not run", "")
    assert text[13:16] == "ran" and clashes(text, [inserted], [negated])


@pytest.mark.parametrize(
    ("story", "context", "seed", "expected"),
    [
        # the code before: "... george had a heart attack and a heart attack . ..." (an n-gram alone)
        (
            "he planned to go hunting the very first weekend . right before deer season , george had a heart "
            "attack . he had to spend the week in the hospital . george was disappointed that his health kept "
            "him from hunting .",
            "george could n't wait for deer season to open .",
            36,
            "he planned to go hunting the very first weekend . right before deer season , george had a heart "
            "attack . he had to spend the week in the hospital . he had to spend the week in the hospital .",
        ),
        # the code before: "she went to college and college to learn how to be a nutritionist ."
        (
            "she has worked there over 10 years . she went to college to learn how to be a nutritionist . her "
            "job is very important . daily she carefully prepares the food for the animals .",
            "robyn works at the zoo .",
            29,
            "she has worked there over 10 years . she went to college to learn how to be a nutritionist . her "
            "job is very important . her job is very important .",
        ),
    ],
)
def test_a_repetition_is_a_sentence_repetition(annotator, story, context, seed, expected):
    ex = Example(text=story, context=context, id=f"roc:rocstories_dev-{'615' if 'george' in context else '561'}")
    out = get_transform("union_negative")(ex, seed=seed, annotator=annotator)
    assert out is not None and {e.transform for e in out.edits} == {"repeat_sentence"}
    assert out.text == expected
