"""subject_object_swap, name_change and entity_replacement: golden outputs and properties."""

from __future__ import annotations

import re

import pytest
from _character_stories import any_text, check_common, stories
from hypothesis import given
from hypothesis import strategies as st

from perturbkit import get_transform
from perturbkit.example import Example
from perturbkit.resources.lexicons import table, word_list
from perturbkit.transform import TransformParamError
from perturbkit.transforms._character.entities import LABELS as ALL_LABELS
from perturbkit.transforms._character.entities import entity_shape, plausible, replacement_pool
from perturbkit.transforms._persons import name_gender, pronoun_readings

# ------------------------------------------------------------------------------------------------
# subject_object_swap
# ------------------------------------------------------------------------------------------------
SOS_GOLDEN = [
    # roles the verb needs one way round: a caretaker over someone, a person over an animal
    ("his parents enrolled him in boxing school .", 0, "he enrolled his parents in boxing school ."),
    ("his coach immediately sent him to the trainer .", 0, "he immediately sent his coach to the trainer ."),
    ("chuck walked dogs every day all summer .", 0, "dogs walked chuck every day all summer ."),
    ("She fed the cat.", 0, "The cat fed her."),
    ("The dog bit him on the leg.", 0, "He bit the dog on the leg."),
    ("The girl was bitten by the dogs.", 0, "The dogs were bitten by the girl."),
    ("joe asked his mom for help .", 0, "his mom asked joe for help ."),
    ("she rocked the baby to sleep .", 0, "the baby rocked her to sleep ."),
]


@pytest.mark.parametrize("text,seed,expected", SOS_GOLDEN)
def test_sos_golden(annotator, text, seed, expected):
    out = get_transform("subject_object_swap")(text, seed=seed, annotator=annotator)
    assert out is not None and out.text == expected


@pytest.mark.parametrize(
    "text",
    [
        "He picked up the box.",  # "The box picked up him"
        "She hurt herself.",  # reflexive object
        "They helped each other.",
        "He drove four hours.",  # a measure, not an object
        "She took care of him.",  # light verb idiom
        "He never told anyone.",  # "Anyone never told him"
        "Our dog, Max, knocked the jar over.",  # apposition with commas
        "The rain fell.",
        # a coordinated verb shares the subject: "her eyes opened her and saw a strange light"
        "she opened her eyes and saw a strange light moving in her house .",
        "They sometimes would create human forms and perceive different worlds through their eyes.",
        # a symmetric verb or a quantified pronoun: the swap says much the same
        "everybody knows her there and they are like friends .",
        "Tom met Anna at the park.",
        # a clause inside (or hung on) a noun phrase: "when the quiz he felt it was too easy for him was taking him"
        "when he was taking the quiz he felt it was too easy for him .",
        "Outside the shop I watched a young girl who appeared to be no older than 18 .",
        # a pro-form or a "no" phrase: "one made them", "he recognized no one anywhere"
        "they found out about making an ad for tv . they made one .",
        "no one recognized him anywhere he went .",
        # only characters swap: a person and a thing gives nonsense, not a mix-up of who did what
        "The cake was eaten by the boys.",
        "kim won the race .",
        "joe gently tossed the egg .",
        "her mom braided her hair .",
        "I haven't had dreams in years.",
        "Electronic music made him happy.",
        "A calm disposition held him back.",
        "before I left my soul behind , I cried .",
        # never "it", nor "they/them", which is as often a thing: "they could barely open her"
        "she could barely open them .",
        "He does it all the time.",
        "i accidentally dropped my corn dog .",  # a compound: "my corn dog accidentally dropped me"
        # two equals: the swapped story is still a story ("ken called a travel agent")
        "many of his friends wanted to join . ken had a hard time planning the trip . ken called a travel agent ."
        " the travel agent planned the trip .",
        "he was a bully . one day , josh shoved junior . junior punched josh in the face .",
        "Mary likes the boys.",
        "The dogs chased the cat.",
        "Anna visits her grandmother.",
        "He saw her at the park.",
        # verbs either may do ("he took his parents to the zoo"), a body part WordNet files as an animal
        "his parents always take him to the zoo .",
        "He began to sob and the prince took his claw tightly .",
        # a bare infinitive takes an object-case subject: "he had he drive his mother"
        "he had his mother drive him to school every morning .",
        # a pronoun in the clause would point at the other one: "she asked him to marry him",
        # "his dog usually walked tom in his own neighborhood"
        "tom usually walked his dog in his own neighborhood .",
        "he asked her to marry him .",
        "she told ethan she was okay .",
    ],
)
def test_sos_skips_what_it_cannot_do(annotator, text):
    assert get_transform("subject_object_swap")(text, seed=0, annotator=annotator) is None


