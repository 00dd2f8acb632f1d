"""run_suite end to end with toy transforms and toy metrics on small in-test data."""

from __future__ import annotations

import math

import _suite_toys as toys
import numpy as np
import pytest
from scipy import stats as sps

from perturbkit.errors import InputError, MetricError
from perturbkit.example import Example
from perturbkit.suite import Directional, Discrimination, HumanCorrelation, Invariance, Suite, generate, run_suite

pytestmark = pytest.mark.usefixtures("toy_transforms")  # the toy_* transforms, for this module only


def run(suite, examples=None, metrics=None, **kw):
    kw.setdefault("cache_dir", False)
    kw.setdefault("progress", False)
    return run_suite(
        suite,
        toys.stories() if examples is None else examples,
        metrics or {"distinct": toys.distinct_ratio, "words": toys.n_words},
        **kw,
    )


def caps(texts, contexts=None, references=None):
    return [float(sum(c.isupper() for c in t)) for t in texts]


def test_discrimination_end_to_end():
    r = run(Suite(name="s", tests=[Discrimination(name="dup", transforms="toy_dup_word")]))
    t = r.test("dup")
    assert t.kind == "discrimination" and t.aspect == "repetition"
    # "Short one." has 2 words: not applicable, but still a positive (OpenMEVA's selected positives)
    assert t.counts["n_selected"] == 6 and t.counts["n_not_applicable"] == 1 and t.counts["n_variants"] == 5
    assert len(t.originals()) == 6 and len(t.variants()) == 5 and len(t.pairs()) == 5
    d = t.stats["distinct"]
    assert (d["n_pos"], d["n_neg"], d["n_pairs"]) == (6, 5, 5)
    scores = t.scores("distinct", "original") + t.scores("distinct", "variant")
    labels = [1] * 6 + [0] * 5
    assert d["pearson"] == pytest.approx(sps.pearsonr(scores, labels).statistic)
    assert d["pearson_p"] == pytest.approx(sps.pearsonr(scores, labels).pvalue)
    assert d["pearson"] > 0.5 and d["win_rate"] == 1.0 and d["mean_delta"] < 0
    assert d["delta_ci_low"] <= d["mean_delta"] <= d["delta_ci_high"] < 0
    w = t.stats["words"]  # repetition adds a word: the count metric goes the wrong way
    assert w["pearson"] < 0 and w["win_rate"] == 0.0 and w["mean_delta"] == pytest.approx(1.0)
    assert set(r.metric_names) == {"distinct", "words"}


def test_variants_carry_provenance():
    r = run(Suite(name="s", tests=[Discrimination(name="dup", transforms="toy_dup_word")]))
    for orig, var in r.test("dup").pairs():
        ex, vx = r.example(orig.id), r.example(var.id)
        assert vx.parent_id == ex.id == var.pair_of
        assert var.transform == "toy_dup_word" and var.id.startswith(ex.id + "/")
        assert len(vx.edits) == 1 and vx.edits[0].transform == "toy_dup_word"
        e = vx.edits[0]
        assert vx.text[: e.after_span[0]] == ex.text[: e.before_span[0]]
        assert vx.text[e.after_span[1] :] == ex.text[e.before_span[1] :]
        assert vx.context == ex.context


def test_positives_perturbed_keeps_only_originals_with_a_variant():
    r = run(Suite(name="s", tests=[Discrimination(name="dup", transforms="toy_dup_word", positives="perturbed")]))
    assert r.test("dup").stats["distinct"]["n_pos"] == 5


