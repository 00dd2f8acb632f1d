"""typos' fast paths give what the plain code gives: the word scan in one pass, and one typo without counting the words when the count cannot matter."""

from __future__ import annotations

import pytest
from _transform_props import stories
from hypothesis import given
from hypothesis import strategies as st

from perturbkit.transform import get_transform
from perturbkit.transforms import surface
from perturbkit.transforms._surface import typos as T


def _typo_words_plain(text):
    """typos' word scan as it was: a comprehension over the matches, then the filters (the name
    filter of round 101 added)."""
    split, dotted = T._tokenizer_exceptions()
    free = [
        (m.start(), w)
        for m in T._FREE_WORD.finditer(text)
        if (w := m.group()).lower() not in split and not (text[m.end() : m.end() + 1] == "." and w in dotted)
    ]
    lower = {w for _, w in free if w[0].islower()}  # names keep their spelling (round 101)
    free = [(i, w) for i, w in free if w[0].islower() or not T._name_like(text, i, w, lower)]
    if free and (skip := T._address_spans(text)):
        free = [(i, w) for i, w in free if not any(a <= i < b for a, b in skip)]
    cands = [(i, w) for i, w in free if len(w) >= 3] or free
    return tuple(i for i, _ in cands), tuple(w for _, w in cands)


ODD = [
    "Mr. Smith met Dr Jones at www.x.org and e.g. U.S. on Jan. 3.5 x@y.z, thats it.",
    "Gonna go. I a. ok no.",
    "It's [MASK]'s o'clock; didn't n't _ab ab_ ab1 \u00e9t\u00e9 caf\u00e9.",
    "a b c d e f",
    "",
]


@given(stories())
def test_typo_sites_is_the_plain_scan_and_bounds_the_count(text):
    for t in [text, *ODD]:
        starts, words, most = T.typo_sites(t)
        assert (starts, words) == _typo_words_plain(t)
        assert most >= T.word_count(t)


RATES = [0.02, 0.035, 0.05, 0.2, 1.0]
TEXTS = [
    "She walked to the market and bought fresh bread.",
    " ".join(["The quick brown fox jumps over the lazy dog."] * 20),
    " ".join(["Tom's dog didn't bark at the mailman, who'd come by at 3pm."] * 6),
    *ODD,
]


@pytest.mark.parametrize("rate", RATES)
def test_one_typo_without_counting_is_what_counting_gives(monkeypatch, rate):
    t = get_transform("typos", rate=rate)
    fast = [t(x, seed=s) for x in TEXTS for s in range(4)]
    # the slow path: a bound no rate can fall under, so the words are always counted
    monkeypatch.setattr(surface, "typo_sites", lambda text: (*T.typo_sites(text)[:2], 10**9))
    slow = [t(x, seed=s) for x in TEXTS for s in range(4)]
    assert [o and (o.text, o.edits) for o in fast] == [o and (o.text, o.edits) for o in slow]
    assert any(o is not None and len(o.edits) > 1 for o in fast)  # the long texts: more than one typo
    assert rate * T.typo_sites(TEXTS[0])[2] < 2 or rate >= 0.2  # the short story: one typo, words not counted


@given(stories(), st.sampled_from(RATES), st.integers(0, 3))
def test_typos_batch_is_the_single_call(text, rate, seed):
    t = get_transform("typos", rate=rate)
    one = t(text, seed=seed)
    (many,) = t.batch([text], seed=seed)
    assert (one and (one.text, one.edits)) == (many and (many.text, many.edits))
