"""negation and negation_alteration: grammar of each verb type, contraction style, what is
skipped, golden stories, and properties (one negation flips per changed sentence)."""

from __future__ import annotations

import pytest
from _edit_checks import assert_edits_consistent, check_properties, texts
from hypothesis import given
from hypothesis import strategies as st

from perturbkit import get_transform
from perturbkit.annotation.tables import sentences
from perturbkit.errors import UserError
from perturbkit.example import Example
from perturbkit.transforms._negation.cues import Style, negation_count
from perturbkit.transforms._negation.deletion import deletion
from perturbkit.transforms._negation.insertion import insertion
from perturbkit.transforms._negation.ops import negation_ops, op_table

# (sentence, its negation flipped): insertion for each verb type, then deletion.
FLIPS = [
    # auxiliaries and modals
    ("I can swim.", "I cannot swim."),
    ("They will come tomorrow.", "They will not come tomorrow."),
    ("She has gone home.", "She has not gone home."),
    ("He could have won.", "He could not have won."),
    ("The cake was eaten.", "The cake was not eaten."),
    ("She is reading a book.", "She is not reading a book."),
    ("I'll go home.", "I will not go home."),
    ("She's gone.", "She's not gone."),
    ("We'd eaten already by then.", None),  # a positive polarity item ("already")
    ("He almost broke his leg.", None),
    # a chain of conjuncts (the second verb's conjunct is the third): every one takes the base form
    (
        "I watched Sondra, watched that grin freeze on her face, watched the panic reach her eyes.",
        "I did not watch Sondra, watch that grin freeze on her face, watch the panic reach her eyes.",
    ),  # "did not almost break": the negation goes to "almost"
    ("You dont understand it.", None),  # already negated, without an apostrophe (not "do notnt")
    ("The detective didnt feel confident.", None),
    ("You'd like it.", "You would not like it."),
    ("We'd eaten by then.", "We had not eaten by then."),
    # copula
    ("He was sad.", "He was not sad."),
    ("I am tired.", "I am not tired."),
    ("I'm tired.", "I'm not tired."),
    ("They were at home.", "They were not at home."),
    # do-support, in the verb's tense
    ("He went to school.", "He did not go to school."),
    ("Tom likes pizza.", "Tom does not like pizza."),
    ("They walk to school.", "They do not walk to school."),
    ("He had a dog.", "He did not have a dog."),
    ("john always wanted to fly .", "john did not always want to fly ."),
    ("Then he went home.", "Then he did not go home."),
    ("Go home now.", "Do not go home now."),
    ("he bought some milk .", "he did not buy any milk ."),
    # declined: the negation would fall on an adverb, a measure or a misread subject
    ("he accidentally broke the vase .", None),  # not "accidentally did not break"
    ("she suddenly ran to the door .", None),
    ("He ran quickly to the car.", None),  # "not quickly" still ran
    ("Beside you lies a knife .", None),  # locative inversion, not "Beside you does not lie"
    ("Anna, Former Solar Princess, turned Queen .", None),  # appositive before the verb
    ("the man had been dead ten thousand years .", None),  # "not dead that long" is still dead
    ("i have been taking him fishing every weekend .", None),  # "not every weekend" is consistent
    ("He slept for ten hours.", None),
    # round 101: one coordinated verb after a comma and a conjunction is a clause of its own ("did n't
    # lead the child to a small building , and open the door" reads as an order); a series keeps its
    # base forms, and a deletion gives the coordinated verbs the restored tense
    ("He led the child to a small building, and opened the door.", None),
    ("He bought the set, took it home, and had fun.", "He did not buy the set, take it home, and have fun."),
    ("He didn't go to the store and buy bread.", "He went to the store and bought bread."),
    ("She does not sing and dance at parties.", "She sings and dances at parties."),
    ("\u201c I can \u2019 t . \u201d", None),  # a contraction the tokeniser split, not "can not \u2019 t"
    # deletion, restoring the verb
    ("He didn't go.", "He went."),
    ("he did n't go to the store .", "he went to the store ."),
    ("She doesn't like tea.", "She likes tea."),
    ("They don't walk.", "They walk."),
    ("He did not really want to go.", "He really wanted to go."),
    ("Don't worry about it.", "Worry about it."),
    ("She can't swim.", "She can swim."),
    ("he ca n't swim .", "he can swim ."),
    ("I cannot swim.", "I can swim."),
    ("They won't come.", "They will come."),
    ("they wo n't come .", "they will come ."),
    ("He wasn't happy.", "He was happy."),
    ("he was n't happy .", "he was happy ."),
    ("He was not happy.", "He was happy."),
    ("She has never been to Paris.", "She has been to Paris."),
    ("He never went there again.", "He went there again."),
    # skipped: questions, negative polarity items, other negative words, focus negation
    ("Did he go?", None),
    ("he did n't have any money .", None),
    ("Nobody came.", None),
    ("He had no money.", None),
    ("It was not only cheap but good.", None),
    ("Never have I seen such a thing.", None),
    ("He hardly ate.", None),
    ("I hope it rains.", None),
    # negative-polarity idioms keep their negation ("it was long before" is no sentence)
    ("It wasn't long before he fell asleep.", None),
    ("It didn't take long for him to fall.", None),
    ("He couldn't help but laugh.", None),
    ("He couldn't help laughing.", None),
    # a focus adverb would take the inserted negation ("I did not just send him home")
    ("I just sent him home.", None),
    ("He only ate the bread.", None),
]

