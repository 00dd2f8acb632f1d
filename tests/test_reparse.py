"""Deriving the Doc of an edited text from its parent's Doc (perturbkit.reparse)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perturbkit.annotation import Annotator, DerivedAnnotator, derive_docs, doc_text

STORY = "Tom woke up early. He made coffee in the kitchen. Then he drove to New York."


def _tags(doc):
    return [(t.text, t.tag_, t.dep_, t.head.i - t.sent.start) for t in doc]


@pytest.fixture()
def parent(annotator):
    return annotator.parse(STORY)


def test_moved_and_copied_sentences_keep_their_annotations(annotator, parent):
    sents = [s for s in parent.sents]
    text = f"{sents[2].text} {sents[0].text} {sents[1].text} {sents[0].text}"
    calls = []
    (doc,) = derive_docs(annotator.nlp, [(parent, text)], parse=lambda ts: calls.append(ts) or annotator.pipe(ts))
    assert doc.text == text == doc.user_data[doc_text.key]
    assert calls == []  # nothing re-parsed
    got = [s for s in doc.sents]
    assert [s.text for s in got] == [sents[i].text for i in (2, 0, 1, 0)]
    for new, i in zip(got, (2, 0, 1, 0)):
        assert _tags(new.as_doc()) == _tags(sents[i].as_doc())
    assert [(e.text, e.label_) for e in doc.ents] == [
        (e.text, e.label_) for i in (2, 0, 1, 0) for e in parent.ents if e.sent.start == sents[i].start
    ]


def test_substituted_words_keep_the_parse_and_get_their_own_lemma(annotator, parent):
    text = STORY.replace("made coffee", "made tea").replace("woke", "woke")
    (doc,) = derive_docs(annotator.nlp, [(parent, text)], parse=lambda ts: pytest.fail(f"re-parsed {ts}"))
    assert doc.text == text
    tea = [t for t in doc if t.text == "tea"][0]
    coffee = [t for t in parent if t.text == "coffee"][0]
    assert (tea.tag_, tea.dep_, tea.head.text, tea.lemma_) == (coffee.tag_, coffee.dep_, coffee.head.text, "tea")


def test_rewritten_sentence_is_parsed_alone(annotator, parent):
    text = STORY.replace("He made coffee in the kitchen.", "He did not make any coffee at all that day.")
    seen = []
    (doc,) = derive_docs(annotator.nlp, [(parent, text)], parse=lambda ts: seen.extend(ts) or annotator.pipe(ts))
    assert seen == ["He did not make any coffee at all that day."]
    assert doc.text == text and len(list(doc.sents)) == 3
    assert [t.dep_ for t in doc if t.text == "not"] == ["neg"]


@pytest.mark.parametrize("text", [" " + STORY, STORY.replace(". He", ".\n\nHe"), STORY.replace(". He", ".  He")])
def test_unusual_whitespace_asks_for_a_whole_parse(annotator, parent, text):
    assert derive_docs(annotator.nlp, [(parent, text)], parse=annotator.pipe) == [None]


def test_derived_docs_stay_in_the_view(annotator):
    base = Annotator(annotator.nlp)
    view = DerivedAnnotator(base)
    text = "He made coffee in the kitchen. Tom woke up early. Then he drove to New York."
    view.pipe([STORY])
    view.derive([(STORY, text)])
    assert text in view.docs and view.parse(text) is view.docs[text]
    assert base.n_parsed == 1  # the story only: the shuffled text was derived, not parsed
    assert base.parse(text) is not view.docs[text]  # the base still parses it whole when asked
    assert base.n_parsed == 2


@given(text=st.text(max_size=80), cut=st.integers(0, 80))
def test_derived_text_is_always_the_new_text(annotator, text, cut):
    parent = annotator.parse(STORY)
    new = (STORY[:cut] + text + STORY[cut:]) if text.strip() else STORY[::-1]
    (doc,) = derive_docs(annotator.nlp, [(parent, new)], parse=annotator.pipe)
    assert doc is None or doc.text == new == doc_text(doc)


def _parse_view(doc):
    """Tags, labels, lemmas and heads of every token: what a derived parse must match."""
    return [(t.text, t.tag_, t.pos_, t.lemma_, t.dep_, t.head.i) for t in doc]


@pytest.mark.parametrize(
    "old, new",
    [
        ("He made coffee in the kitchen.", "He did not make coffee in the kitchen."),
        ("He did not go home.", "He went home."),
        ("She likes it.", "She does not like it."),
        ("She does not like it.", "She likes it."),
        ("He was happy.", "He was not happy."),
        ("She could sleep.", "She could not sleep."),
        ("He went home.", "He never went home."),
        ("he did n't go .", "he went ."),
    ],
)
def test_negated_sentence_is_derived_as_the_parser_would_parse_it(annotator, old, new):
    story = f"Tom woke up early. {old} Then he left."
    parent = annotator.parse(story)
    text = story.replace(old, new)
    (doc,) = derive_docs(annotator.nlp, [(parent, text)], parse=lambda ts: pytest.fail(f"re-parsed {ts}"))
    assert doc.text == text
    assert _parse_view(doc) == _parse_view(annotator.nlp(text))


@pytest.mark.parametrize(
    "old, new",
    [
        ("He made coffee in the kitchen.", "He made some strong coffee in the kitchen."),  # not a negation
        ("He made coffee in the kitchen.", "He did not make tea in the kitchen."),  # negation and a new word
        ("He went home.", "He did not went home."),  # wrong verb form after do-support
    ],
)
def test_other_rewrites_are_parsed(annotator, old, new):
    story = f"Tom woke up early. {old} Then he left."
    parent = annotator.parse(story)
    seen = []
    (doc,) = derive_docs(
        annotator.nlp, [(parent, story.replace(old, new))], parse=lambda ts: seen.extend(ts) or annotator.pipe(ts)
    )
    assert seen == [new] and doc.text == story.replace(old, new)
