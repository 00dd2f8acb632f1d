"""WordNet: preparing Debian's files (on a tiny fake database) and loading them, with perturbkit's
reader and nltk's (the two readers' answers are compared in test_resources_wndb.py)."""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
from pathlib import Path

import _fake_wordnet
import pytest

from perturbkit.resources import wordnet as wnmod
from perturbkit.resources import wordnet_prepare
from perturbkit.resources.errors import ResourceMissing

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def fake_src(tmp_path) -> Path:
    return _fake_wordnet.build(tmp_path / "raw")


@pytest.fixture
def isolated_wordnet(monkeypatch, tmp_path):
    """wordnet() with no installed copy visible; the cache is restored for later tests."""
    import nltk.data

    from perturbkit.resources.config import settings

    monkeypatch.setattr(settings, "cache_dir", tmp_path / "cache")
    monkeypatch.setattr(nltk.data, "path", list(nltk.data.path))
    monkeypatch.setattr(wnmod, "nltk_data_path", lambda: [str(tmp_path / "nltk_path")])
    monkeypatch.setenv("WNSEARCHDIR", str(tmp_path / "nowhere"))
    wnmod.wordnet.cache_clear()
    wnmod.nltk_reader.cache_clear()
    yield
    wnmod.wordnet.cache_clear()
    wnmod.nltk_reader.cache_clear()


def test_embedded_lexnames_table():
    assert len(wnmod.LEXNAMES) == 45
    assert (wnmod.LEXNAMES[0], wnmod.LEXNAMES[3], wnmod.LEXNAMES[44]) == ("adj.all", "noun.Tops", "adj.ppl")
    lines = wnmod.lexnames_text(Path("/nonexistent.gz")).splitlines()
    assert lines[0] == "00\tadj.all\t3"
    assert lines[5] == "05\tnoun.animal\t1"
    assert lines[29] == "29\tverb.body\t2"
    assert lines[2] == "02\tadv.all\t4"
    assert len(lines) == 45


def test_lexnames_parsed_from_man_page(tmp_path):
    rows = "".join(f"{i:02d}\t{n}  \tsome description\n" for i, n in enumerate(wnmod.LEXNAMES))
    man = tmp_path / "lexnames.5WN.gz"
    man.write_bytes(gzip.compress((".TS\nl l l.\n\\fBFile Number\\fP\tName\n_\n" + rows + ".TE\n").encode()))
    assert wordnet_prepare._lexnames_from_man(man) == wnmod.LEXNAMES
    broken = tmp_path / "broken.gz"
    broken.write_bytes(gzip.compress(rows.replace("07\t", "70\t").encode()))
    assert wordnet_prepare._lexnames_from_man(broken) is None  # numbering gap: fall back to the built-in table
    assert wnmod.lexnames_text(broken) == wnmod.lexnames_text(Path("/nonexistent.gz"))


@pytest.mark.skipif(not wnmod.LEXNAMES_MAN.is_file(), reason="wordnet-base man page not installed")
def test_debian_man_page_agrees_with_embedded_table():
    assert wordnet_prepare._lexnames_from_man() == wnmod.LEXNAMES


def test_prepare_copies_files_and_writes_missing_ones(fake_src, tmp_path):
    corpus = wnmod.prepare_wordnet(tmp_path / "nltk_data", source=fake_src)
    assert corpus == tmp_path / "nltk_data" / "corpora" / "wordnet"
    for name in wnmod.REQUIRED + ("lexnames", "index.sense", "cntlist.rev"):
        assert (corpus / name).is_file() and not (corpus / name).is_symlink(), name
    assert (corpus / "data.noun").read_bytes() == (fake_src / "data.noun").read_bytes()
    assert (corpus / "lexnames").read_text().splitlines()[5] == "05\tnoun.animal\t1"
    sense = (corpus / "index.sense").read_text().splitlines()
    assert sense == sorted(sense)
    by_key = {line.split()[0]: line.split()[1:] for line in sense}
    assert by_key["dog%1:05:00::"][1:] == ["1", "42"]  # sense number, SemCor count
    assert "glad%5:00:00:happy:00" in by_key  # satellite: head word and head lex id
    assert by_key["happy%5:00:01:happy:00"][1] == "2"  # second adjective sense of "happy"
    assert not [p for p in corpus.parent.iterdir() if p.name.startswith(".wordnet")]  # no temp dirs left