GOLDEN = [
    (
        "negation",
        {"targeted": False, "rate": 0.2},
        "Tom went to the store. He could n't find any milk. He was sad. He walked home. He ate dinner.",
        0,
        "Tom went to the store. He could n't find any milk. He was sad. He did n't walk home. He ate dinner.",
    ),
    (
        "negation",
        {"targeted": False, "rate": 0.2},
        "Tom went to the store. He could n't find any milk. He was sad. He walked home. He ate dinner.",
        3,
        "Tom went to the store. He could n't find any milk. He was sad. He walked home. He did n't eat dinner.",
    ),
    (
        "negation",
        {"mode": "delete", "targeted": False, "rate": 0.2},
        "Anna didn't like the movie. She left early. She wasn't happy.",
        0,
        "Anna didn't like the movie. She left early. She was happy.",
    ),
    (
        "negation",
        {"mode": "insert", "targeted": False, "rate": 0.2},
        "jim loved to eat fast food . he ate so much he started to gain weight .",
        1,
        "jim did not love to eat fast food . he ate so much he started to gain weight .",
    ),
    (
        "negation_alteration",
        {"targeted": False, "rate": 1.0},
        "Tom went to the store. He couldn't find any milk. He was sad. He walked home. He ate dinner.",
        0,
        "Tom went to the store. He couldn't find any milk. He wasn't sad. He didn't walk home. He didn't eat dinner.",
    ),
    (
        "negation_alteration",
        {"targeted": False, "rate": 1.0},
        "Tom went to the store. He couldn't find any milk. He was sad. He walked home. He ate dinner.",
        5,
        "Tom didn't go to the store. He couldn't find any milk. He was sad. He walked home. He didn't eat dinner.",
    ),
]

