"""Register (round 105, long WritingPrompts stories): ``contraction`` expands only in a voice that
already writes full forms, and contracts no exclamation, no "would never" and no copula that only
an adverb follows. Each case was handled otherwise before (the texts are made up, after the dev
cases)."""

from __future__ import annotations

import pytest

from perturbkit.transform import get_transform
from perturbkit.transforms._register import Voices

# a long narration (over 100 words) that contracts all it can, with no full form of its own
_CHATTY = (
    "You know how everyone laughs when they 're tickled ? It 's different for me . Let me tell you "
    "how it goes . I 'm lying on the couch , and my sister sneaks up , and I do n't see her coming . "
    "She 's quick , she 's always been quick . Her fingers find my ribs and I 'm gone , but I do n't "
    "laugh . I sneeze . Every single time . The doctors could n't explain it , the priest did n't "
    "want to , and my mother just shrugged . So now I keep tissues in every pocket , and when a "
    "stranger reaches for my side at a party I 'm ready . You 'd be surprised how often that happens "
    "at parties , honestly , more than you would think ."
)

# a long narration that mixes: it writes full forms where it could contract
_MIXED = _CHATTY.replace("and I do n't see her", "and I do not see her").replace(
    "but I do n't laugh", "but I do not laugh"
)


def _out(text: str, annotator, **params) -> str | None:
    v = get_transform("contraction", **params)(text, seed=0, annotator=annotator)
    return v.text if v else None


def test_a_voice_that_contracts_all_it_can_is_not_expanded(annotator):
    # wp_dev-679: "when they are tickled ? It is different for me" read stiff
    assert _out(_CHATTY, annotator, direction="expand") is None
    # the same narration with full forms of its own expands as before
    out = _out(_MIXED, annotator, direction="expand")
    assert out is not None and "when they are tickled ? It is different for me" in out


def test_dialogue_that_contracts_all_it_can_keeps_its_contractions(annotator):
    # wp_dev-888 / wp_dev-1089: the narration mixes full forms, the dialogue never does
    lines = " ".join(f"`` {x} '' he said ." for x in ("Do n't shoot !", "You 're rising fast .", "I 'm out ."))
    text = _MIXED + " " + lines
    out = _out(text, annotator, direction="expand")
    assert out is not None and "when they are tickled" in out
    assert "`` Do n't shoot ! ''" in out and "`` You 're rising fast . ''" in out and "`` I 'm out . ''" in out


def test_voices_mix(annotator):
    v = Voices(_CHATTY)
    assert not v.mixes(5, [])
    # 12 contractions of its own: 2 full forms are under a fifth of its places, 3 are a fifth
    assert not v.mixes(5, [10, 20])
    assert v.mixes(5, [10, 20, 30])
    assert Voices("I 'm here . It 's late .").mixes(0, [])  # a short story shows no habit
    long_one = "word " * 120 + "I 'd go ."
    assert Voices(long_one).mixes(0, [])  # one contraction is no habit


@pytest.mark.parametrize(
    "text,expected",
    [
        # an exclamation keeps its full forms (wp_dev-752, wp_dev-621)
        (
            "`` I will not be made a fool by you ! '' He did not move .",
            "`` I will not be made a fool by you ! '' He did n't move .",
        ),
        ("`` Do not distract me with flattery ! '' she yells .", None),
        # a solemn "would never" (wp_dev-305)
        ("They are memories I would never forget .", "They 're memories I would never forget ."),
        ("I will ever be grateful , and I am glad .", "I will ever be grateful , and I 'm glad ."),
        # a copula that only an adverb follows ends its clause (paraphrase, wp_dev-487)
        ("Here I am though , running away from a demon .", None),
        ("Here we are again . I am tired .", "Here we are again . I 'm tired ."),
        ("Here I am in the woods .", None),
        ("You are right , I am too .", "You 're right , I am too ."),
        ("I am here now and I am happy .", "I 'm here now and I 'm happy ."),
    ],
)
def test_contract_keeps_emphasis(annotator, text, expected):
    assert _out(text, annotator, direction="contract") == expected
