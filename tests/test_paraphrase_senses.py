"""Golden cases of the rule paraphraser's sense checks (round 57): ``paraphrase`` and
``semantic_repetition`` decline a synonym in a sense it lacks: start/begin of a machine, jump ->
leap of a parachute jump or with no path, big/little next to another adjective ("big old",
"quaint little"). The encoder is a bag-of-words stand-in, as in test_transforms_paraphrase."""

from __future__ import annotations

import pytest

from perturbkit import get_transform

_MOWER = (
    "he pulled the cord several times but the mower would not start . he took the mower out of the garage . "
    "tim removed the spark plug . he installed the clean plug ."
)
_CHUTE = (
    "when i jumped after that , i had to open my reserve chute . today i thanked all of our riggers . "
    "turns out someone did n't pack my parachute right . i guess i should n't have spoken so soon ."
)
_SLED = (
    "the boss rode his big old fancy sled . the elves went to the factory . the reindeer ate their hay . "
    "the snow fell all night ."
)
_QUAINT = (
    "I peered around my cul de sac and at the few houses that sat aligned next to mine , forming a quaint "
    "little half-moon around the street . The fences were worn . The grass was bruised and yellow . "
    "Car horns filled the sky ."
)
_SHUT = (
    "I shut the door behind , lock it and lean against it . The hall is dark . My heart pounds in my chest . "
    "Nobody follows me ."
)
_LOT = "The room had an awful lot of candlelight all of a sudden . He looked around . Nobody was there ."
_TALES = "I have a few stories that I want to turn into longer stories . The hall is dark . Nobody follows me ."


pytestmark = pytest.mark.usefixtures("bag")  # the bag-of-words encoder (conftest)


def _after(t, text, annotator):
    v = t(text, seed=0, annotator=annotator)
    return v.edits[-1].after.strip() if v is not None else None


# (transform, story, its rewrite at seed 0); before the fix both transforms wrote "the mower would
# n't begin", "when i leapt after that", "his large old fancy sled", "a quaint small half-moon".
GOLDEN = [
    ("paraphrase", _MOWER, "he pulled the cord several times but the mower would n't start ."),
    ("paraphrase", _CHUTE, "turns out someone did not pack my parachute right ."),
    ("paraphrase", _SLED, None),
    ("paraphrase", _QUAINT, None),
    ("semantic_repetition", _MOWER, None),
    ("semantic_repetition", _CHUTE, None),
    ("semantic_repetition", _SLED, None),
    ("semantic_repetition", _QUAINT, None),
    ("paraphrase", _SHUT, None),  # "I closed the door behind , lock it": present "shut" read as past
    ("semantic_repetition", _SHUT, None),
    ("paraphrase", _TALES, None),  # "a few tales that I want to turn into longer stories"
    ("paraphrase", _LOT, None),  # "a terrible lot of candlelight"
]
_IDS = [f"{t}-{k}" for t in ("para", "semrep") for k in ("start-machine", "parachute-jump", "big-old", "quaint-little")]
_IDS += ["para-shut-tense", "semrep-shut-tense", "para-stories-tales", "para-awful-lot"]


@pytest.mark.parametrize("name, story, expected", GOLDEN, ids=_IDS)
def test_rule_paraphrases_decline_synonyms_in_another_sense(annotator, name, story, expected):
    assert _after(get_transform(name, min_similarity=0.3), story, annotator) == expected


def test_rule_paraphraser_keeps_the_fitting_senses():
    from perturbkit.transforms._paraphrasers import RuleParaphraser

    sents = ["the party started at noon .", "she planted a big garden .", "the mower would not start ."]
    out = RuleParaphraser().paraphrase_many(sents, [0, 0, 0])
    assert "the party began at noon ." in out[0] and "she planted a large garden ." in out[1]
    assert not any("begin" in c for c in out[2])


def test_sense_checks_on_the_parse(annotator):
    from perturbkit.transforms._substitution.synonym_senses import jump_ok, size_ok, start_ok

    def tok(text, word):
        doc = annotator.parse(text)
        return next(t for t in doc if t.lower_ == word)

    assert not start_ok(tok("the car would not start .", "start")) and start_ok(tok("the game started .", "started"))
    assert not jump_ok(tok("i jumped out of the plane .", "jumped")) and not jump_ok(tok("i jumped .", "jumped"))
    assert jump_ok(tok("the dog jumped over the fence .", "jumped"))
    for text, word in [
        ("a poor little thing", "little"),
        ("a big old truck", "big"),
        ("a nice little house", "little"),
    ]:
        assert not size_ok(tok(text, word)), text
    assert size_ok(tok("she planted a big garden .", "big"))
