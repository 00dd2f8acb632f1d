"""sentence_shuffle, round 115: fragments the round-114 rules missed move with the sentence they
continue: "Not that ...", "Only that ...", "Not in the way ...", "Or which ...", a noun with a
relative clause ("Something I know he got from me ."), a participle with a complement ("Wondering
how ..."), a noun listed with a verb ("Work , calls , things to do ."), an echo question ("Wait ,
anger ?") and, in lower-cased ROCStories, a bare absolute phrase ("her delighted laughter ringing
through the air .")."""

from __future__ import annotations

from perturbkit.example import Example
from perturbkit.transform import get_transform
from perturbkit.transforms._shuffle_units import shuffle_units

BASEMENT = (
    "My father had told me never to go into the basement . Not that I had had any choice in the matter . "
    "He had been careful to lock the door . I waited till past midnight . Then I crept down the stairs ."
)
SON = (
    "I stayed with him during these past years . Watching him . "
    "Wondering how someone like me could have such an amazing child . He could charm anyone . "
    "Something I know he got from me . I died when my son was ten ."
)
LUNCH = (
    "I never took part in the debates over whether Spock could beat Stephen Hawking . "
    "Or which of the superheroes were best . I liked my table of solitude . One day I spotted her ."
)
PHONE = (
    "The pocket of his jacket buzzed . Work , calls , things to do . He was late . "
    "His muscles shrank as his anger further shrank . Wait , anger ? He knew the trigger ."
)
CASTLE = (
    "she crawled into the wobbly castle . up and down she jumped and tumbled . "
    "her delighted laughter ringing through the air . she exited the bounce house ."
)


def _units(annotator, text):
    return [u.text for u in shuffle_units(annotator.parse(text)) if u.movable]


def test_not_that_and_or_which_join_the_sentence_before(annotator):
    """wp_dev-815, wp_dev-83."""
    assert _units(annotator, BASEMENT)[0] == (
        "My father had told me never to go into the basement . Not that I had had any choice in the matter ."
    )
    assert _units(annotator, LUNCH)[0] == (
        "I never took part in the debates over whether Spock could beat Stephen Hawking . "
        "Or which of the superheroes were best ."
    )


def test_participles_relative_nouns_lists_and_echoes_join(annotator):
    """wp_dev-898, wp_dev-647, wp_dev-288."""
    assert _units(annotator, SON) == [
        "I stayed with him during these past years . Watching him . "
        "Wondering how someone like me could have such an amazing child .",
        "He could charm anyone . Something I know he got from me .",
        "I died when my son was ten .",
    ]
    assert _units(annotator, PHONE) == [
        "The pocket of his jacket buzzed . Work , calls , things to do .",
        "He was late .",
        "His muscles shrank as his anger further shrank . Wait , anger ?",
        "He knew the trigger .",
    ]


def test_a_bare_phrase_in_lower_cased_text_joins(annotator):
    """rocstories_dev-1593; a lower-cased sentence with a verb stays alone."""
    assert _units(annotator, CASTLE) == [
        "she crawled into the wobbly castle .",
        "up and down she jumped and tumbled . her delighted laughter ringing through the air .",
        "she exited the bounce house .",
    ]
    t = get_transform("sentence_shuffle")
    assert t(Example(BASEMENT), seed=115, annotator=annotator).text == (
        "Then I crept down the stairs . I waited till past midnight . He had been careful to lock the door . "
        "My father had told me never to go into the basement . Not that I had had any choice in the matter ."
    )
