"""PlotExtractor (golden outputs on fixed stories, never raises on arbitrary text) and the readers of
released storyline files (fixtures written by the tests)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perturbkit.errors import InputError
from perturbkit.plot import Plot, PlotExtractor, read_manipulated_plots, read_plots

STORY = (
    "Tobias planned a camping trip for the weekend. He asked his father to come along. "
    "His father refused because he had to work. Tobias went alone and caught a big fish."
)


@pytest.fixture(scope="module")
def extractor(annotator):
    return PlotExtractor(annotator=annotator)


def test_keyword_plot_golden(extractor):
    plot = extractor(STORY)
    assert plot.kind == "keywords" and plot.meta["extractor"] == "rake"
    assert plot.sentences == (
        ("tobias planned", "camping trip", "weekend"),
        ("asked", "father", "come"),
        ("father refused", "work"),
        ("tobias went", "caught", "big fish"),
    )
    assert plot.meta["verbs"]["caught"] == "catch" and "trip" not in plot.meta["verbs"]


def test_keywords_split_at_stop_words_and_keep_the_highest_scores(extractor):
    plot = PlotExtractor(max_items=1, annotator=extractor.annotator)(STORY)
    # RAKE within a sentence: a two-word phrase (score 4) beats single words (score 1)
    assert plot.sentences[0] == ("tobias planned",) and plot.sentences[3] == ("tobias went",)
    assert all(len(items) == 1 for items in plot.sentences)


def test_long_stories_get_a_verb_argument_plot(extractor):
    plot = PlotExtractor(long_sentences=4, annotator=extractor.annotator)(STORY)
    assert plot.kind == "verb_args" and plot.meta["extractor"] == "verb_args"
    assert plot.sentences == (
        ("tobias planned camping trip",),
        ("he asked father", "come"),
        ("father refused", "he had", "work"),
        ("tobias went", "caught fish"),
    )


def test_batch_equals_one_at_a_time_and_keeps_ids(extractor):
    from perturbkit.example import Example

    exs = [Example(STORY, id="a"), Example("Ann sang. Bob danced all night.", id="b")]
    plots = extractor.batch(exs)
    assert [p.meta["id"] for p in plots] == ["a", "b"]
    assert [p.sentences for p in plots] == [extractor(e).sentences for e in exs]


def test_empty_and_verbless_text_give_empty_or_short_plots(extractor):
    assert extractor("").sentences == () and extractor("   ").sentences == ()
    assert len(extractor("Oh! Yes.")) == 0


@given(st.text(max_size=200))
def test_extractor_never_raises_on_arbitrary_text(annotator, text):
    plot = PlotExtractor(annotator=annotator)(text)
    assert isinstance(plot, Plot)
    assert all(item and item == item.strip() for _, item in plot.items)


# ---------------------------------------------------------------- readers

ROC_LINES = [
    "lobby  <EOT> fall asleep\tphone rang\t#\tfedex\tcalling <EOL>  </s> bob was trying to fall asleep "
    "when the phone rang . </s> it was the fedex man calling . @ ",
    "",
    "forgiveness  <EOT> feelings\t#\tbetty accepted <EOL>  </s> sally hurt betty 's feelings . </s> betty accepted it . @ ",
]


def test_read_plots_gives_plot_text_and_id(tmp_path):
    path = tmp_path / "tiny_dev.tsv"
    path.write_text("\n".join(ROC_LINES) + "\n", encoding="utf-8")
    recs = list(read_plots(path))
    assert [r.id for r in recs] == ["tiny_dev-1", "tiny_dev-3"]
    first = recs[0]
    assert first.plot.title == "lobby" and first.plot.meta["id"] == "tiny_dev-1"
    assert first.plot.sentences == (("fall asleep", "phone rang"), ("fedex", "calling"))
    assert first.text == "bob was trying to fall asleep when the phone rang . it was the fedex man calling ."
    assert [r.id for r in read_plots(path, limit=1)] == ["tiny_dev-1"]


@pytest.mark.parametrize(
    "line, message",
    [
        ("title <EOT> kw </s> a sentence .", "tiny.tsv:2: no storyline"),
        ("title <EOT> kw\t#\tkw <EOL> no sentence markers", "tiny.tsv:2: no '</s>' sentence markers"),
        ("t <EOT> kw <EOL> </s> a . </s>  </s> b .", "tiny.tsv:2: empty sentence"),
    ],
)
def test_read_plots_names_file_and_line_of_a_malformed_line(tmp_path, line, message):
    path = tmp_path / "tiny.tsv"
    path.write_text(ROC_LINES[0] + "\n" + line + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=message):
        list(read_plots(path))


def test_read_plots_errors_for_missing_or_non_utf8_files(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        list(read_plots(tmp_path / "absent.tsv"))
    bad = tmp_path / "latin.tsv"
    bad.write_bytes(b"caf\xe9 <EOT> kw <EOL> </s> x .\n")
    with pytest.raises(InputError, match="latin.tsv: not UTF-8"):
        list(read_plots(bad))


def test_read_manipulated_plots_aligns_with_the_original(tmp_path):
    orig = tmp_path / "tiny_dev.tsv"
    orig.write_text("\n".join(ROC_LINES) + "\n", encoding="utf-8")
    man = tmp_path / "tiny_man.tsv"
    man.write_text("fall asleep\tlate\t#\tfedex\n feelings\t#\taccepted\taccepted\n", encoding="utf-8")
    plots = read_manipulated_plots(man, original=orig)
    assert [p.meta["id"] for p in plots] == ["tiny_dev-1", "tiny_dev-3"]
    assert plots[0].sentences == (("fall asleep", "late"), ("fedex",))
    assert plots[1].meta["original_plot"] == "feelings\t#\tbetty accepted"
    alone = read_manipulated_plots(man)
    assert [p.meta["id"] for p in alone] == ["tiny_man-1", "tiny_man-2"] and "original_plot" not in alone[0].meta


def test_read_manipulated_plots_errors(tmp_path):
    man = tmp_path / "man.tsv"
    man.write_text("a\tb\t#\tc\nno separators here\n", encoding="utf-8")
    with pytest.raises(InputError, match="man.tsv:2: expected a storyline"):
        read_manipulated_plots(man)
    man.write_text("a\tb\t#\tc\n", encoding="utf-8")
    orig = tmp_path / "orig.tsv"
    orig.write_text("\n".join(ROC_LINES) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match="1 plots but .*orig.tsv has 2 stories"):
        read_manipulated_plots(man, original=orig)
