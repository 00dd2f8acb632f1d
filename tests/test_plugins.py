"""Plugins as pip installs them: real distributions on sys.path, found through entry points."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings

import _plugin_dist
import pytest

from perturbkit import registry
from perturbkit.cli import main
from perturbkit.errors import MetricError
from perturbkit.filters import build_filter
from perturbkit.io import read_examples
from perturbkit.metrics import resolve_metric
from perturbkit.report import Report
from perturbkit.suite import load_suite
from perturbkit.transform import UnknownTransform, get_transform

STORY = "Tom woke up early. He made coffee. Then he went to work."


@pytest.fixture
def plugin_site(tmp_path, monkeypatch):
    """The plugin distributions on sys.path, seen by scoped registries; gone afterwards."""
    site = _plugin_dist.write_plugins(tmp_path / "site")
    monkeypatch.syspath_prepend(str(site))
    with registry.scoped():
        yield site
    for name in [m for m in sys.modules if m.split(".")[0] in _plugin_dist.MODULES]:
        del sys.modules[name]


def test_plugin_entries_are_used_by_name(plugin_site, tmp_path):
    shout = get_transform("shout")
    assert shout(STORY, seed=0).text == STORY.upper()
    assert registry.transforms.origin("shout") == "toy-plugin 0.1"
    assert registry.transforms.origin("sentence_shuffle") == "perturbkit"

    metric = resolve_metric("toy_lower")
    assert metric.name == "toy_lower"  # named as the user typed it, not after the function
    assert metric(["abC", "ABC"]) == [2.0, 0.0]

    keep = build_filter("toy_shorter_than", {"max_chars": 5})
    from perturbkit.example import Example

    assert keep(Example("a"), Example("short")) and not keep(Example("a"), Example("too long"))

    suite = load_suite("toy_shouting")
    assert suite.name == "toy_shouting" and suite.tests[0].transforms[0].name == "shout"
    assert [f.name for f in suite.tests[0].filters] == ["changed", "toy_shorter_than"]

    data = tmp_path / "stories.story"
    data.write_text("One story.\n\nAnother story.\n", encoding="utf-8")
    exs = read_examples(data)  # the plugin's reader claims .story
    assert [(e.id, e.text) for e in exs] == [("stories-1", "One story."), ("stories-3", "Another story.")]
    assert read_examples(data, fmt="toy_lines") == exs


def test_names_come_from_metadata_without_importing_the_plugin(plugin_site):
    assert "toy_lower" in registry.metrics.names() and "toy_plugin" not in sys.modules
    assert "toy_shouting" in registry.suites.names() and "toy_plugin" not in sys.modules
    registry.metrics.get("toy_lower")
    assert "toy_plugin" in sys.modules


def test_a_broken_plugin_warns_naming_its_distribution_and_the_rest_works(plugin_site):
    with pytest.warns(registry.PluginWarning) as caught:
        everything = registry.transforms.all()
    messages = [str(w.message) for w in caught]
    assert len(messages) == 1, messages
    assert "'broken-plugin'" in messages[0]
    assert "'bad_shout = broken_plugin:Shout'" in messages[0] and "perturbkit.transforms" in messages[0]
    assert "perturbkit_missing_dependency_xyz" in messages[0]
    assert "shout" in everything and "sentence_shuffle" in everything and "bad_shout" not in everything

    with pytest.raises(UnknownTransform, match="'broken-plugin' failed to load transform 'bad_shout'"):
        get_transform("bad_shout")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # asked for by name: the error says why, no warning on top
        with pytest.raises(MetricError, match="'broken-plugin' failed to load metric 'bad_metric'"):
            resolve_metric("bad_metric")
    assert resolve_metric("toy_lower")(["ab"]) == [2.0]  # the working plugin is unaffected


def test_a_plugin_cannot_take_a_builtin_name(plugin_site):
    with pytest.warns(registry.PluginWarning) as caught:
        everything = registry.metrics.all()
    greedy = [str(w.message) for w in caught if "'greedy-plugin'" in str(w.message)]
    assert len(greedy) == 1 and "metric name 'bleu' is already registered by perturbkit.metrics.bleu.Bleu" in greedy[0]
    assert everything["bleu"].__module__ == "perturbkit.metrics.bleu"
    assert registry.metrics.origin("bleu") == "perturbkit"


def test_doctor_reports_plugins(plugin_site):
    from perturbkit.commands.doctor import plugin_status

    status = plugin_status()
    assert status["transforms"]["shout"] == (True, "toy-plugin 0.1")
    ok, why = status["transforms"]["bad_shout"]
    assert not ok and "broken-plugin" in why
    assert status["filters"] == {"toy_shorter_than": (True, "toy-plugin 0.1")}
    assert status["recipes"] == {}


def test_list_and_run_use_plugins_from_the_command_line(plugin_site, tmp_path, capsys):
    with pytest.warns(registry.PluginWarning, match="broken-plugin"):
        assert main(["list", "--no-examples"]) == 0
    out = capsys.readouterr().out
    assert "shout  [surface, preserves]" in out and "from: toy-plugin 0.1" in out

    data = tmp_path / "tales.story"
    data.write_text("Tom woke up early and made coffee.\nAnn found a dog and called its owner.\n", encoding="utf-8")
    report = tmp_path / "report.json"
    code = main(
        ["run", "toy_shouting", "--data", str(data), "--metric", "toy_lower", "--out", str(report), "--no-cache"]
        + ["--no-progress", "--print", "none"]
    )
    assert code == 0
    rep = Report.load(report)
    assert rep.suite == "toy_shouting" and rep.metric_names == ["toy_lower"]
    assert rep.data == {"source": str(data), "n_examples": 2}


@pytest.mark.subprocess
def test_list_in_a_fresh_process_shows_the_plugin_transform(tmp_path):
    site = _plugin_dist.write_plugins(tmp_path / "site")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep))
    run = subprocess.run(
        [sys.executable, "-m", "perturbkit", "list", "--json"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=_plugin_dist.Path(__file__).resolve().parent.parent,
    )
    assert run.returncode == 0, run.stderr
    rows = {r["name"]: r for r in json.loads(run.stdout)}
    assert rows["shout"]["origin"] == "toy-plugin 0.1" and rows["shout"]["output"] == "TOM WOKE UP EARLY."
    assert "sentence_shuffle" in rows and "bad_shout" not in rows
    assert "PluginWarning" in run.stderr and "'broken-plugin'" in run.stderr
