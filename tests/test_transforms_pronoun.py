"""pronoun_swap: golden outputs, agreement, and properties (case kept, only pronouns and agreeing
verbs change)."""

from __future__ import annotations

import pytest
from _character_stories import any_text, check_common, stories
from hypothesis import given
from hypothesis import strategies as st
from lemminflect import getLemma

from perturbkit import get_transform
from perturbkit.example import Example
from perturbkit.resources.lexicons import table
from perturbkit.transforms._persons import (
    CASES,
    agree,
    finite_verbs,
    pronoun_case,
    pronoun_form,
    pronoun_readings,
    text_style,
)

GOLDEN = [
    ("He walks to school with Mary. She is happy.", 0, "He walks to school with Mary. He is happy."),
    ("I am tired, so Tom drove me home.", 0, "I am tired, so Tom drove him home."),
    ("They were at home when he called.", 0, "You were at home when he called."),
    ("We have a dog. Anna loves it.", 0, "She has a dog. Anna loves it."),
    ("Is he late? She asked.", 0, "Is she late? She asked."),
    ("she said he did n't see her .", 0, "she said he did n't see him ."),
    ("[MALE] met [FEMALE] . she smiled at him .", 0, "[MALE] met [FEMALE] . he smiled at him ."),
    ("Tom and Anna walk to school. He carries her bag.", 1, "Tom and Anna walk to school. He carries his bag."),
]


# the default (fresh=True, strict=True): he <-> she with no one of the new gender, or a pronoun
# bound to its clause's subject (validity round 102); the last five fail on main (before strict)
FRESH_GOLDEN = [
    ("Tom was sad. He cried all night.", 1, "Tom was sad. She cried all night."),
    ("Jane worked late. She called her sister.", 1, "Jane worked late. She called his sister."),
    # (a) Greg is the only character (rocstories_dev-1845); main: "I sent it"
    (
        "Greg found a lost tape. He sent it to a label and they signed him.",
        0,
        "Greg found a lost tape. She sent it to a label and they signed him.",
    ),
    ("Jim needed plants. He went to the nursery.", 2, "Jim needed plants. She went to the nursery."),
    # (b) a gesture's body part is bound to the subject
    (
        "Anna was sad. Her husband came home and he nodded his head.",
        1,
        "Anna was sad. Her husband came home and he nodded my head.",
    ),
    # (b) a body part in a place phrase whose clause subject is its owner (wp_dev-865)
    ("Levi backed away, bile rising in his throat.", 0, "Levi backed away, bile rising in my throat."),
    ("Tom sat down with tears in his eyes.", 0, "Tom sat down with tears in my eyes."),
]
# round 101's fresh swaps (strict=False): any person/gender nothing in the story could be
LOOSE_GOLDEN = [
    ("I am tired, so Tom drove me home.", 0, "I am tired, so Tom drove her home."),
    ("He walks to school with Mary. She is happy.", 0, "He walks to school with Mary. We are happy."),
]


@pytest.fixture(scope="module")
def swap():
    return get_transform("pronoun_swap")


@pytest.mark.parametrize("text,seed,expected", FRESH_GOLDEN)
def test_golden(swap, annotator, text, seed, expected):
    out = swap(text, seed=seed, annotator=annotator)
    assert out is not None and out.text == expected
    assert out.parent_id == Example(text).id


@pytest.mark.parametrize("text,seed,expected", LOOSE_GOLDEN)
def test_golden_not_strict(annotator, text, seed, expected):
    out = get_transform("pronoun_swap", strict=False)(text, seed=seed, annotator=annotator)
    assert out is not None and out.text == expected


_FIRST = {"i", "me", "my", "mine", "we", "us", "our", "ours"}


@pytest.mark.parametrize(
    "text",
    [  # round 102: a new first person in a third-person story reads as a narrator never introduced
        "Harry was afraid of heights. His friends convinced him to hang glide.",  # rocstories_dev-287
        "Rob was driving home. A stranger offered him a ride home.",  # rocstories_dev-2766
        "Tory was lost. She was riding her pet horse.",  # rocstories_dev-2034
        "Joe made spaghetti. When he tasted his spaghetti he found it cooked.",  # rocstories_dev-613
        "The men were shocked. Their mouths were left open wide.",  # wp_dev-805: "My mouths"
        "The men were shocked. They shook their heads.",
        "Mary looked at him. She saw the fear in his eyes.",  # another's eyes can be seen
    ],
)
@pytest.mark.parametrize("seed", range(4))
def test_strict_never_a_free_first_person(swap, annotator, text, seed):
    out = swap(text, seed=seed, annotator=annotator)
    assert all(e.after.lower() not in _FIRST for e in _pronoun_edits(out))


