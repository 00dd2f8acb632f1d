"""typos and delete_punctuation: golden cases, properties, bad input."""

from __future__ import annotations

import math
import re

import pytest
from _transform_props import check_contract, long_text, stories
from hypothesis import given
from hypothesis import strategies as st

from perturbkit.annotation import Annotator, Level
from perturbkit.transform import Effect, TransformParamError, get_transform

BREAD = "She walked to the market and bought fresh bread."

GOLDEN = [
    # typos: first letter kept; swap, double or drop one letter; never a real word
    ("typos", {}, BREAD, 0, "Shhe walked to the market and bought fresh bread."),
    ("typos", {}, BREAD, 1, "Shee walked to the market and bought fresh bread."),
    ("typos", {"rate": 0.5}, BREAD, 0, "Shhe walked to thhe market and bought fersh berad."),
    ("typos", {}, "she did n't go to the market .", 0, "she ddi n't go to the market ."),
    ("typos", {}, "[MALE] is ok.", 0, "[MALE] is okk."),
    ("typos", {}, "HELLO THERE.", 0, "HEELLO THERE."),
    ("typos", {}, "I a.", 0, None),
    # delete_punctuation: introductory element
    ("delete_punctuation", {}, "After dinner, we left.", 0, "After dinner we left."),
    ("delete_punctuation", {}, "Luckily, it stopped raining.", 0, "Luckily it stopped raining."),
    ("delete_punctuation", {}, "When I got home, I slept.", 0, "When I got home I slept."),
    ("delete_punctuation", {}, "The next morning, the fence was white.", 0, "The next morning the fence was white."),
    # ... before a conjunction joining two clauses
    ("delete_punctuation", {}, "I ran, and she walked.", 0, "I ran and she walked."),
    # (not before "so": round 101, below)
    # ... the serial (Oxford) comma
    ("delete_punctuation", {}, "I bought apples, pears, and plums.", 0, "I bought apples, pears and plums."),
    (
        "delete_punctuation",
        {},
        "I bought apples, pears, plums, and figs.",
        0,
        "I bought apples, pears, plums and figs.",
    ),
    # tokenised text: the space before the comma goes too
    ("delete_punctuation", {}, "i ran home , and she walked to school .", 0, "i ran home and she walked to school ."),
    ("delete_punctuation", {}, "after dinner , we left .", 0, "after dinner we left ."),
    # masked names as subjects
    ("delete_punctuation", {}, "After dinner, [MALE] left the house.", 0, "After dinner [MALE] left the house."),
    ("delete_punctuation", {}, "I ran home, and [FEMALE] walked.", 0, "I ran home and [FEMALE] walked."),
    (
        "delete_punctuation",
        {},
        "After dinner, we bought apples, pears, and plums, and she walked home.",
        0,
        "After dinner we bought apples, pears and plums, and she walked home.",
    ),
    (
        "delete_punctuation",
        {"p": 0.5},
        "After dinner, we bought apples, pears, and plums, and she walked home.",
        0,
        "After dinner we bought apples, pears, and plums, and she walked home.",
    ),
    # never: numbers and dates, vocatives, appositions, quotes before said-verbs, other list commas,
    # garden paths, parentheticals, "However,", "Yes,"
    ("delete_punctuation", {}, "On May 5, 2020, 5,000 people came.", 0, None),
    ("delete_punctuation", {}, '"Anna, come here," Mom said.', 0, None),
    ("delete_punctuation", {}, "Anna, come here.", 0, None),
    ("delete_punctuation", {}, "My brother, a doctor, lives in Paris.", 0, None),
    ("delete_punctuation", {}, '"I am tired," she said.', 0, None),
    ("delete_punctuation", {}, "I bought apples, pears and plums.", 0, None),
    ("delete_punctuation", {}, "He saw Mary, and Bob waved.", 0, None),
    ("delete_punctuation", {}, "When he finished eating, the dog barked.", 0, None),
    ("delete_punctuation", {}, "She answered correctly, however, and the teacher smiled.", 0, None),
    ("delete_punctuation", {}, "However, he left.", 0, None),
    ("delete_punctuation", {}, "Yes, I am.", 0, None),
    ("delete_punctuation", {}, "Hello.", 0, None),
    # round-16 strict reading: the comma is needed
    ("delete_punctuation", {}, "their first day open , the boss placed incense around the office .", 0, None),
    ("delete_punctuation", {}, "soon after they began dating , and they fell in love .", 0, None),
    ("delete_punctuation", {}, "all legends must end though , and this one did .", 0, None),
    # round 21: garden paths without the comma (a gerund or preposition taking the subject as its
    # object, "nothing but", a fragment opener, a reporting verb taking the clause)
    ("delete_punctuation", {}, "Over twenty years of thinking , nothing seemed to fit quite right .", 0, None),
    ("delete_punctuation", {}, "Besides , this resort is 30 miles away from the nearest town .", 0, None),
    ("delete_punctuation", {}, "The princess said nothing , but she looked a little sheepish .", 0, None),
    ("delete_punctuation", {}, "Like this pocket watch for example , it only says the time .", 0, None),
    ("delete_punctuation", {}, "he said , but we could pretend to be handicapped .", 0, None),
    ("delete_punctuation", {}, "The years , our experiences , the joys , are gone .", 0, None),  # round 362: a list
    ("delete_punctuation", {}, "Besides , he was tired .", 0, "Besides he was tired ."),
    # round 36: a one-word subordinator opener reads as a clause ("once he shoved ..."), a repeated
    # word across the comma ("it it"), a name after a noun reads as one compound ("the river glen")
    ("delete_punctuation", {}, "once , he shoved markus on the ground and made him cry .", 0, None),
    ("delete_punctuation", {}, "when he opened it , it made no noise .", 0, None),
    ("delete_punctuation", {}, "at the river , glen slipped and fell into the mud .", 0, None),
    ("delete_punctuation", {}, "At the river, Glen slipped and fell into the mud.", 0, None),
    (
        "delete_punctuation",
        {},
        "After waiting for an hour , he went home .",
        0,
        "After waiting for an hour he went home .",
    ),
    # round 101 WP: a comma splice or an imperative before the comma, an interjection-like "Here",
    # a relative-looking "that" after it, "so" (purpose "so that", pro-verb "do so"), a filler
    ("delete_punctuation", {}, "But there is foreboding in her ageless eyes , she knows the truth as well .", 0, None),
    ("delete_punctuation", {}, "`` Come here , I have something really cool to show you . ''", 0, None),
    ("delete_punctuation", {}, "Oh Paul , I know that . Here , you can pet me .", 0, None),
    ("delete_punctuation", {}, "Now, you can pet me.", 0, None),
    ("delete_punctuation", {}, "For our own development , that could not be allowed to continue .", 0, None),
    ("delete_punctuation", {}, "And they really do , so he let them in .", 0, None),
    ("delete_punctuation", {}, "Ashleigh joined her on the way , so I could n't get close enough .", 0, None),
    ("delete_punctuation", {}, "It rained all day, so we stayed home.", 0, None),
    ("delete_punctuation", {}, "Ca n't sleep anymore . Far worse than before , you know , daily .", 0, None),
    # ... real introductory clauses and participles still lose theirs
    (
        "delete_punctuation",
        {},
        "As I opened my eyes , I felt a tinge of fear .",
        0,
        "As I opened my eyes I felt a tinge of fear .",
    ),
    (
        "delete_punctuation",
        {},
        "If she 's had a good day , she 'll meet up with Ashleigh .",
        0,
        "If she 's had a good day she 'll meet up with Ashleigh .",
    ),
    ("delete_punctuation", {}, "Walking home, I saw a cat.", 0, "Walking home I saw a cat."),
    # round 103 WP (all deleted a comma before): one comma of a pair around an apposition or a
    # non-restrictive relative clause, the comma of a tag ("that is", "of course"), a comma after
    # a wh-word that would take the clause ("No matter what my gut always said")
    (
        "delete_punctuation",
        {},
        "What remains of her , my memory of her heart and vigor , are now the pillars I lean on .",
        0,
        None,
    ),
    (
        "delete_punctuation",
        {},
        "But nothing interesting happened really , until today that is , and I 'm supposed to be writing .",
        0,
        None,
    ),
    (
        "delete_punctuation",
        {},
        "As we approached no one had spoken , which was normal for my family , and I veered to the right .",
        0,
        None,
    ),
    ("delete_punctuation", {}, "No matter what , my gut always said that next step was fine .", 0, None),
    ("delete_punctuation", {}, "Of course , I 'm not so pathetic .", 0, None),
    ("delete_punctuation", {}, "in fact , she read books on them frequently .", 0, None),
    ("delete_punctuation", {}, "After all , we were friends .", 0, None),
    ("delete_punctuation", {}, "He lost the game after all , and she laughed .", 0, None),
    # round 105 WP: the comma closing a subordinate clause before ", and" (the "when" clause would
    # take in the next one)
    (
        "delete_punctuation",
        {},
        "She was a fiery little thing when her temper got up , and I could see that rage coming out .",
        0,
        None,
    ),
    # round 113 WP: the opening phrase's last word would take the noun phrase after the comma (an
    # adverb that is also a preposition, a particle after a verb that takes an object, the pronoun
    # object of a double-object verb), and an absolute taken for the main clause
    ("delete_punctuation", {}, "As she pulled back , Ted looked at Maya again .", 0, None),
    ("delete_punctuation", {}, "As he pulled away , the car door slammed .", 0, None),
    ("delete_punctuation", {}, "When she got back , her money was gone .", 0, None),
    ("delete_punctuation", {}, "From outside , the speakers began to blast their usual script .", 0, None),
    (
        "delete_punctuation",
        {},
        "Loosely tying Roach to a pillar outside , Geralt strode confidently into the tavern .",
        0,
        None,
    ),
    ("delete_punctuation", {}, "As I rushed all around trying to find him , something in me flared up .", 0, None),
    ("delete_punctuation", {}, "After she told him , the room went quiet .", 0, None),
    (
        "delete_punctuation",
        {},
        "Amongst an ocean of people , the pull of the tide slow and steady I sailed forward sleepily .",
        0,
        None,
    ),
    # ... still deleted: an intransitive verb's particle, a noun "back"/"past", a nominative pronoun
    (
        "delete_punctuation",
        {},
        "When he came back , his sandwich was gone .",
        0,
        "When he came back his sandwich was gone .",
    ),
    (
        "delete_punctuation",
        {},
        "As soon as he stepped away , it crashed .",
        0,
        "As soon as he stepped away it crashed .",
    ),
    ("delete_punctuation", {}, "In the past , some people tried it .", 0, "In the past some people tried it ."),
    ("delete_punctuation", {}, "As she pulled back , he looked at Maya .", 0, "As she pulled back he looked at Maya ."),
]


