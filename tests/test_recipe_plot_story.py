"""The plot_story recipe: validation, the two-stage run (candidates, then adversarial filtering),
records with provenance, determinism, resuming without regenerating, not-applicable stories, the
too-few-stories error, and ``perturbkit augment plot_story`` with a tiny generator the test builds.

Most tests script the generator (its ``generate`` returns stories built from the plot it is sent),
so they check exact counts; the committee uses cheap lexical features instead of MiniLM."""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("sklearn")

from perturbkit.errors import RecipeError, UserError  # noqa: E402
from perturbkit.filters.adversarial import AdversarialFilterError  # noqa: E402
from perturbkit.plot.generate import PlotToStory  # noqa: E402
from perturbkit.recipe import AugmentOptions, load_recipe, run_augment  # noqa: E402
from perturbkit.recipe.definition import recipe_from_dict  # noqa: E402
from perturbkit.recipe.plot_stage import candidates_path  # noqa: E402

STORIES = [
    "Tom went to the store. He bought some milk. He forgot his wallet.",
    "Anna baked a cake. She burned the cake. Her mother laughed.",
    "Sam planted a tree. The tree grew tall. Birds built a nest.",
    "Lisa lost her keys. She searched the house. She found them under the couch.",
    "Ben played soccer. He scored a goal. His team won the game.",
    "Mia wrote a letter. She mailed the letter. Her friend replied quickly.",
    "Joe painted the fence. The paint dried fast. His neighbor praised the fence.",
    "Kate adopted a puppy. The puppy chewed her shoes. She bought a toy.",
    "Max fixed the bike. He rode to school. He arrived early.",
    "Eva cooked dinner. Her guests arrived late. They ate cold soup.",
    "Hello there.",  # one sentence: no plot
    "Red, green and blue. Big and small.",  # no verb: no plot
]
RECIPE = {
    "name": "ps",
    "seed": 0,
    "keep_originals": True,
    "plot_story": {
        "manipulations": ["plot_repetition_insertion", "plot_random_substitution"],
        "candidates": 4,
        "adversarial": {"keep": 2, "features": "lexical", "max_rounds": 4},
    },
}


def write_stories(path, stories=STORIES):
    path.write_text("".join(json.dumps({"id": f"s{i}", "text": t}) + "\n" for i, t in enumerate(stories)))
    return path


class Scripted:
    """Stands in for PlotToStory.generate: per request, stories that use the plot's words (k of
    them with k sentences), an off-plot one and an empty one; counts calls."""

    def __init__(self):
        self.calls = 0
        self.plots = []

    def __call__(self, gen, requests):
        self.calls += 1
        out = []
        for r in requests:
            words = re.findall(r"[a-z]+", r.input.lower().replace("title", ""))
            self.plots.append(r.input)
            story = " ".join(words).capitalize() + ". Then the day ended and everyone went to bed quietly."
            texts = [story + " It went on and on." * k for k in range(2)]
            out.append(texts + ["Nothing about it at all here.", ""][: gen.num_return_sequences - 2])
        return [[t.strip() for t in ts if t.strip()] for ts in out]


@pytest.fixture
def scripted(monkeypatch):
    s = Scripted()
    monkeypatch.setattr(PlotToStory, "generate", lambda self, requests: s(self, requests))
    return s


def run(tmp_path, recipe=RECIPE, name="out.jsonl", stories=STORIES, **opts):
    inp = write_stories(tmp_path / "in.jsonl", stories)
    out = tmp_path / name
    summary = run_augment(recipe_from_dict(recipe), inp, out, AugmentOptions(progress=False, **opts))
    return summary, out


