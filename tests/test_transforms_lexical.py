"""antonym, synonym, adjective_antonym/adjective_synonym and keyword_substitution: golden outputs,
inflection and a/an agreement, what is skipped, and properties (every replacement really is an
antonym / synonym pair of the resource used, in the original's form)."""

from __future__ import annotations

import pytest
from _edit_checks import check_properties, texts
from hypothesis import given
from hypothesis import strategies as st
from lemminflect import getAllLemmas

from perturbkit import get_transform
from perturbkit.annotation import hyphen_glued
from perturbkit.errors import UserError
from perturbkit.example import Example
from perturbkit.resources import wordnet as wordnet_resource
from perturbkit.resources.lexicons import table
from perturbkit.transform.words import indefinite_article
from perturbkit.transforms._substitution.adjective_words import ATTRIBUTIVE_ONLY, PREDICATIVE_ONLY
from perturbkit.transforms._substitution.adjectives import adjective_synonym_ok
from perturbkit.transforms._substitution.antonyms import (
    antonyms_of,
    blocked_antonyms,
    is_antonym_pair,
    lexicon_antonyms,
)
from perturbkit.transforms._substitution.contrasts import antonym_fits
from perturbkit.transforms._substitution.synonyms import lexicon_synonyms, synonyms_of, wordnet_confirms

pytestmark = pytest.mark.skipif(not wordnet_resource.available(), reason="WordNet is not installed")

GOLDEN = [
    (
        "antonym",
        {"targeted": False},
        "Tom was happy because he won the race.",
        0,
        "Tom was happy because he lost the race.",
    ),
    (
        "antonym",
        {"targeted": False},
        "Tom was happy because he won the race.",
        1,
        "Tom was sad because he won the race.",
    ),
    (
        "antonym",
        {"max_words": 2, "targeted": False},
        "she bought a new car and she loved it .",
        0,
        "she sold an old car and she loved it .",
    ),
    ("antonym", {"targeted": False}, "It was an important meeting.", 0, "It was an unimportant meeting."),
    (
        "synonym",
        {},
        "She started to cry when she saw the big dog.",
        0,
        "She started to cry when she saw the large dog.",
    ),
    ("synonym", {}, "he bought a ticket to the movie .", 0, "he purchased a ticket to the movie ."),
    (
        "synonym",
        {"max_words": 2},
        "The kids watched a movie on the phone.",
        0,
        "The kids watched a film on the phone.",  # kid -> child left out (register: round 31)
    ),
    (
        "adjective_antonym",
        {"targeted": False},
        "The old man lived in a big house near the quiet lake.",
        0,
        "The old man lived in a big house near the loud lake.",
    ),
    (
        "adjective_synonym",
        {},
        "The big dog was very happy to see the little boy.",
        0,
        "The large dog was very happy to see the little boy.",
    ),
    # attributive only ("the town was little" is not said), a physical thing
    ("adjective_synonym", {}, "She lived in a small town near the sea.", 0, "She lived in a little town near the sea."),
    # predicative, with the preposition both words take ("mad" = angry only after a linking verb)
    ("adjective_synonym", {}, "My parents were mad at me.", 0, "My parents were angry at me."),
    # comparative inflected like the original
    ("adjective_synonym", {}, "He wanted a bigger house.", 0, "He wanted a larger house."),
    # the article follows the new word
    ("adjective_synonym", {}, "She saw an awful movie.", 0, "She saw a terrible movie."),
    (  # UNION's published sampler: any keyword, even one nothing else depends on
        "keyword_substitution",
        {"targeted": False},
        "Anna baked a chocolate cake for her brother's birthday party. She was happy.",
        0,
        "Anna baked a chocolate cake for her brother's birthday party. She was unhappy.",
    ),
]

# (text, word that must not be replaced by antonym or synonym)
SKIPPED = [
    ("He fell asleep early.", "asleep"),  # fixed expression
    ("I had a little money.", "little"),
    ("Happy New Year, said Tom.", "Happy"),  # capitalised name-like phrase / entity
    ("[MALE] was happy.", "MALE"),
    ("joy used her scarf.", "joy"),  # a bare singular subject: a lower-cased name
    ("We bought high school books.", "high"),
    ("He tried his long-time friend.", "long"),  # part of a hyphenated word
    ("she despised the often-hot food .", "hot"),  # ... also when a space follows it
    ("She started to fall asleep.", "started"),  # "stopped to fall asleep" changes the construction
]

# Adjectives whose listed synonym would be wrong where they stand: never replaced.
ADJ_REJECTED = [
    "The town was small.",  # small -> little only before a noun
    "It was a sure thing.",  # sure -> certain only after a verb ("a certain thing" means another thing)
    "She had a smaller room.",  # not "littler"
    "It was much more difficult than he thought.",  # not "more hard"
    "Two of her workers called in sick.",  # "called in ill": not after a linking verb
    "He went mad.",  # "went angry": mad = insane here
    "The mad scientist laughed.",  # mad -> angry only after a verb
    "Then she got car sick.",  # part of "carsick"
    "He was okay at third base.",  # "fine at third base" means good at it
    "She was sick of waiting.",  # "ill of waiting"
    "He was a big fan of jazz.",  # "a large fan"
    "It was a big success.",  # big -> large only for things, groups and amounts
    "The bread was hard.",  # hard -> difficult only for tasks and events
]