@pytest.mark.parametrize("seed", range(4))
def test_strict_gender_swap_needs_the_gender_absent(swap, annotator, seed):
    """ "he" -> "she" only where nothing is female: not with a wife, a girl's name or "hers", nor
    with a person of unknown gender ("his geology teacher", "others": rocstories_dev-521, 1766)."""
    female, male = {"she", "her", "hers", "herself"}, {"he", "him", "his", "himself"}
    for text, new in (
        ("Tom was sad. He called his wife.", female),
        ("Tom met Anna. He was late.", female),
        ("Tom took the pen. It was hers.", female),
        ("Tom missed class. His geology teacher kept failing him.", female),
        ("Kim was lonely. She asked others to join her.", male),
        # kin imply a parent or partner of either gender (rocstories_dev-1660, 1231)
        ("Kia wanted dye. Her mom said she was too young.", male),
        ("Billy asked his dad for a bike. He began to mow lawns.", female),
    ):
        out = swap(text, seed=seed, annotator=annotator)
        assert all(e.after.lower() not in new for e in _pronoun_edits(out))


@pytest.mark.parametrize("text,seed,expected", GOLDEN)
def test_golden_any_target(annotator, text, seed, expected):
    out = get_transform("pronoun_swap", fresh=False)(text, seed=seed, annotator=annotator)
    assert out is not None and out.text == expected


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(
    "text",
    [
        # the new pronoun could be another character: "she called her" may be the coworker
        "Jane worked late with her coworker. She called her a cab.",
        "Tom and Anna walk to school. He carries her bag.",
        "[MALE] met [FEMALE] . she smiled at him .",
        # a generic "you" is nobody: "you couldn't deny their attraction" is not about a character
        "Tom said you can never be too careful.",
        "Jane knew you could not deny an attraction like that.",
    ],
)
def test_no_swap_to_a_pronoun_another_character_could_be(swap, annotator, text, seed):
    out = swap(text, seed=seed, annotator=annotator)
    words = {"he", "him", "his", "she", "her", "hers", "they", "them", "their", "you", "your"}
    assert out is None or all(e.after.lower() not in words for e in out.edits if e.note.startswith("pronoun"))


# Validity round 101 (20 long WritingPrompts stories, 12/20 valid): where the new pronoun could be
# read as someone, the swap declines. Each text mimics one failure; main swapped it for some seed.
_LONG = (
    "Mark opened the door. He saw a man in a suit. The man talked fast. Mark rubbed his eyes. "
    "He did not understand a word. The salesman kept talking. Mark closed the door."
)
_FIRST_PERSON_PLURAL = {"we", "us", "our", "ours"}


def _pronoun_edits(out):
    return [] if out is None else [e for e in out.edits if e.note.startswith("pronoun")]


def test_long_story_golden(swap, annotator):
    """ "his" -> "our" in a long story (wp_dev-882 "before our eyes") is now "his" -> "my"."""
    out = get_transform("pronoun_swap", strict=False)(_LONG, seed=4, annotator=annotator)
    assert out is not None and out.text == _LONG.replace("rubbed his eyes", "rubbed my eyes")
    # strict: "rubbed my eyes" may be someone rubbing the narrator's eyes, "she" may be the salesman
    assert swap(_LONG, seed=4, annotator=annotator) is None


@pytest.mark.parametrize("seed", range(8))
def test_long_story_never_swaps_into_we(swap, annotator, seed):
    """A long story's narrator may say "we" to the reader or of people in general, and a group of
    its characters may speak (wp_dev-882, 268, 492, 516): no swap into first-person plural."""
    assert all(
        e.after.lower() not in _FIRST_PERSON_PLURAL for e in _pronoun_edits(swap(_LONG, seed=seed, annotator=annotator))
    )


@pytest.mark.parametrize(
    "text",
    [
        # a story-initial pronoun has no antecedent: "She has an idea" introduces someone (wp_dev-1127)
        "I have an idea. They get suspicious at work.",
        # a partner the divorce implies may be the new "she" (wp_dev-399)
        "The divorce had not gone through by the time they died. I inherited the house.",
        # bound by a distributive quantifier: "Each individual our own artist" is agreement (wp_dev-516)
        "Art is everywhere. Each individual is his own artist.",
    ],
)
@pytest.mark.parametrize("seed", range(6))
def test_no_swap_where_the_new_pronoun_may_be_someone(swap, annotator, text, seed):
    assert swap(text, seed=seed, annotator=annotator) is None


