"""union_negative's round-110 invalid negations, declined: a deleted negation that strands a
negative-polarity construction ("I was sure if I was relieved", "should have cleared my head that
well", "could think of something else but of her smile"; wp 616, 611) and an inserted one on a
root that heads no clause ("My time did not leave was days", wp 611; "His eyes did not puzzle",
wp 765)."""

from __future__ import annotations

import pytest

from perturbkit.transforms.mixture import default_technique

pytestmark = pytest.mark.usefixtures("annotator")

_FATHER = "My father never told me how old she was when I came to the world . "


@pytest.mark.parametrize(
    ("text", "seed", "expected"),
    [
        # the code before: "At the time , I was sure if I was relieved or disappointed ." and the like
        ("At the time , I was n't sure if I was relieved or disappointed .", 0, None),
        ("I did n't know whether he would come .", 0, None),
        ("A sharp impact to the head should n't have cleared my head that well .", 0, None),
        ("It was n't that bad .", 0, None),
        ("I could n't think of something else but of her smile .", 0, None),
        # no construction stranded: the negation goes
        ("I was n't sure of the answer .", 0, "I was sure of the answer ."),
        ("He was n't very happy .", 0, "He was very happy ."),
        # the code before: "His eyes did not puzzle ."; "My time did not leave was days , ..."
        ("His eyes puzzled .", 0, None),
        ("He turned around . His eyes puzzled .", 0, "He did not turn around . His eyes puzzled ."),
        (_FATHER + "My time left was days , maybe even hours .", 1, "My father told me how old she was when I came to the world . My time left was days , maybe even hours ."),
        # a subjectless clause further on is the parser's, not a modifier root (roc 534, 1222)
        ("i was told the information i entered was invalid .", 0, "i was not told the information i entered was invalid ."),
        ("he wanted to get tested for hiv to verify his health was great .", 0, "he did not want to get tested for hiv to verify his health was great ."),
        # a feeling verb with an object is a verb
        ("The noise surprised the dog .", 0, "The noise did not surprise the dog ."),
    ],
)  # fmt: skip
def test_negation_declines_a_stranded_polarity_item_or_a_modifier_root(annotator, text, seed, expected):
    negation = default_technique("negation").transforms[0]
    out = negation(text, seed=seed, annotator=annotator)
    assert (out.text if out else None) == expected