STORY_SENTENCES = [
    "Tom was happy because he won the race.",
    "she bought a new car and she loved it .",
    "The kids watched a movie on the phone.",
    "He opened the door quickly.",
    "The soup was hot.",
    "She agreed to help him.",
    "he was very tired after the long day .",
    "[FEMALE] found a big dog.",
    "They built a small house.",
    "It was an important meeting.",
    "The teacher asked a difficult question.",
    "He started the car.",
    "THE DOG WAS BIG.",
    "we had a great time at the party !",
]


def _edit_lemmas(note: str) -> tuple[str, str, str, str]:
    """(kind, source, UPOS, old lemma, new lemma) from a note like "antonym[wordnet] ADJ a->b"."""
    head, pos, pair = note.split(" ")
    kind, source = head.rstrip("]").split("[")
    old, new = pair.split("->")
    return kind, source, pos, old, new


def _is_form_of(word: str, lemma: str, pos: str) -> bool:
    return lemma in {l for ls in getAllLemmas(word.lower(), upos=pos).values() for l in ls} or word.lower() == lemma


@pytest.mark.parametrize("name,params,text,seed,expected", GOLDEN)
def test_golden(annotator, name, params, text, seed, expected):
    t = get_transform(name, **params)
    if name == "keyword_substitution":
        t.fit([text], annotator)
    out = t(text, seed=seed, annotator=annotator)
    assert out is not None and out.text == expected
    assert out.parent_id == Example(text).id