# Targeted flips (the default): the sentence a later sentence depends on, or None.
TARGETED = [
    (
        "negation",
        "Tom bought a bike. He rode the bike to school. He was happy.",
        0,
        "Tom did not buy a bike. He rode the bike to school. He was happy.",
    ),
    ("negation", "He walked home. She ate an apple.", 0, None),  # nothing depends on either sentence
    ("negation", "She looked in the ads. She looked online.", 3, None),  # the same verb again is another event
    ("negation", "It wasn't long before the police came. They arrested him.", 0, None),  # an idiom, then nothing
    # weak witnesses: a frequent noun, a lone pronoun in another sentence
    ("negation", "Tom called his friend. His friend was happy to hear from him.", 0, None),
    ("negation", "Tom bought a dress. He wore it to the party.", 0, None),
    ("negation", "Tom called Ed. Ed was happy.", 0, None),  # a name recurs whatever happened
    # judged failures: nothing later presupposes the negated event (the shoes, the hook, the ball
    # exist whether or not she tucked, put, looked), a motive, "everyone ... not" read as "not
    # everyone", another sense of "hard", a dialogue tag, a deletion, a word before the verb
    (
        "negation",
        "she had tucked her shoes into a cubby while she skated . when it was time to put their shoes back on ,"
        " her shoes were gone .",
        0,
        None,
    ),
    ("negation", "he put the bait on the hook . he placed the hook in the pond . he caught a fish !", 0, None),
    (
        "negation",
        "i looked all over for the ball . i saw a few kids playing with it . i grabbed the ball and ran . i ended up"
        " getting in trouble for taking the ball from the kids .",
        0,
        None,
    ),
    (
        "negation",
        "one of the teachers was retiring . everyone loved the teacher . kate and her friends sang a song in honor"
        " of the teacher . the teacher was brought to tears .",
        0,
        None,
    ),
    (
        "negation",
        "if there is too much milk the cereal is too hard . finding the perfect balance is hard , but necessary .",
        0,
        None,
    ),
    (
        "negation",
        "so john was ready to study for his test . he needed to pass it in order to pass the class . john studied"
        " for three days . john took the test and passed it .",
        0,
        None,
    ),
    (
        "negation",
        "\u201c His father was a great wizard once , \u201d Miranda said . He saved the coven . Every wizard knew him .",
        0,
        None,
    ),
    ("negation", "he had never gambled before . he lost all his money gambling at the casino .", 0, None),
    ("negation", "Life sure has a cruel sense of humour . The sense of humour was odd .", 0, None),
    ("negation", "she was craving cookies . she went to the store . she baked the cookies .", 0, None),
    # an imperative misparse; a number after "the" brings nothing in ("the $ 10 bill" is known)
    (
        "negation",
        "buy cheap headphones at the bargain bin won him over . after a week , one side of the headphones stopped"
        " working .",
        0,
        None,
    ),
    (
        "negation",
        "`` Did you get it ? '' I pulled the $ 10 bill out of my pocket and tossed it on the table . The bill was wet .",
        0,
        None,
    ),
    # what a later sentence takes as known: "a dog" ... "the dog"; a state and its noun ("the long line")
    (
        "negation",
        "There was a dog. The dog barked at me.",
        0,
        "There was not a dog. The dog barked at me.",
    ),
    # round 107: with a place, the negation may take the place ("not in the yard": elsewhere)
    ("negation", "There was a dog in the yard. The dog barked at me.", 0, None),
    (
        "negation",
        "the line in the bookstore was long . carl was irritated from the long line .",
        0,
        "the line in the bookstore was not long . carl was irritated from the long line .",
    ),
    (
        "negation_alteration",
        "Tom bought a bike. He rode the bike to school. He wasn't happy.",
        1,
        "Tom didn't buy a bike. He rode the bike to school. He wasn't happy.",
    ),
    # round 28 and round 300: a verb coordinated with the negated one takes the base form too
    (
        "negation",
        "his had been ripped on accident . he went to a store and grabbed one . kyle had never gone shopping so"
        " fast . he was glad he went in the store and got out .",
        0,
        "his had been ripped on accident . he did not go to a store and grab one . kyle had never gone shopping so"
        " fast . he was glad he went in the store and got out .",
    ),
    (
        "negation",
        "his mom rushed in when he yelled . she said ed had caught chickenpox ! she put him in an oatmeal bath and"
        " then rubbed him with lotion . ed was still miserable , but the bath and cream made him feel better .",
        0,
        "his mom rushed in when he yelled . she said ed had caught chickenpox ! she did not put him in an oatmeal"
        " bath and then rub him with lotion . ed was still miserable , but the bath and cream made him feel better .",
    ),
    (  # a contrast stays finite
        "negation",
        "tom bought a ticket but lost it . he looked for the ticket everywhere .",
        0,
        "tom did not buy a ticket but lost it . he looked for the ticket everywhere .",
    ),
    # a counted object ("four cats", "5 raccoons", "several horses") or one a relative clause restricts
    # ("a store she liked"): the negation reads as a correction, not as the event not happening
    (
        "negation",
        "she has four cats and three dogs . two of the cats are very young kittens . luckily they all get along"
        " with each other . usually the cats even snuggle with the dogs .",
        0,
        None,
    ),
    ("negation_alteration", "he owned several horses . he fed the horses every morning .", 0, None),
    (
        "negation",
        "so she found a store she liked . she went to the store and bought to get her belly button pierced . she"
        " got her belly button pierced and it hurt .",
        0,
        None,
    ),
]