def records(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


# --- the recipe schema ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "section, msg",
    [
        ({"candidate": 3}, "did you mean 'candidates'"),
        ({"manipulations": ["plot_logic_reorde"]}, "did you mean 'plot_logic_reorder'"),
        ({"generator": {"temprature": 1.0}}, "did you mean 'temperature'"),
        ({"generator": {"num_return_sequences": 2}}, "no parameter 'num_return_sequences'"),
        ({"adversarial": {"kep": 2}}, "did you mean 'keep'"),
        ({"adversarial": {"features": "bert"}}, "features"),
        ({"manipulations": [{"plot_repetition_insertion": {"rate": 3}}]}, "rate must be in"),
        ({"extractor": {"max_item": 2}}, "did you mean 'max_items'"),
    ],
)
def test_bad_sections_are_named_with_file_and_key(section, msg):
    with pytest.raises(RecipeError, match=msg) as err:
        recipe_from_dict({"name": "x", "plot_story": section}, source="r.yaml")
    assert "r.yaml" in str(err.value) and "plot_story" in str(err.value)


def test_a_plot_story_recipe_applies_nothing_else():
    with pytest.raises(RecipeError, match="give filters inside plot_story"):
        recipe_from_dict({"name": "x", "plot_story": {}, "filters": ["changed"]})
    with pytest.raises(RecipeError, match="has no 'transforms'"):
        recipe_from_dict({"name": "x", "plot_story": {}, "transforms": ["negation"]})


def test_shipped_recipe_is_the_published_setting():
    r = load_recipe("plot_story")
    ps = r.plot_story
    assert [m.name for m in ps.manipulations] == [
        "plot_logic_reorder",
        "plot_contradiction_insertion",
        "plot_repetition_insertion",
        "plot_random_substitution",
    ]
    assert (ps.candidates, ps.adversarial.keep, ps.adversarial.enabled) == (6, 3, True)
    gen = ps.build_generator()
    assert (gen.num_return_sequences, gen.top_k, gen.temperature, gen.model) == (6, 50, 0.8, None)
    assert r.keep_originals and (r.labels.original, r.labels.variant) == (1, 0)
    assert r.resolved_sets() == []
    from importlib.resources import files

    header = (files("perturbkit") / "data" / "recipes" / "plot_story.yaml").read_text()
    assert "Ghazarian et al." in header and "NAACL 2021" in header
    assert "perturbkit augment plot_story --input" in header


def test_streaming_api_refuses_a_plot_story_recipe():
    import perturbkit as pk

    with pytest.raises(UserError, match="plot_story recipe"):
        list(pk.augment(recipe_from_dict(RECIPE), ["Tom ran. He fell."]))


# --- the run ------------------------------------------------------------------------------------------
def test_records_provenance_and_summary(tmp_path, scripted):
    summary, out = run(tmp_path)
    recs = records(out)
    originals = [r for r in recs if r["label"] == 1]
    negatives = [r for r in recs if r["label"] == 0]
    assert [r["id"] for r in originals] == [f"s{i}" for i in range(len(STORIES))]  # every story kept, in order
    assert summary.counts.not_applicable == {"no_plot": 2}
    assert summary.counts.stories == len(STORIES)
    assert summary.counts.generated == 10 * 4
    assert summary.counts.rejected["off_plot"] == 10
    assert summary.counts.rejected["empty"] == 10
    assert summary.counts.passed == 20
    assert len(negatives) == summary.kept == 20  # every story had 2 candidates, keep 2
    assert summary.rounds and all(0.0 <= r.accuracy <= 1.0 for r in summary.rounds)
    for r in negatives:
        assert list(r)[:12] == list(originals[0])[:12]  # the usual fields in their order
        assert r["id"].startswith(r["source_id"] + "|ps.") and r["parent_id"] == r["source_id"]
        p = r["plot"]
        assert p["original"] != p["manipulated"]
        (applied,) = r["transform"].split(">>")[:-1]
        assert r["transform"].endswith(">>plot_to_story")
        assert p["manipulations"] and {m["transform"] for m in p["manipulations"]} == {applied}
        assert all({"op", "sentence", "item", "before", "after"} <= set(m) for m in p["manipulations"])
        assert p["generator"]["settings"]["top_k"] == 50 and p["generator"]["architecture"] == "causal"
        assert r["params"][-1]["num_return_sequences"] == 4 and len(r["params"]) == 2
        assert 0.0 <= p["p_human"] <= 1.0 and p["coverage"] >= 0.5
        assert r["seed"] == 0 and r["edits"] == []
    # the generator was sent the manipulated plot, not the original
    sent = "\n".join(scripted.plots)
    assert all(n["plot"]["manipulated"].split("\t")[0] in sent for n in negatives)
    assert not candidates_path(out).exists()
    text = "\n".join(summary.lines())
    assert "not applicable: no_plot 2" in text and "rejected: empty 10, off_plot 10" in text
    assert "adversarial filtering" in text


