"""sentence_shuffle, round 103: a short story is shuffled only where its order carries a signal the
shuffle breaks, a long story's order breaks throughout, and a preface before a separator stays."""

from __future__ import annotations

import random

import pytest

from perturbkit.example import Example
from perturbkit.transform import get_transform

DESCRIPTIVE = [
    # roc-2846: a preference, no events (read 'still acceptable' shuffled)
    (
        "i like my cereal with just the right amount of milk .",
        "if the ratio is n't correct i get mad . if there is too much milk the cereal is too soggy . "
        "if there is n't enough milk the cereal is too hard . finding the perfect balance is hard , but necessary .",
    ),
    # roc-2928: a trip told in states, one event
    (
        "the family went on a tour of the everglades .",
        "they 'd never been to the swamp before . they were amazed with the alligators and the mangrove trees . "
        "it was a very unique place . they took lots of pictures to remember the experience .",
    ),
    (
        None,
        "she has four cats and three dogs . two of the cats are very young kittens . "
        "they all get along with each other . usually the cats even snuggle with the dogs .",
    ),
]


@pytest.mark.parametrize("context,text", DESCRIPTIVE)
def test_a_descriptive_short_story_is_declined(annotator, context, text):
    t = get_transform("sentence_shuffle")
    ex = Example(text, context=context)
    assert all(t(ex, seed=seed, annotator=annotator) is None for seed in range(3))


def test_a_short_story_breaks_an_order_signal(annotator):
    """Two events and a sequel word: every draw tells the events the other way round or puts "the
    next day" before what it followed."""
    t = get_transform("sentence_shuffle")
    text = "he was tired . he ate a big dinner . the next day he felt better . he was happy ."
    outs = {t(text, seed=seed, annotator=annotator).text for seed in range(10)}
    for out in outs:  # "the next day" before a sentence it followed
        assert out.index("the next day") < max(out.index("he ate a big dinner"), out.index("he was tired")), out
    assert t(text, seed=0, annotator=annotator).text == (
        "the next day he felt better . he was tired . he was happy . he ate a big dinner ."
    )


# a long story whose quoted speech joins into one unit holding most of its sentences (wp_dev-691:
# three closing lines moved before the block read as a flash-forward prologue)
BLOCK = (
    "`` We are old . We are slow . We never fought . We never won . We never lost . We waited . "
    "We hid . We hoped . We prayed . We slept . We woke . We lived . '' "
    "The council agreed . Humans came . They built ships . They won ."
)


def test_a_long_story_whose_block_holds_most_sentences_is_declined(annotator):
    t = get_transform("sentence_shuffle")
    assert all(t(BLOCK, seed=seed, annotator=annotator) is None for seed in range(5))


def test_displacement_floor():
    """Kendall distance and in-order runs by sentences: neighbour swaps or a long run fail."""
    from perturbkit.transforms._reorder import _displaced, scrambled_order

    swaps = [1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10]
    assert not _displaced(swaps, [1] * 12)  # 6 of 66 pairs changed places
    assert not _displaced([5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4], [1] * 12)  # a run of 7 of 12 sentences
    assert _displaced([6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5], [1] * 12)  # two runs of 6: half each
    assert not _displaced([3, 1, 0, 2], [12, 1, 1, 1])  # one unit holds 12 of 15 sentences
    assert _displaced([3, 1, 0, 2], [3, 3, 3, 3])
    order = scrambled_order([f"s{i} ." for i in range(12)], random.Random(0), weights=[1] * 12)
    assert order is not None and _displaced(order, [1] * 12)


PREFACE = (
    "Changed the second to last paragraph to make it less abrupt . Original is [ here ] "
    "( http : //www.reddit.com/r/writing/comments/x ) _____ I found myself falling . "
    "The ground came closer . I thought of my mother . I closed my eyes . The wind roared . "
    "A bird passed me . I opened my eyes . I hit the car ."
)


def test_a_preface_before_a_separator_stays_in_place(annotator):
    """wp_dev-369: the revision note before "Original is [here](...) _____" was moved into the story."""
    t = get_transform("sentence_shuffle")
    head = PREFACE[: PREFACE.index("_____") + 5]
    for seed in range(5):
        out = t(PREFACE, seed=seed, annotator=annotator)
        assert out is not None and out.text.startswith(head), out and out.text


def test_one_paratext_detector():
    """Separators and notes are detected in one place (``_paratext``): the shuffle's pinned units
    and the copying transforms' story end agree."""
    from perturbkit.transforms._narration import story_end
    from perturbkit.transforms._paratext import NOTE, SEPARATOR, paratext_at

    assert NOTE.search("Changed the second to last paragraph to make it more fleshed out")
    assert NOTE.search("PS: thanks all") and NOTE.search("Fixed some typos .")
    assert not NOTE.search("He changed his mind and left the paragraph alone .")
    assert SEPARATOR.search("end . * * * start") and not SEPARATOR.search("a - b")
    text = "It ended . Fixed a few typos , thanks !"
    assert story_end(text) == paratext_at(text) == len("It ended . ")


def test_a_short_story_moves_an_event_not_only_its_background(annotator):
    """Round 105 (roc-1219, roc-1967): moving a habit ("played it more often than most") or a
    backstory around events told in order still reads; only two events the other way round, or a
    sequel placed before an event it followed, break the story."""
    t = get_transform("sentence_shuffle")
    text = (
        "she played it more often than most adults . over time , she had become really skilled . "
        "she entered a competition . she ended up placing first ."
    )
    for seed in range(8):
        out = t(text, seed=seed, annotator=annotator).text
        assert out.index("placing first") < out.index("entered a competition"), out