# Targeted antonyms (the default): a word another sentence depends on, or None.
TARGETED = [
    (
        "antonym",
        "Tom won a lot of money. He bet all his winnings on black.",
        3,
        "Tom lost a lot of money. He bet all his winnings on black.",
    ),
    ("adjective_antonym", "The old man lived in a big house near the quiet lake.", 0, None),  # nothing repeats
    ("antonym", "The protesters began to riot. The police stopped the riot.", 0, None),  # "ended to riot"
    ("antonym", "She forgot her kid at home. Her kid cried at home.", 0, None),  # "remembered her kid at home"
    ("adjective_antonym", "She ordered a small soda. The small children laughed.", 0, None),  # another noun
    # story-safe pairs in plain statements only, with a nearby witness (strict readings, rounds 11-25)
    (
        "antonym",
        "she bought a scooter . she shared the scooter with her brother .",
        0,
        "she sold a scooter . she shared the scooter with her brother .",
    ),
    ("antonym", "lisa found a watch on the ground . lisa took the watch to the police .", 0, None),  # come across
    (
        "antonym",
        "she locked the rabbit in the cage . the rabbit stayed in the cage all night .",
        0,
        None,
    ),  # unlocked in
    ("antonym", "she added her clothes and some soap to the washer . the soap smelled nice .", 0, None),  # removed to
    ("antonym", "do they like the dog ? they walk the dog every day .", 0, None),  # a question asserts nothing
    ("adjective_antonym", "i had never had real maple syrup . real maple syrup is sweet .", 0, None),  # unreal
    ("adjective_antonym", "he hunted wild game . the wild game was tasty .", 0, None),  # tame game
    ("adjective_antonym", "it was the fourth largest city . the largest cities were crowded .", 0, None),  # graded
    ("adjective_antonym", "they moved into a new house . the new house was big .", 0, None),  # old = former
    # new -> old: a used one meets the need ("wanted a new bike ... bought him an old bike")
    ("adjective_antonym", "he wanted a new bike for his birthday . his parents bought him a new bike .", 0, None),
    ("antonym", "he wanted a new bike for his birthday . his parents bought him a new bike .", 0, None),
    ("keyword_substitution", "he wanted a new bike for his birthday . his parents bought him a new bike .", 0, None),
    (  # the witness is six sentences away: a reader does not hold one against the other
        "adjective_antonym",
        "The room was clean. He walked home. He sat down. He read a book. He went to bed. He slept well. "
        "The room was clean.",
        0,
        None,
    ),
    (  # a complement only the original takes: "so healthy from the heat"
        "adjective_antonym",
        "it was hot outside . she was so sick from the heat when she got there . she felt too sick to eat .",
        0,
        None,
    ),
    (  # a word of the same family next to it: "the winner would lose"
        "antonym",
        "the teams played a huge match . the winner would win the world cup . the game lasted hours . "
        "finally the red team won .",
        0,
        None,
    ),
    (  # a degree word of one word only: "intensely calm"
        "adjective_antonym",
        "she was a bully . she became intensely angry with me . i did not want her to be angry .",
        0,
        None,
    ),
    (  # graded on either side: "so many awful animals ... the most amazing animal" contradicts nothing
        "adjective_antonym",
        "we ran into so many amazing animals . by far the most amazing animal was the chameleon .",
        0,
        None,
    ),
    (  # quoted speech is no fact of the story
        "adjective_antonym",
        "he said , `` we 're dead . '' the comms were down . we were all dead anyway .",
        0,
        None,
    ),
    (  # only thought of: "thought about selling coffee there" contradicts nothing
        "antonym",
        "omar saw a coffee shop . he thought about buying coffee there . he decided the coffee was too expensive .",
        0,
        None,
    ),
    (  # a negation however tokenised, on either side: "has n't been so bad ... the food was good"
        "keyword_substitution",
        "he was in jail . jail time hasn ’ t been so bad . the food was bad though .",
        0,
        None,
    ),
    (
        "keyword_substitution",
        "she ordered a drink . i can remember her smile . i remember how she smiled at me .",
        0,
        None,
    ),
    (  # a reversal announced in the sentence: "allie was losing at first . then stacy won" is coherent
        "antonym",
        "they played basketball . allie was winning at first . then her friend stacy won . allie demanded a rematch .",
        0,
        None,
    ),
    ("antonym", "he had a test . there was so much to remember . he could not remember the dates .", 0, None),
    ("antonym", "i remember reading this story last year . i remember the ending well .", 0, None),  # forget reading
    ("adjective_antonym", "dead water powered the ships . the dead water was rare .", 0, None),  # of a thing
    ("adjective_antonym", "i should be happy of my lineage . i was happy with my power .", 0, None),  # sad of
    ("keyword_substitution", "keeping sad was easy . i was sad all the time .", 0, None),  # no linking verb
    (  # the witness in the next sentence but one is fine; a same-family word nearby is looked for in the sentence
        "adjective_antonym",
        "she was a girl . she was happy . she was happy all day .",
        0,
        "she was a girl . she was happy . she was sad all day .",
    ),
    ("keyword_substitution", "i was n't sure what to do . i was sure of one thing .", 0, None),  # was n't unsure
    (  # a supposed event contradicts nothing
        "keyword_substitution",
        "she said we would share a suite if we bought our flights . we booked the flights early .",
        0,
        None,
    ),
    ("keyword_substitution", "he bought books to learn how to cook . he read the books every night .", 0, None),
    ("keyword_substitution", "he stopped at a gas station . the gas station was closed .", 0, None),  # started at
    ("keyword_substitution", "the kids cried and laughed . the kids laughed all night .", 0, None),  # cried and cried
    # rounds 32 and 300: "sell" does not take a buyer's "for" (a beneficiary, a purpose) or "with" (the means)
    (
        "antonym",
        "it was right around christmas time . he decided to buy a tree for his new home . tom asked his friends to"
        " get him decorations for it instead of gifts . tom had a beautiful tree built by love .",
        0,
        None,
    ),
    (
        "keyword_substitution",
        "they saved their allowance . they bought a shiny new scooter with it . they had to share the scooter"
        " between the two of them . they loved their new toy !",
        0,
        None,
    ),
    (
        "antonym",
        "he bought a car for $ 500 . he drove the car home . the car was fast .",
        0,
        "he sold a car for $ 500 . he drove the car home . the car was fast .",
    ),
    # a noun's family is another thing ("friends" ... "a friendly puppy"); a set phrase ("a good time")
    # witnesses nothing; an object witness is a noun, not a verb of the same stem ("mix" ... "mixed")
    (
        "keyword_substitution",
        "tom moved to a new town . in the following weeks , tom began feeling lonely . tom 's friends suggesting"
        " getting a pet . tom went to a kennel and got a really friendly puppy .",
        0,
        None,
    ),
    (
        "keyword_substitution",
        "i wanted to watch tv . however , there were no interesting channels on . instead of waiting for a good"
        " channel to come , i took off the tv . a few friends came and we had a good time .",
        0,
        None,
    ),
    ("keyword_substitution", "sue wanted a cake . she bought mix at the store . she mixed the ingredients .", 0, None),
    # an infinitive of an amount ("so much to remember") names no event
    (
        "keyword_substitution",
        "tom had a test . there was so much to remember ! he had n't done these subjects in years ! he hoped he"
        " could remember it all .",
        0,
        None,
    ),
    # a past event whose opposite ends the arc later ("finally won") is the story's start; an attitude's
    # object witness is its own object, not a gerund's ("likes handing out candy" ... "candy left over")
    (
        "antonym",
        "olga was an excellent speller . she won every spelling bee she entered . she studied really hard . she"
        " struggled a few times . she finally won the national spelling bee and was very proud .",
        0,
        None,
    ),
    (
        "antonym",
        "it was halloween . she loves getting dressed up for it . she also really likes handing out candy . this"
        " year she remembered to keep her dogs downstairs . the evening went smoothly and she even had candy left"
        " over !",
        0,
        None,
    ),
    # round 43: a witness that fits either attitude ("regrets buying the land" fits "hated the land"), a loose
    # gerund ("started to gestate creating" -> "gestate destroying"), a fading ("began to forget" -> "began to
    # remember" is no opposite)
    (
        "keyword_substitution",
        "the owner loved the land . he built a house on it . the owner regrets buying the land .",
        0,
        None,
    ),
    # round 60: "hated" contradicts only a stated fondness for the same thing; building on the land and
    # selling it fit either attitude (tests/test_validity_round60.py keeps the stated-fondness control)
    (
        "keyword_substitution",
        "the owner loved the land . he built a house on it . the owner sold the land .",
        0,
        None,
    ),
    (
        "keyword_substitution",
        "the antibodies started to gestate creating more antibodies . the antibodies took over .",
        0,
        None,
    ),
    (
        "keyword_substitution",
        "i wrote a letter . days passed and i began to forget the letter . the letter was lost .",
        0,
        None,
    ),
    # "clean" as an adverb of another adjective ("clean naked") has no opposite
    ("adjective_antonym", "He chopped wood into clean halves . He was also clean naked . The crowd gasped .", 0, None),
]