def test_invariance_reports_abs_r_and_moved_share():
    suite = Suite(
        name="s", tests=[Invariance(name="lower", transforms="toy_lower_first", tolerance=0.5, units="absolute")]
    )
    r = run(suite, metrics={"distinct": toys.distinct_ratio, "caps": caps})
    t = r.test("lower")
    d, c = t.stats["distinct"], t.stats["caps"]
    assert d["moved_share"] == 0.0 and d["mean_delta"] == 0.0 and d["win_rate"] == 0.5
    assert d["abs_r"] == pytest.approx(0.0, abs=1e-9)
    assert c["moved_share"] == 1.0 and c["mean_delta"] == pytest.approx(-1.0)  # one capital fewer
    assert c["abs_r"] == pytest.approx(abs(c["pearson"])) and c["tolerance_abs"] == 0.5
    assert (c["n_pos"], c["n_neg"]) == (6, 6)


def test_invariance_tolerance_in_std_units():
    suite = Suite(name="s", tests=[Invariance(name="lower", transforms="toy_lower_first", tolerance=100.0)])
    c = run(suite, metrics={"caps": caps}).test("lower").stats["caps"]
    sd = np.std([caps([t])[0] for _, t in toys.STORIES], ddof=1)
    assert c["units"] == "std" and c["tolerance_abs"] == pytest.approx(100 * sd)
    assert c["moved_share"] == 0.0


def test_invariance_on_the_negatives_of_a_discrimination_test():
    suite = Suite(
        name="s",
        tests=[
            Discrimination(name="dup", transforms="toy_dup_word"),
            Invariance(name="lower_neg", transforms="toy_lower_first", originals="negatives-of:dup"),
        ],
    )
    r = run(suite)
    neg_ids = {c.id for c in r.test("dup").variants()}
    t = r.test("lower_neg")
    assert {c.id for c in t.originals()} == neg_ids
    for orig, var in t.pairs():
        assert var.id == f"{orig.id}/toy_lower_first"
        assert r.example(var.id).parent_id == orig.id.split("/")[0]  # the root story
        assert [e.transform for e in r.example(var.id).edits] == ["toy_dup_word", "toy_lower_first"]


def test_directional_fail_rates():
    suite = Suite(
        name="s",
        tests=[
            Directional(name="down", transforms="toy_dup_word", expect="decrease"),
            Directional(name="up", transforms="toy_dup_word", expect="increase", margin=0.5, units="absolute"),
            Directional(name="same", transforms="toy_lower_first", expect="same", tolerance=0.0, units="absolute"),
            Directional(name="auto", transforms=["toy_dup_word"], expect="auto"),
        ],
    )
    r = run(suite)
    assert r.test("down").stats["distinct"]["fail_rate"] == 0.0
    assert r.test("down").stats["words"]["fail_rate"] == 1.0
    up = r.test("up").stats["words"]
    assert up["fail_rate"] == 0.0 and up["n_increase"] == 5 and up["sign_p"] == pytest.approx(2 * 0.5**5)
    assert r.test("same").stats["distinct"]["fail_rate"] == 0.0
    auto = r.test("auto").stats["distinct"]
    assert auto["expected_counts"] == {"decrease": 5} and auto["fail_rate"] == 0.0


def rated_stories(n=60):
    rng = np.random.default_rng(0)
    out = []
    for i in range(n):
        h = float(rng.integers(1, 6))
        text = " ".join(["word"] * int(2 * h) + [f"w{i}"])
        rating = [h, h + 1] if i % 2 else str(h)
        out.append(Example(text, id=f"r{i}", meta={"rating": rating, "system": "ab"[i % 2]}))
    out.append(Example("no rating", id="missing", meta={"system": "a"}))
    out.append(Example("bad rating", id="bad", meta={"rating": "n/a", "system": "b"}))
    out.append(Example("bool rating", id="bool", meta={"rating": True, "system": "b"}))
    return out