@pytest.mark.parametrize("seed", range(8))
def test_first_mention_left_alone(swap, annotator, seed):
    """ "When we found him" -> "When she found him": one of the group (wp_dev-939); "his name" is
    the first mention of him too."""
    text = "I never knew his name. When we found him in the forest he was thin. I gave him some bread."
    for e in _pronoun_edits(swap(text, seed=seed, annotator=annotator)):
        assert e.before_span[0] not in (text.index("his"), text.index("we"))


def test_quoted_pronoun_left_alone(swap, annotator):
    """A verse, a song or another speaker's words keep their pronouns (wp_dev-271: "in my infancy")."""
    text = "Tom sat by the fire. `` All I see is my old home , '' he sang. Tom smiled."
    quote = (text.index("``"), text.index("''"))
    outs = [swap(text, seed=s, annotator=annotator) for s in range(8)]
    assert any(outs)
    for out in outs:
        assert all(not quote[0] < e.before_span[0] < quote[1] for e in _pronoun_edits(out))
    assert outs[0] is not None and outs[0].text == text.replace("he sang", "she sang")


@pytest.mark.parametrize("seed", range(8))
def test_context_characters_are_referents(swap, annotator, seed):
    """ROCStories' first sentence is the context: "she" could be the grandma it names."""
    ex = Example("he was late for church . he ran all the way .", context="ethan 's grandma woke him up .")
    out = swap(ex, seed=seed, annotator=annotator)
    assert all(e.after.lower() not in ("she", "her", "hers") for e in _pronoun_edits(out))


def test_a_quantified_time_binds_nobody(swap, annotator):
    """ "Every morning he ran": "every" quantifies the mornings, not a person who could bind "he"."""
    ex = Example("Every morning he went for a run on the beach.", context="Jim loved the sea.")
    out = swap(ex, seed=3, annotator=annotator)
    assert out is not None and out.text == "Every morning she went for a run on the beach."


@pytest.mark.parametrize(
    "text,verb,cls,expected",
    [
        ("He walks home.", "walks", "pl", "walk"),
        ("I am tired.", "am", "3s", "is"),
        ("They were late.", "were", "3s", "was"),
        ("We have a dog.", "have", "3s", "has"),
        ("She does not care.", "does", "pl", "do"),
        ("Is he late?", "Is", "pl", "Are"),
        ("He will go.", "will", "1s", "will"),
        ("He walked home.", "walked", "pl", "walked"),
        ("He isn't here.", "is", "1s", None),  # "I amn't"
        ("They haven ’ t been home .", "haven", "3s", None),  # split contraction: not "He havens ’ t"
        ("They weren ' t home .", "weren", "3s", None),
        ("He's gone.", "'s", "pl", None),  # "has" or "is": unknown
        ("I'm sure.", "'m", "3s", "'s"),
    ],
)
def test_agreement(annotator, text, verb, cls, expected):
    doc = annotator.parse(text)
    tok = next(t for t in doc if t.text == verb)
    assert agree(tok, cls) == expected


def test_coordinated_verbs_agree_together(swap, annotator):
    doc = annotator.parse("Later he lives in Oslo and builds boats.")
    he = next(t for t in doc if t.text == "he")
    assert sorted(v.text for v in finite_verbs(he)) == ["builds", "lives"]


@pytest.mark.parametrize(
    "text,word,expected",
    [
        ("I saw her dog.", "her", ("3f", "poss_adj")),
        ("I saw her at the park.", "her", ("3f", "obj")),
        ("I saw her yesterday.", "her", None),  # "her" + noun: object or possessive? skipped
        ("The red car is his.", "his", ("3m", "poss_noun")),
        ("His car is red.", "His", ("3m", "poss_adj")),
        ("You were right.", "You", ("2", "subj")),
        ("I told you so.", "you", ("2", "obj")),
        ("It is raining.", "It", None),  # "it" is never swapped (pleonastic or not a person)
        ("They made her drowsy.", "her", None),  # tagger calls it possessive: unsure, skipped
    ],
)
def test_case_from_parse(annotator, text, word, expected):
    doc = annotator.parse(text)
    tok = next(t for t in doc if t.text == word)
    got = pronoun_case(tok)
    if expected is None:
        assert got is None or got[0] not in ("1s", "1p", "2", "3m", "3f", "3p")
    else:
        assert got == expected


def test_pronoun_table_is_complete():
    rows = table("pronouns.tsv")
    assert {r["case"] for r in rows} == set(CASES)
    for ident in ("1s", "1p", "2", "3m", "3f", "3n", "3p"):
        assert all(pronoun_form(ident, c) for c in CASES)
    assert pronoun_form("3f", "poss_noun") == "hers" and pronoun_form("1s", "subj") == "I"