def test_prepared_copy_reads_with_nltk(fake_src, tmp_path, monkeypatch):
    import nltk.data

    monkeypatch.setattr(nltk.data, "path", list(nltk.data.path))
    wn = wnmod._reader(wnmod.prepare_wordnet(tmp_path / "nd", source=fake_src))
    assert [s.name() for s in wn.synsets("dogs")] == ["dog.n.01"]
    assert [a.name() for a in wn.synset("happy.a.01").lemmas()[0].antonyms()] == ["unhappy"]
    assert wn.synset("dog.n.01").hypernyms() == [wn.synset("animal.n.01")]
    assert wn.synset("dog.n.01").lexname() == "noun.animal"
    assert wn.lemma_from_key("glad%5:00:00:happy:00").name() == "glad"
    assert wn.synset("dog.n.01").lemmas()[0].count() == 42


def test_prepare_is_idempotent_and_force_rebuilds(fake_src, tmp_path):
    corpus = wnmod.prepare_wordnet(tmp_path, source=fake_src)
    before = (corpus / "lexnames").stat()
    assert wnmod.prepare_wordnet(tmp_path, source=fake_src) == corpus
    assert (corpus / "lexnames").stat().st_ino == before.st_ino
    wnmod.prepare_wordnet(tmp_path, source=fake_src, force=True)
    assert (corpus / "lexnames").stat().st_ino != before.st_ino
    assert wnmod.is_prepared(corpus)


def test_prepare_replaces_an_incomplete_copy(fake_src, tmp_path):
    corpus = tmp_path / "corpora" / "wordnet"
    corpus.mkdir(parents=True)
    (corpus / "data.noun").write_text("junk")
    assert not wnmod.is_prepared(corpus)
    wnmod.prepare_wordnet(tmp_path, source=fake_src)
    assert wnmod.is_prepared(corpus)
    assert (corpus / "data.noun").read_text() != "junk"
    assert sorted(p.name for p in corpus.parent.iterdir()) == ["wordnet"]


def test_prepare_without_source_names_the_install_command(tmp_path):
    with pytest.raises(ResourceMissing) as exc:
        wnmod.prepare_wordnet(tmp_path, source=tmp_path / "absent")
    msg = str(exc.value)
    assert "apt-get install -y --no-install-recommends wordnet-base" in msg
    assert "python -m perturbkit.resources prepare-wordnet" in msg
    assert "index.noun" in msg
    assert not (tmp_path / "corpora" / "wordnet").exists()


def test_wordnet_prepares_from_source_on_the_fly(isolated_wordnet, fake_src, monkeypatch):
    monkeypatch.setenv("WNSEARCHDIR", str(fake_src))
    wn = wnmod.wordnet()
    assert isinstance(wn, wnmod.wndb.WordNet)
    assert [s.name() for s in wn.synsets("cat")] == ["cat.n.01"]
    assert wnmod.wordnet() is wn  # cached
    assert wnmod.is_prepared(wnmod.default_target() / "corpora" / "wordnet")


@pytest.mark.parametrize("get", ["wordnet", "nltk_reader"])
def test_wordnet_uses_a_copy_on_the_nltk_path(isolated_wordnet, fake_src, tmp_path, get):
    wnmod.prepare_wordnet(tmp_path / "nltk_path", source=fake_src)
    wn = getattr(wnmod, get)()
    assert wn.synsets("run")[0].name() == "run.v.01"
    assert Path(getattr(wn.root, "path", wn.root)) == tmp_path / "nltk_path" / "corpora" / "wordnet"
    assert not (wnmod.default_target() / "corpora" / "wordnet").exists()


