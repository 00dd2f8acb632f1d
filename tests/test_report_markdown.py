"""Markdown tables shaped like OpenMEVA's Tables 6 and 7."""

from __future__ import annotations

from perturbkit.report import Case, Report, TestResult
from perturbkit.report.markdown import fmt, fmt_p, render


def disc(name, stats, kind="discrimination", n=(3, 2)):
    cases = [Case(f"o{i}", "original", label=1) for i in range(n[0])]
    cases += [Case(f"v{i}", "variant", label=0, pair_of=f"o{i}") for i in range(n[1])]
    return TestResult(name=name, kind=kind, counts={"n_not_applicable": n[0] - n[1]}, stats=stats, cases=cases)


def report(tests, metrics=("a", "b")):
    return Report(suite="s", tests=tests, metrics=[{"name": m} for m in metrics], data={"n_examples": 3})


def rows(md: str, first_cell: str) -> list[str]:
    return [line for line in md.splitlines() if line.startswith(f"| {first_cell} |")]


def test_discrimination_table_rows_are_metrics_the_win_rate_leads_and_the_best_is_bold():
    r = report(
        [
            disc("lexical", {"a": {"win_rate": 0.91, "p_holm": 0.001}, "b": {"win_rate": 0.8, "p_holm": 0.3}}),
            disc("causal", {"a": {"win_rate": 0.4, "p_holm": 0.5}, "b": {"win_rate": 0.76, "p_holm": 0.5}}),
        ]
    )
    md = render(r)
    assert "| Metric | lexical | causal |" in md
    assert "Paired win rate" in md and "Holm-adjusted p < 0.05 (the sign test of wins against losses)" in md
    assert rows(md, "a")[0] == "| a | **0.910*** | 0.400 |"
    assert rows(md, "b")[0] == "| b | 0.800 | **0.760** |"
    assert "| *PASS when* | win_rate >= 0.75 | win_rate >= 0.75 |" in md  # the threshold beside the figures
    assert "| *n orig / perturbed* | 3 / 2 | 3 / 2 |" in md


def test_no_metric_is_bold_when_every_metric_fails_the_test():
    r = report(
        [
            disc("order", {"a": {"win_rate": 0.51}, "b": {"win_rate": 0.49}}),
            disc("mixed", {"a": {"win_rate": 0.51}, "b": {"win_rate": 0.9}}),
        ]
    )
    md = render(r)
    assert rows(md, "a")[0] == "| a | 0.510 | 0.510 |"  # order: both fail, so neither is "best"
    assert rows(md, "b")[0] == "| b | 0.490 | **0.900** |"


def test_a_note_says_when_r_and_the_win_rate_disagree():
    # positives: selected: r over every selected original can be positive while most pairs are lost
    stats = {"win_rate": 0.18, "pearson": 0.079, "n_pairs": 40}
    md = render(report([disc("order", {"a": stats, "b": {"win_rate": 0.9, "pearson": 0.5, "n_pairs": 40}})]))
    notes = [line for line in md.splitlines() if line.startswith("- `order` / a: r = +0.079")]
    assert len(notes) == 1 and "wins 18.0% of its pairs" in notes[0] and "verdict follows the win rate" in notes[0]
    assert "- `order` / b: r =" not in md


def test_invariance_bolds_the_smallest_abs_r():
    r = report(
        [
            disc(
                "typo",
                {"a": {"abs_r": 0.30, "pearson": -0.3}, "b": {"abs_r": 0.02, "pearson": 0.02}},
                kind="invariance",
            )
        ]
    )
    md = render(r)
    assert "smaller is better" in md
    assert rows(md, "a")[0] == "| a | 0.300 |" and rows(md, "b")[0] == "| b | **0.020** |"
    assert "| *n pairs* | 2 |" in md


def test_directional_bolds_the_lowest_fail_rate_and_ties_are_all_bold():
    r = report(
        [
            disc("neg", {"a": {"fail_rate": 0.15}, "b": {"fail_rate": 0.15}}, kind="directional"),
            disc("syn", {"a": {"fail_rate": 0.5}, "b": {"fail_rate": 0.1}}, kind="directional"),
        ]
    )
    md = render(r)
    assert rows(md, "a")[0] == "| a | **0.150** | 0.500 |"
    assert rows(md, "b")[0] == "| b | **0.150** | **0.100** |"


def test_single_metric_is_not_bold_and_undefined_values_show_a_dash():
    r = report(
        [disc("lexical", {"a": {"pearson": None, "note": "constant scores: correlation undefined"}})], metrics=("a",)
    )
    md = render(r)
    assert rows(md, "a")[0] == "| a | – |"
    assert "**" not in "\n".join(rows(md, "a"))
    assert "- `lexical` / a: constant scores: correlation undefined" in md


