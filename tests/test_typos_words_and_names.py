"""typos after round 101 (20 WritingPrompts dev stories, 10/20 valid): a slip never lands on a short
or rare real word nor drops a final "s", and names keep their spelling."""

from __future__ import annotations

import random

import pytest

from perturbkit.transform import get_transform
from perturbkit.transforms._surface import typos as T


@pytest.mark.parametrize(
    "text,seed,expected",
    [
        # seeds that gave "Hi eyes", "call tat", "tink", "Ad I", "Hm," before
        ("His eyes are closed.", 18, "Hsi eyes are closed."),
        ("His eyes are closed.", 41, "Hiis eyes are closed."),
        ("I would call that misguided.", 26, "I would call taht misguided."),
        ("And I think I am bad.", 3, "And I thnik I am bad."),
        ("And I think I am bad.", 19, "Andd I think I am bad."),
        ("Hmm, he said.", 0, "Hmm, he saidd."),
    ],
)
def test_no_real_word_golden(annotator, text, seed, expected):
    assert get_transform("typos")(text, seed=seed, annotator=annotator).text == expected


@pytest.mark.parametrize(
    "word,not_typo", [("His", "Hi"), ("that", "tat"), ("And", "Ad"), ("think", "tink"), ("hmm", "hm")]
)
def test_short_and_rare_words_are_words(word, not_typo):
    assert T._is_word(not_typo)
    assert all((T.misspelt(word, random.Random(s)) or ("",))[0] != not_typo for s in range(300))


@pytest.mark.parametrize("seed", [1, 5])
def test_no_first_name_golden(annotator, seed):
    """Round 103: "All I know" -> "Al I know" reads as a name (seeds 1 and 5 gave it before)."""
    assert get_transform("typos")("All I know is that.", seed=seed, annotator=annotator).text == "Alll I know is that."


def test_frequent_words_and_names_are_words():
    """A capitalised slip that is a first name of the name lists ("Al", "Tim") and a slip that is a
    frequent word in any casing (wordfreq: "th", "al") reads as a word; "the" -> "th" before (seed 5)."""
    assert T._real("Al") and T._real("Tim") and T._real("th") and T._real("al")
    assert not T._real("Alll") and not T._real("thhe")
    assert all((T.misspelt("All", random.Random(s)) or ("",))[0] != "Al" for s in range(300))
    assert T.misspelt("the", random.Random(5)) == ("thhe", "doubled 'h'")


def test_final_s_never_dropped():
    """ "bafoons" -> "bafoon" reads as a singular (seed 20 gave it before)."""
    assert T.misspelt("bafoons", random.Random(20)) == ("bafonos", "swapped 'on'")
    assert all((T.misspelt("bafoons", random.Random(s)) or ("",))[0] != "bafoon" for s in range(300))


NAMES = "`` Buddy ... '' he whispers . Greg met Laura in Russia and read the New York Times ."


def test_interjections_are_words():
    # round 105: "where" -> "whee" read as the exclamation
    assert T._real("whee") and T._real("whew")


def test_names_keep_their_spelling(annotator):
    out = get_transform("typos", rate=1.0)(NAMES, seed=0, annotator=annotator)
    # "mt" (Mt.) and "teh" are frequent words now (round 103): other slips
    assert out.text == "`` Buddy ... '' he whisers . Greg mte Laura in Russia adn raed the New York Times ."


@pytest.mark.parametrize(
    "text,sites",
    [
        # capitalised inside a sentence: a name
        ("I read the New York Times today.", ("read", "the", "today")),
        # opening a sentence: a stop word or a word also written in lower case is not a name
        (
            "The dog barked. Spittle flew. Erg wiped the spittle.",
            ("The", "dog", "barked", "Spittle", "flew", "wiped", "the", "spittle"),
        ),
        # a word in capitals: shouted if an English word, an acronym if not
        ("HELLO THERE, said NASA.", ("HELLO", "THERE", "said")),
        ("Hey Gene, you on duty? GENE! HELLO!", ("you", "duty", "HELLO")),
        # a lower-cased story (ROC): a first name that is no English word keeps its spelling (round
        # 105: "liza" -> "lizza"), a name that is also a word ("bill") does not
        ("liza asked bill for a pen . liza smiled .", ("asked", "bill", "for", "pen", "smiled")),
    ],
)
def test_name_sites(text, sites):
    assert T.typo_sites(text)[1] == sites
