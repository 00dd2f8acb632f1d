"""random_word_replacement's round-124 misses that a rule declines (ROC 18/20, WP 15/20): "A dead
species" (tagged plural after "a") -> "A dead years", and "sake" (a noun that lives in "for X's
sake") drawn as a free noun ("Ellie stared at the sake"). The idioms and compounds that reader also
failed ("go to great lengths", "overhead bin", "pulling this shit") are left (docs/validity.md)."""

from __future__ import annotations

from _rwr import fixed_rwr, outputs

from perturbkit.example import Example
from perturbkit.transforms._substitution.keywords import number_clash

CORPUS = [Example("The years passed. We saw many years go by. The towers fell.", id="c1")]


def _fixed(annotator, vocab):
    return fixed_rwr(annotator, CORPUS, vocab, {})


def _outs(t, text, annotator):
    return outputs(t, text, annotator, seeds=6)


def test_a_noun_whose_determiner_contradicts_its_tag_is_no_site(annotator):
    doc = annotator.parse("It was a dead species . The towers fell .")
    assert doc[4].tag_ == "NNS" and number_clash(doc, 4)
    t = _fixed(annotator, {("NNS", "a"): [("years", "year")], ("NNS", ""): [("towers", "tower")]})
    # before: "It was a dead years ." (the slot's plural drawn for the misread singular)
    assert all(
        o is None or "a dead species" in o for o in _outs(t, "It was a dead species . The cats slept .", annotator)
    )


def test_a_noun_of_one_fixed_phrase_is_never_drawn(annotator):
    t = _fixed(annotator, {("NN", ""): [("sake", "sake")]})
    assert _outs(t, "Ellie stared at the door . It was late .", annotator) == {None}
    t = _fixed(annotator, {("NN", ""): [("sake", "sake"), ("banana", "banana")]})
    assert _outs(t, "Ellie stared at the door . It was late .", annotator) == {
        "Ellie stared at the banana . It was late ."
    }
