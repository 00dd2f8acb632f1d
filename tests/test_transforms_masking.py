"""mask_words: golden outputs and properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perturbkit.transform import TransformParamError, get_transform

TEXT = "The old fisherman sailed out before dawn and caught a huge tuna."


def test_golden(annotator):
    out = get_transform("mask_words")(TEXT, seed=0, annotator=annotator)
    assert out.text == "The old fisherman sailed out before dawn and caught a AAA tuna."
    out = get_transform("mask_words", rate=0.5, token="[MASK]")(TEXT, seed=1, annotator=annotator)
    assert out.text == "The [MASK] fisherman [MASK] out before dawn and [MASK] a huge [MASK]."


def test_not_applicable_and_bad_params(annotator):
    t = get_transform("mask_words")
    assert t("the of and to in .", seed=0, annotator=annotator) is None
    assert t("[MALE] ran.", seed=0, annotator=annotator).text == "[MALE] AAA."
    assert t("AAA AAA.", seed=0, annotator=annotator) is None
    with pytest.raises(TransformParamError):
        get_transform("mask_words", rate=0)
    with pytest.raises(TransformParamError):
        get_transform("mask_words", token="a b")


@given(st.text(max_size=200), st.integers(0, 50))
def test_properties(annotator, text, seed):
    t = get_transform("mask_words", rate=0.3)
    out = t(text, seed=seed, annotator=annotator)
    if out is None:
        return
    assert out.text == t(text, seed=seed, annotator=annotator).text
    words_before = text.split()
    assert len(out.edits) >= 1
    for e in out.edits:
        assert e.after == "AAA" and e.before.isalpha() and text[slice(*e.before_span)] == e.before
    # only the masked words changed: replaying the edits gives the output
    rebuilt, pos = [], 0
    for e in out.edits:
        rebuilt += [text[pos : e.before_span[0]], e.after]
        pos = e.before_span[1]
    assert "".join(rebuilt) + text[pos:] == out.text
    assert len(out.edits) <= max(1, round(0.3 * len(words_before)) + 1)


def test_token_level_docs_still_pickle(annotator):
    """typos and token_shuffle cache per-Doc facts on the tokenizer-only Doc, mask_words on the
    parsed one (since round 104 it reads lemmas, parts of speech and entities): each cache must
    stay plain data."""
    import pickle

    from perturbkit.annotation import Level

    text = "Tom didn't go to the old store because it was late. Then he fell asleep early at home."
    for name in ("mask_words", "typos", "token_shuffle"):
        assert get_transform(name)(text, seed=1, annotator=annotator) is not None
    for level in (Level.TOKENS, Level.PARSE):
        doc = annotator.parse(text, level)
        assert doc.user_data, "expected the transforms to cache something on the Doc"
        restored = pickle.loads(pickle.dumps(doc))
        assert restored.text == text and restored.user_data == doc.user_data


def test_speaker_labels_stay(annotator):
    """Transcript layout ("Human:", "Assistant:") is not a word to mask (issue 14)."""
    text = "Human: Write a poem about rain.\nAssistant: Grey clouds gather over quiet hills."
    t = get_transform("mask_words", rate=1.0)
    out = t(text, seed=0, annotator=annotator)
    assert out.text.startswith("Human: ") and "\nAssistant: " in out.text
    assert "AAA" in out.text


@pytest.mark.parametrize(
    "text,expected",
    [
        # prepositions, interjections and the light verb "get" are not content words
        ("It smelled like burnt charcoal.", "It AAA like AAA AAA."),
        ("Oh yes, I got a ticket despite the rain.", "Oh yes, I got a AAA despite the AAA."),
        # "going" of the future "was going to", and a word of a fixed expression ("of course")
        # ("buy it" is a WordNet idiom, kept whole since round 104)
        ("He was going to buy it. Of course he paid.", "He was going to buy it. Of course he AAA."),
        # pieces of a contraction or a hyphenated word stay whole
        ("It isn ’ t true, he wo n't re-read it.", "It isn ’ t AAA, he wo n't re-read it."),
        ("I'm gonna sleep near the window.", "I'm gonna AAA near the AAA."),
        # pre-tokenised spoken forms (WritingPrompts): "gon na", "'em"
        ("I 'm gon na sleep and wake 'em later .", "I 'm gon na AAA and AAA 'em AAA ."),
        # prepositions made from verbs (round 101: "including", "save" masked); the verbs still are
        (
            "His closet ( including an ugly purple turtleneck ) was full .",
            "His AAA ( including an AAA AAA AAA ) was full .",
        ),
        ("The desk was now empty , save for to-do notes .", "The AAA was now empty , save for to-do AAA ."),
        (
            "He wanted to save the cat . Following the war , he was following me .",
            "He AAA to AAA the AAA . Following the AAA , he was AAA me .",
        ),
        ("Given that it rained , she was given a book .", "Given that it AAA , she was AAA a AAA ."),
        ("`` Save it , '' he said . Save the date .", "`` AAA it , '' he AAA . AAA the AAA ."),
        # round 103: a clitic after a spaced or curly apostrophe, dialect "'ill", an interjection,
        # "atop" and "somebody" were masked
        (
            "You \u2019 ll find , he would 've saved them 'ill you .",
            "You \u2019 ll AAA , he would 've AAA them 'ill you .",
        ),
        # ("tree branch" is a WordNet compound, kept whole since round 104)
        ("Whoa . Somebody hooted from atop a tree branch .", "Whoa . Somebody AAA from atop a tree branch ."),
    ],
)
def test_function_uses_stay(annotator, text, expected):
    """Only content words in content uses are masked (the strict reading of issue 14 found "like",
    "going" of "going to", "got", "course" of "of course" and "isn" of "isn ’ t" masked)."""
    assert get_transform("mask_words", rate=1.0)(text, seed=0, annotator=annotator).text == expected


@pytest.mark.parametrize(
    "text,expected",
    [
        # round 104: half of an idiom or fixed phrase masked ("the AAA side", "AAA the ballot box",
        # "AAA up with", "back and AAA", "For a AAA", "any AAA", "within AAA", "like AAA")
        (
            "The past will take you to the dark side, said the boy.",
            "The AAA will take you to the dark side, AAA the AAA.",
        ),
        ("Jane decided to stuff the ballot box.", "AAA AAA to stuff the ballot box."),
        ("It took him a month to come up with a theme.", "It AAA him a AAA to come up with a AAA."),
        (
            "His eyes flicked back and forth. For a second he did not care any longer.",
            "His AAA AAA back and forth. For a second he did not AAA any longer.",
        ),
        (
            "The cure was within reach. The drunks came like clockwork.",
            "The AAA was within reach. The AAA AAA like clockwork.",
        ),
        # WordNet's "catch one's breath" (a possessive in the slot), "take stock", "fool around",
        # "fall in love", "the other way around"; "make way" linked through the parse
        (
            "He leaned on the wall to catch his breath and took stock of the damage.",
            "He leaned on the AAA to catch his breath and took stock of the AAA.",
        ),
        (
            "We kissed and fooled around. I am falling in love. Maybe it is the other way around.",
            "We AAA and fooled around. I am falling in love. AAA it is the other way around.",
        ),
        (
            "He flashed his shit eating grin at the sad sack. Not one bit.",
            "He AAA his shit eating grin at the sad sack. Not one bit.",
        ),
        (
            "He did catch me off guard. The knight made his way to her body.",
            "He did catch me off guard. The AAA made his way to her AAA.",
        ),
        # pairs WordNet writes as one word or with a hyphen
        (
            "It was something more three dimensional in this god forsaken wilderness.",
            "It was something more three dimensional in this god forsaken AAA.",
        ),
        # half of a name of two or more words ("the United AAA of the Western Hemisphere",
        # "the Ice AAA", "AAA Hopkins", "Ink AAA", "52 AAA")
        (
            "The United Federation of the Western Hemisphere sent troops to the Ice Fort.",
            "The United Federation of the Western Hemisphere AAA AAA to the Ice Fort.",
        ),
        (
            "Johns Hopkins was expensive. An Ink Master judge had the 52 Blocks down.",
            "Johns Hopkins was AAA. An Ink Master AAA had the 52 Blocks down.",
        ),
        # a mask glued to digits ("300AAA"), a number word, "be able to", "the moment" as a conjunction
        ("An asteroid 300km wide hit the coast.", "An AAA 300km AAA AAA the AAA."),
        ("The species had been dead ten thousand years.", "The AAA had been AAA ten thousand AAA."),
        ("We would be able to remove the block.", "We would be able to AAA the AAA."),
        (
            "They fired the moment a Corpse was reported. He waited a moment.",
            "They AAA the moment a AAA was AAA. He AAA a AAA.",
        ),
        # the same in ROCStories' lower-case tokenised style (roc dev 541)
        (
            "it took him a full month to come up with anything else .",
            "it AAA him a full AAA to come up with anything else .",
        ),
    ],
)
def test_multiword_units_stay(annotator, text, expected):
    """A mask hides a word; inside a multiword unit it leaves a broken fragment instead (round 104
    read 15 of 40 variants invalid for that). Ordinary content words around the units are still masked."""
    assert get_transform("mask_words", rate=1.0)(text, seed=0, annotator=annotator).text == expected


def test_units_only_declines_and_wordnet_prefixes(annotator):
    """A story whose content words all sit in units has nothing to mask; the WordNet scan grows a
    span only while some entry begins with it."""
    from perturbkit.transform.site_checks import multiword_prefix, single_prefix

    assert get_transform("mask_words")("I sat up and took stock.", seed=0, annotator=annotator) is None
    assert multiword_prefix(("back", "and")) and not multiword_prefix(("back", "zebra"))
    assert single_prefix("godfor") and not single_prefix("godzzz")
