"""sentence_shuffle (reorder.py): golden cases and properties."""

from __future__ import annotations

from collections import Counter

import pytest
from _transform_props import check_contract, stories
from hypothesis import given
from hypothesis import strategies as st

from perturbkit.annotation import sentences
from perturbkit.transform import Effect, get_transform

STORY = "Tom woke up early. He made coffee. Then he went to work."

GOLDEN = [
    # three sentences: the only order where no sentence keeps its successor and more than one
    # pair changes places is the reverse one (any other leaves a pair that still reads in order)
    (STORY, 0, "Then he went to work. He made coffee. Tom woke up early."),
    (STORY, 1, "Then he went to work. He made coffee. Tom woke up early."),
    (
        "tom woke up early . he made coffee . then he went to work .",
        0,
        "then he went to work . he made coffee . tom woke up early .",
    ),
    # paragraph breaks stay where they are; sentences move between them
    (
        "Tom woke up early.\n\nHe made coffee. Then he went to work.",
        0,
        "Then he went to work.\n\nHe made coffee. Tom woke up early.",
    ),
    # sentences the parser split with no space between them move together: moving them apart
    # would glue sentences the story kept apart ("dogs.It was cold") or strand a quote mark
    (
        "He fed the dogs.Then he slept. She woke up early. It was cold.",
        0,
        "It was cold. She woke up early. He fed the dogs.Then he slept.",
    ),
    ("He fed the dogs.Then he slept. She woke up early.", 0, "She woke up early. He fed the dogs.Then he slept."),
    # quoted speech over several sentences moves whole, with its attribution (it was split apart)
    (
        "tom came in . `` no . i want nothing to do with this . '' house said . tom left . she cried .",
        2,
        "tom left . `` no . i want nothing to do with this . '' house said . she cried . tom came in .",
    ),
    (
        'He sat down. "I am tired. Let me sleep," he said. She laughed. The lights went out.',
        1,
        'She laughed. He sat down. The lights went out. "I am tired. Let me sleep," he said.',
    ),
    # a speaker label moves with its turn (labels were moved away from what they label)
    (
        "Human: Write a story about a cat.\nAssistant: The cat sat. It purred.\n"
        "Human: Thanks. Now a dog.\nAssistant: The dog ran.",
        0,
        "Assistant: The dog ran.\nAssistant: The cat sat. It purred.\n"
        "Human: Write a story about a cat.\nHuman: Thanks. Now a dog.",
    ),
    # a heading stays where it is (it was moved to the end of the story)
    (
        "Chapter 1\nThe rain fell all night. Tom stayed inside. He read a book. At dawn he left.",
        0,
        "Chapter 1\nAt dawn he left. Tom stayed inside. The rain fell all night. He read a book.",
    ),
    # a line broken mid-sentence moves as one sentence ("good" was stranded away from "bye.")
    (
        "I remember saying good\nbye. We left the house. The car would not start. We walked home.",
        1,
        # round 103: the order drawn among those that tell two events the other way round
        "The car would not start. I remember saying good\nbye. We walked home. We left the house.",
    ),
    # a separator and the author's note after it stay at the end; an ellipsis stutter is one unit
    # (round 103: "The lights were off" became "I turned on the lights": with one event among the
    # units that move, the story is a description and declined)
    (
        "I walked into the room . I turned on the lights . It ... It was mine . I picked it up and left . "
        "-- - I 'll try to write more tomorrow .",
        0,
        "It ... It was mine . I turned on the lights . I walked into the room . I picked it up and left . "
        "-- - I 'll try to write more tomorrow .",
    ),
    (
        "She ran to the door. I ... I could not move. The dog barked. Everyone left.",
        0,
        "Everyone left. I ... I could not move. She ran to the door. The dog barked.",
    ),
    (
        "Tom opened the box. It was empty. He cried. Then he threw it away. EDIT: Thanks for the gold!",
        0,
        "Then he threw it away. Tom opened the box. He cried. It was empty. EDIT: Thanks for the gold!",
    ),
    (
        "Tom opened the box. It was empty. He cried. Then he threw it away.\n\n---\n\n"
        "This is my first story here. Sorry for the typos.",
        0,
        "He cried. It was empty. Tom opened the box. Then he threw it away.\n\n---\n\n"
        "This is my first story here. Sorry for the typos.",
    ),
    (
        "Tom opened the box. It was empty. He cried. Then he threw it away. -- - This is my first story here. "
        "Sorry for the typos.",
        0,
        "He cried. It was empty. Tom opened the box. Then he threw it away. -- - This is my first story here. "
        "Sorry for the typos.",
    ),
    # round 100: an untagged quotation stays with the beat before it that names its speaker
    (
        "I knocked twice . `` Open up , or I kick the door in . '' Lucky shook his head . "
        "`` Talk to the frog . They go way back . '' The door slammed shut . I found the frog at the clinic . "
        "He was screaming at a nurse . It was a long night .",
        0,
        "It was a long night . I knocked twice . `` Open up , or I kick the door in . '' Lucky shook his head . "
        "`` Talk to the frog . They go way back . '' The door slammed shut . He was screaming at a nurse . "
        "I found the frog at the clinic .",
    ),
    # round 22: four or more sentences lose their opening and their ending and at least half of
    # their pairs change places (a cause moved after its effect, or two swapped neighbour pairs,
    # still read in order): none of the old orders "jack ... he did n't go" / "2 1 4 3" / "3 2 1 4"
    ("A1 came. B2 went. C3 sat. D4 left.", 0, "D4 left. C3 sat. B2 went. A1 came."),
    ("Tom woke up early.", 0, None),
    ("Go! Go! Go!", 0, None),  # every order is the same text
]