def test_human_correlation_overall_per_group_and_windows():
    suite = Suite(
        name="h", tests=[HumanCorrelation(name="hum", group_by=["system", "absent"], windows={"size": 20, "stride": 5})]
    )
    r = run(suite, rated_stories(), {"words": toys.n_words})
    t = r.test("hum")
    assert t.counts["n_rated"] == 60 and t.counts["n_excluded"] == 3
    assert set(t.counts["excluded_ids"]) == {"missing", "bad", "bool"}
    assert any("3 of 63" in n for n in t.notes)
    s = t.stats["words"]
    ratings = [c.rating for c in t.cases]
    assert s["pearson"] == pytest.approx(sps.pearsonr(t.scores("words"), ratings).statistic)
    assert s["pearson"] > 0.8
    assert set(s["groups"]["system"]) == {"a", "b"} and s["groups"]["system"]["a"]["n"] == 30
    assert "absent" not in s["groups"] and any("absent" in n for n in s["group_notes"])
    assert s["windows"]["size"] == 20 and len(s["windows"]["windows"]) == (60 - 20) // 5 + 1
    assert s["windows"]["correlation"]["pearson"] > 0.8


def test_constant_metric_gives_undefined_correlations_not_a_crash():
    suite = Suite(name="s", tests=[Discrimination(name="dup", transforms="toy_dup_word"), HumanCorrelation(name="hum")])
    exs = [Example(t, id=i, meta={"rating": k}) for k, (i, t) in enumerate(toys.STORIES)]
    r = run(suite, exs, {"const": toys.constant})
    d = r.test("dup").stats["const"]
    assert d["pearson"] is None and "constant scores" in d["note"]
    assert d["win_rate"] == 0.5 and d["mean_delta"] == 0.0 and d["p_holm"] is None
    h = r.test("hum").stats["const"]
    assert h["pearson"] is None and "constant" in h["note"]
    md = r.to_markdown()
    assert "constant scores: correlation undefined" in md and "| const | – |" in md


def test_same_seed_same_report_and_the_seed_matters():
    suite = Suite(name="s", tests=[Discrimination(name="dup", transforms="toy_dup_word")])
    a, b = run(suite, seed=5).to_dict(), run(suite, seed=5).to_dict()
    assert a == b
    texts = lambda rep: [e["text"] for k, e in sorted(rep["examples"].items()) if "/" in k]  # noqa: E731
    assert texts(a) != texts(run(suite, seed=6).to_dict())
    assert run(suite).seed == 0 and run(suite, seed=9).seed == 9


def test_corpus_transforms_are_fitted_once_on_the_whole_data_set():
    toys.ToyCorpusWord.fits.clear()
    suite = Suite(
        name="s",
        tests=[
            Discrimination(name="a", transforms="toy_corpus_word", select={"limit": 2}),
            Directional(name="b", transforms=["toy_corpus_word", "toy_dup_word"], expect="decrease"),
        ],
    )
    r = run(suite)
    assert toys.ToyCorpusWord.fits == [6]
    assert r.test("a").counts["n_selected"] == 2


def test_n_samples_draws_several_variants_with_unique_ids():
    suite = Suite(name="s", defaults={"n_samples": 4}, tests=[Discrimination(name="dup", transforms="toy_dup_word")])
    t = run(suite).test("dup")
    ids = [c.id for c in t.variants()]
    assert len(ids) == len(set(ids))
    assert t.counts["n_attempts"] == 24
    assert t.counts["n_variants"] + t.counts["n_duplicates"] + t.counts["n_not_applicable"] == 24
    assert any(i.endswith("~1") for i in ids) or t.counts["n_duplicates"] > 0
    per_orig = {}
    for c in t.variants():
        per_orig.setdefault(c.pair_of, set()).add(c.id)
    assert max(len(v) for v in per_orig.values()) > 1


def test_same_variant_id_with_different_text_is_disambiguated():
    suite = Suite(
        name="s",
        tests=[
            Discrimination(name="d3", transforms={"toy_dup_word": {"min_words": 3}}),
            Discrimination(name="d4", transforms={"toy_dup_word": {"min_words": 4}}),
        ],
    )
    r = run(suite)
    for t in r.tests:
        for c in t.variants():
            assert r.examples[c.id]["text"] == r.example(c.id).text
    # identical variants (same transform, seed and story) share their id
    assert {c.id for c in r.test("d4").variants()} <= {c.id for c in r.test("d3").variants()}


