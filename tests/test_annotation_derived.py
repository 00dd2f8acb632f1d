"""Docs of variants derived from their parents' Docs: the DerivedAnnotator view, the sentence
bank (sentences and word rows lent across parents) and the rearrangement rules (exchanged and
repeated phrases)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perturbkit.annotation import Annotator, DerivedAnnotator, Level, derive_docs, doc_text
from perturbkit.annotation.reparse_match import SentenceBank, attrs

STORY = "Tom woke up early. He made coffee in the kitchen. Then he drove to New York."
OTHER = "A man saw the cats. The cat saw him and her. She left the house. A dog ran."


def _parse_view(doc):
    """Tags, labels, lemmas and heads of every token: what a derived parse must match."""
    return [(t.text, t.tag_, t.pos_, t.lemma_, t.dep_, t.head.i) for t in doc]


def _bank(annotator, *texts):
    bank = SentenceBank(attrs())
    for t in texts:
        bank.table(annotator.parse(t))
    return bank


def _derive(annotator, parent, text, bank):
    seen: list[str] = []
    (doc,) = derive_docs(
        annotator.nlp,
        [(annotator.parse(parent), text)],
        parse=lambda ts: seen.extend(ts) or annotator.pipe(ts),
        bank=bank,
    )
    return doc, seen


def test_a_sentence_of_another_parent_is_copied_from_it(annotator):
    bank = _bank(annotator, OTHER)
    text = STORY.replace("He made coffee in the kitchen.", "She left the house.")
    doc, seen = _derive(annotator, STORY, text, bank)
    assert seen == [] and doc.text == text
    other = annotator.parse(OTHER)
    copied = [s for s in doc.sents if s.text == "She left the house."][0]
    source = [s for s in other.sents if s.text == "She left the house."][0]
    assert _parse_view(copied.as_doc()) == _parse_view(source.as_doc())
    # without the bank the sentence is parsed
    _, seen = _derive(annotator, STORY, text, None)
    assert seen == ["She left the house."]


def test_a_swapped_function_word_takes_the_row_of_the_same_word_elsewhere(annotator):
    bank = _bank(annotator, OTHER)
    text = STORY.replace("He made", "She made")
    doc, seen = _derive(annotator, STORY, text, bank)
    assert seen == []
    she, he = doc[5], annotator.parse(STORY)[5]
    theirs = [t for t in annotator.parse(OTHER) if t.text == "She"][0]
    assert (she.text, she.tag_, she.dep_, she.head.text) == ("She", he.tag_, he.dep_, he.head.text)
    assert (she.lemma_, str(she.morph), she.pos_) == (theirs.lemma_, str(theirs.morph), theirs.pos_)
    assert _parse_view(doc) == _parse_view(annotator.nlp(text))
    # a function word the bank never saw with that tag needs a parse; so does any without a bank
    assert _derive(annotator, STORY, STORY.replace("He made", "Who made"), bank)[1] == [
        "Who made coffee in the kitchen."
    ]
    assert _derive(annotator, STORY, text, None)[1] == ["She made coffee in the kitchen."]


def test_a_word_seen_only_with_other_tags_is_not_kept_in_the_slot(annotator):
    parent = "Tom woke up. The cat slept on the bed. He left."
    text = parent.replace("The cat slept", "The cats slept")
    bank = _bank(annotator, "A man saw the cats.")  # "cats" known as a plural noun only
    doc, seen = _derive(annotator, parent, text, bank)
    assert seen == ["The cats slept on the bed."]
    assert [t.tag_ for t in doc if t.text == "cats"] == ["NNS"]
    _, seen = _derive(annotator, parent, text, None)  # the parent-only rule keeps the slot's tag
    assert seen == []


@pytest.mark.parametrize(
    "old, new",
    [
        ("He hired a piano teacher.", "A piano teacher hired him."),
        ("The dogs chased the cat.", "The cat chased the dogs."),
        ("He was hired by a teacher.", "A teacher was hired by him."),
    ],
)
def test_exchanged_phrases_are_derived_as_the_parser_would_parse_them(annotator, old, new):
    parent = f"Tom woke up. {old} He left."
    text = parent.replace(old, new)
    doc, seen = _derive(annotator, parent, text, _bank(annotator, parent, OTHER))
    assert seen == [] and doc.text == text
    assert _parse_view(doc) == _parse_view(annotator.nlp(text))


@pytest.mark.parametrize(
    "old, new",
    [
        ("She felt really bad.", "She felt really bad and really bad."),
        ("Sarah broke up with John.", "Sarah broke up with John and with John."),
        ("She got the bread out.", "She got the bread and got the bread out."),
        ("Cindy told the manager of the store.", "Cindy told the manager and told the manager of the store."),
    ],
)
def test_a_repeated_phrase_is_coordinated_as_the_parser_would_parse_it(annotator, old, new):
    parent = f"Tom woke up. {old} He left."
    text = parent.replace(old, new)
    doc, seen = _derive(annotator, parent, text, _bank(annotator, parent))
    assert seen == [] and doc.text == text
    assert _parse_view(doc) == _parse_view(annotator.nlp(text))


@pytest.mark.parametrize(
    "old, new",
    [
        ("She felt really bad.", "She felt really and felt really bad."),  # "felt really" is no phrase
        ("He hired a piano teacher.", "A piano hired him teacher."),  # not whole phrases exchanged
        ("He hired a piano teacher.", "A piano teacher hired him twice."),  # exchanged, and a word added
    ],
)
def test_other_rearrangements_are_parsed(annotator, old, new):
    parent = f"Tom woke up. {old} He left."
    text = parent.replace(old, new)
    doc, seen = _derive(annotator, parent, text, _bank(annotator, parent, OTHER))
    assert seen == [new] and doc.text == text


def test_a_parent_sentence_repeated_inside_a_sentence_does_not_start_one(annotator):
    parent = "Tom woke up. We ran home. He left."
    text = parent.replace("We ran home.", "We ran and we ran home.")
    doc, seen = _derive(annotator, parent, text, _bank(annotator, parent))
    assert seen == []
    assert [s.text for s in doc.sents] == ["Tom woke up.", "We ran and we ran home.", "He left."]


def test_paragraph_breaks_between_sentences_are_rebuilt(annotator):
    parent = "Tom woke up early.\n\nHe made coffee. Then he left."
    text = "He made coffee. Tom woke up early.\n\nThen he left.\n"
    doc, seen = _derive(annotator, parent, text, _bank(annotator, parent))
    assert seen == [] and doc.text == text
    whole = annotator.nlp(text)
    assert [(t.text, t.tag_, t.dep_, t.head.i) for t in doc if t.is_space] == [
        (t.text, t.tag_, t.dep_, t.head.i) for t in whole if t.is_space
    ]
    assert [s.text for s in doc.sents] == [s.text for s in whole.sents]
    (plain,) = derive_docs(annotator.nlp, [(annotator.parse(parent), text)], parse=annotator.pipe)
    assert plain is None  # without a bank: parsed whole, as before


@given(
    cut=st.integers(0, 3),
    words=st.lists(st.sampled_from(["she", "the", "cat", "ran", "and", "him", "New", "."]), max_size=6),
    move=st.booleans(),
    sep=st.sampled_from([" ", "\n\n", " \n", "  "]),
)
def test_a_derived_doc_has_the_text_and_the_tokenizer_s_tokens(annotator, cut, words, move, sep):
    """Derived Docs serve tokens-level requests, so their tokens must be the tokenizer's."""
    sents = [s.text for s in annotator.parse(STORY).sents]
    new = sents[:cut] + ([" ".join(words)] if words else []) + sents[cut:]
    if move:
        new = new[1:] + new[:1]
    text = sep.join(new)
    doc, _ = _derive(annotator, STORY, text, _bank(annotator, STORY, OTHER))
    if doc is not None:
        assert doc.text == text == doc_text(doc)
        tokens = annotator.nlp.make_doc(text)
        assert [(t.text, t.whitespace_) for t in doc] == [(t.text, t.whitespace_) for t in tokens]


