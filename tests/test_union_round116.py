"""union_negative's round-116 invalid cases (WP 18/20, both negation steps): a verb negated that was
the first half of a fused form the tokeniser split ("The living got ta keep living" -> "did not get
ta keep living", wp 1173), a thought tag beside a ``*...*`` thought ("*I surely wish that were so ,
* Jimmy did not think", wp 1173), and a noun the parser took for a verb with a possessive
determiner as its subject ("her face a mixture" -> "her do n't face a mixture", wp 540).

The fused forms and the possessive subject are checked on every negation insertion
(``_negation/insertion.py``, ``_negation/shapes.py``), so ``negation`` and ``negation_alteration``
decline them too; the quotation conventions join the dialogue-tag check of UNION's strict flips
(``_negation/strict.py``), which ``negation`` does not make for `` '' quotes either."""

from __future__ import annotations

import pytest

from perturbkit import get_transform

pytestmark = pytest.mark.usefixtures("annotator")

_THOUGHT = "*I surely wish that were so , * Jimmy thought , *Miss you mama . *"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # fused forms (wp 1173); the code before: "The living did not get ta keep living ."
        ("The living got ta keep living .", None),
        ("I got ta go home .", None),  # before: "I did not get ta go home ."
        ("I gotta go .", None),  # spaCy splits "gotta" too; before: "I did not getta go ."
        ("He has ta go home .", None),  # before: "He does not have ta go home ."
        ("I wan na sleep .", None),  # before: "I do not wan na sleep ."
        ("I ran home and got ta sleep .", None),  # a coordinated fused form
        # a possessive determiner as the subject (wp 540); before: "her do not face a mixture ..."
        ("Tina watched him , her face a mixture of frustration and disappointment .", None),
        # what stays
        ("I got a dog .", "I did not get a dog ."),
        ("We were gon na win .", "We were not gon na win ."),  # the auxiliary, not the fused form
        ("Her face turned red .", "Her face did not turn red ."),
        ("his was old and outdated .", "his was not old and outdated ."),  # a possessive pronoun
        ("I saw her face .", "I did not see her face ."),
    ],
)  # fmt: skip
def test_negation_declines_fused_forms_and_possessive_subjects(annotator, plain_negation, text, expected):
    out = plain_negation(text, seed=0, annotator=annotator)
    assert (out.text if out else None) == expected


def test_negation_alteration_shares_the_checks(annotator):
    alteration = get_transform("negation_alteration", targeted=False, rate=1.0)
    assert alteration("The living got ta keep living .", seed=0, annotator=annotator) is None
    assert alteration("Tina watched him , her face a mixture of frustration .", seed=0, annotator=annotator) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a thought tag beside a *...* thought (wp 1173); before: "... * Jimmy did not think , *Miss you mama . *"
        (_THOUGHT, None),
        ("*Miss you mama . * Jimmy thought .", None),  # before: "* Jimmy did not think ."
        ("*Go away . * She sighed .", None),  # before: "* She did not sigh ."
        ("He said , 'I am tired . ' He left .", None),  # paired straight single quotes; before: "He did not leave ."
        ("The living got ta keep living .", None),
        # what stays: stressed words are no quotation, nor a line of narration without any
        ("*Wow* he liked it .", "*Wow* he did not like it ."),
        ("She liked it * a lot * .", "She did not like it * a lot * ."),
        ("There was a dog .", "There was not a dog ."),
    ],
)  # fmt: skip
def test_union_negation_step_counts_every_quotation_convention(annotator, union_negation, text, expected):
    out = union_negation(text, seed=0, annotator=annotator)
    assert (out.text if out else None) == expected