#: A corpus the keyword transform is fitted on in the targeted goldens (its corpus nouns are off by
#: default: "the cat ... the cat purred" -> "the dog purred" is a changed detail, not a contradiction).
_KEYWORD_CORPUS = ["The cat chased a mouse.", "The dog chased a ball.", "The cat ate a fish.", "The dog ate a bone."]

# (transform, story, what no variant may contain): wrong senses, fixed phrases, compounds.
NEVER = [
    # register (rounds 21 and 30): a child's "doctor", "got in his car", an adult "student"
    ("synonym", "Dan got in his car. The doctor was waiting for him.", "automobile"),
    ("synonym", "Dan got in his car. The doctor was waiting for him.", "physician"),
    ("synonym", "The student quickly checked her mother's notes and helped her.", "pupil"),
    ("synonym", "The student quickly checked her mother's notes and helped her.", "rapidly"),
    ("synonym", "The student quickly checked her mother's notes and helped her.", "assisted"),
    # round 31: "trying for an infant", teenagers as "children", "my favorite creature", "felt lovely"
    ("synonym", "They were trying for a baby. The kids hung out at the mall.", "infant"),
    ("synonym", "They were trying for a baby. The kids hung out at the mall.", "children"),
    ("synonym", "The cat is my favorite animal. She felt beautiful in her dress.", "creature"),
    ("synonym", "The cat is my favorite animal. She felt beautiful in her dress.", "lovely"),
    ("synonym", "They planned a vacation. The carpet was red.", "holiday"),
    ("synonym", "They planned a vacation. The carpet was red.", "rug"),
    ("adjective_antonym", "He bought a brand new pc. The pc was new.", "brand old"),
    ("adjective_antonym", "She made some healthy muffins. They were healthy and tasty.", "sick"),
    ("adjective_antonym", "He ate a hot dog. The hot dog was good.", "cold dog"),
    ("adjective_antonym", "He went to fat camp. Fat camp was hard.", "thin camp"),
    ("antonym", "The protesters began to riot. The police stopped the riot.", "ended to"),
    ("antonym", "She forgot her kid at home. Her kid cried at home.", "remembered her kid"),
    ("antonym", "He found a lost demo tape. He played the demo tape.", "lost a lost"),  # repeats a neighbour
    ("adjective_antonym", "We got a new puppy. The new puppy was cute.", "old puppy"),  # "new" = newly arrived
    ("antonym", "She filled the tortilla with beans. She ate the filled tortilla.", "emptied the tortilla with"),
    ("adjective_antonym", "They had good hopes. Their good hopes grew.", "bad hopes"),
]

# round 41 and a fixer's round 550: a mood said in the present (a refrain: "I am happy . Say it
# again . I am happy"), a desire ("wanted to win more" -> "to lose more") and a set phrase ("good try")
# contradict nothing a reader holds fixed.
DECLINED = [
    ("adjective_antonym", "I sit at the table with my family . I am happy . Say it again . I am happy ."),
    ("adjective_antonym", "My sons laugh at the table . I am happy . The food is warm . I am happy today ."),
    ("keyword_substitution", "he lost the first race . he wanted to win more . he trained . he won the next one ."),
    ("keyword_substitution", "can you sing for me now ? no ? oh , good try . really good try . just not good enough ."),
    ("adjective_antonym", "can you sing for me now ? no ? oh , good try . really good try . just not good enough ."),
    # round 52: a relation the story turns ("joined my sworn enemy ... my enemies evil" -> "friends evil": his
    # allies now) and an emotion whose cues fit its opposite too ("wipe the teardrops" follows laughing as well)
    (
        "keyword_substitution",
        "I had joined my sworn enemy , and I alone had begun the Armageddon . I tried to do what was right , but"
        " succumbed to my enemies evil , to those I swore to bend . I betrayed my only friend .",
    ),
    (
        "keyword_substitution",
        "And every day , he 'd stop and cry . And wipe the teardrops from his eye . But the dam would always"
        " break . And he would cry until he ached .",
    ),
]