# ------------------------------------------------------------------------------------------------
# The view
# ------------------------------------------------------------------------------------------------
SHUFFLED = "He made coffee in the kitchen. Tom woke up early. Then he drove to New York."
NEGATED = "Tom woke up early. He did not make coffee in the kitchen. Then he drove to New York."


@pytest.fixture()
def base(annotator):
    return Annotator(annotator.nlp)


def test_registered_texts_are_derived_when_first_asked_for(base, monkeypatch):
    view = DerivedAnnotator(base)
    view.add_parents([(STORY, SHUFFLED), (STORY, NEGATED), (STORY, STORY), (STORY, "  ")])
    assert view.docs == {} and base.n_parsed == 0  # nothing happens at registration
    docs = view.pipe([SHUFFLED, NEGATED, "A text with no parent."])
    assert docs[0] is view.docs[SHUFFLED] and docs[1] is view.docs[NEGATED]
    assert docs[2] is base.parse("A text with no parent.")  # whole, from the base
    assert view.n_derived == base.n_derived == 2
    assert base.n_parsed == 2  # the story and the unregistered text; nothing re-parsed
    assert view.parse(SHUFFLED) is docs[0]


def test_a_derived_doc_serves_tokens_requests_and_stays_in_the_view(base):
    view = DerivedAnnotator(base)
    view.add_parents([(STORY, SHUFFLED)])
    assert view.parse(SHUFFLED, Level.TOKENS) is not None and SHUFFLED not in view.docs  # tokenized only
    doc = view.parse(SHUFFLED)
    assert view.parse(SHUFFLED, Level.TOKENS) is doc
    assert view.pipe([SHUFFLED], Level.NONE) == [None]
    assert base.parse(SHUFFLED) is not doc  # the base parses it whole when asked