@pytest.mark.parametrize("name,params,text,seed,expected", GOLDEN)
def test_golden(annotator, name, params, text, seed, expected):
    out = get_transform(name, **params)(text, seed=seed, annotator=annotator)
    assert (out.text if out else None) == expected


def test_registered_as_surface_preserving():
    for name in ("typos", "delete_punctuation"):
        t = get_transform(name)
        assert t.aspect == "surface" and t.effect == Effect.PRESERVES
    assert get_transform("typos").level == Level.NONE  # string-level: no tokenizer


@pytest.mark.parametrize(
    "name,param,bad",
    [("typos", "rate", 0), ("typos", "rate", 1.5), ("delete_punctuation", "p", 0.0), ("delete_punctuation", "p", -1)],
)
def test_bad_parameters(name, param, bad):
    with pytest.raises(TransformParamError, match=param):
        get_transform(name, **{param: bad})


def _one_slip(a: str, b: str) -> bool:
    """b is a with one letter inserted, deleted or two adjacent letters transposed."""
    if len(b) == len(a) + 1:
        return any(b[:i] + b[i + 1 :] == a for i in range(len(b)))
    if len(b) == len(a) - 1:
        return any(a[:i] + a[i + 1 :] == b for i in range(len(a)))
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    return False


@given(stories(), st.sampled_from([0.02, 0.1, 0.5, 1.0]), st.integers(0, 3))
def test_typos_properties(annotator, text, rate, seed):
    out = check_contract(get_transform("typos", rate=rate), text, annotator, seed)
    if out is None:
        return
    n_words = len(re.findall(r"[^\W\d_]+", text))  # every letter run: at least the words typos counts
    assert 1 <= len(out.edits) <= max(1, math.floor(rate * n_words))
    for e in out.edits:
        assert e.before.isalpha() and e.before[0] == e.after[0]
        assert _one_slip(e.before, e.after), (e.before, e.after)


