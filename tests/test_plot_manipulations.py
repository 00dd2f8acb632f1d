"""The plot manipulations: golden outputs (fixed plot + seed), provenance, not-applicable cases,
conformance on arbitrary plots (never raises, None or a changed plot, deterministic per seed), the
event-order and contradiction sources, and the prepared ConceptNet contradiction resource."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perturbkit import registry
from perturbkit.errors import InputError, UserError
from perturbkit.plot import Plot, get_plot_transform, manipulate, plot_transforms
from perturbkit.plot.manipulations import ContradictionInsertion, LogicReorder, RandomSubstitution
from perturbkit.plot.opposites import ProviderContradictions, contradiction_source
from perturbkit.plot.order import ConceptNetOrder, StaticOrder, order_source
from perturbkit.resources import wordnet as wordnet_resource
from perturbkit.resources.conceptnet import EdgeListProvider
from perturbkit.resources.contradictions import contradiction_provider, prepare_contradictions

needs_wordnet = pytest.mark.skipif(not wordnet_resource.available(), reason="WordNet is not installed")

PLOT = Plot(
    (
        ("tobias planned", "camping trip", "weekend"),
        ("asked", "father"),
        ("father refused", "work"),
        ("went", "caught", "big fish"),
    ),
    meta={"id": "story-1"},
)
ORDER = StaticOrder({"ask": [("wonder", "before")], "catch": [("eat", "after")], "refuse": [("offer", "before")]})
EDGES = "\n".join(
    [
        "father|||/r/Antonym|||mother",
        "work|||/r/NotDesires|||rest",
        "big fish|||/r/NotHasProperty|||tiny",
        "weekend|||/r/NotCapableOf|||",
        "fish|||/r/Related|||water",
    ]
)


@pytest.fixture
def edge_file(tmp_path):
    path = tmp_path / "contradictions.txt"
    path.write_text(EDGES + "\n", encoding="utf-8")
    return path


def test_the_four_manipulations_are_registered_in_their_own_registry():
    names = set(plot_transforms())
    assert names == {
        "plot_logic_reorder",
        "plot_contradiction_insertion",
        "plot_repetition_insertion",
        "plot_random_substitution",
    }
    assert not names & set(registry.transforms.names())  # not text transforms
    with pytest.raises(registry.UnknownName, match="did you mean plot_logic_reorder"):
        get_plot_transform("plot_logic_reoder")
    with pytest.raises(UserError, match="has no parameter 'rte'"):
        get_plot_transform("plot_repetition_insertion", rte=0.2)
    with pytest.raises(UserError, match="rate must be in"):
        get_plot_transform("plot_repetition_insertion", rate=0)


def test_edit_count_follows_rate_within_bounds():
    t = get_plot_transform("plot_repetition_insertion")
    assert t.n_edits(PLOT) == 2  # 15% of 10 items rounds to 2
    assert get_plot_transform("plot_repetition_insertion", rate=1.0).n_edits(PLOT) == 4  # capped at max_edits
    assert get_plot_transform("plot_repetition_insertion", rate=0.01, min_edits=1).n_edits(PLOT) == 1


def test_list_shows_the_plot_transforms(capsys):
    import json

    from perturbkit.cli import main

    assert main(["list", "--aspect", "plot"]) == 0
    out = capsys.readouterr().out
    assert "plot_repetition_insertion  [plot, breaks]  Repeat plot items in other sentences" in out
    assert main(["list", "--json", "--no-examples"]) == 0
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows["plot_logic_reorder"]["kind"] == "plot" and rows["plot_logic_reorder"]["params"]["rate"] == 0.15
    assert "sentence_shuffle" in rows and "kind" not in rows["sentence_shuffle"]


# ---------------------------------------------------------------- golden outputs


def test_logic_reorder_golden_with_a_static_source():
    out = LogicReorder(source=ORDER, connective_p=1.0)(PLOT, seed=0)
    assert out.storyline() == (
        "tobias planned\tcamping trip\tweekend\t#\tasked\tthen wondered\tfather\t#"
        "\tfather refused\twork\t#\twent\tate\tthen caught\tbig fish"
    )
    rec, *rest = out.meta["manipulations"]
    assert [(r["op"], r["after"], r["note"]) for r in rest] == [
        ("insert", "ate", "'ate' must come after 'catch'"),
        ("replace", "then caught", "connective"),
    ]
    assert rec == {
        "transform": "plot_logic_reorder",
        "op": "insert",
        "sentence": 1,
        "item": 1,
        "before": None,
        "after": "then wondered",
        "note": "'wondered' must come before 'ask'",
    }
    assert out.meta["original_plot"] == PLOT.storyline() and out.meta["id"] == "story-1"


def test_logic_reorder_puts_a_consequence_before_its_cause():
    plot = Plot((("tom",), ("caught", "fish")))
    out = LogicReorder(source=ORDER, connective_p=1.0, connectives=("later",))(plot, seed=0)
    assert out.sentences == (("tom",), ("ate", "later caught", "fish"))
    assert [r["op"] for r in out.meta["manipulations"]] == ["insert", "replace"]


@needs_wordnet
def test_logic_reorder_golden_with_wordnet():
    plot = Plot((("tom", "killed", "spider"), ("felt", "bad"), ("teacher", "taught", "class")), meta={"id": "k"})
    out = get_plot_transform("plot_logic_reorder")(plot, seed=0)
    assert out.storyline() == "tom\tdied\tlater killed\tspider\t#\tfelt\tbad\t#\tteacher\tlearned\ttaught\tclass"
    notes = [r["note"] for r in out.meta["manipulations"]]
    assert notes == ["'died' must come after 'kill'", "connective", "'learned' must come after 'teach'"]


def test_contradiction_insertion_runs_and_inserts_conceptnet_relations(edge_file):
    out = ContradictionInsertion(source=str(edge_file), rate=1.0)(PLOT, seed=0)
    inserted = {(r["after"], r["note"]) for r in out.meta["manipulations"]}
    assert inserted == {
        ("mother", "Antonym of 'father'"),
        ("rest", "NotDesires of 'work'"),
        ("tiny", "NotHasProperty of 'big fish'"),
    }
    assert out.storyline() == (
        "tobias planned\tcamping trip\tweekend\t#\tasked\tfather\t#"
        "\tfather refused\tmother\twork\trest\t#\twent\tcaught\tbig fish\ttiny"
    )
    # 'mother' once only, though 'father' is in two sentences; Related edges are not contradictions
    assert out.storyline().count("mother") == 1 and "water" not in out.storyline()


def test_contradiction_source_reads_antonyms_both_ways_and_not_relations_one_way(edge_file):
    src = ProviderContradictions(EdgeListProvider(edge_file))
    assert src.contradictions("mother") == [("father", "Antonym")]
    assert src.contradictions("rest") == []  # NotDesires goes from the word to its tail only
    assert src.contradictions("work") == [("rest", "NotDesires")]


@needs_wordnet
def test_contradiction_insertion_falls_back_to_wordnet_antonyms():
    plot = Plot((("anna", "was happy"), ("won", "prize")))
    out = get_plot_transform("plot_contradiction_insertion", source="wordnet")(plot, seed=0)
    assert out.storyline() == "anna\twas happy\tunhappy\t#\twon\tlost\tprize"
    assert {r["note"] for r in out.meta["manipulations"]} == {"Antonym of 'happy'", "Antonym of 'won'"}


def test_repetition_insertion_golden():
    out = get_plot_transform("plot_repetition_insertion")(PLOT, seed=0)
    assert out.storyline() == (
        "tobias planned\tcamping trip\twork\tweekend\t#\tasked\tfather\t#\tfather refused\twork\t#"
        "\twent\tfather refused\tcaught\tbig fish"
    )
    recs = out.meta["manipulations"]
    assert [(r["sentence"], r["item"], r["after"]) for r in recs] == [(0, 2, "work"), (3, 1, "father refused")]
    assert all(out.sentences[r["sentence"]][r["item"]] == r["after"] for r in recs)  # positions in the output


def test_random_substitution_golden_and_needs_a_pool():
    t = get_plot_transform("plot_random_substitution")
    assert t(PLOT, seed=0) is None  # no donors yet
    donors = [Plot((("sailed", "storm"), ("boat sank",)), meta={"id": "d1"}), Plot((("baked", "cake"), ("burned",)))]
    out = t.fit(donors)(PLOT, seed=0)
    assert out.storyline() == (
        "tobias planned\tcamping trip\tweekend\t#\tasked\tfather\t#\tfather refused\tsailed\t#\twent\tcaught\tboat sank"
    )
    assert {r["note"] for r in out.meta["manipulations"]} == {"from d1"}
    assert t.fit([PLOT])(PLOT, seed=0) is None  # the only donor is the story itself


def test_manipulations_chain_and_keep_the_first_original():
    first = get_plot_transform("plot_repetition_insertion")
    second = RandomSubstitution().fit([Plot((("sailed",), ("storm",)))])
    out, applied = manipulate(PLOT, [first, get_plot_transform("plot_logic_reorder", source=ORDER), second], seed=3)
    assert applied == ["plot_repetition_insertion", "plot_logic_reorder", "plot_random_substitution"]
    assert out.meta["original_plot"] == PLOT.storyline()
    assert [r["transform"] for r in out.meta["manipulations"]][:2] == ["plot_repetition_insertion"] * 2


# ---------------------------------------------------------------- not applicable


@pytest.mark.parametrize("name", sorted(plot_transforms()))
def test_single_sentence_or_empty_plots_are_not_applicable(name, edge_file):
    t = get_plot_transform(name)
    if name == "plot_random_substitution":
        t.fit([PLOT])
    assert t(Plot((("tobias planned", "camping trip", "weekend", "father"),)), seed=0) is None
    assert t(Plot(((), ())), seed=0) is None
    assert t("", seed=0) is None


def test_no_relation_found_is_not_applicable(edge_file):
    plot = Plot((("zorp",), ("blick",)))
    assert LogicReorder(source=ORDER)(plot, seed=0) is None
    assert ContradictionInsertion(source=str(edge_file))(plot, seed=0) is None


# ---------------------------------------------------------------- conformance

WORDS = ["tom", "asked", "father", "work", "caught", "big fish", "refused", "happy", "killed", "#", "", " ", "é"]
plots = st.lists(st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=12)), max_size=5), max_size=6).map(
    lambda ss: Plot(tuple(tuple(s) for s in ss))
)


@given(plot=plots, seed=st.integers(0, 2**32))
def test_manipulations_never_raise_and_change_the_plot_or_return_none(plot, seed, tmp_path_factory):
    edge = tmp_path_factory.getbasetemp() / "conformance_edges.txt"
    if not edge.exists():
        edge.write_text(EDGES + "\n", encoding="utf-8")
    pool = [Plot((("sailed", "storm"), ("boat sank",)))]
    for t in (
        LogicReorder(source=ORDER),
        ContradictionInsertion(source=str(edge)),
        get_plot_transform("plot_repetition_insertion"),
        RandomSubstitution().fit(pool),
    ):
        out = t(plot, seed)
        again = t(plot, seed)
        if out is None:
            assert again is None
            continue
        assert out.sentences != plot.sentences and out.sentences == again.sentences
        assert out.meta["original_plot"] == plot.storyline()
        touched = [r for r in out.meta["manipulations"] if r.get("note") != "connective"]
        assert 1 <= len(touched) <= t.max_edits
        assert all(out.sentences[r["sentence"]][r["item"]] == r["after"] for r in out.meta["manipulations"])


def test_seeds_differ_and_a_random_generator_is_accepted():
    t = get_plot_transform("plot_repetition_insertion")
    outs = {t(PLOT, seed=s).storyline() for s in range(6)}
    assert len(outs) > 1
    assert t(PLOT, random.Random(5)).storyline() == t(PLOT, random.Random(5)).storyline()


# ---------------------------------------------------------------- sources and resources


def test_conceptnet_order_reads_temporal_relations_in_both_directions(tmp_path):
    path = tmp_path / "edges.txt"
    path.write_text(
        "wake|||/r/HasPrerequisite|||sleep\nwake|||/r/Causes|||yawn\nrun|||/r/HasFirstSubevent|||wake\n",
        encoding="utf-8",
    )
    src = ConceptNetOrder(EdgeListProvider(path))
    assert src.events("wake") == [("sleep", "before"), ("yawn", "after"), ("run", "after")]
    assert order_source(f"conceptnet:{path}").events("wake") == src.events("wake")
    with pytest.raises(ValueError, match="unknown event-order source"):
        order_source("oracle")


@pytest.mark.torch
def test_comet_order_generates_events_from_a_seq2seq_model_by_path(tmp_path):
    pytest.importorskip("transformers")
    import _tiny_models

    from perturbkit.plot.order import CometOrder

    src = CometOrder(_tiny_models.t5(tmp_path / "t5"), beams=2)
    events = src.events("wake")
    assert isinstance(events, list) and all(o in ("before", "after") and e for e, o in events)
    assert src.events("wake") == events  # cached and deterministic (beam search)


def test_prepare_contradictions_keeps_the_four_relations_in_the_cache_dir(tmp_path, monkeypatch):
    from perturbkit.plot import opposites
    from perturbkit.resources.config import settings

    monkeypatch.setattr(settings, "cache_dir", tmp_path / "cache")
    src = tmp_path / "conceptnet_antonym.txt"
    src.write_text(EDGES + "\n", encoding="utf-8")
    assert contradiction_provider() is None
    out = prepare_contradictions(src)
    assert out == tmp_path / "cache" / "conceptnet" / "contradictions.txt"
    assert out.read_text(encoding="utf-8").splitlines() == [
        "father|||/r/Antonym|||mother",
        "work|||/r/NotDesires|||rest",
        "big fish|||/r/NotHasProperty|||tiny",
    ]
    opposites._cached.cache_clear()
    try:
        assert contradiction_source("conceptnet").contradictions("father") == [("mother", "Antonym")]
    finally:
        opposites._cached.cache_clear()


def test_prepare_contradictions_names_the_bad_line(tmp_path):
    src = tmp_path / "bad.txt"
    src.write_text("father|||/r/Antonym|||mother\nnot a relation line\n", encoding="utf-8")
    with pytest.raises(InputError, match="bad.txt:2: expected 'head"):
        prepare_contradictions(src, tmp_path / "out.txt")
    assert not (tmp_path / "out.txt").exists()


def test_prepare_command_builds_the_resource(tmp_path, capsys):
    from perturbkit.cli import main

    src = tmp_path / "cn.txt"
    src.write_text(EDGES + "\n", encoding="utf-8")
    target = tmp_path / "out.txt"
    assert main(["prepare", "conceptnet-antonyms", "--source", str(src), "--target", str(target)]) == 0
    assert "ConceptNet contradictions ready" in capsys.readouterr().out and target.is_file()
