"""repeat_ngram, repeat_sentence, repeat_sentence_far: golden cases, properties, bad input."""

from __future__ import annotations

import re

import pytest
from _transform_props import check_contract, stories
from hypothesis import given
from hypothesis import strategies as st

from perturbkit.transform import Effect, TransformParamError, get_transform

STORY = "Tom woke up early. He made coffee. Then he went to work."
FOUR = "Tom woke up early. He made coffee. Then he went to work. He came home late."
CAR = "She bought a red car at the market."
DIALOGUE = (
    "`` you 're joking ? '' `` i 'm not . it 's a class 3 planet . '' `` what else ? '' "
    "`` they are good pilots . but they are not aware . ''"
)

GOLDEN = [
    # repeat_ngram: a whole phrase, then " and " + its copy (a sentence-initial capital lowered)
    # (round 103: no n-gram starts right after a preposition or determiner: "at the market and the
    # market" and "red car" are cut from their phrase; CAR has no whole 2-word phrase)
    ("repeat_ngram", {}, CAR, 0, "She bought a red car and a red car at the market."),
    ("repeat_ngram", {"n": 2}, CAR, 0, None),
    ("repeat_ngram", {"n": 3}, CAR, 0, "She bought a red car and a red car at the market."),
    ("repeat_ngram", {"n": 4}, CAR, 0, "She bought a red car and bought a red car at the market."),
    (
        "repeat_ngram",
        {},
        "she bought a red car at the market .",
        3,
        "she bought a red car at the market and at the market .",
    ),
    ("repeat_ngram", {}, "SHE BOUGHT A RED CAR.", 0, "SHE BOUGHT A RED CAR AND BOUGHT A RED CAR."),
    ("repeat_ngram", {}, "[MALE] went home.", 0, "[MALE] went home and went home."),
    ("repeat_ngram", {}, "...", 0, None),
    # no n-gram cut inside a fixed expression or from its "of"-phrase ("for the sake and the sake of")
    ("repeat_ngram", {"n": 3}, "He did it for the sake of his family.", 0, None),
    ("repeat_ngram", {}, "He did it for the sake of his family.", 0, None),
    ("repeat_ngram", {"n": 1}, "He fell asleep on the couch.", 0, None),
    ("repeat_ngram", {"n": 4}, "He fell asleep on the couch.", 0, None),
    # whole constituents only: no clause cut from its subordinator ("more than he needed and he
    # needed"), no word cut from its dependents ("for more and for more than he needed"), no idiom
    # split ("be drop and be drop dead beautiful", "drop dead beautiful and dead beautiful")
    ("repeat_ngram", {"n": 2}, "luckily someone bought it for more than he needed .", 0, None),
    ("repeat_ngram", {"n": 2}, "luckily someone bought it for more than he needed .", 1, None),
    ("repeat_ngram", {"n": 2}, "the girl turned out to be drop dead beautiful .", 0, None),
    ("repeat_ngram", {"n": 2}, "the girl turned out to be drop dead beautiful .", 1, None),
    (
        "repeat_ngram",
        {"n": 3},
        "the girl turned out to be drop dead beautiful .",
        1,
        "the girl turned out to be drop dead beautiful and drop dead beautiful .",
    ),
    # no verb cut from its particle ("a stranger came and a stranger came by")
    ("repeat_ngram", {"n": 3}, "but one day a stranger came by .", 0, None),
    (
        "repeat_ngram",
        {"n": 4},
        "but one day a stranger came by .",
        0,
        "but one day a stranger came by and a stranger came by .",
    ),
    # no subject doubled before its verb ("the one she wanted and the one she wanted was"), nor cut from it
    ("repeat_ngram", {"n": 4}, "The one she wanted was sold out.", 0, None),
    ("repeat_ngram", {"n": 3}, "The one she wanted was sold out.", 0, None),
    ("repeat_ngram", {}, "The one she wanted was sold out.", 0, None),
    # no lone verb (or plural of time) doubled: "walked and walked", "hours and hours" are idioms of duration
    ("repeat_ngram", {"n": 1}, "He walked for hours.", 0, None),
    ("repeat_ngram", {"n": 1}, "The one she wanted was sold out.", 0, None),
    # no word cut from a complement it needs ("he added and he added eggs", "worth and worth $5000")
    ("repeat_ngram", {"n": 2}, "He added eggs.", 0, "He added eggs and added eggs."),
    ("repeat_ngram", {"n": 2}, "He would miss her.", 0, None),
    ("repeat_ngram", {"n": 1}, "His watch was worth $5000.", 0, None),
    # one phrase, not pieces of two ("to school he tried"), nor a preposition cut from its head ("out of")
    (
        "repeat_ngram",
        {"n": 4},
        "When he got to school he tried to study.",
        0,
        "When he got to school he tried to study and he tried to study.",
    ),
    ("repeat_ngram", {"n": 3}, "A rat was climbing out of the drain.", 0, None),
    # no adverb hanging on a word before it, nor a comparative, doubled: "again and again", "sure
    # enough and enough", "better and better" read as idioms, not as a repetition
    ("repeat_ngram", {"n": 1}, "Sure enough, the air was cold.", 0, "Sure enough, the air was cold and cold."),
    ("repeat_ngram", {"n": 1}, "Tom cooked again.", 0, None),
    ("repeat_ngram", {"n": 1}, "Her path was better.", 0, None),
    # round 99: no speaker label doubled ("Mindflexo and Mindflexo :"), nothing in a shouted chant
    (
        "repeat_ngram",
        {},
        "Mindflexo : Hey man , I do n't know what they are giggling about .",
        1,
        "Mindflexo : Hey man , I do n't know what they are giggling and they are giggling about .",
    ),
    (
        "repeat_ngram",
        {},
        "I faced the red camera . `` OINK OINK I LOVE MY BURGERS ! DEMS GOOD ! '' I shout .",
        1,
        "I faced the red camera and faced the red camera . `` OINK OINK I LOVE MY BURGERS ! DEMS GOOD ! '' I shout .",
    ),
    ("repeat_ngram", {}, "Day 1 : I am stuk here with onlee my cloths and this jornal .", 0, None),
    # repeat_sentence
    ("repeat_sentence", {}, STORY, 0, "Tom woke up early. Tom woke up early. He made coffee. Then he went to work."),
    ("repeat_sentence", {"keep_length": True}, STORY, 0, "Tom woke up early. Tom woke up early. Then he went to work."),
    ("repeat_sentence", {}, "Tom woke up early.", 0, "Tom woke up early. Tom woke up early."),
    ("repeat_sentence", {"keep_length": True}, "Tom woke up early.", 0, None),
    (
        "repeat_sentence",
        {},
        "tom woke up early . he made coffee .",
        0,
        "tom woke up early . tom woke up early . he made coffee .",
    ),
    # sentences inside a quotation are never copied out of it: the quotation is copied whole
    (
        "repeat_sentence",
        {},
        'He said, "I will go. You stay." Then he left.',
        0,
        'He said, "I will go. You stay." He said, "I will go. You stay." Then he left.',
    ),
    # tokenised quoted speech is copied whole with its attribution, never a piece of it ("house said .")
    (
        "repeat_sentence",
        {},
        "tom came in . `` no . i want nothing . '' house said . tom left .",
        1,
        "tom came in . `` no . i want nothing . '' house said . `` no . i want nothing . '' house said . tom left .",
    ),
    (
        "repeat_sentence_far",
        {},
        "tom came in . `` no . i want nothing . '' house said . tom left . she cried .",
        0,
        "tom came in . `` no . i want nothing . '' house said . tom left . she cried . tom left .",
    ),
    # an untagged turn of a dialogue is never copied nor overwritten: one more turn swaps the speaker
    # of every later line (wp_dev-442); narration around the dialogue still is
    ("repeat_sentence", {}, DIALOGUE, 0, None),
    ("repeat_sentence", {}, DIALOGUE, 1, None),
    ("repeat_sentence", {"keep_length": True}, DIALOGUE, 0, None),
    ("repeat_sentence_far", {}, DIALOGUE, 0, None),
    ("repeat_sentence", {}, "tom sat down . " + DIALOGUE, 0, "tom sat down . tom sat down . " + DIALOGUE),
    ("repeat_sentence", {"keep_length": True}, "tom sat down . " + DIALOGUE + " tom left .", 0, None),
    # repeat_sentence_far: at least one sentence between the original and its copy
    ("repeat_sentence_far", {}, FOUR, 0, FOUR + " Then he went to work."),
    (
        "repeat_sentence_far",
        {"keep_length": True},
        FOUR,
        0,
        "Tom woke up early. He made coffee. Tom woke up early. He came home late.",
    ),
    ("repeat_sentence_far", {}, STORY, 2, STORY + " He made coffee."),
    ("repeat_sentence_far", {}, "Tom woke up early. He made coffee.", 0, None),
]


