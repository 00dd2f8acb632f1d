"""a/an choice used by every word-substituting transform."""

import pytest

from perturbkit.transform.words import indefinite_article


@pytest.mark.parametrize(
    "word,article",
    [
        ("apple", "an"),
        ("unicorn", "a"),
        ("hour", "an"),
        ("honest", "an"),
        ("unimportant", "an"),
        ("uninterested", "an"),
        ("university", "a"),
        ("union", "a"),
        ("european", "a"),
        ("one-off", "a"),
        ("dog", "a"),
        ("umbrella", "an"),
        ("useful", "a"),
        ("", "a"),
    ],
)
def test_indefinite_article(word, article):
    assert indefinite_article(word) == article
