"""Paraphrasers: sentences in, candidate paraphrases out, many sentences per call.

:class:`Paraphraser` is the interface (``paraphrase_many(sentences, seeds) -> candidates per
sentence``). The model-backed ones generate through :class:`~.generative.GenerativeTransform`'s
machinery, so they share its batching, its once-per-process model loading, its disk cache of
generations and its safe truncation of inputs longer than the model's context:

- :class:`PromptParaphraser`: a causal instruction model by path (default SmolLM2-135M-Instruct,
  offline) with a few-shot prompt, several sampled candidates per sentence;
- :class:`Seq2SeqParaphraser`: a Hugging Face seq2seq paraphrase model by path;
- :class:`BackTranslation`: two seq2seq translation models by path (to a pivot language and back).

Every candidate goes through :func:`~.paraphrase_text.clean` (empty, debris, other language,
copies, overlong: rejected and counted in ``counts``) and comes back in the input's style
(masked names, lower case, tokenised). :class:`ChainParaphraser` keeps a primary paraphraser's
candidates that pass a :class:`~.similarity.SimilarityCheck` and falls back to another (the
rule-based one in :mod:`perturbkit.transforms`) when none does.

>>> p = PromptParaphraser()                                          # doctest: +SKIP
>>> p.paraphrase_many(["He felt a pain in his back."], seeds=[0])    # doctest: +SKIP
[['His back hurt.', 'He had a backache.']]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from .base import Effect
from .generative import GenerativeTransform, Request
from .paraphrase_text import Style, clean, restyle, to_plain
from .similarity import SimilarityCheck

FEW_SHOT = (
    "Rewrite the sentence in different words. Keep its meaning, its people and its facts; add nothing.\n\n"
    "Sentence: Tom was very tired after work.\nRewrite: After work, Tom felt exhausted.\n\n"
    "Sentence: She could not find her keys anywhere.\nRewrite: Her keys were nowhere to be found.\n\n"
    "Sentence: The children laughed at the funny clown.\nRewrite: The funny clown made the kids laugh.\n\n"
    "Sentence: {input}\nRewrite:"
)


@dataclass(repr=False)
class _Generator(GenerativeTransform):
    """The generation machinery the model-backed paraphrasers use (never registered)."""

    name = "_paraphrase_generator"
    aspect = "paraphrase"
    effect = Effect.PRESERVES


class Paraphraser:
    """Candidates for many sentences at once. Subclasses implement :meth:`raw` (plain sentences
    in, raw generations out); the base makes inputs plain, cleans and restyles the outputs."""

    name: ClassVar[str] = "paraphraser"
    # True when a sentence's candidates depend only on the sentence and its seed, not on the other
    # sentences of the call: callers may then ask sentence by sentence, as far as they need
    per_sentence: ClassVar[bool] = False

    @property
    def counts(self) -> Counter[str]:
        """Sentences asked, candidates kept, and rejections by reason (``rejected_copy``...)."""
        c = self.__dict__.get("_counts")
        if c is None:
            c = self.__dict__["_counts"] = Counter()
        return c

    def raw(self, sentences: Sequence[str], seeds: Sequence[int]) -> list[list[str]]:
        raise NotImplementedError

    def paraphrase_many(self, sentences: Sequence[str], seeds: Sequence[int]) -> list[list[str]]:
        """Distinct clean candidates per sentence, in the sentence's style, in generation order."""
        plain: list[tuple[str, Style]] = [to_plain(s) for s in sentences]
        outs = self.raw([p for p, _ in plain], seeds)
        self.counts["sentences"] += len(sentences)
        result = []
        for (src, style), orig, cands in zip(plain, sentences, outs):
            kept: list[str] = []
            for c in cands:
                text, why = clean(c, src)
                if text is None:
                    self.counts[f"rejected_{why}"] += 1
                    continue
                text = restyle(text, style)
                if text == orig or text in kept:
                    self.counts["rejected_copy" if text == orig else "rejected_duplicate"] += 1
                    continue
                kept.append(text)
            self.counts["candidates"] += len(kept)
            result.append(kept)
        return result