@pytest.mark.parametrize("name,params,text,seed,expected", GOLDEN)
def test_golden(annotator, name, params, text, seed, expected):
    out = get_transform(name, **params)(text, seed=seed, annotator=annotator)
    assert (out.text if out else None) == expected


def test_registered_as_repetition_breaking():
    for name in ("repeat_ngram", "repeat_sentence", "repeat_sentence_far"):
        t = get_transform(name)
        assert t.aspect == "repetition" and t.effect == Effect.BREAKS


@pytest.mark.parametrize("bad", [0, 5, -1, "2"])
def test_repeat_ngram_rejects_bad_n(bad):
    with pytest.raises(TransformParamError, match=r"\bn'? must be"):
        get_transform("repeat_ngram", n=bad)


def _words(s: str) -> list[str]:
    return re.findall(r"\w+", s)


@given(stories(), st.sampled_from([None, 1, 2, 3, 4]), st.integers(0, 3))
def test_repeat_ngram_properties(annotator, text, n, seed):
    t = get_transform("repeat_ngram", n=n)
    out = check_contract(t, text, annotator, seed)
    if out is None:
        return
    (e,) = out.edits
    assert e.before == "" and e.after[:5].lower() == " and "
    copy = e.after[5:]
    assert 1 <= len(copy.split()) <= 4 and (n is None or len(copy.split()) == n)
    preceding = text[: e.before_span[0]]
    assert preceding[-len(copy) :].lower() == copy.lower(), "the copy repeats the words right before it"


