"""passive_voice: golden outputs (tense, modals, negation, particles, pronoun case) and properties."""

from __future__ import annotations

import re

import pytest
from _character_stories import any_text, check_common
from hypothesis import given
from hypothesis import strategies as st

from perturbkit import get_transform
from perturbkit.transform import Effect

GOLDEN = [
    ("Shakespeare wrote Macbeth.", "Macbeth was written by Shakespeare."),
    ("The cat chases the mice.", "The mice are chased by the cat."),
    ("Anna has painted the fence.", "The fence has been painted by Anna."),
    ("The workers will fix it.", "It will be fixed by the workers."),
    ("Tom called her.", "She was called by Tom."),
    ("Anna turned off the light.", "The light was turned off by Anna."),
    ("Anna turned the light off.", "The light was turned off by Anna."),
    ("Tom did not feed the dog.", "The dog was not fed by Tom."),
    ("tom did n't feed the dog .", "the dog was n't fed by tom ."),
    ("The girls were painting the house.", "The house was being painted by the girls."),
    ("Mice don't eat the cheese.", "The cheese isn't eaten by mice."),
    ("The children have never visited the sea.", "The sea has never been visited by the children."),
    ("Anna often visits him.", "He is often visited by Anna."),
    ("The kids would have eaten the cake.", "The cake would have been eaten by the kids."),
    ("The kids brought it home.", "It was brought home by the kids."),
    ("Anna can't eat the soup.", "The soup can't be eaten by Anna."),  # "won't" (refusal): declined
    ("First, Anna scraped off the old paint.", "First, the old paint was scraped off by Anna."),
    ("Tom never bought that brand again.", "That brand was never bought by Tom again."),
    ("The dogs bit me.", "I was bitten by the dogs."),
]


@pytest.mark.parametrize("text,expected", GOLDEN)
def test_golden(annotator, text, expected):
    """The rewrite itself, on one-clause texts (``topic=False``: no story to take a topic from)."""
    out = get_transform("passive_voice", topic=False)(text, seed=0, annotator=annotator)
    assert out is not None and out.text == expected


# Round 30 (strict reading): a passive reads naturally only where the patient is the topic (given
# before, or an animate pronoun) and the agent a minor, determined noun phrase.
TOPIC_GOLDEN = [
    (
        "she put the food in the bowl . the cat ate the food .",
        "she put the food in the bowl . the food was eaten by the cat .",
    ),
    ("tony crossed the street . suddenly a car hit him .", "tony crossed the street . suddenly he was hit by a car ."),
    ("I slipped into the river . My sister saved me .", "I slipped into the river . I was saved by my sister ."),
]
TOPIC_NONE = [
    "one day greg found a lost demo tape . the tape was a ripoff of his own music !",  # protagonist demoted
    "tom went to the store . tom bought chips . tom came home .",  # a name agent, a new patient
    "her eyes caught a beautiful dress . she bought it .",  # a body part: "caught by her eyes"
    "It was dark . Rain was drowning everything .",  # a progressive with a bare agent
    "I cried . a tear rolled down my face .",  # "my face was rolled down by a tear"
    "The wires were red . The technical aspects of bombs bore me .",  # "I was born by"
    "melvin got lost . the guard brought melvin back to his parents .",  # "brought by the guard back"
    "the kids hunted . the boys followed all the clues . the boys were happy .",  # the agent is the topic
    "the school cafeteria was serving cheeseburgers .",  # a new patient and a progressive
    "I loved her until the sun embraced her , and led her away .",  # "led" loses its subject
    "he loved the zoo . his parents always take him .",  # "take" without its place
    "a man came . that person drops the same amount of weight .",  # a demonstrative agent
]


@pytest.mark.parametrize("text,expected", TOPIC_GOLDEN)
def test_topic_golden(annotator, text, expected):
    out = get_transform("passive_voice")(text, seed=0, annotator=annotator)
    assert out is not None and out.text == expected


@pytest.mark.parametrize("text", TOPIC_NONE)
def test_topic_declines(annotator, text):
    assert get_transform("passive_voice")(text, seed=0, annotator=annotator) is None


