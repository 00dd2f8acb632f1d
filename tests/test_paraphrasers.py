"""Paraphrasers on tiny random-weight models the tests build (a 2-layer Llama with a chat
template, a 2-layer T5): batching, the disk cache, the prompt, truncation, bad input, the
interfaces; the text handling (style round trip, candidate cleaning) and the chain's fallback
with stand-ins. One slow test prompts the real SmolLM2."""

from __future__ import annotations

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("tokenizers")
pytestmark = pytest.mark.torch  # tiny models the tests build: the torch tier (`make test-slow`)


from perturbkit.resources.errors import ResourceMissing  # noqa: E402
from perturbkit.transform import similarity as S  # noqa: E402
from perturbkit.transform.decoding import build_prompt  # noqa: E402
from perturbkit.transform.paraphrase_text import Style, clean, restyle, to_plain  # noqa: E402
from perturbkit.transform.paraphrasers import (  # noqa: E402
    BackTranslation,
    ChainParaphraser,
    Paraphraser,
    PromptParaphraser,
    Seq2SeqParaphraser,
)
from perturbkit.transforms._paraphrasers import RuleParaphraser, build_paraphraser  # noqa: E402

SENTS = ["Tom went home.", "She bought milk because it was late.", "[MALE] did n't go to the store ."]


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    from perturbkit.resources.config import settings

    monkeypatch.setattr(settings, "cache_dir", tmp_path / "cache")
    return tmp_path / "cache"


# ------------------------------------------------------------------ text handling
def test_plain_and_back_keeps_masks_case_and_tokens():
    plain, style = to_plain("[MALE] did n't see [FEMALE] . she said `` hi '' .")
    assert plain == 'Jack didn\'t see Mary. She said "hi".'
    assert style == Style(True, True, (("Jack", "[MALE]"), ("Mary", "[FEMALE]")))
    assert restyle("Mary wasn't seen by Jack.", style) == "[FEMALE] was n't seen by [MALE] ."
    plain, style = to_plain("Tom went home.")
    assert plain == "Tom went home." and style == Style()
    assert restyle("Tom returned home.", style) == "Tom returned home."


@pytest.mark.parametrize(
    "raw, reason",
    [
        ("", "empty"),
        ("  \n ", "empty"),
        ('Rewrite: "..."', "empty"),
        ("<|im_start|>assistant He left.", "debris"),
        ("assistant: He left.", "debris"),
        ("Он ушёл домой.", "language"),
        ("Tom went home!", "copy"),
        ("tom WENT home", "copy"),
        ("Tom walked back to his house and then he made a big dinner and then he slept all night long", "overlong"),
    ],
)
def test_clean_rejects_with_a_reason(raw, reason):
    assert clean(raw, "Tom went home.") == (None, reason)


def test_clean_strips_labels_quotes_and_cuts_overlong_at_a_sentence_end():
    assert clean('Rewrite: "Tom returned home."\nSentence: x', "Tom went home.") == ("Tom returned home.", "ok")
    long = "Tom returned home. Then he cooked a very large dinner for all of his many friends and family."
    assert clean(long, "Tom went home.") == ("Tom returned home.", "ok")


# ------------------------------------------------------------------ model paraphrasers
def test_prompt_paraphraser_batches_caches_and_restyles(tiny_llama_chat, fresh_cache):
    p = PromptParaphraser(model=tiny_llama_chat, prompt="Rewrite: {input}", n=3, max_new_tokens=8, device="cpu")
    first = p.paraphrase_many(SENTS, seeds=[1, 2, 3])
    assert len(first) == 3 and all(isinstance(c, list) for c in first)
    assert p.counts["generate_model_calls"] == 2  # 9 rows, batch_size 8
    assert p.counts["generate_generated"] == 9
    assert sum(map(len, first)) + sum(v for k, v in p.counts.items() if k.startswith("rejected_")) == 9
    assert all(not any(c.isupper() for c in x.replace("[MALE]", "")) for x in first[2])  # lower-case style kept
    again = PromptParaphraser(model=tiny_llama_chat, prompt="Rewrite: {input}", n=3, max_new_tokens=8, device="cpu")
    assert again.paraphrase_many(SENTS, seeds=[1, 2, 3]) == first
    assert again.counts["generate_cache_hits"] == 9 and again.counts["generate_model_calls"] == 0
    # batch composition does not change a sentence's candidates
    solo = PromptParaphraser(model=tiny_llama_chat, prompt="Rewrite: {input}", n=3, max_new_tokens=8, device="cpu")
    assert solo.paraphrase_many(SENTS[1:2], seeds=[2]) == first[1:2]


def test_prompt_goes_through_the_chat_template_with_the_plain_input(tiny_llama_chat):
    p = PromptParaphraser(model=tiny_llama_chat, prompt="Sentence: {input}\nRewrite:", device="cpu")
    gen = p._gen("causal", p.model, p.prompt, p.n)
    model, tok = gen.load()
    plain = to_plain(SENTS[2])[0]
    built = build_prompt(tok, gen.prompt, plain, True)
    assert built == "<|user|>Sentence: Jack didn't go to the store.\nRewrite:<|end|><|assistant|>"


