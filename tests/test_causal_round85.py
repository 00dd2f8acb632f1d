"""Golden cases for the causal swaps and word flips round 85's strict reader found still believable
(each declined case was produced by the code before the fix): a response to another's act made the
effect (a note posted, a call, an arrest, a phone that beeps), a spoken "So problem was ...", a
mental state made the effect of one's own act, and a generic claim joining two abstract nouns."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.example import Example

GOLDEN = [
    # another person's message in answer to the narrator's act ("So, she left a note on my door")
    ("causal_swap", "Her dog went missing. She left a note on my door about it. So, I joined the search.", None, None),
    (
        "causal_word_flip",
        "Her dog went missing. She left a note on my door about it. So, I joined the search.",
        None,
        None,
    ),
    ("causal_swap", "Mia wanted a bike. He called me about it. So, I joined the team.", None, None),
    ("causal_word_flip", "Mia wanted a bike. He called me about it. So, I joined the team.", None, None),
    # others acting against a person after an event: a mistaken culprit is believable
    (
        "causal_swap",
        "Ben was walking home late. Because they arrested Ben, the real thief got away with the money.",
        None,
        None,
    ),
    # a device's signal in answer to a person's act
    (
        "causal_swap",
        "My phone on the table started to beep at me, so I quickly got dressed and sat down.",
        None,
        None,
    ),
    ("causal_swap", "The alarm by my bed started to ring, so I quickly got up and went downstairs.", None, None),
    # "So problem was ...": a spoken "So" that frames an explanation
    (
        "causal_swap",
        "He gambled a lot. Problem was he lost all his money on cards. So his wife left him.",
        None,
        None,
    ),
    ("causal_swap", "I lost my job last spring. So problem was I had no money left for rent.", None, None),
    # kept: a causal "So" after a framing sentence still flips
    (
        "causal_word_flip",
        "I drank a lot every night. Problem was I got so drunk I never locked the door. So the house got robbed.",
        None,
        "I drank a lot every night. Problem was I got so drunk I never locked the door. This was because the house"
        " got robbed.",
    ),
    # a wary mind made the effect of one's own act ("This was because she installed a lock")
    (
        "causal_word_flip",
        "So she installed a lock on her door. Her friend said it was useless.",
        "Nina was paranoid.",
        None,
    ),
    (
        "causal_word_flip",
        "So she installed a camera in her car. Her friend said it was useless.",
        "Nina was suspicious.",
        None,
    ),
    # a generic present-tense claim between abstract nouns
    ("causal_word_flip", "Greed by its very nature leads to misery.", None, None),
    ("causal_word_flip", "Wisdom often leads to sadness.", None, None),
    # kept: clear wrong causes
    (
        "causal_word_flip",
        "Tom was hungry. So he ate a sandwich.",
        None,
        "Tom was hungry. This was because he ate a sandwich.",
    ),
    ("causal_swap", "Tom was hungry. So he ate a sandwich.", None, "Tom ate a sandwich. So he was hungry."),
    ("causal_word_flip", "She left because he shouted.", None, "She left, so he shouted."),
    ("causal_word_flip", "The storm led to a flood.", None, "The storm resulted from a flood."),
    # kept: a directive after the act ("As a result, he told Jake to stop") and a negated call after a state
    (
        "causal_swap",
        "Jake put gum under the desk. A teacher saw him. He told Jake to stop. As a result, Jake threw his gum in the trash.",
        None,
        "Jake put gum under the desk. A teacher saw him. Jake threw his gum in the trash. As a result, he told Jake to stop.",
    ),
    (
        "causal_swap",
        "Sue took art classes. She was still poor. No one called her for work, so Sue needed a new plan.",
        None,
        "Sue took art classes. She was still poor. Sue needed a new plan, so no one called her for work.",
    ),
]


@pytest.mark.parametrize("name,text,context,expected", GOLDEN)
def test_round85_golden(annotator, name, text, context, expected):
    out = get_transform(name)(Example(text, context=context), seed=0, annotator=annotator)
    assert (out.text if out else None) == expected


# round 87: a lack, a condition or an abstract quality either side of a nominal cause, in the past too
GOLDEN_87 = [
    (
        "causal_word_flip",
        "The old drone kept crashing. The lack of fuel led to unstable flights over the valley. Its owner gave up.",
        None,
        None,
    ),
    ("causal_word_flip", "The rover broke down. Its instability resulted in a failure of the wheels.", None, None),
    (
        "causal_word_flip",
        "The bridge was weak. The shortage of steel caused the collapse. People were angry.",
        None,
        None,
    ),
    ("causal_word_flip", "The darkness of the tunnel caused a crash. Nobody was hurt.", None, None),
    # round 87: a maxim (generic "you", "got ta") as the because-clause
    ("causal_word_flip", "I stayed calm , because you got ta keep your head .", None, None),
    # kept: clear wrong causes, and a past "you" that is no generic subject
    ("causal_word_flip", "She left because he shouted.", None, "She left, so he shouted."),
    ("causal_word_flip", "She left because you shouted at her.", None, "She left, so you shouted at her."),
    ("causal_word_flip", "The storm led to a flood.", None, "The storm resulted from a flood."),
    (
        "causal_word_flip",
        "The fire led to the evacuation of the school.",
        None,
        "The fire resulted from the evacuation of the school.",
    ),
    (
        "causal_word_flip",
        "Tom was hungry. So he ate a sandwich.",
        None,
        "Tom was hungry. This was because he ate a sandwich.",
    ),
]


@pytest.mark.parametrize("name,text,context,expected", GOLDEN_87)
def test_round87_golden(annotator, name, text, context, expected):
    out = get_transform(name)(Example(text, context=context), seed=0, annotator=annotator)
    assert (out.text if out else None) == expected


# round 88 WP: a generic present-tense claim joining an abstract noun to a bare noun in mass use
# ("routine", which the parser tags as an adjective) reads as another saying when reversed
GOLDEN_88 = [
    (
        "causal_word_flip",
        "I work at the same desk every day. As routine leads to boredom, boredom leads to curiosity. "
        "I began to wonder what lay behind the wall. One day I opened the door in the wall. Curiosity had won.",
        None,
        None,
    ),
    # kept: a past event with its article is a clear wrong cause reversed
    (
        "causal_word_flip",
        "The long drought led to a famine in the valley. The famine drove the farmers away. "
        "By spring the valley was empty.",
        None,
        "The long drought resulted from a famine in the valley. The famine drove the farmers away. "
        "By spring the valley was empty.",
    ),
]


@pytest.mark.parametrize("name,text,context,expected", GOLDEN_88)
def test_round88_golden(annotator, name, text, context, expected):
    out = get_transform(name)(Example(text, context=context), seed=0, annotator=annotator)
    assert (out.text if out else None) == expected