def test_typos_never_parse():
    ann = Annotator()
    outs = get_transform("typos").batch([BREAD, "Another story here."], annotator=ann)
    assert all(outs) and ann.n_parsed == 0 and ann.n_tokenized == 0


def test_typos_rate_bounds_the_number_of_words():
    text = " ".join(["The quick brown fox jumps over the lazy dog."] * 20)  # 180 words
    for rate, k in [(0.02, 3), (0.1, 18), (0.001, 1)]:
        assert len(get_transform("typos", rate=rate)(text).edits) == k


@given(stories(), st.sampled_from([0.3, 1.0]), st.integers(0, 3))
def test_delete_punctuation_properties(annotator, text, p, seed):
    out = check_contract(get_transform("delete_punctuation", p=p), text, annotator, seed)
    if out is None:
        return
    for e in out.edits:
        assert e.before in (",", " ,") and e.after == ""
    assert out.text.count(",") == text.count(",") - len(out.edits)
    # sentence-final marks are never touched
    assert re.findall(r"[.!?]", out.text) == re.findall(r"[.!?]", text)


@pytest.mark.parametrize("text", ["", "   ", "\n\n", "😀 🎉", ",,,", "?!"])
def test_blank_or_wordless_input_gives_none(annotator, text):
    for name in ("typos", "delete_punctuation"):
        assert get_transform(name)(text, annotator=annotator) is None