def test_select_filters_originals(annotator):
    exs = [Example(t, id=i, meta={"lang": "en" if i in ("s1", "s2", "s3") else "fr"}) for i, t in toys.STORIES]
    g = generate(
        Suite(
            name="s",
            tests=[
                Discrimination(name="en", transforms="toy_dup_word", select={"meta": {"lang": "en"}}),
                Discrimination(name="any", transforms="toy_dup_word", select={"meta": {"lang": ["en", "fr"]}}),
                Discrimination(name="long", transforms="toy_dup_word", select={"min_words": 13}),
                Discrimination(name="three", transforms="toy_dup_word", select={"min_sentences": 3}),
                Discrimination(name="one", transforms="toy_dup_word", select={"max_sentences": 1}),
                Discrimination(name="sample", transforms="toy_dup_word", select={"sample": 3}),
            ],
        ),
        exs,
        annotator=annotator,
    )
    assert [e.id for e in g["en"].originals] == ["s1", "s2", "s3"]
    assert len(g["any"].originals) == 6
    assert [e.id for e in g["long"].originals] == ["s2", "s5", "s6"]
    assert [e.id for e in g["three"].originals] == ["s1", "s2", "s5", "s6"]
    assert [e.id for e in g["one"].originals] == ["s4"]
    assert len(g["sample"].originals) == 3
    again = generate(
        Suite(name="s", tests=[Discrimination(name="sample", transforms="toy_dup_word", select={"sample": 3})]),
        exs,
        annotator=annotator,
    )
    assert [e.id for e in again["sample"].originals] == [e.id for e in g["sample"].originals]


def test_filters_remove_and_count():
    suite = Suite(
        name="s",
        tests=[
            Discrimination(name="dup", transforms="toy_dup_word", filters=["changed", {"length_ratio": {"max": 1.0}}]),
        ],
    )
    t = run(suite).test("dup")
    assert t.counts["n_filtered"] == {"changed": 0, "length_ratio": 5} and t.counts["n_variants"] == 0
    assert any("no variant survived" in n for n in t.notes)
    assert t.stats["distinct"]["pearson"] is None


def test_metric_that_raises_names_the_test_and_ids():
    def broken(texts, contexts=None, references=None):
        raise ValueError("boom")

    suite = Suite(name="s", tests=[Discrimination(name="dup", transforms="toy_dup_word")])
    with pytest.raises(MetricError) as info:
        run(suite, metrics={"broken": broken})
    msg = str(info.value)
    assert "broken" in msg and "'dup'" in msg and "boom" in msg and "'s" in msg


def test_all_tests_are_scored_in_one_call_first():
    calls = []

    def words(texts, contexts=None, references=None):
        calls.append(list(texts))
        return [float(len(t.split())) for t in texts]

    suite = Suite(
        name="s",
        tests=[
            Discrimination(name="dup", transforms="toy_dup_word"),
            Invariance(name="low", transforms="toy_lower_first"),
        ],
    )
    r = run(suite, metrics={"words": words})
    ids = {c.id for t in r.tests for c in t.cases}
    assert len(calls) == 1 and len(calls[0]) == len(ids) == len({r.example(i).text for i in ids})
    assert {c.id for c in r.test("dup").cases} & {c.id for c in r.test("low").cases}  # the originals recur
    for t in r.tests:
        for c in t.cases:
            assert c.scores["words"] == len(r.example(c.id).text.split())


def test_a_failure_in_the_up_front_call_is_reported_by_the_test_that_has_the_example():
    calls = []

    def picky(texts, contexts=None, references=None):
        calls.append(len(texts))
        if any(t[:1].islower() for t in texts):  # the lower-cased variants
            raise ValueError("no lower case please")
        return [1.0] * len(texts)

    suite = Suite(
        name="s",
        tests=[
            Discrimination(name="dup", transforms="toy_dup_word"),
            Invariance(name="low", transforms="toy_lower_first"),
        ],
    )
    with pytest.raises(MetricError) as info:
        run(suite, metrics={"picky": picky})
    msg = str(info.value)
    assert "'low'" in msg and "'dup'" not in msg and "no lower case please" in msg and "/" in msg
    assert len(calls) == 3  # all at once (fails), test 'dup' (fine), test 'low' (fails, named)


