"""String-level pre-filters (``Transform.possible``) and parses without ``ner``: a story with no
possible site returns None before any parse, a story with one gives what it gave before, and a
transform that reads no entities gets a Doc parsed without them that never serves a reader of
entities."""

from __future__ import annotations

import random

import pytest

from perturbkit.annotation import Annotator
from perturbkit.example import Example
from perturbkit.transform import get_transform


@pytest.fixture
def fresh(annotator):
    """A new Annotator sharing the session's loaded spaCy pipeline (counters start at zero)."""
    return Annotator(annotator.nlp)


NO_SITE = [
    ("delete_punctuation", {}, "He went home. She stayed there and read a book."),
    ("contraction", {}, "He went home. She stayed there and read a book."),
    ("contraction", {"direction": "contract"}, "He didn't go home. She's there."),  # only expansions
    ("contraction", {"direction": "expand"}, "He did not go home. I am here."),  # only contractions
    ("synonym", {}, "One day this enemy confronted Trevor in the bathroom."),  # no listed word
    ("adjective_synonym", {}, "He learned about their language and money."),
]


@pytest.mark.parametrize(("name", "params", "text"), NO_SITE)
def test_no_site_returns_none_without_a_parse(fresh, name, params, text):
    t = get_transform(name, **params)
    assert not t.possible(text)
    assert t(text, seed=0, annotator=fresh) is None
    assert t.batch([text, text], seed=0, annotator=fresh) == [None, None]
    assert fresh.n_parsed == 0


# outputs of the code before the pre-filters (same seed), which they must not change
WITH_SITE = [
    (
        "delete_punctuation",
        {},
        "After dinner, we bought apples, pears, and plums. She smiled.",
        "After dinner we bought apples, pears and plums. She smiled.",
    ),
    (
        "contraction",
        {},
        "I am sure that he did not see us. He went home.",
        "I'm sure that he didn't see us. He went home.",
    ),
    ("contraction", {}, "She'll ask him. He went home.", "She will ask him. He went home."),
    ("contraction", {"direction": "contract"}, "They are late, I think.", "They're late, I think."),
    ("synonym", {}, "She started to cry when she saw the big dog.", "She started to cry when she saw the large dog."),
    ("synonym", {}, "Tom bought a bike. He rode it to school.", "Tom purchased a bike. He rode it to school."),
]


@pytest.mark.parametrize(("name", "params", "text", "expected"), WITH_SITE)
def test_a_site_gives_what_it_gave_before(fresh, name, params, text, expected):
    t = get_transform(name, **params)
    assert t.possible(text)
    assert t(text, seed=0, annotator=fresh).text == expected
    assert fresh.n_parsed == 1


STORIES = [
    "Tom woke up early. He made coffee, and he did not wait for his wife.",
    "After dinner, we bought apples, pears, and plums. I'm sure she'll like them.",
    "she did n't go to school . her mother was angry , and she stayed home .",
    "Ann baked a cake. She put the cake on the table. Everyone ate it.",
    "He went home. The rain stopped.",
    "She started to cry when she saw the big dog. Tom bought her a bigger one and began to hide it.",
]


@pytest.mark.parametrize("name", ["delete_punctuation", "contraction", "synonym"])
def test_possible_is_necessary(annotator, name):
    """Where ``possible`` is False, apply() on the parse finds nothing either."""
    t = get_transform(name)
    for text in STORIES + [s.replace(",", "").replace("n't", "").replace("'", "") for s in STORIES]:
        if not t.possible(text):
            assert t.apply(Example(text), annotator.parse(text), random.Random(0)) is None


def test_a_doc_without_ner_never_serves_a_reader_of_entities(fresh):
    text = "Tom did not see Anna in Paris, and he went home."
    lite = fresh.parse(text, skip=frozenset({"ENT_IOB"}))
    assert fresh.n_parsed == 1 and not lite.ents
    assert fresh.parse(text, skip=frozenset({"ENT_IOB"})) is lite
    full = fresh.parse(text)
    assert full is not lite and [e.text for e in full.ents] == ["Tom", "Anna", "Paris"]
    assert fresh.n_parsed == 1 and fresh.n_completed == 1  # ner alone, on a copy
    assert not lite.ents  # what was read from the lite Doc stays as it was
    assert [(t.tag_, t.dep_, t.head.i, t.lemma_) for t in full] == [(t.tag_, t.dep_, t.head.i, t.lemma_) for t in lite]
    assert fresh.parse(text, skip=frozenset({"ENT_IOB"})) is full  # a full parse serves everyone
    assert fresh.pipe([text, "He left."], skip=frozenset({"ENT_IOB"}))[0] is full


def test_transforms_that_read_no_entities_parse_without_ner(fresh):
    texts = STORIES[:4]
    get_transform("negation").batch(texts, seed=0, annotator=fresh)
    assert fresh.n_parsed == 4 and all(
        not fresh.parse(t, skip=frozenset({"ENT_IOB"})).has_annotation("ENT_IOB") for t in texts
    )
    get_transform("negation_alteration").batch(texts, seed=0, annotator=fresh)  # reads PERSON entities
    assert fresh.n_parsed == 4 and fresh.n_completed == 4
    assert all(fresh.parse(t).has_annotation("ENT_IOB") for t in texts)


@pytest.mark.parametrize("name", ["negation", "contraction"])
def test_same_outputs_with_and_without_ner(annotator, name):
    t = get_transform(name)
    texts = STORIES + ["Tom bought a bike. He rode the bike to school. He was happy."]
    lite = Annotator(annotator.nlp)
    full = Annotator(annotator.nlp)
    full.pipe(texts)  # full parses first: they serve the transform
    view = [(o.text, o.edits) if o else None for o in t.batch(texts, seed=3, annotator=lite)]
    assert view == [(o.text, o.edits) if o else None for o in t.batch(texts, seed=3, annotator=full)]
    assert lite.n_parsed > 0 and full.n_completed == 0


def test_every_synonym_site_holds_a_listed_form(annotator):
    """The synonym pre-check is necessary: every word a synonym replaces is one of the forms it
    looks for (here over the words of every test story that get one)."""
    from perturbkit.transforms._substitution.synonyms import synonym_word_forms

    t, forms = get_transform("synonym"), set(synonym_word_forms())
    for text in STORIES:
        for c in t.candidates(annotator.parse(text)):
            assert annotator.parse(text)[c.i].lower_ in forms


def test_the_synonym_pre_check_is_a_substring_search():
    """The one-pattern search finds a listed form exactly where a plain substring test would."""
    from perturbkit.transforms._substitution.synonyms import may_have_synonym, synonym_word_forms

    forms = synonym_word_forms()
    texts = [t.lower() for t in STORIES] + [f"xx{f}yy" for f in forms] + [f[:-1] for f in forms]
    texts += ["", "the film was filmed.", "he confronted her in the bathroom."]
    for text in texts:
        assert may_have_synonym(text) == any(f in text.lower() for f in forms), text
