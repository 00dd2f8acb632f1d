"""The base for model-backed transforms: batched generation across stories, one model load per
process, and a disk cache of everything generated.

A subclass implements :meth:`GenerativeTransform.apply_batch` over many examples at once: it
decides what each example sends (a :class:`Request`: an instruction ``prompt`` and the ``input``
text, with a seed drawn from the example's RNG), calls :meth:`~GenerativeTransform.generate`
once for all of them, and turns each example's candidates into its variant. The base does the
rest:

- ``Transform.batch`` and the per-example ``__call__`` both go through ``apply_batch`` (one
  example at a time is a batch of one), so there is one code path;
- the model is loaded once per process (:mod:`perturbkit.resources.models`, keyed by path or name,
  revision, dtype and device), on ``device="auto"``: CUDA when available, else the CPU; inference
  runs without gradients, under autocast on CUDA only; a CUDA out-of-memory error halves the batch;
- every generated string is cached on disk, keyed by (model identity, prompt, input, generation
  settings, seed, candidate index) (:mod:`.generation_cache`), so a rerun calls no model;
- results do not depend on batch size or order: each candidate has its own seed and, when
  sampling, its own ``torch.Generator`` (:mod:`.decoding`);
- inputs longer than ``max_input_tokens`` are cut (counted in ``counts["truncated"]``), and
  empty outputs are dropped (``counts["empty"]``).

A causal LM gets the prompt through its chat template when the tokenizer has one
(``chat_template=None``); a seq2seq model (``architecture = "seq2seq"``) gets ``prompt + input``.
A prompt may place the input itself with ``{input}``.

>>> @dataclass(repr=False)
... class Rewrite(GenerativeTransform):
...     name = "lm_rewrite"; aspect = "paraphrase"; effect = Effect.PRESERVES
...     prompt = "Rewrite the text in other words."
...     def apply_batch(self, examples, docs, rngs):
...         outs = self.generate([self.request(ex.text, rng) for ex, rng in zip(examples, rngs)])
...         return [self.replace(ex, c[0]) if c else None for ex, c in zip(examples, outs)]
>>> Rewrite(max_new_tokens=40)("He went home. He slept.").text      # doctest: +SKIP
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..annotation import Annotator, Level, default_annotator
from ..example import Example, as_example
from ..resources.devices import free_cuda_memory, inference_context, is_oom
from ..resources.models import DTYPES, KINDS, load_model, model_identity
from ..seeds import derive_seed
from .base import Change, Transform, _RngOnUse
from .decoding import (
    Decoding,
    build_prompt,
    encode,
    generate_rows,
    input_budget,
    prompt_prefix,
    truncate,
    uses_chat_template,
)
from .generation_cache import GenerationCache, generation_key

if TYPE_CHECKING:
    from spacy.tokens import Doc

SCHEME = "generate/v1"  # bump when what a key maps to changes (prompt building, decoding)


@dataclass(frozen=True)
class Request:
    """What one example sends to the model: an instruction ``prompt`` (``{input}`` marks where
    the input goes; else the input follows it), the ``input`` text, and the generation ``seed``."""

    input: str
    prompt: str = ""
    seed: int = 0


@dataclass(repr=False)
class GenerativeTransform(Transform):
    """Base class for transforms that generate text with a language model (see the module doc)."""

    model: str | None = None  # path or hub name; None: SmolLM2-135M-Instruct for a causal LM
    revision: str | None = None
    dtype: str | None = None  # None (the model's default), "float32", "float16" or "bfloat16"
    device: str = "auto"  # "auto": CUDA when available, else the CPU
    batch_size: int = 8  # rows (input x candidate) per model call; halved on CUDA out-of-memory
    max_new_tokens: int = 48
    num_return_sequences: int = 1  # candidates per input (more than one needs do_sample)
    do_sample: bool = False  # False: greedy decoding
    temperature: float = 1.0
    top_k: int | None = None
    top_p: float | None = None
    max_input_tokens: int = 256  # longer inputs are cut to this many tokens (counted)
    chat_template: bool | None = None  # None: when the tokenizer has one (causal LMs only)
    cache: bool = True  # keep generations on disk under the perturbkit cache dir
    prefix_cache: bool = True  # reuse the keys and values of the prompt's shared prefix (causal LMs)

    architecture: ClassVar[str] = "causal"  # or "seq2seq"
    prompt: ClassVar[str] = ""  # the instruction a subclass sends by default (see ``request``)
    level: ClassVar[Level] = Level.NONE
    requires: ClassVar[tuple[str, ...]] = ("torch", "transformers")
    fractions: ClassVar[tuple[str, ...]] = (*Transform.fractions, "top_p")
    autocast: ClassVar[bool] = True  # run under CUDA autocast on a GPU (never on the CPU)

    # --- to implement -----------------------------------------------------------------------
    def apply_batch(
        self, examples: Sequence[Example], docs: Sequence[Doc | None], rngs: Sequence[random.Random]
    ) -> list[Example | None]:
        """Variants of many applicable examples at once (None where one cannot be made); call
        :meth:`generate` once with every example's requests."""
        raise NotImplementedError

    # --- helpers for subclasses ---------------------------------------------------------------
    def request(self, text: str, rng: random.Random, prompt: str | None = None) -> Request:
        """A request for ``text`` with the class's ``prompt`` (or ``prompt``) and a seed drawn from
        the example's RNG (drawn even for greedy decoding, so the RNG's later draws are the same)."""
        return Request(text, self.prompt if prompt is None else prompt, rng.getrandbits(63))

    def replace(self, ex: Example, text: str, start: int = 0, end: int | None = None, note: str = "") -> Example | None:
        """The variant with ``ex.text[start:end]`` (default: all of it) replaced by ``text``."""
        return self.rewrite(ex, [Change(start, len(ex.text) if end is None else end, text, note)])

    def validate(self) -> None:
        super().validate()
        if self.architecture not in KINDS:
            raise ValueError(f"architecture must be one of {', '.join(KINDS)}, got {self.architecture!r}")
        if self.dtype not in DTYPES:
            raise ValueError(f"dtype must be one of {', '.join(map(str, DTYPES))}, got {self.dtype!r}")
        for k in ("batch_size", "max_new_tokens", "num_return_sequences", "max_input_tokens"):
            if not isinstance(getattr(self, k), int) or getattr(self, k) < 1:
                raise ValueError(f"{k} must be an integer >= 1, got {getattr(self, k)!r}")
        if self.num_return_sequences > 1 and not self.do_sample:
            raise ValueError("num_return_sequences > 1 needs do_sample=True (greedy decoding gives one answer)")
        if not self.temperature > 0:
            raise ValueError(f"temperature must be > 0, got {self.temperature!r}")
        if self.top_k is not None and self.top_k < 1:
            raise ValueError(f"top_k must be >= 1 or None, got {self.top_k!r}")

    # --- the shared paths -------------------------------------------------------------------
    def apply(self, example: Example, doc: Doc | None, rng: random.Random) -> Example | None:
        return self.apply_batch([example], [doc], [rng])[0]

    def run(self, ex: Example, rng: random.Random, annotator: Annotator) -> Example | None:
        return self.run_many([ex], [rng], annotator)[0]

    def batch(
        self, examples: Iterable[str | Example], seed: int = 0, *, annotator: Annotator | None = None
    ) -> list[Example | None]:
        """Perturb many examples with one :meth:`apply_batch` call (model calls batched across stories)."""
        exs = [as_example(x) for x in examples]
        ann = annotator or default_annotator()
        self.prepare(exs, ann)
        rngs = [_RngOnUse(seed, ex.id, self.name) for ex in exs]
        return self.run_many(exs, rngs, ann)  # type: ignore[arg-type]

    def run_many(
        self, exs: Sequence[Example], rngs: Sequence[random.Random], annotator: Annotator
    ) -> list[Example | None]:
        """The base's checks (blank text, ``applicable``, unchanged output) around one
        :meth:`apply_batch` call over the examples that qualify."""
        out: list[Example | None] = [None] * len(exs)
        todo: list[tuple[int, Example, Doc | None, random.Random]] = []
        for i, (ex, rng) in enumerate(zip(exs, rngs)):
            if not ex.text.strip():
                continue
            doc = annotator.parse(ex.text, self.level) if self.level > Level.NONE else None
            if self.applicable(ex, doc):
                todo.append((i, ex, doc, rng))
        if not todo:
            return out
        results = self.apply_batch([t[1] for t in todo], [t[2] for t in todo], [t[3] for t in todo])
        if len(results) != len(todo):
            raise RuntimeError(f"{self.name}: apply_batch returned {len(results)} results for {len(todo)} examples")
        for (i, ex, _, _), res in zip(todo, results):
            out[i] = None if res is None or res.text == ex.text else res
        return out

    # --- generation ---------------------------------------------------------------------------
    @property
    def counts(self) -> Counter[str]:
        """What generation did in this process: requests, rows generated and from the cache,
        model calls, truncated inputs, empty outputs rejected, out-of-memory retries."""
        c = self.__dict__.get("_counts")
        if c is None:
            c = self.__dict__["_counts"] = Counter()
        return c

    def settings(self) -> dict[str, Any]:
        """The generation settings that change what is generated (part of every cache key)."""
        sampling = self.do_sample
        return {
            "scheme": SCHEME,
            "architecture": self.architecture,
            "max_new_tokens": self.max_new_tokens,
            "do_sample": sampling,
            "temperature": self.temperature if sampling else None,
            "top_k": self.top_k if sampling else None,
            "top_p": self.top_p if sampling else None,
            "max_input_tokens": self.max_input_tokens,
            "chat_template": self.chat_template,
        }

    def model_identity(self) -> str:
        return model_identity(self.model, kind=self.architecture, revision=self.revision, dtype=self.dtype)

    def generation_store(self) -> GenerationCache:
        """The disk cache of this model's generations (in the current cache dir)."""
        return GenerationCache.shared(self.model_identity(), self.model or "smollm2")

    def load(self) -> tuple[Any, Any]:
        """(model, tokenizer), loaded once per process for this model identity and device."""
        return load_model(self.architecture, self.model, self.device, revision=self.revision, dtype=self.dtype)

    def generate(self, requests: Sequence[Request]) -> list[list[str]]:
        """Up to ``num_return_sequences`` non-empty candidates (stripped) per request, in order.

        Cached rows are read back; the rest are generated ``batch_size`` rows per model call, the
        longest prompts first, and stored after each call, so an interrupted run keeps them."""
        n = self.num_return_sequences
        settings = self.settings()
        keys = [
            [generation_key(r.prompt, r.input, settings, r.seed if self.do_sample else None, k) for k in range(n)]
            for r in requests
        ]
        self.counts["requests"] += len(requests)
        store = self.generation_store() if self.cache else None
        found = store.get_many(k for ks in keys for k in ks) if store is not None else {}
        missing: dict[str, tuple[Request, int]] = {}
        for r, ks in zip(requests, keys):
            for k, key in enumerate(ks):
                if key not in found and key not in missing:
                    missing[key] = (r, k)
        self.counts["cache_hits"] += sum(1 for ks in keys for key in ks if key in found)
        if missing:
            found.update(self._generate_missing(missing, store))
        out: list[list[str]] = []
        for ks in keys:
            texts = [found[key][0].strip() for key in ks]
            if found[ks[0]][1]:
                self.counts["truncated"] += 1
            self.counts["empty"] += sum(1 for t in texts if not t)
            out.append([t for t in texts if t])
        return out

    def _generate_missing(
        self, missing: dict[str, tuple[Request, int]], store: GenerationCache | None
    ) -> dict[str, tuple[str, bool]]:
        model, tok = self.load()
        chat = uses_chat_template(tok, self.architecture, self.chat_template)
        budgets: dict[str, int] = {}
        prompts: dict[tuple[str, str], tuple[list[int], bool]] = {}
        rows = []
        for key, (r, k) in missing.items():
            if (r.prompt, r.input) not in prompts:
                if r.prompt not in budgets:
                    budgets[r.prompt] = input_budget(
                        model, tok, self.architecture, r.prompt, chat, self.max_input_tokens, self.max_new_tokens
                    )
                text, cut = truncate(tok, r.input, budgets[r.prompt])
                prompts[(r.prompt, r.input)] = (encode(tok, build_prompt(tok, r.prompt, text, chat), chat), cut)
            ids, cut = prompts[(r.prompt, r.input)]
            rows.append((key, ids, derive_seed(r.seed, "candidate", k), cut, r.prompt))
        # one prompt's rows together (they share its prefix), similar lengths in a call: little padding
        rows.sort(key=lambda row: (row[4], -len(row[1])))
        prefixes: dict[str, list[int]] = {}
        if self.prefix_cache and self.architecture == "causal":
            prefixes = {p: prompt_prefix(tok, p, chat) for p in {row[4] for row in rows}}
        decoding = Decoding(self.max_new_tokens, self.do_sample, self.temperature, self.top_k, self.top_p)
        dev = str(next(model.parameters()).device)
        done: dict[str, tuple[str, bool]] = {}
        size, i = self.batch_size, 0
        while i < len(rows):
            chunk = rows[i : i + size]
            prefix = prefixes.get(chunk[0][4]) if all(c[4] == chunk[0][4] for c in chunk) else None
            try:
                with inference_context(dev, self.autocast):
                    texts = generate_rows(
                        model,
                        tok,
                        self.architecture,
                        [c[1] for c in chunk],
                        [c[2] for c in chunk],
                        decoding,
                        prefix=prefix,
                    )
            except Exception as exc:
                if not (is_oom(exc) and len(chunk) > 1):
                    raise
                free_cuda_memory()
                size = max(1, len(chunk) // 2)
                self.counts["oom_retries"] += 1
                continue
            self.counts["model_calls"] += 1
            self.counts["generated"] += len(chunk)
            new = {c[0]: (t, c[3]) for c, t in zip(chunk, texts)}
            if store is not None:
                store.put_many(new)
            done.update(new)
            i += len(chunk)
        return done
