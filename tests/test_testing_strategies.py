"""perturbkit.testing: corpora, strategies (shrinking, determinism), pair and suite assertions."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import ClassVar

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.database import InMemoryExampleDatabase
from hypothesis.errors import NoSuchExample

from perturbkit import registry as pk_registry
from perturbkit.annotation import Level
from perturbkit.errors import InputError
from perturbkit.example import Example
from perturbkit.report import Case, Report, TestResult
from perturbkit.testing import (
    Kit,
    NoVariants,
    Pair,
    RobustnessFailure,
    SuiteCheckFailure,
    assert_decreases,
    assert_invariant,
    assert_suite,
    check_suite,
    load_stories,
    perturbations,
    perturbed,
    sample_stories,
    stories,
    variants_by_story,
)
from perturbkit.transform import Change, Effect, Transform, get_transform, register

FIXED = settings(
    database=None, derandomize=True, deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow]
)

TINY = [
    Example("The cat sat on the warm mat all day.", id="t-long"),
    Example("A dog ran home.", id="t-short"),
    Example("Birds sing at dawn in the old oak tree.", id="t-mid"),
    Example("Rain.", id="t-one"),
]


def _words(text: str) -> list[re.Match[str]]:
    return list(re.finditer(r"[A-Za-z]+", text))


class _Toy(Transform):
    level: ClassVar[Level] = Level.NONE


@dataclass(repr=False)
class ToyUpper(_Toy):
    """Upper-case 1 to ``max_words`` random words (needs two words)."""

    name = "toyi_upper"
    aspect = "toyi"
    effect = Effect.PRESERVES
    max_words: int = 3

    def applicable(self, example, doc) -> bool:
        return len(_words(example.text)) >= 2

    def apply(self, example, doc, rng):
        ws = [w for w in _words(example.text) if not w.group().isupper()]
        k = min(len(ws), rng.randint(1, self.max_words))
        chosen = sorted(rng.sample(ws, k), key=lambda m: m.start())
        return self.rewrite(example, [Change(m.start(), m.end(), m.group().upper(), "upper") for m in chosen])


@dataclass(repr=False)
class ToyDrop(_Toy):
    """Delete the last word (breaks; needs three words)."""

    name = "toyi_drop"
    aspect = "toyi"
    effect = Effect.BREAKS

    def applicable(self, example, doc) -> bool:
        return len(_words(example.text)) >= 3

    def apply(self, example, doc, rng):
        m = _words(example.text)[-1]
        start = m.start() - 1 if m.start() > 0 and example.text[m.start() - 1] == " " else m.start()
        return self.rewrite(example, [Change(start, m.end(), "", "dropped last word")])


@dataclass(repr=False)
class ToyNever(_Toy):
    """Applies to nothing."""

    name = "toyi_never"
    aspect = "toyi"
    effect = Effect.BREAKS
    example = "never"

    def applicable(self, example, doc) -> bool:
        return False


@pytest.fixture(scope="module", autouse=True)
def _toyi_transforms():
    """The toyi_* transforms, registered for this module only (a scoped registry block)."""
    with pk_registry.transforms.scoped():
        for cls in (ToyUpper, ToyDrop, ToyNever):
            register(cls)
        yield


def n_words(texts, contexts=None, references=None):
    return [float(len(t.split())) for t in texts]


def n_upper(texts, contexts=None, references=None):
    return [float(sum(c.isupper() for c in t)) for t in texts]


# ------------------------------------------------------------------------------------------------
# corpora
# ------------------------------------------------------------------------------------------------
def test_sample_stories_are_shipped_short_stories_with_contexts():
    exs = sample_stories()
    assert len(exs) == 20 and len({ex.id for ex in exs}) == 20
    assert all(ex.context and 150 < len(ex.text) < 400 for ex in exs)


def test_load_stories_sorts_by_length_and_filters(tmp_path):
    got = load_stories(TINY)
    assert [ex.id for ex in got] == ["t-one", "t-short", "t-long", "t-mid"]
    assert [ex.id for ex in load_stories(TINY, min_words=2, max_words=8)] == ["t-short"]
    path = tmp_path / "s.jsonl"
    path.write_text("".join(json.dumps({"id": ex.id, "text": ex.text}) + "\n" for ex in TINY))
    assert [ex.id for ex in load_stories(path)] == [ex.id for ex in got]
    assert [ex.text for ex in load_stories(["bb", "a", "  "])] == ["a", "bb"]  # blank stories dropped
    with pytest.raises(InputError, match=r"no story in .* has 50-any words \(they have 1-9 words\)"):
        load_stories(TINY, min_words=50)


def test_stories_strategy_draws_from_the_corpus_and_shrinks_to_the_shortest():
    pool = {ex.id for ex in TINY}

    @FIXED
    @given(stories(TINY))
    def check(ex):
        assert ex.id in pool

    check()
    assert find(stories(TINY, min_words=4), lambda ex: True).id == "t-short"
    assert find(stories(TINY), lambda ex: "o" in ex.text).id == "t-short"


# ------------------------------------------------------------------------------------------------
# perturbed: validity, reproducibility, shrinking
# ------------------------------------------------------------------------------------------------
def test_perturbed_pairs_are_real_reproducible_variants():
    t = get_transform("toyi_upper")
    seen = []

    @FIXED
    @given(perturbed(t, TINY))
    def check(pair):
        original, variant = pair
        assert original.id != "t-one"  # not applicable: never drawn
        assert variant.parent_id == original.id and pair.edits and pair.transform == "toyi_upper"
        assert t(original, seed=pair.seed).text == variant.text  # the seed reproduces the variant
        seen.append(variant.text)

    check()
    assert len(set(seen)) > 5  # many distinct variants, not one


def test_variants_are_ordered_by_number_of_edits_and_cached():
    cands = variants_by_story("toyi_upper", load_stories(TINY), seeds=12)
    assert [ex.id for ex, _ in cands] == ["t-short", "t-long", "t-mid"]
    for _, vs in cands:
        counts = [len(v.edits) for _, v in vs]
        assert counts == sorted(counts) and counts[0] == 1
        assert len({v.text for _, v in vs}) == len(vs)  # distinct
    assert variants_by_story("toyi_upper", load_stories(TINY), seeds=12) is cands


def test_shrinks_toward_shorter_stories_and_fewer_edits():
    strategy = perturbed("toyi_upper", TINY, seeds=12)
    pair = find(strategy, lambda p: True)
    assert pair.original.id == "t-short" and len(pair.edits) == 1
    pair = find(strategy, lambda p: "oak" in p.original.text)
    assert pair.original.id == "t-mid" and len(pair.edits) == 1
    pair = find(strategy, lambda p: len(p.edits) >= 3)  # shortest story that allows 3 edits
    assert pair.original.id == "t-short" and len(pair.edits) == 3


def test_shrinks_a_real_transform_on_the_sample_stories(annotator):
    pair = find(perturbed("sentence_shuffle"), lambda p: True)
    shortest = min(sample_stories(), key=lambda ex: len(ex.text))
    assert pair.original.id == shortest.id
    fewest = min(len(v.edits) for _, v in variants_by_story("sentence_shuffle", load_stories())[0][1])
    assert len(pair.edits) == fewest == 3  # the fewest moves that lose a short story's opening and ending


def _draws(strategy, **kw):
    out = []

    @settings(deadline=None, max_examples=15, **kw)
    @given(strategy)
    def record(pair):
        out.append((pair.original.id, pair.variant.text))

    record()
    return out


def test_derandomized_runs_draw_the_same_pairs():
    a = _draws(perturbed("toyi_upper", TINY), database=None, derandomize=True)
    b = _draws(perturbed("toyi_upper", TINY), database=None, derandomize=True)
    assert a == b and len(set(a)) > 3


def test_the_database_replays_the_failing_pair():
    db = InMemoryExampleDatabase()
    strategy = perturbed("toyi_upper", TINY, seeds=12)
    tried: list[list[Pair]] = [[], []]

    def run(i: int, phases) -> Pair | None:
        @settings(database=db, deadline=None, max_examples=50, phases=phases)
        @given(strategy)
        def t(pair):
            tried[i].append(pair)
            assert not (pair.original.id == "t-mid" and len(pair.edits) >= 2)

        with pytest.raises(AssertionError):
            t()
        return tried[i][-1]

    first = run(0, (Phase.generate, Phase.shrink))
    assert first.original.id == "t-mid" and len(first.edits) == 2  # shrunk
    run(1, (Phase.reuse,))  # replay only: the saved example comes first
    assert tried[1][0] == first


def test_no_applicable_story_is_a_clear_error():
    with pytest.raises(NoVariants, match=r"transform 'toyi_never' .* perturbs none of the 4 stories"):
        find(perturbed("toyi_never", TINY), lambda p: True)


def test_perturbed_from_any_strategy_of_texts():
    @FIXED
    @given(perturbed("toyi_drop", st.sampled_from(["one two three four", "a b", "x y z"])))
    def check(pair):
        assert pair.original.text in ("one two three four", "x y z")
        assert pair.variant.text == pair.original.text.rsplit(" ", 1)[0]

    check()


def test_bad_arguments():
    with pytest.raises(ValueError, match="seeds must be a positive integer"):
        perturbed("toyi_upper", TINY, seeds=0)
    with pytest.raises(Exception, match="unknown transform 'sentence_shufle'; did you mean sentence_shuffle"):
        perturbed("sentence_shufle")
    with pytest.raises(TypeError, match="expected a Transform"):
        perturbed(42)


# ------------------------------------------------------------------------------------------------
# perturbations
# ------------------------------------------------------------------------------------------------
def test_perturbations_filter_by_effect_and_aspect():
    @FIXED
    @given(perturbations(effect="breaks"))
    def breaking(t):
        assert t.effect == Effect.BREAKS

    breaking()
    assert {
        find(perturbations(aspect="toyi"), lambda t, n=n: t.name == n).name for n in ("toyi_upper", "toyi_drop")
    } == {"toyi_upper", "toyi_drop"}
    with pytest.raises(NoSuchExample):
        find(perturbations(effect=Effect.PRESERVES, aspect="toyi"), lambda t: t.name != "toyi_upper")
    assert find(perturbations(names=["toyi_upper", "toyi_drop"]), lambda t: True).name == "toyi_upper"  # first name


def test_perturbations_errors():
    with pytest.raises(ValueError, match="effect must be one of breaks, preserves"):
        perturbations(effect="destroys")
    with pytest.raises(ValueError, match="unknown aspect 'tyoi'; did you mean 'toyi'"):
        find(perturbations(aspect="tyoi"), lambda t: True)
    with pytest.raises(ValueError, match="unknown transform 'toyi_uper'; did you mean 'toyi_upper'"):
        find(perturbations(names=["toyi_uper"]), lambda t: True)


def test_perturbed_over_perturbations_draws_pairs_of_every_applicable_transform():
    names = set()

    @FIXED
    @given(perturbed(perturbations(aspect="toyi"), TINY))
    def check(pair):
        assert pair.transform in ("toyi_upper", "toyi_drop")  # toyi_never perturbs nothing: left out
        names.add(pair.transform)

    check()
    assert names == {"toyi_upper", "toyi_drop"}


# ------------------------------------------------------------------------------------------------
# pair assertions
# ------------------------------------------------------------------------------------------------
def _pair(text: str = "A dog ran home.", seed: int = 0) -> Pair:
    ex = Example(text, id="ex1", context="It was late.")
    return Pair(ex, get_transform("toyi_upper", max_words=1)(ex, seed=seed), seed)


def test_assert_invariant_passes_within_tolerance_and_fails_with_the_edit():
    pair = _pair()
    assert assert_invariant(n_words, pair, tol=0) == (4.0, 4.0)
    with pytest.raises(RobustnessFailure) as info:
        assert_invariant(n_upper, pair, tol=0.5)
    msg = str(info.value)
    word = pair.edits[0].before
    assert msg.startswith("metric 'n_upper' is not invariant to toyi_upper: the score moved by +")
    assert "(allowed ±0.5)" in msg
    assert "original ex1  score 1\n    A dog ran home.\n    context: It was late." in msg
    assert f"variant  ex1/toyi_upper (seed 0)  score {1 + len(word) - (word[0].isupper())}" in msg
    assert (
        f"edits (1):\n    toyi_upper [{pair.edits[0].before_span[0]}:" in msg and f"{word!r} -> {word.upper()!r}" in msg
    )
    assert info.value.scores[0] == 1.0 and info.value.pair is pair
    assert_invariant(n_upper, pair, tol=0, rel_tol=5.0)  # relative tolerance: 5 x |1|


def test_assert_decreases():
    orig, var = "The cat sat on the mat.", "The cat sat."
    assert assert_decreases(n_words, (orig, var)) == (6.0, 3.0)
    assert_decreases(n_words, (orig, var), margin=2.9)
    with pytest.raises(RobustnessFailure, match=r"changed by -3 \(it should drop by more than 3\)"):
        assert_decreases(n_words, (orig, var), margin=3)
    with pytest.raises(RobustnessFailure) as info:
        assert_decreases(n_words, (orig, "The mat sat on the cat."))
    msg = str(info.value)
    assert "did not score the the variant lower" not in msg
    assert "metric 'n_words' did not score the variant lower: the score did not change" in msg
    assert "changes (word diff; no edits recorded):\n    words 1-2: 'cat' -> 'mat'" in msg
    with pytest.raises(ValueError, match="margin must be >= 0"):
        assert_decreases(n_words, (orig, var), margin=-1)
    with pytest.raises(TypeError, match="expected a Pair"):
        assert_decreases(n_words, orig)


def test_pair_repr_shows_the_edit():
    pair = _pair()
    r = repr(pair)
    assert r.startswith("Pair(toyi_upper of 'ex1', seed=0: toyi_upper [") and "->" in r


def test_kit_resolves_a_metric_once_and_scores_each_input_once():
    kit = Kit()
    assert kit.runner("ngram_repetition") is kit.runner("ngram_repetition")
    assert kit.metric(n_words) is kit.metric(n_words)
    kit.score(n_words, ["a b", "c d e"])
    kit.score(n_words, ["a b", "c d e"])
    assert kit.runner(n_words).stats.n_computed == 2
    assert list(kit.score(n_words, ["a b"])) == [2.0]


# ------------------------------------------------------------------------------------------------
# suite assertions
# ------------------------------------------------------------------------------------------------
_NAMES = ["Tom", "Ann", "Sam", "Mia", "Leo", "Eva"]


def _report(spec_thresholds=None, test_thresholds=None) -> Report:
    """A hand-made report: a discrimination test the metric fails (half of its 6 pairs tie), an
    invariance test it passes, a directional test, and a discrimination test with no variants."""
    origs = [Example(f"{n} ran. {n} fell.", id=f"o{i}") for i, n in enumerate(_NAMES, 1)]
    shuffled = [o.derive(f"{n} fell. {n} ran.", (), "shuffle") for o, n in zip(origs, _NAMES)]
    unpunct = [o.derive(f"{n} ran {n} fell.", (), "punct") for o, n in zip(origs, _NAMES)]

    def cases(pairs):
        out = []
        for o, so, v, sv in pairs:
            out.append(Case(o.id, "original", label=1, scores={"m": so}))
            out.append(Case(v.id, "variant", label=0, pair_of=o.id, transform="x", scores={"m": sv}))
        return out

    tests = [
        TestResult(  # three ties, three wins: win rate 0.75
            "order",
            "discrimination",
            cases=cases([(o, i, v, i if i <= 3 else i - 1.0) for i, (o, v) in enumerate(zip(origs, shuffled), 1)]),
            stats={"m": {"win_rate": 0.75, "pearson": 0.3, "n_pairs": 6}},
        ),
        TestResult(
            "punct",
            "invariance",
            cases=cases([(o, i, v, i + 0.01 * i) for i, (o, v) in enumerate(zip(origs, unpunct), 1)]),
            stats={"m": {"abs_r": 0.05, "moved_share": 0.0, "n_pairs": 6}},
        ),
        TestResult("dir", "directional", stats={"m": {"fail_rate": 0.4, "n_pairs": 10}}),
        TestResult(
            "empty",
            "discrimination",
            notes=["no variant survived"],
            stats={"m": {"win_rate": None, "pearson": None, "n_pairs": 0, "note": "no variants"}},
        ),
    ]
    spec = {"name": "toy", "tests": [{"name": t.name, "kind": t.kind} for t in tests]}
    if spec_thresholds:
        spec["thresholds"] = spec_thresholds
    if test_thresholds:
        spec["tests"][0]["thresholds"] = test_thresholds
    exs = {e.id: e.to_dict() for e in origs + shuffled + unpunct}
    return Report("toy", tests=tests, metrics=[{"name": "m"}], data={"n_examples": 6}, spec=spec, examples=exs)


def test_assert_suite_passes_and_returns_the_checks():
    checks = assert_suite(_report(), min_win_rate=0.7, max_abs_r=0.1, tests=["order", "punct"])
    assert [(c.test, c.threshold, c.value, c.passed) for c in checks] == [
        ("order", "min_win_rate", 0.75, True),
        ("punct", "max_abs_r", 0.05, True),
    ]


def test_assert_suite_failure_message_names_the_test_and_shows_the_worst_pair():
    with pytest.raises(SuiteCheckFailure) as info:
        assert_suite(_report(), min_win_rate=0.8, max_abs_r=0.1, max_fail_rate=0.5)
    msg = str(info.value)
    lines = msg.splitlines()
    assert lines[0] == "suite 'toy' (6 stories, seed 0): 1 of 4 checks failed, 1 inconclusive"
    assert re.match(r"  order +discrimination +m +FAIL +win_rate 0\.750 < 0\.8  \(min_win_rate, 6 pairs\)", lines[1])
    assert re.match(
        r"  empty +discrimination +m +INCONCLUSIVE  win_rate undefined from too few pairs \(a verdict needs 6\)"
        r"  \(min_win_rate, 0 pairs\)",
        lines[2],
    )
    assert re.search(r"ok +abs_r 0\.050 <= 0\.1", msg) and re.search(r"ok +fail_rate 0\.400 <= 0\.5", msg)
    assert (
        "order, metric 'm': a variant that scored the same as its original (3 of 6 pairs tie)\n  original o1  m score 1"
    ) in msg
    assert "Tom fell. Tom ran." in msg
    assert [c.passed for c in info.value.checks].count(False) == 2
    # an inconclusive verdict fails unless allowed
    assert_suite(_report(), max_fail_rate=0.5, tests=["dir", "empty"], allow_inconclusive=True)


def test_assert_suite_shows_the_note_when_r_and_the_win_rate_disagree():
    r = _report()
    r.tests[0].stats["m"].update({"win_rate": 0.18, "pearson": 0.079})  # judged anew under the call's thresholds
    with pytest.raises(SuiteCheckFailure) as info:
        assert_suite(r, min_win_rate=0.75, tests=["order"])
    line = str(info.value).splitlines()[1]
    assert "FAIL  win_rate 0.180 < 0.75  (min_win_rate, 6 pairs; r = +0.079 with the label" in line


def test_without_thresholds_each_kind_judges_by_its_defaults():
    checks = check_suite(_report())
    assert [(c.test, c.threshold, c.limit, c.status.value) for c in checks] == [
        ("order", "min_win_rate", 0.75, "pass"),
        ("punct", "max_abs_r", 0.1, "pass"),
        ("dir", "max_fail_rate", 0.2, "fail"),
        ("empty", "min_win_rate", 0.75, "inconclusive"),
    ]
    # a call's thresholds replace the defaults only for the kinds they apply to
    by_test = {c.test: c for c in check_suite(_report(), min_win_rate=0.8)}
    assert by_test["order"].limit == 0.8 and not by_test["order"].passed
    assert by_test["dir"].threshold == "max_fail_rate" and by_test["dir"].limit == 0.2


def test_per_test_thresholds_win_and_the_suite_spec_is_read():
    assert_suite(_report(), min_win_rate=0.9, thresholds={"order": {"min_win_rate": 0.5}}, tests=["order"])
    with pytest.raises(SuiteCheckFailure, match="min_win_rate"):  # from the report's suite spec
        assert_suite(_report(spec_thresholds={"min_win_rate": 0.9}), tests=["order"])
    assert_suite(_report(spec_thresholds={"min_win_rate": 0.9}, test_thresholds={"min_win_rate": 0.7}), tests=["order"])


def test_assert_suite_errors():
    with pytest.raises(ValueError, match="unknown threshold 'min_winrate'; did you mean 'min_win_rate'"):
        check_suite(_report(), thresholds={"order": {"min_winrate": 0.5}})
    with pytest.raises(ValueError, match="thresholds given for 'ordr'.*did you mean 'order'"):
        check_suite(_report(), thresholds={"ordr": {"min_win_rate": 0.5}})
    with pytest.raises(ValueError, match=r"thresholds\['order'\]: max_abs_r does not apply to discrimination tests"):
        check_suite(_report(), thresholds={"order": {"max_abs_r": 0.5}})
    with pytest.raises(ValueError, match="has no test 'ordr'; did you mean 'order'"):
        check_suite(_report(), min_win_rate=0.5, tests=["ordr"])
    with pytest.raises(ValueError, match="none of the thresholds max_abs_r applies.*max_abs_r applies to invariance"):
        check_suite(_report(), max_abs_r=0.5, tests=["order"])
    with pytest.raises(ValueError, match="threshold min_win_rate must be a number"):
        check_suite(_report(), min_win_rate="high")
    with pytest.raises(ValueError, match="report has no metric 'bleu'"):
        check_suite(_report(), min_win_rate=0.5, metrics=["bleu"])


def test_assert_suite_reads_a_report_file(tmp_path):
    path = tmp_path / "report.json"
    _report().to_json(path)
    assert len(assert_suite(path, max_fail_rate=0.5, tests=["dir"])) == 1
