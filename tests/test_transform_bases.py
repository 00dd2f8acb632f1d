"""The transform bases: a WordSubstitution or WordFlip subclass states only its own parts, and the
base does the shared steps (sites, inflection, casing, a/an, provenance, one draw, the memo)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from perturbkit.transform import (
    Effect,
    MaxWordsSubstitution,
    Proposal,
    RateSubstitution,
    TransformParamError,
    WordFlip,
)
from perturbkit.transform.flip import flip_word, opposites


@dataclass(repr=False)
class Colder(MaxWordsSubstitution):
    """Replace "hot" with "cold" (a toy substitution; not registered)."""

    name = "toy_colder"
    aspect = "toy"
    effect = Effect.BREAKS
    label = "colder"
    upos = ("ADJ",)

    def propose(self, lemma, pos):
        return [Proposal("cold", "mine")] if lemma == "hot" else []


@dataclass(repr=False)
class Fruit(MaxWordsSubstitution):
    """Replace "pear" with "apple", counting how often the resource is asked."""

    name = "toy_fruit"
    aspect = "toy"
    label = "fruit"
    upos = ("NOUN",)
    asked = 0

    def propose(self, lemma, pos):
        type(self).asked += 1
        return [Proposal("apple", "mine")] if lemma == "pear" else []


def test_substitution_inflects_cases_and_notes(annotator):
    out = Colder()("The soup was hotter than the tea.", seed=0, annotator=annotator)
    assert out.text == "The soup was colder than the tea."
    (edit,) = out.edits
    assert (edit.before, edit.after, edit.note) == ("hotter", "colder", "colder[mine] ADJ hot->cold")
    assert Colder()("Hot soup is good.", seed=0, annotator=annotator).text == "Cold soup is good."


def test_substitution_fixes_the_article(annotator):
    out = Fruit()("She ate a pear after lunch.", seed=0, annotator=annotator)
    assert out.text == "She ate an apple after lunch."
    assert [e.note for e in out.edits] == ["article agrees with 'apple'", "fruit[mine] NOUN pear->apple"]


def test_substitution_with_nothing_to_propose_is_not_applicable(annotator):
    assert Colder()("The soup was warm.", seed=0, annotator=annotator) is None


def test_candidates_are_found_once_per_doc(annotator):
    text = "The pear was ripe. Another pear fell from the tree."
    doc = annotator.parse(text)
    Fruit.asked = 0
    t = Fruit(max_words=2)
    first = t.candidates(doc)
    asked = Fruit.asked
    assert [c.lemma for c in first] == ["apple", "apple"] and asked >= 2
    assert t.candidates(doc) is first and Fruit.asked == asked  # kept in the Doc
    out = t(text, seed=0, annotator=annotator)  # applicable + apply: no new questions
    assert out.text == "The apple was ripe. Another apple fell from the tree." and Fruit.asked == asked


def test_max_words_is_validated():
    from perturbkit.transform import registry

    assert "toy_colder" not in registry()
    with pytest.raises(ValueError, match="max_words"):
        Colder(max_words=0).validate()


def test_rate_substitution_draws_distinct_non_adjacent_sites(annotator):
    @dataclass(repr=False)
    class Louder(RateSubstitution):
        name = "toy_louder"
        aspect = "toy"
        label = "louder"
        upos = ("ADJ",)

        def propose(self, lemma, pos):
            return [Proposal("loud", "mine")] if lemma in ("quiet", "calm") else []

    text = "The quiet room was calm. The quiet man sat in the calm garden."
    out = Louder(rate=1.0)(text, seed=3, annotator=annotator)
    assert out is not None and {e.after for e in out.edits} == {"loud"}
    spans = sorted(e.before_span for e in out.edits)
    assert all(a[1] < b[0] - 1 for a, b in zip(spans, spans[1:]))  # never two neighbours
    assert Louder(rate=0.1)(text, seed=3, annotator=annotator).text.count("loud") == 1  # at least one


@dataclass(repr=False)
class BeforeAfter(WordFlip):
    """Flip the conjunction "before" (a toy flip on the temporal lexicon; not registered)."""

    name = "toy_before_after"
    aspect = "toy"
    lexicon = "temporal"

    def triggers(self):
        return frozenset({"before"})

    def flips(self, doc):
        conj = opposites(self.lexicon, "conj")
        return [flip_word(doc, t, conj[t.lower_], "toy") for t in doc if t.lower_ == "before"]


def test_word_flip_draws_one_flip(annotator):
    out = BeforeAfter()("Before dinner, she read. She slept before midnight.", seed=0, annotator=annotator)
    assert out is not None and len(out.edits) == 1
    assert out.edits[0].before.lower() == "before" and out.edits[0].after.lower() == "after"
    assert out.edits[0].after[0].isupper() == out.edits[0].before[0].isupper()  # cased like the original


def test_word_flip_skips_stories_without_its_words(annotator):
    assert BeforeAfter()("She read after dinner.", seed=0, annotator=annotator) is None
    assert not BeforeAfter().applicable(None, annotator.parse("She read after dinner."))


def test_flip_word_fixes_the_article(annotator):
    doc = annotator.parse("They had an early lunch.")
    early = next(t for t in doc if t.lower_ == "early")
    changes = flip_word(doc, early, "late", "early -> late")
    assert sorted((c.new, c.note) for c in changes) == [("a", "a/an agreement"), ("late", "early -> late")]


def test_lexicon_words_default_triggers():
    @dataclass(repr=False)
    class AnyTemporal(WordFlip):
        name = "toy_any_temporal"
        lexicon = "temporal"

    words = AnyTemporal().triggers()
    assert {"before", "after", "yesterday"} & words >= {"before", "after"}
    assert all(" " not in w for w in words)


def test_unknown_parameters_of_a_registered_substitution_are_errors():
    from perturbkit.transform import get_transform

    with pytest.raises(TransformParamError, match="max_words"):
        get_transform("antonym", max_words=0)