@given(stories(), st.booleans(), st.integers(0, 3))
def test_repeat_sentence_properties(annotator, text, keep_length, seed):
    t = get_transform("repeat_sentence", keep_length=keep_length)
    out = check_contract(t, text, annotator, seed)
    if out is None:
        return
    (e,) = out.edits
    copy = e.after.strip()
    before = text[: e.before_span[0]].rstrip()
    assert before.endswith(copy), "the copy comes right after its original"
    if keep_length:
        assert e.before.strip() and e.before != copy
    else:
        assert e.before == "" and len(out.text) > len(text)


@given(stories(), st.booleans(), st.integers(0, 3))
def test_repeat_sentence_far_properties(annotator, text, keep_length, seed):
    t = get_transform("repeat_sentence_far", keep_length=keep_length)
    out = check_contract(t, text, annotator, seed)
    if out is None:
        return
    (e,) = out.edits
    copy = e.after.strip()
    before = text[: e.before_span[0]]
    assert copy in before, "the copy repeats an earlier sentence"
    between = before[before.rindex(copy) + len(copy) :]
    assert _words(between), "at least one sentence lies between the original and the copy"


@pytest.mark.parametrize("text", ["", "   ", "\n\n", "😀 🎉", "...", "?!"])
def test_blank_or_wordless_input_gives_none(annotator, text):
    for name in ("repeat_ngram", "repeat_sentence", "repeat_sentence_far"):
        assert get_transform(name)(text, annotator=annotator) is None


def test_one_sentence_story(annotator):
    one = "The old man walked slowly to the river."
    assert get_transform("repeat_sentence")(one, annotator=annotator).text == one + " " + one
    assert get_transform("repeat_sentence", keep_length=True)(one, annotator=annotator) is None
    assert get_transform("repeat_sentence_far")(one, annotator=annotator) is None
    assert get_transform("repeat_ngram")(one, annotator=annotator) is not None