@pytest.mark.parametrize(
    "bad, what",
    [
        (lambda texts, c=None, r=None: [float("nan")] * len(texts), "NaN"),
        (lambda texts, c=None, r=None: [1.0] * (len(texts) + 1), "scores for"),
        (lambda texts, c=None, r=None: ["x"] * len(texts), "not numbers"),
    ],
)
def test_metric_returning_bad_scores_names_the_test(bad, what):
    suite = Suite(name="s", tests=[Discrimination(name="dup", transforms="toy_dup_word")])
    with pytest.raises(MetricError) as info:
        run(suite, metrics={"bad": bad})
    assert what in str(info.value) and "'dup'" in str(info.value) and "ids:" in str(info.value)


def test_metric_needing_missing_context_fails_before_scoring():
    from perturbkit.metrics import as_metric

    calls = []

    def needs_ctx(texts, contexts=None, references=None):
        calls.append(len(texts))
        return [1.0] * len(texts)

    m = as_metric(needs_ctx, name="needs_ctx", needs=("reference",))
    suite = Suite(
        name="s",
        tests=[
            Discrimination(name="dup", transforms="toy_dup_word"),
            Invariance(name="low", transforms="toy_lower_first"),
        ],
    )
    with pytest.raises(MetricError, match="needs a reference") as info:
        run(suite, metrics=[toys.distinct_ratio, m])
    assert "'dup'" in str(info.value) and calls == []


def test_bad_examples_are_input_errors():
    suite = Suite(name="s", tests=[Discrimination(name="dup", transforms="toy_dup_word")])
    with pytest.raises(InputError, match="duplicate example id 's1'"):
        run(suite, toys.stories() + [Example("x y z", id="s1")])
    with pytest.raises(InputError, match="no examples"):
        run(suite, [])
    with pytest.raises(MetricError, match="no metric"):
        run_suite(suite, toys.stories(), [], cache_dir=False)


def test_strings_and_dicts_are_accepted_as_examples():
    suite = Suite(name="s", tests=[Discrimination(name="dup", transforms="toy_dup_word")])
    r = run(suite, [t for _, t in toys.STORIES[:3]] + [{"id": "d", "text": "a b c d"}])
    assert r.data["n_examples"] == 4 and "d" in r.examples


def test_holm_adjustment_across_tests():
    suite = Suite(
        name="s",
        tests=[
            Discrimination(name="dup", transforms="toy_dup_word"),
            Invariance(name="low", transforms="toy_lower_first"),
        ],
    )
    r = run(suite, metrics={"caps": caps})
    from perturbkit.stats import holm

    # discrimination contributes the sign test of its headline win rate, invariance the Pearson p-value
    ps = [r.test("dup").stats["caps"]["win_p"], r.test("low").stats["caps"]["pearson_p"]]
    assert [t.stats["caps"]["p_holm"] for t in r.tests] == holm(ps)
    assert any("discrimination: the sign test of wins against losses; invariance: the Pearson" in n for n in r.notes)


def test_every_case_is_in_the_examples_table_and_scores_are_finite():
    suite = Suite(
        name="s",
        tests=[
            Discrimination(name="dup", transforms="toy_dup_word"),
            Invariance(name="neg", transforms="toy_lower_first", originals="negatives-of:*"),
        ],
    )
    r = run(suite)
    for t in r.tests:
        for c in t.cases:
            assert c.id in r.examples
            assert set(c.scores) == {"distinct", "words"} and all(math.isfinite(v) for v in c.scores.values())