@pytest.mark.parametrize("name,text", DECLINED)
def test_declined(annotator, name, text):
    t = get_transform(name)
    if name == "keyword_substitution":
        t.fit(_KEYWORD_CORPUS * 3, annotator)
    assert [t(text, seed=seed, annotator=annotator) for seed in range(4)] == [None] * 4


@pytest.mark.parametrize("name,text,seed,expected", TARGETED)
def test_targeted(annotator, name, text, seed, expected):
    t = get_transform(name)
    if name == "keyword_substitution":
        t.fit(_KEYWORD_CORPUS * 3, annotator)
    out = t(text, seed=seed, annotator=annotator)
    assert (out.text if out else None) == expected


@pytest.mark.parametrize("name,text,bad", NEVER)
def test_never(annotator, name, text, bad):
    for seed in range(4):
        out = get_transform(name)(text, seed=seed, annotator=annotator)
        assert out is None or bad not in out.text.lower()


@pytest.mark.parametrize(
    "text,word,new,ok",
    [
        ("He bought a brand new pc.", "new", "old", False),  # "brand new" is a fixed phrase
        ("He bought a new pc.", "new", "old", True),
        ("She made some healthy muffins.", "healthy", "sick", False),  # "sick" only of a person
        ("Jim was healthy.", "healthy", "sick", True),
        ("The protesters began to riot.", "began", "end", False),
        ("She forgot her kid at home.", "forgot", "remember", False),
        ("She forgot her keys.", "forgot", "remember", True),
    ],
)
def test_antonym_fits(annotator, text, word, new, ok):
    tok = next(t for t in annotator.parse(text) if t.text == word)
    assert antonym_fits(tok, tok.lemma_.lower(), new) is ok


def test_targeted_note_names_the_contradicted_sentence(annotator):
    out = get_transform("antonym")(
        "Tom won a lot of money. He bet all his winnings on black.", seed=0, annotator=annotator
    )
    assert out.edits[0].note == "antonym[lexicon] VERB win->lose; contradicts sentence 2 ('winnings')"


@pytest.mark.parametrize("name", ["antonym", "synonym"])
@pytest.mark.parametrize("text,word", SKIPPED)
def test_skipped_words(annotator, name, text, word):
    for seed in range(4):
        out = get_transform(name, max_words=3)(text, seed=seed, annotator=annotator)
        if out is not None:
            assert word not in [e.before for e in out.edits]


def test_hyphen_glued(annotator):
    doc = annotator.parse("A long-time friend - not a rival - ate the often-hot food .")
    glued = [doc[i].text for i in sorted(hyphen_glued(doc))]
    assert glued == ["long", "time", "often", "hot"]  # a spaced dash joins nothing


@pytest.mark.parametrize("name", ["synonym", "adjective_synonym"])
@pytest.mark.parametrize("text", ADJ_REJECTED)
def test_adjective_synonym_rejected(annotator, name, text):
    for seed in range(4):
        assert get_transform(name)(text, seed=seed, annotator=annotator) is None


@pytest.mark.parametrize(
    "text,i,syn,ok",
    [
        ("The scared dog ran away.", 1, "afraid", False),  # predicative-only word never before a noun
        ("He was scared.", 2, "afraid", True),
        ("The road was main.", 3, "main", False),  # attributive-only word never after a verb
        ("It was the big road.", 3, "main", True),
    ],
)
def test_adjective_positions(annotator, text, i, syn, ok):
    tok = annotator.parse(text)[i]
    assert tok.pos_ == "ADJ" and syn in (PREDICATIVE_ONLY | ATTRIBUTIVE_ONLY)
    assert adjective_synonym_ok(tok, tok.lemma_.lower(), syn, frozenset({"any"})) is ok


@pytest.mark.parametrize(
    "text,expected",
    [
        ("He agreed with her.", "He disagreed with her."),
        ("She was happier than ever.", "She was sadder than ever."),
        ("He opened the window.", "He closed the window."),
        ("They were buying bread.", "They were selling bread."),
        ("The winners cheered loudly.", "The losers cheered loudly."),
    ],
)
def test_inflection_follows_the_original(annotator, text, expected):
    outs = {get_transform("antonym", targeted=False)(text, seed=s, annotator=annotator).text for s in range(6)}
    assert expected in outs


@pytest.mark.parametrize(
    "word,art",
    [
        ("unhappy", "an"),
        ("sad", "a"),
        ("unimportant", "an"),
        ("unicorn", "a"),
        ("hour", "an"),
        ("useful", "a"),
        ("old", "an"),
    ],
)
def test_article(word, art):
    assert indefinite_article(word) == art


