"""random_word_replacement's round-123 misses (ROC 17/20, WP 17/20): a verb the tagger read as past
beside a present-tense one ("sit ... and read" -> "and moved"), a reduced relative's participle
replaced by a verb that cannot be passive ("food served at" -> "food screamed at"), the noun of an
idiom ("a nervous wreck"), a noun replaced by a verb's -ing form ("some wayward crying") and words
of the author's sign-off ("more of my stories at /r/...", "Questions ?")."""

from __future__ import annotations

import pytest
from _rwr import fixed_rwr, outputs

from perturbkit.example import Example
from perturbkit.transforms._substitution.corpus_phrases import fixed_pair
from perturbkit.transforms._substitution.corpus_sites import note_tokens, tense_clash

CORPUS = [
    Example("The kite flew over the hill. We built a wall by the lamp.", id="c1"),
    Example("The baby was crying. They heard crying in the hall.", id="c2"),
]
USES = {"move": (20, 0, 0), "scream": (20, 1, 0), "wander": (20, 0, 0)}


def _fixed(annotator, vocab):
    return fixed_rwr(annotator, CORPUS, vocab, USES)


def _outs(t, text, annotator):
    return outputs(t, text, annotator, seeds=6)


def test_a_past_verb_coordinated_with_a_present_one_is_left_alone(annotator):
    # before: "They both sit at the cafe and moved ." (the tagger read "read" as VBD)
    text = "They both sit at the cafe and read . It is nice ."
    t = _fixed(annotator, {("VBD", ""): [("moved", "move")]})
    assert _outs(t, text, annotator) == {None}
    doc = annotator.parse("They sat at the cafe and read . They sit at the cafe and read .")
    assert [tense_clash(doc, t.i) for t in doc if t.text == "read"] == [False, True]


def test_a_reduced_relative_participle_is_left_alone(annotator):
    # before: "Food screamed at a restaurant is salty ." ("served" parsed as a clausal subject)
    text = "Food served at a restaurant is salty . We sat ."
    t = _fixed(annotator, {("VBD", "prep:at"): [("screamed", "scream")]})
    assert _outs(t, text, annotator) == {None}


def test_the_noun_of_an_idiom_is_left_alone(annotator):
    # before: "He was a nervous banana all day . We sat ."
    text = "He was a nervous wreck all day . We sat ."
    t = _fixed(annotator, {("NN", "a"): [("banana", "banana")]})
    assert _outs(t, text, annotator) == {None}


@pytest.mark.parametrize(
    ("adj", "noun", "predicate", "fixed"),
    [
        ("nervous", "wreck", False, True),
        ("wet", "blanket", True, True),  # WordNet's "wet_blanket", said of a person
        ("old", "man", False, False),  # WordNet has "old_man", but in a scene it is a free pair
        ("red", "car", True, False),
    ],
)
def test_fixed_pairs(adj, noun, predicate, fixed):
    assert fixed_pair(adj, noun, noun, predicate) is fixed


def test_a_noun_is_never_replaced_by_a_verbs_ing_form(annotator):
    # before: "She saw some wayward crying . It was grey ."
    text = "She saw some wayward cloud . It was grey ."
    t = _fixed(annotator, {("NN", ""): [("crying", "crying")]})
    assert _outs(t, text, annotator) == {None}
    t = _fixed(annotator, {("NN", ""): [("crying", "crying"), ("lamp", "lamp")]})
    assert _outs(t, text, annotator) == {"She saw some wayward lamp . It was grey ."}


def test_the_authors_sign_off_is_left_alone(annotator):
    # before: "More of my kites at /r/mystories . Questions ?" / "Kites ?"
    text = "The ship sank . We sat . More of my stories at /r/mystories . Questions ?"
    t = _fixed(annotator, {("NNS", ""): [("kites", "kite")]})
    assert _outs(t, text, annotator) == {None}
    doc = annotator.parse(text)
    assert [doc[i].text for i in note_tokens(doc)][:4] == ["More", "of", "my", "stories"]
    assert note_tokens(annotator.parse("The ship sank . We sat on the shore .")) == ()
