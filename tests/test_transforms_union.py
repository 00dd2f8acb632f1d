"""UNION negative sampling: the mixture's distribution, overrides, fit pass-through, the registered name."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pytest
from _edit_checks import texts
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import chisquare

from perturbkit import get_transform
from perturbkit.annotation import Level
from perturbkit.example import Example
from perturbkit.transform import Change, Effect, Mixture, Transform, TransformParamError
from perturbkit.transforms.mixture import UNION_COUNTS, UNION_WEIGHTS, UnionNegative, union_mixture


@dataclass(repr=False)
class Mark(Transform):
    """A stub technique: appends its tag, so a variant shows which techniques ran and in what order."""

    name = "mark"
    aspect = "test"
    effect = Effect.BREAKS
    level = Level.NONE
    tag: str = "x"
    fitted: list = field(default_factory=list)

    def fit(self, corpus, annotator=None):
        self.fitted.append(len(corpus))
        return self

    def apply(self, example, doc, rng):
        return self.rewrite(example, [Change(len(example.text), len(example.text), f" <{self.tag}>")])


def stubs() -> dict[str, Mark]:
    return {k: Mark(tag=k) for k in UNION_WEIGHTS}


def _draws(mix: Mixture, n: int = 2000) -> list[list[str]]:
    out = []
    for i in range(n):
        ex = mix(Example("Story.", id=f"s{i}"), seed=0)
        out.append([tok.strip("<>") for tok in ex.text.split()[1:]])
    return out


def test_sampling_distribution_matches_union():
    draws = _draws(union_mixture(**stubs()))
    # how many techniques: 1/2/3/4 with .5/.2/.2/.1
    k = Counter(len(d) for d in draws)
    observed = [k[i] for i in (1, 2, 3, 4)]
    assert sum(observed) == 2000
    assert chisquare(observed, [2000 * UNION_COUNTS[i] for i in (1, 2, 3, 4)]).pvalue > 0.001
    # drawn without replacement
    assert all(len(set(d)) == len(d) for d in draws)
    # the first technique is a weighted draw: .1/.3/.4/.2 (before union's arrangement: the plain mixture)
    plain = _draws(Mixture([(m, UNION_WEIGHTS[k]) for k, m in stubs().items()], counts=UNION_COUNTS))
    first = Counter(d[0] for d in plain)
    keys = list(UNION_WEIGHTS)
    assert chisquare([first[t] for t in keys], [2000 * UNION_WEIGHTS[t] for t in keys]).pvalue > 0.001
    # with one technique only, the technique frequencies are the weights themselves
    singles = Counter(d[0] for d in draws if len(d) == 1)
    n1 = sum(singles.values())
    assert chisquare([singles[t] for t in keys], [n1 * UNION_WEIGHTS[t] for t in keys]).pvalue > 0.001


def test_negation_runs_before_substitution():
    """The same draws as the plain mixture, but negation moved before substitution: the
    substitution must see the negated clause ("rejected" -> "did not reject" -> never "did not
    accept"; the other order, "accepted" -> "did not accept", says the original again)."""
    union = _draws(union_mixture(**stubs()), n=600)
    plain = _draws(Mixture([(m, UNION_WEIGHTS[k]) for k, m in stubs().items()], counts=UNION_COUNTS), n=600)
    moved = 0
    for u, p in zip(union, plain):
        assert sorted(u) == sorted(p)
        if "negation" in u and "substitution" in u:
            assert u.index("negation") < u.index("substitution")
            moved += p.index("negation") > p.index("substitution")
        else:
            assert u == p
    assert moved > 0


def test_the_distribution_check_can_fail():
    skewed = _draws(union_mixture(counts={1: 1.0}, **stubs()), n=500)
    k = Counter(len(d) for d in skewed)
    assert k == {1: 500}
    assert chisquare([k[i] for i in (1, 2, 3, 4)], [500 * UNION_COUNTS[i] for i in (1, 2, 3, 4)]).pvalue < 1e-6


def test_overrides():
    mix = union_mixture(counts={2: 1.0}, weights={"negation": 0.0}, **stubs())
    draws = _draws(mix, n=300)
    assert all(len(d) == 2 for d in draws)
    assert mix.weights == [0.1, 0.3, 0.4, 0.0]
    assert not any("negation" in d for d in draws)  # weight 0: never among 2 of 4
    with pytest.raises(ValueError, match="unknown UNION technique 'typos'"):
        union_mixture(typos="typos")
    with pytest.raises(ValueError, match="unknown UNION technique"):
        union_mixture(weights={"shuffle": 1.0})


def test_fit_passes_through_to_the_techniques():
    parts = stubs()
    mix = union_mixture(**parts)
    mix.fit([Example("a."), Example("b.")])
    assert all(p.fitted == [2] for p in parts.values())
    un = UnionNegative()
    un._mixture = union_mixture(**stubs())
    un.fit([Example("a.")])
    assert all(p.fitted == [1] for p in un._mixture.transforms)


def test_default_techniques_resolve_by_name():
    mix = union_mixture()
    names = [t.name for t in mix.transforms]
    assert names == [
        "repeat_sentence",  # n-gram stutters read as no break (rounds 39, 740, 79)
        "oneof(keyword_substitution,keyword_substitution)",  # strict UNION sampler, else targeted
        "sentence_shuffle",
        "oneof(negation_alteration,negation)",
    ]
    assert mix.transforms[1].transforms[0].strict and not mix.transforms[1].transforms[0].targeted
    assert mix.transforms[3].transforms[0].strict and mix.transforms[3].weights == [1.0, 0.0]
    assert mix.transforms[0].keep_length is True
    assert mix.counts == UNION_COUNTS


def test_union_negative_registered_and_deterministic(annotator):
    t = get_transform("union_negative")
    assert t.effect == Effect.BREAKS and t._mixture is None  # built lazily, at first use
    story = "Tom woke up early. He made coffee because he was tired. Then he went to work. He did not like his boss."
    outs = [t(story, seed=s, annotator=annotator) for s in range(8)]
    assert sum(o is not None for o in outs) >= 4 and all(o is None or o.text != story for o in outs)
    valid = {"repeat_sentence", "repeat_ngram", "keyword_substitution", "sentence_shuffle", "negation_alteration"}
    assert all({e.transform for e in o.edits} <= valid | {"negation"} for o in outs if o is not None)
    assert [o and o.text for o in outs] == [(o := t(story, seed=s, annotator=annotator)) and o.text for s in range(8)]
    assert t("", seed=0, annotator=annotator) is None


@pytest.mark.parametrize("params", [{"weights": {"typos": 1.0}}, {"counts": {0: 1.0}}, {"counts": {}}])
def test_union_negative_bad_parameters(params):
    with pytest.raises(TransformParamError):
        get_transform("union_negative", **params)


def test_union_negative_batch_matches_single_calls(annotator):
    stories = [
        "Tom woke up early. He made coffee because he was tired. Then he went to work. He was happy.",
        "Ann found a lost dog. She called the owner. The owner thanked her. They became friends.",
        "It rained all day. We stayed inside and played cards. Nobody wanted to go out. Then the sun came out.",
    ] * 3
    from perturbkit.example import Example

    exs = [Example(t, id=f"s{i}") for i, t in enumerate(stories)]
    t = get_transform("union_negative")
    t.fit(exs, annotator)
    batched = t.batch(exs, seed=2, annotator=annotator)
    single = [t(ex, seed=2, annotator=annotator) for ex in exs]
    assert [b and b.text for b in batched] == [s and s.text for s in single]
    assert any(b is not None for b in batched)


GOLDEN_STORY = "Tom woke up early. He made coffee because he was tired. Then he went to work. He did not like his boss."


@pytest.mark.parametrize(
    "seed,expected,techniques",
    [
        # a shuffle alone, kept: "then he went to work" now follows a sentence told after it
        (
            4,
            "He made coffee because he was tired. He did not like his boss. Then he went to work. Tom woke up early.",
            {"sentence_shuffle"},
        ),
        # the repetition is a sentence copy over the next sentence, never an n-gram stutter ("then he
        # went and he went to work"; rounds 39, 740, 79)
        (
            1,
            "Tom woke up early. He made coffee because he was tired. Then he went to work. Then he went to work.",
            {"repeat_sentence"},
        ),
    ],
)
def test_union_negative_golden(annotator, seed, expected, techniques):
    out = get_transform("union_negative")(GOLDEN_STORY, seed=seed, annotator=annotator)
    assert out.text == expected and {e.transform for e in out.edits} == techniques


LABOR = (
    "She grabbed her keys and a bag. She put a towel down in the seat. She leaked on it all the way there. "
    "Her water broke at the hospital."
)
BIKE = "Tom bought a bike. He rode the bike to school. He was happy. Then he went home."


@pytest.mark.parametrize(
    "story,seed,expected",
    [
        # a shuffle alone that breaks no tie ("her water broke" first reads as well): redone as the
        # targeted negation, which finds no flip another sentence contradicts -> None
        (LABOR, 0, None),
        # UNION's negation alone flipped three sentences nothing contradicts: redone as the
        # targeted negation, which finds none -> None
        (LABOR, 1, None),
        # redone as the targeted negation: a flip a later sentence contradicts ("the bike")
        (BIKE, 4, "Tom did not buy a bike. He rode the bike to school. He was happy. Then he went home."),
        # a shuffle alone that puts "the bike" before "a bike" is kept
        (BIKE, 6, "He rode the bike to school. Then he went home. He was happy. Tom bought a bike."),
    ],
)
def test_union_negative_single_technique_is_targeted(annotator, story, seed, expected):
    t = get_transform("union_negative")
    out = t(story, seed=seed, annotator=annotator)
    assert (out and out.text) == expected
    batched = t.batch([story], seed=seed, annotator=annotator)[0]
    assert (batched and batched.text) == expected


@pytest.mark.parametrize(
    "story,seed,expected",
    [
        # UNION's sampler drew one antonym nothing else depends on ("opened the window"): a changed
        # detail, not an incoherent story; no word has a witness, so None
        ("The birds chirped very loudly. Kim could not sleep. She closed the window. The room was quiet.", 0, None),
        # the sampler's "an old phone" is redrawn as the targeted swap of a word another sentence depends on
        (
            "Amy bought a new phone. She loved the new phone. She showed it to her friends. They were jealous.",
            15,
            "Amy sold a new phone. She loved the new phone. She showed it to her friends. They were jealous.",
        ),
    ],
)
def test_union_negative_substitution_alone_is_targeted(annotator, story, seed, expected):
    """When every edit is a keyword substitution, the draw is made again with the targeted keyword
    substitution (a contradiction with a witness), None when it finds none; in batch too."""
    t = get_transform("union_negative")
    out = t(story, seed=seed, annotator=annotator)
    assert (out and out.text) == expected
    assert out is None or all("contradicts sentence" in e.note for e in out.edits if e.before.isalpha())
    batched = t.batch([story], seed=seed, annotator=annotator)[0]
    assert (batched and batched.text) == expected


@given(texts(), st.integers(0, 20))
def test_union_negative_never_raises_and_is_deterministic(annotator, text, seed):
    t = get_transform("union_negative")
    out = t(text, seed=seed, annotator=annotator)
    again = t(text, seed=seed, annotator=annotator)
    assert (out is None) == (again is None)
    if out is not None:
        assert out.text == again.text and out.text != text and out.edits
