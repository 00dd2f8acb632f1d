"""contraction: golden cases in both directions, properties, bad input."""

from __future__ import annotations

import re

import pytest
from _transform_props import check_contract, long_text, stories
from hypothesis import given
from hypothesis import strategies as st

from perturbkit.transform import Effect, TransformParamError, get_transform

C, E = {"direction": "contract"}, {"direction": "expand"}

GOLDEN = [
    # contract: pronoun + auxiliary/copula, and auxiliary + not
    (
        C,
        "I am happy. You are late. He is tall. They have eaten. I will go. We would stay. She had left.",
        "I'm happy. You're late. He's tall. They've eaten. I'll go. We'd stay. She'd left.",
    ),
    (
        C,
        "He did not go. It is not red. I cannot swim. I can not swim. She will not come. We could not see.",
        "He didn't go. It isn't red. I can't swim. I can't swim. She won't come. We couldn't see.",
    ),
    (C, "Do not touch. DO NOT TOUCH. Will not do.", "Don't touch. DON'T TOUCH. Won't do."),
    (C, "[MALE] did not go. It is raining. You are not ready.", "[MALE] didn't go. It's raining. You aren't ready."),
    # never: clause-final auxiliary, main-verb have, noun + is, "am not", "not only"
    (
        C,
        "Yes, I am. I have a car. John is here. I am not sure. They have to go.",
        "Yes, I am. I have a car. John is here. I'm not sure. They have to go.",
    ),
    (C, "Yes, I am. I am, and always will be. I will not only sing but dance.", None),
    (C, "He owns a farm and he will too one day. She is too.", None),
    # tokenised text keeps its style; curly apostrophes are kept
    (
        C,
        "he did not go . i am happy . she will not come . i cannot swim .",
        "he did n't go . i 'm happy . she wo n't come . i ca n't swim .",
    ),
    (C, "I\u2019m sure he did not go.", "I\u2019m sure he didn\u2019t go."),
    # expand: n't, 'm, 're, 've, 'll always; 's and 'd only when the next words decide
    (E, "Don't go. Can't stop. Won't stop. DON'T GO.", "Do not go. Cannot stop. Will not stop. DO NOT GO."),
    # "ain't" has no single expansion, and its colloquial voice keeps its other contractions (round 103)
    (E, "Don't go. Can't stop. I ain't going.", None),
    (E, "I'm here. You're late. I've eaten. We'll see.", "I am here. You are late. I have eaten. We will see."),
    (
        E,
        "He's happy. She's been there. He's gone home. Let's go. John's car is red.",
        "He is happy. She has been there. He's gone home. Let's go. John's car is red.",
    ),
    (
        E,
        "It's been raining. She's going home. That's true. There's a cat. What's happened? Who's there? "
        "He's got a car.",
        "It has been raining. She is going home. That is true. There is a cat. What's happened? Who is there? "
        "He has got a car.",
    ),
    (
        E,
        "He'd better go. I'd like tea. We'd left. She'd come.",
        "He had better go. I would like tea. We had left. She'd come.",
    ),
    (
        E,
        "I'd rather stay. You'd never seen it. They'd have gone. Could've been worse.",
        "I would rather stay. You had never seen it. They would have gone. Could have been worse.",
    ),
    (E, "I\u2019m here. She\u2019s happy. He didn\u2019t go.", "I am here. She is happy. He did not go."),
    (
        E,
        "he did n't go . i 'm happy . she 's been there . he 'd gone . ca n't stop . wo n't go .",
        "he did not go . i am happy . she has been there . he had gone . cannot stop . will not go .",
    ),
    # inverted questions and tags would need reordering; "it's" as a misspelt "its"; ambiguous 'd
    (
        E,
        "Can't you see? Don't you dare. Isn't it nice? She can't.",
        "Can't you see? Don't you dare. Isn't it nice? She cannot.",
    ),
    (E, "It's owner came. Let's go.", None),
    # possessive "have left" parsed as a perfect: "how much time I 've left" reads as "departed" (wp_dev-279)
    ({"direction": "contract"}, "i do n't know how much time i have left , so hurry .", None),
    # a misspelt "its" before adjectives and a noun (round 753, wp_dev-1038: "with it is secondary ... star")
    (E, "we found a system with it 's secondary smaller yellow star .", None),
    # ... and before a noun the parser tagged as an adjective (round 121, wp_dev-239: "it 's origin not
    # from the planet" -> "it is origin not from the planet"); a real adjective still expands
    (E, "my powers stem from another entity , it 's origin not from the planet .", None),
    (E, "it 's young and it 's fun .", "it is young and it is fun ."),
    (E, "She'd come.", None),
    ({}, "The sky was blue.", None),
    # both: one direction per example, drawn by the seed
    ({}, "I am here. He didn't go.", "I'm here. He didn't go."),
]


