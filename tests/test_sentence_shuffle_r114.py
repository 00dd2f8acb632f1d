"""sentence_shuffle, round 114 (WritingPrompts dev): a sentence with no main finite verb of its own
moves with the sentence it continues, a run of one-word sentences moves whole, and notes about the
writing itself ("First creative writing I 've done in a while", "Sorry for any mistakes , first
post here") and a closing italic note stay last."""

from __future__ import annotations

from perturbkit.example import Example
from perturbkit.transform import get_transform
from perturbkit.transforms._paratext import NOTE, closing_italic
from perturbkit.transforms._shuffle_units import shuffle_units

HOUR = (
    "I had waited years for this night . My hour was upon us . Upon the world . I opened the vault . "
    "The guards came running . Nothing nifty , just a plain wardrobe . I hid inside it until they left . Then I ran ."
)
SCHOOL = (
    "High . School . Son . I finally had my diploma . My mother cried at the ceremony . We drove home in silence . "
    "Who knows how long we sat in the car . Then she hugged me ."
)
DANA = (
    "I woke at midnight . The phone was buzzing . It was Dana . My best friend . "
    "Who 's funeral I had only just returned from . I dropped the phone . I screamed . Then I woke up again . "
    "She was asleep beside me . *Under normal circumstances I 'd take forever to edit this but it 's late . "
    "First creative writing I 've done in a while , so hope somebody enjoys it ."
)
PEOPLE = (
    "These were people who were once told they would never walk again . People who were told nothing could be "
    "done about a tumor . They had become alive . He never wanted to feel the emotional pain he was feeling now . "
    "The pain of knowing there was no way to dull what was to come . His family would mourn him . "
    "Then he picked up the gun ."
)
STAYED = (
    "But here I stayed , looking at my life as it should have been . As it could have been . "
    "She laughed at something he said . I turned away . The door closed behind me . "
    "Sorry for any mistakes , first post here ."
)


def _units(annotator, text):
    return [u.text for u in shuffle_units(annotator.parse(text)) if u.movable]


def test_a_fragment_moves_with_the_sentence_it_continues(annotator):
    """wp_dev-1099, -503: "Upon the world ." and "Nothing nifty , just a plain wardrobe ." were moved
    away from the sentences they continue; wp_dev-1151: "As it could have been ."."""
    assert _units(annotator, HOUR) == [
        "I had waited years for this night .",
        "My hour was upon us . Upon the world .",
        "I opened the vault .",
        "The guards came running . Nothing nifty , just a plain wardrobe .",
        "I hid inside it until they left .",
        "Then I ran .",
    ]
    assert (
        _units(annotator, STAYED)[0]
        == "But here I stayed , looking at my life as it should have been . As it could have been ."
    )
    t = get_transform("sentence_shuffle")
    assert t(Example(HOUR), seed=114, annotator=annotator).text == (
        "The guards came running . Nothing nifty , just a plain wardrobe . Then I ran . I had waited years for this "
        "night . I hid inside it until they left . My hour was upon us . Upon the world . I opened the vault ."
    )


def test_a_run_of_one_word_sentences_opening_the_story_moves_with_what_follows(annotator):
    """wp_dev-116: "High . School . Son ." was split into three; "Who knows ..." is a sentence of its own."""
    assert _units(annotator, SCHOOL) == [
        "High . School . Son . I finally had my diploma .",
        "My mother cried at the ceremony .",
        "We drove home in silence .",
        "Who knows how long we sat in the car .",
        "Then she hugged me .",
    ]


def test_relative_openers_and_noun_phrases_join_their_host(annotator):
    """wp_dev-1180: "Who 's funeral I had only just returned from ." after "My best friend ."; wp_dev-1068:
    "People who were told ..." (the list "These were people who ..." began) and "The pain of knowing
    there was no way ..." (a noun phrase the parser took for a clause)."""
    assert "It was Dana . My best friend . Who 's funeral I had only just returned from ." in _units(annotator, DANA)
    assert _units(annotator, PEOPLE) == [
        "These were people who were once told they would never walk again . People who were told nothing could be "
        "done about a tumor .",
        "They had become alive .",
        "He never wanted to feel the emotional pain he was feeling now . The pain of knowing there was no way to "
        "dull what was to come .",
        "His family would mourn him .",
        "Then he picked up the gun .",
    ]


def test_notes_about_the_writing_and_a_closing_italic_note_stay_last(annotator):
    """wp_dev-1180: "First creative writing I 've done in a while ..." was moved mid-story and
    "*Under normal circumstances ..." was no longer last; a verbless note is not joined to the story."""
    assert NOTE.search("First creative writing I 've done in a while , so hope somebody enjoys it .")
    assert NOTE.search("Sorry for any mistakes , first post here .")
    assert not NOTE.search("It was the first time I saw the post office .")
    assert closing_italic(DANA) == DANA.index("*Under")
    assert closing_italic("*Precisely . * No ! I need to go back !") is None
    t = get_transform("sentence_shuffle")
    # round 117: "My best friend ." and "Who 's funeral ..." hold their neighbours in place (``_standalone``),
    # too few sentences are left to move; the closing note is pinned all the same
    assert t(Example(DANA), seed=114, annotator=annotator) is None
    last = shuffle_units(annotator.parse(DANA))[-1]
    assert DANA[DANA.index("*Under") :].startswith(last.text) or last.text.endswith("enjoys it .")
    assert not last.movable
    assert t(Example(STAYED), seed=114, annotator=annotator).text.endswith(
        " . Sorry for any mistakes , first post here ."
    )
    assert _units(annotator, STAYED)[-1] == "The door closed behind me ."


def test_lower_cased_text_is_not_split_by_the_parse(annotator):
    """ROCStories (lower-cased): the parse of "judy loved flowers ." is no evidence of a fragment."""
    text = "their anniversary was coming up . judy loved flowers . she bought a bouquet . he cried ."
    assert _units(annotator, text) == [
        "their anniversary was coming up .",
        "judy loved flowers .",
        "she bought a bouquet .",
        "he cried .",
    ]
