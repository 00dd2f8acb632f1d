"""token_shuffle (MARS): golden cases and properties."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from _edit_checks import check_properties, texts
from hypothesis import given
from hypothesis import strategies as st

from perturbkit import get_transform
from perturbkit.annotation import Level
from perturbkit.transform import TransformParamError

GOLDEN = [
    ("She walked to the store and bought some bread.", 0, "some walked to bought store and the She bread."),
    ("he did n't go to the park !", 0, "he did park go to the n't !"),
    ("[MALE] went home with [FEMALE].", 2, "[FEMALE] went home with [MALE]."),
    # WP spacing: the tokenizer splits "'m"/"'ve" into "'" + "m"; they move whole (round 101)
    (
        "I 'm tired and I 've been working all day , so I 'm going home .",
        0,
        ", 'm tired so I 've been working all day I I and 'm home going .",
    ),
]


@pytest.mark.parametrize("text,seed,expected", GOLDEN)
def test_golden(text, seed, expected, annotator):
    out = get_transform("token_shuffle")(text, seed=seed, annotator=annotator)
    assert out is not None and out.text == expected


def _tokens(annotator, text):
    # words and punctuation marks, independent of how a re-tokeniser groups "I." or "``"
    return Counter(re.findall(r"\w+|[^\w\s]", text))


@pytest.mark.parametrize(
    "text",
    [g[0] for g in GOLDEN]
    + ['I didn\'t go. He said "no."', "Tom, Ann and Bo ran home quickly!", "it was n't mine , she said ."],
)
@pytest.mark.parametrize("seed", range(5))
def test_tokens_kept_and_final_punctuation_stays(text, seed, annotator):
    out = get_transform("token_shuffle")(text, seed=seed, annotator=annotator)
    assert out is not None
    assert _tokens(annotator, out.text) == _tokens(annotator, text)
    tail = text[len(text.rstrip('.!?"')) :]
    assert out.text.endswith(tail)


def test_rate_is_the_share_of_tokens_moved(annotator):
    text = "one two three four five six seven eight nine ten eleven twelve."
    for rate, n in ((0.5, 6), (1.0, 12), (0.2, 2)):
        out = get_transform("token_shuffle", rate=rate)(text, seed=3, annotator=annotator)
        assert out.edits[0].note == f"shuffled {n} tokens"
        moved = sum(a != b for a, b in zip(text.split(), out.text.split()))
        assert 2 <= moved <= n


@pytest.mark.parametrize("text", ["", "   ", "Hi", "Hi.", "a a a .", "!!!", "[MALE] ."])
def test_none_when_nothing_can_move(text, annotator):
    assert get_transform("token_shuffle")(text, seed=0, annotator=annotator) is None


@pytest.mark.parametrize("rate", [0, -0.1, 1.01])
def test_bad_rate(rate):
    with pytest.raises(TransformParamError):
        get_transform("token_shuffle", rate=rate)


def test_needs_only_the_tokenizer(annotator):
    t = get_transform("token_shuffle")
    assert t.level == Level.TOKENS
    before = annotator.n_parsed
    t("A brand new sentence nobody parsed before today.", seed=0, annotator=annotator)
    assert annotator.n_parsed == before


@given(text=texts(), seed=st.integers(0, 5))
def test_properties(text, seed, annotator):
    out = check_properties(get_transform("token_shuffle"), text, annotator, seed=seed)
    if out is not None:
        assert sorted(out.text.replace(" ", "")) == sorted(text.replace(" ", ""))


@pytest.mark.parametrize(
    "text",
    [
        "I 'm tired and I 've been working all day , so I 'm going home .",
        "We \u2019ve seen it , I \u2019m sure , and they \u2018ve too .",
        "THEY 'RE here and I 'VE got rock 'n' roll 'til dawn .",
    ],
)
@pytest.mark.parametrize("seed", range(5))
def test_clitics_move_whole(text, seed, annotator):
    """A clitic split by the tokenizer ("'" + "m") is one unit: no lone "m"/"ve" or stray apostrophe."""
    out = get_transform("token_shuffle")(text, seed=seed, annotator=annotator)
    assert out is not None
    assert sorted(out.text.split()) == sorted(text.split())


_SPACED = [
    "I \u2019 ve been there and they weren \u2019 t happy , but it \u2019 s fine now .",
    "I did n \u2019 t know what I \u2019 m doing , so let \u2018 em go home .",
    "I ' m sure we ' ll win , they ' re tired and he ' d lost .",
]
# a clitic written apart from its apostrophe, and the apostrophe before it (with "t": the host too)
_SPACED_CLITIC = re.compile(r"(?:\w*n [\u2019'] t|[\u2019\u2018'] (?:ve|m|s|re|d|ll|em))(?=\s|$)")


@pytest.mark.parametrize("text", _SPACED)
@pytest.mark.parametrize("seed", range(5))
def test_spaced_clitics_move_whole(text, seed, annotator):
    """WP writes clitics apart from their (curly) apostrophe: "I \u2019 ve", "weren \u2019 t" (round 103:
    a lone apostrophe and a stray "ve"/"t" were moved apart). They move as one unit."""
    out = get_transform("token_shuffle")(text, seed=seed, annotator=annotator)
    assert out is not None
    assert Counter(_SPACED_CLITIC.findall(out.text)) == Counter(_SPACED_CLITIC.findall(text))
    left = _SPACED_CLITIC.sub(" ", out.text).split()
    assert not [w for w in left if w in {"\u2019", "\u2018", "'", "ve", "m", "t", "s", "ll", "re", "d", "em"}]


def test_spaced_clitics_golden(annotator):
    out = get_transform("token_shuffle")(_SPACED[0], seed=0, annotator=annotator)
    assert out.text == "happy been I there and they weren \u2019 t it \u2019 ve but , \u2019 s fine now ."