@pytest.mark.parametrize("params,text,expected", GOLDEN)
def test_golden(annotator, params, text, expected):
    out = get_transform("contraction", **params)(text, seed=0, annotator=annotator)
    assert (out.text if out else None) == expected


def test_both_directions_are_drawn(annotator):
    t = get_transform("contraction")
    outs = {t("I am here. He didn't go.", seed=s, annotator=annotator).text for s in range(8)}
    assert outs == {"I'm here. He didn't go.", "I am here. He did not go."}


def test_registered_and_validated():
    t = get_transform("contraction")
    assert t.aspect == "surface" and t.effect == Effect.PRESERVES
    with pytest.raises(TransformParamError, match="direction"):
        get_transform("contraction", direction="sideways")


_APOS = re.compile(r"['\u2019]")


def _expansions(contracted: str) -> set[str]:
    """Every full form a contracted span may stand for (lower case, straight apostrophes)."""
    c = " ".join(_APOS.sub("'", contracted.lower()).split())
    c = c.replace(" n't", "n't").replace(" '", "'")
    table = {"can't": {"can not", "cannot"}, "won't": {"will not"}, "cannot": {"can not", "cannot"}}
    if c in table:
        return table[c]
    for clitic, full in [
        ("n't", {" not"}),
        ("'m", {" am"}),
        ("'re", {" are"}),
        ("'ve", {" have"}),
        ("'ll", {" will"}),
        ("'s", {" is", " has"}),
        ("'d", {" would", " had"}),
    ]:
        if c.endswith(clitic):
            return {c[: -len(clitic)] + f for f in full}
    return set()


@given(stories(), st.sampled_from(["contract", "expand", "both"]), st.integers(0, 3))
def test_properties(annotator, text, direction, seed):
    out = check_contract(get_transform("contraction", direction=direction), text, annotator, seed)
    if out is None:
        return
    kinds = set()
    for e in out.edits:
        a = e.before_span[0]
        host = re.search(r"\w*$", text[:a]).group(0)  # a clitic edit starts right after its host word
        contracting = bool(_APOS.search(e.after)) or e.before.lower().endswith("cannot")
        kinds.add("contract" if contracting else "expand")
        short, full = (e.after, e.before) if contracting else (e.before, e.after)
        full_norm = " ".join((host + full).lower().split())
        assert full_norm in _expansions(host + short), (e, host, short, full)
    assert len(kinds) == 1, "one direction per example"
    if direction != "both":
        assert kinds == {direction}


@pytest.mark.parametrize("text", ["", "   ", "\n\n", "😀 🎉", "'", "n't", "'s 'd 'm"])
def test_blank_or_odd_input_gives_none(annotator, text):
    assert get_transform("contraction")(text, annotator=annotator) is None


def test_long_text_works_on_its_one_parse(annotator):
    """A 5,000-word text: many edits, and the transform reuses the parse (its speed on a long
    text, and how that grows with the length, is benchmarks/long_text.py's job)."""
    text = long_text(5000)
    annotator.parse(text)
    parsed = annotator.n_parsed
    out = get_transform("contraction")(text, annotator=annotator)
    assert out is not None and len(out.edits) > 100
    assert annotator.n_parsed == parsed