@pytest.mark.parametrize("get", ["wordnet", "nltk_reader"])
def test_wordnet_missing_raises_resource_missing(isolated_wordnet, get):
    with pytest.raises(ResourceMissing, match="wordnet-base"):
        getattr(wnmod, get)()
    assert not wnmod.available()


def test_a_broken_copy_is_reported_and_the_next_one_used(isolated_wordnet, fake_src, tmp_path, monkeypatch):
    first, second = tmp_path / "nltk_path", tmp_path / "other"
    wnmod.prepare_wordnet(first, source=fake_src)
    wnmod.prepare_wordnet(second, source=fake_src)
    (first / "corpora" / "wordnet" / "index.noun").write_text("dog n x\n")  # not a count
    monkeypatch.setattr(wnmod, "nltk_data_path", lambda: [str(first), str(second)])
    assert wnmod.wordnet().root == second / "corpora" / "wordnet"
    (second / "corpora" / "wordnet" / "data.noun").unlink()
    wnmod.wordnet.cache_clear()
    with pytest.raises(ResourceMissing, match="index.noun, line 1"):
        wnmod.wordnet()


def test_nltk_data_path_matches_nltk(monkeypatch):
    import importlib

    import nltk.data

    monkeypatch.setenv("NLTK_DATA", os.pathsep.join(["/a/b", "/c"]))
    fresh = importlib.reload(nltk.data)
    try:
        expected = list(fresh.path)
        monkeypatch.delitem(sys.modules, "nltk.data")
        assert wnmod.nltk_data_path() == expected
    finally:
        monkeypatch.undo()
        importlib.reload(nltk.data)


def test_cli_prepare_wordnet(fake_src, tmp_path, capsys):
    from perturbkit.resources.__main__ import main

    assert main(["prepare-wordnet", "--target", str(tmp_path / "nd"), "--source", str(fake_src)]) == 0
    assert "corpora/wordnet" in capsys.readouterr().out
    assert main(["prepare-wordnet", "--target", str(tmp_path / "x"), "--source", str(tmp_path / "no")]) == 1
    assert "wordnet-base" in capsys.readouterr().err


