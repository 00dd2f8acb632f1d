"""sentence_shuffle, round 117 (WritingPrompts dev): in a long story (more than ten sentences) a
unit moves only if it is a confident standalone sentence and so are both units next to it
(``_standalone``); every other unit stays where it is. "Tick ." fragments after "I looked down at my
watch ." (wp_dev-22), "You know ?" after what it asks about, a dateline and the scene it opens
(wp_dev-552) and a list item and its list (wp_dev-57) were each cut from their host; now neither
they nor their neighbours move. Short stories (ROCStories) are shuffled as before."""

from __future__ import annotations

from perturbkit.annotation import doc_text
from perturbkit.example import Example
from perturbkit.transform import get_transform
from perturbkit.transforms._shuffle_units import shuffle_units
from perturbkit.transforms._standalone import standalone

TICK = (
    "The room was quiet when I woke up . I looked down at my watch . Tick . Tick . Tick . "
    "The nurse came in with a tray of food . She set it down on the table . I asked her what time it was . "
    "She told me it was nearly noon . My wife had left hours ago . I wanted money , she said once . "
    "Material benefits , or something like that . You know ? I never believed her . The doctor arrived after lunch ."
)
DATELINE = (
    "The colony ship had been waiting for weeks . Everyone on board was restless . "
    "The captain walked the halls every night . January 13 , 2257 . 5:45 PM , GMT . "
    "The auto-post deposited a crisp , snow-white envelope on my desk . I opened it with shaking hands . "
    "Liftoff is at no later than 11:00 . I packed my bags that evening . My sister called to say goodbye . "
    "We talked for an hour . Then the line went dead ."
)
LIST = (
    "I had a plan for the talent show . I watched the Youtube parodies for inspiration : McKinley fall remix . "
    "McKinley falling looped for 1 hour . McKinley with sound effects . I repeated the strategy in my head all week . "
    "My friends laughed at me every day . My mother bought me a new suit . The crowd went silent at the start . "
    "I tripped over the cable near the stage . Everyone cheered for me after that . My sister filmed the whole thing ."
)


def _shuffle(annotator, text, seed=0):
    out = get_transform("sentence_shuffle")(Example(text), seed=seed, annotator=annotator)
    return out.text if out else None


def test_fragments_and_an_aside_question_keep_both_neighbours(annotator):
    """wp_dev-22: the ticks stay after the watch, "You know ?" between what it follows and precedes."""
    assert _shuffle(annotator, TICK) == (
        "She told me it was nearly noon . I looked down at my watch . Tick . Tick . Tick . "
        "The nurse came in with a tray of food . The doctor arrived after lunch . She set it down on the table . "
        "The room was quiet when I woke up . My wife had left hours ago . I wanted money , she said once . "
        "Material benefits , or something like that . You know ? I never believed her . I asked her what time it was ."
    )


def test_a_dateline_keeps_the_scene_it_opens(annotator):
    """wp_dev-552: the dateline and the sentence it opens ("The auto-post deposited ...") stay."""
    assert _shuffle(annotator, DATELINE) == (
        "I packed my bags that evening . Everyone on board was restless . The captain walked the halls every night . "
        "January 13 , 2257 . 5:45 PM , GMT . The auto-post deposited a crisp , snow-white envelope on my desk . "
        "Then the line went dead . We talked for an hour . Liftoff is at no later than 11:00 . "
        "My sister called to say goodbye . I opened it with shaking hands . The colony ship had been waiting for weeks ."
    )


def test_a_list_stays_with_what_opens_it(annotator):
    """wp_dev-57: a list item ("McKinley fall remix .") is no sentence; the list and the units on
    both sides of it stay in place."""
    out = _shuffle(annotator, LIST)
    block = (
        "I had a plan for the talent show . I watched the Youtube parodies for inspiration : McKinley fall remix . "
        "McKinley falling looped for 1 hour . McKinley with sound effects . I repeated the strategy in my head all week ."
    )
    assert out is not None and out.startswith(block) and out != LIST


def test_standalone_judgement(annotator):
    doc = annotator.parse(TICK)
    flags = {u.text: ok for u, ok in zip(shuffle_units(doc), standalone(doc, doc_text(doc), shuffle_units(doc)))}
    assert flags["I looked down at my watch ."] and flags["I never believed her ."]
    assert not flags["Tick ."] and not flags["You know ?"]


def test_replies_and_untagged_quotations_are_no_standalone_sentences(annotator):
    """A reply ("No , ...", wp_dev-149) leans on the sentence before; a quotation needs a tag with a
    subject of its own, and a starred line of numbers is no sentence (wp_dev-348)."""
    text = (
        "I tensed and looked at the door . No , that would n't work . `` Go home now , '' she said quietly . "
        "`` Go home now . '' I clenched my teeth and waited . *104 . 105 . 106 . * He left the room at once ."
    )
    doc = annotator.parse(text)
    units = shuffle_units(doc)
    flags = {u.text: ok for u, ok in zip(units, standalone(doc, doc_text(doc), units))}
    assert flags["I tensed and looked at the door ."] and flags["He left the room at once ."]
    assert not flags["No , that would n't work ."]
    assert not any(ok for t, ok in flags.items() if t.startswith("*104"))
