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
    """mask_words, typos and token_shuffle cache per-Doc facts on the tokenizer-only Doc (not the
    parsed one tests/test_annotator.py pickles): the cache must stay plain data."""
    import pickle

    from perturbkit.annotation import Level

    text = "Tom didn't go to the old store because it was late. Then he fell asleep early at home."
    for name in ("mask_words", "typos", "token_shuffle"):
        assert get_transform(name)(text, seed=1, annotator=annotator) is not None
    doc = annotator.parse(text, Level.TOKENS)
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
        ("He was going to buy it. Of course he paid.", "He was going to AAA it. Of course he AAA."),
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
        ("Whoa . Somebody hooted from atop a tree branch .", "Whoa . Somebody AAA from atop a AAA AAA ."),
    ],
)
def test_function_uses_stay(annotator, text, expected):
    """Only content words in content uses are masked (the strict reading of issue 14 found "like",
    "going" of "going to", "got", "course" of "of course" and "isn" of "isn ’ t" masked)."""
    assert get_transform("mask_words", rate=1.0)(text, seed=0, annotator=annotator).text == expected
