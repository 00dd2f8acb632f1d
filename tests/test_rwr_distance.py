"""random_word_replacement draws words that read as unrelated (issue 14, round 104: ROC 17/20;
the three misses were swaps that still fit: "take melissa to dinner" -> "to vacation", "they took
a vacation" -> "ordered a vacation" as the only edit, "died in peace" -> "died in home")."""

from __future__ import annotations

import pytest
from _edit_checks import assert_edits_consistent

from perturbkit import get_transform
from perturbkit.example import Example
from perturbkit.transforms._substitution.corpus_distance import MAX_SIMILARITY, semantically_far, similarity

CORPUS = [
    Example("She stayed at home. He was at home all day. They lived in peace.", id="c1"),
    Example("They planned a vacation. We planned a vacation. They took a vacation.", id="c2"),
    Example("The boy ate his dinner. His dinner was cold. He kicked the ball.", id="c3"),
    # "music" used bare, so a bare singular noun may take it (round 109: never "in officer")
    Example("We heard music. They played music for us. He lived in music.", id="c4"),
]
USES = {"plan": (20, 18, 0), "kick": (20, 16, 0), "take": (40, 30, 2)}


def _fixed(annotator, vocab, **params):
    t = get_transform("random_word_replacement", min_count=1, min_similarity=0.0, rate=1.0, **params)
    t.fit(CORPUS, annotator)
    t._vocab, t._uses = vocab, USES
    return t


@pytest.mark.parametrize(
    ("a", "b", "pos"),
    [
        ("home", "house", "NOUN"),
        ("acquaintance", "partner", "NOUN"),
        ("cry", "whine", "VERB"),
        ("dinner", "lunch", "NOUN"),
    ],
)
def test_near_synonyms_are_too_close(a, b, pos):
    """The near-synonym swaps round 104's reader called weak on their own."""
    assert similarity(a, b, pos) >= MAX_SIMILARITY and not semantically_far(a, b, pos)


@pytest.mark.parametrize(
    ("a", "b", "pos"),
    [("class", "toothpaste", "NOUN"), ("fish", "hall", "NOUN"), ("shirt", "child", "NOUN"), ("wear", "pull", "VERB")],
)
def test_swaps_readers_accepted_are_far(a, b, pos):
    assert semantically_far(a, b, pos)


def test_a_near_synonym_is_redrawn(annotator):
    """ "his dinner" -> "his lunch" never (too close by Wu-Palmer); "his cloud"."""
    t = _fixed(annotator, {("NN", ""): [("lunch", "lunch"), ("cloud", "cloud")]}, min_short=1)
    text = "He ate his dinner. It was late."
    outs = {t(text, seed=seed, annotator=annotator).text for seed in range(8)}
    assert outs == {"He ate his cloud. It was late."}


def test_a_bare_noun_keeps_its_preposition(annotator):
    """ "died in peace" -> "died in home" never: the corpus says "at home" (round 104, roc-1414)."""
    t = _fixed(annotator, {("NN", "bare"): [("home", "home"), ("music", "music")]}, min_short=1)
    text = "His father died in peace. He was old."
    outs = [t(text, seed=seed, annotator=annotator) for seed in range(8)]
    assert {o.text for o in outs} == {"His father died in music. He was old."}
    assert_edits_consistent(text, outs[0])


def test_a_verb_never_makes_a_pair_the_corpus_uses(annotator):
    """ "they took a vacation" -> "planned a vacation" never, where the corpus plans vacations."""
    t = _fixed(annotator, {("VBD", "dobj"): [("planned", "plan"), ("kicked", "kick")]}, min_short=1)
    outs = {t("They took a vacation. It was fun.", seed=seed, annotator=annotator).text for seed in range(8)}
    assert outs == {"They kicked a vacation. It was fun."}


def test_one_swap_does_not_carry_a_short_story(annotator):
    """A story of five sentences or fewer gets two swaps or none (round 104, roc-1199: "they took
    a vacation" -> "ordered a vacation", the only edit, read as still coherent)."""
    t = _fixed(annotator, {("VBD", "dobj"): [("kicked", "kick")]})
    assert t("They took a vacation. It was fun.", seed=0, annotator=annotator) is None
    t = _fixed(annotator, {("VBD", "dobj"): [("kicked", "kick")], ("NN", "bare"): [("music", "music")]})
    out = t("They took a vacation. His father died in peace.", seed=0, annotator=annotator)
    assert out.text == "They kicked a vacation. His father died in music."


def test_a_short_story_is_counted_in_sentences_not_parser_splits(annotator):
    """The parser cuts lower-cased "..., so i took it home ." into two sentences; the story is still
    one of four, so one swap alone is no case (round 121, roc-2118: "built a base" -> "a note", the
    only edit, in a story the parser cut into six)."""
    text = (
        "it was missing the wheel but looked good so i took it home . i cleaned it and it worked fine so "
        "i built the shed for it . they bought a lamp . now i ride it every day ."
    )
    assert len(list(annotator.parse(text).sents)) == 6
    vocab = {("NN", "a"): [("cloud", "cloud")]}  # one site: "a lamp"
    assert all(_fixed(annotator, vocab)(text, seed=s, annotator=annotator) is None for s in range(4))
    one = _fixed(annotator, vocab, min_short=1)(text, seed=0, annotator=annotator)
    assert "they bought a cloud ." in one.text  # the site is there: one swap is what min_short refuses


def test_pieces_of_web_addresses_are_no_corpus_words(annotator):
    # round 105: "in greater https" (a link's piece drawn as a noun)
    from perturbkit.transforms._substitution.corpus_words import corpus_vocabulary

    text = "See [ my page ] ( https : //www.x.org ) for more https . I like https . I like books ."
    vocab = corpus_vocabulary([annotator.parse(text)] * 3, 50, 1)
    words = {w for pool in vocab.values() for w, _ in pool}
    assert "books" in words and "https" not in words
