"""temporal_word_flip, round 81 (strict reading): flips that move an act possible at either time
(training, talking, a glance, a pause in walking) or that anchor to nothing firm (backstory in the
past perfect, a thing new to the story, a flashback of years) are declined; so are a look "the previous
day", a fairy-tale "once upon a time before", a verbless list and a habit told with "'d" (round 800);
round 83: a standing rule or shared verb as the only anchor, a restart, an escalation, a parallel pair."""

from __future__ import annotations

import pytest

from perturbkit import get_transform

NONE = [
    # training before a race -> after it: training for the next race
    "the coach said jake had talent . jake trained hard before the big race . he rested for the race and ate well ."
    " jake won the race .",
    # two glances: either order is possible
    "I fell on the pavement . I got up and stared at my hands before looking at my watch . The watch was smashed ."
    " I looked at the watch for a long time .",
    # "the previous day" after a past-perfect opening: backstory, no fixed time to clash with
    "she had visited a friend and found she liked their dogs . the next day , beth went to the pet store to look"
    " for a dog . she saw two bunnies at the store . beth bought the bunnies .",
    # talking to someone the day before: odd, still possible
    "on his first day at work nobody talked to tom . he thought about quitting . the next day he talked to jon and"
    " found they liked similar things . they are now good friends .",
    # a thing new to the story ("sales") may rise in the week before
    "the club bought a new couch . the store asked the club to post a photo of the couch . they posted the photo"
    " and tagged the store . sales rose at the store in the next week .",
    # a momentary stop in walking -> a start: she may have paused
    "She walked down the road . I called her name and she stopped walking . She turned to look at me .",
    # "A few years earlier" in a long story: a flashback in loose exposition
    "The west put sanctions on the empire . The tensions grew . A few years later , the empire collapsed from the"
    " sanctions . " + " ".join(f"Day {n} came and went ." for n in range(1, 12)),
    # round 800: "three years earlier" in a person's life reads as a flashback
    "jo was in a bad car accident . her face was injured in the crash . she lost her nose . three years later she"
    " had a nose transplant .",
    # a look "the previous day" may be a look at that day's records
    "I got a strange call at night . I woke up the next morning and grabbed my phone . I called the carrier . I"
    " looked with the carrier the next day and saw no call from the carrier .",
    # a waking told only as a habit ("then I 'd wake up") is no fact that "started waking up" clashes with
    "I had moments where I 'd drift off , but then I 'd wake up and realize I ate my neighbor . I ate the whole"
    " block before I stopped waking up .",
    # "once upon a time before ..." is a fairy-tale formula
    "I loved men with bird names . Shattered like my heart – once upon a time – once upon a time before loving men"
    " with bird names – shattered like my heart .",
    # round 801: the trying told before is someone else's ("politicians tried"), not ours
    "The disease spread . Politicians tried to calm the masses . We began to lose hope . Soon , we stopped trying .",
    # a verbless list ("a scribble of ... people before everything wrapped up") orders no event
    "Everything wrapped up in a ball of anger . A scribble of friendships , of lovers , of people not quite there ,"
    " of people before everything wrapped up in the ball of anger , insecurities .",
    # round 83: the anchor of "the next day" is a standing rule and a recurring act: "previous" finds another instance
    "his parents did n't want him to keep snacks in his room . sam 's father went into his room the next day . he"
    " saw wrappers under his desk . he knew that sam had been keeping snacks in his room .",
    # early/late in a parallel pair of measures: flipped, the pair only loses its contrast
    "Nine o'clock : A man at the door . Ten minutes early to the meeting . Three hours late to be heard . Night :"
    " Silence .",
    # "stopped screaming" after a single "let out a scream": "started screaming" reads as an escalation
    "The door burst open . The girl let out a scream , and her legs shook . The boy ran across the room . She"
    " stopped screaming , and looked at the boy . The boy smiled at her .",
    # a start after an interruption ("stopped working", "waited to reload") reads as a restart
    "i sat down to watch a long game on my laptop . it loaded , and i watched the game . near the end , my wifi"
    " stopped working . i waited to reload the game . when the game ended , i went to bed because it was late .",
    # only the verb is shared ("picked up the leaves" / "picked up my guitar"): no referent anchors the day
    "I picked up the leaves in the yard and threw them away . The next day I picked up my guitar . I played a song"
    " for my mom .",
    # "ten coins" are other coins than "five coins": a new referent anchors nothing
    "The thief took five coins from the old man . I could not sleep that night . The next day , I stole ten coins"
    " from a sleeping lord . I gave the old man the coins back .",
    # round 820: a check "ten minutes earlier" is an earlier look, possible at either time
    "we put the towels in the dryer . i went down to add a sheet to the dryer . ten minutes later i checked on the"
    " towels . the towels were dry and warm .",
]

GOLDEN = [
    # our own trying told before: "started trying" clashes with it
    (
        "We tried to fix the roof . We were trying all week . Soon , we stopped trying .",
        "We tried to fix the roof . We were trying all week . Soon , we started trying .",
    ),
    # a short story keeps the order of a measured "later" of years
    (
        "Tom planted an oak tree . Two years later , the tree gave its first acorns .",
        "Tom planted an oak tree . Two years earlier , the tree gave its first acorns .",
    ),
    # a stop one had to make quits a habit told before: "start" clashes with it
    (
        "every morning jim went for a run on the beach . the trash on the beach was bad . jim had to stop running"
        " on the beach .",
        "every morning jim went for a run on the beach . the trash on the beach was bad . jim had to start running"
        " on the beach .",
    ),
    # round 83: a thing named again anchors "the next day"
    (
        "jo bought a red dress at the mall . the next day , jo wore the dress to school . everyone liked the dress .",
        "jo bought a red dress at the mall . the previous day , jo wore the dress to school . everyone liked the dress .",
    ),
    # screaming told going on before: "started screaming" clashes with it
    (
        "The baby was screaming for an hour . Her mom sang to her . Finally she stopped screaming and fell asleep .",
        "The baby was screaming for an hour . Her mom sang to her . Finally she started screaming and fell asleep .",
    ),
    # a perfect after the story has begun anchors ("had sent him home" that day); a person subject ties
    (
        "henry went to school . his teacher had sent him home with a stuffed bear . he shared with the class the"
        " next day what he did with the bear .",
        "henry went to school . his teacher had sent him home with a stuffed bear . he shared with the class the"
        " previous day what he did with the bear .",
    ),
]


@pytest.mark.parametrize("text", NONE)
def test_temporal_flip_declines_orders_a_reader_finds_possible(text, annotator):
    assert get_transform("temporal_word_flip")(text, seed=0, annotator=annotator) is None


@pytest.mark.parametrize("text,expected", GOLDEN)
def test_temporal_flip_keeps_orders_the_story_fixes(text, expected, annotator):
    out = get_transform("temporal_word_flip")(text, seed=0, annotator=annotator)
    assert out is not None and out.text == expected