def test_paragraphs_and_non_ascii(annotator):
    text = "Zoë ate crêpes in Paris. It was lovely.\n\nShe flew home on Sunday. 😀 She slept."
    for seed in range(5):
        out = get_transform("repeat_sentence")(text, seed=seed, annotator=annotator)
        assert out is not None and "\n\n" in out.text
        # a copy never crosses the paragraph break
        assert all("\n" not in e.after for e in out.edits)


def test_masked_names_stay_whole(annotator):
    text = "[MALE] met [FEMALE] at the park. [NEUTRAL] brought a big red kite."
    for seed in range(10):
        out = get_transform("repeat_ngram")(text, seed=seed, annotator=annotator)
        assert out.text.count("[") == out.text.count("]")
        assert re.fullmatch(r"[^\[\]]*(\[(MALE|FEMALE|NEUTRAL)\][^\[\]]*)*", out.text)


def test_long_text_works_on_its_one_parse(annotator):
    """A 5,000-word text: each transform applies and reuses the parse (speed on long texts:
    benchmarks/long_text.py)."""
    # long_text cycles through its sentences, and a story that repeats its lines gets no sentence
    # copy: here every line is its own (about 5,000 words)
    text = _unique_lines(400)
    annotator.parse(text)  # the parse is the Annotator's cost, not the transform's
    parsed = annotator.n_parsed
    for name, params in (
        ("repeat_ngram", {}),
        ("repeat_sentence", {}),
        ("repeat_sentence_far", {"long_stories": True}),
    ):
        out = get_transform(name, **params)(text, annotator=annotator)
        assert out is not None
        assert annotator.n_parsed == parsed, name
    # by default repeat_sentence_far leaves long stories alone (rounds 97-100)
    assert get_transform("repeat_sentence_far")(text, annotator=annotator) is None


@pytest.mark.parametrize("seed", range(10))
def test_one_word_sentences_are_not_repeated(annotator, seed):
    # "Hm . Hm ." reads as hesitation, not as a repetition (round 78); seeds 4 and 8 copied it before
    text = "He looked at the map . Hm . It was wrong ."
    out = get_transform("repeat_sentence")(text, seed=seed, annotator=annotator)
    assert out is not None and "Hm . Hm" not in out.text


_NOTED = "She ran home in the rain. The door was locked. She sat on the step and cried. # # # Edit: thanks for the gold, everyone!"


@pytest.mark.parametrize("name", ["repeat_sentence", "repeat_sentence_far"])
@pytest.mark.parametrize("seed", range(8))
def test_authors_notes_are_not_copied(annotator, name, seed):
    # round 90: "# # # #" and an "Edit:" line copied repeat the frame, not the story
    out = get_transform(name)(_NOTED, seed=seed, annotator=annotator)
    assert out is not None
    (e,) = out.edits
    assert "#" not in e.after and "Edit" not in e.after


@pytest.mark.parametrize("seed", range(8))
def test_a_line_the_story_already_repeats_is_not_copied(annotator, seed):
    # round 90: a refrain doubled once more is the author's device, not an error
    text = "I run down the road. The wind is cold. I run down the road. My legs ache and burn."
    out = get_transform("repeat_sentence")(text, seed=seed, annotator=annotator)
    assert out is not None
    assert "run down" not in out.edits[0].after


def _lines(n: int) -> list[str]:
    """``n`` lines, no two sharing five words in a row (no echo, no refrain)."""
    return [f"On day {k} the crew sailed {k + 3} miles and saw {k + 7} whales." for k in range(n)]


def _unique_lines(n: int) -> str:
    """:func:`_lines`, five to a paragraph."""
    lines = _lines(n)
    return "\n\n".join(" ".join(lines[k : k + 5]) for k in range(0, n, 5))


def _long_story(short: str) -> str:
    lines = _lines(11)
    return " ".join(lines[:6] + [short] + lines[6:])