@given(text=any_text, seed=st.integers(0, 3))
def test_sos_properties(annotator, text, seed):
    t = get_transform("subject_object_swap")
    out = check_common(t, text, seed, annotator)
    if out is None:
        return
    by_note = {e.note: e for e in out.edits}
    new_subj, new_obj = by_note["object -> subject"], by_note["subject -> object"]
    assert all(e.note.startswith("agreement") for e in out.edits if e not in (new_subj, new_obj))
    assert new_subj.before_span < new_obj.before_span  # subject before object

    def same_phrase(a: str, b: str) -> bool:  # equal up to case, or the same pronoun in another case
        if a.lower() == b.lower():
            return True
        ra, rb = {i for i, _ in pronoun_readings(a)}, {i for i, _ in pronoun_readings(b)}
        return bool(ra & rb)

    assert same_phrase(new_subj.after, new_obj.before)  # the old object is the new subject
    assert same_phrase(new_obj.after, new_subj.before)


# ------------------------------------------------------------------------------------------------
# name_change
# ------------------------------------------------------------------------------------------------
NAME_GOLDEN = [
    (
        "Anna Smith bought a red bike. Anna's brother wanted to ride it.",
        0,
        "Maryann Smith bought a red bike. Maryann's brother wanted to ride it.",
    ),
    ("bob was tired . bob went home .", 0, "pierre was tired . pierre went home ."),
    ("Carlos' bike was red. Carlos rode it.", 0, "Pablo's bike was red. Pablo rode it."),
]


@pytest.mark.parametrize("text,seed,expected", NAME_GOLDEN)
def test_name_golden(annotator, text, seed, expected):
    out = get_transform("name_change")(text, seed=seed, annotator=annotator)
    assert out is not None and out.text == expected


def test_name_change_renames_the_context_too(annotator):
    ex = Example("Carlos rode it home. Carlos' mom smiled.", context="Carlos' bike was red.")
    out = get_transform("name_change")(ex, seed=0, annotator=annotator)
    new = out.edits[0].after
    poss = new + ("'" if new.endswith("s") else "'s")  # "Carlos'" -> "Pablo's", but "Anders'"
    assert out.context == f"{poss} bike was red." and out.text == f"{new} rode it home. {poss} mom smiled."
    assert name_gender(new) == "m" and out.reference == ex.reference


@pytest.mark.parametrize(
    "text",
    [
        "[MALE] went to the store . [FEMALE] stayed home .",  # masked names are not renamed
        "Will you come? I will.",  # "will" is a word, not a name
        "The dog barked at the mailman.",
    ],
)
def test_name_change_not_applicable(annotator, text):
    assert get_transform("name_change")(text, seed=0, annotator=annotator) is None


def test_unknown_gender_gets_a_unisex_name(annotator):
    # a unisex name of the lists (round 101: a PERSON name outside the lists is no longer renamed)
    out = get_transform("name_change")("Yesterday Casey baked bread. Later Casey sold it.", seed=0, annotator=annotator)
    new = {e.after for e in out.edits}
    assert len(new) == 1 and next(iter(new)).lower() in word_list("names_neutral.txt")


