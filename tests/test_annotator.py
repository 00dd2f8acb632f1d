"""The Annotator: one parse per distinct text across all transforms, caching, levels, memory bound."""

from __future__ import annotations

import pytest

from perturbkit.annotation import Annotator, Level
from perturbkit.example import Example
from perturbkit.transform import get_transform

FOUNDATION = ("sentence_shuffle", "repeat_ngram", "repeat_sentence", "typos", "delete_punctuation", "contraction")

STORIES = [
    "Tom woke up early. He made coffee, and he did not wait for his wife.",
    "After dinner, we bought apples, pears, and plums. I'm sure she'll like them.",
    "she did n't go to school . her mother was angry , and she stayed home .",
    "[MALE] met [FEMALE] at the park. They walked home together.",
    "Zoë ate crêpes in Paris. 😀 It was lovely.",
    "One sentence only.",
]


@pytest.fixture
def fresh(annotator):
    """A new Annotator sharing the session's loaded spaCy pipeline (counters start at zero)."""
    return Annotator(annotator.nlp)


def test_all_foundation_transforms_parse_each_distinct_story_once(fresh):
    examples = [Example(t, id=f"s{i}") for i, t in enumerate(STORIES * 3)]  # each text three times
    outputs = {}
    for name in FOUNDATION:
        outputs[name] = get_transform(name).batch(examples, seed=1, annotator=fresh)
    assert fresh.n_parsed == len(STORIES)
    assert fresh.n_tokenized == 0  # typos reads the string, the others the parsed Docs
    assert all(any(o is not None for o in outs) for outs in outputs.values())
    # calling again (one by one) costs nothing more
    for name in FOUNDATION:
        for ex in examples[:3]:
            get_transform(name)(ex, seed=2, annotator=fresh)
    assert fresh.n_parsed == len(STORIES)


def test_blank_texts_are_never_parsed(fresh):
    get_transform("repeat_sentence").batch(["", "   ", "\n"], annotator=fresh)
    assert fresh.n_parsed == 0


def test_cache_returns_the_same_doc(fresh):
    a = fresh.parse("He left. She stayed.")
    b = fresh.parse("He left. She stayed.")
    assert a is b and fresh.n_parsed == 1
    docs = fresh.pipe(["He left. She stayed.", "New text.", "New text."])
    assert docs[0] is a and docs[1] is docs[2] and fresh.n_parsed == 2


def test_levels(fresh):
    assert fresh.pipe(["He left."], Level.NONE) == [None]
    tok = fresh.parse("He left.", Level.TOKENS)
    assert [t.text for t in tok] == ["He", "left", "."]
    assert not tok.has_annotation("DEP") and fresh.n_parsed == 0 and fresh.n_tokenized == 1
    full = fresh.parse("He left.", Level.PARSE)
    assert full.has_annotation("DEP") and full.has_annotation("POS") and fresh.n_parsed == 1
    assert full is not tok and fresh.parse("He left.", Level.TOKENS) is tok


def test_a_parsed_text_serves_tokens_level_requests(fresh):
    """A story already parsed is not tokenized again into a second Doc for tokens-level transforms."""
    full = fresh.parse("She ran home. It rained.")
    assert fresh.parse("She ran home. It rained.", Level.TOKENS) is full
    assert fresh.pipe(["She ran home. It rained.", "Not parsed yet."], Level.TOKENS)[0] is full
    assert fresh.n_tokenized == 1 and fresh.n_parsed == 1


@pytest.mark.parametrize("name", ["token_shuffle"])  # mask_words reads the parse since round 104
def test_tokens_level_transforms_do_not_depend_on_the_parse(fresh, annotator, name):
    """Tokens-level transforms give the same output on a parsed Doc as on a tokenizer-only one,
    so the Doc they get (whichever the Annotator has) does not change results."""
    from perturbkit import get_transform

    t = get_transform(name)
    assert t.level == Level.TOKENS
    texts = [
        *STORIES,
        "Tom didn't go to the old store. Then [MALE] fell asleep early at home!",
        "he did n't go , she said . ' fine ' .",
    ]
    tokens_only = Annotator(annotator.nlp)
    parsed_first = Annotator(annotator.nlp)
    parsed_first.pipe(texts)
    for i, text in enumerate(texts):
        a = t(text, seed=i, annotator=tokens_only)
        b = t(text, seed=i, annotator=parsed_first)
        assert (a and a.text) == (b and b.text)
    assert tokens_only.n_parsed == 0 and parsed_first.n_tokenized == 0


