"""The pytest plugin (entry point ``pytest11``): a ``perturbkit`` fixture and a marker that runs a
suite as a test.

    import pytest

    def test_shuffling_lowers_the_score(perturbkit):
        score = perturbkit.score("mypkg:score", ["He woke up. He left.", "He left. He woke up."])

    @pytest.mark.perturbkit_suite("demo", metric="mypkg:score", data="stories.jsonl",
                                  min_win_rate=0.8, max_abs_r=0.2)
    def test_my_metric_on_the_demo_suite(perturbkit_report):
        pass  # fails when a test of the suite fails its verdict under these thresholds

Without thresholds the suite's own decide (each test kind's defaults where it sets none).

pytest loads this module in every run of every project installed beside perturbkit, so it
imports nothing from perturbkit until a test uses the fixture or the marker.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

import pytest

MARKER = "perturbkit_suite"
_OPTIONS = ("suite", "metric", "data", "seed", "limit", "tests", "thresholds", "allow_inconclusive")
_REPORT = pytest.StashKey[Any]()
_CHECKS = pytest.StashKey[Any]()
_ALLOW = pytest.StashKey[bool]()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{MARKER}(suite, *, metric, data=None, seed=None, limit=None, tests=None, thresholds=None, "
        "allow_inconclusive=False, **bounds): run a perturbkit suite (YAML path or shipped name) with the "
        "metric on the stories in data (default: perturbkit's samples) and fail when a test of the suite "
        "fails its verdict; bounds are thresholds such as min_win_rate=0.8 (see perturbkit.kinds)",
    )


def _threshold_names() -> tuple[str, ...]:
    from perturbkit.kinds import threshold_names

    return threshold_names()


@pytest.fixture(scope="session")
def perturbkit() -> Any:
    """perturbkit's shared test kit (one Annotator, metrics and their models loaded once, score
    memory, suite reports): see perturbkit.testing.Kit."""
    from perturbkit.testing import default_kit

    return default_kit()


@pytest.fixture
def perturbkit_report(request: pytest.FixtureRequest) -> Any:
    """The Report of the test's ``perturbkit_suite`` marker (each suite runs once per session)."""
    if request.node.get_closest_marker(MARKER) is None:
        pytest.fail(
            f"the perturbkit_report fixture needs @pytest.mark.{MARKER}(suite, metric=...) on the test", pytrace=False
        )
    return _prepare(request.node)[0]


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Run the marked test's suite during setup, so a bad suite, metric or data path is an error
    (not a failure) and the test body can read the report."""
    if item.get_closest_marker(MARKER) is not None:
        _prepare(item)


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> Any:
    """After a marked test's body passed, fail it when a test of the suite fails its verdict."""
    result = yield
    checks = pyfuncitem.stash.get(_CHECKS, None)
    if checks is not None:
        from perturbkit.testing.suite_checks import failing, format_checks

        summary = format_checks(pyfuncitem.stash[_REPORT], checks)
        if failing(checks, allow_inconclusive=pyfuncitem.stash[_ALLOW]):
            pytest.fail(summary, pytrace=False)
        pyfuncitem.add_report_section("call", "perturbkit suite", summary)
    return result


def _prepare(item: pytest.Item) -> tuple[Any, Any]:
    """Run the suite of the item's marker (cached) and check its verdicts (no raising yet)."""
    if _REPORT in item.stash:
        return item.stash[_REPORT], item.stash[_CHECKS]
    from perturbkit.errors import UserError
    from perturbkit.testing import check_suite, default_kit

    args = _marker_args(item)
    try:
        report = default_kit().run_suite(
            args["suite"], args["metric"], args.get("data"), seed=args.get("seed"), limit=args.get("limit")
        )
        bounds = {k: args[k] for k in _threshold_names() if args.get(k) is not None}
        checks = check_suite(report, thresholds=args.get("thresholds"), tests=args.get("tests"), **bounds)
    except (UserError, ValueError) as exc:
        pytest.fail(f"{MARKER}: {exc}", pytrace=False)
    item.stash[_REPORT], item.stash[_CHECKS] = report, checks
    item.stash[_ALLOW] = bool(args.get("allow_inconclusive"))
    return report, checks


def _marker_args(item: pytest.Item) -> dict[str, Any]:
    marker = item.get_closest_marker(MARKER)
    assert marker is not None
    args = dict(marker.kwargs)
    options = _OPTIONS + _threshold_names()
    for k in args:
        if k not in options:
            near = difflib.get_close_matches(k, options, n=1)
            hint = f"; did you mean {near[0]!r}?" if near else f"; options: {', '.join(options)}"
            pytest.fail(f"{MARKER}: unknown option {k!r}{hint}", pytrace=False)
    if len(marker.args) > 1 or (marker.args and "suite" in args):
        pytest.fail(
            f"{MARKER} takes one suite (a YAML path or a shipped suite's name), "
            f"got {len(marker.args) + ('suite' in args)}",
            pytrace=False,
        )
    if marker.args:
        args["suite"] = marker.args[0]
    for need in ("suite", "metric"):
        if args.get(need) is None:
            pytest.fail(
                f'{MARKER}: no {need} given; use @pytest.mark.{MARKER}("suite.yaml", '
                f'metric="package.module:function", min_win_rate=..., max_abs_r=...)',
                pytrace=False,
            )
    for k in ("suite", "data"):
        args[k] = _resolve_path(args.get(k), item)
    return args


def _resolve_path(value: Any, item: pytest.Item) -> Any:
    """A relative path is looked up beside the test file, then under the rootdir; anything else
    (a shipped suite's name, a list of stories) is returned unchanged."""
    if not isinstance(value, str) or Path(value).is_absolute():
        return value
    for base in (Path(str(item.path)).parent, item.config.rootpath):
        p = base / value
        if p.is_file():
            return str(p)
    return value
