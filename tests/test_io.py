"""Readers and atomic writers: good input, and bad input named by file and line."""

from __future__ import annotations

import json

import pytest

from perturbkit.errors import InputError
from perturbkit.example import Example
from perturbkit.io import Columns, atomic_open, read_examples, write_examples, write_json


def test_jsonl_round_trip_keeps_edits_and_meta(tmp_path):
    from perturbkit.transform import get_transform

    ex = Example("Tom woke up. He ate eggs. He left for work.", id="s1", context="A day.", meta={"k": 2})
    v = get_transform("sentence_shuffle")(ex, seed=1)
    path = tmp_path / "out.jsonl"
    assert write_examples(path, [ex, v]) == 2
    back = read_examples(path)
    assert back == [ex, v] and back[1].edits == v.edits and back[0].meta == {"k": 2}


def test_malformed_jsonl_names_file_and_line(tmp_path):
    p = tmp_path / "bad.jsonl"
    p.write_text('{"id": "a", "text": "ok"}\n\n{"id": "b", "text": \n', encoding="utf-8")
    with pytest.raises(InputError, match=r"bad\.jsonl:3: malformed JSON"):
        read_examples(p)


def test_missing_text_column_names_line_and_columns(tmp_path):
    p = tmp_path / "x.jsonl"
    p.write_text('{"id": "a", "story_text": "ok"}\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"x\.jsonl:1: no text column .*story_text"):
        read_examples(p)
    assert read_examples(p, columns=Columns.make(text="story_text"))[0].text == "ok"


def test_duplicate_ids_are_errors(tmp_path):
    p = tmp_path / "d.jsonl"
    p.write_text('{"id": "a", "text": "x"}\n{"id": "a", "text": "y"}\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"d\.jsonl:2: duplicate example id 'a' \(first at .*d\.jsonl:1\)"):
        read_examples(p)


def test_csv_tsv_and_txt(tmp_path):
    c = tmp_path / "s.csv"
    c.write_text('id,story,prompt,model\n1,"He ran, fast.",Run,gpt\n2,She sat.,Sit,s2s\n', encoding="utf-8")
    exs = read_examples(c, columns=Columns.make(text="story"))
    assert [e.text for e in exs] == ["He ran, fast.", "She sat."]
    assert exs[0].context == "Run" and exs[0].meta == {"model": "gpt"}
    t = tmp_path / "s.tsv"
    t.write_text("id\ttext\nx\tA b.\n", encoding="utf-8")
    assert read_examples(t)[0].id == "x"
    missing = tmp_path / "m.csv"
    missing.write_text("id,body\n1,x\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"m\.csv:1: no text column"):
        read_examples(missing)
    txt = tmp_path / "stories.txt"
    txt.write_text("First story. 🙂\n\n Second story.\n", encoding="utf-8")
    got = read_examples(txt)
    assert [e.id for e in got] == ["stories-1", "stories-3"] and got[0].text.endswith("🙂")


def test_unknown_format_and_missing_file(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        read_examples(tmp_path / "nope.jsonl")
    p = tmp_path / "a.xyz"
    p.write_text("x", encoding="utf-8")
    with pytest.raises(InputError, match="unknown format"):
        read_examples(p)


def test_atomic_write_leaves_old_file_on_failure(tmp_path):
    p = tmp_path / "r.json"
    write_json(p, {"a": 1})
    with pytest.raises(RuntimeError):
        with atomic_open(p) as f:
            f.write("partial")
            raise RuntimeError("crash")
    assert json.loads(p.read_text()) == {"a": 1}
    assert [x.name for x in tmp_path.iterdir()] == ["r.json"]


def test_sample_stories_load(sample_examples):
    assert len(sample_examples) >= 60
    short = [e for e in sample_examples if e.meta.get("kind") == "short"]
    assert len(short) >= 50 and all(e.context for e in short)
