"""Register (round 103, long WritingPrompts stories): ``contraction`` contracts and expands only in
keeping with the voice, ``synonym`` and ``paraphrase`` keep formal words out of a colloquial story.
Each case was handled otherwise before (the story texts are made up, after the dev cases)."""

from __future__ import annotations

import pytest

from perturbkit.transform import get_transform
from perturbkit.transforms._paraphrasers import keeps_register
from perturbkit.transforms._register import Voices, colloquial, contracts, formal, written_spans

# a long narration (over 100 words) that never contracts, in which a wizard speaks words of power
_SOLEMN = (
    "They called me the Magnificent , the Great and Powerful . The first spell I cast was the "
    "Rainbringing , and the people called me hero . The second was to save a life , and I spoke for "
    "hours until the princess took a proper breath . The third was to cast down an army of Darkness . "
    "Alone I stood upon the battlefield and spoke the words of power , `` You will not pass . '' They "
    "called me the Swordbreaker , the Tidecutter , the Greatest . The fourth was to prove my love to "
    "her , a poem of ten lines that brought forth the most beautiful smile in the world . The fifth was "
    "the war with the Necromancer , and the words burned through his armies and shattered the Black "
    "Throne . The last was when I held her in my arms ."
)


def _out(name: str, text: str, annotator, **params) -> str | None:
    v = get_transform(name, **params)(text, seed=0, annotator=annotator)
    return v.text if v else None


def test_long_story_that_never_contracts_keeps_its_full_forms(annotator):
    # wp_dev-234: "You will not pass" -> "You wo n't pass" lost the words of power's register
    assert _out("contraction", _SOLEMN, annotator, direction="contract") is None
    # the same story with a contraction of its own contracts as before
    casual = _SOLEMN.replace("They called me the Swordbreaker", "They 'd call me the Swordbreaker")
    out = _out("contraction", casual, annotator, direction="contract")
    assert out is not None and "`` You wo n't pass . ''" in out


@pytest.mark.parametrize(
    "text,expected",
    [
        # formal voice: "whom I 'd sacrifice" (wp_dev-1048), an archaic "thou"
        ("My obsession , whom I would sacrifice any measure of sanity for .", None),
        ("Thou shalt see that I will not yield .", None),
        # a sign's wording: as a noun's modifier (rocstories_dev-649) or quoted after "read"
        ("pointing to the do not touch signs , debra told him not to try it .", None),
        ("He hung a do not disturb sign on the door .", None),
        (
            "The sign read `` Do not enter . '' , so we did not go in .",
            "The sign read `` Do not enter . '' , so we did n't go in .",
        ),
        # "her" as an object is no determiner
        ("most chicks like her are not into it but she is .", "most chicks like her are n't into it but she is ."),
        # a negation left whole keeps its sentence's others whole (wp_dev-1040: "do not -- -could not")
        ("On the cusp of a darkness you do not -- -could not know .", None),
        ("I am not sure and I do not care .", "I 'm not sure and I do n't care ."),
        # capitals in a sentence of small letters are stress (wp_dev-130)
        ("But the FIRE WILL NOT LISTEN ! I did not care .", "But the FIRE WILL NOT LISTEN ! I did n't care ."),
    ],
)
def test_contract_keeps_the_register(annotator, text, expected):
    assert _out("contraction", text, annotator, direction="contract") == expected


@pytest.mark.parametrize(
    "text,expected",
    [
        # colloquial voice: "I am gon na", "You have got ta" (wp_dev-9, wp_dev-951)
        ("`` I 'm gon na be late , I 've got ta go . ''", None),
        # only the colloquial voice keeps its contractions: the narration still expands
        (
            "`` Yeah , I 'm gon na go . '' He did n't wait for her .",
            "`` Yeah , I 'm gon na go . '' He did not wait for her .",
        ),
        # a sentence that keeps a contraction the rules cannot expand keeps all (wp_dev-130)
        ("Trees DON \u2019 T walk , and I ca n't tell why .", None),
        # a writer who types "it 's" for "its" (wp_dev-524): no "it 's" is certainly "it is"
        ("The night masks it 's every feature . The dragon flew up , it 's tail long .", None),
        ("It 's late . Well , I 'm tired and it 's fine .", "It is late . Well , I am tired and it is fine ."),
    ],
)
def test_expand_keeps_the_register(annotator, text, expected):
    assert _out("contraction", text, annotator, direction="expand") == expected


def test_formal_synonym_stays_out_of_colloquial_text(annotator):
    # wp_dev-56: "drunk" -> "intoxicated" in a profane story's punchline
    assert _out("synonym", "I was drunk and horny .", annotator) is None
    assert _out("synonym", "Of all my fuck ups this was the worst . I was drunk that night .", annotator) is None


def test_paraphrase_checks_the_story_register():
    story = "Of all my fuck ups this one was the worst . I was drunk and tired ."
    pos = story.index("I was")
    assert not keeps_register(story, pos, "I was drunk and tired .", "I was intoxicated and tired .")
    assert keeps_register(story, pos, "I was drunk and tired .", "I was drunk and weary .")
    assert not keeps_register(_SOLEMN, 10, "You will not pass .", "You wo n't pass .")
    assert keeps_register(_SOLEMN, 10, "You wo n't pass .", "You will not pass .")


def test_register_helpers():
    assert contracts("trees don \u2019 t walk") and contracts("I 'm here") and contracts("didn't")
    assert not contracts("the dog 's bone and John's hat")
    assert colloquial("I 'm gon na go") and colloquial("it ai n't so") and not colloquial("I am going to go")
    assert (
        formal("the man whom I met") and formal("Count your hours , for we are coming") and not formal("I came for you")
    )
    text = "The sign read `` Keep out . '' He said `` Go . ''"
    assert written_spans(text) == ((14, 30),)
    v = Voices("`` Yeah , I 'm gon na go . '' He did n't wait .")
    assert v.colloquial(5) and not v.colloquial(35)
