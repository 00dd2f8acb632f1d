"""PlotToStory: the plot's text for each style, story clean-up, keyword coverage, the checks that
reject off-plot and echoed candidates and count empty ones (on a generator whose outputs the test
sets), and real batched, cached generation with tiny random-weight models the tests build."""

from __future__ import annotations

import pytest

from perturbkit.example import Example
from perturbkit.plot import Plot
from perturbkit.plot.generate import PROMPT, PlotToStory
from perturbkit.plot.text import (
    clean_story,
    copies_example,
    echo_share,
    example_sentences,
    keyword_coverage,
    listed_items,
    meta_talk,
    plot_source,
    reads_as_list,
)

PLOT = Plot((("tobias planned", "camping trip"), ("wife refused",), ("forgot", "tent")), title="camping")


def test_plot_source_styles():
    assert plot_source(PLOT, "storyline") == (
        "camping <EOT> tobias planned\tcamping trip\t#\twife refused\t#\tforgot\ttent <EOL>"
    )
    assert (
        plot_source(PLOT, "lines")
        == "Title: camping\n1. tobias planned, camping trip\n2. wife refused\n3. forgot, tent"
    )
    with pytest.raises(ValueError, match="style must be one of"):
        plot_source(PLOT, "bullets")


def test_clean_story_drops_labels_and_numbering():
    raw = "Here is a short story:\n\n1. Tobias planned a trip.\n2. His wife refused.\n"
    assert clean_story(raw) == "Tobias planned a trip. His wife refused."
    assert clean_story("Title: Camping\nStory: He left.") == "He left."
    assert clean_story("  \n ") == ""


def test_keyword_coverage_and_echo():
    story = "Tobias plans a camping trip. His wife refuses to come. He forgot the tent."
    assert keyword_coverage(PLOT, story) == 1.0
    assert keyword_coverage(PLOT, "The cat slept all day.") == 0.0
    half = keyword_coverage(PLOT, "Tobias planned to go camping.")
    assert 0.2 < half < 0.6
    assert echo_share(PLOT, "tobias planned camping trip wife refused forgot tent") == 1.0
    assert echo_share(PLOT, story) < 0.7


class Scripted(PlotToStory):
    """PlotToStory whose model returns the texts the test gives (one list per plot)."""

    def __init__(self, outputs, **kw):
        super().__init__(**kw)
        self.__dict__["outputs"] = outputs

    def generate(self, requests):
        self.__dict__["requests"] = list(requests)
        return [list(o) for o in self.__dict__["outputs"][: len(requests)]]


def test_checks_reject_off_plot_and_echo_and_count_empty():
    good = "Tobias planned a camping trip. His wife refused. He forgot the tent."
    gen = Scripted([[good, "The cat slept all day.", "tobias planned camping trip wife refused forgot tent", "1."]])
    (c,) = gen.stories([PLOT])
    assert c.stories == (good,)
    assert c.coverage == (1.0,)
    assert [r for _, r in c.rejected] == ["off_plot", "echo"]
    assert c.empty == 3  # 6 asked, 4 returned, one of them only numbering
    assert gen.counts["off_plot"] == 1 and gen.counts["echo"] == 1 and gen.counts["kept"] == 1
    (req,) = gen.__dict__["requests"]
    assert req.prompt == PROMPT and req.input.startswith("Title: camping\n1. tobias planned")


# Candidates SmolLM2-135M wrote for dev ROC plots that passed the coverage check (2026-12-02 run,
# shortened): the plot listed back with commentary around it, the prompt's worked example copied, and
# talk about the task.
ROC_PLOT = Plot(
    (
        ("tim valued", "health"),
        ("loved", "meals", "frequently prepare smoothies"),
        ("carefully sourced", "healthiest ingredients"),
        ("health", "loved", "smoothies"),
        ("felt better", "consuming"),
    )
)
LISTED = (
    "Tim valued, health loved, meals, frequently prepare smoothies carefully sourced, healthiest ingredients "
    "health, loved, smoothies felt better, consuming In this example, I carefully sourced the ingredients, which "
    "matters to me. I carefully sourced the ingredients again because I valued my health and loved it."
)
EXAMPLE_COPY = (
    "Tim went to the store. He bought some milk. Tim valued his health and loved meals, so he would frequently "
    "prepare smoothies with carefully sourced, the healthiest ingredients. He felt better after consuming them."
)
META = (
    "Here's a story about Tim, who valued his health. He loved meals and would frequently prepare smoothies from "
    "carefully sourced, the healthiest ingredients. He felt better after consuming them."
)
GOOD = (
    "Tim valued his health. He loved his meals and would frequently prepare smoothies. He carefully sourced the "
    "healthiest ingredients. His health improved and he loved the smoothies. He felt better after consuming them."
)


def test_listed_items_example_sentences_and_meta_talk():
    assert listed_items(ROC_PLOT, LISTED) >= 2
    assert listed_items(ROC_PLOT, GOOD) == 0
    assert echo_share(ROC_PLOT, LISTED) < 0.9  # why the share alone let it through
    assert example_sentences(PROMPT) == (
        "tom went to the store",
        "he bought some milk",
        "at the register he saw that he forgot his wallet",
    )
    assert copies_example(example_sentences(PROMPT), EXAMPLE_COPY)
    assert not copies_example(example_sentences(PROMPT), GOOD)
    assert not copies_example((), EXAMPLE_COPY)
    assert meta_talk(META) and meta_talk("The key words: ache, sally.") and meta_talk("Your task is to write.")
    assert not meta_talk(GOOD)
    assert meta_talk("The story has a few key elements: a list of months.")
    assert not meta_talk("She told a story about a plot of land. He was happy to help.")
    assert reads_as_list('"Chloe wanted, something," 2. "got," 3. "banished," 4. "eat," 5. "threw,"')
    assert reads_as_list("tipped, health, clean his mouth, buying, monitor, watch buying, buy, buy, buy, buy")
    assert not reads_as_list(GOOD) and not reads_as_list("He bought eggs, milk, bread and butter at the store.")


