"""The test kinds: verdicts (PASS / FAIL / INCONCLUSIVE), thresholds and their defaults, the
minimum number of cases and its stated reason, and that the schema, docs and reports read them
from the kind modules."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from scipy import stats as sps

from perturbkit.kinds import (
    KINDS,
    Status,
    Tally,
    Verdict,
    describe_kinds,
    describe_thresholds,
    evaluate,
    get_kind,
    threshold_names,
)
from perturbkit.kinds.human_correlation import MIN_RATED, MIN_RATED_WHY
from perturbkit.kinds.paired import MIN_PAIRS, MIN_PAIRS_WHY
from perturbkit.report import Case, TestResult
from perturbkit.report.html import worst_failures
from perturbkit.stats import sign_test
from perturbkit.suite import Invariance, spec

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_a_verdict_passes_fails_or_is_inconclusive():
    disc = get_kind("discrimination")
    assert str(disc.judge({"win_rate": 0.8, "n_pairs": 6})) == "PASS: win_rate 0.800 >= 0.75"
    v = disc.judge({"win_rate": 0.5, "n_pairs": 40})
    assert (v.status, v.statistic, v.value, v.threshold, v.rule, v.n) == (
        Status.FAIL,
        "win_rate",
        0.5,
        0.75,
        "min_win_rate",
        40,
    )
    few = disc.judge({"win_rate": 1.0, "n_pairs": MIN_PAIRS - 1})
    assert few.inconclusive and few.reason == "win_rate 1.000 from too few pairs (a verdict needs 6)"
    undefined = disc.judge({"win_rate": None, "n_pairs": 10, "note": "constant scores"})
    assert undefined.inconclusive and undefined.reason == "win_rate undefined (constant scores)"
    human = get_kind("human_correlation").judge({"pearson": 0.9, "n": MIN_RATED - 1})
    assert human.inconclusive and "rated stories" in human.reason


def test_invariance_takes_constant_scores_as_no_correlation():
    v = get_kind("invariance").judge({"abs_r": None, "n_pairs": 8})
    assert v.passed and v.value == 0.0 and v.note == "scores constant: |r| taken as 0"


def test_several_thresholds_give_the_worst_and_keep_every_check():
    disc = get_kind("discrimination")
    v = disc.judge({"win_rate": 0.9, "pearson": 0.05, "n_pairs": 10}, {"min_win_rate": 0.8, "min_r": 0.1})
    assert v.failed and v.rule == "min_r" and [c.status for c in v.checks] == [Status.PASS, Status.FAIL]
    v = disc.judge({"win_rate": 0.9, "pearson": None, "n_pairs": 10}, {"min_win_rate": 0.8, "min_r": 0.1})
    assert v.inconclusive and v.rule == "min_r"
    with pytest.raises(ValueError, match="none of the thresholds max_abs_r applies to discrimination tests"):
        disc.judge({"win_rate": 0.9}, {"max_abs_r": 0.1})


def test_set_thresholds_replace_the_defaults_per_kind():
    inv = get_kind("invariance")
    assert inv.limits() == inv.defaults == {"max_abs_r": 0.1}
    assert inv.limits({"min_win_rate": 0.9}) == {"max_abs_r": 0.1}  # another kind's: defaults stay
    assert inv.limits({"max_moved_share": 0.3}) == {"max_moved_share": 0.3}  # replaced, not added
    assert inv.limits({"max_abs_r": 0.2, "max_moved_share": None}, {"max_abs_r": 0.05}) == {"max_abs_r": 0.05}


def test_the_minimum_cases_are_what_their_reasons_say():
    # a two-sided sign test cannot reach p < 0.05 on MIN_PAIRS - 1 pairs all going one way, can on MIN_PAIRS
    assert sign_test(MIN_PAIRS - 1, 0) > 0.05 > sign_test(MIN_PAIRS, 0)
    assert "fewer than 6 pairs" in MIN_PAIRS_WHY and "0.0625" in MIN_PAIRS_WHY
    n = MIN_RATED - 1  # the smallest r reaching p < 0.05 with 9 rated stories
    t = sps.t.ppf(0.975, n - 2)
    assert round(t / math.sqrt(n - 2 + t * t), 3) == 0.666 and "0.666 at 9 stories" in MIN_RATED_WHY
    assert all(k.min_cases >= 1 and k.min_cases_why for k in KINDS.values())


def test_every_kind_defines_what_the_reports_and_verdicts_need():
    assert list(KINDS) == list(spec.KINDS) == list(spec.TEST_CLASSES)
    for k in KINDS.values():
        assert len(k.defaults) == 1 and set(k.defaults) <= set(k.threshold_names)
        assert k.detail_columns and k.primary and k.title and k.passes_when
        assert k.paired == (k.name != "human_correlation")
    with pytest.raises(KeyError, match="did you mean 'invariance'"):
        get_kind("invariant")


def test_the_suite_schema_takes_its_thresholds_from_the_kinds():
    assert tuple(spec.Thresholds.model_fields) == threshold_names()
    assert spec.Thresholds(min_r=-0.5).min_r == -0.5  # r may be negative
    with pytest.raises(Exception, match="max_abs_r"):
        spec.Thresholds(max_abs_r=-0.1)


@pytest.mark.parametrize("page", ["suites.md"])
def test_the_docs_carry_the_kinds_tables(page):
    text = (DOCS / page).read_text(encoding="utf-8")
    assert describe_kinds() in text and describe_thresholds() in text


def test_verdict_and_tally_round_trip_and_read():
    v = get_kind("discrimination").judge({"win_rate": 0.5, "pearson": 0.2, "n_pairs": 9}, {"min_win_rate": 0.6})
    assert Verdict.from_dict(v.to_dict()) == v
    assert str(Tally.of([v, v, Verdict(Status.PASS)])) == "1 passed, 2 failed"
    assert str(Tally(inconclusive=2)) == "2 inconclusive" and not Tally(failed=1).ok and str(Tally()) == "no verdicts"


@pytest.mark.parametrize("units", ["std", "absolute", "relative"])
def test_the_report_counts_the_same_moved_pairs_as_the_statistics(units):
    rng = np.random.default_rng(3)
    origs = rng.normal(1.0, 0.3, 40)
    moved = origs + rng.normal(0, 0.05, 40)
    cases = [Case(f"s{i}", "original", scores={"m": float(o)}) for i, o in enumerate(origs)]
    cases += [Case(f"s{i}/v", "variant", pair_of=f"s{i}", scores={"m": float(v)}) for i, v in enumerate(moved)]
    test = Invariance(name="i", transforms="typos", tolerance=0.1, units=units)
    stats = evaluate(test, cases, "m")
    _, n_failed = worst_failures(TestResult("i", "invariance", stats={"m": stats}, cases=cases), "m")
    assert 0 < n_failed < 40 and n_failed == round(stats["moved_share"] * 40)


def _disc_cases(originals, variants, unperturbed=()):
    cases = [Case(f"s{i}", "original", scores={"m": float(o)}) for i, o in enumerate(originals)]
    cases += [Case(f"u{i}", "original", scores={"m": float(o)}) for i, o in enumerate(unperturbed)]
    cases += [Case(f"s{i}/v", "variant", pair_of=f"s{i}", scores={"m": float(v)}) for i, v in enumerate(variants)]
    return cases


def test_discrimination_leads_with_the_paired_win_rate_its_ci_and_a_sign_test():
    from perturbkit.suite import Discrimination

    disc = get_kind("discrimination")
    assert (disc.primary, disc.p_key, disc.higher_is_better) == ("win_rate", "win_p", True)
    # 10 pairs: 7 wins, 1 tie, 2 losses
    o = [1.0] * 10
    v = [0.5] * 7 + [1.0] + [1.5] * 2
    stats = evaluate(Discrimination(name="d", transforms="sentence_shuffle"), _disc_cases(o, v), "m", seed=1)
    assert stats["win_rate"] == 0.75 and (stats["n_wins"], stats["n_ties"], stats["n_losses"]) == (7, 1, 2)
    assert stats["win_p"] == pytest.approx(sps.binomtest(7, 9, 0.5).pvalue)
    lo, hi = stats["win_rate_ci_low"], stats["win_rate_ci_high"]
    assert 0.4 < lo < 0.75 < hi <= 1.0
    again = evaluate(Discrimination(name="d", transforms="sentence_shuffle"), _disc_cases(o, v), "m", seed=1)
    assert (again["win_rate_ci_low"], again["win_rate_ci_high"]) == (lo, hi)  # seeded bootstrap
    assert stats["pearson"] is not None  # the OpenMEVA-comparable point-biserial r stays


def test_discrimination_notes_when_r_and_the_win_rate_disagree():
    from perturbkit.suite import Discrimination

    # positives: selected: 30 unperturbed originals score high, the 10 perturbed ones low and their
    # variants a little higher: r > 0 over every original, yet the original loses every pair
    cases = _disc_cases([0.2] * 10, [0.3] * 10, unperturbed=[1.0] * 30)
    test = Discrimination(name="d", transforms="sentence_shuffle", positives="selected")
    stats = evaluate(test, cases, "m")
    assert stats["pearson"] > 0 and stats["win_rate"] == 0.0
    v = get_kind("discrimination").judge(stats)
    assert v.failed and v.note.startswith(f"r = {stats['pearson']:+.3f} with the label but the original wins 0.0%")
    assert "verdict follows the win rate" in v.note and Verdict.from_dict(v.to_dict()) == v
    by_r = get_kind("discrimination").judge(stats, {"min_r": 0.0})
    assert by_r.passed and by_r.note.endswith("the verdict follows r")
    agree = get_kind("discrimination").judge({"win_rate": 0.9, "pearson": 0.4, "n_pairs": 10})
    assert agree.note == ""


def test_no_disagreement_note_when_both_are_within_chance():
    disc = get_kind("discrimination")
    # r = -0.008 beside a 51.4% win rate: opposite signs, but neither is told from chance
    noise = {"win_rate": 0.514, "pearson": -0.008, "pearson_p": 0.92, "win_p": 0.8, "n_pairs": 70}
    assert disc.judge(noise).note == ""
    clear = {**noise, "win_rate": 0.18, "pearson": 0.079, "win_p": 0.0001}
    assert disc.judge(clear).note.startswith("r = +0.079")