# validity round 101 (long WritingPrompts stories)
NAME_ROUND_101 = [
    # every casing of the name is renamed, in the same casing (wp_dev-1035: "STEVE !" was left)
    (
        "Steve opened the box. Inside was a note: STEVE ! IMPORTANT ! Steve read it twice.",
        "Levi opened the box. Inside was a note: LEVI ! IMPORTANT ! Levi read it twice.",
    ),
    # a lower-case mention in a story with capitals may be a word ("his morning joe"): declined
    ("Joe sipped his morning joe. Then Joe smiled.", None),
    # a near spelling of the name elsewhere: a misspelt mention would keep the old name (wp_dev-621)
    ("Jessica found the old map. Later Jesica ran home with it.", None),
    # only ordinary first names of the lists: no pun, alien, god or messiah (wp_dev-621/926/265/223)
    ("The villain Jiggasaurus laughed. Jiggasaurus escaped again.", None),
    ("Arxthuis waved at the last human. Arxthuis was kind.", None),
    ("Zeus raised his bolt. Zeus smiled at the crowd.", None),
    ("Jesus turned the water into wine. Jesus smiled at them.", None),
    # famous people and brands: a WordNet person, or a royal or sacred title (wp_dev-164/318)
    ("He wore his Calvin Klein boxers. Calvin Klein made them.", None),
    ("King David sang to the crowd. David was happy.", None),
    ("George Washington crossed the river. George was cold.", None),
    ("Adolph Hitler gave a speech. Adolph shouted.", None),  # the surname only famous people have
    ("Harrison painted a bridge. Harrison smiled.", None),  # a famous surname, rare as a first name
    ("Michael Sedley crossed the river. Michael was cold.", "Bruce Sedley crossed the river. Bruce was cold."),
]


def test_census_first_name_still_renamed(annotator):
    # a first name of the 1990 Census lists outside the project's lists is still a name (gender unknown)
    out = get_transform("name_change")(
        "Yesterday Kenneth baked bread. Later Kenneth sold it.", seed=0, annotator=annotator
    )
    assert out is not None and {e.before for e in out.edits} == {"Kenneth"}


@pytest.mark.parametrize("text,expected", NAME_ROUND_101)
def test_name_change_round_101(annotator, text, expected):
    out = get_transform("name_change")(text, seed=0, annotator=annotator)
    assert (out and out.text) == expected


def test_name_change_early_year_gets_an_established_name(annotator):
    # round 101 (wp_dev-478): "Skyler" for a boy in a story set in 1911; 1990 Census names only
    t = get_transform("name_change")
    census = {r["name"].lower() for r in table("names_census.tsv")}
    for seed in range(10):
        out = t("In 1911 , Timothy sat by the fire. Timothy smiled.", seed=seed, annotator=annotator)
        assert out is not None and out.edits[0].after.lower() in census


def test_name_change_context_in_other_casing(annotator):
    ex = Example("Steve rode it home. Steve smiled.", context="STEVE bought a bike.")
    out = get_transform("name_change")(ex, seed=0, annotator=annotator)
    assert out.context == "JOSH bought a bike." and out.text == "Josh rode it home. Josh smiled."
    near = Example("Natalie rode it home. Natalie smiled.", context="Nathalie bought a bike.")
    assert get_transform("name_change")(near, seed=0, annotator=annotator) is None
    word = Example("Joe rode it home. Joe smiled.", context="Joe drank his morning joe.")
    assert get_transform("name_change")(word, seed=0, annotator=annotator) is None


def test_surname_after_a_title_is_not_a_first_name(annotator):
    out = get_transform("name_change")("Mr. Okafor said that Tendai was late.", seed=0, annotator=annotator)
    assert out is None or "Okafor" in out.text