def test_a_parent_that_is_itself_registered_is_derived_first(base):
    view = DerivedAnnotator(base)
    view.add_parents([(STORY, SHUFFLED), (SHUFFLED, SHUFFLED + " He slept.")])
    doc = view.parse(SHUFFLED + " He slept.")
    assert SHUFFLED in view.docs and doc.text == SHUFFLED + " He slept."
    assert base.n_parsed == 2  # the story and "He slept."


def test_a_cycle_of_registrations_ends_in_a_whole_parse(base):
    view = DerivedAnnotator(base)
    view.add_parents([(SHUFFLED, STORY), (STORY, SHUFFLED)])
    doc = view.parse(STORY)  # needs SHUFFLED, which needs STORY: parsed whole, as no longer registered
    assert doc.text == STORY and view.n_derived == 2 and base.n_parsed == 1


def test_the_bank_lends_sentences_across_parents_only_when_asked(base):
    other = "Ann found a dog. She called the owner."
    text = STORY.replace("He made coffee in the kitchen.", "She called the owner.")
    for bank, parsed in ((False, 3), (True, 2)):
        ann = Annotator(base.nlp)
        view = DerivedAnnotator(ann, bank=bank)
        view.add_parents([(STORY, text), (other, other + " It was late.")])
        view.pipe([text, other + " It was late."])
        assert ann.n_parsed == parsed + 1  # two parents, "It was late.", and the sentence unless lent


def test_a_suite_derives_the_docs_of_the_negatives_it_perturbs_again(annotator, sample_examples):
    from perturbkit import get_transform
    from perturbkit.suite import Discrimination, Invariance, Suite, generate

    suite = Suite(
        name="s",
        tests=[
            Discrimination(name="rep", transforms="repeat_sentence"),
            Invariance(name="typo_neg", originals="negatives-of:rep", transforms="typos"),
            Invariance(name="syn_neg", originals="negatives-of:rep", transforms="synonym"),
        ],
    )
    ann = Annotator(annotator.nlp)
    parsed: list[str] = []
    process = ann._process
    ann._process = lambda texts, level, *lite: (
        (level == Level.PARSE and parsed.extend(texts)) or process(texts, level, *lite)
    )
    gen = generate(suite, sample_examples, annotator=ann)
    negatives = [v for _, v in gen["rep"].variants]
    assert negatives and gen["syn_neg"].variants
    stories = {ex.text for ex in sample_examples if ex.text.strip()}
    assert stories <= set(parsed) and not {v.text for v in negatives} & set(parsed)  # no negative parsed whole
    assert ann.n_derived == len({v.text for v in negatives})
    # a sentence repeated whole is copied; what is parsed again is a few quotes that the parser
    # ran across a paragraph break, while the transform repeated only the part after it
    rest = [t for t in parsed if t not in stories]
    assert len(rest) < len(negatives) / 4 and all("\n" in t or len(t) < 80 for t in rest)
    # typos reads the string only: the same variants as on the negatives from scratch
    typos = get_transform("typos").batch(negatives, seed=0, annotator=Annotator(annotator.nlp))
    assert sorted(v.text for _, v in gen["typo_neg"].variants) == sorted(o.text for o in typos if o is not None)


def test_a_bank_view_derives_every_pending_text_at_once(annotator):
    """With the bank a derived Doc depends on its batch: asking for one registered text derives
    all pending ones, so no Doc depends on which text a transform asked for first."""
    first, second = STORY.replace("early", "late"), STORY.replace("coffee", "tea")
    for bank, derived in ((True, 2), (False, 1)):
        view = DerivedAnnotator(annotator, bank=bank)
        view.add_parents([(STORY, first), (STORY, second)])
        assert view.parse(first).text == first
        assert view.n_derived == derived and (second in view.docs) == bank
