"""perturbkit's WNDB reader (``perturbkit.resources.wndb``) gives nltk's answers, on the tiny fake
database and on the real WordNet; its cache file is sound; the transforms never import nltk."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import _fake_wordnet
import pytest

from perturbkit.resources import wndb
from perturbkit.resources import wordnet as wnmod

REPO = Path(__file__).resolve().parent.parent
#: Inflected and odd forms: exception lists (went, mice, geese, better), detachment rules
#: (happier, dogs, studied), satellites (glad, felicitous), case and non-words.
FORMS = (
    "went",
    "mice",
    "happier",
    "better",
    "best",
    "geese",
    "children",
    "ran",
    "was",
    "leaves",
    "wolves",
    "studied",
    "biggest",
    "fishes",
    "axes",
    "churches",
    "running",
    "glad",
    "felicitous",
    "big",
    "large",
    "able",
    "dogs",
    "Dog",
    "DOGS",
    "beasts",
    "gladder",
    "domestic_dog",
    "zebra",
    "",
    "s",
    "ies",
    "men",
)


def _synset(s) -> tuple:
    names = lambda xs: [x.name() for x in xs]  # noqa: E731
    lemmas = s.lemmas()
    return (
        s.name(),
        s.pos(),
        s.offset(),
        s.lexname(),
        s.min_depth(),
        hash(s),
        names(s.hypernyms()),
        names(s.instance_hypernyms()),
        names(s.hyponyms()),
        names(lemmas),
        [lm.key() for lm in lemmas],
        [lm.count() for lm in lemmas],
        [wnmod.lemma_count(lm) for lm in lemmas],
        [hash(lm) for lm in lemmas],
        [[(a.synset().name(), a.name()) for a in lm.antonyms()] for lm in lemmas],
        [s == h or h == s for h in s.hypernyms() + s.hyponyms()],
        lemmas[0] == lemmas[-1],
    )


def _answers(wn, words) -> list:
    """Everything the transforms ask a reader, for each word and POS."""
    from perturbkit.transforms._substitution.antonyms import main_pos

    out = []
    for word in words:
        out.append(("main POS", word, main_pos(wn, word)))  # perturbkit's reader: from index counts
        out.append(("tag counts", word, [sum(wnmod.tag_counts(wn, word, pos)) for pos in "nvar"]))
        for pos in (None, "n", "v", "a", "r", "s"):
            offsets = wn.offsets(word, pos)
            synsets = wn.synsets(word, pos)
            out.append(
                (
                    word,
                    pos,
                    offsets,
                    [s.name() for s in synsets],
                    [s.offset() for s in synsets],
                    [wnmod.tag_count(wn, word, p, o) for p, o in offsets],
                    wn.morphy(word, pos),
                )
            )
            first = wn.first_synset(word, pos)
            out.append(None if first is None else (first.name(), first == synsets[0]))
            out += [_synset(s) for s in synsets]
            out += [wn.synset(s.name()) == s for s in synsets]
            out += [
                [wnmod.sibling_words(wn, h, s) for h in s.hypernyms() if len(h._pointers.get("~", ())) <= 50]
                for s in synsets
            ]
    return out


@pytest.fixture
def fake_corpus(tmp_path, monkeypatch) -> Path:
    import nltk.data

    monkeypatch.setattr(nltk.data, "path", list(nltk.data.path))
    return wnmod.prepare_wordnet(tmp_path / "nd", source=_fake_wordnet.build(tmp_path / "raw"))


def test_fake_database_answers_like_nltk(fake_corpus):
    new, old = wnmod._open(fake_corpus), wnmod._reader(fake_corpus)
    words = sorted({w.lower() for ents in _fake_wordnet.SYNSETS.values() for e in ents for w, _ in e[3]}) + list(FORMS)
    want = _answers(old, words)
    assert _answers(new, words) == want
    assert sum(isinstance(x, tuple) and len(x) == 17 for x in want) > 20  # synsets were compared
    assert [s.name() for s in new.synsets("happy", "a")] == ["happy.a.01", "glad.s.01"]  # "a" has satellites
    assert [s.name() for s in new.synsets("happy", "s")] == ["glad.s.01"]
    assert new.synset_from_pos_and_offset("a", new.offsets("glad")[0][1]) is new.synset("glad.s.01")
    assert new.synset("dog.n.01").lemmas()[0].count() == 42
    assert new.tag_count("dog", "n", new.offsets("dog")[0][1]) == 42
    assert new.synset("glad.s.01").lemmas()[0].key() == "glad%5:00:00:happy:00"
    assert "nltk" not in type(new).__module__


def test_synsets_read_once_and_callers_get_their_own_list(fake_corpus):
    wn = wnmod._open(fake_corpus)
    first = wn.synsets("dogs", "n")
    first.append("junk")
    assert [s.name() for s in wn.synsets("dogs", "n")] == ["dog.n.01"]
    assert wn.synsets("dog", ["n", "v"])[0] is first[0]  # a list of POS works; one object per synset
    assert wn.synset("animal.n.01").hyponyms()[0] is first[0]
    with pytest.raises(wndb.WordNetError):
        wn.synset("dog.n.02")
    with pytest.warns(UserWarning, match="No WordNet synset"):
        assert wn.synset_from_pos_and_offset("n", 1) is None


def test_memo_tables_stay_within_their_cap_with_the_same_answers(fake_corpus, monkeypatch):
    """A long run looks up ever more words: each memo table starts over at MEMO_CAP entries."""
    words = sorted({w.lower() for ents in _fake_wordnet.SYNSETS.values() for e in ents for w, _ in e[3]}) + list(FORMS)
    full = wnmod._open(fake_corpus)
    expected = [[s.name() for s in full.synsets(w)] for w in words]
    monkeypatch.setattr(wndb, "MEMO_CAP", 3)
    capped = wnmod._open(fake_corpus)
    for _ in range(2):
        assert [[s.name() for s in capped.synsets(w)] for w in words] == expected
        assert max(len(capped._entries), len(capped._found), len(capped._synsets)) <= 3


def test_relations_and_lemma_equality_follow_nltk(fake_corpus):
    wn = wnmod._open(fake_corpus)
    dog, cat, animal = wn.synset("dog.n.01"), wn.synset("cat.n.01"), wn.synset("animal.n.01")
    assert animal.hyponyms() == sorted(animal.hyponyms(), key=lambda s: s.offset()) == [dog, cat]
    assert dog.hypernyms() == [animal] and dog.min_depth() == 1 and animal.min_depth() == 0
    assert dog != cat and len({dog, cat, wn.synset("dog.n.01")}) == 2
    other = wndb.WordNet(fake_corpus).synset("dog.n.01")  # another reader: compared by name
    assert other is not dog and other == dog and hash(other) == hash(dog) and other != cat
    assert wn.synset("happy.a.01").lemmas()[0] == wn.synset("glad.s.01").lemmas()[1]  # both "happy"
    assert [a.synset() for a in wn.synset("happy.a.01").lemmas()[0].antonyms()] == [wn.synset("unhappy.a.01")]
    assert wn.synset("glad.s.01").lemmas()[1].antonyms() == []  # pointers are per word and synset
    assert repr(dog) == "Synset('dog.n.01')" and repr(dog.lemmas()[1]) == "Lemma('dog.n.01.domestic_dog')"


def test_first_word_reads_without_building_the_synset(fake_corpus):
    wn, built = wnmod._open(fake_corpus), wnmod._open(fake_corpus)
    keys = [(p, o) for w in ("dog", "happy", "glad", "animal", "cat") for p, o in wn.offsets(w)]
    words = [wn.first_word(p, o) for p, o in keys]
    assert not wn._synsets  # nothing built
    assert words == [built.synset_from_pos_and_offset(p, o).lemma_names()[0] for p, o in keys]
    assert "dog" in words and all(w and "(" not in w for w in words)  # markers stripped, as lemma_names
    assert [built.first_word(p, o) for p, o in keys] == words  # from built synsets, the same
    with pytest.warns(UserWarning, match="No WordNet synset"):
        assert wn.first_word("n", 1) is None  # no synset starts there: as synset_from_pos_and_offset


def test_syntactic_markers_are_not_part_of_names():
    assert [wndb.strip_marker(w) for w in ("galore(ip)", "big(a)", "x(y)z", "a(b(c)", "odd)", "(a)")] == [
        "galore",
        "big",
        "x(y)z",
        "a(b",
        "odd)",
        "",
    ]


# --- the cache file --------------------------------------------------------------------------
def test_tables_are_cached_and_reused(fake_corpus, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    want = _answers(wnmod._open(fake_corpus), FORMS)
    wn = wndb.WordNet(fake_corpus, cache=cache)
    files = sorted(cache.iterdir())
    assert len(files) == 1 and files[0].suffix == ".marshal"  # no temporary file left
    monkeypatch.setattr(wndb, "_build", lambda folder: pytest.fail("rebuilt a fresh cache"))
    again = wndb.WordNet(fake_corpus, cache=cache)
    assert _answers(again, FORMS) == _answers(wn, FORMS) == want


@pytest.mark.parametrize("damage", [b"", b"junk", b"\xe3" + b"\x00" * 40, "truncate", "foreign", "inconsistent"])
def test_a_damaged_cache_is_rebuilt(fake_corpus, tmp_path, monkeypatch, damage):
    import marshal

    cache = tmp_path / "cache"
    want = _answers(wndb.WordNet(fake_corpus, cache=cache), FORMS)
    (path,) = cache.iterdir()
    good = path.read_bytes()
    tables = marshal.loads(good)
    bad = {
        "truncate": good[: len(good) // 2],
        "foreign": marshal.dumps(("other", 1)),
        "inconsistent": marshal.dumps(tables[:3] + (tables[3][:-4],) + tables[4:]),
    }
    path.write_bytes(bad.get(damage, damage))
    built = []
    real_build = wndb._build
    monkeypatch.setattr(wndb, "_build", lambda folder: built.append(folder) or real_build(folder))
    assert _answers(wndb.WordNet(fake_corpus, cache=cache), FORMS) == want
    assert built == [fake_corpus] and path.read_bytes() == good


def test_a_changed_database_gets_a_new_cache_file(fake_corpus, tmp_path):
    cache = tmp_path / "cache"
    assert wndb.WordNet(fake_corpus, cache=cache).offsets("zebra") == ()
    index = fake_corpus / "index.noun"
    index.write_text(index.read_text() + f"zebra n 1 0 1 0 {wndb.WordNet(fake_corpus).offsets('cat')[0][1]:08d}  \n")
    assert wndb.WordNet(fake_corpus, cache=cache).synsets("zebra")[0].name() == "cat.n.01"
    assert len(list(cache.iterdir())) == 2


def test_an_unwritable_cache_only_costs_speed(fake_corpus, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert wndb.WordNet(fake_corpus, cache=blocker / "sub").synsets("cats")[0].name() == "cat.n.01"
    assert wndb.WordNet(fake_corpus, cache=None).synsets("ran")[0].name() == "run.v.01"


# --- no nltk on the transforms' path ---------------------------------------------------------
_FAKE_SCRIPT = """
import sys
from perturbkit.resources import wordnet as wnmod
wnmod.nltk_data_path = lambda: []
from perturbkit.resources.conceptnet import WordNetProvider
from perturbkit.transforms._substitution import antonyms, concepts, keywords, synonyms
p = WordNetProvider()
assert p.antonyms("happy") == ["unhappy"] and p.neighbours("dog", ["CoHyponym"]) == ["cat"], p.antonyms("happy")
assert antonyms.wordnet_antonyms("happy", "ADJ") == () and antonyms.main_pos_of("dog") == "n"  # unhappy: no count
assert synonyms.first_sense_lemmas("dog", "NOUN") == {"dog", "domestic_dog"} and keywords.known("cat", "NOUN")
concepts.siblings_ok("dog", "cat")
print(sorted(m for m in sys.modules if m.split(".")[0] in ("nltk", "scipy", "sklearn")))
"""


@pytest.mark.subprocess
def test_wordnet_users_never_import_nltk(tmp_path):
    env = dict(
        os.environ, WNSEARCHDIR=str(_fake_wordnet.build(tmp_path / "raw")), PERTURBKIT_CACHE_DIR=str(tmp_path / "cache")
    )
    run = subprocess.run(
        [sys.executable, "-c", _FAKE_SCRIPT], env=env, capture_output=True, text=True, cwd=REPO, timeout=300
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


_REAL_SCRIPT = """
import sys
import perturbkit as pk
from perturbkit.annotation import default_annotator
from perturbkit.io import read_examples
ann = default_annotator()
examples = read_examples("examples/stories.jsonl")[:30]
applied = 0
for name, cls in pk.registry.transforms.all().items():
    if "torch" in cls.requires:  # model-backed (paraphrase): its encoder brings scipy, not nltk
        continue
    if "wordnet" in cls.requires or name in ("conceptnet_substitution", "union_negative"):
        t = pk.get_transform(name)
        t.fit(examples, ann)
        applied += sum(r is not None for r in t.batch(examples, seed=0, annotator=ann))