@given(text=any_text, seed=st.integers(0, 3))
def test_name_change_properties(annotator, text, seed):
    t = get_transform("name_change")
    out = check_common(t, text, seed, annotator)
    if out is None:
        return
    names = [e for e in out.edits if e.note.startswith("name")]
    assert names and all(e.note == "possessive" for e in out.edits if e not in names)
    assert len({(e.before, e.after) for e in names}) == 1  # one character, renamed consistently
    old, new = names[0].before, names[0].after
    assert name_gender(old) == name_gender(new)
    assert not re.search(rf"\b{re.escape(new)}\b", text, re.I)  # a name the story did not use
    assert len(re.findall(rf"(?<![\w\-\[]){re.escape(old)}(?![\w\-\]])", out.text)) == 0


# ------------------------------------------------------------------------------------------------
# entity_replacement
# ------------------------------------------------------------------------------------------------
def test_entity_replacement_golden(annotator):
    t = get_transform("entity_replacement", labels=ALL_LABELS)
    ex = Example("Tom loved Paris and stayed there for three days.", context="Tom flew to Paris on Monday.")
    assert t(ex, seed=0, annotator=annotator).text == "Tom loved New York and stayed there for three days."
    ex = Example("She met Anna in London. Anna was kind.", reference="Anna lives in London.")
    # no pronoun pins "Anna" to the old character (round 44), so the place is replaced
    assert t(ex, seed=1, annotator=annotator).text == "She met Anna in Ohio. Anna was kind."


@pytest.mark.parametrize(
    "text,context",
    [
        # a new name in the protagonist's place reads as one of the friends the story mentions
        (
            "she put her shoes in a cubby . when it was time to leave , monica 's were gone .",
            "monica was at a skating rink with her friends .",
        ),
        (
            "they rode their atvs . their atvs tipped . josh got a big gash .",
            "josh went with his friends to the hills .",
        ),
        # an ordinal inside a fixed expression is no ordinal ("at first" -> "at 5th")
        ("At first I thought it was a dream. But at first I laughed.", None),
        # round 37: a name the context gives only as an owner ("Ed's office"): another name in the story
        # reads as a coworker; a mention inside a longer name ("the United States of America" -> "the
        # United States of Dong")
        ("She was shy. Ed decided to befriend her. He sat with her at lunch.", "A new girl joined Ed's office."),
        ("We loved America. Later we sang about America and the United States of America.", None),
        # round 44: a new name nothing pins to the old character reads as another person: someone
        # learning from cindy's death, a parent filling tom's piggy bank, another student helping gary
        (
            "it seemed like she could n't go two minutes without texting . one day she drove into a tree . "
            "cindy did n't text anymore after that .",
            "cindy loved texting more than anything .",
        ),
        (
            "tom wanted to fill up his piggy bank . tom placed coins in the piggy bank . tom broke it to buy his "
            "favorite toy .",
            "tom was a young boy with a piggy bank .",
        ),
        (
            "gary dropped his tray . the lunch lady was angry . ashley explained that gary just dropped it . "
            "ashley saved gary from detention .",
            "ashley and gary were eating lunch at school .",
        ),
        # round 44: a person the NER calls a company ("kia agreed" -> "amazon agreed"), a place whose kind
        # a word fixes ("the planet Earth" -> "the planet Africa")
        (
            "she begged her parents to buy her one . they agreed , if she did the dishes . kia agreed , thinking "
            "only of the tablet . she was so happy when she got it !",
            "all of kia 's friends had tablets .",
        ),
        (
            "The ship was heading straight for the planet Earth. Hours later it turned away from the planet Earth.",
            "A rift appeared outside of Earth's orbit.",
        ),
    ],
)
def test_entity_replacement_declines(annotator, text, context):
    """Cases the strict reading found not to break the story (or to break the grammar instead)."""
    assert get_transform("entity_replacement")(Example(text, context=context), seed=0, annotator=annotator) is None


