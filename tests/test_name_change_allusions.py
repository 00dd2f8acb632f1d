"""name_change, validity round 103 (long WritingPrompts stories, 14 of 20 valid): no rename of a
name inside a brand or place ("Hugo Boss"), of a name with a nickname or long form in the story
("Nate" beside "Nathaniel", "Ari" from the code "ArRe"), or of a famous fictional or biblical
character the story alludes to (fictional_names.tsv: Ariel beside "Mermaid", Zelda beside
"Hyrule", Peter beside "omnipotent"); ordinary uses of those names are still renamed."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.example import Example
from perturbkit.resources.lexicons import table
from perturbkit.transforms._character.name_allusions import fictional_cue, in_compound, in_name_idiom, name_variant

NAME_ROUND_103 = [
    # wp_dev-323: "The Hugo Boss uniform" -> "The Rafael Boss uniform" garbled the brand
    ("The Hugo Boss uniform darkened into a robe. He sat down at the table.", None),
    # wp_dev-266: the grandma cheering "Go Ariel! Go find Prince Eric!" at the Little Mermaid
    ("My daughter Ariel loved the Little Mermaid. Ariel sang in the bath.", None),
    # wp_dev-551: Zelda in Hyrule, with Link and the Gerudo
    ("The city was named Hyrule. Zelda is expecting us in the Gerudo Bazaar.", None),
    # wp_dev-846: "Nathaniel" renamed, the nicknames "Nate" and "Nathan" left: Maria is renamed instead
    (
        "Nathaniel and Susan flipped a coin. Nate won and Susan laughed.",
        "Nathaniel and Judy flipped a coin. Nate won and Judy laughed.",
    ),
    # wp_dev-698: "Ari" is the narrator's name for the robot model "ArRe"
    ("I built a Rezenic ArRe-41 robot. The ArRe ( or Ari as I call it ) fixes my body. Ari is small.", None),
    # wp_dev-816: an omnipotent narrator sends a dead fly "on its way to Peter" (Saint Peter)
    ("I am omnipotent and bored. I sent the fly on its way to Peter. Peter will judge it.", None),
    # still renamed: an ordinary Ariel, a rank before a name, a name beside one of the same length
    (
        "My daughter Ariel loved the zoo. Ariel sang in the bath.",
        "My daughter Erin loved the zoo. Erin sang in the bath.",
    ),
    (
        "Captain Nathaniel Deshler flipped a coin. Nathaniel smiled.",
        "Captain Kwame Deshler flipped a coin. Kwame smiled.",
    ),
    ("Mark met Mary at the park. Mark smiled at her.", "Mark met Meera at the park. Mark smiled at her."),
    # round 112: unisex replacements are the Census's unisex names only (no longer "Avery")
    ("Duke Ari Humphreys rode to the city. Ari smiled.", "Duke Casey Humphreys rode to the city. Casey smiled."),
]


@pytest.mark.parametrize("text,expected", NAME_ROUND_103)
def test_name_change_round_103(annotator, text, expected):
    out = get_transform("name_change")(text, seed=0, annotator=annotator)
    assert (out and out.text) == expected


def test_variant_or_cue_in_the_context_declines(annotator):
    t = get_transform("name_change")
    nick = Example("Nathaniel flipped the coin. Nathaniel smiled.", context="Nate, a captain, flips a coin.")
    assert t(nick, seed=0, annotator=annotator) is None
    cue = Example(
        "My daughter Ariel sang in the bath. Ariel smiled.", context="Grandma thinks she is the Little Mermaid."
    )
    assert t(cue, seed=0, annotator=annotator) is None


def test_compound_words(annotator):
    doc = annotator.pipe(["We stayed at the Lake Louise hotel with Anna Smith, John Carpenter and Agent Sarah."])[0]
    at = {tok.text: tok.i for tok in doc}
    assert in_compound(doc, at["Louise"])  # a place
    assert not in_compound(doc, at["Anna"])  # a surname WordNet knows
    assert not in_compound(doc, at["John"])  # a surname of surname_words.txt (wp_dev-566)
    assert not in_compound(doc, at["Sarah"])  # a rank


# round 105: a name inside a fixed phrase ("a cup of Joe", the toy "gi joe") names no one
NAME_ROUND_105 = [
    ("Joe poured a cup of Joe. Joe smiled.", None),
    (
        "tim got a gi joe for his birthday . the gi joe was his favorite .",
        "ben got a gi joe for his birthday . the gi joe was his favorite .",
    ),
    ("Joe poured coffee. Joe smiled.", "Jake poured coffee. Jake smiled."),
]


@pytest.mark.parametrize("text,expected", NAME_ROUND_105)
def test_name_change_round_105(annotator, text, expected):
    out = get_transform("name_change")(text, seed=0, annotator=annotator)
    assert (out and out.text) == expected


def test_name_idioms():
    assert in_name_idiom("Joe", ["A cup of Joe ."]) and in_name_idiom("joe", ["his g.i. joe"])
    assert not in_name_idiom("Joe", ["Joe drank a cup ."]) and not in_name_idiom("Ann", ["a cup of Ann"])


def test_variants_and_cues():
    assert name_variant("Nathaniel", ["Nate and Nathaniel"], False, {"nate", "nathaniel"}) == "nate"
    assert name_variant("Mark", ["Mark and Mary"], False, {"mark", "mary"}) is None
    assert name_variant("Ari", ["The ArRe-41 robot"], False, set()) == "ArRe"
    assert fictional_cue("Peter", ["Peter Pan flew to Neverland."], False) == "Neverland"
    assert fictional_cue("Peter", ["Peter sat in a pan."], False) is None  # a cue with a capital must have one
    assert fictional_cue("peter", ["peter sat in a pan ."], True) == "Pan"  # any word in a lower-case story


def test_fictional_lexicon_is_well_formed():
    rows = table("fictional_names.tsv")
    names = [r["name"] for r in rows]
    assert len(names) == len(set(names)) and all(n == n.lower() and r["cues"].split() for n, r in zip(names, rows))
