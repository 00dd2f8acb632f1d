"""Readers for MANS JSON, ROC TSV, AF_ManPlts, WritingPrompts pairs, DataFrames and HF datasets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from perturbkit.errors import InputError
from perturbkit.example import Edit, Example
from perturbkit.io import Columns, read_examples
from perturbkit.readers import (
    from_dataframe,
    from_hf_dataset,
    read_mans,
    read_roc,
    read_roc_af,
    read_wp,
    to_dataframe,
    to_hf_dataset,
)

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

MANS = {
    "15": {
        "prompt": "the man went to the park .",
        "gold_response": "he sat down . he fed the birds .",
        "gen": {
            "s2s": {"text": "the dog ran . it was happy .", "score": [1, 2, 2, 1, 4]},
            "gpt": {"text": "he sat on a bench .", "score": [5, 5, 4, 4, 4]},
        },
    },
    "7": {
        "prompt": "[MALE] was hungry .",
        "gold_response": "he ate .",
        "gen": {"fusion": {"text": "he cooked pasta .", "score": ["n/a", 3]}, "plan_write": {"text": "he slept ."}},
    },
}


def write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------ MANS


def test_mans_examples_ids_ratings(tmp_path):
    p = write(tmp_path / "mans.json", json.dumps(MANS))
    exs = read_examples(p, fmt="mans")
    assert [e.id for e in exs] == ["15/s2s", "15/gpt", "7/fusion", "7/plan_write"]
    first = exs[0]
    assert first.text == "the dog ran . it was happy ."
    assert first.context == "the man went to the park ."
    assert first.reference == "he sat down . he fed the birds ."
    assert first.meta == {"system": "s2s", "rating": 2.0, "ratings": [1, 2, 2, 1, 4], "input_id": "15"}
    assert exs[1].meta["rating"] == pytest.approx(4.4)
    # non-numeric and missing scores: rating None, so suites can count and exclude them
    assert exs[2].meta["rating"] is None and exs[2].meta["ratings"] == ["n/a", 3]
    assert exs[3].meta["rating"] is None and exs[3].meta["ratings"] is None
    assert read_mans(p) == exs


def test_mans_autodetected_from_json_suffix(tmp_path):
    p = write(tmp_path / "stories.json", json.dumps(MANS))
    assert [e.id for e in read_examples(p)] == ["15/s2s", "15/gpt", "7/fusion", "7/plan_write"]


def test_plain_json_list_of_stories(tmp_path):
    p = write(tmp_path / "list.json", json.dumps([{"id": "a", "text": "One.", "prompt": "P"}, {"story": "Two."}]))
    exs = read_examples(p)
    assert exs[0].id == "a" and exs[0].context == "P" and exs[1].text == "Two."


@pytest.mark.parametrize(
    "record, message",
    [
        ({"prompt": "p", "gold_response": "g", "gen": {"gpt": {"score": [1]}}}, "record '9', model 'gpt'"),
        ({"prompt": "p", "gold_response": "g"}, "record '9': missing 'gen'"),
        ({"prompt": 3, "gold_response": "g", "gen": {}}, "record '9': 'prompt' must be a string"),
        ("not a record", "record '9': expected an object"),
    ],
)
def test_mans_malformed_record_names_file_and_record(tmp_path, record, message):
    p = write(tmp_path / "bad.json", json.dumps({"15": MANS["15"], "9": record}))
    with pytest.raises(InputError) as err:
        read_examples(p, fmt="mans")
    assert str(p) in str(err.value) and message in str(err.value)


def test_mans_malformed_json_names_line(tmp_path):
    p = write(tmp_path / "bad.json", '{\n "1": {"gen": {}},\n "2": oops\n}')
    with pytest.raises(InputError, match=r"bad\.json:3: malformed JSON"):
        read_examples(p, fmt="mans")


# ------------------------------------------------------------------ ROC

ROC_LINE = (
    "lobby  <EOT> fall asleep\tphone rang\t#\tfedex\t#\tpackage\t#\tanger\t#\tasked\tbring <EOL>  </s> "
    "bob was trying to fall asleep . </s> it was the fedex man . </s> he had a package . </s> "
    "bob tried to control his anger . </s> he asked why fedex did n't bring it . @ \n"
)


def test_roc_reads_title_storyline_sentences(tmp_path):
    p = write(tmp_path / "roc_dev.tsv", ROC_LINE + "\n" + ROC_LINE.replace("lobby", "hall"))
    exs = read_examples(p, fmt="roc")
    assert [e.id for e in exs] == ["roc_dev-1", "roc_dev-3"]  # ids are file lines; blank line skipped
    ex = exs[0]
    assert ex.text == (
        "bob was trying to fall asleep . it was the fedex man . he had a package . "
        "bob tried to control his anger . he asked why fedex did n't bring it ."
    )
    assert ex.context is None
    assert ex.meta == {
        "title": "lobby",
        "storyline": [["fall asleep", "phone rang"], ["fedex"], ["package"], ["anger"], ["asked", "bring"]],
    }
    assert exs[1].meta["title"] == "hall"


def test_roc_context_sentences_moves_leading_sentence(tmp_path):
    p = write(tmp_path / "roc.tsv", ROC_LINE)
    (ex,) = read_roc(p, context_sentences=1)
    assert ex.context == "bob was trying to fall asleep ."
    assert ex.text.startswith("it was the fedex man .") and ex.text.endswith("bring it .")
    (ex2,) = read_roc(p, context_sentences=2)
    assert ex2.context == "bob was trying to fall asleep . it was the fedex man ."
    with pytest.raises(InputError, match=r"roc\.tsv:1: story has 5 sentences"):
        read_roc(p, context_sentences=5)


@pytest.mark.parametrize(
    "bad, message",
    [
        ("title <EOT> kw <EOL> just words without markers\n", "no '</s>' sentence markers"),
        ("title <EOT> kw <EOL> </s> one . </s>  </s> three .\n", "empty sentence"),
    ],
)
def test_roc_malformed_line_names_file_and_line(tmp_path, bad, message):
    p = write(tmp_path / "roc.tsv", ROC_LINE + bad)
    with pytest.raises(InputError) as err:
        read_examples(p, fmt="roc")
    assert f"{p}:2:" in str(err.value) and message in str(err.value)


def test_roc_af_labels_and_groups(tmp_path):
    lines = [
        "0\t1\t0\thuman story one .",
        "1\t0\t1\tbad story a .",
        "2\t0\t2\tbad story b .",
        "3\t1\t3\thuman story two .",
        "4\t0\t4\tbad story c .",
    ]
    p = write(tmp_path / "af.tsv", "\n".join(lines) + "\n")
    exs = read_roc_af(p)
    assert [e.id for e in exs] == [f"af-{i}" for i in range(1, 6)]
    assert [e.meta["label"] for e in exs] == [1, 0, 0, 1, 0]
    assert [e.meta["group"] for e in exs] == [0, 0, 0, 1, 1]
    assert exs[3].text == "human story two ." and exs[3].meta["position"] == 3


@pytest.mark.parametrize(
    "bad, message",
    [
        ("5\t0\tonly three fields", "expected 4 tab-separated fields"),
        ("5\tyes\t5\tstory .", "label must be 0 or 1"),
    ],
)
def test_roc_af_malformed_line(tmp_path, bad, message):
    p = write(tmp_path / "af.tsv", "0\t1\t0\tgood story .\n" + bad + "\n")
    with pytest.raises(InputError, match=rf"af\.tsv:2: {message}"):
        read_examples(p, fmt="roc_af")


# ------------------------------------------------------------------ WritingPrompts


def test_wp_prompt_pairs_from_either_file(tmp_path):
    write(tmp_path / "wp.source", "[ WP ] A dragon <newline> learns to cook .\nSecond prompt .\n")
    write(tmp_path / "wp.target", "It burned the pan . <newline> <newline> Then it tried again .\nShort story .\n")
    exs = read_examples(tmp_path / "wp.target", fmt="wp")
    assert [e.id for e in exs] == ["wp-1", "wp-2"]
    assert exs[0].text == "It burned the pan .\n\nThen it tried again ."
    assert exs[0].context == "[ WP ] A dragon\nlearns to cook ."
    assert exs[1].context == "Second prompt ." and exs[1].meta == {}
    assert read_examples(tmp_path / "wp.source") == exs  # suffix selects the format
    assert read_wp(tmp_path / "wp.source") == exs


def test_wp_storyline_sources_go_to_meta(tmp_path):
    write(tmp_path / "plot.source", "answering\tmachine\t</s>\tcrank call\nremained\n")
    write(tmp_path / "plot.target", "Maria hit play . </s> It was a crank call .\nShe remained calm .\n")
    exs = read_wp(tmp_path / "plot.target")
    assert exs[0].text == "Maria hit play . It was a crank call ."
    assert exs[0].context is None
    assert exs[0].meta["storyline"] == [["answering", "machine"], ["crank call"]]
    assert exs[1].meta["storyline"] == [["remained"]]  # decided per file, not per line


def test_wp_misaligned_names_both_files_and_counts(tmp_path):
    src = write(tmp_path / "wp.source", "a\nb\nc\n")
    tgt = write(tmp_path / "wp.target", "x\ny\n")
    with pytest.raises(InputError) as err:
        read_examples(src, fmt="wp")
    msg = str(err.value)
    assert f"{src} has 3 lines" in msg and f"{tgt} has 2" in msg


def test_wp_missing_partner_or_wrong_suffix(tmp_path):
    src = write(tmp_path / "only.source", "a\n")
    with pytest.raises(InputError, match=r"only\.target"):
        read_examples(src, fmt="wp")
    other = write(tmp_path / "x.txt", "a\n")
    with pytest.raises(InputError, match="x.source / x.target"):
        read_examples(other, fmt="wp")


# ------------------------------------------------------------------ DataFrame / datasets

VARIANT = Example(
    "He slept. He went home.",
    id="s1/shuffle",
    context="It was late.",
    meta={"rating": 3.5},
    edits=(Edit("sentence_shuffle", (0, 23), (0, 23), "He went home. He slept.", "He slept. He went home."),),
    parent_id="s1",
)
EXAMPLES = [
    Example("He went home. He slept.", id="s1", context="It was late.", meta={"rating": 3.5, "tags": ["a"]}),
    Example("No context here.", id="s2", reference="ref"),
    VARIANT,
]


def test_dataframe_round_trip():
    df = to_dataframe(EXAMPLES)
    assert list(df["id"]) == ["s1", "s2", "s1/shuffle"]
    back = from_dataframe(df)
    assert back == EXAMPLES
    assert [dict(e.meta) for e in back] == [dict(e.meta) for e in EXAMPLES]
    assert back[2].edits == VARIANT.edits


def test_dataframe_custom_columns_nan_and_extra_columns_to_meta():
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame(
        {
            "uid": ["a", "b"],
            "story": ["One.", "Two."],
            "prompt": ["P", float("nan")],
            "score": [1.5, 2.0],
            "model": ["gpt", "s2s"],
        }
    )
    exs = from_dataframe(df, columns=Columns.make(text="story", id="uid", context="prompt"))
    assert [e.id for e in exs] == ["a", "b"]
    assert exs[0].context == "P" and exs[1].context is None
    assert exs[1].meta == {"score": 2.0, "model": "s2s"} and type(exs[1].meta["score"]) is float


def test_dataframe_errors_name_the_row():
    pd = pytest.importorskip("pandas")
    with pytest.raises(InputError, match=r"DataFrame row 1: no text column"):
        from_dataframe(pd.DataFrame({"text": ["ok", None]}))
    with pytest.raises(InputError, match=r"DataFrame row 1: duplicate example id 'x'"):
        from_dataframe(pd.DataFrame({"id": ["x", "x"], "text": ["a", "b"]}))
    with pytest.raises(TypeError, match="pandas DataFrame"):
        from_dataframe([{"text": "a"}])


def test_hf_dataset_round_trip_and_plain_dataset():
    datasets = pytest.importorskip("datasets")
    ds = to_hf_dataset(EXAMPLES)
    assert ds.num_rows == 3 and ds[0]["id"] == "s1"
    back = from_hf_dataset(ds)
    assert back == EXAMPLES and [dict(e.meta) for e in back] == [dict(e.meta) for e in EXAMPLES]
    plain = datasets.Dataset.from_dict({"body": ["A.", "B."], "prompt": ["p1", "p2"], "label": [1, 0]})
    exs = from_hf_dataset(plain, columns=Columns.make(text="body"))
    assert [e.text for e in exs] == ["A.", "B."] and exs[0].context == "p1" and exs[1].meta == {"label": 0}
    with pytest.raises(TypeError, match="DatasetDict"):
        from_hf_dataset(datasets.DatasetDict({"train": plain}))
    with pytest.raises(InputError, match=r"dataset row 0: no text column"):
        from_hf_dataset(plain)


# ------------------------------------------------------------------ the released files


@pytest.mark.skipif(not (SHARED_DATA / "mans").exists(), reason="shared data absent")
def test_real_release_files():
    roc = read_examples(SHARED_DATA / "roc" / "rocstories_dev.tsv", fmt="roc")
    assert len(roc) == 2944 and not any("@" in e.text or "</s>" in e.text for e in roc)
    mans = read_examples(SHARED_DATA / "mans" / "mans_roc_dev.json")
    assert len(mans) == 500 and all(1 <= e.meta["rating"] <= 5 for e in mans)
    af = read_examples(SHARED_DATA / "roc" / "af_manplts_valid.tsv", fmt="roc_af", limit=400)
    assert sum(e.meta["label"] for e in af) == 100 and af[4].meta["group"] == 1
    wp = read_examples(SHARED_DATA / "wp" / "wp_dev.target", fmt="wp")
    assert len(wp) == 1200 and all("storyline" in e.meta for e in wp)


def test_roc_lead_format_is_openmeva_setting(tmp_path):
    p = write(tmp_path / "roc.tsv", ROC_LINE)
    assert read_examples(p, fmt="roc_lead") == read_roc(p, context_sentences=1)
    assert read_examples(p, fmt="roc_lead")[0].context == "bob was trying to fall asleep ."
