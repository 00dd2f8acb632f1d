"""Synonym pairs that strict readings of rounds 62, 63, 66 and 71 found wrong in sense or register: each story
below gave a wrong synonym before and gives none now (the paraphrase transforms, which use the same
pairs, decline them too)."""

from __future__ import annotations

import pytest

import perturbkit as pk

DECLINED = [
    # "buy them some time" -> "purchase them some time" (round 63, wp 949): no purchase
    "We had to buy them some time before the guards came back. He said he could wait.",
    # "I don't buy it" means "I don't believe it"
    "I said the dog ate my homework. She said she did not buy it.",
    # "to remember her by" -> "to recall her by" (round 62, roc 1255)
    "Her grandma died last year. She kept one ring to remember her by.",
    # "shop" (a workshop) -> "store" (round 63, wp 568)
    "Dad spent all day in his shop. He came in for dinner at six.",
    # "cheap plastic" -> "inexpensive plastic": cheap means poor quality (round 63 fixer)
    "The toy was made of cheap plastic. It broke the first day.",
    # "feel more comfortable" -> "comfy" (round 62, roc 177): register and sense
    "The counselor made them feel more comfortable. Everyone talked.",
    # "immediately" -> "instantly" applied (round 62, roc 2334)
    "Debbie wanted to help people. Debbie immediately applied to the peace corps.",
    # "building a case" -> "constructing a case" (round 66, roc 815): build a made thing only
    "The lawyer was building a case against him. He lost.",
    # "make elaborate stories" -> "tales" (round 66, roc 489)
    "She liked to make elaborate stories. Her friends listened.",
    # round 71: "complete the jump" -> "finish" (to succeed at it), a coordinate adjective ("a little ,
    # locally owned hotel"), "choose" with no object ("i get to select ."), a participle complement
    # ("get my day started" -> "began")
    "she completed the jump on her first try . everyone cheered .",
    "we stayed at a small , locally owned hotel . the staff was kind .",
    "tomorrow i get to choose . i am excited .",
    "i need coffee to help me get my day started . i drink two cups .",
]


@pytest.mark.parametrize("text", DECLINED)
def test_synonym_declines_pairs_of_another_sense_or_register(text):
    assert pk.get_transform("synonym")(text, seed=0) is None


def test_buy_stays_purchase_for_a_thing_bought():
    v = pk.get_transform("synonym")("He bought a ticket to the movie. It was fun.", seed=0)
    assert v is not None and v.text == "He purchased a ticket to the movie. It was fun."


def test_build_stays_construct_for_a_made_thing():
    v = pk.get_transform("synonym")("He was building a fence in the yard. It took all day.", seed=0)
    assert v is not None and v.text == "He was constructing a fence in the yard. It took all day."


def test_paraphrase_keeps_a_participle_complement():
    assert (
        pk.get_transform("paraphrase")("i need coffee to help me get my day started . i drink two cups .", seed=0)
        is None
    )
