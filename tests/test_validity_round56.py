"""Golden cases for what round 56's strict reading (and a fixer's reading of round 670) found in
antonym, causal_word_flip and synonym (each declined case was produced by the code before the fix)."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.example import Example

GOLDEN = [
    # antonym: "hated" only where a sentence states a fondness for the same thing; a mention ("brought
    # her ice cream": maybe another flavour) or a regret ("regrets buying the land") fits either attitude
    (
        "antonym",
        "",
        "his grandmother loved vanilla ice cream . paul always brought her ice cream when he visited . one day ,"
        " paul came over and forgot to bring any ice cream .",
        None,
    ),
    (
        "antonym",
        "",
        "emma looked up , her therapist smiled at her . she loved her therapist . emma looked back at her drawing"
        " . her therapist nodded .",
        None,
    ),
    (
        "antonym",
        "",
        "his grandmother loved vanilla ice cream . she enjoyed the ice cream every single day .",
        "his grandmother hated vanilla ice cream . she enjoyed the ice cream every single day .",
    ),
    # antonym: a memory in a list or the present ("I forget a crying baby") and a fading bounded by
    # "until" ("began to remember the letter until") have no opposite event
    (
        "antonym",
        "",
        "I remember chanting . I remember the walls breathing . I remember a crying baby . I remember fire .",
        None,
    ),
    (
        "antonym",
        "",
        "I signed the letter and sent it . Days passed and I began to forget the letter until late one night it"
        " happened . The letter came back .",
        None,
    ),
    # round 670: a loose gerund ("gestate destroying"), a created thing told by what it would be, "instead"
    (
        "antonym",
        "",
        "the antibodies took over the body and started to gestate creating more antibodies . the antibodies won .",
        None,
    ),
    (
        "antonym",
        "",
        "the races came together to build a grand city , one that would exemplify the best of each culture ."
        " the city prospered .",
        None,
    ),
    (
        "antonym",
        "",
        "the romans destroyed the ring . the natives then built a church instead . it was a historic church .",
        None,
    ),
    # causal_word_flip: the result would as well be the cause ("he ended up saving lots of money . This
    # was because he ate less"; "wanted a piercing . This was because she found a store"), an ongoing
    # state or a feeling either side, and a because-clause that runs on into a clause of its own
    (
        "causal_word_flip",
        "eric decided to eat less food .",
        "and he ended up saving lots of money . so he ate less and less . and he got used to a low calorie diet"
        " . eric spent $ 50 on food each month .",
        None,
    ),
    (
        "causal_word_flip",
        "sarah wanted a new piercing on her belly button .",
        "so she found a store she liked . she went to the store and paid to get her belly button pierced . it hurt .",
        None,
    ),
    (
        "causal_word_flip",
        "",
        "The next day she did n't feel like eating day-old-cake so she ordered the cook to make her some stew ."
        " So the cake was laying there and it started to rot . Soon the bees came .",
        None,
    ),
    (
        "causal_word_flip",
        "",
        "Asshat pulled me back . Bastard . Oh well . So I 'd missed my lay-in and my destiny all before I"
        " reached the plant , which should have set me up for the rest of the day , but silly old me had a"
        " nugget of optimism left . Went to the booth .",
        None,
    ),
    # round 670: a conclusion behind the new "so", a purpose "so", a feeling for an object, an explanation
    # in the past perfect, a feeling as the new cause
    (
        "causal_word_flip",
        "",
        "neither of them have jobs . they 're spoiled rotten adult babies because their dad never said no .",
        None,
    ),
    (
        "causal_word_flip",
        "",
        "I blend in . I have to tread lightly , literally , so I do n't destroy their roads . I am careful .",
        None,
    ),
    (
        "causal_word_flip",
        "",
        "he posted angry messages on cars . but after several weeks , he realized it was only causing more stress .",
        None,
    ),
    (
        "causal_word_flip",
        "",
        "No matter what , my gut always said that the next step was the right one . So I 'd walked into the woods"
        " without them . A boy was taken .",
        None,
    ),
    (
        "causal_word_flip",
        "",
        "morgan did not like the job . but the toddlers told morgan they loved her . so morgan felt happy about"
        " her job .",
        None,
    ),
    (
        "causal_word_flip",
        "",
        "seth missed him , but he knew the friend still did drugs . he refused so he was n't tempted to relapse .",
        None,
    ),
    ("causal_word_flip", "", "tom loved jokes . tom was a smart guy so he used his wit to say funny things .", None),
    (
        "causal_word_flip",
        "",
        "he ordered a treadmill . it arrived so he delivered it to his mom . she loved it .",
        None,
    ),
    # synonym: "finish" is "complete" only of a task; a strong adjective has no synonym of its
    # strength and register; an idiom keeps its noun
    ("synonym", "", "he looked around to see his dog finishing his sandwich .", None),
    ("synonym", "", "she finished her homework .", "she completed her homework ."),
    ("synonym", "", "tom went to the sporting good store for new shoes .", None),
    ("synonym", "", "he pulled the cord several times but the mower would not start .", None),
    ("synonym", "", "she woke up , asking him what was wrong . he said he was exhausted .", None),
    (
        "synonym",
        "",
        "I wrote something but it 's no good . Long story short . He was dropped into a well .",
        None,
    ),
]


@pytest.mark.parametrize("name,context,text,expected", GOLDEN)
def test_round56_golden(annotator, name, context, text, expected):
    out = get_transform(name)(Example(text, context=context or None), seed=56, annotator=annotator)
    assert (out.text if out else None) == expected