def test_non_ascii_and_masked_names(annotator):
    text = "Zoë ate crêpes in Paris, and she drank café au lait with [MALE]. 😀"
    out = get_transform("typos", rate=1.0)(text, annotator=annotator)
    assert "[MALE]" in out.text and "😀" in out.text
    out = get_transform("delete_punctuation")(text, annotator=annotator)
    assert out.text == "Zoë ate crêpes in Paris and she drank café au lait with [MALE]. 😀"


def test_long_text_works_on_its_one_parse(annotator):
    """A 5,000-word text: each transform applies and reuses the parse (speed on long texts:
    benchmarks/long_text.py)."""
    text = long_text(5000)
    annotator.parse(text)
    annotator.parse(text, Level.TOKENS)
    parsed = annotator.n_parsed
    for name in ("typos", "delete_punctuation"):
        out = get_transform(name)(text, annotator=annotator)
        assert out is not None
        assert annotator.n_parsed == parsed, name


def test_contraction_parses_no_text_without_a_word_to_contract():
    from perturbkit.annotation import Annotator

    ann = Annotator()
    t = get_transform("contraction")
    texts = ["Tom went home early.", "Tom did not go home.", "Ann ran to the shop."]
    out = t.batch(texts, seed=0, annotator=ann)
    assert out[0] is None and out[1] is not None and out[2] is None
    assert ann.n_parsed == 1  # only the text with "not" reached the parser