def test_article_agrees(annotator):
    out = get_transform("adjective_antonym", targeted=False)("She wore an ugly hat.", seed=0, annotator=annotator)
    assert out.text == "She wore a beautiful hat."
    out = get_transform("adjective_antonym", targeted=False)("It was a popular song.", seed=0, annotator=annotator)
    assert out.text == "It was an unpopular song."
    out = get_transform("adjective_antonym", targeted=False)("She ate an expensive meal.", seed=0, annotator=annotator)
    assert out.text == "She ate a cheap meal."


def test_lexicons_are_well_formed():
    for row in table("antonyms.tsv"):
        assert row["pos"] in ("ADJ", "VERB", "ADV", "NOUN") and row["dir"] in ("<>", ">")
        if row["dir"] == "<>":  # one-way pairs may be blocked the other way round ("old" -> "new")
            assert (row["word"], row["antonym"]) not in blocked_antonyms()
    for row in table("synonyms.tsv"):
        if row["pos"] == "ADJ":  # comma-separated constraints, at most one position
            parts = set(row["obj"].split(","))
            assert parts <= {"any", "concrete", "size", "abstract", "animate", "attr", "pred"}, row
            assert not {"attr", "pred"} <= parts and ("any" not in parts or parts == {"any"}), row
        else:
            assert row["obj"] in ("any", "with", "without"), row
    # every listed synonym pair is confirmed by WordNet (same most frequent sense; for adjectives
    # also a satellite and its head)
    for (word, pos), syns in lexicon_synonyms().items():
        for syn, _ in syns:
            assert wordnet_confirms(word, syn, pos), (word, syn)


def test_antonym_sources(annotator):
    assert antonyms_of("happy", "ADJ")[0] == ("sad", "lexicon")
    assert ("disagree", "lexicon") in antonyms_of("agree", "VERB")
    assert antonyms_of("know", "VERB") == []  # WordNet's know/ignore is blocked
    assert ("grateful" in dict(antonyms_of("ungrateful", "ADJ"))) or antonyms_of("ungrateful", "ADJ") == []
    assert all(p in ("ADJ", "VERB", "ADV", "NOUN") for _, p in lexicon_antonyms())


def test_keyword_substitution_uses_the_fitted_vocabulary(annotator):
    corpus = [
        "The cat chased a mouse.",
        "The dog chased a ball.",
        "The bird chased a fly.",
        "The cat ate a fish.",
        "The dog ate a bone.",
        "The bird ate a worm.",
    ] * 2
    t = get_transform("keyword_substitution", rate=1.0, targeted=False).fit(corpus, annotator)
    assert t.fitted
    out = t("The cat chased a mouse.", seed=0, annotator=annotator)
    vocab = {w for words, _ in t._vocab.values() for w, _ in words}
    for e in out.edits:
        if "article" in e.note:
            continue
        kind, source, pos, old, new = _edit_lemmas(e.note)
        assert source in ("lexicon", "wordnet", "corpus")
        if source == "corpus":
            assert e.after.lower() in vocab and new != old


def test_keyword_substitution_finds_its_targets_once_per_doc(annotator, monkeypatch):
    """applicable and apply both ask for the targets (each one's witnesses): they are found once per
    Doc and parameters (again for a fitted instance, whose noun targets differ), and the memo holds
    what a fresh search finds."""
    import random

    from perturbkit.annotation import Level
    from perturbkit.transforms.substitution.keywords import KeywordSubstitution

    text = "Tom won a lot of money. He bet all his winnings on black. The money was gone."
    find = KeywordSubstitution._find_targets
    calls: list[int] = []
    monkeypatch.setattr(KeywordSubstitution, "_find_targets", lambda self, doc: calls.append(1) or find(self, doc))
    doc = annotator.parse(text, Level.PARSE)
    t = get_transform("keyword_substitution")
    assert t.applicable(Example(text), doc)
    out = t.apply(Example(text), doc, random.Random(0))
    assert out is not None and t.targets(doc) == find(t, doc)
    assert len(calls) == 1
    corpus = ["The cat chased a mouse.", "The dog chased a ball.", "The cat ate a fish.", "The dog ate a bone."]
    fitted = get_transform("keyword_substitution").fit(corpus * 2, annotator)
    assert fitted.fitted
    fitted.targets(doc)
    assert len(calls) == 2


def test_keyword_substitution_without_fit_uses_antonyms_only(annotator):
    t = get_transform("keyword_substitution", targeted=False)
    assert not t.fitted
    assert t("The cat chased a mouse.", seed=0, annotator=annotator) is None
    out = t("The soup was hot and the bread was fresh.", seed=0, annotator=annotator)
    assert out is not None and all("[corpus]" not in e.note for e in out.edits)


@pytest.mark.parametrize(
    "name,params",
    [
        ("antonym", {"max_words": 0}),
        ("synonym", {"max_words": -1}),
        ("keyword_substitution", {"rate": 0}),
        ("antonym", {"colour": 1}),
    ],
)
def test_bad_parameters(name, params):
    with pytest.raises(UserError):
        get_transform(name, **params)


stories = st.lists(st.sampled_from(STORY_SENTENCES), min_size=1, max_size=5).map(" ".join)