@pytest.mark.parametrize("text,seed,expected", GOLDEN)
def test_golden(annotator, text, seed, expected):
    out = get_transform("sentence_shuffle")(text, seed=seed, annotator=annotator)
    assert (out.text if out else None) == expected


def test_registered_as_coherence_breaking():
    t = get_transform("sentence_shuffle")
    assert t.effect == Effect.BREAKS and t.aspect == "coherence"


def _sentence_texts(annotator, text):
    return [s.text.strip() for s in sentences(annotator.parse(text))]


@given(stories(), st.integers(0, 5))
def test_properties(annotator, text, seed):
    out = check_contract(get_transform("sentence_shuffle"), text, annotator, seed)
    sents = _sentence_texts(annotator, text)
    if len(set(sents)) < 2:
        assert out is None, "a story with one distinct sentence cannot be shuffled"
    if out is None:
        return
    # the same sentences, in another order: each edit puts one of the story's sentences elsewhere
    assert Counter(e.before for e in out.edits) == Counter(e.after for e in out.edits)
    # each moved piece is one sentence or a run of them (a fragment moves with its host: round 114)
    runs = {" ".join(sents[i:j]) for i in range(len(sents)) for j in range(i + 1, min(i + 5, len(sents) + 1))}
    assert all(e.before in runs and e.after in runs for e in out.edits)
    assert len(out.edits) >= 2, "at least one sentence moved (so at least two positions changed)"
    assert sorted(out.text.split()) == sorted(text.split())


@pytest.mark.parametrize("text", ["", "  ", "\n", "Hello.", "One sentence only, with a comma."])
def test_one_sentence_or_blank_gives_none(annotator, text):
    assert get_transform("sentence_shuffle")(text, annotator=annotator) is None


def test_masked_names_and_non_ascii(annotator):
    text = "[MALE] met Zoë. 😀 They ate crêpes. [FEMALE] paid."
    out = get_transform("sentence_shuffle")(text, seed=0, annotator=annotator)
    assert out is not None and sorted(out.text.split()) == sorted(text.split())


def test_short_story_loses_its_opening_and_its_ending(annotator):
    """Round 22: an order that keeps the opening or the ending, or swaps only two neighbour pairs
    ("B A D C"), still reads as a story in order."""
    t = get_transform("sentence_shuffle")
    names = ["A1", "B2", "C3", "D4", "E5"]
    for n in (4, 5):
        text = " ".join(f"{w} came." for w in names[:n])
        for seed in range(20):
            got = [w.split()[0] for w in t(text, seed=seed, annotator=annotator).text.split(". ")]
            order = [names.index(w.rstrip(".")) for w in got]
            swapped = sum(1 for i in range(n) for j in range(i + 1, n) if order[i] > order[j])
            assert order[0] != 0 and order[-1] != n - 1 and 4 * swapped >= n * (n - 1), order


