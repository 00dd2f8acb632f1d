"""perturbkit.stats: correlations, win rates, bootstrap CIs, Holm, window analysis."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as sps

from perturbkit import stats as st


def test_correlation_matches_scipy():
    rng = np.random.default_rng(1)
    x = rng.normal(size=50)
    y = x + rng.normal(scale=0.5, size=50)
    c = st.correlation(x, y)
    assert c.n == 50 and c.note == ""
    assert c.pearson == pytest.approx(sps.pearsonr(x, y).statistic)
    assert c.pearson_p == pytest.approx(sps.pearsonr(x, y).pvalue)
    assert c.spearman == pytest.approx(sps.spearmanr(x, y).statistic)
    assert c.kendall == pytest.approx(sps.kendalltau(x, y).statistic)
    assert 0 < c.kendall_p < 0.001


@pytest.mark.parametrize(
    "x, y, note",
    [
        ([1.0, 1.0, 1.0, 1.0], [1, 2, 3, 4], "constant x"),
        ([1, 2, 3, 4], [5, 5, 5, 5], "constant y"),
        ([1, 2], [2, 1], "only 2 pair(s)"),
        ([], [], "only 0 pair(s)"),
        ([1, 2, float("nan")], [1, 2, 3], "non-finite"),
    ],
)
def test_degenerate_correlation_is_undefined_not_an_error(x, y, note):
    c = st.correlation(x, y)
    assert c.pearson is None and c.spearman is None and c.kendall is None and c.pearson_p is None
    assert not c.defined
    assert note in c.note and "undefined" in c.note


def test_correlation_rejects_different_lengths():
    with pytest.raises(ValueError, match="lengths differ"):
        st.correlation([1, 2, 3], [1, 2])


def test_win_rate_counts_ties_half():
    assert st.win_rate([3, 2, 1, 5], [1, 2, 4, 5]) == pytest.approx((1 + 0.5 + 0 + 0.5) / 4)
    assert st.win_rate([1, 1], [1, 1]) == 0.5
    assert st.win_rate([2, 2], [1, 1]) == 1.0
    assert st.win_rate([], []) is None


def test_bootstrap_ci_is_deterministic_for_a_seed_and_varies_with_it():
    rng = np.random.default_rng(7)
    d = rng.normal(loc=0.3, size=40)
    a = st.bootstrap_ci(d, seed=3)
    b = st.bootstrap_ci(d, seed=3)
    c = st.bootstrap_ci(d, seed=4)
    assert a == b
    assert a != c
    assert a[0] < d.mean() < a[1]


def test_bootstrap_ci_leaves_the_global_rng_alone():
    np.random.seed(123)
    expected = np.random.random()
    np.random.seed(123)
    st.bootstrap_ci(np.arange(30.0), seed=0)
    assert np.random.random() == expected


def test_bootstrap_ci_degenerate_inputs():
    assert st.bootstrap_ci([2.0, 2.0, 2.0]) == (2.0, 2.0)
    assert st.bootstrap_ci([1.0]) == (None, None)


def test_mean_delta_is_variant_minus_original():
    d = st.mean_delta([1.0, 2.0, 3.0, 4.0], [0.5, 1.5, 2.5, 3.5], seed=0)
    assert d.n == 4 and d.mean == pytest.approx(-0.5)
    assert d.ci_low == pytest.approx(-0.5) and d.ci_high == pytest.approx(-0.5)
    empty = st.mean_delta([], [])
    assert empty.n == 0 and empty.mean is None


def test_moved_share_and_sign_test():
    assert st.moved_share([1, 1, 1, 1], [1.05, 1.2, 0.7, 1.0], 0.1) == 0.5
    assert st.moved_share([], [], 0.1) is None
    assert st.sign_test(0, 0) is None
    assert st.sign_test(10, 0) == pytest.approx(2 * 0.5**10)
    assert st.sign_test(5, 5) == 1.0


def test_holm_matches_a_hand_computation():
    # sorted p: .01 (x3=.03), .03 (x2=.06), .04 (x1=.04 -> monotone .06); None is left out
    assert st.holm([0.01, 0.04, None, 0.03]) == [0.03, 0.06, None, 0.06]
    assert st.holm([0.5, 0.9]) == [1.0, 1.0]
    assert st.holm([]) == []


def _window_reference(metric, human, size, stride):
    """A slow, literal version of the window analysis to check the vectorised one against."""
    order = sorted(range(len(human)), key=lambda i: human[i])
    hs = [human[i] for i in order]
    ms = [metric[i] for i in order]
    wins = []
    s = 0
    while s + size <= len(hs):
        wins.append((sum(hs[s : s + size]) / size, sum(ms[s : s + size]) / size))
        s += stride
    dh, dm = [], []
    for i in range(len(wins)):
        for j in range(i + 1, len(wins)):
            dh.append(wins[j][0] - wins[i][0])
            dm.append(wins[j][1] - wins[i][1])
    return wins, dh, dm


def test_window_difference_correlation_matches_a_literal_implementation():
    rng = np.random.default_rng(0)
    human = rng.integers(1, 6, size=137).astype(float) + rng.random(137) / 10
    metric = human * 0.5 + rng.normal(size=137)
    w = st.window_difference_correlation(metric.tolist(), human.tolist(), size=40, stride=7)
    wins, dh, dm = _window_reference(metric.tolist(), human.tolist(), 40, 7)
    assert len(w.windows) == len(wins) == (137 - 40) // 7 + 1
    assert len(w.pairs) == len(wins) * (len(wins) - 1) // 2
    assert w.human_diffs == pytest.approx(dh)
    assert w.metric_diffs == pytest.approx(dm)
    assert all(h >= 0 for h in w.human_diffs)  # windows are ordered by human score
    assert w.correlation.pearson == pytest.approx(sps.pearsonr(dm, dh).statistic)
    assert w.correlation.pearson > 0.5
    again = st.WindowAnalysis.from_dict(w.to_dict())
    assert again.to_dict() == w.to_dict()


def test_window_analysis_with_too_few_stories_is_undefined():
    w = st.window_difference_correlation([1.0] * 150, list(range(150)), size=200, stride=10)
    assert w.windows == [] and w.pairs == []
    assert w.correlation is not None and w.correlation.pearson is None
    assert "0 window(s)" in w.note
    one = st.window_difference_correlation(list(range(205)), list(range(205)), size=200, stride=10)
    assert len(one.windows) == 1 and one.correlation.pearson is None


def test_window_analysis_rejects_bad_sizes():
    with pytest.raises(ValueError):
        st.window_difference_correlation([1.0], [1.0], size=0)
    with pytest.raises(ValueError):
        st.window_difference_correlation([1.0], [1.0, 2.0], size=1)


def test_results_are_json_safe():
    c = st.correlation([1, 2, 3, 4], [2, 1, 4, 3])
    assert all(v is None or isinstance(v, (int, float, str)) for v in c.to_dict().values())
    assert all(v is None or math.isfinite(v) for v in c.to_dict().values() if isinstance(v, float))
