"""Inflection helpers over lemminflect."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perturbkit.resources.inflect import TAG_UPOS, forms, inflect_like, lemma_of


@pytest.mark.parametrize("lemma, tag, expected", [
    ("agree", "VBD", "agreed"), ("sad", "JJR", "sadder"), ("go", "VBN", "gone"),
    ("child", "NNS", "children"), ("go", "VBZ", "goes"), ("run", "VBG", "running"),
    ("good", "JJS", "best"), ("have", "VBZ", "has"), ("agree", "VB", "agree"), ("dog", "NN", "dog"),
    ("be", "VBD", "was"), ("be", "VBP", "are"), ("be", "VBZ", "is"), ("be", "VBN", "been"),
])
def test_inflect_like_tag(lemma, tag, expected):
    assert inflect_like(lemma, tag) == expected


@pytest.mark.parametrize("lemma, tag", [
    ("happy", "VBD"),        # not a verb: no "happied"
    ("beautiful", "JJR"),    # periphrastic: no "beautifuler"
    ("xyzzy", "NNS"),        # unknown word
    ("dog", "DT"),           # tag lemminflect does not inflect
    ("", "VBD"), ("ice cream", "NNS"),
])
def test_inflect_like_none_when_no_form(lemma, tag):
    assert inflect_like(lemma, tag) is None


def test_out_of_vocabulary_rules_on_request():
    assert inflect_like("xyzzy", "NNS", oov=True) == "xyzzies"


def test_upos_restricts_the_word_class():
    assert inflect_like("lead", "VBD", upos="VERB") == "led"
    assert inflect_like("lead", "NNS", upos="NOUN") == "leads"


def test_token_form_resolves_ambiguity():
    were = SimpleNamespace(text="Were", tag_="VBD")
    assert inflect_like("be", were) == "were"
    assert inflect_like("be", SimpleNamespace(text="was", tag_="VBD")) == "was"
    assert inflect_like("agree", SimpleNamespace(text="walked", tag_="VBD")) == "agreed"
    assert forms("be", "VBD") == ("was", "were")


def test_spacy_token(annotator):
    doc = annotator.nlp("The children ran home.")
    assert inflect_like("walk", doc[2]) == "walked"
    assert inflect_like("kid", doc[1]) == "kids"


@pytest.mark.parametrize("word, upos, expected", [
    ("went", "VERB", "go"), ("Children", "NOUN", "child"), ("sadder", "ADJ", "sad"),
    ("was", "AUX", "be"), ("n't", "PART", "n't"), ("", "VERB", ""), ("Dogs", "PROPN", "dog"),
])
def test_lemma_of(word, upos, expected):
    assert lemma_of(word, upos) == expected


@given(st.text(max_size=20), st.sampled_from(sorted(TAG_UPOS) + ["XX", ""]))
def test_never_raises(word, tag):
    out = inflect_like(word, tag)
    assert out is None or isinstance(out, str)
    assert isinstance(lemma_of(word, TAG_UPOS.get(tag, "X")), str)


def test_all_lemmas_is_lemminflects_answer_memoised():
    import lemminflect

    from perturbkit.resources.inflect import all_lemmas

    for word, upos in [("went", None), ("leaves", None), ("leaves", "VERB"), ("happier", "ADJ"), ("qzxv", None)]:
        want = lemminflect.getAllLemmas(word, upos) if upos else lemminflect.getAllLemmas(word)
        assert all_lemmas(word, upos) == want
        assert all_lemmas(word, upos) is all_lemmas(word, upos)  # one lookup per word
    assert all_lemmas("went")["VERB"] == ("go",) and all_lemmas("qzxv") == {}
