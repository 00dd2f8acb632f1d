"""The ``paraphrase`` and ``semantic_repetition`` transforms: one sentence replaced by / repeated
later as a paraphrase that passes the similarity check, in the story's style; model paraphrasers
batched across stories (a tiny chat Llama the tests build); the encoder is a bag-of-words stand-in
(the real MiniLM runs in the conformance test)."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.metrics.embedding import split_sentences
from perturbkit.transform import Effect, TransformParamError

STORY = "Tom bought a new car. He did not like the color. He painted it red."
LOWER = "[MALE] bought a new car . he did not like the color . he painted it red ."


pytestmark = pytest.mark.usefixtures("bag")  # the bag-of-words encoder (conftest)


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


@pytest.mark.torch
def test_model_paraphraser_is_batched_across_stories(annotator, tmp_path, monkeypatch):
    pytest.importorskip("transformers")
    import _tiny_models as tiny

    from perturbkit.resources.config import settings

    monkeypatch.setattr(settings, "cache_dir", tmp_path / "cache")
    lm = tiny.llama_chat(tmp_path / "llama")
    t = get_transform(
        "paraphrase",
        paraphraser="prompt",
        model=lm,
        device="cpu",
        max_new_tokens=8,
        min_similarity=-1.0,
        max_bleu1=1.0,
        tries=2,
    )
    t.paraphrasing().prompt = "Rewrite: {input}"
    stories = [STORY, LOWER, "She sang a song. The crowd cheered loudly."]
    t.batch(stories, seed=0, annotator=annotator)
    counts = t.paraphrasing().counts
    assert counts["sentences"] == 6  # two tries per story, all in one call
    assert counts["generate_model_calls"] == 3  # 24 rows, batch_size 8


# Strict-reading goldens (issue 14): judges found pronoun-agent passives stilted, contraction toggles
# too thin, and semantic repetitions copying markdown marks, landing in an italic aside, inside a
# quotation or after the author's note.

_THIN = "he did n't go to school . the movie was very boring . she bought a new car ."


def _edited(v):
    e = v.edits[-1]
    return e.before, e.after


def test_paraphrase_prefers_a_rewording_to_a_contraction_toggle(annotator):
    from perturbkit.transforms._paraphrasers import only_contractions

    t = get_transform("paraphrase", min_similarity=0.3)
    outs = [t(_THIN, seed=s, annotator=annotator) for s in range(6)]
    assert all(v is not None for v in outs)
    assert not any(only_contractions(*_edited(v)) for v in outs)


def test_rule_paraphraser_declines_pronoun_agent_passives():
    from perturbkit.transforms._paraphrasers import RuleParaphraser

    out = RuleParaphraser().paraphrase_many(["she visited a stylist .", "he arranged them from big to small ."], [0, 0])
    assert not any(" by her" in c or " by him" in c for cs in out for c in cs)


def test_rule_paraphraser_uses_no_passive_voice():
    """Judged stilted with noun agents too: "a friendship with the barista was developed by tom"."""
    from perturbkit.transforms._paraphrasers import RuleParaphraser

    sents = ["tom developed a friendship with the barista .", "harriet found work at a local high school ."]
    out = RuleParaphraser().paraphrase_many(sents, [0, 1])
    assert not any(" by tom" in c or " by harriet" in c or " was " in c for cs in out for c in cs)


def test_semantic_repetition_rewords_more_than_a_contraction(annotator):
    from perturbkit.transforms._paraphrasers import only_contractions

    t = get_transform("semantic_repetition", min_similarity=0.3)
    text = "he did n't go to school . she did n't like the rain . they did n't eat lunch . it was n't fun ."
    assert all(t(text, seed=s, annotator=annotator) is None for s in range(4))
    for s in range(4):
        v = t(_THIN, seed=s, annotator=annotator)
        assert v is None or not any(only_contractions(x, v.edits[-1].after.strip()) for x in split_sentences(_THIN))


_WP = (
    "Maria bought a new house last year . The house was very big and very old . Maria loved the quiet street outside . "
    "**5 seconds . ** Her neighbor was a boring man . *Keep calm , Maria thought . He bought a big dog . * "
    "The dog was very big . `` Are you there ? '' she asked the empty room . Maria bought a new lamp . "
    "The lamp was very bright in her room . She was happy at last . -- -- -- -- Thanks for reading ! I bought a new phone ."
)


def test_semantic_repetition_copies_plain_narration_within_the_story(annotator):
    from perturbkit.transforms._narration import is_plain, open_marks, story_end

    t = get_transform("semantic_repetition", min_similarity=0.3, long_stories=True)
    end = story_end(_WP)
    assert _WP[end:].startswith("-- --")
    seen = 0
    for s in range(12):
        v = t(_WP, seed=s, annotator=annotator)
        if v is None:
            continue
        seen += 1
        e = v.edits[-1]
        at = e.before_span[0]
        assert is_plain(e.after), e.after  # no "**", "*" or quotation copied
        assert at < end  # not after the story's end (the author's note)
        assert not open_marks(_WP, [at])[0]  # not inside the italic aside or a quotation
        assert _WP[at:].lstrip()[:1] not in ("", "-")  # between two narration sentences
    assert seen


def test_narration_helpers():
    from perturbkit.transforms._narration import is_plain, open_marks, story_end

    assert is_plain("[MALE] bought a car .") and not is_plain("** I hope .") and not is_plain("`` Hi , '' he said .")
    text = "A b . *C d . E f . * G h . `` I j . K l . '' M n ."
    assert open_marks(text, [text.index("E"), text.index("G"), text.index("K"), text.index("M")]) == [
        True,
        False,
        True,
        False,
    ]
    assert story_end("It ended . Edit : thanks for the gold !") == len("It ended . ")
    assert story_end("No note here .") == len("No note here .")


_PAIRS = (
    "Anna bought a new car at the store . She did not like the color . It was too bright . Nothing . "
    "Anna bought some paint at the store . Say it again . Anna painted the car in the garage . "
    "Her mother bought a cake at the store . The neighbours bought flowers at the store . "
    "Anna bought a new lamp at the store ."
)


def test_semantic_repetition_splits_nothing_that_belongs_together(annotator):
    """Round 33: a copy put before "after it was gone" / "It was everything" changed what the
    pronoun points at; one put after "Say it again ." split a pair."""
    t = get_transform("semantic_repetition", min_similarity=0.3)
    seen = 0
    for s in range(16):
        v = t(_PAIRS, seed=s, annotator=annotator)
        if v is None:
            continue
        seen += 1
        at = v.edits[-1].before_span[0]
        before = _PAIRS[:at].rsplit(" . ", 1)[-1]
        after = _PAIRS[at:].strip().split(" . ")[0].lower().split()
        assert len(before.split()) >= 4, before  # not after "Nothing ." or "Say it again ."
        assert not after or (len(after) >= 4 and not {"she", "it", "her", "they"} & set(after[:4])), after
    assert seen


def test_semantic_repetition_keeps_each_word_s_inflection():
    """Round 33 / 360: "buying cheap headphones" -> "purchase cheap headphones", "a pile" -> "a heaps"."""
    from perturbkit.transforms._paraphrasers import keeps_inflection

    assert not keeps_inflection("buying cheap headphones won him over .", "purchase cheap headphones won him over .")
    assert not keeps_inflection("we found a ten foot wide pile of ropes .", "we found a ten foot wide heaps of ropes .")
    assert keeps_inflection("he bought new shoes .", "he purchased new shoes .")
    assert keeps_inflection("she was buying shoes .", "she was purchasing shoes .")


_SENSES = (
    "the reporter wrote a story about the flood . the editor printed it on page one . "
    "everyone in town read the paper . the mayor called the office ."
)
_KEEP_IN_MIND = (
    "just remember the rules of the game . the coach said that every day . the team won the cup . we ate pizza ."
)


def test_semantic_repetition_declines_synonyms_of_another_sense(annotator):
    """Round 36: "a newspaper story" / "the second story" -> "tale", "just remember" -> "recall"."""
    t = get_transform("semantic_repetition", min_similarity=0.3)
    for text in (_SENSES, _KEEP_IN_MIND):
        assert all(t(text, seed=s, annotator=annotator) is None for s in range(4)), text
    from perturbkit.transforms._paraphrasers import keeps_senses

    assert not keeps_senses("on the second story , a man exits .", "on the second tale , a man exits .")
    assert keeps_senses("he bought a car .", "he purchased a car .")


_DIALOGUE = (
    "Anna walked into the old shop on the corner . The owner looked up from his desk . "
    "'Will I survive ? ' Anna asked the owner . 'You will survive but you will be injured . "
    "Just remember that the old bridge is not safe . Anna bought a new lamp at the shop . ' "
    "The owner wrapped the lamp in paper . Anna paid for the lamp with cash . The rain had stopped by then ."
)


def test_semantic_repetition_finds_single_quoted_dialogue():
    """Round 36: a line of 'single-quoted' dialogue was repeated outside its quotation marks."""
    from perturbkit.transforms._narration import is_plain, open_marks

    inside = _DIALOGUE.index("Just remember")
    assert open_marks(_DIALOGUE, [inside, _DIALOGUE.index("The owner wrapped")]) == [True, False]
    assert not is_plain("'Will I survive ? ' Anna asked .") and is_plain("I 'm sure it 's fine , Anna 's dog said .")


def test_semantic_repetition_keeps_lead_ins_and_long_story_pronouns(annotator):
    """Round 36: a copy after "And as I was walking down 2nd Avenue ..." split it from "I saw my
    soul"; one before "Rasmuth saw the archaeologist reaching for it" changed what "it" meant."""
    from perturbkit.transforms._narration import free_gap

    def units(*texts):
        return [(0, 0, x, True) for x in texts]

    lead = units("And as I was walking down 2nd Avenue , towards the square .", "I saw my soul lying there .")
    assert not free_gap(lead, 0)
    trail = units("He stood there and waited for the bus ...", "The driver never came to the stop .")
    assert not free_gap(trail, 0)
    far = units("There was a glowing button on the wall .", "Rasmuth saw the archaeologist reaching for it .")
    assert free_gap(far, 0) and not free_gap(far, 0, strict=True)
    plain = units("There was a glowing button on the wall .", "Rasmuth walked over to the window .")
    assert free_gap(plain, 0, strict=True)
    t = get_transform("semantic_repetition", min_similarity=0.3)
    for s in range(8):
        v = t(_DIALOGUE, seed=s, annotator=annotator)
        if v is not None:
            assert "'" not in v.edits[-1].after and not open_marks_at(v.edits[-1].before_span[0]), v.text


