"""Core model: Example/Edit, the Transform base, the registry, combinators and RNG derivation."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass

import pytest

import perturbkit as pk
from perturbkit.annotation import Annotator, Level
from perturbkit.example import Edit, Example
from perturbkit.transform import (
    Chain,
    Change,
    Effect,
    Mixture,
    OneOf,
    Sometimes,
    Transform,
    TransformParamError,
    UnknownTransform,
    get_transform,
    register,
    registry,
    rng_for,
    transform_class,
)


@dataclass(repr=False)
class _Upper(Transform):
    """Upper-case the first word (test helper, not registered)."""

    name = "_upper_first"
    aspect = "test"
    effect = Effect.PRESERVES
    level = Level.NONE

    def apply(self, ex, doc, rng):
        end = len(ex.text.split(" ", 1)[0])
        return self.rewrite(ex, [Change(0, end, ex.text[:end].upper(), "upper")])


@dataclass(repr=False)
class _Suffix(Transform):
    """Append a random digit (test helper)."""

    name = "_suffix"
    aspect = "test"
    effect = Effect.BREAKS
    level = Level.NONE

    def apply(self, ex, doc, rng):
        n = len(ex.text)
        return self.rewrite(ex, [Change(n, n, f" {rng.randrange(10)}", "digit")])


@dataclass(repr=False)
class _Never(Transform):
    name = "_never"
    aspect = "test"
    level = Level.NONE

    def apply(self, ex, doc, rng):
        return None


def test_example_ids_are_stable_and_content_derived():
    a = Example("He left.", context="It rained.")
    assert a.id == Example("He left.", context="It rained.").id
    assert a.id != Example("He left.").id
    assert Example("x", id="story-1").id == "story-1"
    with pytest.raises(TypeError, match="id='bad'"):
        Example(None, id="bad")  # type: ignore[arg-type]


def test_example_round_trips_through_dict():
    ex = _Upper()(Example("hello world", id="e1", context="c", reference="r", meta={"k": 1}))
    assert ex is not None
    back = Example.from_dict(ex.to_dict())
    assert back == ex and back.meta == {"k": 1} and back.parent_id == "e1"
    assert back.edits == (Edit("_upper_first", (0, 5), (0, 5), "hello", "HELLO", "upper"),)


def test_variants_are_light_objects_sharing_their_parents_meta():
    """Slots (no per-object dict) and one shared ``meta``: a batch keeps thousands of variants
    alive, and each object is one more for the garbage collector to scan."""
    import pickle

    parent = Example("hello world", id="e1", meta={"rating": 3, "storyline": [["a"]]})
    out = _Upper()(parent)
    assert out.meta is parent.meta and out.meta == {"rating": 3, "storyline": [["a"]]}
    assert not hasattr(out, "__dict__") and not hasattr(out.edits[0], "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        out.text = "changed"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(out)) == out


def test_rewrite_records_spans_in_both_texts():
    t = _Upper()
    ex = Example("ab cd ef", id="x")
    out = t.rewrite(ex, [Change(6, 8, "EFG"), Change(0, 2, "")])
    assert out.text == " cd EFG"
    (e1, e2) = out.edits
    assert (e1.before_span, e1.after_span, e1.before, e1.after) == ((0, 2), (0, 0), "ab", "")
    assert (e2.before_span, e2.after_span) == ((6, 8), (4, 7))
    assert out.text[slice(*e2.after_span)] == "EFG"
    with pytest.raises(ValueError, match="overlapping"):
        t.rewrite(ex, [Change(0, 4, "z"), Change(2, 5, "y")])
    assert t.rewrite(ex, [Change(0, 2, "ab")]) is None  # a no-op change is no change


def test_unchanged_output_and_blank_input_give_none():
    @dataclass(repr=False)
    class Same(Transform):
        name = "_same"
        level = Level.NONE

        def apply(self, ex, doc, rng):
            return ex

    assert Same()("text") is None
    assert _Upper()("   \n ") is None
    assert _Upper()("") is None


def test_rng_depends_on_seed_example_and_name_only():
    assert rng_for(1, "a", "t").random() == rng_for(1, "a", "t").random()
    assert rng_for(1, "a", "t").random() != rng_for(2, "a", "t").random()
    assert rng_for(1, "a", "t").random() != rng_for(1, "b", "t").random()
    assert rng_for(1, "a", "t").random() != rng_for(1, "a", "u").random()


def test_batch_equals_single_calls_in_any_order():
    texts = [f"story number {i}" for i in range(30)]
    t = _Suffix()
    single = [t(x, seed=7).text for x in texts]
    batched = [v.text for v in t.batch(texts, seed=7)]
    reversed_ = [v.text for v in t.batch(list(reversed(texts)), seed=7)][::-1]
    assert single == batched == reversed_
    assert len(set(x.rsplit(" ", 1)[1] for x in single)) > 1  # the seed really varies per example


def test_call_accepts_a_random_instance():
    a = _Suffix()("x", seed=random.Random(3))
    b = _Suffix()("x", seed=random.Random(3))
    assert a.text == b.text


def test_registry_lookup_and_errors():
    assert "sentence_shuffle" in pk.registry.transforms.names()
    assert "sentence_shuffle" in registry()  # perturbkit.transform.registry(): name -> class
    with pytest.raises(UnknownTransform, match="did you mean sentence_shuffle"):
        get_transform("sentence_shufle")
    with pytest.raises(TransformParamError, match="has no parameter 'bogus'"):
        get_transform("sentence_shuffle", bogus=1)


def test_register_rejects_duplicate_names(scoped_transforms):
    @dataclass(repr=False)
    class Dup(Transform):
        name = "sentence_shuffle"

    with pytest.raises(ValueError, match="already registered by perturbkit.transforms.reorder.SentenceShuffle"):
        register(Dup)
    assert transform_class("sentence_shuffle") is not Dup


def test_chain_applies_in_order_and_fails_when_a_step_fails():
    c = _Upper() >> _Suffix()
    out = c(Example("hello world", id="e"), seed=1)
    assert out.text.startswith("HELLO world ") and [e.transform for e in out.edits] == ["_upper_first", "_suffix"]
    assert out.parent_id == "e"
    assert Chain(_Upper(), _Never())("hello") is None
    assert c.effect == Effect.BREAKS and c.aspect == "test"
    assert Chain(_Upper(), Sometimes(_Never(), 1.0))("hello").text == "HELLO"


def test_oneof_falls_back_to_an_applicable_transform():
    o = OneOf([_Never(), _Upper()], weights=[100, 1])
    assert o("hello there").text == "HELLO there"
    with pytest.raises(ValueError):
        OneOf([_Never()], weights=[1, 2])


def test_sometimes_probability():
    s = Sometimes(_Upper(), 0.3)
    hits = sum(s(Example(f"w{i} x", id=str(i)), seed=0) is not None for i in range(2000))
    assert 0.25 < hits / 2000 < 0.35
    with pytest.raises(ValueError):
        Sometimes(_Upper(), 1.5)


def test_mixture_draws_counts_and_techniques_without_replacement():
    techniques = [(_Upper(), 0.5), (_Suffix(), 0.5)]
    m = Mixture(techniques, counts={1: 0.7, 2: 0.3})
    n_edits = Counter()
    for i in range(2000):
        out = m(Example(f"w{i} x", id=str(i)), seed=0)
        n_edits[len(out.edits)] += 1
    assert 0.65 < n_edits[1] / 2000 < 0.75 and 0.25 < n_edits[2] / 2000 < 0.35
    with pytest.raises(ValueError):
        Mixture([_Upper()], counts={0: 1.0})


def test_mixture_skips_inapplicable_and_returns_none_if_nothing_applied():
    assert Mixture([_Never()], counts={1: 1.0})("x y") is None
    out = Mixture([_Never(), _Upper()], counts={2: 1.0})("x y")
    assert out.text == "X y"


@pytest.mark.subprocess
def test_import_is_light():
    import subprocess
    import sys

    code = (
        "import sys, perturbkit, perturbkit.transform, perturbkit.io, perturbkit.example;"
        "print(','.join(m for m in ('spacy', 'torch', 'transformers', 'scipy', 'nltk') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_annotator_parses_each_distinct_text_once(annotator):
    ann = Annotator(annotator.nlp)
    docs = ann.pipe(["A cat sat.", "A dog ran.", "A cat sat."])
    assert ann.n_parsed == 2 and docs[0] is docs[2]
    ann.parse("A dog ran.")
    assert ann.n_parsed == 2
    assert ann.parse("A dog ran.", Level.TOKENS) is docs[1]  # already parsed: not tokenized again
    tok = ann.parse("A bird flew.", Level.TOKENS)
    assert ann.n_tokenized == 1 and not tok.has_annotation("DEP") and ann.n_parsed == 2


def test_mixture_batch_equals_one_by_one_in_any_order():
    m = Mixture([(_Upper(), 0.5), (_Suffix(), 0.5), (_Never(), 0.2)], counts={1: 0.4, 2: 0.3, 3: 0.3})
    exs = [Example(f"w{i} x y", id=str(i)) for i in range(60)]
    single = [m(ex, seed=4) for ex in exs]
    batched = m.batch(exs, seed=4)
    back = m.batch(exs[::-1], seed=4)[::-1]
    as_text = lambda outs: [None if o is None else (o.text, o.edits) for o in outs]
    assert as_text(single) == as_text(batched) == as_text(back)
    assert len({len(o.edits) for o in batched if o is not None}) > 1


def test_replay_edits_rebuilds_variants_and_rejects_mismatches():
    from perturbkit.example import replay_edits

    ex = Example("ab cd ef", id="x")
    out = _Upper().rewrite(ex, [Change(6, 8, "EFG"), Change(0, 2, "")])
    assert replay_edits(ex.text, out.edits) == out.text
    assert replay_edits("zz cd ef", out.edits) is None  # edit text does not match
    overlapping = (Edit("t", (0, 4), (0, 1), "ab c", "x"), Edit("t", (2, 5), (1, 2), "cd ", "y"))
    assert replay_edits(ex.text, overlapping) is None