@pytest.mark.parametrize("seed", range(8))
def test_short_lines_of_long_stories_are_not_doubled(annotator, seed):
    # round 90: in a long story a short emotional line doubled ("I miss her. I miss her.") reads as emphasis
    text = _long_story("I miss her.")
    out = get_transform("repeat_sentence")(text, seed=seed, annotator=annotator)
    assert out is not None
    assert "miss" not in out.edits[0].after
    # in a five-sentence story the same line doubled is a noticeable repetition
    short = "I miss her. She left in May. The house is quiet."
    outs = {get_transform("repeat_sentence")(short, seed=s, annotator=annotator).edits[0].after for s in range(8)}
    assert any("miss" in a for a in outs)


@pytest.mark.parametrize("seed", range(8))
def test_afterwords_are_not_copied(annotator, seed):
    # round 92: a line holding a separator and a request for critique, a plug for the author's page
    text = (
        "The old king climbed the stairs of the tower. He looked out over the burning city. "
        "He wept for the people he had failed. -- -- -- Critique is quite welcome. "
        "Check out more of my stuff at /r/someplace."
    )
    for name in ("repeat_sentence", "repeat_sentence_far"):
        out = get_transform(name)(text, seed=seed, annotator=annotator)
        assert out is not None
        assert "--" not in out.edits[0].after and "/r/" not in out.edits[0].after


@pytest.mark.parametrize("seed", range(8))
def test_lines_of_an_anaphora_in_long_stories_are_not_copied(annotator, seed):
    # round 92: a letter opening line after line with "I do not want": one more reads as the figure
    lines = _lines(9)
    figure = ["I do not want to go home.", "I do not want to see her face.", "I do not want to tell the truth."]
    text = " ".join(lines[:5] + figure + lines[5:])
    out = get_transform("repeat_sentence")(text, seed=seed, annotator=annotator)
    assert out is not None
    assert "do not want" not in out.edits[0].after


@pytest.mark.parametrize("seed", range(4))
def test_long_stories_that_repeat_on_purpose_get_no_copy(annotator, seed):
    # round 93: verse with "Step . Shriek . Step . Shriek" and a flashback with "No No No": one more
    # doubled line reads as the story's style
    lines = _lines(11)
    plain = " ".join(lines)
    assert get_transform("repeat_sentence")(plain, seed=seed, annotator=annotator) is not None
    for device in ("Step. Shriek. Step. Shriek.", "No No No, he said to the sea."):
        text = " ".join(lines[:5] + [device] + lines[5:])
        assert get_transform("repeat_sentence")(text, seed=seed, annotator=annotator) is None


@pytest.mark.parametrize("seed", range(6))
def test_lines_echoing_a_refrain_and_salutations_are_not_copied(annotator, seed):
    # round 94: a prose poem's refrain ("how she loved the Sun") and a letter's "Dear Reader" line
    text = (
        "Dear Reader, you have probably found this letter by now. She woke before the birds every day. "
        "Oh, how she loved the Sun that rose over the hill. She walked the long road to the sea alone. "
        "And in the end, how she loved the Sun above the water."
    )
    out = get_transform("repeat_sentence")(text, seed=seed, annotator=annotator)
    assert out is not None
    after = out.edits[0].after
    assert "Dear" not in after and "loved the Sun" not in after


@pytest.mark.parametrize("seed", range(10))
def test_far_copies_in_long_stories_are_plain_narration_and_never_the_last_line(annotator, seed):
    # round 97: a copy as the last line reads as a closing echo, a question said again as a refrain,
    # a quoted line copied into narration as a stray turn
    lines = _lines(8)
    text = " ".join(
        lines[:3]
        + ["Why did the sea hate him so much?", '"We turn back at dawn," the captain told the crew.']
        + lines[3:]
    )
    out = get_transform("repeat_sentence_far", long_stories=True)(text, seed=seed, annotator=annotator)
    assert out is not None
    (e,) = out.edits
    assert "?" not in e.after and '"' not in e.after
    assert not out.text.rstrip().endswith(e.after.strip())
    # a five-sentence story keeps the copy as its last line (ROC style)
    short = "Tom woke up early. He made coffee. Then he went to work. He came home late."
    far = get_transform("repeat_sentence_far")
    assert any(far(short, seed=s, annotator=annotator).edits[0].before_span[0] == len(short) for s in range(10))


