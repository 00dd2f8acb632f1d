"""Synonym swaps that strict readings of rounds 744-749 found off in register, collocation or sense:
each story below gave one before ("an immense breakfast", "a splendid trumpet player", "a heap of
ants", "she became mad", "a marvelous show", "the large ones", a broken echo,
"extremely pricey", "the grandma", "a large party", "just a little bathroom light") and gives none now;
"was angry" still gives "was mad"."""

from __future__ import annotations

import pytest

import perturbkit as pk

DECLINED = [
    # "a huge breakfast" -> "an immense breakfast" (round 744, roc 1528): register and collocation
    "but i always eat a huge breakfast and am not hungry . my boss tells me to eat lunch .",
    # "an excellent trumpet player" -> "a splendid trumpet player" (round 744, roc 2652): dated register
    "derek also liked to play the trumpet . derek was an excellent trumpet player .",
    # "stepped in a pile of ants" -> "a heap of ants" (round 745, roc 763)
    "marty stepped in a pile of ants in the yard . marty was bit by many ants .",
    # "keeping a pile of all the balls" -> "a heap of" (round 745, roc 2017)
    "he started keeping a pile of all the balls he found . rick ended up with more balls than flowers .",
    # "she became angry" -> "she became mad" (round 744, roc 345): reads as insane
    "she grew up to use people . she became angry when she was n't the center of everything .",
    # "a wonderful show" -> "a marvelous show" (round 746, roc 75): dated register
    "they ended up putting on a wonderful show for their friends .",
    # "the big ones" (jumps) -> "the large ones" (round 746, roc 1599): "ones" hides the noun's kind
    "he started with small jumps and then graduated to the big ones . johnny was able to out-jump the best .",
    # a repeated word: one synonym breaks the echo or names the same thing two ways (round 746)
    "she needed medicine , so charles drove to the store . the store had many different kinds of medication .",
    "he arranged them from most expensive to cheapest . he had a few at the expensive end that were unboxed .",
    "`` I 'm okay . '' `` You do n't sound okay . ''",
    # round 747: "extremely pricey" (informal), "the grandma" (a familiar name wants a possessive),
    # "threw a large party" (a crowd), "just a little bathroom light" ("a little": slightly)
    "after searching online , he realized his cards were extremely expensive . mark made money .",
    "her family argued over how to treat her . the grandmother told them all to stop .",
    "they had built a fancy new clubhouse . they threw a big party when the clubhouse was open .",
    "The front of the house is dark . Just a small bathroom light in the back left on .",
    # round 748: "frightened i would lose" (a clause after "frightened"), "purchase each other
    # presents" (no double object), "enjoyed the movie" of a documentary
    "i wanted to file a lawsuit but was scared i would lose . i filed it anyway .",
    "We did not buy each other mock presents for our retirement parties .",
    "it was a documentary about a trial . she had really enjoyed the film .",
    # "was n't so sure" -> "so certain" (round 749): a set phrase of doubt
    "she said it would be easy on his stomach . greg was n't so sure it was helping .",
    # round 753/754: the idiom "to be sure" -> "to be certain"; "more chose" -> "more selected"
    # (reads as "more selected goals")
    "It was a disorienting sensation to be sure . I could not move .",
    "Thousands of times more chose selfish goals . The world fell apart .",
]


def test_a_past_verb_after_a_plain_subject_still_changes():
    v = pk.get_transform("synonym")("He chose a red car . It was fast .", seed=0)
    assert v is not None and v.text == "He selected a red car . It was fast ."


@pytest.mark.parametrize("text", DECLINED)
def test_synonym_declines_round744_patterns(text):
    assert pk.get_transform("synonym")(text, seed=0) is None


def test_angry_stays_mad_after_be():
    v = pk.get_transform("synonym")("he was angry at his brother . he left .", seed=0)
    assert v is not None and v.text == "he was mad at his brother . he left ."


def test_grandmother_stays_grandma_after_a_possessive():
    v = pk.get_transform("synonym")("however me and my grandmother had fun making them .", seed=0)
    assert v is not None and v.text == "however me and my grandma had fun making them ."
