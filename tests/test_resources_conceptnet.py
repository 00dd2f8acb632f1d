"""ConceptNet providers: edge files, a tiny conceptnet-lite DB built offline, the WordNet fallback."""

from __future__ import annotations

import gzip
from pathlib import Path

import _fake_wordnet
import pytest

from perturbkit.errors import InputError
from perturbkit.resources import conceptnet as cn
from perturbkit.resources.errors import ResourceMissing

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "lexicons" / "conceptnet_antonym.txt"

PIPE = """\
# comment
happy|||/r/Antonym|||unhappy sad
sad|||/r/Antonym|||glad
birthday|||/r/Antonym|||happy
happy|||/r/NotDesires|||sadness
grumpy|||/r/NotDesires|||happy
fit|||/r/NotCapableOf|||

ice_cream|||/r/IsA|||dessert
cake|||/r/IsA|||dessert
dog|||/r/IsA|||pet
"""


def _assertion(rel: str, start: str, end: str) -> str:
    return f'/a/[/r/{rel}/,{start}/,{end}/]\t/r/{rel}\t{start}\t{end}\t{{"weight": 1.0}}\n'


CSV = "".join(
    [
        _assertion("Antonym", "/c/en/happy/a", "/c/en/unhappy"),
        _assertion("Antonym", "/c/en/happy/n", "/c/en/misery"),
        _assertion("Antonym", "/c/en/sad", "/c/en/happy"),
        _assertion("Antonym", "/c/en/happy", "/c/fr/triste"),
        _assertion("IsA", "/c/en/ice_cream/n", "/c/en/dessert"),
        _assertion("IsA", "/c/en/cake", "/c/en/dessert"),
        _assertion("RelatedTo", "/c/en/dog", "/c/en/bark"),
        _assertion("NotDesires", "/c/en/person", "/c/en/pain"),
        "/a/[/r/ExternalURL/,/c/en/dog/,http://x/]\t/r/ExternalURL\t/c/en/dog\thttp://dbpedia.org/resource/Dog\t{}\n",
    ]
)


@pytest.fixture(autouse=True)
def _fresh_providers():
    cn._provider.cache_clear()
    yield
    cn._provider.cache_clear()