@pytest.mark.parametrize("seed", range(10))
def test_plural_nouns_are_not_doubled(annotator, seed):
    # round 97: "taking bets and bets" reads as "lots of bets", like "miles and miles"
    out = get_transform("repeat_ngram")(
        "people were taking bets on which one lives and dies .", seed=seed, annotator=annotator
    )
    assert out is not None and out.edits[0].after != " and bets"


def test_semantic_repetition_repeats_no_step_of_a_sequence(annotator):
    # round 97: "Then the crying began." told again reads as the event happening again
    text = (
        "Anna came home late from work. She was very tired. Then she bought a big cake at the store. "
        "She ate it alone in the kitchen. Her cat watched her from the chair."
    )
    outs = [get_transform("semantic_repetition")(text, seed=s, annotator=annotator) for s in range(6)]
    assert all(o is None or not o.edits[0].after.strip().startswith("Then") for o in outs)


@pytest.mark.parametrize("seed", range(6))
def test_far_copies_in_long_stories_stay_near_and_point_nowhere_else(annotator, seed):
    # round 98: a copy many lines on reads as a callback or a bookend; "That is the man ..." copied
    # points at something else; a long story that repeats itself gets no doubled phrase either
    lines = _lines(14)
    text = " ".join(lines[:2] + ["That is the man who sold the old captain his first boat."] + lines[2:])
    out = get_transform("repeat_sentence_far", long_stories=True)(text, seed=seed, annotator=annotator)
    assert out is not None
    (e,) = out.edits
    assert not e.after.strip().startswith("That")
    source, target = map(int, re.findall(r"\d+", e.note))
    assert target - source <= 3
    refrain = " ".join(lines[:6] + ["I die, I am reborn."] + lines[6:9] + ["I die, I am reborn."] + lines[9:])
    assert get_transform("repeat_ngram")(refrain, seed=seed, annotator=annotator) is None


@pytest.mark.parametrize("seed", range(6))
def test_far_copies_in_long_stories_carry_no_third_person_pronoun_nor_a_speech_tag(annotator, seed):
    # round 99: a copied "He was in there for me ..." points at whoever was named last; "Mark sang out
    # upon entering the room ." copied without the quotation it introduced
    lines = _lines(12)
    text = " ".join(
        lines[:3]
        + ["He was in there for me the whole long night of the storm."]
        + lines[3:6]
        + ['"Look who I found on the beach today!" Mark sang out upon entering the crowded room.']
        + lines[6:]
    )
    out = get_transform("repeat_sentence_far", long_stories=True)(text, seed=seed, annotator=annotator)
    assert out is not None
    after = out.edits[0].after
    assert "He was" not in after and "Mark" not in after


def test_semantic_repetition_takes_long_stories_only_on_request(annotator):
    # rounds 97-99: on long stories a restated line read as the event again or as a callback
    # lines the rule paraphraser can reword ("big" -> "large"), none leaning on another
    text = " ".join(f"On day {k} the crew bought {k + 3} big boxes and saw {k + 7} whales." for k in range(14))
    assert get_transform("semantic_repetition")(text, seed=0, annotator=annotator) is None
    assert get_transform("semantic_repetition", long_stories=True)(text, seed=0, annotator=annotator) is not None


NOT_DOUBLED = [
    # round 99 (wp_dev-460): a shouted chant, or a span that already says a word again, takes no doubling
    ("I faced the red camera . `` OINK OINK I LOVE MY BURGERS ! DEMS GOOD ! '' I shout .", "`` OINK OINK I LOVE"),
    ("`` Run , run , run home to your mommy ! '' the kids sang at him .", "`` Run , run , run home"),
    # wp_dev-983: a passage written badly on purpose (a diary full of misspellings)
    ("Day 1 : I am stuk here with onlee my cloths and this jornal . I wil rite in it tomorow .", "Day 1 : I am"),
    # wp_dev-591: a speaker label is never doubled ("Mindflexo and Mindflexo : Hey man")
    ("Mindflexo : Hey man , I do n't know what they are giggling about .", "Mindflexo"),
]