def test_checks_reject_listed_plot_example_copy_and_meta_talk():
    """Plot echoes with words around them, copies of the prompt's example and talk about the task
    pass the coverage check; they are rejected and counted by reason."""
    as_list = "Tim, morning, valued, health, breakfast, loved, meals, sunny, smoothies, kitchen, sourced, "
    as_list += "ingredients, window, better, consuming, night"
    gen = Scripted([[GOOD, LISTED, EXAMPLE_COPY, META, as_list]])
    (c,) = gen.stories([ROC_PLOT])
    assert all(keyword_coverage(ROC_PLOT, t) >= gen.min_coverage for t in (LISTED, EXAMPLE_COPY, META, as_list))
    assert echo_share(ROC_PLOT, as_list) <= gen.max_echo and listed_items(ROC_PLOT, as_list) < 2
    assert c.stories == (GOOD,)
    assert [r for _, r in c.rejected] == ["echo", "prompt_copy", "meta", "echo"]
    assert gen.counts["echo"] == 2 and gen.counts["prompt_copy"] == 1 and gen.counts["meta"] == 1
    # an instruction without a worked example: nothing to copy
    own = Scripted([[EXAMPLE_COPY]], instruction="Write a story from this plot:\n{input}\n")
    (c,) = own.stories([ROC_PLOT])
    assert c.stories == (EXAMPLE_COPY,)


def test_request_seed_follows_the_plot_not_its_position():
    other = Plot.from_storyline("anna baked\tcake # burned")
    gen = Scripted([[], []])
    gen.stories([PLOT, other], seed=3)
    first = [r.seed for r in gen.__dict__["requests"]]
    gen.stories([other, PLOT], seed=3)
    assert [r.seed for r in gen.__dict__["requests"]] == first[::-1]
    gen.stories([PLOT], seed=4)
    assert gen.__dict__["requests"][0].seed != first[0]


def test_seq2seq_reads_the_storyline_without_prompt():
    gen = Scripted([[]], architecture="seq2seq")
    gen.stories([PLOT])
    (req,) = gen.__dict__["requests"]
    assert req.prompt == "" and req.input == plot_source(PLOT, "storyline")


@pytest.mark.parametrize(
    "kw, msg",
    [({"min_coverage": 1.5}, "min_coverage"), ({"style": "x"}, "style"), ({"architecture": "rnn"}, "architecture")],
)
def test_bad_parameters(kw, msg):
    with pytest.raises(ValueError, match=msg):
        PlotToStory(**kw)


def test_as_transform_reads_the_plot_from_meta():
    good = "Tobias planned a camping trip. His wife refused. He forgot the tent."
    gen = Scripted([[good]])
    ex = Example("Some human story.", meta={"plot": PLOT.storyline()})
    out = gen(ex, seed=0)
    assert out is not None and out.text == good and out.edits[-1].note == "coverage=1.0"
    assert gen(Example("No plot here.")) is None


# --- real generation with tiny models ----------------------------------------------------------------
@pytest.fixture(scope="module")
def tiny_dirs(tmp_path_factory):
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    import _tiny_models as tiny

    return {
        "causal": tiny.llama_chat(tmp_path_factory.mktemp("p2s-llama")),
        "seq2seq": tiny.t5(tmp_path_factory.mktemp("p2s-t5")),
    }


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    from perturbkit.resources.config import settings

    monkeypatch.setattr(settings, "cache_dir", tmp_path / "cache")


@pytest.mark.parametrize("arch", ["causal", "seq2seq"])
def test_batched_equals_one_at_a_time_and_rerun_is_cached(tiny_dirs, fresh_cache, arch):
    plots = [PLOT, Plot.from_storyline("tom went\tstore # bought\tmilk"), Plot.from_storyline("dog ran # home")]
    kw = dict(model=tiny_dirs[arch], architecture=arch, num_return_sequences=3, max_new_tokens=8, min_coverage=0.0)
    kw.update(max_echo=1.0, instruction="Story: ")  # the tiny tokenizer makes PROMPT longer than the window
    batched = PlotToStory(batch_size=9, cache=False, **kw).stories(plots, seed=1)
    single = PlotToStory(batch_size=1, cache=False, **kw)
    alone = [single.stories([p], seed=1)[0] for p in plots]
    assert [c.stories for c in batched] == [c.stories for c in alone]
    assert any(c.stories for c in batched)
    assert all(len(c.stories) + len(c.rejected) + c.empty == 3 for c in batched)

    cached = PlotToStory(**kw)
    first = cached.stories(plots, seed=1)
    calls = cached.counts["model_calls"]
    assert calls >= 1
    again = cached.stories(plots, seed=1)
    assert cached.counts["model_calls"] == calls  # the rerun called no model
    assert [c.stories for c in again] == [c.stories for c in first] == [c.stories for c in batched]
