"""The pytest plugin: run pytest (pytester) on small test files and check outcomes and messages.

Most runs are in-process (the outer session has spaCy loaded already); one runs in a subprocess
to prove that the plugin is found through its ``pytest11`` entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

REPO = Path(__file__).resolve().parent.parent

STORIES = [  # six have a comma that delete_punctuation can drop (as many pairs as a verdict needs)
    ("a1", "Tom woke up early. Later, he made some coffee. Then he walked to work."),
    ("a2", "Ann found a lost dog. She called its owner. The owner thanked her."),
    ("a3", "It rained all day. Sadly, we stayed inside. We played cards until dinner."),
    ("a4", "The kids built a fort. It fell down. They built it again, stronger."),
    ("a5", "Maria baked bread. The smell filled the house. Soon, everyone came to the kitchen."),
    ("a6", "Sam lost his keys. He searched the car. Luckily, they were in his pocket."),
    ("a7", "Leo painted the fence. Sadly, it rained that night. He painted it again the next day."),
    ("a8", "Eva planted some seeds. Later, she watered them every morning. Soon green shoots appeared."),
]

# two toy metrics that ignore punctuation: one blind to sentence order, one that sees it
METRICS = """
import json
import re
from pathlib import Path


def _words(text):
    return re.findall(r"[a-z]+", text.lower())


def _sentences(text):
    return [s for s in re.split(r"(?<=[.!?])\\s+", text.strip()) if s]


_POSITION = {}  # sentence (words only) -> its position in its story
for line in Path(__file__).with_name("stories.jsonl").read_text().splitlines():
    for i, s in enumerate(_sentences(json.loads(line)["text"])):
        _POSITION[" ".join(_words(s))] = i


def bag(texts, contexts=None, references=None):
    return [float(len(set(_words(t)))) for t in texts]


def in_order(texts, contexts=None, references=None):
    out = []
    for t in texts:
        pos = [_POSITION.get(" ".join(_words(s)), -1) for s in _sentences(t)]
        pairs = list(zip(pos, pos[1:]))
        out.append(sum(a < b for a, b in pairs) / len(pairs) if pairs else 0.0)
    return out
"""

SUITE = """
name: order_and_punct
tests:
  - name: sentence_order
    kind: discrimination
    positives: perturbed
    transforms: sentence_shuffle
  - name: punctuation
    kind: invariance
    transforms: delete_punctuation
    tolerance: 0.5
    units: absolute
