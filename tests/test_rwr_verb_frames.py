"""random_word_replacement keeps the verb's frame and leaves verse alone (issue 14, round 101:
12/20 long WP stories valid; verbs swapped across frames garbled 7 of the 8 invalid ones)."""

from __future__ import annotations

import pytest
from _edit_checks import assert_edits_consistent

from perturbkit import get_transform
from perturbkit.example import Example
from perturbkit.transforms._substitution.corpus_verbs import verb_site_ok, verse_like
from perturbkit.transforms._substitution.corpus_words import slot_replaceable

CORPUS = [
    Example("Tom kicked the ball. The ball flew over the fence. Tom ran home.", id="c1"),
    Example("Anna sold her car. She slept in the garden. The car was old.", id="c2"),
]
#: Corpus uses (all, with an object or passive, with a clause) the draws read.
USES = {
    "come": (40, 2, 1),
    "die": (20, 1, 0),
    "kick": (20, 16, 0),
    "sell": (20, 18, 0),
    "sleep": (30, 0, 0),
    "cause": (20, 17, 1),
    "ask": (30, 12, 14),
    "investigate": (10, 2, 0),
}


def _fixed(annotator, vocab, uses=USES):
    t = get_transform("random_word_replacement", min_count=1, min_similarity=0.0, rate=1.0, min_short=1)
    t.fit(CORPUS, annotator)
    t._vocab, t._uses = vocab, uses
    return t


def test_an_object_takes_a_mostly_transitive_verb(annotator):
    """ "Jeremy opened his eyes" -> "Jeremy came his eyes" (round 101, wp_dev-599) never: a verb
    with an object is replaced by one the corpus mostly uses with an object."""
    t = _fixed(annotator, {("VBD", "dobj"): [("came", "come"), ("died", "die"), ("kicked", "kick")]})
    outs = [t("Jeremy opened his eyes. He was tired.", seed=seed, annotator=annotator) for seed in range(8)]
    assert {o.text for o in outs} == {"Jeremy kicked his eyes. He was tired."}
    assert_edits_consistent("Jeremy opened his eyes. He was tired.", outs[0])


def test_no_object_takes_a_mostly_intransitive_verb(annotator):
    """ "it still spoke" -> "it still caused" never; "it still slept"."""
    t = _fixed(annotator, {("VBD", ""): [("caused", "cause"), ("slept", "sleep")]})
    outs = {t("The dog still spoke. It was late.", seed=seed, annotator=annotator).text for seed in range(8)}
    assert outs == {"The dog still slept. It was late."}


def test_a_passive_takes_a_transitive_verb(annotator):
    """ "the car was stolen" -> "the car was died" never; "the car was sold"."""
    t = _fixed(annotator, {("VBN", ""): [("died", "die"), ("sold", "sell")]})
    outs = {t("The car was stolen. It was red.", seed=seed, annotator=annotator).text for seed in range(8)}
    assert outs == {"The car was sold. It was red."}


@pytest.mark.parametrize(
    ("text", "vocab"),
    [
        # a clausal complement: "I ask my buddy is a cook" (wp_dev-1168), "I caused I could fix it" (wp_dev-599)
        ("I think my buddy is a cook.", {("VBP", "ccomp"): [("ask", "ask")]}),
        ("I thought I could fix it.", {("VBD", "ccomp"): [("caused", "cause")]}),
        # a serial verb: "I hoped he 'd investigate visit again" (wp_dev-570)
        ("I hoped he would come visit again.", {("VB", ""): [("investigate", "investigate")]}),
        # an adverb of direction: "When we stirred home" (wp_dev-242)
        ("When we returned home, the sun was low.", {("VBD", ""): [("died", "die")]}),
        # "stopped me from" -> "taken me from" (wp_dev-89)
        ("This has not stopped me from singing.", {("VBN", "dobj+prep:from"): [("kicked", "kick")]}),
    ],
)
def test_verbs_outside_a_plain_frame_stay(annotator, text, vocab):
    assert _fixed(annotator, vocab)(text + " It was late.", seed=0, annotator=annotator) is None


def test_verb_sites(annotator):
    """Which verbs of a sentence a corpus verb may replace."""
    doc = annotator.parse("I looked in the mirror and grabbed one of my pins. I think he asked if I wanted to go.")
    sites = {doc[i].text for i in slot_replaceable(doc) if doc[i].pos_ == "VERB"}
    assert "grabbed" in sites and not sites & {"think", "asked", "wanted"}
    doc = annotator.parse("I heard the music from the room which I had hoped concealed the sound.")
    assert not verb_site_ok(doc, [t.text for t in doc].index("hoped"))


VERSE = (
    "The morning sings So I must wake And Go But then there is always What there never was "
    "That will be Not getting So I do not think I can . They left me And the night was long And "
    "the sea was red But we sail for her ."
)


def test_verse_is_left_alone(annotator):
    """A poem whose lines run together (wp_dev-580): swapped words blend into it."""
    assert verse_like(VERSE) and not verse_like(CORPUS[0].text)
    assert not verse_like("He said So what . And then she left . But it was late .")
    t = get_transform("random_word_replacement", min_count=1, min_similarity=0.0, rate=1.0, min_short=1)
    t.fit([*CORPUS, Example(VERSE, id="v")], annotator)
    assert t(VERSE, seed=0, annotator=annotator) is None


LONG = (
    "Tom kicked the ball. The ball flew over the fence. Tom ran to the gate. The gate was shut. "
    "Tom kicked the gate. The dog barked. Tom sold the ball."
)


def test_long_stories_swap_nouns_only(annotator):
    """A story of more than five sentences gets noun swaps only (round 101: 12 of 57 verb swaps
    garbled, no noun swap did); verbs too with ``long_story_verbs``."""
    # round 104: "fence" is too close to "ball" and "gate" by Wu-Palmer to replace them; "cloud" is not
    vocab = {("VBD", "dobj"): [("sold", "sell")], ("NN", ""): [("cloud", "cloud")], ("NNS", ""): [("cars", "car")]}
    t = _fixed(annotator, vocab)
    assert t(LONG, seed=0, annotator=annotator).text == (
        "Tom kicked the cloud. The ball flew over the fence. Tom ran to the cloud. The cloud was shut. "
        "Tom kicked the cloud. The cloud barked. Tom sold the cloud."
    )
    t.long_story_verbs = True
    assert {e.after for e in t(LONG, seed=0, annotator=annotator).edits} >= {"sold"}