@pytest.mark.parametrize("text,kept", NOT_DOUBLED)
def test_repeat_ngram_leaves_chants_misspellings_and_labels_alone(annotator, text, kept):
    t = get_transform("repeat_ngram")
    outs = [t(text, seed=seed, annotator=annotator) for seed in range(12)]
    assert all(out is None or kept in out.text for out in outs)
    if kept == "Mindflexo":  # the rest of the turn may still be doubled
        assert any(out is not None for out in outs)
        assert all(out is None or "Mindflexo and" not in out.text for out in outs)
    else:
        assert all(out is None or out.edits[0].before_span[0] < text.index(kept) for out in outs), outs


def test_repeat_ngram_leaves_scripts_alone(annotator):
    text = (
        "Thulk : Yeah , we would never laugh at you . Leechman : Do n't listen to them , you are the "
        "most important member of our team ."
    )
    t = get_transform("repeat_ngram")
    assert all(t(text, seed=seed, annotator=annotator) is None for seed in range(5))
    # one label is no script: the sentence after it still takes a doubling
    assert t(text.split(" Leechman")[0], seed=0, annotator=annotator) is not None


def test_repeat_ngram_still_doubles_plain_and_all_caps_text(annotator):
    t = get_transform("repeat_ngram")
    assert t("She bought a red car at the market.", seed=0, annotator=annotator).text == (
        "She bought a red car and a red car at the market."
    )
    # shouting needs cased text: a story all in capitals (or all in lower case) is not shouted
    assert t("SHE BOUGHT A RED CAR.", seed=0, annotator=annotator).text == "SHE BOUGHT A RED CAR AND BOUGHT A RED CAR."


def test_a_line_trailing_off_in_an_ellipsis_is_neither_copied_nor_a_copy_site(annotator):
    """Round 121 (wp_dev-874): "... then I remembered ..." copied later ended the story mid-thought;
    the line before the sentence that completes it is no unit of its own for a copy."""
    from perturbkit.transforms._copies import _repeatable_spans

    text = (
        "The dog ran out to the yard . Then I remembered ... The dog had died last year . We planted a tree for her ."
    )
    flags = {t: ok for _, _, t, ok in _repeatable_spans(annotator.parse(text))}
    assert flags["Then I remembered ..."] is False
    assert flags["The dog ran out to the yard ."] and flags["We planted a tree for her ."]
    for name in ("repeat_sentence", "repeat_sentence_far"):
        outs = [get_transform(name)(text, seed=s, annotator=annotator) for s in range(8)]
        assert any(o is not None for o in outs)
        for o in outs:  # never copied, and no copy wedged between it and the sentence that completes it
            assert o is None or o.text.count("Then I remembered") == 1
            assert o is None or "Then I remembered ... The dog had died" in o.text
    last = "The dog ran out to the yard . We planted a tree for her . Then I remembered ..."
    assert _repeatable_spans(annotator.parse(last))[-1][3]  # a story's last line trails off into nothing


def test_repeat_sentence_far_copies_no_short_line_and_no_section_mark(annotator):
    """Round 123: "What ? Ha !" said again two lines later in a rant reads as the speaker's own
    repeat (wp_dev-948); a unit opening with the separator "-- -" copied into the narrative makes
    a false section break (wp_dev-485)."""
    from perturbkit.transforms._copies import _noticeable_copies, _repeatable_spans

    rant = "I heard the news today . What ? Ha ! Jeremy is talking about me behind my back now . He is a coward ."
    far = get_transform("repeat_sentence_far")
    outs = [far(rant, seed=s, annotator=annotator) for s in range(8)]
    assert any(o is not None for o in outs)
    assert all(o is None or o.text.count("What ? Ha !") == 1 for o in outs)  # before: copied after "Jeremy ..."
    marked = "I sat in the cell . I had no food . -- - *The diary is not clear on what became of him . * I slept ."
    doc = annotator.parse(marked)
    marks = [ok for (_, _, t, _), (ok, _) in zip(_repeatable_spans(doc), _noticeable_copies(doc)) if "-- -" in t]
    assert marks == [False]
