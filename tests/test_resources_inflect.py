"""Inflection helpers over lemminflect."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perturbkit.resources.inflect import TAG_UPOS, forms, inflect_like, lemma_of


@pytest.mark.parametrize(
    "lemma, tag, expected",
    [
        ("agree", "VBD", "agreed"),
        ("sad", "JJR", "sadder"),
        ("go", "VBN", "gone"),
        ("child", "NNS", "children"),
        ("go", "VBZ", "goes"),
        ("run", "VBG", "running"),
        ("good", "JJS", "best"),
        ("have", "VBZ", "has"),
        ("agree", "VB", "agree"),
        ("dog", "NN", "dog"),
        ("be", "VBD", "was"),
        ("be", "VBP", "are"),
        ("be", "VBZ", "is"),
        ("be", "VBN", "been"),
    ],
)
def test_inflect_like_tag(lemma, tag, expected):
    assert inflect_like(lemma, tag) == expected


@pytest.mark.parametrize(
    "lemma, tag",
    [
        ("happy", "VBD"),  # not a verb: no "happied"
        ("beautiful", "JJR"),  # periphrastic: no "beautifuler"
        ("xyzzy", "NNS"),  # unknown word
        ("dog", "DT"),  # tag lemminflect does not inflect
        ("", "VBD"),
        ("ice cream", "NNS"),
    ],
)
def test_inflect_like_none_when_no_form(lemma, tag):
    assert inflect_like(lemma, tag) is None


def test_out_of_vocabulary_rules_on_request():
    assert inflect_like("xyzzy", "NNS", oov=True) == "xyzzies"


def test_upos_restricts_the_word_class():
    assert inflect_like("lead", "VBD", upos="VERB") == "led"
    assert inflect_like("lead", "NNS", upos="NOUN") == "leads"


def test_token_form_resolves_ambiguity():
    were = SimpleNamespace(text="Were", tag_="VBD")
    assert inflect_like("be", were) == "were"
    assert inflect_like("be", SimpleNamespace(text="was", tag_="VBD")) == "was"
    assert inflect_like("agree", SimpleNamespace(text="walked", tag_="VBD")) == "agreed"
    assert forms("be", "VBD") == ("was", "were")


def test_spacy_token(annotator):
    doc = annotator.nlp("The children ran home.")
    assert inflect_like("walk", doc[2]) == "walked"
    assert inflect_like("kid", doc[1]) == "kids"


@pytest.mark.parametrize(
    "word, upos, expected",
    [
        ("went", "VERB", "go"),
        ("Children", "NOUN", "child"),
        ("sadder", "ADJ", "sad"),
        ("was", "AUX", "be"),
        ("n't", "PART", "n't"),
        ("", "VERB", ""),
        ("Dogs", "PROPN", "dog"),
    ],
)
def test_lemma_of(word, upos, expected):
    assert lemma_of(word, upos) == expected


@given(st.text(max_size=20), st.sampled_from(sorted(TAG_UPOS) + ["XX", ""]))
def test_never_raises(word, tag):
    out = inflect_like(word, tag)
    assert out is None or isinstance(out, str)
    assert isinstance(lemma_of(word, TAG_UPOS.get(tag, "X")), str)


def test_all_lemmas_is_lemminflects_answer_memoised():
    import lemminflect

    from perturbkit.resources.inflect import all_lemmas

    for word, upos in [("went", None), ("leaves", None), ("leaves", "VERB"), ("happier", "ADJ"), ("qzxv", None)]:
        want = lemminflect.getAllLemmas(word, upos) if upos else lemminflect.getAllLemmas(word)
        assert all_lemmas(word, upos) == want
        assert all_lemmas(word, upos) is all_lemmas(word, upos)  # one lookup per word
    assert all_lemmas("went")["VERB"] == ("go",) and all_lemmas("qzxv") == {}


class _Owner:
    """Stands in for a lemminflect singleton: a source file and a parser that counts its calls."""

    def __init__(self, src):
        self.lu_fn, self.parsed = str(src), 0

    def _load(self):
        self.parsed += 1
        self.table = {line.split(",")[0]: {"X": tuple(line.split(",")[1:])} for line in open(self.lu_fn).read().split()}
        return self.table


def test_prime_table_parses_once_then_reads_the_copy(tmp_path):
    from perturbkit.resources.inflect import prime_table

    src = tmp_path / "lu.csv"
    src.write_text("go,went,gone\ndog,dogs\n")
    first = _Owner(src)
    prime_table(first, "table", "lu_fn", "_load", tmp_path / "cache", "1.0")
    assert first.parsed == 1 and first.table == {"go": {"X": ("went", "gone")}, "dog": {"X": ("dogs",)}}
    second = _Owner(src)
    prime_table(second, "table", "lu_fn", "_load", tmp_path / "cache", "1.0")
    assert second.parsed == 0 and second.table == first.table  # read back, not parsed
    prime_table(second, "table", "lu_fn", "_load", tmp_path / "cache", "1.0")
    assert second.parsed == 0  # a table already there is left alone

    src.write_text("cat,cats\n")  # a changed source is parsed again, never served stale
    third = _Owner(src)
    prime_table(third, "table", "lu_fn", "_load", tmp_path / "cache", "1.0")
    assert third.parsed == 1 and third.table == {"cat": {"X": ("cats",)}}
    fourth = _Owner(src)
    prime_table(fourth, "table", "lu_fn", "_load", tmp_path / "cache", "2.0")  # another release
    assert fourth.parsed == 1


def test_prime_table_rebuilds_a_damaged_copy(tmp_path):
    from perturbkit.resources.inflect import prime_table

    src = tmp_path / "lu.csv"
    src.write_text("go,went\n")
    prime_table(_Owner(src), "table", "lu_fn", "_load", tmp_path / "cache", "1.0")
    (copy,) = (tmp_path / "cache").iterdir()
    copy.write_bytes(copy.read_bytes()[:7])  # truncated
    again = _Owner(src)
    prime_table(again, "table", "lu_fn", "_load", tmp_path / "cache", "1.0")
    assert again.parsed == 1 and again.table == {"go": {"X": ("went",)}}
    assert "tmp" not in " ".join(p.name for p in (tmp_path / "cache").iterdir())  # no temp file left


def test_prime_table_skips_an_owner_without_the_expected_attributes(tmp_path):
    from perturbkit.resources.inflect import prime_table

    owner = SimpleNamespace()
    prime_table(owner, "table", "lu_fn", "_load", tmp_path, "1.0")
    assert vars(owner) == {} and not any(tmp_path.iterdir())


def test_lemminflect_tables_read_back_are_its_own_parse():
    """Tables read back from the cache copy are what lemminflect's codecs parse from its files."""
    import lemminflect
    from lemminflect import Inflections, Lemmatizer, config
    from lemminflect.codecs.InflectionLUCodec import InflectionLUCodec
    from lemminflect.codecs.LemmaLUCodec import LemmaLUCodec

    from perturbkit.resources.config import cache_dir
    from perturbkit.resources.inflect import _lemminflect, prime_table

    _lemminflect()  # primes the singletons, writing the copies if this cache has none yet
    for cls, table, source, codec, src in (
        (Inflections, "infl_dict", "infl_lu_fn", InflectionLUCodec, config.inflection_lu_fn),
        (Lemmatizer, "lemma_dict", "lemma_lu_fn", LemmaLUCodec, config.lemma_lu_fn),
    ):
        fresh = cls.__new__(cls)  # a second instance, as a new process would have
        cls.__init__(fresh)
        fresh.must_not_parse = lambda: pytest.fail("parsed although the copy is there")
        prime_table(fresh, table, source, "must_not_parse", cache_dir("lemminflect"), lemminflect.__version__)
        assert getattr(fresh, table) == codec.load(src) == getattr(cls(), table)


def test_lemmas_is_lemminflects_get_lemma():
    import lemminflect

    from perturbkit.resources.inflect import lemmas

    for word, upos in [("went", "VERB"), ("scraped", "VERB"), ("xyzzied", "VERB"), ("geese", "NOUN")]:
        assert lemmas(word, upos) == tuple(lemminflect.getLemma(word, upos))
    assert lemmas("went", "VERB") == ("go",) and lemmas("xyzzied", "VERB")  # out-of-vocabulary rules on