# round 40: negated events a reader reconciles with the rest. A replacement ("new batteries", "a
# better keyboard for it": the later "the batteries" / "the keyboard" may be the old ones), a later
# mention another modifier restricts ("the best reviews" are not the reviews read), a manner of
# moving ("did not trudge" reads as "moved some other way"), a source or place looked at ("woke
# up from a dream", "parked at a meter": still there), a choice ("picks a teller": the teller exists
# anyway), a promise or a perception ("did not see a snail": it is there), and a bare plural ("did not buy chips . he ate the chips": ones he had)
REASONABLE = [
    ("negation", "Tom bought a new bike. He rode the bike to school. He was happy.", 0, None),
    (
        "negation_alteration",
        "he would frequently use the remote to change channels . one day , the remote stopped working . tim bought"
        " new batteries . tim fixed the remote by replacing the batteries .",
        0,
        None,
    ),
    (
        "negation_alteration",
        "she bought a better keyboard for it . she liked to type on it very loudly . the keyboard worked great for a"
        " week . then it stopped working !",
        0,
        None,
    ),
    (
        "negation_alteration",
        "he read reviews online . he thought carefully about his decision . tom purchased the speakers with the best"
        " reviews . tom was very happy with his new speakers .",
        0,
        None,
    ),
    (
        "negation_alteration",
        "The astronauts trudged their way across the red ground at a flag fluttering in the distance . As they"
        " approached the flag , they could finally confirm what they saw from the distance . It was a Soviet Flag .",
        0,
        None,
    ),
    (
        "negation",
        "I woke up from a dream , that night that I first started running . I had been putzing around with running"
        " for years now . But that dream , left me determined . In the dream , I was in a cloud of white smoke .",
        0,
        None,
    ),
    (
        "negation",
        "tom loved eating chips . tom drove to the store . tom bought chips . tom came home , and ate the chips to end"
        " his hunger .",
        0,
        None,
    ),
    ("negation", "he parked at a meter . the court took long . he got a ticket from the meter .", 0, None),
    ("negation", "she saw a snail on the ground . she picked up the snail .", 0, None),
    # a reason clause takes the negation ("the chip was not unique because ...": unique for another
    # reason), so the first sentence is flipped
    (
        "negation",
        "he found a unique chip . the chip was unique because it looked like a famous comedian .",
        0,
        "he did not find a unique chip . the chip was unique because it looked like a famous comedian .",
    ),
    ("negation", "todd was promised a bonus by his boss . he worked late . the bonus was big .", 0, None),
    (
        "negation",
        "Then the kid picks a teller to work with all day . The teller is in charge of the kid , and oh , do the"
        " parents love a day free of their sweet children !",
        0,
        None,
    ),
]