@given(
    st.one_of(texts(), stories), st.sampled_from(["antonym", "adjective_antonym"]), st.integers(1, 3), st.integers(0, 3)
)
def test_antonym_properties(annotator, text, name, max_words, seed):
    out = check_properties(get_transform(name, max_words=max_words), text, annotator, seed=seed)
    if out is None:
        return
    words = [e for e in out.edits if not e.note.startswith("article")]
    assert 1 <= len(words) <= max_words
    for e in words:
        kind, source, pos, old, new = _edit_lemmas(e.note)
        assert kind == "antonym" and source in ("lexicon", "wordnet")
        assert is_antonym_pair(old, new, pos)
        assert _is_form_of(e.before, old, pos) and _is_form_of(e.after, new, pos)
        if name == "adjective_antonym":
            assert pos == "ADJ"
    for e in out.edits:
        if e.note.startswith("article"):
            assert e.after.lower() in ("a", "an") and e.before.lower() in ("a", "an")


@given(st.one_of(texts(), stories), st.sampled_from(["synonym", "adjective_synonym"]), st.integers(0, 3))
def test_synonym_properties(annotator, text, name, seed):
    out = check_properties(get_transform(name), text, annotator, seed=seed)
    if out is None:
        return
    for e in out.edits:
        if e.note.startswith("article"):
            continue
        kind, source, pos, old, new = _edit_lemmas(e.note)
        assert kind == "synonym" and wordnet_confirms(old, new, pos)
        assert new in dict(synonyms_of(old, pos))
        assert _is_form_of(e.before, old, pos) and _is_form_of(e.after, new, pos)


@given(st.one_of(texts(), stories), st.integers(0, 3))
def test_keyword_substitution_properties(annotator, text, seed):
    t = get_transform("keyword_substitution").fit(STORY_SENTENCES * 2, annotator)
    check_properties(t, text, annotator, seed=seed)


# --- what a strict reading found (issue 14) ----------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "She couldn't help but feel sad about the dog.",
        "He could n't help himself and laughed.",
        "Tom had a hard time at the pound.",
    ],
)
def test_synonym_keeps_idioms(annotator, text):
    """ "couldn't help but feel" is not "couldn't assist but feel"; "a hard time" not "a difficult time"."""
    assert get_transform("synonym")(text, seed=0, annotator=annotator) is None


def test_synonym_still_replaces_outside_idioms(annotator):
    out = get_transform("synonym")("The homework was hard.", seed=0, annotator=annotator)
    assert out is not None and out.text == "The homework was difficult."


def test_keyword_substitution_caps_swaps_and_skips_names_and_labels(annotator):
    corpus = [f"Anna baked a cake. {s}" for s in STORY_SENTENCES] * 2
    t = get_transform("keyword_substitution", rate=1.0, targeted=False).fit(corpus, annotator)
    long = " ".join(STORY_SENTENCES * 4)
    out = t(long, seed=0, annotator=annotator)
    assert out is not None and len([e for e in out.edits if "article" not in e.note]) == 4
    label = "Human: Write about a dog.\nAssistant: The happy dog ran to the park."
    out = get_transform("keyword_substitution", rate=1.0, max_words=10, targeted=False).fit(corpus, annotator)(
        label, seed=0, annotator=annotator
    )
    assert out is None or (out.text.startswith("Human: ") and "\nAssistant: " in out.text)
    isa = "the teacher was very kind to isa . isa felt much better ."
    out = t(isa, seed=0, annotator=annotator)
    assert out is None or all(e.before != "isa" for e in out.edits)


# --- what the round-16 strict reading found ----------------------------------------------------------
@pytest.mark.parametrize(
    "name,text",
    [
        ("synonym", "She dropped her phone on the floor."),  # a mobile phone is not a "telephone"
        ("synonym", "Her teacher gave her a gold star."),  # a schoolteacher is not an "instructor"
        ("synonym", "They looked outside."),  # a direction: not "looked outdoors"
        ("synonym", "He eventually won the race."),  # "finally" adds relief: another nuance
        ("synonym", "Every first born child was blessed."),  # "first born kid": register
        ("synonym", "they have been married 5 years and vacation each year ."),  # a verb tagged noun
        ("adjective_synonym", "He was so tired that he fell asleep."),  # sleepy, not "weary"
        ("adjective_synonym", "she finally got brave and learned to swim ."),  # "got courageous"
    ],
)
def test_synonym_declines_register_and_sense_changes(annotator, name, text):
    assert get_transform(name)(text, seed=0, annotator=annotator) is None


# --- keyword_substitution as a real inconsistency (round 15's strict reading) -----------------------
_BEDS = ["The dog slept on the bed.", "The dog slept."] * 4
_BEDS += ["The bed broke.", "The table broke."] * 3


