"""The lexicon readers: list, table and phrase-index views of the shipped word lists."""

from __future__ import annotations

from perturbkit.resources.lexicons import phrases_by_first_word, word_list


def test_phrases_by_first_word_indexes_every_phrase_once_in_sorted_order():
    index = phrases_by_first_word("fixed_expressions.txt")
    assert ("of", "course") in index["of"]
    flat = [p for phrases in index.values() for p in phrases]
    assert sorted(" ".join(p) for p in flat) == sorted(word_list("fixed_expressions.txt"))
    for first, phrases in index.items():
        assert all(p[0] == first for p in phrases)
        assert list(phrases) == sorted(phrases, key=" ".join)