STORY_SENTENCES = [s for s, _ in FLIPS] + [
    "she looked in her closet for something good .",
    "the teacher agreed .",
    "[MALE] was late again .",
    "It started to rain.",
    "My sister has always wanted to be a princess.",
    "he did so .",
    "HE WAS TIRED.",
]


@pytest.fixture(scope="module")
def negation():
    return get_transform("negation", rate=1.0, targeted=False)


@pytest.mark.parametrize("text,expected", FLIPS)
def test_flip_each_verb_type(negation, annotator, text, expected):
    out = negation(text, seed=0, annotator=annotator)
    assert (out.text if out else None) == expected
    if out is not None:
        assert abs(negation_count(out.text) - negation_count(text)) == 1
        assert_edits_consistent(text, out)


@pytest.mark.parametrize("name,params,text,seed,expected", GOLDEN)
def test_golden(annotator, name, params, text, seed, expected):
    out = get_transform(name, **params)(text, seed=seed, annotator=annotator)
    assert out is not None and out.text == expected
    assert all(e.transform == name for e in out.edits)


# round 44: negation_alteration trusts only a thing the negated verb brings in as its object. A person
# a preposition brings in is met anyway ("did not make a sale to a young man ... the young man told his
# friends"), and a posture verb negated reads as another posture ("was n't sitting in a room": lying
# there). negation keeps the first; since round 101 it declines the second too.
OBJECTS_ONLY = [
    (
        "negation_alteration",
        "he was very honest in his dealings . rob made a sale to a young man . the young man told all his friends"
        " about rob 's service .",
        0,
        None,
    ),
    (
        "negation_alteration",
        "Jeremy opened his eyes. He was sitting in a room with blue wallpaper. A small bed sat on one side of the"
        " room.",
        0,
        None,
    ),
    (
        "negation",
        "Jeremy opened his eyes. He was sitting in a room with blue wallpaper. A small bed sat on one side of the"
        " room.",
        0,
        None,
    ),
]

# round 101 (WP): the later "the woman", "the room", "the can" still have a referent when a verb only
# acts on someone or something there anyway ("does n't grab a passing woman by the arm", "did not open a
# can") or is a verb of being somewhere ("was n't sitting in a room", "did n't wake up in a small
# room"); a lone coordinated verb after ", and" declines. Going into a place still brings it in, and
# a coordination without the comma still takes the base form.
ROUND_101 = [
    (
        "negation",
        "He jumps down from the mailbox with a handful of papers . He grabs a passing woman by the arm . `` You ,"
        " ma'am , take one of these . '' The woman screams and starts running .",
        0,
        None,
    ),
    (
        "negation",
        "she opened a can of corn . she sliced her hand open on the lid . miranda cried and threw the can in the"
        " garbage .",
        0,
        None,
    ),
    (
        "negation",
        "I fell asleep at last. I woke up the next morning in a small room. The walls were padded rubber. There was"
        " nothing else in the room.",
        0,
        None,
    ),
    (
        "negation",
        "She waited as the man took the child by the hand. He led the child to a small building, and opened the"
        " door. Inside that building, terrible things would happen.",
        0,
        None,
    ),
    (
        "negation",
        # (a building, not "a small building": a scalar word may take the negation, round 106)
        "She waited as the man took the child by the hand. He led the child to a building and opened the"
        " door. Inside that building, terrible things would happen.",
        0,
        "She waited as the man took the child by the hand. He did not lead the child to a building and open"
        " the door. Inside that building, terrible things would happen.",
    ),
    (
        "negation",
        "They went into a magical cave. Their voices echoed off the walls. They walked out of the cave at dawn.",
        0,
        "They did not go into a magical cave. Their voices echoed off the walls. They walked out of the cave at dawn.",
    ),
]


