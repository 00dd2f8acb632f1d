"""random_word_replacement keeps the grammar of the words it leaves (round 109: ROC 18/20, WP
18/20): no gerund replaced ("something i would recommend learning" -> "recommend family",
roc-2487), a bare singular noun only by a noun the corpus uses bare ("cuts you off in traffic" ->
"in officer", wp-106), no word of a multiword unit ("in case you did not recognize" -> "in town
you ...", wp-269; "in that case" -> "in that bartender", wp-112)."""

from __future__ import annotations

from _rwr import fixed_rwr, outputs

from perturbkit.example import Example
from perturbkit.transforms._substitution.corpus_distance import noun_uses
from perturbkit.transforms._substitution.corpus_sites import gerund_site

CORPUS = [
    Example("He drank water. She poured water all day. They wanted water from the well.", id="c1"),
    Example("They swam in water.", id="c3"),  # "in water": a bare noun the corpus puts after "in"
    Example("An officer came. The officers left. Two officers waited for an officer.", id="c2"),
]
USES = {"sleep": (30, 0, 0), "kick": (20, 16, 0)}


def _fixed(annotator, vocab):
    return fixed_rwr(annotator, CORPUS, vocab, USES)


def _outs(t, text, annotator):
    return outputs(t, text, annotator, seeds=8)


def test_a_gerund_object_is_never_replaced(annotator):
    """ "something i would recommend learning" -> "recommend family" (roc-2487): the gerund stays."""
    t = _fixed(annotator, {("NN", "bare"): [("water", "water")]})
    assert _outs(t, "it relaxes me . meditation is something i would recommend learning .", annotator) == {None}


def test_a_verb_gerund_is_never_replaced_but_a_progressive_is(annotator):
    """ "he began hallucinating" keeps its gerund; "he was hallucinating at night" -> "sleeping"."""
    t = _fixed(annotator, {("VBG", ""): [("sleeping", "sleep")], ("VBG", "prep:at"): [("sleeping", "sleep")]})
    assert _outs(t, "When he turned 18 he began hallucinating. It was late.", annotator) == {None}
    assert _outs(t, "He was hallucinating at night. It was late.", annotator) == {
        "He was sleeping at night. It was late."
    }


def test_gerund_sites(annotator):
    doc = annotator.parse("i would recommend learning . he was running and jumping . she noticed the bubbles growing .")
    by_word = {tok.text: gerund_site(doc, tok.i) for tok in doc}
    assert by_word["learning"] and not by_word["running"] and not by_word["jumping"] and not by_word["growing"]


def test_a_bare_singular_noun_takes_a_mass_noun(annotator):
    """ "cuts you off in traffic" -> "in officer" never (wp-106): the corpus counts officers."""
    t = _fixed(annotator, {("NN", "bare"): [("officer", "officer"), ("water", "water")]})
    assert _outs(t, "Someone cuts you off in traffic. It was late.", annotator) == {
        "Someone cuts you off in water. It was late."
    }


def test_countability_is_read_from_the_corpus(annotator):
    counts = noun_uses([annotator.parse(ex.text) for ex in CORPUS])[2]
    assert counts["water"] == (4, 0) and counts["officer"] == (0, 4)


def test_no_word_of_a_multiword_unit(annotator):
    """ "in case you did not recognize" (wp-269) and "in that case" (wp-112) keep "case"."""
    t = _fixed(annotator, {("NN", "bare"): [("water", "water")], ("NN", ""): [("bartender", "bartender")]})
    assert _outs(t, "It was late . But in case you did not recognize , this is hard .", annotator) == {None}
    assert _outs(t, "It was late . She hoped for a cure in that case .", annotator) == {None}
