"""union_negative's round-118 invalid case from its substitution step (WP 19/20): a misspelt
"princess" written "princes" after "a" was parsed as a plural noun and replaced by another plural
("There once was a women", wp 1121). A keyword whose tag contradicts its determiner's number is no
site now (``keyword_site_ok``): the parse disagrees with itself there, so no replacement can be
inflected right. The same holds for ``keyword_substitution`` itself."""

from __future__ import annotations

import pytest

from perturbkit.transforms._substitution.keywords import keyword_site_ok

pytestmark = pytest.mark.usefixtures("annotator")


@pytest.mark.parametrize(
    ("text", "word", "ok"),
    [
        ("There once was a princes , the most beautiful of all .", "princes", False),  # NNS after "a"
        ("She sold one apples at the market .", "apples", False),  # NNS after "one"
        ("These dog barked all night .", "dog", False),  # NN after "these"
        ("There once were two princes in the castle .", "princes", True),
        ("A dog barked at these cats .", "cats", True),
        ("A dog barked at these cats .", "dog", True),
    ],
)
def test_a_noun_whose_number_its_determiner_contradicts_is_no_site(annotator, text, word, ok):
    doc = annotator.parse(text)
    i = next(t.i for t in doc if t.text == word)
    assert keyword_site_ok(doc, i) is ok
