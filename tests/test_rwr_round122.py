"""random_word_replacement's round-122 misses (ROC 18/20, WP 18/20): "while at dinner" -> "while at
rain" (a noun the corpus never puts bare after a preposition was let through), "they hiked deep
into it" -> "went" and "they ran to the entrance" -> "walked" (verbs of motion for verbs of motion:
the story still holds), "ruthless and violent , not to mention cunning" -> "release" (an adjective
the tagger read as a noun) and "what the hell is that" -> "what the figure is that"."""

from __future__ import annotations

import pytest
from _rwr import fixed_rwr, outputs

from perturbkit.example import Example
from perturbkit.transforms._substitution.corpus_distance import semantically_far
from perturbkit.transforms._substitution.corpus_sites import adjective_noun, expletive_noun

CORPUS = [
    Example("They met at dinner. We sailed at sea. He was at sea all day.", id="c1"),
    Example("The rain fell. We heard rain on the roof.", id="c2"),
]
USES = {"hike": (20, 2, 0), "go": (50, 5, 0), "paint": (20, 2, 0)}


def _fixed(annotator, vocab):
    return fixed_rwr(annotator, CORPUS, vocab, USES)


def _outs(t, text, annotator):
    return outputs(t, text, annotator, seeds=6)


def test_a_bare_noun_after_a_preposition_takes_one_the_corpus_puts_there(annotator):
    # before: "while at rain he talked" ("rain" never bare after any preposition in the corpus)
    text = "While at dinner he talked to her . It was late ."
    t = _fixed(annotator, {("NN", "bare"): [("rain", "rain")]})
    assert _outs(t, text, annotator) == {None}
    t = _fixed(annotator, {("NN", "bare"): [("rain", "rain"), ("sea", "sea")]})
    assert _outs(t, text, annotator) == {"While at sea he talked to her . It was late ."}


@pytest.mark.parametrize(
    ("a", "b", "far"),
    [
        ("hike", "go", False),
        ("run", "walk", False),
        ("head", "move", False),
        ("hike", "paint", True),
        ("talk", "go", True),
    ],
)
def test_two_verbs_of_motion_are_not_far(a, b, far):
    assert semantically_far(a, b, "VERB") is far


def test_a_motion_verb_is_not_replaced_by_another(annotator):
    text = "They found a cave . They hiked deep into it . It was dark ."
    t = _fixed(annotator, {("VBD", "prep:into"): [("went", "go"), ("painted", "paint")]})
    assert _outs(t, text, annotator) == {"They found a cave . They painted deep into it . It was dark ."}


@pytest.mark.parametrize(
    ("text", "word", "site"),
    [
        ("They were ruthless and violent , not to mention cunning .", "cunning", True),  # adjective senses win
        ("He felt cold and pain all night .", "pain", False),
        ("She showed great cunning in the game .", "cunning", False),  # with its modifier: a noun
    ],
)
def test_a_bare_noun_known_mostly_as_an_adjective(annotator, text, word, site):
    doc = annotator.parse(text)
    assert adjective_noun(doc, next(t.i for t in doc if t.text == word)) is site


def test_the_hell_is_no_noun_of_the_story(annotator):
    doc = annotator.parse("`` What the hell is that ? '' he asked . They went to hell and back .")
    hells = [t.i for t in doc if t.text == "hell"]
    assert [expletive_noun(doc, i) for i in hells] == [True, False]