@pytest.mark.parametrize(
    "text,expected",
    [
        # nothing else mentions "happy": "unhappy" is a fluent different story, not an inconsistency
        ("Anna baked a chocolate cake for her brother's birthday party. She was happy.", None),
        # an antonym first, where another sentence depends on the word
        (
            "The soup was hot. He waited for the hot soup to cool.",
            "The soup was hot. He waited for the cold soup to cool.",
        ),
        # corpus nouns are off by default: the reader sees "the dog went outside" as a changed detail
        ("The cat slept on the sofa all day. In the evening the cat went outside.", None),
        # no corpus verbs ("eat reports", "rose to the ground"): a verb without an antonym is kept
        ("He ate the soup quickly. Then he ate the bread.", None),
        # only characters, animals, foods: "took his garage out" is garble, not a contradiction
        ("The sofa was soft. In the evening the sofa broke.", None),
    ],
)
def test_keyword_substitution_targets_what_the_story_depends_on(annotator, text, expected):
    t = get_transform("keyword_substitution").fit(_BEDS, annotator)
    out = t(text, seed=0, annotator=annotator)
    assert (out.text if out else None) == expected
    if out is not None:
        assert all("contradicts" in e.note for e in out.edits if not e.note.startswith("article"))


def test_keyword_substitution_corpus_nouns_on_request(annotator):
    """With ``corpus_nouns=True``: a corpus noun only for a noun another sentence names again."""
    t = get_transform("keyword_substitution", corpus_nouns=True).fit(_BEDS, annotator)
    out = t("The cat slept on the sofa all day. In the evening the cat went outside.", seed=0, annotator=annotator)
    assert out is not None
    assert out.text == "The cat slept on the sofa all day. In the evening the dog went outside."


def test_keyword_substitution_declines_near_synonyms(annotator):
    """A corpus noun sharing a synset or a direct hypernym with the original is a detail change
    ("paper" -> "report", "car" -> "truck"), not a contradiction."""
    from perturbkit.transforms._substitution.keywords import near_synonym

    assert near_synonym("paper", "report") and near_synonym("car", "truck")
    assert not near_synonym("cat", "grandpa") and not near_synonym("dog", "book")
    t = get_transform("keyword_substitution").fit(["The truck stopped."] * 6, annotator)
    assert t("The car stopped at the light. Then the car turned left.", seed=0, annotator=annotator) is None


@pytest.mark.parametrize("name", ["antonym", "adjective_antonym", "keyword_substitution"])
@pytest.mark.parametrize(
    "text",
    [
        # the witness describes another thing: "I was happy to see them" ... "a happy life"
        "I had a happy life with my wife. I was happy to see my family at the end. They came every day.",
        # the story already says the opposite of the same thing: "the tea was cold" agrees, contradicts nothing
        "The tea was hot. He waited for the hot tea to cool. Then the tea was cold.",
    ],
)
def test_antonym_needs_a_witness_of_the_same_thing(annotator, name, text):
    for seed in range(3):
        assert get_transform(name)(text, seed=seed, annotator=annotator) is None


@pytest.mark.parametrize(
    "text,i,new,agrees",
    [
        ("I was dead. They buried me. I did not die.", 2, "alive", True),  # "did not die" agrees with "alive"
        ("I was dead. They buried me. I did not cry.", 2, "alive", False),
        ("The soup was hot. The soup was cold.", 3, "cold", True),
        ("He won the first game. He lost the second game.", 1, "lose", False),  # another game
    ],
)
def test_story_agrees(annotator, text, i, new, agrees):
    from perturbkit.transforms._substitution.story_contrasts import story_agrees

    tok = annotator.parse(text)[i]
    assert story_agrees(tok, tok.lemma_.lower(), new) is agrees


def test_union_keyword_sampler_declines_near_synonyms(annotator):
    """UNION's sampler (``targeted=False``) never draws a near-synonym from the corpus: "realized it
    was late" -> "knew it was late" says the same thing."""
    t = get_transform("keyword_substitution", targeted=False, rate=1.0).fit(["She knew it was late."] * 6, annotator)
    outs = [t("She realized it was late.", seed=seed, annotator=annotator) for seed in range(3)]
    assert all(o is not None and "realized" in o.text for o in outs)  # "late" -> "early" only


def test_union_keyword_sampler_keeps_intransitive_verbs_intransitive(annotator):
    """A verb with no object or complement is replaced only by a verb WordNet lists as
    intransitive: never "the birds chirped very loudly" -> "the birds said very loudly"."""
    from perturbkit.transforms._substitution.keywords import corpus_swap_ok

    doc = annotator.parse("The birds chirped very loudly.")
    # "howl" is a sound verb like "chirp" (the same WordNet class) that WordNet lists as intransitive
    assert not corpus_swap_ok(doc[2], "chirp", "VERB", "say") and corpus_swap_ok(doc[2], "chirp", "VERB", "howl")
    t = get_transform("keyword_substitution", targeted=False, rate=1.0).fit(["The cats said so."] * 6, annotator)
    outs = [t("The birds chirped very loudly.", seed=seed, annotator=annotator) for seed in range(3)]
    assert all(o is not None and "chirped" in o.text for o in outs)  # "birds" -> "cats" only (same class)