@pytest.mark.parametrize(
    "text",
    [
        "He doesn't like me.",  # "I amn't liked"
        "She had a dog.",  # stative "have"
        "He took a nap.",  # light verb
        "He ran two miles.",  # measure
        "She brushed her teeth.",  # object owned by the subject
        "I ate the cake myself.",  # emphatic reflexive
        "They would never tell anyone.",  # "Anyone would never be told"
        "He ate the cake and went home.",  # shared subject of a coordinated verb
        "He gave her a book.",  # two objects
        "She's painted the fence.",  # contracted auxiliary
        "Did he see the dog?",
        "The rain fell.",
        # strict reading: passives that do not read naturally or change the meaning
        "unfortunately she did n't make the cut .",  # idiom: "the cut was n't made by her"
        "the student cried . cindy put her in a time out area .",  # "she was put by cindy in a time out area"
        "he met a girl who did , too .",  # "a girl who did was met by him"
        "he built a large chicken coop by hand .",  # "built by him by hand"
        "i ordered several snacks from the place .",  # first-person agent: "ordered by me"
        "`` Yeah . Yeah , I can hear you . ''",  # "you can be heard by me"
        "Then I will take you at your word .",  # idiom
        "`` We talk it out . ''",  # "it is talked out by us"
        "on her first day of yoga class she really enjoyed it !",  # "it was really enjoyed by her"
        "I don't like the cheese.",  # "The cheese isn't liked by me"
        "the first night i visited ate all of my cookies .",  # misparsed subject holding a clause
        "brad called the police immediately .",  # "the police was called"
        "she saved all year long so she could take a vacation there .",  # light verb
        "she did some research into different vehicles .",  # light verb
        "The icy cold water set my lungs ablaze.",  # "set by the icy cold water ablaze"
        "The woman found dust on the desk.",  # "dust was found by the woman on the desk"
        "All displayed no outward signs of anything wrong .",  # "... were displayed by all"
        # pronoun agents read stilted ("a stylist was visited by her"): declined
        "she visited a stylist .",
        "he arranged them from most expensive to cheapest .",
        "They will fix it.",
        "He saw her.",
        # a dependent stranded after the agent
        "the raccoon caught him looking .",  # "he was caught by the raccoon looking"
        "Anna spelled every word correctly.",  # "spelled by Anna correctly"
        "Cora hit the ball too hard .",  # "hit by Cora too hard"
        # fixed phrases whose passive loses the sense
        "tom would do something about this .",  # "something about this would be done by tom"
        "tom made ten bucks that night .",  # "ten bucks were made": earned, not manufactured
        "As if the lamp makes a difference .",  # "a difference is made by the lamp"
        # the tagger's number disagrees with the determiner
        "tom grabbed a zucchini .",  # "a zucchini were grabbed"
        # misparses and split quotations
        "boiling removed the poison and dan really liked the greens .",  # "the poison and dan were removed"
        "as the was mixing everything together , she looked at the cheese .",  # "mixed together by the"
        "I think that writers should practice the same `` habit of art , '' as he put it .",  # quote split
        "In response , the child told him `` No . They like me . ''",  # "he was told by the child `` No"
        "As soon as his hand touched the cats belly the cat sprang into action .",  # "touched by his hand belly"
        # perception, belief and travel "take" read stilted or lose the sense in the passive
        "tim saw natural toothpaste .",  # "natural toothpaste was seen by tim"
        "Erg could n't believe the sight .",  # "the sight could n't be believed by Erg"
        "bob had never taken the light rail before .",  # "the light rail had never been taken by bob"
        # round 180: scope, motion, subject misparses, idioms, a stranded infinitive or phrase
        "tim only drank beer .",  # "beer was only drunk by tim": "only" changes scope
        "ross hurried out the door .",  # "the door was hurried out by ross"
        "one day tom was setting up a deer stand .",  # "by one day tom"
        "bart and jess were making loads of money .",  # "loads of money were being made"
        "he stood as the security guard kicks open the door .",  # "is opened by the security guard kicks"
        "Each inch of yard harbored a memory .",  # "a memory was harbored by each inch of yard"
        "Simon regained enough composure to realize it .",  # "enough composure was regained by Simon to"
        "the company took her out to lunch .",  # "she was taken out by the company to lunch"
        "The trashmen shared a glance .",  # "a glance was shared by the trashmen"
        "chenny threw on some athletic wear .",  # "some athletic wear was thrown on by chenny"
        # round 190: wearing, states, leaning out, light verbs, "a lot" stranded
        "one day susie was wearing flats .",  # "flats were being worn by susie"
        "These recent memories involved relationships of people .",  # "were involved by these memories"
        "The tank driver leaned out the door .",  # "the door was leaned out by the tank driver"
        "Ben gave a smug grin .",  # "a smug grin was given by Ben"
        "Gary pulled a knife .",  # "a knife was pulled by Gary"
        "the book helped him a lot .",  # "he was helped by the book a lot"
        # a split contraction's stray letter taken for the subject
        "I haven ’ t seen you around here before .",  # "you were seen by t"
    ],
)
def test_skips_what_it_cannot_do(annotator, text):
    assert get_transform("passive_voice")(text, seed=0, annotator=annotator) is None


def test_one_clause_per_story_chosen_by_seed(annotator):
    t = get_transform("passive_voice", topic=False)
    text = "Tom fed the cat. Anna washed the car."
    outs = {t(text, seed=s, annotator=annotator).text for s in range(8)}
    assert outs == {"The cat was fed by Tom. Anna washed the car.", "Tom fed the cat. The car was washed by Anna."}
    assert t.effect == Effect.PRESERVES


