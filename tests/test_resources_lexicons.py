"""The lexicon readers: list, table and phrase-index views of the shipped word lists."""

from __future__ import annotations

import pytest

from perturbkit.resources.lexicons import phrases_by_first_word, table, verb_class, word_list


def test_phrases_by_first_word_indexes_every_phrase_once_in_sorted_order():
    index = phrases_by_first_word("fixed_expressions.txt")
    assert ("of", "course") in index["of"]
    flat = [p for phrases in index.values() for p in phrases]
    assert sorted(" ".join(p) for p in flat) == sorted(word_list("fixed_expressions.txt"))
    for first, phrases in index.items():
        assert all(p[0] == first for p in phrases)
        assert list(phrases) == sorted(phrases, key=" ".join)


def test_verb_class_reads_one_class_of_the_shared_verb_table():
    desire, intensional = verb_class("desire"), verb_class("intensional")
    assert {"want", "try", "aim"} <= desire and "crave" not in desire
    assert {"want", "see", "witness"} <= intensional and "aim" not in intensional
    assert "yearn" in verb_class("wanting") and "yearn" not in intensional
    # one lemma, several classes: "call" tells someone something and is an act between people
    assert "call" in verb_class("telling") and "call" in verb_class("social") and "call" not in verb_class("motion")
    lemmas = [r["lemma"] for r in table("verb_classes.tsv")]
    assert len(lemmas) == len(set(lemmas)), "one row per lemma"


def test_verb_class_names_the_known_classes_for_an_unknown_one():
    with pytest.raises(
        KeyError,
        match=(
            "appearance, carrying, desire, gazing, intensional, interrupting, motion, preparing, reprisal, "
            "seeming, signal, social, speech, telling, vocal_burst, wanting"
        ),
    ):
        verb_class("desires")