def test_quotation_moves_with_the_narration_after_it(annotator):
    """Round 22: "`` So why did you ? ''" was moved away from "She inquired nervously"."""
    t = get_transform("sentence_shuffle")
    text = "`` So why did you ? '' She inquired nervously . The sun rose . I turned away . `` Go . '' He left ."
    for seed in range(20):
        out = t(text, seed=seed, annotator=annotator).text
        assert "`` So why did you ? '' She inquired nervously ." in out and "`` Go . '' He left ." in out


def test_single_quoted_speech_moves_whole(annotator):
    """Round 97: in a story quoting in single quotes, "She panted , 'I have bad news ." was moved
    away from "China wo n't bite . '" (double-quoted speech was already kept whole)."""
    t = get_transform("sentence_shuffle")
    text = (
        "The office was quiet . The rain hit the windows hard . A clock ticked on the wall . The printer jammed again . "
        "Tom swore at it . Someone laughed at him . The lights flickered twice . Then a phone started ringing . "
        "Nobody in the room answered it . "
        "Linda ran up the hall . 'Sir ? ' She panted , 'I have bad news . China wo n't bite . ' "
        "He looked up from his paperwork . After a moment , he sighed . 'Ah , screw it . Why not ? ' "
        "She left the room . The door slammed shut behind her . Tom went back to his printer . "
        "The rain kept falling all night . Nobody went home early ."
    )
    outs = [t(text, seed=seed, annotator=annotator) for seed in range(20)]
    assert sum(o is not None for o in outs) >= 5  # round 117: a draw may find no order that breaks enough
    for out in (o.text for o in outs if o is not None):
        assert "'Sir ? ' She panted , 'I have bad news . China wo n't bite . '" in out, out
        assert "'Ah , screw it . Why not ? '" in out, out


def test_single_quotes_that_do_not_pair_decline(annotator):
    """A story whose single quotes cannot be paired (a possessive inside a quotation) is not
    shuffled: fewer cases, none with a quotation cut in two."""
    text = "He paused . 'The students ' books are wet . ' She nodded . He left . It rained all night ."
    assert get_transform("sentence_shuffle")(text, seed=0, annotator=annotator) is None


@pytest.mark.parametrize(
    "turn,reply",
    [
        # round 99: the second quotation of "X," he said. "Y." was moved away with no speaker
        ("`` Let 's go , '' the captain said at last . `` Raise the sails for a week . ''", "`` Why ? '' she asked ."),
        ('"Let\'s go," the captain said at last. "Raise the sails for a week."', '"Why?" she asked.'),
        ("'Let 's go , ' the captain said at last . 'Raise the sails for a week . '", "'Why ? ' she asked ."),
    ],
)
def test_speech_turn_continued_after_its_tag_moves_whole(annotator, turn, reply):
    t = get_transform("sentence_shuffle")
    text = f"The ship was quiet . {turn} The crew cheered . {reply} Nobody answered . The wind rose ."
    for seed in range(20):
        out = t(text, seed=seed, annotator=annotator)
        assert out is not None and turn in out.text and reply in out.text, out and out.text


def test_an_untagged_reply_stays_after_the_turn_it_answers(annotator):
    """ "X," he said. "Y." "Z.": "Z" (the other speaker's reply, told only by the order of the turns)
    stays after the turn it answers; the narration around them still moves (round 100)."""
    t = get_transform("sentence_shuffle")
    text = "`` Go , '' he said . `` Now . '' `` No . '' Anna sat down . Tom left . The sun rose ."
    outs = {t(text, seed=seed, annotator=annotator).text for seed in range(20)}
    assert all("`` Go , '' he said . `` Now . '' `` No . '' Anna sat down ." in out for out in outs)
    assert all(not out.startswith("`` Go") for out in outs)  # and it moves