def test_no_pronouns_or_one_person_is_not_applicable(swap, annotator):
    assert swap("The rain fell on the town. The river rose.", annotator=annotator) is None
    assert swap("Tom went home. Tom slept.", annotator=annotator) is None


def test_lower_case_corpus_keeps_lower_i(swap, annotator):
    text = "she was tired . i drove her home ."
    outs = [swap(text, seed=s, annotator=annotator) for s in range(6)]
    assert any(o is not None for o in outs)
    for o in outs:
        if o is not None:
            assert text_style(o.text) == "lower"


@pytest.mark.parametrize(
    "text",
    [  # round 103 (WP): "he revealed ourselves", "She smiled slightly to myself" read as grammar errors
        "They painted themselves green. She laughed at him.",
        "Alice loved excitement. By doing this, she learned about herself.",
        "Adam sat alone. He thought to himself that it was late.",
    ],
)
@pytest.mark.parametrize("strict", [True, False])
def test_reflexives_only_when_asked(annotator, text, strict):
    """Neither strict nor loose swaps touch a reflexive unless ``reflexives=True`` (round 103)."""
    for seed in range(6):
        out = get_transform("pronoun_swap", strict=strict)(text, seed=seed, annotator=annotator)
        assert out is None or all(not e.before.lower().endswith(("self", "selves")) for e in out.edits)
    text = "They painted themselves green. She laughed at him."
    assert any(
        (o := get_transform("pronoun_swap", reflexives=True)(text, seed=s, annotator=annotator)) is not None
        and any(e.before == "themselves" for e in o.edits)
        for s in range(12)
    )


def test_subject_bound_by_a_reflexive_is_left_alone(swap, annotator):
    text = "She practiced by herself. Tom watched."
    for seed in range(8):
        out = swap(text, seed=seed, annotator=annotator)
        assert out is None or all(e.before != "She" for e in out.edits)


def _same_lemma(a: str, b: str) -> bool:
    be = {"am", "is", "are", "was", "were", "'m", "'s", "'re"}
    have = {"has", "have", "'s", "'ve"}
    a, b = a.lower(), b.lower()
    if {a, b} <= be or {a, b} <= have:
        return True
    return bool(set(getLemma(a, "VERB")) & set(getLemma(b, "VERB")))


@given(text=any_text, seed=st.integers(0, 3))
def test_properties(swap, annotator, text, seed):
    out = check_common(swap, text, seed, annotator)
    if out is None:
        return
    pron = [e for e in out.edits if e.note.startswith("pronoun")]
    agr = [e for e in out.edits if e.note.startswith("agreement")]
    assert len(pron) == 1 and len(pron) + len(agr) == len(out.edits)
    e = pron[0]
    before, after = pronoun_readings(e.before), pronoun_readings(e.after)
    case = e.note.rsplit("(", 1)[1].rstrip(")")
    assert case in {c for _, c in before} and case in {c for _, c in after}  # same grammatical case
    assert {i for i, c in before if c == case}.isdisjoint({i for i, c in after if c == case})
    assert "it" not in (e.before.lower(), e.after.lower())
    for a in agr:
        assert _same_lemma(a.before, a.after), a


@given(text=stories())
def test_changes_only_pronouns_words(swap, annotator, text):
    out = swap(text, seed=0, annotator=annotator)
    if out is not None:
        assert len(out.text.split()) == len(text.split())


@pytest.mark.parametrize(
    "text, style",
    [
        ("he went home .", "lower"),
        ("[MALE] went home .", "lower"),
        ("HE WENT HOME.", "upper"),
        ("[FEMALE] WENT HOME", "upper"),
        ("He went home.", "normal"),
        ("", "lower"),
        ("123 ...", "lower"),
        ("[male] went", "lower"),
        ("[X] WENT", "upper"),
        ("\u01c5 title-case only", "lower"),
        ("ÉTÉ", "upper"),
    ],
)
def test_text_style(text, style):
    assert text_style(text) == style


@given(st.text(alphabet="aAzZ [MALE]\u01c5\u01c6\u0130\u0131\u00df1.", max_size=30))
def test_text_style_is_the_definition(text):
    """'lower': no upper-case letter outside masks; 'upper': no lower-case one; else 'normal'."""
    import re

    bare = re.sub(r"\[(MALE|FEMALE|NEUTRAL)\]", " ", text)
    want = (
        "lower" if not any(c.isupper() for c in bare) else "upper" if not any(c.islower() for c in bare) else "normal"
    )
    assert text_style(text) == want
