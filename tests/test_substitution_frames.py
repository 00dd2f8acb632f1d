"""Substitutions that would break the sentence or cancel another edit rather than contradict the
story (issue 14 strict reading): verb frames, particles, set phrases, negated predicates (the
antonym checks and UNION's keyword sampler). Each case failed before its fix."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.transforms._substitution.contrasts import antonym_fits
from perturbkit.transforms._substitution.frames import slot_kept


@pytest.mark.parametrize(
    "text,word,new,ok",
    [
        ("She failed a biology test.", "failed", "succeed", False),  # "succeeded a test": no such frame
        ("She failed the test.", "failed", "pass", True),
        ("Tom succeeded his father as king.", "succeeded", "fail", True),  # a person: "failed his father"
        ("He kept calming you down.", "calming", "agitate", False),  # a phrasal verb: "agitating you down"
        ("He calmed the baby.", "calmed", "agitate", True),
        ("The teacher put her mind at ease.", "ease", "difficulty", False),  # a set phrase
    ],
)
def test_antonym_keeps_the_frame(annotator, text, word, new, ok):
    tok = next(t for t in annotator.parse(text) if t.text == word)
    assert antonym_fits(tok, tok.lemma_.lower(), new) is ok


@pytest.mark.parametrize(
    "text,word,ok",
    [
        ("His friend suggested he write them down.", "suggested", False),  # a subjunctive: "felt he write"
        ("His friend said he wrote them down.", "said", True),
        ("They had something worth living for.", "worth", False),
        ("They had something incredible to live for.", "incredible", True),
        ("She was happy about the news.", "happy", False),  # "incredible about the news"
        ("The teacher put her mind at ease.", "ease", False),
        ("The teacher put the book on the desk.", "desk", True),
    ],
)
def test_corpus_slot_kept(annotator, text, word, ok):
    tok = next(t for t in annotator.parse(text) if t.text == word)
    assert slot_kept(tok) is ok


_SLOTS = [
    "She felt he was right.",
    "She knew he was right.",
    "It was incredible.",
    "It was amazing.",
    "He had some wonderful food.",
] * 4


@pytest.mark.parametrize(
    "text,kept",
    [
        ("His friend suggested he write them down.", "suggested he write"),
        ("They had something worth living for.", "something worth"),
    ],
)
def test_union_sampler_keeps_frames(annotator, text, kept):
    t = get_transform("keyword_substitution", rate=1.0, targeted=False).fit(_SLOTS, annotator)
    for seed in range(6):
        out = t(text, seed=seed, annotator=annotator)
        assert out is None or kept in out.text


@pytest.mark.parametrize(
    "text,bad",
    [
        ("It was kind of scary. I did not enjoy it.", "did not hate"),  # a weaker claim, not the opposite
        ("She failed a biology test.", "succeeded"),
        ("The teacher put her mind at ease.", "difficulty"),
    ],
)
def test_union_sampler_antonyms(annotator, text, bad):
    t = get_transform("keyword_substitution", rate=1.0, targeted=False)
    for seed in range(6):
        out = t(text, seed=seed, annotator=annotator)
        assert out is None or bad not in out.text