# round 50: an object with a scalar adjective or a degree adverb reads as negating the modifier ("did not
# have a huge collection": a modest one; "any pretty emotionally intense scenes" is garbled), unless the
# later mention restates it; a person the verb only acts on is there anyway ("does n't grab a passing
# woman by the arm ... the woman screams"), while one the verb brings in is not ("did not meet a boy").
SCOPED = [
    (
        "negation_alteration",
        "faith loved teddy bears . she had a huge collection of them . she decided to move them all into one room ."
        " she lined all the shelves with them . faith invited her friends over to see the collection !",
        0,
        None,
    ),
    (
        "negation_alteration",
        "faith loved teddy bears . she had a huge collection of them . she decided to move them all into one room ."
        " faith showed the huge collection to her friends .",
        0,
        "faith loved teddy bears . she did not have a huge collection of them . she decided to move them all into"
        " one room . faith showed the huge collection to her friends .",
    ),
    (
        "negation_alteration",
        "tom went to the movies with his buddies . the movie had some pretty emotionally intense scenes . tom found"
        " himself getting a little teary during those scenes .",
        0,
        None,
    ),
    ("negation_alteration", "the movie had some very sad scenes . tom cried during the scenes .", 0, None),
    (
        "negation_alteration",
        "He jumps down from the mailbox with a handful of papers . He grabs a passing woman by the arm . `` You ,"
        " ma'am , take one of these . '' The woman screams and starts running .",
        0,
        None,
    ),
    (
        "negation_alteration",
        "she was nervous but excited . she met a boy . they hit it off and became friends ."
        " this boy was her new crush .",
        0,
        "she was nervous but excited . she did not meet a boy . they hit it off and became"
        " friends . this boy was her new crush .",
    ),
    (
        # round 107: "on the bus the first day" may take the negation (met him elsewhere, later)
        "negation_alteration",
        "she was nervous but excited . she met a boy on the bus the first day . they hit it off and became friends ."
        " this boy was her new crush .",
        0,
        None,
    ),
    (
        "negation_alteration",
        "she opened a can of corn . she sliced her hand open on the lid . miranda cried and threw the can in the"
        " garbage .",
        0,
        None,
    ),
    (
        "negation_alteration",
        "belle hated storms . the news issued a storm warning for this evening . belle knew she had to comfort belle"
        " during the storm .",
        0,
        None,
    ),
    (
        "negation",
        "the movie had some very sad scenes . tom cried during the scenes .",
        0,
        None,  # round 106: the negation may take the degree ("not any very sad ones"), as for negation_alteration
    ),
]


# Round 104: an event with a source, means or place of its own reads as "not from there" when
# negated, and the later "the dress" / "the company" still fits.
ROUND_104 = [
    (
        name,
        "our roof started to leak . we found a roofing company through an app . the company came the next day .",
        0,
        None,
    )
    for name in ("negation", "negation_alteration")
] + [
    (
        "negation",
        "kim was getting married . she ordered a dress from the bridal shop . she worried it would be late . the"
        " dress came the day before the wedding .",
        0,
        None,
    ),
]


# Round 106: a place beside the thing ("there was n't a donation center near her job": another
# one), a scalar object ("did not have a huge collection": a modest one), a call ("did not call
# a surgeon ... visited the surgeon": a step skipped)
ROUND_106 = [
    # round 107: a purpose clause may take the negation ("bought it for show")
    (
        "negation",
        "tom started a new job . he bought a briefcase to store his papers . he carried the briefcase to work .",
        0,
        None,
    ),
    (
        "negation",
        "laura had clothes to give away . there was a donation center near her job . she stopped at the"
        " donation center on her way to work .",
        0,
        None,
    ),
    (
        "negation",
        "tina loved dolls . she had a huge collection of dolls . she put the collection in one room .",
        0,
        None,
    ),
    (
        "negation",
        "his nose was broken in a fight . he called a plastic surgeon . he visited the surgeon and had surgery .",
        0,
        None,
    ),
]