def test_long_inputs_are_truncated_and_counted(tiny_llama_chat, fresh_cache):
    p = PromptParaphraser(model=tiny_llama_chat, prompt="Rewrite: {input}", n=1, max_new_tokens=8, device="cpu")
    long = " ".join(["Tom went to the store and bought some milk."] * 40)
    out = p.paraphrase_many([long, "Tom went home."], seeds=[0, 0])
    assert len(out) == 2 and p.counts["generate_truncated"] == 1


def test_seq2seq_and_backtranslation_by_path(tiny_t5, fresh_cache):
    s = Seq2SeqParaphraser(model=tiny_t5, n=2, max_new_tokens=8, device="cpu")
    assert len(s.paraphrase_many(SENTS, seeds=[0, 1, 2])) == 3
    assert s.counts["generate_requests"] == 3
    b = BackTranslation(model=tiny_t5, back_model=tiny_t5, prompt="translate English to German: ", n=2, device="cpu")
    b.max_new_tokens = 8
    out = b.paraphrase_many(SENTS, seeds=[0, 1, 2])
    assert len(out) == 3
    # two stages: the pivot (one greedy row per sentence), then the way back (n rows per pivot)
    gens = b.generators()
    assert len(gens) == 2 and gens[0].num_return_sequences == 1 and gens[1].num_return_sequences == 2


def test_missing_models_name_what_to_give(fresh_cache):
    with pytest.raises(ResourceMissing, match="seq2seq"):
        Seq2SeqParaphraser(model=None, device="cpu").paraphrase_many(["Tom went home."], [0])
    with pytest.raises(ResourceMissing, match="no such file"):
        PromptParaphraser(model="/no/such/model", device="cpu").paraphrase_many(["Tom went home."], [0])
    with pytest.raises(ValueError, match="paraphraser must be one of"):
        build_paraphraser("magic")


# ------------------------------------------------------------------ chain and rules
class Fixed(Paraphraser):
    def __init__(self, table):
        self.table = table

    def paraphrase_many(self, sentences, seeds):
        self.counts["calls"] += 1
        return [list(self.table.get(s, [])) for s in sentences]


def test_chain_keeps_passing_primary_candidates_and_falls_back(monkeypatch):
    from test_filters_model import BagEncoder

    monkeypatch.setattr(S, "load_sentence_encoder", lambda model=None, device="auto", **kw: BagEncoder())
    primary = Fixed({"Tom was glad.": ["Tom was glad!", "Tom felt pleased indeed."], "It rained.": ["A dog ran."]})
    fallback = Fixed({"It rained.": ["It was raining.", "Cats flew."]})
    chain = ChainParaphraser(primary, fallback, S.SimilarityCheck(0.5, 0.6))
    out = chain.paraphrase_many(["Tom was glad.", "It rained.", "Nothing."], [0, 0, 0])
    assert out[0] == ["Tom felt pleased indeed."]  # the copy fails BLEU-1, the paraphrase passes
    assert out[2] == []
    assert fallback.counts["calls"] == 1  # asked only for the sentences the primary failed
    assert chain.counts["from_primary"] == 1 and chain.counts["none"] >= 1


def test_rule_paraphraser_keeps_style_and_meaning():
    p = RuleParaphraser()
    sents = ["[MALE] bought a new car .", "Shakespeare wrote Macbeth.", "Anna bought a ticket to the movie."]
    out = p.paraphrase_many(sents, seeds=[0, 0, 0])
    assert out[0] and all(c.startswith("[MALE]") or "[MALE]" in c for c in out[0])
    assert all(c == c.lower().replace("[male]", "[MALE]") for c in out[0])
    assert out[1] == []  # no passive voice ("Macbeth was written by Shakespeare."): read as stilted
    assert out[2] == ["Anna purchased a ticket to the movie."]


@pytest.mark.slow
def test_real_smollm2_prompt_paraphraser(fresh_cache):
    p = PromptParaphraser(n=4)
    out = p.paraphrase_many(["Tom was very tired after a long day at work.", "[MALE] did n't like the rain ."], [0, 1])
    assert p.counts["generate_generated"] == 8
    assert all(c != s for cs, s in zip(out, SENTS) for c in cs)
    assert all("<|" not in c for cs in out for c in cs)


@pytest.mark.slow
def test_real_smollm2_prefix_cache_changes_no_output(fresh_cache):
    sents = ["Tom was very tired after a long day at work.", "[MALE] did n't like the rain .", "She sang."]
    for n in (1, 3):  # greedy, then sampled
        got = [PromptParaphraser(n=n, cache=False, prefix_cache=pc).raw(sents, [0, 1, 2]) for pc in (False, True)]
        assert got[0] == got[1] and all(got[0])
