"""Tiny random-weight language models built from configs, with byte-level BPE tokenizers trained
on a few sentences (no download): a 2-layer GPT-2, a 2-layer Llama with a chat template, a 2-layer
T5, a 2-layer BERT encoder. Used by the generative-transform tests and the docs test."""

from __future__ import annotations

from pathlib import Path

CORPUS = [
    "Tom went to the store. He bought some milk.",
    "She was happy because the sun came out.",
    "the dog ran home . it was late .",
    "They did n't know what to do, so they waited.",
]
# inputs of several lengths and styles for the generative tests (batching, truncation, padding)
TEXTS = [
    "Tom went home.",
    "She bought milk because it was late and the store was open.",
    "He waited.",
    "the cat sat on the mat and looked at the bird .",
    "They looked at the sun.",
]

CHAT = (
    "{% for m in messages %}<|user|>{{ m['content'] }}<|end|>{% endfor %}"
    "{% if add_generation_prompt %}<|assistant|>{% endif %}"
)


def tokenizer(chat: bool = False):
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    special = ["<|endoftext|>", "<pad>", "<|user|>", "<|assistant|>", "<|end|>"]
    trainer = trainers.BpeTrainer(
        vocab_size=400, special_tokens=special, initial_alphabet=pre_tokenizers.ByteLevel.alphabet()
    )
    tok.train_from_iterator(CORPUS, trainer)
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, eos_token="<|endoftext|>", pad_token="<pad>")
    if chat:
        fast.chat_template = CHAT
    return fast


def gpt2(path: Path) -> str:
    import torch
    from transformers import GPT2Config, GPT2LMHeadModel

    tok = tokenizer()
    tok.save_pretrained(path)
    torch.manual_seed(0)
    cfg = GPT2Config(vocab_size=len(tok), n_positions=96, n_embd=64, n_layer=2, n_head=2)
    GPT2LMHeadModel(cfg).save_pretrained(path)
    return str(path)


def llama_chat(path: Path) -> str:
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM

    tok = tokenizer(chat=True)
    tok.save_pretrained(path)
    torch.manual_seed(1)
    cfg = LlamaConfig(
        vocab_size=len(tok),
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=128,
    )
    LlamaForCausalLM(cfg).save_pretrained(path)
    return str(path)


def t5(path: Path) -> str:
    import torch
    from transformers import T5Config, T5ForConditionalGeneration

    tok = tokenizer()
    tok.save_pretrained(path)
    torch.manual_seed(2)
    cfg = T5Config(
        vocab_size=len(tok),
        d_model=64,
        d_kv=16,
        d_ff=128,
        num_layers=2,
        num_heads=2,
        pad_token_id=tok.pad_token_id,
        eos_token_id=tok.eos_token_id,
        decoder_start_token_id=tok.pad_token_id,
        tie_word_embeddings=False,  # tied, a random T5 repeats its start token (empty outputs only)
    )
    T5ForConditionalGeneration(cfg).save_pretrained(path)
    return str(path)


def bert(path: Path, texts: list[str] | None = None) -> str:
    """A 2-layer BERT encoder (hidden size 32) with a WordPiece tokenizer trained on ``texts``."""
    import torch
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors, trainers
    from transformers import BertConfig, BertModel, PreTrainedTokenizerFast

    special = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tok.normalizer = normalizers.BertNormalizer(lowercase=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.train_from_iterator(texts or CORPUS, trainers.WordPieceTrainer(vocab_size=300, special_tokens=special))
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", special_tokens=[("[CLS]", special.index("[CLS]")), ("[SEP]", special.index("[SEP]"))]
    )
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        unk_token="[UNK]",
        pad_token="[PAD]",
        cls_token="[CLS]",
        sep_token="[SEP]",
        mask_token="[MASK]",
    )
    fast.save_pretrained(path)
    torch.manual_seed(3)
    cfg = BertConfig(
        vocab_size=len(fast),
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        max_position_embeddings=128,
    )
    BertModel(cfg).save_pretrained(path)
    return str(path)


def sentence_encoder(root: Path) -> str:
    """A sentence-transformers encoder (the tiny BERT above, mean pooling) saved under ``root``."""
    from sentence_transformers import SentenceTransformer

    try:  # sentence-transformers >= 5.4 moved its modules
        from sentence_transformers.sentence_transformer.modules import Pooling, Transformer
    except ImportError:
        from sentence_transformers.models import Pooling, Transformer

    encoder = SentenceTransformer(modules=[Transformer(bert(root / "bert")), Pooling(32)], device="cpu")
    encoder.save(str(root / "encoder"))
    return str(root / "encoder")
