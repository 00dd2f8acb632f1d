"""The ``paraphrase`` and ``semantic_repetition`` transforms: one sentence replaced by / repeated
later as a paraphrase that passes the similarity check, in the story's style; model paraphrasers
batched across stories (a tiny chat Llama the tests build); the encoder is a bag-of-words stand-in
(the real MiniLM runs in the conformance test)."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.metrics.embedding import split_sentences
from perturbkit.transform import Effect, TransformParamError
from perturbkit.transform import similarity as S

STORY = "Tom bought a new car. He did not like the color. He painted it red."
LOWER = "[MALE] bought a new car . he did not like the color . he painted it red ."


@pytest.fixture(autouse=True)
def bag(monkeypatch):
    from test_filters_model import BagEncoder

    enc = BagEncoder()
    monkeypatch.setattr(S, "load_sentence_encoder", lambda model=None, device="auto": enc)
    return enc


def test_paraphrase_replaces_one_sentence_in_the_story_style(annotator):
    t = get_transform("paraphrase", min_similarity=0.3)
    assert t.effect == Effect.PRESERVES
    for text in (STORY, LOWER):
        v = t(text, seed=0, annotator=annotator)
        assert v is not None
        before, after = split_sentences(text), split_sentences(v.text)
        assert len(after) == len(before)
        changed = [i for i, (a, b) in enumerate(zip(before, after)) if a != b]
        assert len(changed) == 1 and "paraphrased" in v.edits[-1].note
        if text == LOWER:
            assert v.text == v.text.lower().replace("[male]", "[MALE]") and " ." in v.text


def test_the_similarity_check_gates_candidates(annotator):
    strict = get_transform("paraphrase", min_similarity=1.0)
    assert strict.batch([STORY, LOWER], annotator=annotator) == [None, None]


def test_semantic_repetition_repeats_a_sentence_later_as_a_paraphrase(annotator):
    t = get_transform("semantic_repetition", min_similarity=0.3)
    assert t.effect == Effect.BREAKS
    outs = t.batch([STORY, LOWER, "Tom ran. He fell."], seed=1, annotator=annotator)
    assert outs[2] is None  # fewer than three sentences
    for text, v in zip((STORY, LOWER), outs[:2]):
        assert v is not None
        before, after = split_sentences(text), split_sentences(v.text)
        assert len(after) == len(before) + 1
        new = next(i for i, s in enumerate(after) if i >= len(before) or s != before[i])
        src = int(v.edits[-1].note.split()[1]) - 1
        assert new >= src + 2 and after[new] != before[src]  # at least one sentence between
        assert after[new] not in before


def test_bad_parameters():
    with pytest.raises((TransformParamError, ValueError), match="paraphraser"):
        get_transform("paraphrase", paraphraser="magic")
    with pytest.raises((TransformParamError, ValueError), match="tries"):
        get_transform("semantic_repetition", tries=0)


def test_model_paraphraser_is_batched_across_stories(annotator, tmp_path, monkeypatch):
    pytest.importorskip("transformers")
    import _tiny_models as tiny

    from perturbkit.resources.config import settings

    monkeypatch.setattr(settings, "cache_dir", tmp_path / "cache")
    lm = tiny.llama_chat(tmp_path / "llama")
    t = get_transform(
        "paraphrase", paraphraser="prompt", model=lm, device="cpu", max_new_tokens=8, min_similarity=-1.0, max_bleu1=1.0
    )
    t.paraphrasing().prompt = "Rewrite: {input}"
    stories = [STORY, LOWER, "She sang a song. The crowd cheered loudly."]
    t.batch(stories, seed=0, annotator=annotator)
    counts = t.paraphrasing().counts
    assert counts["sentences"] == 6  # two tries per story, all in one call
    assert counts["generate_model_calls"] == 3  # 24 rows, batch_size 8
