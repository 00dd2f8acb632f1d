"""JUnit XML from a suite report: one testcase per test × metric, a failure with the statistic,
the threshold and the worst pairs, a skip for INCONCLUSIVE; parsed back with xml.etree."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from perturbkit.report import Case, Report, TestResult
from perturbkit.report.failures import worst_failures
from perturbkit.report.junit import to_junit, write_junit


def _pairs(name: str, kind: str, deltas: list[float], stats: dict, ids: str = "s") -> TestResult:
    cases = []
    for i, d in enumerate(deltas):
        cases.append(Case(f"{ids}{i}", "original", scores={"m": 1.0, "n": 1.0}))
        cases.append(
            Case(f"{ids}{i}/v", "variant", pair_of=f"{ids}{i}", transform="tx", scores={"m": 1.0 + d, "n": 1.0 - d})
        )
    return TestResult(name=name, kind=kind, aspect="order", stats=stats, cases=cases)


def report() -> Report:
    up = [0.3, 0.1, -0.2, 0.5, 0.2, 0.05, 0.4, -0.1]  # m: six variants scored above their original
    order = _pairs(
        "order",
        "discrimination",
        up,
        {
            "m": {"win_rate": 0.25, "pearson": -0.3, "n_pairs": 8},
            "n": {"win_rate": 0.75, "pearson": 0.3, "n_pairs": 8},
        },
        ids="a\x01<b>&",  # characters XML escapes, and one it cannot hold
    )
    typo = _pairs(
        "typo",
        "invariance",
        [0.0, 0.01, 0.0],
        {"m": {"abs_r": 0.02, "n_pairs": 3}, "n": {"abs_r": 0.01, "n_pairs": 3}},
    )
    return Report(
        suite="s<&>",
        tests=[order, typo],
        metrics=[{"name": "m"}, {"name": "n"}],
        seed=3,
        data={"source": "d.jsonl", "n_examples": 11},
        version="0.1.0",
    )


def test_one_testcase_per_test_and_metric_with_counts_from_the_report(tmp_path):
    r = report()
    path = tmp_path / "out" / "results.xml"
    write_junit(r, path)
    root = ET.parse(path).getroot()
    suite = root.find("testsuite")
    tally = r.tally()
    assert (tally.passed, tally.failed, tally.inconclusive) == (1, 1, 2)
    for el in (root, suite):
        assert el.get("tests") == str(len(list(r.iter_verdicts()))) == "4"
        assert (el.get("failures"), el.get("skipped"), el.get("errors")) == ("1", "2", "0")
    cases = suite.findall("testcase")
    assert [(c.get("classname"), c.get("name")) for c in cases] == [
        ("s<&>.order", "m"),
        ("s<&>.order", "n"),
        ("s<&>.typo", "m"),
        ("s<&>.typo", "n"),
    ]
    assert len(suite.findall("testcase/failure")) == tally.failed
    assert len(suite.findall("testcase/skipped")) == tally.inconclusive
    assert cases[1].find("failure") is None and cases[1].find("skipped") is None  # the pass
    props = {p.get("name"): p.get("value") for p in suite.findall("properties/property")}
    assert props == {"seed": "3", "metrics": "m, n", "data": "d.jsonl", "stories": "11", "perturbkit": "0.1.0"}


def test_a_failure_names_the_statistic_the_threshold_and_the_worst_pairs():
    r = report()
    root = ET.fromstring(to_junit(r).split("\n", 1)[1])
    failure = root.find("testsuite/testcase/failure")
    assert failure.get("message") == "win_rate 0.250 < 0.75 (min_win_rate)" and failure.get("type") == "min_win_rate"
    text = failure.text
    assert "FAIL: win_rate 0.250 < 0.75" in text and "threshold: win_rate >= 0.75" in text
    assert "cases: 8 pairs" in text and "6 of 8 variants scored above their original" in text
    fails, _ = worst_failures(r.test("order"), "m", 5)
    quoted = [line.split(" [")[0].strip() for line in text.splitlines() if line.startswith("  ")]
    expected = [f.variant.id.replace("\x01", "\ufffd") for f in fails]
    assert quoted == expected and expected[0] == "a\ufffd<b>&3/v"  # worst first: +0.5
    assert "original 1.000 -> variant 1.500 (delta +0.500, expected: decrease)" in text
    # r = -0.3 beside a 25% win rate agree in sign: no note; the inconclusive ones are skips that say why
    assert "note:" not in text
    skipped = root.findall("testsuite/testcase/skipped")
    assert skipped[0].get("message") == "INCONCLUSIVE: abs_r 0.020 from too few pairs (a verdict needs 6)"
