"""Story links: the sentences that mention a token's content lemma."""

from __future__ import annotations

from perturbkit.annotation import lemma_sentences, linked_sentences, sentence_index, token_columns


def _index(doc, word, nth=0):
    return [i for i, w in enumerate(token_columns(doc)["lower"]) if w == word][nth]


def test_a_noun_used_again_links_its_sentences(annotator):
    doc = annotator.parse("He bought a car. He washed the dog. He drove the car home.")
    assert sentence_index(doc)[_index(doc, "car")] == 0
    assert linked_sentences(doc, [_index(doc, "car")]) == (2,)
    assert linked_sentences(doc, [_index(doc, "car", 1)]) == (0,)
    assert linked_sentences(doc, [_index(doc, "car", 1)], later_only=True) == ()
    assert linked_sentences(doc, [_index(doc, "dog")]) == ()


def test_lemmas_link_inflected_forms_but_not_light_verbs_or_pronouns(annotator):
    doc = annotator.parse("She won the race. Winning made her proud. She was happy. She was there.")
    assert linked_sentences(doc, [_index(doc, "won")]) == (1,)
    assert linked_sentences(doc, [_index(doc, "was")]) == ()  # "be" links nothing
    assert linked_sentences(doc, [_index(doc, "she")]) == ()
    assert "be" not in lemma_sentences(doc) and lemma_sentences(doc)["race"] == (0,)


def test_no_tokens_no_links(annotator):
    doc = annotator.parse("Tom left.")
    assert linked_sentences(doc, []) == ()
