"""Bad bytes and bad characters: non-UTF-8 files name the file, line, column and byte offset; a
lone surrogate in a text is rejected once, at Example construction, naming the example."""

from __future__ import annotations

import json

import pytest

from perturbkit import registry
from perturbkit.cli import main
from perturbkit.errors import InputError, SuiteError
from perturbkit.example import Example
from perturbkit.io import read_examples
from perturbkit.report import Report
from perturbkit.suite import load_suite
from perturbkit.textfiles import decode_utf8, read_text

LATIN1 = "Zoë went to the café.".encode("latin-1")  # 0xeb at byte 2, 0xe9 at byte 19


@pytest.mark.parametrize(
    "name, content, line, column, offset",
    [
        ("s.jsonl", b'{"text": "fine."}\n{"text": "' + LATIN1 + b'"}\n', 2, 13, 18 + 12),
        ("s.csv", b"id,text\na,fine.\nb," + LATIN1 + b"\n", 3, 5, 16 + 4),
        ("s.tsv", b"id\ttext\nb\t" + LATIN1 + b"\n", 2, 5, 8 + 4),
        ("s.txt", b"first story.\n" + LATIN1 + b"\n", 2, 3, 13 + 2),
        ("s.json", b'[{"text": "ok"},\n {"text": "' + LATIN1 + b'"}]\n', 2, 14, 17 + 13),
    ],
)
def test_non_utf8_data_names_file_line_column_and_byte(tmp_path, name, content, line, column, offset):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(InputError) as info:
        read_examples(path)
    assert str(info.value).startswith(
        f"{path}:{line}: not valid UTF-8: byte 0xeb at column {column} (byte offset {offset})"
    )


def test_non_utf8_in_either_file_of_a_writingprompts_pair(tmp_path):
    (tmp_path / "wp.source").write_bytes(b"a prompt\n" + LATIN1 + b"\n")
    (tmp_path / "wp.target").write_text("a story.\nanother story.\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"wp\.source:2: not valid UTF-8: byte 0xeb"):
        read_examples(tmp_path / "wp.target")


def test_a_plugin_reader_gets_the_same_message(tmp_path):
    def read_lines(path, columns):
        with open(path, encoding="utf-8") as f:
            for i, line in enumerate(f, 1):
                yield f"{path}:{i}", Example(line.strip(), id=str(i))

    path = tmp_path / "x.lines"
    path.write_bytes(b"ok\nok\n" + LATIN1 + b"\n")
    with registry.readers.scoped():
        registry.readers.register("lines", read_lines)
        with pytest.raises(InputError, match=r"x\.lines:3: not valid UTF-8: byte 0xeb at column 3 \(byte offset 8\)"):
            read_examples(path, fmt="lines")


def test_non_utf8_suite_and_report(tmp_path):
    suite = tmp_path / "s.yaml"
    suite.write_bytes(b"name: s\ndescription: " + LATIN1 + b"\ntests: []\n")
    with pytest.raises(SuiteError, match=r"s\.yaml:2: not valid UTF-8: byte 0xeb at column 16 \(byte offset 23\)"):
        load_suite(suite)
    report = tmp_path / "r.json"
    report.write_bytes(b'{"suite": "s",\n "tests": [], "x": "' + LATIN1 + b'"}')
    with pytest.raises(InputError, match=r"r\.json:2: not valid UTF-8: byte 0xeb"):
        Report.load(report)


def test_non_utf8_on_the_command_line_is_one_line(tmp_path, capsys):
    data = tmp_path / "s.jsonl"
    data.write_bytes(b'{"text": "' + LATIN1 + b'"}\n')
    assert main(["perturb", "typos", "-i", str(data)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{data}:1: not valid UTF-8" in err and "iconv" in err


def test_decode_and_read_text_helpers(tmp_path):
    assert decode_utf8("héllo".encode(), "x") == "héllo"
    with pytest.raises(InputError, match=r"^x:3: not valid UTF-8: bytes 0xe2 0x82 at column 2 \(byte offset 5\)"):
        decode_utf8(b"a\nb\nc\xe2\x82", "x")  # a sequence cut short at the end
    p = tmp_path / "t.txt"
    p.write_bytes(b"ok\n\xff")
    with pytest.raises(InputError, match=r"t\.txt:2: .*byte 0xff at column 1 \(byte offset 3\)"):
        read_text(p)


# ---------------------------------------------------------------- lone surrogates


def test_a_lone_surrogate_is_rejected_naming_the_example():
    with pytest.raises(InputError, match=r"example 'story-3': text contains a lone surrogate '\\ud800' at character 4"):
        Example("Tom \ud800 ran.", id="story-3")
    with pytest.raises(InputError, match=r"example 'x': context contains a lone surrogate"):
        Example("fine", id="x", context="bad \udfff")
    assert Example("Zoë 😀 ran.", id="ok").text == "Zoë 😀 ran."  # real characters pass


def test_a_surrogate_from_a_json_escape_names_file_line_and_id(tmp_path):
    data = tmp_path / "s.jsonl"
    data.write_text('{"id": "a", "text": "ok."}\n{"id": "b7", "text": "He ran \\ud800 home."}\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"s\.jsonl:2: example 'b7': text contains a lone surrogate"):
        read_examples(data)
    assert json.loads(data.read_text().splitlines()[1])["text"][7] == "\ud800"  # the input really has one


def test_every_transform_gives_the_same_error_not_a_crash(annotator):
    for cls in registry.transforms.all().values():
        with pytest.raises(InputError, match="lone surrogate"):
            cls()("Tom went home. He was \ud800 tired. Then he slept.", seed=0, annotator=annotator)


def test_a_non_utf8_argument_is_named_as_such(capsys):
    bad = b"He ran \xff away. He slept.".decode("utf-8", "surrogateescape")  # what Python makes of argv
    assert main(["perturb", "sentence_shuffle", bad]) == 2
    assert "undecodable byte 0xff" in capsys.readouterr().err