@dataclass
class _ModelParaphraser(Paraphraser):
    """Shared fields of the model-backed paraphrasers."""

    model: str | None = None
    n: int = 4  # candidates per sentence (sampled when more than one)
    temperature: float = 0.7
    top_p: float | None = 0.9
    max_new_tokens: int = 48
    batch_size: int = 8
    device: str = "auto"
    cache: bool = True
    prefix_cache: bool = True  # start every row from the prompt prefix's cached keys and values

    def _gen(self, architecture: str, model: str | None, prompt: str, n: int) -> GenerativeTransform:
        key = (architecture, model, prompt, n)
        gens = self.__dict__.setdefault("_gens", {})
        if key not in gens:
            cls = type(f"_Gen_{architecture}", (_Generator,), {"architecture": architecture, "prompt": prompt})
            gens[key] = cls(
                model=model,
                device=self.device,
                batch_size=self.batch_size,
                max_new_tokens=self.max_new_tokens,
                num_return_sequences=n,
                do_sample=n > 1,
                temperature=self.temperature,
                top_p=self.top_p if n > 1 else None,
                cache=self.cache,
                prefix_cache=self.prefix_cache,
            )
        return gens[key]

    def _run(self, gen: GenerativeTransform, texts: Sequence[str], seeds: Sequence[int]) -> list[list[str]]:
        before = Counter(gen.counts)
        out = gen.generate([Request(t, gen.prompt, int(s)) for t, s in zip(texts, seeds)])
        for k, v in (gen.counts - before).items():
            self.counts[f"generate_{k}"] += v
        return out

    def generators(self) -> list[Any]:
        return list(self.__dict__.get("_gens", {}).values())


@dataclass
class PromptParaphraser(_ModelParaphraser):
    """A causal instruction model prompted with few-shot examples (``prompt``; ``{input}`` marks
    the sentence), through its chat template when it has one; ``model=None``: SmolLM2-135M-Instruct."""

    prompt: str = FEW_SHOT
    name: ClassVar[str] = "prompt"

    def raw(self, sentences: Sequence[str], seeds: Sequence[int]) -> list[list[str]]:
        return self._run(self._gen("causal", self.model, self.prompt, self.n), sentences, seeds)


@dataclass
class Seq2SeqParaphraser(_ModelParaphraser):
    """A seq2seq paraphrase model by path (T5/BART style); ``prompt`` is prepended to the input."""

    prompt: str = "paraphrase: "
    name: ClassVar[str] = "seq2seq"

    def raw(self, sentences: Sequence[str], seeds: Sequence[int]) -> list[list[str]]:
        return self._run(self._gen("seq2seq", self.model, self.prompt, self.n), sentences, seeds)


@dataclass
class BackTranslation(_ModelParaphraser):
    """Translate to a pivot language (``model``, greedy) and back (``back_model``, ``n`` sampled
    candidates), two seq2seq models by path; the prompts are prepended (T5-style task prefixes)."""

    back_model: str | None = None
    prompt: str = ""
    back_prompt: str = ""
    name: ClassVar[str] = "backtranslation"

    def raw(self, sentences: Sequence[str], seeds: Sequence[int]) -> list[list[str]]:
        pivots = self._run(self._gen("seq2seq", self.model, self.prompt, 1), sentences, seeds)
        idx = [i for i, p in enumerate(pivots) if p]
        self.counts["rejected_no_pivot"] += len(sentences) - len(idx)
        back = self._gen("seq2seq", self.back_model, self.back_prompt, self.n)
        got = self._run(back, [pivots[i][0] for i in idx], [seeds[i] for i in idx])
        out: list[list[str]] = [[] for _ in sentences]
        for i, cands in zip(idx, got):
            out[i] = cands
        return out


@dataclass
class ChainParaphraser(Paraphraser):
    """The primary paraphraser's candidates that pass ``check``; where none does, the fallback's
    candidates that pass ``fallback_check`` (default: the same cosine bound, no BLEU-1 bound: a
    rule-based rewrite changes few words by design)."""

    primary: Paraphraser
    fallback: Paraphraser | None = None
    check: SimilarityCheck = field(default_factory=SimilarityCheck)
    fallback_check: SimilarityCheck | None = None
    name: ClassVar[str] = "chain"

    def __post_init__(self) -> None:
        if self.fallback_check is None:
            self.fallback_check = replace(self.check, max_bleu1=1.0)  # same encoder, device, quantization

    @staticmethod
    def _passing(check: SimilarityCheck, sentences: Sequence[str], cands: list[list[str]]) -> list[list[str]]:
        flat = [(i, c) for i, cs in enumerate(cands) for c in cs]
        ok = check.accept_many([sentences[i] for i, _ in flat], [c for _, c in flat])
        out: list[list[str]] = [[] for _ in sentences]
        for (i, c), keep in zip(flat, ok):
            if keep:
                out[i].append(c)
        return out

    def paraphrase_many(self, sentences: Sequence[str], seeds: Sequence[int]) -> list[list[str]]:
        self.counts["sentences"] += len(sentences)
        out = self._passing(self.check, sentences, self.primary.paraphrase_many(sentences, seeds))
        todo = [i for i, c in enumerate(out) if not c]
        self.counts["from_primary"] += len(sentences) - len(todo)
        if todo and self.fallback is not None:
            sub = [sentences[i] for i in todo]
            got = self._passing(self.fallback_check, sub, self.fallback.paraphrase_many(sub, [seeds[i] for i in todo]))  # type: ignore[arg-type]
            for i, c in zip(todo, got):
                out[i] = c
            self.counts["from_fallback"] += sum(1 for c in got if c)
        self.counts["none"] += sum(1 for c in out if not c)
        return out