@pytest.mark.parametrize(
    "name,text,seed,expected", TARGETED + REASONABLE + OBJECTS_ONLY + SCOPED + ROUND_101 + ROUND_104 + ROUND_106
)
def test_targeted(annotator, name, text, seed, expected):
    out = get_transform(name)(text, seed=seed, annotator=annotator)
    assert (out.text if out else None) == expected


def test_targeted_note_names_the_contradicted_sentence(annotator):
    out = get_transform("negation")("Tom bought a bike. He rode the bike to school.", seed=0, annotator=annotator)
    assert out.edits[0].note == "sentence 1: negation inserted (do-support); contradicts sentence 2 ('bike')"


@pytest.mark.parametrize(
    "text,contract,tokenised",
    [
        ("He didn't go. He was sad.", True, False),
        ("he did n't go . he was sad .", True, True),
        ("He did not go. He was sad.", False, False),
        ("he went home . he was sad .", False, True),
    ],
)
def test_style_follows_the_story(annotator, text, contract, tokenised):
    assert Style.of(annotator.parse(text)) == Style(contract, tokenised)


@pytest.mark.parametrize(
    "aux,style,expected",
    [
        ("will", Style(True, False), "won't"),
        ("will", Style(True, True), "wo n't"),
        ("can", Style(True, True), "ca n't"),
        ("can", Style(False, False), "cannot"),
        ("can", Style(False, True), "can not"),
        ("did", Style(True, True), "did n't"),
        ("Was", Style(True, False), "Wasn't"),
        ("might", Style(True, False), "might not"),
        ("does", Style(False, False), "does not"),
    ],
)
def test_negative_forms(aux, style, expected):
    assert style.negative(aux) == expected


def test_contractions_follow_the_story(annotator):
    t = get_transform("negation", rate=1.0, mode="insert", targeted=False)
    out = t("He didn't eat. She walked home.", seed=0, annotator=annotator)
    assert out.text == "He didn't eat. She didn't walk home."


def test_only_the_main_clause_is_negated(annotator):
    out = get_transform("negation", rate=1.0, targeted=False)("She said that he left.", seed=0, annotator=annotator)
    assert out.text == "She did not say that he left."


@pytest.mark.parametrize(
    "text,count",
    [
        ("He didn't go.", 1),
        ("he did n't go .", 1),
        ("I cannot swim.", 1),
        ("Nothing happened, not once.", 2),
        ("He never said no.", 2),
        ("Notably, the knot held.", 0),
        ("", 0),
    ],
)
def test_negation_count(text, count):
    assert negation_count(text) == count


def test_modes_and_applicability(annotator):
    positive = "He walked home. He was sad."
    untargeted = {"targeted": False}
    assert get_transform("negation", mode="delete", **untargeted)(positive, annotator=annotator) is None
    assert get_transform("negation", mode="insert", **untargeted)(positive, annotator=annotator) is not None
    negative = "He didn't walk home. He wasn't sad."
    assert get_transform("negation", mode="insert", **untargeted)(negative, annotator=annotator) is None
    doc = annotator.parse(negative)
    assert {op.kind for op in negation_ops(doc, "both")} == {"delete"}


def test_rate_sets_how_many_sentences(annotator):
    text = " ".join(f"He walked to shop number {i}." for i in range(10))
    out = get_transform("negation", rate=0.3, targeted=False)(text, seed=0, annotator=annotator)
    assert len({e.note.split(":")[0] for e in out.edits}) == 3
    one = get_transform("negation", rate=0.01, targeted=False)(text, seed=0, annotator=annotator)
    assert len({e.note.split(":")[0] for e in one.edits}) == 1


@pytest.mark.parametrize("params", [{"mode": "sometimes"}, {"rate": 0}, {"rate": 1.5}])
def test_bad_parameters(params):
    with pytest.raises(UserError):
        get_transform("negation", **params)


def test_sentence_level_functions(annotator):
    doc = annotator.parse("He went home.")
    sent = sentences(doc)[0]
    style = Style.of(doc)
    assert insertion(sent, style) and deletion(sent, style) is None


