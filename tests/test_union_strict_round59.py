"""union_negative's substitutions and negations are strict everywhere (round 59): a noun swapped
under a modifier of the old noun's kind ("small children" -> "small parents"), a verb or noun
swapped where the verb has its object in an unusual sense ("build his clients" -> "destroy his
friends"), a copular "is something" negated as "is not anything", a speech verb negated next to
a quotation ('\'\' the man did n't say'), a complement-less verb swapped for a transitive one
("where i 'd dislike"), a wh-fronted or pro-verb clause negated ("what time it was n't", "she did
n't do"), and a single-technique draw made again with the non-strict transforms, are all declined."""

from __future__ import annotations

import dataclasses
import random

import pytest

from perturbkit.example import Edit, Example, as_example
from perturbkit.transforms.mixture import UnionNegative, default_technique

pytestmark = pytest.mark.usefixtures("annotator")

#: A corpus whose frequent person nouns are the ones readers saw swapped in round 59.
_CORPUS = [
    "my dad sold the car .",
    "my mom sold the car .",
    "the parents came .",
    "the parents left .",
    "my friends came .",
    "my friends left .",
    "we saw the parents .",
] * 3


def _own(key: str):
    """UNION's own (untargeted) transform of a technique, without the targeted fallback."""
    return default_technique(key).transforms[0]


@pytest.fixture(scope="module")
def substitution(annotator):
    return dataclasses.replace(_own("substitution"), rate=1.0, max_words=10).fit(_CORPUS, annotator)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the modifier fits only the old noun: "a bunch of small parents" (roc 990)
        ("a bunch of small children always make fun of him .", None),
        ("he started to hire new helpers .", None),
        # "build his clients" (a clientele): neither "destroy his clients" nor "build his friends" (roc 1906)
        ("he began to build his clients .", None),
        # an unmodified noun and a verb with its usual object are still swapped
        ("the children always make fun of him .", "the parents always make fun of him ."),
        ("he began to build his house .", "he began to destroy his house ."),
        # a verb with its complement elided: "where i 'd dislike" (round 700 wp 328)
        ("i was free to fly where i 'd like .", None),
        ("the team won .", "the team lost ."),
    ],
)
def test_substitution_keeps_modifiers_and_objects_fitting(substitution, annotator, text, expected):
    out = substitution(text, seed=0, annotator=annotator)
    assert (out.text if out else None) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "this is not anything society knows well" (wp 93); a plain verb keeps its "anything"
        ("this is something society knows well .", None),
        ("he bought something at the store .", "he did not buy anything at the store ."),
        # a speech tag after a quotation inside its sentence (wp 1199), or before one
        (
            "steve glanced at the windows ... `` we have heard many suggestions , '' the tall , severe man said ,"
            " watching the room .",
            None,
        ),
        ("he said , `` i will go home . ''", None),
        # inside a quotation split by the tokenizer ("`" "`"), a wh-fronted clause, a bare pro-verb
        # "do" (round 700 wp 498 and 328)
        ("`` my name is david . ''", None),
        ("what time it was .", None),
        ("*she* did .", None),
        ("she did the dishes .", "she did not do the dishes ."),
        ("when he got home , he slept .", "when he got home , he did not sleep ."),
        # round 65 (wp 18): a coordinated verb left bare, a negated awaited moment
        ("we made love there , and collapsed into a hot pile of limbs .", None),
        ("and soon enough , i drifted off to dreamland .", None),
    ],
)
def test_negation_declines_copular_something_and_speech_tags(annotator, text, expected):
    out = _own("negation")(text, seed=0, annotator=annotator)
    assert (out.text if out else None) == expected


def test_single_technique_redo_is_strict(annotator):
    """A draw of negations alone is made again with the strict targeted negation, a lone keyword
    substitution with the strict targeted substitution (wp 1199's tag came from a non-strict path)."""
    union = UnionNegative()
    ex = as_example("tom bought a car . he drove the car home .")
    for kind in ("negation_alteration", "keyword_substitution"):
        union.settle(ex, _with_edit(ex, kind), random.Random(0), annotator)
    assert union._targeted and all(t.strict for t in union._targeted.values())


def _with_edit(ex: Example, kind: str) -> Example:
    """``ex`` with one recorded edit of transform ``kind`` (what ``settle`` reads)."""
    edit = Edit(transform=kind, before_span=(0, 3), after_span=(0, 3), before="tom", after="tom", note="x")
    return dataclasses.replace(ex, edits=(*ex.edits, edit))