def test_one_section_per_kind_in_a_fixed_order_and_details_can_be_left_out():
    r = report(
        [
            disc("inv", {"a": {"abs_r": 0.1}, "b": {"abs_r": 0.2}}, kind="invariance"),
            disc("dis", {"a": {"pearson": 0.1}, "b": {"pearson": 0.2}}),
        ]
    )
    md = render(r)
    assert md.index("## Discrimination") < md.index("## Invariance")
    assert "### Discrimination: details" in md
    short = render(r, details=False)
    assert "details" not in short and "## Invariance" in short


def test_details_show_counts_ci_and_p_values():
    s = {
        "n_pos": 3,
        "n_neg": 2,
        "pearson": 0.5,
        "pearson_p": 0.0004,
        "spearman": 0.4,
        "kendall": 0.3,
        "win_rate": 0.75,
        "win_rate_ci_low": 0.5,
        "win_rate_ci_high": 1.0,
        "n_wins": 1,
        "n_ties": 1,
        "n_losses": 0,
        "win_p": 1.0,
        "mean_delta": -0.25,
        "delta_ci_low": -0.4,
        "delta_ci_high": -0.1,
        "p_holm": 0.0008,
    }
    md = render(report([disc("lexical", {"a": s, "b": s})]))
    row = rows(md, "lexical")[0]
    assert row == (
        "| lexical | a | 3 / 2 | 1 | 75.0% [50.0%, 100.0%] | 1 / 1 / 0 | 1.000 | 0.500 (<0.001) | 0.400 | 0.300 "
        "| -0.250 [-0.400, -0.100] | <0.001 |"
    )


def test_human_correlation_tables_with_groups():
    t = TestResult(
        name="mans",
        kind="human_correlation",
        counts={"n_rated": 10, "n_excluded": 2},
        stats={
            "a": {
                "n": 10,
                "pearson": 0.4,
                "pearson_p": 0.2,
                "spearman": 0.3,
                "spearman_p": 0.4,
                "kendall": 0.2,
                "kendall_p": 0.4,
                "p_holm": 0.2,
                "groups": {"system": {"gpt": {"n": 5, "pearson": 0.9, "pearson_p": 0.04}}},
                "windows": {"correlation": {"pearson": 0.7}, "note": ""},
            }
        },
        cases=[Case(f"r{i}", "rated", rating=1.0) for i in range(10)],
    )
    md = render(report([t], metrics=("a",)))
    assert "| a | 0.400 |" in md and "| *n rated* | 10 |" in md
    assert (
        rows(md, "mans")[0] == "| mans | a | 10 (2) | 0.400 (0.200) | 0.300 (0.400) | 0.200 (0.400) | 0.700 | 0.200 |"
    )
    assert "| mans | a | system=gpt | 5 | 0.900 (0.040) |" in md
    assert "Δ = variant" not in md


def test_number_formatting():
    assert fmt(None) == "–" and fmt(-0.0001) == "0.000" and fmt(0.12345) == "0.123" and fmt(3) == "3"
    assert fmt_p(None) == "–" and fmt_p(0.0000001) == "<0.001" and fmt_p(0.0123) == "0.012"


def test_pipes_in_names_are_escaped():
    r = report([disc("a|b", {"a": {"pearson": 0.1}, "b": {"pearson": 0.2}})])
    assert "| Metric | a\\|b |" in render(r)


def test_verdicts_come_first_with_the_rule_and_why_a_verdict_did_not_pass():
    r = report(
        [
            disc("order", {"a": {"win_rate": 0.9, "n_pairs": 8}, "b": {"win_rate": 0.5, "n_pairs": 8}}),
            disc("typo", {"a": {"abs_r": 0.02, "n_pairs": 3}, "b": {"abs_r": 0.3, "n_pairs": 8}}, kind="invariance"),
        ]
    )
    md = render(r, details=False)
    assert md.index("## Verdicts") < md.index("## Discrimination")
    assert "**1 passed, 2 failed, 1 inconclusive** (a verdict per test and metric)." in md
    # each verdict with the value that decided it, beside the rule
    assert rows(md, "`order`") == ["| `order` | discrimination | win_rate >= 0.75 | PASS 0.900 | FAIL 0.500 |"]
    assert rows(md, "`typo`") == ["| `typo` | invariance | abs_r <= 0.1 | INCONCLUSIVE 0.020 | FAIL 0.300 |"]
    assert "- `order` / b: FAIL: win_rate 0.500 < 0.75" in md
    assert "- `typo` / a: INCONCLUSIVE: abs_r 0.020 from too few pairs (a verdict needs 6)" in md
    assert "- `order` / a:" not in md  # passing verdicts need no explanation
