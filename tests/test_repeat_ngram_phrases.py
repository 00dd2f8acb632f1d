"""repeat_ngram keeps contractions, negations and phrases whole (round 103 readings)."""

from __future__ import annotations

import pytest

from perturbkit.transform import get_transform
from perturbkit.transforms.repetition import _ngram_candidates


def _ngrams(text: str, annotator) -> set[str]:
    doc = annotator.parse(text)
    return {
        doc[s : s + n].text for n, sents in _ngram_candidates(doc).items() for _, _, starts in sents for s in starts
    }


CUT = [
    # a contraction, any apostrophe, spaced or not: no n-gram starts on the clitic or ends on its host
    ("thanks to you I \u2019 ve been screwed !", "ve been screwed"),  # wp_dev-472
    ("Thanks to you , I \u2019 ve been ruined forever .", "ve been ruined forever"),
    ("They weren \u2019 t happy with the old house .", "They weren"),  # wp_dev-677: "weren and weren ' t"
    ("They weren \u2019 t happy with the old house .", "t"),
    # nothing negated without its negation ("warned not to drive and to drive", roc-531)
    ("She was warned not to drive after the party .", "to drive"),
    ("She was warned not to drive after the party .", "drive after the party"),
    # no start inside a noun phrase or a prepositional phrase (roc-967, roc-597)
    ("On easter sunday jenny went to the park .", "easter sunday jenny went"),
    ("On easter sunday jenny went to the park .", "the park"),
    ("The whole family had gathered to cheer .", "cheer"),
    # no object pronoun first, no subject of a bare infinitive cut from its verb (roc-700)
    ("They tried to make me jump through a bunch of hoops .", "me jump"),
    ("He made the little dog jump over the fence .", "the little dog jump"),
    # no end right before a predicate of the n-gram ("blow the world sky" + "high", wp-1177)
    ("I might blow the world sky high .", "blow the world sky"),
    ("I might blow the world sky high .", "the world sky"),
]


@pytest.mark.parametrize("text,ngram", CUT)
def test_no_ngram_cuts_a_contraction_negation_or_phrase(text, ngram, annotator):
    assert ngram not in _ngrams(text, annotator)


KEPT = [
    ("Thanks to you , I \u2019 ve been ruined forever .", "been ruined forever"),
    ("She was warned not to drive after the party .", "not to drive"),
    ("She was warned not to drive after the party .", "after the party"),
    ("On easter sunday jenny went to the park .", "went to the park"),
    ("The whole family had gathered to cheer .", "gathered to cheer"),
    ("I think the boy left early .", "the boy left early"),
    ("she said the dog was hungry .", "the dog was hungry"),
]


@pytest.mark.parametrize("text,ngram", KEPT)
def test_whole_phrases_are_still_doubled(text, ngram, annotator):
    assert ngram in _ngrams(text, annotator)


GOLDEN = [
    (
        "She was warned not to drive after the party .",
        2,
        "She was warned not to drive and not to drive after the party .",
    ),
    ("On easter sunday jenny went to the park .", 0, "On easter sunday jenny went to the park and went to the park ."),
    ("They weren \u2019 t happy with the old house .", 0, None),
    ("They tried to make me jump through a bunch of hoops .", 0, None),
]


@pytest.mark.parametrize("text,seed,expected", GOLDEN)
def test_golden(text, seed, expected, annotator):
    out = get_transform("repeat_ngram")(text, seed=seed, annotator=annotator)
    assert (out.text if out else None) == expected