def test_deterministic_per_seed(tmp_path, scripted):
    _, a = run(tmp_path, name="a.jsonl")
    _, b = run(tmp_path, name="b.jsonl")
    assert a.read_bytes() == b.read_bytes()
    _, c = run(tmp_path, recipe={**RECIPE, "seed": 5}, name="c.jsonl")
    assert records(c) != records(a)


def test_interrupted_mid_stage1_resumes_without_regenerating(tmp_path, scripted, monkeypatch):
    _, whole = run(tmp_path, name="whole.jsonl", chunk_size=4)
    calls_whole = scripted.calls
    assert calls_whole == 3  # one batched call per chunk of 4 stories
    real = PlotToStory.generate
    interrupted = []

    def second_call_fails(self, requests):
        if scripted.calls == calls_whole + 1 and not interrupted:
            interrupted.append(1)
            raise KeyboardInterrupt  # Ctrl-C while the second chunk generates
        return real(self, requests)

    monkeypatch.setattr(PlotToStory, "generate", second_call_fails)
    with pytest.raises(UserError, match="interrupted after 4 stories"):
        run(tmp_path, name="part.jsonl", chunk_size=4)
    part = tmp_path / "part.jsonl"
    assert not part.exists() and len(candidates_path(part).read_text().splitlines()) == 4
    before = scripted.calls
    summary, part = run(tmp_path, name="part.jsonl", chunk_size=4)
    assert summary.resumed == 4
    assert scripted.calls - before == 2  # the first chunk was not generated again
    assert part.read_bytes() == whole.read_bytes()


def test_interrupted_after_stage1_resumes_at_stage2(tmp_path, scripted, monkeypatch):
    from perturbkit.errors import OutputError
    from perturbkit.recipe import plot_stage

    _, whole = run(tmp_path, name="whole.jsonl")
    calls = scripted.calls
    real = plot_stage.write_output
    monkeypatch.setattr(plot_stage, "write_output", lambda *a, **k: (_ for _ in ()).throw(OSError("disk full")))
    with pytest.raises(OutputError, match="candidates are kept in"):
        run(tmp_path, name="part.jsonl")
    assert scripted.calls == 2 * calls and candidates_path(tmp_path / "part.jsonl").exists()
    monkeypatch.setattr(plot_stage, "write_output", real)
    summary, part = run(tmp_path, name="part.jsonl")
    assert scripted.calls == 2 * calls  # stage 2 only: nothing generated again
    assert summary.resumed == len(STORIES) and summary.counts.passed == 20
    assert part.read_bytes() == whole.read_bytes()


def test_candidate_filters_reject_and_are_counted(tmp_path, scripted):
    section = {**RECIPE["plot_story"], "filters": [{"length_ratio": {"min": 100}}], "adversarial": False}
    summary, out = run(tmp_path, recipe={**RECIPE, "plot_story": section})
    assert summary.counts.rejected["length_ratio"] == 20 and summary.counts.passed == 0
    assert summary.kept == 0 and all(r["label"] == 1 for r in records(out))


def test_too_few_stories_fails_before_generation(tmp_path, scripted):
    with pytest.raises(AdversarialFilterError, match="at least 4 stories"):
        run(tmp_path, limit=2)
    assert scripted.calls == 0 and not candidates_path(tmp_path / "out.jsonl").exists()