assert applied > 12, applied
assert type(pk.resources.wordnet.wordnet()).__module__ == "perturbkit.resources.wndb"
print(sorted(m for m in sys.modules if m.split(".")[0] in ("nltk", "scipy", "sklearn")))
"""


@pytest.mark.subprocess
@pytest.mark.skipif(not wnmod.available(), reason="WordNet not installed (make setup)")
def test_transforms_never_import_nltk(tmp_path):
    env = dict(os.environ, PERTURBKIT_CACHE_DIR=str(tmp_path / "cache"))
    run = subprocess.run(
        [sys.executable, "-c", _REAL_SCRIPT], env=env, capture_output=True, text=True, cwd=REPO, timeout=600
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


# --- the real WordNet -------------------------------------------------------------------------
@pytest.mark.slow  # reads some 3,000 words through nltk's WordNet reader as well
@pytest.mark.skipif(not wnmod.available(), reason="WordNet not installed (make setup): no real-data comparison")
def test_real_wordnet_answers_like_nltk():
    new, old = wnmod.wordnet(), wnmod.nltk_reader()
    lemmas = list(new._keys[::60])  # every 60th index lemma: ~2,500 words, with "_" and "-" ones
    words = lemmas + list(FORMS) + [w + s for w in lemmas[::20] for s in ("s", "es", "ed", "ing", "er", "est")]
    assert len(words) > 3000
    got, want = _answers(new, words), _answers(old, words)
    for a, b in zip(got, want):
        assert a == b
    assert len(got) == len(want) and sum(isinstance(x, tuple) and len(x) == 17 for x in want) > 5000
    tagged = wnmod._nltk_table(old, "_pk_offset_counts", "index.sense", wndb.read_tag_counts)
    assert len(tagged) > 30000
    assert {k: new.tag_count(*k) for k in tagged} == tagged  # every tagged sense, read-free
