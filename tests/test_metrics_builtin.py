"""Built-in metrics without models (lexical, BLEU, ROUGE-L, the sentence splitter), and a few
slow tests on the real MiniLM and SmolLM2 models."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from perturbkit.example import Example
from perturbkit.metrics import resolve_metric
from perturbkit.metrics.bleu import Bleu
from perturbkit.metrics.embedding import split_sentences
from perturbkit.metrics.lexical import LexicalDiversity, NgramRepetition, mattr, repetition_rate, words
from perturbkit.metrics.rouge import RougeL, lcs_length, rouge_l
from perturbkit.metrics.runner import MetricRunner

STORY = (
    "Tom was hungry. He went to the store and bought some bread. He made a sandwich at home. "
    "He ate it on the porch. Afterwards he felt much better."
)


# ---------------------------------------------------------------- lexical
def test_words_ignore_case_and_punctuation_and_keep_contractions():
    assert words("He did n't go. He didn't!") == ["he", "did", "n't", "go", "he", "didn", "'t"]


def test_repetition_rate_by_hand():
    toks = "a b a b".split()
    assert repetition_rate(toks, 1) == 0.5
    assert repetition_rate(toks, 2) == pytest.approx(1 / 3)
    assert repetition_rate(toks, 3) == 0.0
    assert repetition_rate(toks, 5) is None


def test_ngram_repetition_score():
    m = NgramRepetition()
    assert m(["a b a b"])[0] == pytest.approx(-(0.5 + 1 / 3 + 0 + 0) / 4)
    assert m(["One two three four five."])[0] == 0.0
    assert m([""])[0] == 0.0 and m(["..."])[0] == 0.0
    assert NgramRepetition(min_n=2, max_n=2)(["a b a b"])[0] == pytest.approx(-1 / 3)
    with pytest.raises(ValueError):
        NgramRepetition(min_n=3, max_n=2)


def test_repeating_a_sentence_lowers_ngram_repetition():
    repeated = STORY + " He went to the store and bought some bread."
    orig, rep = NgramRepetition()([STORY, repeated])
    assert rep < orig <= 0


def test_mattr_by_hand():
    assert mattr("a b a c".split(), window=2) == 1.0
    assert mattr("a b a c".split(), window=3) == pytest.approx((2 / 3 + 1) / 2)
    assert mattr("a b a c".split(), window=50) == 0.75  # shorter than the window: plain TTR
    assert mattr([], window=5) == 0.0


def test_lexical_diversity_prefers_varied_text():
    m = LexicalDiversity(window=10)
    varied, dull = m([STORY, "He went home. He went home. He went home. He went home. He went home."])
    assert 0 < dull < varied <= 1
    with pytest.raises(ValueError):
        LexicalDiversity(window=0)


@given(st.text())
def test_lexical_metrics_never_raise_and_are_bounded(text):
    (r,) = NgramRepetition()([text])
    (d,) = LexicalDiversity()([text])
    assert -1.0 <= r <= 0.0 and 0.0 <= d <= 1.0


# ---------------------------------------------------------------- BLEU / ROUGE
def test_bleu_matches_nltk_openmeva_setup():
    from nltk.tokenize import WordPunctTokenizer
    from nltk.translate.bleu_score import SmoothingFunction, sentence_bleu

    tok = WordPunctTokenizer().tokenize
    cands = ["He went to the shop and bought bread.", "The cat didn't sleep.", "Totally unrelated words here!"]
    refs = [STORY, "The cat did not sleep at all.", STORY]
    want = [
        sentence_bleu([tok(r)], tok(c), weights=(0.25,) * 4, smoothing_function=SmoothingFunction().method1)
        for c, r in zip(cands, refs)
    ]
    got = MetricRunner("bleu", cache_dir=False).score([Example(c, reference=r) for c, r in zip(cands, refs)])
    np.testing.assert_allclose(got, want, rtol=1e-12)
    assert len(set(np.round(got, 6))) == 3  # a real spread, not a constant


def test_bleu_identity_and_case_sensitivity():
    b = Bleu()
    assert b([STORY], references=[STORY]) == [1.0]
    assert b([STORY.upper()], references=[STORY])[0] < 0.1  # no lower-casing, as OpenMEVA
    assert b([""], references=[STORY]) == [0.0]


def test_lcs_and_rouge_l_by_hand():
    assert lcs_length("a b c d".split(), "a c d e".split()) == 3
    assert rouge_l("a b c d".split(), "a c d e".split()) == pytest.approx(0.75)
    assert rouge_l([], ["a"]) == 0.0
    assert RougeL()(["The cat sat"], references=["the cat sat on the mat"]) == [pytest.approx(2 / 3)]
    p, r = 3 / 3, 3 / 6
    assert RougeL(beta=2)(["the cat sat"], references=["the cat sat on the mat"])[0] == pytest.approx(
        5 * p * r / (r + 4 * p)
    )


def test_rouge_needs_reference():
    assert resolve_metric("rouge_l").needs == ("reference",)


# ---------------------------------------------------------------- sentence splitter
@pytest.mark.parametrize(
    "text, want",
    [
        ("Mr. Smith went home. He slept!", ["Mr. Smith went home.", "He slept!"]),
        ('"Why?" she asked. He left.', ['"Why?" she asked.', "He left."]),
        ("i did n't go . he was sad .", ["i did n't go .", "he was sad ."]),
        ('He said "go home." Then he left.', ['He said "go home."', "Then he left."]),
        ("One para.\n\nTwo para", ["One para.", "Two para"]),
        ("first <newline> second", ["first", "second"]),
        ("no end", ["no end"]),
        (
            "`` I 'm afraid . '' Replied the boy . `` Why ? '' she asked .",  # PTB-tokenised quotes (WritingPrompts)
            ["`` I 'm afraid . ''", "Replied the boy .", "`` Why ? '' she asked ."],
        ),
        ("", []),
    ],
)
def test_split_sentences(text, want):
    assert split_sentences(text) == want


@given(st.text())
def test_split_sentences_keeps_all_words(text):
    joined = " ".join(split_sentences(text))
    assert joined.split() == " ".join(text.replace("<newline>", " ").split()).split()


# ---------------------------------------------------------------- real models (slow)
SHUFFLED = (
    "Afterwards he felt much better. He made a sandwich at home. Tom was hungry. "
    "He ate it on the porch. He went to the store and bought some bread."
)
UNRELATED = (
    "Tom was hungry. The stock market fell sharply on Tuesday. Penguins cannot fly. "
    "He ate it on the porch. Quantum computers use qubits."
)


@pytest.mark.slow
def test_minilm_metrics_rank_sensibly():
    coh = resolve_metric("coherence")
    orig, unrelated = coh([STORY, UNRELATED])
    assert -1 <= unrelated < orig <= 1
    assert coh(["Only one sentence."]) == [0.0]
    rel = resolve_metric("context_relatedness")
    near, far = rel([STORY, STORY], contexts=["Tom wanted some food.", "The senate passed a tax bill."])
    assert far < near
    bs = resolve_metric("bertscore")
    same, other = bs([STORY, UNRELATED], references=[STORY, STORY])
    assert same == pytest.approx(1.0, abs=1e-4) and other < same


@pytest.mark.slow
def test_smollm2_perplexity():
    m = resolve_metric("perplexity")
    runner = MetricRunner(m, cache_dir=False, batch_size=2)
    normal, scrambled, shuffled = runner.score(
        [Example(STORY), Example(" ".join(reversed(STORY.split()))), Example(SHUFFLED)]
    )
    assert -100 < normal < -5  # an ordinary story: perplexity in the tens
    assert scrambled < shuffled < normal
    one = m([SHUFFLED])[0]
    assert math.isclose(one, shuffled, rel_tol=1e-4)
