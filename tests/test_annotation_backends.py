"""Any spaCy pipeline backs an Annotator (an object, a package name or a path); a transform that
reads more than the pipeline provides fails with an error naming what is missing."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.annotation import Annotator, DerivedAnnotator, Level
from perturbkit.annotation.capabilities import ANNOTATIONS, LEVEL_NEEDS, provided
from perturbkit.errors import AnnotationMissing, UserError
from perturbkit.transform import Chain

STORY = "Tom woke up early. He made coffee in the kitchen. Then he drove to New York."


@pytest.fixture(scope="module")
def blank():
    """A blank English pipeline with the rule-based sentencizer: tokens and sentences only."""
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    return nlp


def test_what_a_pipeline_provides(annotator, blank):
    import spacy

    assert provided(annotator.nlp) == frozenset(ANNOTATIONS)
    assert provided(blank) == {"SENT_START"}
    assert provided(spacy.blank("en")) == frozenset()


def test_typos_reads_no_annotation_at_all(annotator):
    """Typos is string-level: it runs with a pipeline that has no component, parses nothing, and
    gives what it gives with the full pipeline."""
    import spacy

    t = get_transform("typos")
    assert t.level == Level.NONE
    ann = Annotator(spacy.blank("en"))
    outs = t.batch([STORY, "Ann found a dog. She kept it."], seed=0, annotator=ann)
    full = t.batch([STORY, "Ann found a dog. She kept it."], seed=0, annotator=Annotator(annotator.nlp))
    assert [o and o.text for o in outs] == [o and o.text for o in full] and None not in outs
    assert ann.n_parsed == 0


@pytest.mark.parametrize("name", ["token_shuffle"])  # mask_words reads the parse since round 104
def test_tokens_level_transforms_run_on_a_blank_pipeline(annotator, blank, name):
    t = get_transform(name)
    assert t.level == Level.TOKENS
    ann = Annotator(blank)
    outs = t.batch([STORY, "Ann found a dog. She kept it."], seed=0, annotator=ann)
    full = t.batch([STORY, "Ann found a dog. She kept it."], seed=0, annotator=Annotator(annotator.nlp))
    assert [o and o.text for o in outs] == [o and o.text for o in full]  # the tokenizer is the same
    assert outs[0] is not None and ann.n_parsed == 0


@pytest.mark.parametrize("name", ["synonym", "sentence_shuffle", "negation", "mask_words"])
def test_parse_level_transforms_name_what_is_missing(blank, name):
    t = get_transform(name)
    for call in (lambda ann: t.batch([STORY], annotator=ann), lambda ann: t(STORY, annotator=ann)):
        ann = Annotator(blank)
        with pytest.raises(AnnotationMissing) as err:
            call(ann)
        msg = str(err.value)
        assert msg.startswith(f"{name} needs annotations") and "'blank:en' (sentencizer)" in msg
        reads_entities = name != "negation"  # negation declares it reads no entities (parsed without ner)
        assert "part-of-speech tags" in msg and "dependency parse" in msg
        assert ("named entities" in msg) == reads_entities
        assert "sentence boundaries" not in msg  # the sentencizer provides those
        assert err.value.missing == ["TAG", "POS", "LEMMA", "DEP"] + ["ENT_IOB"] * reads_entities
        assert isinstance(err.value, UserError) and ann.n_parsed == 0  # nothing parsed first


def test_a_combinator_names_the_step_that_needs_more(blank):
    chain = Chain("typos", "synonym")
    with pytest.raises(AnnotationMissing, match="^synonym needs"):
        chain(STORY, annotator=Annotator(blank))
    with pytest.raises(AnnotationMissing, match="^synonym needs"):
        chain.batch([STORY], annotator=DerivedAnnotator(Annotator(blank)))


def test_a_suite_fails_before_fitting_and_names_the_transform(blank, monkeypatch):
    from perturbkit.example import Example
    from perturbkit.suite import Discrimination, Suite, generate

    fitted = []
    t = get_transform("sentence_replacement")
    monkeypatch.setattr(type(t), "fit", lambda self, corpus, annotator=None: fitted.append(1) or self)
    suite = Suite(name="s", tests=[Discrimination(name="d", transforms="sentence_replacement")])
    with pytest.raises(AnnotationMissing, match="^sentence_replacement needs"):
        generate(
            suite, [Example(STORY, id="a"), Example("Ann left. She came back.", id="b")], annotator=Annotator(blank)
        )
    assert fitted == []


def test_level_needs():
    assert LEVEL_NEEDS[Level.NONE] == LEVEL_NEEDS[Level.TOKENS] == frozenset()
    assert LEVEL_NEEDS[Level.PARSE] == frozenset(ANNOTATIONS)


def test_a_transform_may_declare_narrower_needs(blank):
    t = get_transform("sentence_shuffle")
    type(t).needs = frozenset({"SENT_START"})  # what a sentence-only transform would declare
    try:
        t.check(Annotator(blank))  # passes: the sentencizer provides sentence boundaries
    finally:
        del type(t).needs
    with pytest.raises(AnnotationMissing):
        t.check(Annotator(blank))


def test_the_pipeline_by_package_name_or_path(annotator, blank, tmp_path):
    from perturbkit.resources.spacy_model import available_model

    name = available_model()
    assert name is not None
    ann = Annotator(name)
    assert ann._nlp is None  # loaded on first use
    assert ann.nlp is annotator.nlp  # the process-wide copy of the same package
    blank.to_disk(tmp_path / "pipe")
    from_path = Annotator(tmp_path / "pipe")
    assert from_path.nlp.pipe_names == ["sentencizer"]
    assert [s.text for s in from_path.parse("One. Two.").sents] == ["One.", "Two."]
    assert Annotator(str(tmp_path / "pipe")).nlp.pipe_names == ["sentencizer"]


def test_a_missing_pipeline_is_a_clear_error(tmp_path):
    from perturbkit.resources.errors import ResourceMissing

    with pytest.raises(ResourceMissing, match="spaCy pipeline at .*no-such-pipeline.*nlp.to_disk"):
        _ = Annotator(tmp_path / "no-such-pipeline").nlp