def test_entity_replacement_binds_a_person_in_its_own_clause(annotator):
    """Round 50: a later "she" no longer pins a new name (it can be the old character beside a second
    person); a reflexive or an inalienable possessive of the old gender in the renamed subject's own
    clause does, and the provenance says which."""
    t = get_transform("entity_replacement")
    later = Example(
        "Mary needed a new card. Mary applied for one online. She got it a week later.",
        context="Mary lost her credit card.",
    )
    assert t(later, seed=0, annotator=annotator) is None
    ex = Example(
        "Mary needed a new card. Mary blamed herself for losing the old one. She applied online.",
        context="Mary lost her credit card.",
    )
    out = t(ex, seed=0, annotator=annotator)
    assert out.text == "Tony needed a new card. Tony blamed herself for losing the old one. She applied online."
    assert out.edits[0].note == "entity Mary -> Tony; bound to the old character by the reflexive 'herself' of 'blamed'"
    ex = Example(
        "mary waited at the bank . mary held her breath as the clerk checked . she got a new card .",
        context="mary lost her credit card .",
    )
    assert t(ex, seed=0, annotator=annotator).text == (
        "teddy waited at the bank . teddy held her breath as the clerk checked . she got a new card ."
    )


@pytest.mark.parametrize(
    "text,context",
    [
        # round 50: the old pronoun sits in a clause of its own after a verb a second person could share
        # (someone glad robert stuck it out, a roommate noticing kate's mistake) or the story has a group
        (
            "he was excited about the new board . he decided to stick with it . robert was happy he did because "
            "he loved it .",
            "robert took a surfing class .",
        ),
        (
            "she loaded the washer . later she saw bubbles . kate realized she had used dish soap .",
            "kate did laundry .",
        ),
        ("it started to rain . tim was almost done and kept playing . he hurt himself .", "tim golfed with buddies ."),
        # a name readers take for either gender ("jackie ... himself" fits a man)
        ("jackie painted the fence . jackie cut herself on a nail .", "jackie had a summer job ."),
        ("jackie painted the fence . she cut her hand on a nail .", "jackie had a summer job ."),
    ],
)
def test_entity_replacement_declines_a_person_a_reader_can_reattribute(annotator, text, context):
    assert get_transform("entity_replacement")(Example(text, context=context), seed=0, annotator=annotator) is None


def test_entity_replacement_needs_a_narrative_witness(annotator):
    """Round 101: a first sentence that only calls the name ("`` Charles ! Charles !") is no witness:
    "`` Charles ! Eliza !" reads as a call to two people, not as a renamed character."""
    t = get_transform("entity_replacement")
    call = "Catherine ran in yelling : `` Charles ! Charles ! It worked ! '' . Charles cleared his throat ."
    assert t(Example(call + " Charles put on his glasses ."), seed=0, annotator=annotator) is None
    told = "Charles sat in his chair . Charles cleared his throat . Charles put on his glasses ."
    out = t(Example(told), seed=0, annotator=annotator)
    assert out.text == "Charles sat in his chair . Dolores cleared his throat . Dolores put on his glasses ."


def test_entity_replacement_needs_a_witness_for_a_number(annotator):
    """Round 50: a number or date is replaced only where the story restates it about the same thing
    ("35 coins" beside "35 coins"; "you two" beside "them both"), never a detail nothing depends on
    ("ten more pages", "the rest of the summer"); a number word keeps its lower case."""
    t = get_transform("entity_replacement", labels=ALL_LABELS)
    coins = Example(
        "She counted the coins again. There were 35 coins in the jar.", context="Ann had 35 coins in a jar."
    )
    out = t(coins, seed=0, annotator=annotator)
    assert out.text == "She counted the coins again. There were 200 coins in the jar."
    assert out.edits[0].note == "entity 35 -> 200; witness 'Ann had 35 coins in a jar.' (both about 'coin')"
    two = (
        "The two captains sat at the table. `` I 'll be frank with you two , '' Hitch said, pouring wine for them both."
    )
    out = t(Example(two), seed=0, annotator=annotator)
    assert out.text == two.replace("you two", "you seven")
    for text, context in [
        ("He said there were ten more pages of this. She glared at him.", "They met in a room ten floors down."),
        (
            "They got a puppy. They had fun raising it the rest of the summer.",
            "The Smiths got a puppy during the summer.",
        ),
    ]:
        assert t(Example(text, context=context), seed=0, annotator=annotator) is None