_BE = r"\b(am|is|are|was|were|be|been|being|AM|IS|ARE|WAS|WERE|BE|BEEN|BEING)\b"


@given(text=any_text, seed=st.integers(0, 3))
def test_properties(annotator, text, seed):
    out = check_common(get_transform("passive_voice"), text, seed, annotator)
    if out is None:
        return
    assert len(out.edits) == 1  # one clause
    e = out.edits[0]
    assert re.search(r"\b(by|BY) \S", e.after) and re.search(_BE, e.after)
    assert len(e.after.split()) >= len(e.before.split())  # words are moved and added, not dropped
    assert not re.search(_BE + r" (by|BY)\b", e.after)  # there is a participle before "by"


# Round 101 (long WritingPrompts stories): the rewrite misplaced or garbled a part of the sentence.
ROUND101_GOLDEN = [
    # a sentence-initial article "A" is no acronym: it is lower-cased in the agent
    (
        "He screamed. A roar of pain momentarily fuzzed my control.",
        "He screamed. My control was momentarily fuzzed by a roar of pain.",
    ),
    (
        "I turned around. A large , clunky mass of metal occupied the room , wires crisscrossing in and out .",
        "I turned around. The room was occupied by a large , clunky mass of metal , wires crisscrossing in and out .",
    ),
]
ROUND101_NONE = [
    "The nimbus clouds above eclipsed the moon .",  # "The moon was above eclipsed by the nimbus clouds"
    "The cancer had devoured her , carving her out from the inside .",  # the participle now describes "she"
    "The exclamations claimed the silence , breaking the virgin sound .",
    "The guard grabbed him , hoping to stop the fight .",
    "Smiling , the guard grabbed him .",  # "Smiling , he was grabbed by the guard"
    "After eating lunch , the guard grabbed him .",
    "\u201c You think seeing your dick bothers Me ? \u201d",  # "You think seeing I am bothered by your dick ?"
    "\u201c Your dick bothers Me . \u201d",  # the capital of reverence is lost in "I"
    "He kept seeing the guard grabbed him .",  # the complement of a gerund
    "The noise filled the room .",  # "filled by the noise": the passive of "fill" takes "with"
    "As the smoke dispersed a deafening cheer filled the room .",
    "If the world wo n't accept me , I will leave .",  # "won't" = refuses: "If I won't be accepted"
    "Anna won't eat the soup.",
    "The kids would n't eat the soup.",
]


@pytest.mark.parametrize("text,expected", ROUND101_GOLDEN)
def test_round101_golden(annotator, text, expected):
    out = get_transform("passive_voice", topic=False)(text, seed=0, annotator=annotator)
    assert out is not None and out.text == expected


@pytest.mark.parametrize("text", ROUND101_NONE)
def test_round101_declines(annotator, text):
    assert get_transform("passive_voice", topic=False)(text, seed=0, annotator=annotator) is None


# Round 113 (WritingPrompts): a passive that breaks a parallel series of sentences, a "them" with no
# plural character before it (a thing, or only a generic singular), and verbs of going into a place.
ROUND113_TOPIC_NONE = [
    # "They would be killed by the heat": the series breaks, and "they" has only "an ordinary man"
    "The dust would choke an ordinary man . The heat would kill them . The shock waves would crush them .",
    "The dust would choke the miners . The heat would kill the miners .",  # the same frame, noun objects
    "The mine was dangerous . The heat would kill them .",  # nothing plural for "they"
    "The storm came . The clouds were dark . A strong wind scattered them .",  # "they" are clouds
    "The kids ran . I could see the clouds bend around where the shape had entered them .",
]
ROUND113_TOPIC_GOLDEN = [
    ("The boys were lost . Their teacher found them .", "The boys were lost . They were found by their teacher ."),
]
ROUND113_NONE = [
    "I could see the clouds bend around where the shape had entered them .",  # "had been entered by the shape"
    "The shape had entered the clouds .",
    "The bear entered the cave .",
    "The soldiers crossed the river .",
]


@pytest.mark.parametrize("text", ROUND113_TOPIC_NONE)
def test_round113_topic_declines(annotator, text):
    assert get_transform("passive_voice")(text, seed=0, annotator=annotator) is None


@pytest.mark.parametrize("text,expected", ROUND113_TOPIC_GOLDEN)
def test_round113_topic_golden(annotator, text, expected):
    out = get_transform("passive_voice")(text, seed=0, annotator=annotator)
    assert out is not None and out.text == expected


@pytest.mark.parametrize("text", ROUND113_NONE)
def test_round113_declines(annotator, text):
    assert get_transform("passive_voice", topic=False)(text, seed=0, annotator=annotator) is None
