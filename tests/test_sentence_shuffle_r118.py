"""sentence_shuffle, round 118 (WritingPrompts dev): a unit with a separator-like run inside it
("We make eye contact . __ Alice opens her eyes .", wp_dev-840: a two-underscore scene break the
sentence splitter left inside a unit) stays in place; it moved, break and all, to the story's
start. A lone "--" is a dash, not a break, and does not hold its unit."""

from __future__ import annotations

from perturbkit.annotation import doc_text
from perturbkit.example import Example
from perturbkit.transform import get_transform
from perturbkit.transforms._shuffle_units import shuffle_units

BREAK = (
    "I sit on the cold bench every morning . The park is quiet at that hour . "
    "A woman walks past with her dog . She sits down across from me . She opens a sketch pad . "
    "I watch her draw the fountain . The pigeons gather at her feet . She looks up from her pad . "
    "We make eye contact . __ Alice opens her eyes . The sun fills her small bedroom . "
    "She remembers the man on the bench . Her alarm rings for the third time . She gets up slowly ."
)
DASH = (
    "Her mother opened the closet door . Staring down at her was something worse than spiders -- her brothers . "
    "They laughed at her all evening . She cried herself to sleep ."
)


def _shuffle(annotator, text, seed=0):
    out = get_transform("sentence_shuffle")(Example(text), seed=seed, annotator=annotator)
    return out.text if out else None


def test_a_unit_with_an_inline_break_stays_in_place(annotator):
    """wp_dev-840: "We make eye contact . __ Alice opens her eyes ." keeps its place (on main it
    moved back two units, with the break, between "The sun fills ..." and "I watch her ...")."""
    assert _shuffle(annotator, BREAK) == (
        "She sits down across from me . The pigeons gather at her feet . She opens a sketch pad . "
        "A woman walks past with her dog . I sit on the cold bench every morning . The park is quiet at that hour . "
        "I watch her draw the fountain . She looks up from her pad . "
        "We make eye contact . __ Alice opens her eyes . The sun fills her small bedroom . "
        "She remembers the man on the bench . Her alarm rings for the third time . She gets up slowly ."
    )


def test_the_unit_with_the_break_is_held(annotator):
    doc = annotator.parse(BREAK)
    units = [u for u in shuffle_units(doc) if " __ " in u.text]
    assert doc_text(doc) == BREAK and len(units) == 1 and not units[0].movable


def test_a_lone_dash_does_not_hold_its_unit(annotator):
    """A dash between words ("spiders -- her brothers") is no break: the unit moves as before."""
    units = [u for u in shuffle_units(annotator.parse(DASH)) if " -- " in u.text]
    assert len(units) == 1 and units[0].movable
    assert _shuffle(annotator, DASH) == (
        "Staring down at her was something worse than spiders -- her brothers . She cried herself to sleep . "
        "Her mother opened the closet door . They laughed at her all evening ."
    )