@pytest.mark.subprocess
def test_prepare_script(fake_src, tmp_path):
    env = dict(os.environ, WNSEARCHDIR=str(fake_src), PERTURBKIT_CACHE_DIR=str(tmp_path / "cache"))
    script = REPO / "scripts" / "prepare_data.sh"
    run = subprocess.run(
        ["sh", str(script), sys.executable, str(tmp_path / "nd")],
        env=env,
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert wnmod.is_prepared(tmp_path / "nd" / "corpora" / "wordnet")
    env["WNSEARCHDIR"] = str(tmp_path / "absent")  # never runs apt-get when WNSEARCHDIR is set
    run = subprocess.run(
        ["sh", str(script), sys.executable, str(tmp_path / "nd2")],
        env=env,
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=300,
    )
    assert run.returncode == 1 and "no WordNet database" in run.stderr


@pytest.mark.skipif(not wnmod.available(), reason="WordNet not installed (make setup)")
def test_real_wordnet():
    wn, nl = wnmod.wordnet(), wnmod.nltk_reader()
    assert nl.get_version() == "3.0"
    assert "dog.n.01" in [s.name() for s in wn.synsets("dog")]
    happy = wn.synset("happy.a.01").lemmas()[0]
    assert [a.name() for a in happy.antonyms()] == ["unhappy"]
    assert wn.synset("dog.n.01").lemmas()[0].count() > 0
    assert len(wn.synsets("happy")) == 4
    words = ("happy", "glad", "dog", "run", "quickly", "bank", "light", "cold", "set")
    for synset in {s for w in words for s in wn.synsets(w)}:  # generated index.sense agrees with nltk
        for lemma in synset.lemmas():
            assert nl.lemma_from_key(lemma.key()).synset().name() == synset.name()


_ORDER_SCRIPT = """
import sys
from pathlib import Path
from perturbkit.resources import wordnet as wnmod
wn = getattr(wnmod, sys.argv[2])(Path(sys.argv[1]))
print([s.name() for s in wn.synset("animal.n.01").hyponyms()])
"""


@pytest.mark.subprocess
@pytest.mark.parametrize("make", ["_open", "_reader"])
def test_related_synsets_come_in_the_same_order_in_every_process(fake_src, tmp_path, make):
    """nltk keeps pointers in sets, whose order follows the string hash seed; both readers sort
    them by (pos, offset), so a transform picks the same sibling in every run. Each process must
    give that sorted order (an unsorted reader gives another order under one of these seeds;
    each process costs an nltk import, ~3 s, so three seeds, not more)."""
    corpus = wnmod.prepare_wordnet(tmp_path / "nd", source=fake_src)
    hyponyms = wnmod._open(corpus).synset("animal.n.01").hyponyms()
    by_offset = [s.name() for s in sorted(hyponyms, key=lambda s: (s.pos(), s.offset()))]
    assert sorted(by_offset) == ["cat.n.01", "dog.n.01"]
    seen = set()
    for seed in ("1", "2", "3"):
        env = dict(os.environ, PYTHONHASHSEED=seed, PERTURBKIT_CACHE_DIR=str(tmp_path / "cache"))
        run = subprocess.run(
            [sys.executable, "-c", _ORDER_SCRIPT, str(corpus), make],
            env=env,
            capture_output=True,
            text=True,
            cwd=REPO,
            timeout=120,
        )
        assert run.returncode == 0, run.stderr
        seen.add(run.stdout.strip())
    assert [eval(order) for order in seen] == [by_offset]


def test_synsets_are_memoised_and_callers_get_their_own_list(fake_src, tmp_path, monkeypatch):
    import nltk.data

    monkeypatch.setattr(nltk.data, "path", list(nltk.data.path))
    wn = wnmod._reader(wnmod.prepare_wordnet(tmp_path / "nd", source=fake_src))
    first = wn.synsets("dogs", "n")
    first.append("junk")
    assert [s.name() for s in wn.synsets("dogs", "n")] == ["dog.n.01"]
    assert [s.name() for s in wn.synsets("dog", ["n", "v"])] == ["dog.n.01"]  # a list of POS works
    assert len(wn._pk_synsets) == 2


@pytest.mark.parametrize("make", ["_open", "_reader"])
def test_offsets_first_synset_and_tag_counts_match_nltk(fake_src, tmp_path, monkeypatch, make):
    """The read-free helpers agree with what the reader's synsets and Lemma.count() give."""
    import nltk.data

    monkeypatch.setattr(nltk.data, "path", list(nltk.data.path))
    wn = getattr(wnmod, make)(wnmod.prepare_wordnet(tmp_path / "nd", source=fake_src))
    dog = wn.synset("dog.n.01")
    assert wn.offsets("dogs", "n") == (("n", dog.offset()),)  # morphy applied, nothing read
    assert wn.offsets("happy", "a") == tuple(("a", s.offset()) for s in wn.synsets("happy", "a"))
    assert wn.offsets("zebra") == () and wn.first_synset("zebra") is None
    assert wn.first_synset("dogs", "n") == dog
    for word, synset in (
        ("dog", dog),
        ("domestic_dog", dog),
        ("happy", wn.synset("happy.a.01")),
        ("happy", wn.synset("glad.s.01")),
        ("cat", wn.synset("cat.n.01")),
    ):
        want = sum(wnmod.lemma_count(l) for l in synset.lemmas() if l.name().lower() == word)
        assert wnmod.tag_count(wn, word, "a" if synset.pos() == "s" else synset.pos(), synset.offset()) == want
    assert wnmod.tag_count(wn, "dog", "n", dog.offset()) == 42