def test_too_few_after_stage1_keeps_the_candidates_and_a_rerun_reuses_them(tmp_path, scripted):
    few = STORIES[:3] + STORIES[-2:]  # 5 stories, 3 with a plot
    with pytest.raises(AdversarialFilterError, match="candidates are kept in"):
        run(tmp_path, stories=few)
    assert candidates_path(tmp_path / "out.jsonl").exists()
    calls = scripted.calls
    no_af = {**RECIPE, "plot_story": {**RECIPE["plot_story"], "adversarial": False}}
    summary, out = run(tmp_path, recipe=no_af, stories=few)
    assert scripted.calls == calls and summary.resumed == 5
    negatives = [r for r in records(out) if r["label"] == 0]
    assert len(negatives) == 3 * 2 and all(r["plot"]["p_human"] is None for r in negatives)


def test_csv_output_carries_the_provenance_as_json(tmp_path, scripted):
    import csv

    _, out = run(tmp_path, name="out.csv")
    rows = list(csv.DictReader(out.open()))
    neg = [r for r in rows if r["label"] == "0"]
    assert neg and json.loads(neg[0]["plot"])["manipulated"]


# --- the command line, with a tiny generator (tiny_t5: conftest) ----------------------------------------


@pytest.mark.slow  # about a minute on a busy 2-core machine (spaCy, WordNet, a tiny T5)
def test_cli_by_name_with_a_generator_path(tmp_path, tiny_t5, monkeypatch, capsys):
    from perturbkit.cli import main
    from perturbkit.filters.af_features import lexical_features
    from perturbkit.plot import generate
    from perturbkit.recipe import plot_story_output
    from perturbkit.resources.config import settings

    monkeypatch.setattr(settings, "cache_dir", tmp_path / "cache")
    # a random-weight model cannot follow a plot: let its candidates pass the coverage and echo checks
    monkeypatch.setattr(generate, "keyword_coverage", lambda plot, story: 1.0)
    monkeypatch.setattr(generate, "echo_share", lambda plot, story: 0.0)
    monkeypatch.setattr(plot_story_output, "committee_features", lambda name: lexical_features)
    calls = []
    real = PlotToStory.generate
    monkeypatch.setattr(PlotToStory, "generate", lambda self, rq: calls.append(self) or real(self, rq))
    inp = write_stories(tmp_path / "in.jsonl")
    out = tmp_path / "neg.jsonl"
    args = ["augment", "plot_story", "-i", str(inp), "-o", str(out), "--generator", tiny_t5, "--no-progress"]
    args += ["--generator-param", "max_new_tokens=6", "--limit", "6"]
    assert main(args) == 0
    err = capsys.readouterr().err
    assert "candidates generated: 36" in err and "adversarial filtering" in err
    gen = calls[0]
    assert gen.architecture == "seq2seq" and gen.model == tiny_t5  # read from the model's config
    assert gen.max_new_tokens == 6 and gen.num_return_sequences == 6
    recs = records(out)
    assert sum(r["label"] == 1 for r in recs) == 6
    assert sum(r["label"] == 0 for r in recs) > 0
    assert all(r["plot"]["generator"]["model"] == tiny_t5 for r in recs if r["label"] == 0)
    assert main(args) == 2  # a finished output is not replaced without --overwrite


def test_generator_params_from_the_command_line_are_validated():
    from perturbkit.cli import main

    r = load_recipe("plot_story")
    spec = r.plot_story.with_generator(None, max_new_tokens=7)
    assert spec.build_generator().max_new_tokens == 7 and spec.generator["top_k"] == 50
    with pytest.raises(RecipeError, match="did you mean 'temperature'"):
        r.plot_story.with_generator(None, temprature=1.0)
    assert main(["augment", "union", "-i", "x.jsonl", "-o", "y.jsonl", "--generator", "m"]) == 2