def test_entity_replacement_replaces_only_known_places(annotator):
    """Round 611: the fitted pool of lower-cased stories holds names as places ("boston" -> "tina",
    "kia" as a place); a place, group or organisation is replaced only by one the project lists, and
    only when the old one is listed too (in lower-cased text, where the NER cannot tell them apart)."""
    t = get_transform("entity_replacement", labels=["GPE"])
    t.pool = {"GPE": ["tina", "olivia", "paris"]}
    ex = Example("we ate at the best place in boston . we loved boston .", context="we flew to boston .")
    assert {e.after for s in range(4) for e in t(ex, seed=s, annotator=annotator).edits} == {"paris"}
    t.pool = {"GPE": ["tina", "paris"]}
    ex = Example("she went back to kia . kia was hot .", context="she grew up in kia .")
    assert t(ex, seed=0, annotator=annotator) is None


def test_entity_replacement_declines_a_list_member(annotator):
    """Round 50: "brands like Honda, Toyota, Kia" -> "Honda, Tracker, Kia" swaps one item of a list."""
    ex = Example(
        "Car brands like Honda, Toyota, Kia would pay a lot. He wrote to them.", context="Toyota sales soared."
    )
    assert get_transform("entity_replacement")(ex, seed=0, annotator=annotator) is None


def test_entity_replacement_anchors(annotator):
    t = get_transform("entity_replacement", labels=ALL_LABELS)
    one = "Tom loved Paris and stayed there for three days."
    assert t(one, annotator=annotator) is None  # nothing it could contradict
    out = get_transform("entity_replacement", anchored=False, labels=ALL_LABELS)(one, seed=0, annotator=annotator)
    assert out is not None and out.text != one
    # without context or reference, the first sentence is the anchor and keeps its mentions
    two = "Tom flew to Paris on Monday. He loved Paris and stayed there for three days."
    out = t(two, seed=0, annotator=annotator)
    assert out.text.startswith("Tom flew to Paris on Monday. He loved ") and "Paris" not in out.text[28:]
    assert out.text == "Tom flew to Paris on Monday. He loved Florida and stayed there for three days."


def test_entity_replacement_fit_draws_from_the_corpus(annotator):
    corpus = [
        Example("Ingrid moved to Lisbon."),
        Example("Later Ingrid visited Lisbon and Oslo."),
        Example("Kofi lives in Accra."),
    ]
    t = get_transform("entity_replacement", labels=["GPE"]).fit(corpus, annotator)
    assert set(t.pool["GPE"]) <= {"Lisbon", "Oslo", "Accra"} and t.pool["GPE"]
    ex = Example("We flew to Madrid. Madrid was hot.", context="We planned a trip to Madrid.")
    out = t(ex, seed=0, annotator=annotator)
    new = {e.after for e in out.edits}
    assert len(new) == 1 and new <= set(t.pool["GPE"])


def test_entity_replacement_fixes_the_article(annotator):
    t = get_transform("entity_replacement", labels=["NORP"], anchored=False)
    outs = [t("He met a Mexican chef and an Italian waiter.", seed=s, annotator=annotator) for s in range(8)]
    for out in filter(None, outs):
        assert not re.search(r"\ba [AEIOU]|\ban [B-DF-HJ-NP-TV-Z]", out.text), out.text