def test_shipped_demo_suite_runs_on_the_sample_stories(annotator, sample_examples):
    from perturbkit.suite import load_suite

    r = run_suite(
        load_suite("demo"),
        sample_examples[:12],
        ["ngram_repetition", "lexical_diversity"],
        annotator=annotator,
        cache_dir=False,
        progress=False,
    )
    assert [t.name for t in r.tests] == [t.name for t in load_suite("demo").tests]
    rep = r.test("sentence_repetition").stats["lexical_diversity"]
    assert rep["n_neg"] > 0 and rep["win_rate"] > 0.9 and rep["pearson"] > 0


def test_a_full_report_round_trips_through_json(tmp_path):
    from perturbkit.report import Report

    suite = Suite(
        name="s",
        tests=[
            Discrimination(name="d", transforms="toy_dup_word"),
            Directional(name="x", transforms="toy_dup_word", expect="auto"),
            Invariance(name="i", transforms="toy_lower_first", units="relative"),
            HumanCorrelation(name="h", group_by="g", windows={"size": 2, "stride": 1}),
        ],
    )
    exs = [Example(e.text, id=e.id, meta={"rating": i, "g": "ab"[i % 2]}) for i, e in enumerate(toys.stories())]
    r = run(suite, exs)
    r.to_json(tmp_path / "r.json")
    assert Report.load(tmp_path / "r.json") == r
    assert r.test("h").stats["words"]["windows"]["n"] == 6


def test_a_transform_whose_effect_does_not_fit_the_kind_is_noted():
    suite = Suite(
        name="s",
        tests=[
            Discrimination(name="d", transforms=["toy_lower_first", "toy_dup_word"]),
            Invariance(name="i", transforms="toy_lower_first"),
        ],
    )
    r = run(suite)
    assert r.test("d").notes == ["toy_lower_first is meaning-preserving, unusual for a discrimination test"]
    assert r.test("i").notes == []


def test_one_of_tests_break_down_by_transform():
    suite = Suite(name="s", tests=[Discrimination(name="d", transforms=["toy_dup_word", "toy_corpus_word"])])
    t = run(suite).test("d")
    by = t.stats["words"]["by_transform"]
    assert set(by) <= {"toy_dup_word", "toy_corpus_word"} and sum(b["n"] for b in by.values()) == len(t.variants())
    assert sum(t.counts["by_transform"].values()) == len(t.variants())
    for b in by.values():
        assert b["win_rate"] == 0.0 and b["mean_delta"] == 1.0  # both add one word


def test_thresholds_in_yaml_drive_assert_suite(tmp_path):
    from perturbkit.suite import load_suite
    from perturbkit.testing import SuiteCheckFailure, assert_suite

    p = tmp_path / "t.yaml"
    p.write_text(
        "name: t\nthresholds: {min_win_rate: 0.99}\ntests:\n"
        "  - {name: dup, kind: discrimination, transforms: toy_dup_word}\n"
        "  - {name: dup2, kind: discrimination, transforms: toy_dup_word, thresholds: {min_win_rate: 0.0}}\n"
    )
    suite = load_suite(p)
    assert suite.thresholds.min_win_rate == 0.99 and suite.tests[1].thresholds.min_win_rate == 0.0
    # a metric blind to repetition ties every pair: win rate 0.5, below the suite-wide 0.99 (twice
    # the toy stories: enough pairs for a verdict)
    exs = toys.stories() + [Example(e.text + " The end.", id=e.id + "b") for e in toys.stories()]
    report = run(suite, exs, metrics={"len": lambda texts, contexts=None, references=None: [1.0] * len(texts)})
    dup, dup2 = report.test("dup").verdicts["len"], report.test("dup2").verdicts["len"]
    assert (dup.status.value, dup.statistic, dup.value, dup.threshold) == ("fail", "win_rate", 0.5, 0.99)
    assert dup2.passed and dup2.threshold == 0.0 and str(report.tally()) == "1 passed, 1 failed"
    with pytest.raises(SuiteCheckFailure) as exc:
        assert_suite(report, tests=["dup"])
    assert "dup" in str(exc.value) and "0.99" in str(exc.value)
    assert_suite(report, tests=["dup2"])  # its own threshold wins
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "name: t\nthresholds: {min_winrate: 0.5}\ntests:\n  - {name: d, kind: discrimination, transforms: toy_dup_word}\n"
    )
    from perturbkit.errors import SuiteError

    with pytest.raises(SuiteError, match="min_winrate.*did you mean 'min_win_rate'"):
        load_suite(bad)