@pytest.mark.parametrize("heading", ["8:19 am", "-- 3:30 am", "Day 2", "10:45 PM"])
def test_time_heading_inside_a_line_stays_in_place(annotator, heading):
    """Round 99: "8:19 am Spatula City was open ..." (a scene's time stamp, in a story flattened to
    one line) was moved elsewhere with the sentence before it."""
    t = get_transform("sentence_shuffle")
    opening = f"{heading} The shop opened at eight ."
    text = f"Linda sighed . She had tried to forget it ... {opening} Jacob sold a pan . The phone rang . He froze ."
    for seed in range(20):
        out = t(text, seed=seed, annotator=annotator).text
        assert opening in out and out.index(opening) > 0
        assert out[: out.index(opening)].count(" . ") + out[: out.index(opening)].count(" ... ") == 2, out


def test_time_in_a_sentence_is_no_heading(annotator):
    t = get_transform("sentence_shuffle")
    text = "Linda sighed . She left at 8:19 am . The shop opened at eight . Jacob sold a pan . The phone rang ."
    outs = {t(text, seed=seed, annotator=annotator).text for seed in range(10)}
    assert any(not out.startswith("Linda sighed . She left at 8:19 am .") for out in outs)


BEATS = [
    # round 100 (wp_dev-297): the beat naming the speaker stays with the quotation it introduces
    (
        "I knocked twice . `` Open up , or I kick the door in . '' Lucky shook his head . "
        "`` Talk to the frog . They go way back . '' The door slammed shut . I found the frog at the clinic . "
        "He was screaming at a nurse . It was a long night .",
        "Lucky shook his head . `` Talk to the frog . They go way back . ''",
    ),
    # wp_dev-291: a beat naming the speaker by a pronoun keeps the line that tells who he is
    (
        "House sat down . `` Save it . I 'll work for you . '' House blurted out at Dumbledore . "
        "He simply nodded . `` I 'll see to it you get a room . '' House left the office . "
        "His cane lay on the desk . The phone rang . Chase was on the line .",
        "House blurted out at Dumbledore . He simply nodded . `` I 'll see to it you get a room . ''",
    ),
    # wp_dev-91: no narration lands before an untagged line ("Trump was quite grumpy." before the
    # narrator's answer), and the untagged answer stays after the question it answers
    (
        "I was called in by the President . I felt oddly calm . Trump was quite grumpy . "
        "`` Why do all you scientists lie ? '' `` Sorry . I made a mistake . '' Trump stared at me . "
        "We were not alone any more . Security walked me out .",
        "Trump was quite grumpy . `` Why do all you scientists lie ? '' `` Sorry . I made a mistake . ''",
    ),
    # wp_dev-432: a beat before a last line that cannot move (its quotation is left open) stays too
    (
        "I looked in the mirror . The old woman looked back . George came in . I sat on the bed . "
        "`` Come to bed , '' George said . He smiled and leant in to kiss me . `` You look beautiful .",
        "He smiled and leant in to kiss me . `` You look beautiful .",
    ),
]


@pytest.mark.parametrize("text,together", BEATS)
def test_an_untagged_quotation_stays_with_what_tells_its_speaker(annotator, text, together):
    t = get_transform("sentence_shuffle")
    outs = [t(text, seed=seed, annotator=annotator) for seed in range(20)]
    assert any(out is not None for out in outs)
    for out in outs:
        assert out is None or together in out.text, out.text
    if together.endswith("beautiful ."):
        assert all(out is None or out.text.endswith(together) for out in outs)


def test_a_long_story_left_with_few_units_is_not_shuffled(annotator):
    """Round 100 follow-up: a long story whose dialogue joins into one block keeps too few units; a
    shuffle would swap the block with a line or two, which may read as a flashback."""
    text = (
        "I never believed in God . The sky was grey . Confused , I asked , `` Am I dead ? '' "
        "`` Yes and no . '' `` Where am I going ? '' `` Hold it . '' `` Tell me . '' `` No . '' "
        "`` Why ? '' `` Rules . '' `` Whose ? '' `` Mine . ''"
    )
    t = get_transform("sentence_shuffle")
    assert all(t(text, seed=seed, annotator=annotator) is None for seed in range(5))
