"""causal_swap and temporal_swap decline swaps a careful reader would still find coherent (the
reversed cause or order stays plausible) or that garble the text: one golden per failure pattern
the strict readings found (docs/validity/round-35)."""

from __future__ import annotations

import pytest

from perturbkit import get_transform

DECLINED = [
    # an ongoing state on either side: "mark kept looking at the clock because detention was going so slow"
    ("causal_swap", "detention was going so slow because mark kept looking at the clock ."),
    # a feeling explains almost any act: "he was losing because he was angry"
    ("causal_swap", "gabe played a game . but he was angry because he was losing ."),
    ("causal_swap", "she was happy with her decision because she thrived in austin ."),
    # ... and almost any act may leave one: "the man adopted josh . so he became attached to josh"
    ("causal_swap", "he became attached to josh . so the man adopted josh ."),
    # a thought is the plausible effect of almost any act
    ("causal_swap", "gage felt he should see a counselor . so he made an appointment ."),
    # an absence is the plausible result of almost anything that empties a place
    (
        "causal_swap",
        "Outside , the factories had ceased their relentless activity because there was nobody there to operate "
        "the machinery .",
    ),
    # a garbled source clause (a comparative with nothing to compare)
    ("causal_swap", "belle was much more because linda comforted her ."),
    # a clause leaning on the sentence before: "so allie kept losing though"
    ("causal_swap", "the girls played for an hour . allie kept losing though . so she wanted to play something else ."),
    # an inferential "So": a conclusion between present-tense statements, or a bare state concluded
    (
        "causal_swap",
        "They change the programs you know . So someone who chose to be witty in one year answers a little "
        "different than someone who wishes for the same thing the next .",
    ),
    ("causal_swap", "I looked up at the people around me . So I was dead ."),
]

KEPT = [
    # the weather is the effect of no act: "it was raining" stays a wrong effect when reversed
    ("causal_swap", "Since it was raining, we stayed inside.", "Since we stayed inside, it was raining."),
    ("causal_swap", "She cried because she lost the game.", "She lost the game because she cried."),
]


@pytest.mark.parametrize("name,text", DECLINED)
def test_swap_declines_what_stays_coherent_or_garbles(name, text, annotator):
    assert get_transform(name)(text, seed=0, annotator=annotator) is None


@pytest.mark.parametrize("name,text,expected", KEPT)
def test_swap_keeps_reversals_that_are_clearly_wrong(name, text, expected, annotator):
    out = get_transform(name)(text, seed=0, annotator=annotator)
    assert out is not None and out.text == expected
