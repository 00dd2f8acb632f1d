"""union_negative's round-70 invalid patterns, declined: a repetition and a negation that edit the
same sentence ("he was not excited and excited for tryouts", roc 1397), and a corpus noun that is
part of the keyword's compound ("arranged for a babysitter" -> "arranged for a baby", roc 675)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from perturbkit.example import Edit
from perturbkit.transforms._substitution.keywords import word_part
from perturbkit.transforms._union_overlap import clashes
from perturbkit.transforms.mixture import default_technique, union_mixture

pytestmark = pytest.mark.usefixtures("annotator")


@pytest.fixture(scope="module")
def rep_neg():
    """Exactly two techniques: n-gram repetition and negation (in the drawn order)."""
    return union_mixture(counts={2: 1.0}, weights={"substitution": 0.0, "reordering": 0.0}, repetition="repeat_ngram")


@pytest.fixture(scope="module")
def rep_neg_shuffle():
    """Exactly three techniques: n-gram repetition, negation and the shuffle."""
    return union_mixture(counts={3: 1.0}, weights={"substitution": 0.0}, repetition="repeat_ngram")


@pytest.mark.parametrize(
    ("seed", "expected"),
    [
        # the code before gave "he was not excited and excited for tryouts ." and the like
        (0, "he was not excited for tryouts ."),
        (1, "he was not excited for tryouts ."),
        (3, "he was excited for tryouts and was excited for tryouts ."),
        (4, "he was not excited for tryouts ."),
    ],
)
def test_repetition_and_negation_never_share_a_sentence(rep_neg, annotator, seed, expected):
    out = rep_neg("he was excited for tryouts .", seed=seed, annotator=annotator)
    assert (out.text if out else None) == expected


@pytest.mark.parametrize(
    ("seed", "expected"),
    [
        # (a story of two events: since round 103 the shuffle leaves a descriptive one alone)
        # repetition, then the shuffle
        (1, "he cheered for the team and cheered for the team . tom ran home ."),
        # shuffle, negation of one (at most a third of the sentences since round 114; it negated
        # both before), the repetition in the other: kept
        (2, "he did not cheer for the team . tom ran home and tom ran home ."),
        # shuffle, negation of one sentence, the repetition in the other: kept
        (5, "he did not cheer for the team . tom ran home and ran home ."),
        (7, "he cheered for the team . tom ran and tom ran home ."),
    ],
)
def test_repetition_is_followed_through_the_shuffle(rep_neg_shuffle, annotator, seed, expected):
    out = rep_neg_shuffle("tom ran home . he cheered for the team .", seed=seed, annotator=annotator)
    assert (out.text if out else None) == expected
    assert not any(" not " in s and " and " in s for s in out.text.split(" . "))  # never in one sentence


def _round70_case() -> tuple[str, list[Edit]]:
    """Roc 1397 of round 70 (shuffle, repetition, negation) and the text the negation step was given."""
    path = Path(__file__).parents[1] / "docs" / "validity" / "round-70" / "union_negative.cases.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    edits = [Edit.from_dict(d) for d in next(r for r in rows if r["case"] == "roc:rocstories_dev-1397")["edits"]]
    text = (
        "when the team was announced , he was on it . he was excited and excited for tryouts . "
        "he had been practicing all semester . he could finally showcase his skills ."
    )
    return text, edits


def test_clashes_on_the_round70_case():
    text, edits = _round70_case()
    assert clashes(text, edits[:4], edits[4:])  # "was" -> "was not" next to " and excited"
    assert not clashes(text, edits[:4], edits[5:])  # "had" -> "had not" in another sentence
    assert not clashes(text, edits[:3], edits[4:])  # no repetition before: negation and shuffle meet freely


def test_corpus_noun_is_no_part_of_the_keyword(annotator):
    own = default_technique("substitution").transforms[0]
    corpus = ["she had a baby .", "she saw a baby .", "the baby cried ."] * 3
    sub = dataclasses.replace(own, rate=1.0, max_words=10).fit(corpus, annotator)
    for seed in range(3):  # the code before: "she arranged for a baby ."
        assert sub("she arranged for a babysitter .", seed=seed, annotator=annotator) is None


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("babysitter", "baby", True),
        ("girl", "girlfriend", True),
        ("boyfriend", "friend", True),
        ("woman", "man", False),  # "wo" is no word: no compound
        ("teacher", "nurse", False),
    ],
)
def test_word_part(a, b, expected):
    assert word_part(a, b) is expected