"""
SUITE_DICT = __import__("yaml").safe_load(SUITE)


@pytest.fixture(scope="module")
def warm(annotator):
    """Import everything a suite run needs in this (outer) process first: in-process pytester runs
    drop the modules they imported afterwards, and numpy cannot be imported twice."""
    from perturbkit.testing import Kit

    Kit().run_suite(
        SUITE_DICT, lambda texts, c=None, r=None: [float(len(t)) for t in texts], [t for _, t in STORIES[:3]]
    )


@pytest.fixture
def project(pytester, warm):
    """A tiny project: stories, a suite and a metrics module with a unique name (in-process runs
    share the process-wide Kit, which caches metrics by spec string)."""
    pytester.makefile(".jsonl", stories="\n".join(json.dumps({"id": i, "text": t}) for i, t in STORIES))
    pytester.makefile(".yaml", order_suite=SUITE)
    name = f"toymetrics_{pytester.path.name}"
    pytester.makepyfile(**{name: METRICS})
    pytester.syspathinsert()
    return name


def test_marker_passes_and_fails_with_a_readable_summary(pytester, project):
    pytester.makepyfile(
        test_suite=f"""
        import pytest

        @pytest.mark.perturbkit_suite("order_suite.yaml", metric="{project}:in_order", data="stories.jsonl",
                                      min_win_rate=0.9, max_abs_r=0.5)
        def test_order_aware(perturbkit_report):
            assert perturbkit_report.suite == "order_and_punct"

        @pytest.mark.perturbkit_suite("order_suite.yaml", metric="{project}:bag", data="stories.jsonl",
                                      min_win_rate=0.9, max_abs_r=0.5)
        def test_order_blind():
            pass
    """
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*_ test_order_blind _*",
            "suite 'order_and_punct' (8 stories, seed 0): 1 of 2 checks failed",
            "  sentence_order  discrimination  bag  FAIL  win_rate 0.500 < 0.9  (min_win_rate, 8 pairs)",
            "  punctuation     invariance      bag  ok    abs_r * <= 0.5  (max_abs_r, * pairs)",
            "sentence_order, metric 'bag': a variant that scored the same as its original (8 of 8 pairs tie)",
            "  original a*  bag score *",
            "  variant  a*/sentence_shuffle  bag score *",
            "  edits (*):",
            "    sentence_shuffle [[]*] * -> *",
            "FAILED test_suite.py::test_order_blind*",
        ]
    )
    assert "Traceback" not in result.stdout.str()  # a summary, not plugin internals


@pytest.mark.subprocess
def test_example_file_fails_for_the_order_blind_metric(pytester, warm):
    pytester.makepyfile(test_example=(REPO / "examples" / "test_metric_robustness.py").read_text())
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=4, xfailed=2)  # as the project's CI sees it

    # in a fresh process, as a user runs it
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--runxfail", timeout=300)
    result.assert_outcomes(passed=4, failed=2)
    out = result.stdout.str()
    result.stdout.fnmatch_lines(
        [
            "*RobustnessFailure: metric 'bag_of_words' did not score the sentence_shuffle variant lower: "
            "the score did not change",
            "*  original short-* score -*",
            "*  variant  short-*/sentence_shuffle (seed *)  score -*",
            "*  edits (*):",
            "*    sentence_shuffle [[]*] '*' -> '*'  (sentence * -> position *)",
        ]
    )
    result.stdout.fnmatch_lines(["*sentence_order  discrimination  bag_of_words  FAIL  win_rate 0.500 < 0.95*"])
    assert "FAILED test_example.py::test_bag_of_words_notices_shuffled_sentences" in out
    assert "FAILED test_example.py::test_bag_of_words_on_the_demo_suite" in out
    assert "bigram_plausibility" not in out.split("short test summary")[1]


def test_marker_usage_errors_are_setup_errors(pytester, project):
    pytester.makepyfile(
        test_bad=f"""
        import pytest

        @pytest.mark.perturbkit_suite("order_suite.yaml", metric="{project}:bag", data="stories.jsonl",
                                      min_winrate=0.9)
        def test_typo_in_option():
            pass

        @pytest.mark.perturbkit_suite("order_suite.yaml", data="stories.jsonl", min_win_rate=0.9)
        def test_no_metric():
            pass

        @pytest.mark.perturbkit_suite("order_suite.yaml", metric="{project}:bag", data="missing.jsonl",
                                      min_win_rate=0.9)
        def test_missing_data():
            pass

        @pytest.mark.perturbkit_suite("ordr_suite.yaml", metric="{project}:bag", min_win_rate=0.9)
        def test_missing_suite():
            pass

        @pytest.mark.perturbkit_suite("order_suite.yaml", metric="{project}:bga", data="stories.jsonl",
                                      min_win_rate=0.9)
        def test_bad_metric():
            pass

        def test_report_without_marker(perturbkit_report):
            pass
    """
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(errors=6)
    result.stdout.fnmatch_lines_random(
        [
            "*perturbkit_suite: unknown option 'min_winrate'; did you mean 'min_win_rate'?",
            "*perturbkit_suite: no metric given; use @pytest.mark.perturbkit_suite(*",
            "*perturbkit_suite: missing.jsonl: no such file",
            "*perturbkit_suite: no suite file 'ordr_suite.yaml' and no shipped suite of that name*",
            "*perturbkit_suite: *has no attribute 'bga'*did you mean bag*",
            "*the perturbkit_report fixture needs @pytest.mark.perturbkit_suite(suite, metric=...) on the test",
        ]
    )


def test_per_test_thresholds_and_a_subset_of_tests(pytester, project):
    pytester.makepyfile(
        test_sub=f"""
        import pytest

        @pytest.mark.perturbkit_suite("order_suite.yaml", metric="{project}:bag", data="stories.jsonl",
                                      tests=["punctuation"], max_abs_r=0.5)
        def test_only_punctuation():
            pass

        @pytest.mark.perturbkit_suite("order_suite.yaml", metric="{project}:bag", data="stories.jsonl",
                                      min_win_rate=0.9, thresholds={{"sentence_order": {{"min_win_rate": 0.4}}}})
        def test_lenient_for_order():
            pass
    """
    )
    result = pytester.runpytest("-p", "no:cacheprovider", "-rP")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(
        ["*perturbkit suite*", "suite 'order_and_punct' (8 stories, seed 0): 0 of 1 check failed"]
    )


def test_without_thresholds_the_kinds_defaults_decide(pytester, project):
    pytester.makepyfile(
        test_defaults=f"""
        import pytest

        @pytest.mark.perturbkit_suite("order_suite.yaml", metric="{project}:in_order", data="stories.jsonl")
        def test_order_aware():
            pass

        @pytest.mark.perturbkit_suite("order_suite.yaml", metric="{project}:bag", data="stories.jsonl")
        def test_order_blind():
            pass
    """
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "suite 'order_and_punct' (8 stories, seed 0): 1 of 2 checks failed",
            "  sentence_order  discrimination  bag  FAIL  win_rate 0.500 < 0.75  (min_win_rate, 8 pairs)",
            "  punctuation     invariance      bag  ok    abs_r 0.000 <= 0.1  (max_abs_r, 6 pairs*",
            "FAILED test_defaults.py::test_order_blind*",
        ]
    )


def test_fixture_and_strategies_in_a_hypothesis_test(pytester, project):
    pytester.makepyfile(
        test_props=f"""
        from hypothesis import given, settings
        from perturbkit.testing import assert_decreases, perturbed
        from {project} import bag, in_order

        PAIRS = perturbed("sentence_shuffle", stories="stories.jsonl")

        @settings(derandomize=True, database=None, deadline=None, max_examples=10)
        @given(PAIRS)
        def test_in_order_notices(pair):
            assert_decreases(in_order, pair)

        @settings(derandomize=True, database=None, deadline=None, max_examples=10)
        @given(PAIRS)
        def test_bag_notices(pair):
            assert_decreases(bag, pair)

        def test_shared_kit(perturbkit):
            from perturbkit.annotation import default_annotator
            assert perturbkit.annotator is default_annotator()
            assert perturbkit.runner(bag) is perturbkit.runner(bag)
            assert list(perturbkit.score(bag, ["a b a"])) == [2.0]
    """
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(
        [
            "E   *RobustnessFailure: metric 'bag' did not score the sentence_shuffle variant lower: the score did not change",
            "E   *original a2  score 12",  # the shortest story (shrunk)
        ]
    )


@pytest.mark.subprocess
def test_plugin_is_loaded_from_its_entry_point_in_a_fresh_process(pytester):
    """No spaCy here: the fixture and the marker's registration only."""
    pytester.makeini("[pytest]\naddopts = --strict-markers\n")
    pytester.makepyfile(
        test_fresh="""
        import sys
        import pytest

        def test_fixture(perturbkit):
            assert "spacy" not in sys.modules
            assert perturbkit.score(lambda t, c=None, r=None: [len(x) for x in t], ["ab", "abc"]).tolist() == [2, 3]
            assert perturbkit.assert_decreases(lambda t, c=None, r=None: [len(x) for x in t], ("abc", "ab")) == (3, 2)

        def test_modules_not_loaded_by_the_plugin():
            assert "perturbkit.pytest_plugin" in sys.modules
            assert not [m for m in ("perturbkit.testing", "perturbkit.transform", "numpy") if m in sys.modules]

        @pytest.mark.perturbkit_suite("demo", metric="ngram_repetition", min_win_rate=0.0)
        @pytest.mark.skip(reason="registered marker only")
        def test_marker_is_registered():
            pass
    """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-k", "not fixture", timeout=120)
    result.assert_outcomes(passed=1, skipped=1)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-k", "fixture", timeout=120)
    result.assert_outcomes(passed=1)