def test_level_none_does_not_load_the_pipeline():
    ann = Annotator(model="a-model-that-does-not-exist")
    assert ann.pipe(["x", "y"], Level.NONE) == [None, None]
    assert ann._nlp is None


def test_memory_is_bounded(annotator):
    ann = Annotator(annotator.nlp, max_cached=3)
    texts = [f"Story number {i} is here." for i in range(6)]
    for t in texts:
        ann.parse(t)
    assert len(ann._cache) == 3 and ann.n_parsed == 6
    ann.parse(texts[-1])  # still cached (most recent)
    assert ann.n_parsed == 6
    ann.parse(texts[0])  # evicted: parsed again
    assert ann.n_parsed == 7
    # one batch larger than the bound still returns every doc, in order
    docs = ann.pipe(texts)
    assert [d.text for d in docs] == texts


def test_clear(fresh):
    fresh.parse("He left.")
    fresh.clear()
    fresh.parse("He left.")
    assert fresh.n_parsed == 2


def test_docs_still_pickle_after_every_transform_read_them(annotator):
    """Transforms cache per-Doc facts in ``doc.user_data``; they must stay plain data, or a Doc
    shared through the Annotator could no longer be pickled (Ray, multiprocessing)."""
    import pickle

    import perturbkit as pk
    from perturbkit.example import Example

    text = "Tom didn't go to the old store because it was late. Then he fell asleep early at home."
    ex = Example(text)
    doc = annotator.parse(text)
    for name in pk.registry.transforms.names():
        pk.get_transform(name)(ex, seed=1, annotator=annotator)
    assert doc.user_data, "expected the transforms to cache something on the Doc"
    restored = pickle.loads(pickle.dumps(doc))
    assert restored.text == text
    assert set(restored.user_data) == set(doc.user_data)


@pytest.mark.parametrize("level", [Level.TOKENS, Level.PARSE])
def test_docs_carry_the_text_they_were_parsed_from(fresh, level):
    """The Annotator stores each Doc's text (spaCy rebuilds ``doc.text`` on every access), and
    it is exactly ``doc.text``: odd whitespace, emoji and tokenised text included."""
    from perturbkit.annotation.tables import doc_text

    texts = STORIES + ["  Two  spaces.\n\nA new paragraph.\t", "é\u200bx ."]
    for text, doc in zip(texts, fresh.pipe(texts, level)):
        assert doc_text.peek(doc) == text == doc.text == doc_text(doc)


@pytest.mark.parametrize("level", [Level.TOKENS, Level.PARSE])
def test_token_columns_match_the_tokens(fresh, level):
    """The one per-Doc table every transform scans agrees with spaCy's Token attributes."""
    from perturbkit.annotation.tables import token_columns

    for doc in fresh.pipe(STORIES + ["  Two  spaces.\n\nA new paragraph.", "x"], level):
        cols = token_columns(doc)
        assert cols["lower"] == tuple(t.lower_ for t in doc)
        assert cols["lemma"] == tuple(t.lemma_.lower() for t in doc)
        assert cols["IDX"] == tuple(t.idx for t in doc) and cols["LENGTH"] == tuple(len(t) for t in doc)
        assert cols["SPACY"] == tuple(int(bool(t.whitespace_)) for t in doc)
        assert cols["IS_ALPHA"] == tuple(int(t.is_alpha) for t in doc)
        assert cols["IS_SPACE"] == tuple(int(t.is_space) for t in doc)
        if level == Level.PARSE:
            assert cols["HEAD"] == tuple(t.head.i for t in doc)
            assert cols["SENT_START"] == tuple(1 if t.is_sent_start else -1 for t in doc)
            assert cols["DEP"] == tuple(t.dep for t in doc) and cols["POS"] == tuple(t.pos for t in doc)
        assert token_columns(doc) is cols  # read once per Doc


def test_per_doc_tables_are_not_scanned_by_the_garbage_collector(annotator):
    """The per-Doc tables (kept for thousands of Docs) hold only tuples of numbers and strings,
    which the garbage collector stops tracking; lists would be rescanned in every full pass."""
    import gc

    from perturbkit.annotation.tables import sentence_bounds, token_columns, token_strings

    doc = annotator.parse("Tom woke up late. He ran to the bus, but it had left.")
    tables = [*token_columns(doc).values(), *token_strings(doc).values(), sentence_bounds(doc)]
    gc.collect()
    gc.collect()  # a tuple of tuples is untracked in the pass after its inner tuples are
    assert all(isinstance(t, tuple) for t in tables)
    assert not any(gc.is_tracked(t) for t in tables)
    assert not gc.is_tracked(token_strings(doc)["children"][1])