def test_ops_cache_is_plain_data_and_matches_the_sentence_functions(annotator):
    """``negation_ops`` is cached per Doc and mode (``op_table``) as plain tuples (so the
    Doc still pickles), and the cached flips are those the sentence-level functions give."""
    doc = annotator.parse("He didn't walk home. He was sad. Then he always smiled at her.")
    ops = negation_ops(doc, "both")
    assert [op.kind for op in ops] == ["delete", "insert", "insert"]

    def plain(x) -> bool:
        return type(x) in (int, str) or (type(x) is tuple and all(plain(y) for y in x))

    assert plain(op_table.peek(doc, "both"))
    assert negation_ops(doc, "both") == ops
    style, sents = Style.of(doc), sentences(doc)
    for op in ops:
        flip = deletion if op.kind == "delete" else insertion
        assert list(op.changes) == flip(sents[op.sentence], style)


def _sentence_counts(annotator, before: str, out: Example) -> list[tuple[int, int]]:
    """(count before, count after) of negation cues for each sentence of ``before``, mapping the
    sentence spans through the edits."""
    doc = annotator.parse(before)
    edits = sorted(out.edits, key=lambda e: e.before_span)
    result = []
    for s in sentences(doc):
        a, b = s.start_char, s.end_char
        shift_a = sum(len(e.after) - len(e.before) for e in edits if e.before_span[1] <= a)
        shift_b = sum(len(e.after) - len(e.before) for e in edits if e.before_span[0] < b)
        result.append((negation_count(before[a:b]), negation_count(out.text[a + shift_a : b + shift_b])))
    return result


stories = st.lists(st.sampled_from(STORY_SENTENCES), min_size=1, max_size=6).map(" ".join)


@given(
    st.one_of(texts(), stories),
    st.sampled_from(["negation", "negation_alteration"]),
    st.sampled_from(["insert", "delete", "both"]),
    st.integers(0, 3),
)
def test_properties(annotator, text, name, mode, seed):
    t = get_transform(name, mode=mode)
    out = check_properties(t, text, annotator, seed=seed)
    if out is None:
        return
    counts = _sentence_counts(annotator, text, out)
    changed = [(b, a) for b, a in counts if b != a]
    assert changed, "a negation must flip"
    assert all(abs(b - a) == 1 for b, a in changed)
    if mode == "insert":
        assert all(a == b + 1 for b, a in changed)
    if mode == "delete":
        assert all(a == b - 1 for b, a in changed)


def _watched_list(dep: str):
    """ "I watched Sondra, watched the panic." parsed by hand, the second verb hanging on the first by ``dep``."""
    import spacy
    from spacy.tokens import Doc

    words = ["I", "watched", "Sondra", ",", "watched", "the", "panic", "."]
    return Doc(
        spacy.blank("en").vocab,
        words=words,
        spaces=[True, True, False, True, True, True, False, False],
        heads=[1, 1, 1, 1, 1, 6, 4, 1],
        deps=["nsubj", "ROOT", "dobj", "punct", dep, "det", "dobj", "punct"],
        tags=["PRP", "VBD", "NNP", ",", "VBD", "DT", "NN", "."],
        pos=["PRON", "VERB", "PROPN", "PUNCT", "VERB", "DET", "NOUN", "PUNCT"],
        lemmas=["I", "watch", "Sondra", ",", "watch", "the", "panic", "."],
        sent_starts=[True] + [False] * 7,
    )


def test_a_misparsed_list_of_verbs_is_not_half_negated():
    """A subjectless finite verb the parser hangs on the main verb as a clause (a list of verbs it
    split) would stay finite after "did not": the sentence is declined (round 39, union_negative)."""
    style = Style(contract=False, tokenised=False)
    assert insertion(next(_watched_list("ccomp").sents), style) is None
    changes = insertion(next(_watched_list("xcomp").sents), style)
    assert changes and changes[0].new == "did not watch"