def _sampled_suite():
    return Suite(
        name="s",
        tests=[
            Discrimination(name="dup", transforms="toy_dup_word"),
            Invariance(name="lower", transforms="toy_lower_first"),
            Invariance(name="lower_neg", transforms="toy_lower_first", originals="negatives-of:dup"),
        ],
    )


def _story_of(r, case_id: str) -> str:
    return r.example(case_id).parent_id or case_id


def test_metric_sample_scores_the_cases_of_a_few_stories_in_every_test():
    seen: list[str] = []

    def slow(texts, contexts=None, references=None):
        seen.extend(texts)
        return [float(len(t)) for t in texts]

    r = run(_sampled_suite(), metrics={"fast": toys.n_words, "slow": slow}, metric_sample={"slow": 3})
    stories = {_story_of(r, c.id) for t in r.tests for c in t.cases if "slow" in c.scores}
    assert len(stories) == 3  # the same three stories in every test, negatives-of included
    for t in r.tests:
        scored = [c for c in t.cases if "slow" in c.scores]
        assert {_story_of(r, c.id) for c in scored} <= stories and scored
        assert all("fast" in c.scores for c in t.cases)  # the other metric scores everything
    assert len(seen) == len(set(seen)) == sum(1 for i, ex in r.examples.items() if _story_of(r, i) in stories)
    d = r.test("dup").stats
    assert d["fast"]["n_pos"] == 6 and d["slow"]["n_pos"] == 3 and d["slow"]["n_pairs"] <= 3
    assert {m["name"]: m.get("sample") for m in r.metrics} == {"fast": None, "slow": 3}
    assert "slow: scored on the cases of a seeded sample of 3 of the 6 stories." in r.notes
    assert "slow (on a sample of 3 stories)" in r.to_markdown(details=False)
    again = run(_sampled_suite(), metrics={"fast": toys.n_words, "slow": slow}, metric_sample={"slow": 3})
    assert again.to_dict() == r.to_dict()  # seeded: the same sample


def test_metric_sample_as_large_as_the_data_scores_everything_and_names_are_checked():
    r = run(_sampled_suite(), metric_sample={"words": 6})
    assert all("words" in c.scores for t in r.tests for c in t.cases)
    assert not any("sample" in m for m in r.metrics) and not any("seeded sample" in n for n in r.notes)
    with pytest.raises(
        MetricError, match=r"metric sample for 'wrds': no such metric in this run \(metrics: distinct, words\)"
    ):
        run(_sampled_suite(), metric_sample={"wrds": 2})
    with pytest.raises(MetricError, match="must be a positive number of stories, not 0"):
        run(_sampled_suite(), metric_sample={"words": 0})


def test_generation_leaves_the_heap_frozen_only_while_it_runs(monkeypatch):
    """``generate`` keeps the objects alive before it out of the collector's full passes
    (``gc.freeze``) and gives them back after, unless the caller had frozen the heap itself."""
    import gc

    from perturbkit.suite import generation

    seen = []
    real = generation._generate_test
    monkeypatch.setattr(generation, "_generate_test", lambda *a: seen.append(gc.get_freeze_count()) or real(*a))
    suite = Suite(name="s", tests=[Discrimination(name="dup", transforms="toy_dup_word")])
    assert gc.get_freeze_count() == 0
    generate(suite, toys.stories(), seed=0)
    assert seen and seen[0] > 0 and gc.get_freeze_count() == 0
    gc.freeze()
    try:
        generate(suite, toys.stories(), seed=0)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