@pytest.fixture
def pipe_file(tmp_path) -> Path:
    path = tmp_path / "antonyms.txt"
    path.write_text(PIPE, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def lite_db(tmp_path_factory) -> Path:
    pytest.importorskip("conceptnet_lite")
    from conceptnet_lite.db import load_dump_to_db

    folder = tmp_path_factory.mktemp("cnlite")
    dump = folder / "assertions.csv"
    dump.write_text(CSV, encoding="utf-8")
    load_dump_to_db(dump, folder / "tiny.db", edge_count=None, delete_dump=False)
    return folder / "tiny.db"


def test_normalize_and_relation_names():
    assert cn.normalize(" Ice_Cream ") == "ice cream"
    assert [cn.relation_name(r) for r in ("/r/IsA", "is_a", "IsA", "not_desires", "/r/Antonym/", "external_url")] == [
        "IsA",
        "IsA",
        "IsA",
        "NotDesires",
        "Antonym",
        "ExternalURL",
    ]


def test_edge_list_pipe_format(pipe_file):
    p = cn.EdgeListProvider(pipe_file)
    assert p.antonyms("Happy") == ["unhappy", "sad", "birthday"]  # its own tails first
    assert p.antonyms("sad") == ["glad", "happy"]
    assert p.neighbours("happy", ["NotDesires"], direction="out") == ["sadness"]
    assert p.neighbours("happy", ["NotDesires"], direction="in") == ["grumpy"]
    assert p.edges("happy", ["/r/NotDesires"]) == [
        ("happy", "NotDesires", "sadness"),
        ("grumpy", "NotDesires", "happy"),
    ]
    assert p.neighbours("ice cream", ["IsA"]) == ["dessert"]  # underscores become spaces
    assert p.neighbours("cake", ["CoHyponym"]) == ["ice cream"]
    assert p.has("fit") is False and p.has("happy") and p.has("ice cream")
    assert p.antonyms("unknown") == [] and p.edges("") == []
    with pytest.raises(ValueError, match="direction"):
        p.neighbours("happy", ["Antonym"], direction="up")


def test_edge_list_assertions_csv(tmp_path):
    path = tmp_path / "assertions.csv.gz"
    path.write_bytes(gzip.compress(CSV.encode()))
    p = cn.EdgeListProvider(path)
    assert p.antonyms("happy") == ["unhappy", "misery", "sad"]  # /c/fr/triste dropped
    assert p.neighbours("dog", ["RelatedTo"]) == ["bark"]
    assert p.edges("dog", ["ExternalURL"]) == []
    assert p.neighbours("ice cream", ["CoHyponym"]) == ["cake"]


@pytest.mark.parametrize(
    "text, message",
    [
        ("happy|||Antonym|||sad\n", ":1: expected 'head|||/r/Relation"),
        ("happy|||/r/Antonym|||sad\nbroken line\n", ":2: expected 'head|||/r/Relation"),
        ("happy sad\n", ":1: unknown edge format"),
        ("/a/x\t/r/Antonym\t/c/en/a\t/c/en/b\t{}\n/a/y\t/r/Antonym\n", ":2: expected a ConceptNet assertions line"),
    ],
)
def test_edge_list_errors_name_file_and_line(tmp_path, text, message):
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as exc:
        cn.EdgeListProvider(path)
    assert str(path) in str(exc.value) and message in str(exc.value)


def test_missing_files_raise_resource_missing(tmp_path):
    with pytest.raises(ResourceMissing, match="edge file"):
        cn.get_provider(tmp_path / "absent.txt")
    with pytest.raises(ResourceMissing, match="ConceptNet DB"):
        cn.get_provider(tmp_path / "absent.db")
    assert not (tmp_path / "absent.db").exists()  # never created or downloaded


def test_conceptnet_lite_provider(lite_db):
    p = cn.get_provider(lite_db)
    assert isinstance(p, cn.ConceptNetLiteProvider)
    assert p.antonyms("happy") == ["unhappy", "misery", "sad"]  # English only, DB order
    assert p.antonyms("happy", pos="ADJ") == ["unhappy", "sad"]  # sense /a or unmarked
    assert p.antonyms("happy", pos="NOUN") == ["misery", "sad"]
    assert p.neighbours("ice cream", ["IsA"]) == ["dessert"]
    assert p.neighbours("cake", ["CoHyponym"]) == ["ice cream"]
    assert p.edges("person", ["NotDesires"]) == [("person", "NotDesires", "pain")]
    assert p.has("dessert") and not p.has("unicorn")
    assert p.antonyms("unicorn") == []


def test_get_provider_from_env(pipe_file, monkeypatch):
    monkeypatch.setenv(cn.ENV, str(pipe_file))
    p = cn.get_provider()
    assert isinstance(p, cn.EdgeListProvider) and cn.get_provider() is p
    assert isinstance(p, cn.ConceptNetProvider)


@pytest.fixture(params=["_open", "_reader"])
def fake_wordnet(tmp_path, monkeypatch, request):
    """WordNetProvider over the tiny fake database, read by perturbkit's reader and by nltk's."""
    import nltk.data

    from perturbkit.resources import wordnet as wnmod

    monkeypatch.setattr(nltk.data, "path", list(nltk.data.path))
    corpus = wnmod.prepare_wordnet(tmp_path / "nd", source=_fake_wordnet.build(tmp_path / "raw"))
    reader = getattr(wnmod, request.param)(corpus)
    monkeypatch.setattr(wnmod, "wordnet", lambda: reader)
    return cn.WordNetProvider()


def test_wordnet_provider(fake_wordnet):
    p = fake_wordnet
    assert p.antonyms("happy") == ["unhappy"]
    assert p.antonyms("unhappy") == ["happy"]
    assert p.neighbours("dog", ["IsA"]) == ["animal"]
    assert p.neighbours("dog", ["CoHyponym"]) == ["cat"]
    assert p.neighbours("dog", ["Synonym"]) == ["domestic dog"]
    assert p.neighbours("happy", ["Synonym"], pos="ADJ") == []  # 2nd sense (glad) unseen in SemCor
    assert p.neighbours("glad", ["Synonym"]) == ["happy"]
    assert p.antonyms("happy", pos="NOUN") == []
    assert p.has("dogs") and not p.has("unicorn")
    assert p.edges("dog", ["Antonym"]) == []


@pytest.mark.skipif(
    not __import__("perturbkit.resources.wordnet", fromlist=["x"]).available(), reason="WordNet not installed"
)
def test_default_provider_is_real_wordnet(monkeypatch):
    monkeypatch.delenv(cn.ENV, raising=False)
    p = cn.get_provider()
    assert isinstance(p, cn.WordNetProvider)
    assert p.antonyms("happy") == ["unhappy"]
    assert p.antonyms("win", pos="VERB") == ["lose"]
    assert "lose" not in p.antonyms("win", pos="NOUN")
    assert "canine" in p.neighbours("dog", ["IsA"], pos="NOUN")


@pytest.mark.shared_data
@pytest.mark.skipif(not SHARED.is_file(), reason="../shared/data absent")
def test_shared_conceptnet_antonym_file():
    p = cn.get_provider(SHARED)
    assert {"unhappy", "sad"} <= set(p.antonyms("happy"))
    assert "lose" in p.antonyms("win")
    expected: dict[str, set[str]] = {}  # independent reading: symmetric Antonym closure
    for line in SHARED.read_text(encoding="utf-8").splitlines():
        head, rel, tails = line.split("|||")
        if rel == "/r/Antonym":
            for t in tails.split():
                expected.setdefault(head, set()).add(t)
                expected.setdefault(t, set()).add(head)
    assert len(expected) > 3000
    for word in sorted(expected)[::25]:
        assert set(p.antonyms(word)) == expected[word] - {word}, word