@pytest.mark.parametrize(
    "text,expected",
    [
        # "not" negates the gerund ("his regret was not-having a fireplace"): "wasn't having" changes it
        ("andrew built his house . his only regret was not having a fireplace .", None),
        ("His only regret was not having a fireplace.", None),
        # a pronoun subject: a progressive, contracted as before
        ("She was not having fun at the party.", "She wasn't having fun at the party."),
    ],
)
def test_not_before_a_gerund_of_a_noun_subject_stays(annotator, text, expected):
    out = get_transform("contraction", direction="contract")(text, seed=0, annotator=annotator)
    assert (out.text if out else None) == expected


@pytest.mark.parametrize("seed", range(3))
def test_stressed_words_keep_their_form(annotator, seed):
    # "* can not *" -> "* ca n't *" lost the stress the writer marked (round 78); the rest still changes
    text = "I * can not * or * will not * go there . He did not care ."
    out = get_transform("contraction")(text, seed=seed, annotator=annotator)
    assert out is not None and out.text == "I * can not * or * will not * go there . He did n't care ."


@pytest.mark.parametrize(
    "text,expected",
    [
        # wp_dev-849 (round 101): curly quotation marks, straight spaced contractions; "was n\u2019t" was written
        (
            "\u2018 Well , \u2019 he said . \u2018 No . \u2019 He was not there , and he did n't mind .",
            "\u2018 Well , \u2019 he said . \u2018 No . \u2019 He was n't there , and he did n't mind .",
        ),
        (
            "He said \u2018no\u2019 and \u2018never\u2019 and was not there. It's fine.",
            "He said \u2018no\u2019 and \u2018never\u2019 and wasn't there. It's fine.",
        ),
        # the story's own curly contractions still decide, in either spacing
        ("I\u2019m sure he did not go.", "I\u2019m sure he didn\u2019t go."),
        ("it \u2019s late and he did not go .", "it \u2019s late and he did n\u2019t go ."),
        # WP stories typed with curly apostrophes are split around them ("didn \u2019 t"): written so
        (
            "It \u2019 s late and he did not go , I am sure . She will not come .",
            "It \u2019 s late and he didn \u2019 t go , I \u2019 m sure . She won \u2019 t come .",
        ),
    ],
)
def test_contractions_take_the_story_apostrophe(annotator, text, expected):
    out = get_transform("contraction", direction="contract")(text, seed=0, annotator=annotator)
    assert (out.text if out else None) == expected


@pytest.mark.parametrize(
    "text,expected",
    [
        # a fixed, parallel phrase whose second half cannot contract (wp_dev-849, round 101)
        ("' I am what I am , ' he said .", None),
        ("I am what I am, and he is not here.", "I am what I am, and he isn't here."),
        # twins that all contract still do
        ("I am tired and I am hungry.", "I'm tired and I'm hungry."),
        ("I did not ask and I did not care.", "I didn't ask and I didn't care."),
        # "who I am", "what you are": the copula's complement went before it (wp_dev-1110)
        ("The actions that defined who I am in my life were good.", None),
        ("I wonder what it is like here.", "I wonder what it's like here."),
    ],
)
def test_no_lone_contracted_twin(annotator, text, expected):
    out = get_transform("contraction", direction="contract")(text, seed=0, annotator=annotator)
    assert (out.text if out else None) == expected


@pytest.mark.parametrize(
    "text,expected",
    [
        # the writer meant "Your daddy" (wp_dev-401, round 101): "You are daddy misses you" garbles it;
        # its sentence keeps "he 'll" beside the "You 're" that stays (round 103)
        (
            "I 'm not your dad . You 're daddy misses you very much , he 'll be happy .",
            "I am not your dad . You 're daddy misses you very much , he 'll be happy .",
        ),
        ("They 're dog is barking .", None),
        ("He 's dog bit me .", None),
        # a noun phrase that belongs to the copula still expands
        ("You 're family , and we 're friends who help .", "You are family , and we are friends who help ."),
        ("You 're my hero .", "You are my hero ."),
    ],
)
def test_possessive_typo_clitic_stays(annotator, text, expected):
    out = get_transform("contraction", direction="expand")(text, seed=0, annotator=annotator)
    assert (out.text if out else None) == expected
