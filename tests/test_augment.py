"""`perturbkit augment` and run_augment: records, formats, streaming, resumption, bad input.

Most tests use ``typos`` (string-level: no parse) so they stay fast; one runs the union recipe."""

from __future__ import annotations

import json

import pytest

from perturbkit.cli import main
from perturbkit.errors import InputError, OutputError, RecipeError, UserError
from perturbkit.example import Edit, replay_edits
from perturbkit.recipe import AugmentOptions, Recipe, run_augment
from perturbkit.recipe import pipeline as pipeline_mod
from perturbkit.recipe.sinks import FIELDS

STORIES = [
    {
        "id": f"s{i:02d}",
        "text": f"Tom walked to the store number {i}. He bought bread, milk, and eggs. Then, he went home.",
    }
    for i in range(30)
]


def _jsonl(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _records(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture
def stories(tmp_path):
    return _jsonl(tmp_path / "in.jsonl", STORIES)


def _opts(**kw):
    return AugmentOptions(progress=False, chunk_size=4, **kw)


def test_records_carry_provenance(stories, tmp_path):
    out = tmp_path / "out.jsonl"
    r = Recipe.from_transforms(["typos", "typos>>delete_punctuation"], keep_originals=True, seed=5)
    summary = run_augment(r, stories, out, _opts())
    recs = _records(out)
    assert all(tuple(rec) == FIELDS for rec in recs)
    originals = [x for x in recs if x["transform"] is None]
    variants = [x for x in recs if x["transform"]]
    assert [x["id"] for x in originals] == [s["id"] for s in STORIES] and {x["label"] for x in originals} == {1}
    assert {x["transform"] for x in variants} == {"typos", "typos>>delete_punctuation"} and {
        x["label"] for x in variants
    } == {0}
    texts = {s["id"]: s["text"] for s in STORIES}
    for v in variants:
        assert v["seed"] == 5 and v["perturbkit_version"] and v["source_id"] == v["parent_id"]
        assert isinstance(v["params"], list) and "rate" in v["params"][0]
        if v["transform"] == "typos":  # one step: its edits replay onto the story
            assert replay_edits(texts[v["source_id"]], [Edit.from_dict(e) for e in v["edits"]]) == v["text"]
    assert summary.counts.records == len(recs) and summary.counts.variants == len(variants)
    assert "wrote" in summary.lines()[0]


def test_same_bytes_for_any_chunking_and_seed_changes_output(stories, tmp_path):
    r = Recipe.from_transforms(["typos"])
    run_augment(r, stories, tmp_path / "a.jsonl", _opts())
    run_augment(r, stories, tmp_path / "b.jsonl", AugmentOptions(progress=False, chunk_size=7))
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    run_augment(r.with_options(seed=1), stories, tmp_path / "c.jsonl", _opts())
    assert (tmp_path / "a.jsonl").read_bytes() != (tmp_path / "c.jsonl").read_bytes()


def test_first_records_are_written_before_the_input_is_finished(stories, tmp_path, monkeypatch):
    out = tmp_path / "out.jsonl"
    sizes = []
    real = pipeline_mod.run_chunk

    def spy(plan, chunk):
        sizes.append(out.stat().st_size)
        return real(plan, chunk)

    monkeypatch.setattr(pipeline_mod, "run_chunk", spy)
    summary = run_augment(Recipe.from_transforms(["typos"]), stories, out, _opts())
    assert sizes[0] == 0 and sizes[1] > 0 and len(sizes) == 8  # 30 stories in chunks of 4
    assert summary.first_chunk[1] == 4 and 0 < summary.first_chunk[0] <= summary.seconds


def test_interrupted_run_resumes_to_the_same_bytes(stories, tmp_path, monkeypatch):
    r = Recipe.from_transforms(["typos"], keep_originals=True)
    whole = tmp_path / "whole.jsonl"
    run_augment(r, stories, whole, _opts())
    out = tmp_path / "out.jsonl"
    real = pipeline_mod.run_chunk

    def crash_on_s13(plan, chunk):
        if any(ex.id == "s13" for ex in chunk):
            raise RuntimeError("boom")
        return real(plan, chunk)

    monkeypatch.setattr(pipeline_mod, "run_chunk", crash_on_s13)
    with pytest.raises(UserError) as e:
        run_augment(r, stories, out, _opts())
    msg = str(e.value)
    assert "chunk 4" in msg and "'s12' to 's15'" in msg and "boom" in msg and "12 stories" in msg
    partial = out.read_bytes()
    assert partial and partial.endswith(b"\n") and whole.read_bytes().startswith(partial)
    with open(out, "ab") as f:  # a kill in the middle of a write: half a record at the end
        f.write(b'{"id": "s12", "te')
    monkeypatch.setattr(pipeline_mod, "run_chunk", real)
    summary = run_augment(r, stories, out, _opts())
    assert summary.resumed == 12
    assert out.read_bytes() == whole.read_bytes()
    assert not (tmp_path / "out.jsonl.progress").exists()


def test_output_never_overwrites_input_or_a_finished_run(stories, tmp_path):
    r = Recipe.from_transforms(["typos"])
    with pytest.raises(OutputError, match="the output is the input"):
        run_augment(r, stories, stories, _opts())
    out = tmp_path / "o.jsonl"
    run_augment(r, stories, out, _opts())
    with pytest.raises(OutputError, match="--overwrite"):
        run_augment(r, stories, out, _opts())
    run_augment(r, stories, out, _opts(overwrite=True))
    with pytest.raises(OutputError, match="another recipe"):  # an unfinished run of something else
        (tmp_path / "o.jsonl.progress").write_text(json.dumps({"fingerprint": "x", "stories": 1, "bytes": 0}))
        run_augment(r, stories, out, _opts())


def test_duplicate_ids_named_before_any_work_or_deduped(tmp_path):
    src = _jsonl(tmp_path / "d.jsonl", STORIES[:3] + [STORIES[1], STORIES[2]])
    out = tmp_path / "o.jsonl"
    with pytest.raises(InputError) as e:
        run_augment(Recipe.from_transforms(["typos"]), src, out, _opts())
    assert "2 duplicate id(s)" in str(e.value) and "'s01'" in str(e.value) and f"{src}:4" in str(e.value)
    assert not out.exists()
    summary = run_augment(Recipe.from_transforms(["typos"]), src, out, _opts(dedupe=True))
    assert summary.stories == 3 and summary.duplicate_ids == 2
    assert len({r["source_id"] for r in _records(out)}) == 3


def test_a_checked_source_reads_the_same_stories_keeping_only_repeated_ids(tmp_path):
    from perturbkit.recipe.sources import Source

    src = _jsonl(tmp_path / "d.jsonl", STORIES[:3] + [STORIES[1], STORIES[2]])
    unchecked = [ex.id for ex in Source(src, dedupe=True).stories()]
    checked = Source(src, dedupe=True)
    checked.check()
    assert checked._repeated == {"s01", "s02"}  # not every id: memory flat however long the input
    assert [ex.id for ex in checked.stories()] == unchecked == ["s00", "s01", "s02"]


def test_malformed_line_named_or_skipped(tmp_path):
    src = tmp_path / "bad.jsonl"
    src.write_text(json.dumps(STORIES[0]) + "\n{not json\n" + json.dumps(STORIES[1]) + "\n")
    out = tmp_path / "o.jsonl"
    with pytest.raises(InputError, match=f"{src}:2: malformed JSON"):
        run_augment(Recipe.from_transforms(["typos"]), src, out, _opts())
    summary = run_augment(Recipe.from_transforms(["typos"]), src, out, _opts(skip_bad=True))
    assert summary.bad_lines == 1 and summary.stories == 2


def test_summary_counts_not_applicable_and_rejected(tmp_path):
    src = _jsonl(tmp_path / "s.jsonl", STORIES[:6] + [{"id": "nopunct", "text": "no punctuation here at all"}])
    r = Recipe(name="r", transforms=["delete_punctuation", "typos"], filters=[{"length_ratio": {"min": 2.0}}])
    summary = run_augment(r, src, tmp_path / "o.jsonl", _opts())
    assert summary.counts.not_applicable == {"delete_punctuation": 1}
    assert summary.counts.rejected == {"length_ratio": 13}  # 6 + 7 typos and summary.counts.records == 0


@pytest.mark.parametrize("suffix", [".csv", ".tsv", ".parquet", ""])
def test_output_formats_hold_the_same_records(stories, tmp_path, suffix):
    import datasets
    import pandas as pd

    r = Recipe.from_transforms(["typos"], keep_originals=True)
    ref = tmp_path / "ref.jsonl"
    run_augment(r, stories, ref, _opts())
    out = tmp_path / f"out{suffix or '_hf'}"
    run_augment(r, stories, out, _opts())
    if suffix in (".csv", ".tsv"):
        df = pd.read_csv(out, sep="," if suffix == ".csv" else "\t", keep_default_na=False)
    elif suffix == ".parquet":
        df = pd.read_parquet(out)
    else:
        df = datasets.load_from_disk(str(out)).to_pandas()
    want = _records(ref)
    assert list(df.columns) == list(FIELDS) and df["text"].tolist() == [x["text"] for x in want]
    assert [json.loads(e) for e in df["edits"]] == [x["edits"] for x in want]
    assert [int(x) for x in df["label"]] == [x["label"] for x in want]
    assert not list(tmp_path.glob("*.partial.jsonl*"))


@pytest.mark.parametrize("fmt", ["csv", "parquet", "hf"])
def test_input_formats(tmp_path, fmt):
    import datasets
    import pandas as pd

    df = pd.DataFrame(STORIES[:5])
    src = tmp_path / {"csv": "in.csv", "parquet": "in.parquet", "hf": "in_ds"}[fmt]
    if fmt == "csv":
        df.to_csv(src, index=False)
    elif fmt == "parquet":
        df.to_parquet(src)
    else:
        datasets.Dataset.from_pandas(df).save_to_disk(str(src))
    out = tmp_path / "o.jsonl"
    run_augment(Recipe.from_transforms(["typos"], keep_originals=True), src, out, _opts())
    assert [x["source_id"] for x in _records(out) if x["transform"] is None] == df["id"].tolist()


def test_cli_ad_hoc_transforms_and_missing_transform(stories, tmp_path, capsys):
    out = tmp_path / "o.jsonl"
    code = main(["augment", "--transform", "typos", "-t", "typos>>delete_punctuation", "-i", str(stories),
                 "-o", str(out), "--limit", "5", "--n", "2", "--seed", "3", "--no-progress"])  # fmt: skip
    assert code == 0 and "wrote" in capsys.readouterr().err
    recs = _records(out)
    assert {r["source_id"] for r in recs} == {f"s{i:02d}" for i in range(5)} and {r["seed"] for r in recs} == {3}
    assert len(recs) > 10  # two variants per entry and story, less duplicates
    assert main(["augment", "-t", "negaton", "-i", str(stories), "-o", str(tmp_path / "x.jsonl")]) == 2
    assert "did you mean negation" in capsys.readouterr().err and not (tmp_path / "x.jsonl").exists()


def test_recipe_errors_come_before_reading(tmp_path):
    with pytest.raises(RecipeError):
        run_augment(
            {"name": "r", "transforms": ["typos"], "filters": ["nope"]},
            tmp_path / "missing.jsonl",
            tmp_path / "o.jsonl",
        )


def test_union_recipe_end_to_end(stories, tmp_path):
    out = tmp_path / "union.jsonl"
    run_augment("union", stories, out, _opts(limit=8))
    recs = _records(out)
    by_story = {}
    for r in recs:
        by_story.setdefault(r["source_id"], []).append(r)
    assert len(by_story) == 8
    for rs in by_story.values():  # the human story (1), then at most one negative (0)
        assert rs[0]["label"] == 1 and rs[0]["transform"] is None and len(rs) <= 2
        if len(rs) == 2:
            assert rs[1]["label"] == 0 and rs[1]["transform"] == "union_negative" and rs[1]["edits"]
    assert sum(len(rs) == 2 for rs in by_story.values()) >= 6


def test_python_api_is_lazy_and_gives_the_files_records(stories, tmp_path):
    import perturbkit as pk
    from perturbkit.example import Example

    consumed = []

    def gen():
        for s in STORIES:
            consumed.append(s["id"])
            yield Example(s["text"], id=s["id"])

    out = pk.augment(["typos", "delete_punctuation"], gen(), keep_originals=True, chunk_size=4)
    assert consumed == []  # nothing runs until iterated
    first = next(iter(out))
    assert first.id == "s00" and first.meta["label"] == 1 and len(consumed) == 4  # one chunk read
    rest = list(out)
    file = tmp_path / "o.jsonl"
    run_augment(Recipe.from_transforms(["typos", "delete_punctuation"], keep_originals=True), stories, file, _opts())
    want = _records(file)
    got = [first, *rest]
    assert [e.id for e in got] == [r["id"] for r in want] and [e.text for e in got] == [r["text"] for r in want]
    assert [e.meta["transform"] for e in got] == [r["transform"] for r in want]
    df = pk.augment("typos", [s["text"] for s in STORIES[:3]]).to_pandas()
    assert list(df.columns) == list(FIELDS) and len(df) == 3 and set(df["transform"]) == {"typos"}


def test_batch_function_for_datasets_map():
    import datasets

    from perturbkit.recipe import batch_function

    ds = datasets.Dataset.from_list(STORIES[:6])
    out = ds.map(batch_function(["typos"]), batched=True, batch_size=4, remove_columns=ds.column_names)
    assert sorted(out.column_names) == sorted(FIELDS) and len(out) == 6
    assert out["source_id"] == [s["id"] for s in STORIES[:6]] and all(json.loads(e) for e in out["edits"])


@pytest.mark.subprocess
def test_augment_api_and_recipes_import_light():
    import subprocess
    import sys

    code = (
        "import sys, perturbkit as pk, perturbkit.execution, perturbkit.recipe; pk.augment; pk.load_recipe('union');"
        "print(','.join(m for m in ('spacy', 'torch', 'transformers', 'ray', 'datasets') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_parse_based_recipe_same_bytes_for_any_chunking(stories, tmp_path):
    """Parses are released after each chunk: re-parsing must not change any record."""
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    run_augment("union", stories, a, AugmentOptions(progress=False, chunk_size=3, limit=9))
    run_augment("union", stories, b, AugmentOptions(progress=False, chunk_size=9, limit=9))
    assert a.read_bytes() == b.read_bytes() and len(_records(a)) > 9