def open_marks_at(at: int) -> bool:
    from perturbkit.transforms._narration import open_marks

    return open_marks(_DIALOGUE, [at])[0]


def test_rule_paraphraser_is_asked_only_the_tries_it_needs(annotator):
    """A rewording accepted at one try beats every later try, so the rule paraphraser (which
    parses each sentence it rewrites) is asked one try of each open story at a time; the choice
    is the one asking every try at once gives."""
    stories = [STORY, LOWER, _THIN, "She bought a big house. It was very old. She liked it a lot."]
    for name in ("paraphrase", "semantic_repetition"):
        lazy, eager = get_transform(name, min_similarity=0.3), get_transform(name, min_similarity=0.3)
        eager.paraphrasing().per_sentence = False  # every try in one call, as before
        for seed in range(3):
            assert lazy.batch(stories, seed=seed, annotator=annotator) == eager.batch(
                stories, seed=seed, annotator=annotator
            )
        assert lazy.paraphrasing().counts["sentences"] < eager.paraphrasing().counts["sentences"]
    strict = get_transform("paraphrase", min_similarity=1.0)
    assert strict.batch([STORY], annotator=annotator) == [None]
    assert strict.paraphrasing().counts["sentences"] == 3  # nothing accepted: every try asked


# a contraction in quoted speech stays: expanded, a spoken line reads stilted (round 751: "`` I ...
# I ca n't lose Amy ... ''" -> "can not"); narration may still be expanded, "ca n't" as "cannot"
_SPEECH = "tom sat down . `` i ... i ca n't lose amy ... ''"


@pytest.mark.parametrize("seed", range(3))
def test_paraphrase_keeps_contractions_in_quoted_speech(annotator, seed):
    t = get_transform("paraphrase", min_similarity=0.3)
    assert t(_SPEECH, seed=seed, annotator=annotator) is None
    assert t("`` you wo n't . '' " + _SPEECH, seed=seed, annotator=annotator) is None
    v = t("tom said he ca n't lose amy .", seed=seed, annotator=annotator)
    assert v is not None and v.text == "tom said he cannot lose amy ."


def test_expands_speech():
    from perturbkit.transforms._paraphrasers import expands_speech

    assert expands_speech("`` i ca n't go . ''", "`` i cannot go . ''")
    assert expands_speech('He said, "I\u2019m here."', 'He said, "I am here."')
    assert not expands_speech("i ca n't go .", "i cannot go .")
    assert not expands_speech("`` i can not go . ''", "`` i ca n't go . ''")
