"""transforms._units and _quotes.quotation_spans: what sentence-level transforms move, copy or
replace as one piece (quoted speech, speaker turns, headings, fragments)."""

from __future__ import annotations

import pytest

from perturbkit.transforms._quotes import quotation_spans, single_quote_spans
from perturbkit.transforms._units import text_units


def _texts(text):
    return [(u.text, u.movable, u.whole) for u in text_units(text)]


@pytest.mark.parametrize(
    "text,expected",
    [
        ('He said, "Go. Now." She left.', ((9, 19),)),
        ("He said , `` Go . Now . '' She left .", ((10, 26),)),
        ("He said \u201cGo.\u201d Then \u2018Wait,\u2019 she said.", ((8, 13), (19, 26))),
        ("Don\u2019t go. I\u2019ve been there.", ()),  # apostrophes are not quotation marks
        ("'' she said . He left .", ((0, 2),)),  # a story that starts mid-quote
        ("He said `` Go .", ((8, 15),)),  # never closed: runs to the end
    ],
)
def test_quotation_spans(text, expected):
    assert quotation_spans(text) == expected


@pytest.mark.parametrize(
    "text,expected",
    [
        # quoted speech over several sentences, with its attribution, is one unit
        (
            "tom came in . `` no . i want nothing . '' house said . tom left .",
            [
                ("tom came in .", True, True),
                ("`` no . i want nothing . '' house said .", True, True),
                ("tom left .", True, True),
            ],
        ),
        # any inflected speech verb tags the quotation (verb_classes.tsv, class speech) ...
        ('"Go away." She whispers. Tom left.', [('"Go away." She whispers.', True, True), ("Tom left.", True, True)]),
        # ... but not a form that is a verb of its own ("lay" is not "lied")
        (
            '"Go." He lay down. Tom left.',
            [('"Go."', True, True), ("He lay down.", True, True), ("Tom left.", True, True)],
        ),
        # a speaker label keeps its whole line
        (
            "Human: Write a story. Keep it short.\nAssistant: The cat sat.",
            [("Human: Write a story. Keep it short.", True, True), ("Assistant: The cat sat.", True, True)],
        ),
        # a heading is a unit of its own that never moves
        (
            "Chapter 1\nThe rain fell. Tom stayed in.",
            [("Chapter 1", False, False), ("The rain fell.", True, True), ("Tom stayed in.", True, True)],
        ),
        # a line broken mid-sentence is not a heading: the fragment joins what follows
        ("I said good\nbye. We left.", [("I said good\nbye.", True, True), ("We left.", True, True)]),
        # a piece that does not end like a sentence goes with what follows
        ("We met Mr. Lee today. He waved.", [("We met Mr. Lee today.", True, True), ("He waved.", True, True)]),
        # punctuation-only pieces cannot move
        ("He left. ...", [("He left. ...", True, True)]),
    ],
)
def test_units(text, expected):
    assert _texts(text) == expected


def test_an_asterisk_span_is_one_unit_like_a_quotation():
    # round 65: a shuffle moved "*More laughing ." away from its closing "*" (a WP stage direction)
    text = "She picked up the phone . *More laughing . Louder now . * He hung up . She sighed ."
    units = [u.text for u in text_units(text)]
    assert "*More laughing . Louder now . * He hung up ." in units or "*More laughing . Louder now . *" in units
    assert all(u.count("*") % 2 == 0 for u in units)


def test_a_unit_with_an_unpaired_asterisk_never_moves():
    (unit,) = [u for u in text_units("He left . * She stayed .") if "*" in u.text]
    assert not unit.movable


# round 97: stories quoting speech in straight single quotes had their quotations cut in two
# ("She panted , 'I have bad news ." | "China wo n't bite . '"); apostrophes are no quotes
@pytest.mark.parametrize(
    "text,expected",
    [
        (
            "She panted , 'I have bad news . It wo n't work . ' He looked up .",
            ["'I have bad news . It wo n't work . '"],
        ),
        ("'Sir ? ' she said .", ["'Sir ? '"]),
        ("He said, 'Go home. Now.' She left.", ["'Go home. Now.'"]),
        ("'I think you know where I 'm from ' he said .", ["'I think you know where I 'm from '"]),
        ("Are you there , Tom ? ' 'I am . ' Tom said .", ["Are you there , Tom ? '", "'I am . '"]),  # starts mid-quote
        # apostrophes: contractions, tokenised clitics, elisions, possessives, a dropped g
        ("I don't know. It 's Tom 's dog . We ca n't go . I 'm here .", []),
        ("Get 'em all , 'til the '90s . The students ' books were wet . James' car left .", []),
        ("He was sittin ' there , good ol ' Tom . He was doin' fine .", []),
        ("She 's called it 'home ' ever since . We 'll see .", ["'home '"]),
        ("He paused . 'The students ' books are wet . ' She nodded .", None),  # cannot pair: declines
        ("'Ello , he said . Then he left .", None),  # an elision taken for a quote never closes
        ("He left . Nothing ' happened . ' Yes . '", None),  # a closing mark with nothing open
        ("Hi . '' she said . He left .", []),  # a tokenised double quote is no single one
    ],
)
def test_single_quote_spans(text, expected):
    spans = single_quote_spans(text)
    assert (None if spans is None else [text[a:b] for a, b in spans]) == expected


@pytest.mark.parametrize(
    "text,unit",
    [
        (
            "Linda ran in . She panted , 'I have bad news . It wo n't work . ' He looked up .",
            "She panted , 'I have bad news . It wo n't work . '",
        ),
        (
            "The van stopped . 'I ca n't say . I have not . ' Carl said . He left .",
            "'I ca n't say . I have not . ' Carl said .",
        ),
        ("The van stopped . 'Go . Now . ' He left .\n\n'No . ' Then he sat .", "'Go . Now . '"),
    ],
)
def test_a_single_quoted_passage_is_one_unit(text, unit):
    units = [u.text for u in text_units(text)]
    assert any(unit in u for u in units), units
    assert all(u.count("'") - u.count("n't") - u.count("'s") in (0, 2, 4) for u in units), units


def test_single_quotes_that_do_not_pair_leave_the_units_as_they_were():
    # the sentence-copying transforms still see the story's units (only sentence_shuffle declines)
    text = "He paused . 'The students ' books are wet . ' She nodded ."
    assert [u.text for u in text_units(text)] == ["He paused .", "'The students ' books are wet .", "' She nodded ."]