def test_entity_replacement_keeps_a_place_in_the_story(annotator):
    """Round 37: with every mention replaced the story agreed with itself ("a fire in paris ... our son
    lives in paris") and only an unrelated context detail changed; its first mention now stays."""
    ex = Example(
        "There was a fire in Allston. I was worried as our son lives in Allston.",
        context="Today is moving day in Allston.",
    )
    out = get_transform("entity_replacement", labels=ALL_LABELS)(ex, seed=0, annotator=annotator)
    assert out.text == "There was a fire in Allston. I was worried as our son lives in Peru."


def test_entity_replacement_pools_hold_real_names():
    """Round 37: no nickname of the old name ("kate" -> "katy" reads as the same woman)."""
    assert replacement_pool("PERSON", "kate", ["katy", "mary"], set()) == ["mary"]
    assert replacement_pool("PERSON", "Susan Hill", ["Susie Cole", "Mary Cole"], set()) == ["Mary Cole"]


def test_entity_replacement_fit_skips_garbled_person_names(annotator):
    """A PERSON the NER found that is no first name ("Mkbmmm" in a WritingPrompts story) is no
    replacement name."""
    doc = annotator.parse("Mkbmmm smiled at Jane. Then Jane smiled at Mkbmmm.")
    ents = [e for e in doc.ents if e.label_ == "PERSON"]
    assert ents and all(plausible(e) == (e.text == "Jane") for e in ents)


def test_entity_shapes():
    assert entity_shape("DATE", "three days") == entity_shape("DATE", "five weeks")
    assert entity_shape("DATE", "three days") != entity_shape("DATE", "one day")
    assert entity_shape("DATE", "last year") != entity_shape("DATE", "next year")
    assert entity_shape("CARDINAL", "3") != entity_shape("CARDINAL", "three")
    assert entity_shape("GPE", "the United States") != entity_shape("GPE", "France")
    # units of another measure are no replacement ("600 pounds is a lot" -> "100 feet is a lot")
    assert entity_shape("QUANTITY", "600 pounds") == entity_shape("QUANTITY", "3 ounces")
    assert entity_shape("QUANTITY", "600 pounds") != entity_shape("QUANTITY", "100 feet")


def test_entity_replacement_rejects_unknown_labels():
    with pytest.raises(TransformParamError, match="FOO"):
        get_transform("entity_replacement", labels=["FOO"])


@given(text=any_text, seed=st.integers(0, 3), context=st.sampled_from([None, "Tom was in Paris on Monday."]))
def test_entity_replacement_properties(annotator, text, seed, context):
    t = get_transform("entity_replacement")
    ex = Example(text, context=context)
    out = t(ex, seed=seed, annotator=annotator)
    if out is None:
        return
    assert out.text != text and out.context == context
    ents = [e for e in out.edits if e.note.startswith("entity")]
    assert ents and all(e.note in ("article", "possessive") for e in out.edits if e not in ents)
    assert len({e.note for e in ents}) <= 2  # one entity (and its first name)
    first = min(e.before_span[0] for e in ents)
    anchor = context if context is not None else text[:first]  # the context, or the first sentence
    assert all(
        e.before.lower() in anchor.lower() or e.before.split()[0].lower() in anchor.lower() for e in ents
    )  # the entity also occurs where it is not replaced


@given(text=stories())
def test_entity_replacement_never_raises_unanchored(annotator, text):
    check_common(get_transform("entity_replacement", anchored=False), text, 0, annotator)


def test_entity_replacement_replaces_persons_only_by_default(annotator):
    """Round 54: places, times and numbers swapped for another read as a changed detail more often
    than a contradiction, so they are opt-in (``labels``); persons stay the default."""
    ex = Example("Tom flew to Paris on Monday. He loved Paris and stayed there for three days.")
    assert get_transform("entity_replacement").labels == ("PERSON",)
    assert get_transform("entity_replacement")(ex, seed=0, annotator=annotator) is None
    assert get_transform("entity_replacement", labels=ALL_LABELS)(ex, seed=0, annotator=annotator) is not None
