"""Relatedness perturbations (OpenMEVA's relatedness aspect; MARS's retrieval attack).

``random_word_replacement`` swaps a share of nouns and verbs for random corpus words of the same
form; ``sentence_replacement`` puts a sentence from another story in place of one of the story's
own; ``retrieve_context`` answers with a sentence copied from the context. The first two need a
corpus (``fit``) and apply only to stories whose sentences are related to each other, measured by
content-lemma overlap (default) or MiniLM embeddings (``similarity="embedding"``, ``models`` extra).
"""

from __future__ import annotations

import functools
import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING

from ..annotation import (
    Annotator,
    Level,
    default_annotator,
    doc_text,
    hyphen_glued,
    sentence_bounds,
    sentence_chars,
    sentences,
    token_columns,
    token_strings,
)
from ..example import Example
from ..resources.inflect import all_lemmas, first_form
from ..resources.models import load_sentence_encoder
from ..transform import Change, Effect, Transform, register
from ._articles import indefinite_article
from ._casing import is_tokenised, match_case

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

_CONTENT_POS = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "ADV"})
_LIGHT_VERBS = frozenset({"be", "have", "do", "get", "let", "make", "go", "say"})
_REPLACE_TAGS = {"NOUN": frozenset({"NN", "NNS"}), "VERB": frozenset({"VB", "VBD", "VBG", "VBN", "VBP", "VBZ"})}
# Defaults chosen on ROCStories dev: about 90% of human stories pass either (max over pairs).
_DEFAULT_THRESHOLD = {"overlap": 0.1, "embedding": 0.4}


# ------------------------------------------------------------------------------------------------
# Sentence relatedness
# ------------------------------------------------------------------------------------------------
def content_lemmas(sent: Span) -> frozenset[str]:
    """Lower-cased lemmas of a sentence's content words (nouns, verbs, adjectives, adverbs)."""
    return _content_lemmas(sent.doc, sent.start, sent.end)


def _content_lemmas(doc: Doc, start: int, end: int) -> frozenset[str]:
    cols, pos = token_columns(doc), token_strings(doc)["pos"]
    lemma, alpha, stop = cols["lemma"], cols["IS_ALPHA"], cols["IS_STOP"]
    return frozenset(lemma[i] for i in range(start, end) if pos[i] in _CONTENT_POS and alpha[i] and not stop[i])


def sentence_lemmas(doc: Doc) -> list[frozenset[str]]:
    """:func:`content_lemmas` of each of ``sentences(doc)``, without building Spans."""
    return [_content_lemmas(doc, a, b) for a, b in sentence_bounds(doc)]


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


@functools.lru_cache(maxsize=1)
def minilm():
    """The all-MiniLM-L6-v2 sentence encoder on the CPU (one copy per process, shared with the
    embedding metrics: :func:`perturbkit.resources.models.load_sentence_encoder`)."""
    return load_sentence_encoder(device="cpu")


def pair_similarities(sents: Sequence[Span], method: str = "overlap") -> list[float]:
    """Similarity of every pair of sentences: content-lemma Jaccard or MiniLM cosine."""
    if len(sents) < 2:
        return []
    if method == "embedding":
        emb = minilm().encode([s.text.strip() for s in sents], normalize_embeddings=True)
        return [float(emb[i] @ emb[j]) for i, j in combinations(range(len(sents)), 2)]
    return _jaccards([content_lemmas(s) for s in sents])


def _jaccards(lem: Sequence[frozenset[str]]) -> list[float]:
    return [jaccard(lem[i], lem[j]) for i, j in combinations(range(len(lem)), 2)]


@dataclass(repr=False)
class _RelatedStories(Transform):
    """Shared applicability: the story's sentences must be related to each other."""

    min_similarity: float | None = None  # None: 0.1 for "overlap", 0.4 for "embedding"
    aggregate: str = "max"
    similarity: str = "overlap"

    def validate(self) -> None:
        super().validate()
        if self.aggregate not in ("max", "mean"):
            raise ValueError(f"aggregate must be 'max' or 'mean', got {self.aggregate!r}")
        if self.similarity not in ("overlap", "embedding"):
            raise ValueError(f"similarity must be 'overlap' or 'embedding', got {self.similarity!r}")
        if self.min_similarity is not None and not -1.0 <= self.min_similarity <= 1.0:
            raise ValueError(f"min_similarity must be in [-1, 1], got {self.min_similarity}")

    def relatedness(self, doc: Doc) -> float | None:
        """The story's sentence relatedness (max or mean over sentence pairs); None below 2
        sentences. Kept per Doc and method: both relatedness transforms ask for it."""
        key = f"pk_relatedness_{self.similarity}_{self.aggregate}"
        if key in doc.user_data:
            return doc.user_data[key]
        if self.similarity == "overlap":  # from the token table: no Span or Token objects
            sims = _jaccards(sentence_lemmas(doc))
        else:
            sims = pair_similarities(sentences(doc), self.similarity)
        score = None if not sims else max(sims) if self.aggregate == "max" else sum(sims) / len(sims)
        doc.user_data[key] = score
        return score

    def applicable(self, example: Example, doc) -> bool:
        score = self.relatedness(doc)
        threshold = self.min_similarity if self.min_similarity is not None else _DEFAULT_THRESHOLD[self.similarity]
        return score is not None and score >= threshold


def _fit_docs(corpus: Sequence[Example], annotator: Annotator | None) -> list[tuple[Example, Doc]]:
    exs = [ex for ex in corpus if ex.text.strip()]
    docs = (annotator or default_annotator()).pipe([ex.text for ex in exs], Level.PARSE)
    return list(zip(exs, docs))


# ------------------------------------------------------------------------------------------------
# Random word replacement
# ------------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=65536)
def _known(lemma: str, pos: str) -> bool:
    """Whether lemminflect's lexicon has ``lemma`` as a ``pos`` (drops tagger errors like "to sunscreen")."""
    return lemma in all_lemmas(lemma, pos).get(pos, ())


def _replaceable_indices(doc: Doc) -> list[int]:
    """Nouns and verbs a random corpus word may replace, read from the per-Doc token table: not
    stop words, entities or light verbs ("be", "make"), not a bare singular noun as subject or
    possessor (in lower-cased corpora nearly always a name the tagger took for a noun: "cody
    was ..."), not a verb with a particle, known to lemminflect, not part of a hyphenated word."""
    cols, strs = token_columns(doc), token_strings(doc)
    text, pos, tag, dep, kids = strs["text"], strs["pos"], strs["tag"], strs["dep"], strs["children"]
    alpha, stop, ent, lemma = cols["IS_ALPHA"], cols["IS_STOP"], cols["ENT_TYPE"], cols["lemma"]
    start, glued = cols["SENT_START"], hyphen_glued(doc)
    n = len(text)
    out = []
    for i in range(n):
        p, t = pos[i], tag[i]
        if (
            p not in _REPLACE_TAGS
            or t not in _REPLACE_TAGS[p]
            or not alpha[i]
            or stop[i]
            or ent[i]
            or lemma[i] in _LIGHT_VERBS
            or len(text[i]) < 2
        ):
            continue
        deps = [dep[k] for k in kids[i]]
        if (
            t == "NN"
            and not any(d in _NAME_BLOCKERS for d in deps)
            and (dep[i] in ("nsubj", "nsubjpass", "poss", "appos") or i == 0 or start[i] == 1)
        ):
            continue
        if "prt" in deps or not _known(lemma[i], p):
            continue
        if i in glued:
            continue
        out.append(i)
    return out


_NAME_BLOCKERS = frozenset({"det", "poss", "nummod", "amod", "compound", "quantmod"})


def _replaceable(doc: Doc) -> tuple[int, ...]:
    """Indices of the Doc's replaceable tokens, checked once per Doc (``fit`` and ``apply`` both
    need them; kept in ``doc.user_data`` as plain ints)."""
    idx = doc.user_data.get("pk_relatedness_replaceable")
    if idx is None:
        idx = doc.user_data["pk_relatedness_replaceable"] = tuple(_replaceable_indices(doc))
    return idx


@register
@dataclass(repr=False)
class RandomWordReplacement(_RelatedStories):
    """Replace a share of nouns and verbs with random corpus words of the same form (needs ``fit``)."""

    name = "random_word_replacement"
    aspect = "relatedness"
    effect = Effect.BREAKS
    example = "Tom went to the store to buy some milk. He paid for the milk and went home."

    rate: float = 0.25
    vocab_size: int = 5000
    min_count: int = 2
    _vocab: dict[str, list[str]] | None = field(default=None, init=False, repr=False, compare=False)

    def validate(self) -> None:
        super().validate()
        if self.vocab_size < 1:
            raise ValueError(f"vocab_size must be positive, got {self.vocab_size}")
        if self.min_count < 1:
            raise ValueError(f"min_count must be at least 1, got {self.min_count}")

    def fit(self, corpus: Sequence[Example], annotator: Annotator | None = None) -> RandomWordReplacement:
        """Build the vocabulary: the ``vocab_size`` most frequent noun and verb lemmas of the corpus
        (seen at least ``min_count`` times); replacements are drawn uniformly from it."""
        counts: dict[str, Counter[str]] = {pos: Counter() for pos in _REPLACE_TAGS}
        for _, doc in _fit_docs(corpus, annotator):
            lemmas, pos, strings = token_columns(doc)["LEMMA"], token_strings(doc)["pos"], doc.vocab.strings
            for i in _replaceable(doc):
                lemma = strings[lemmas[i]]
                if lemma.isalpha() and lemma.islower():
                    counts[pos[i]][lemma] += 1
        self._vocab = {
            pos: sorted(w for w, n in c.most_common(self.vocab_size) if n >= self.min_count)
            for pos, c in counts.items()
        }
        return self

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        if not self._vocab:
            return None
        pos = token_strings(doc)["pos"]
        cands = [i for i in _replaceable(doc) if self._vocab.get(pos[i])]
        if not cands:
            return None
        k = max(1, round(self.rate * len(cands)))
        changes: list[Change] = []
        for tok in (doc[i] for i in sorted(rng.sample(cands, k))):
            vocab = self._vocab[tok.pos_]
            new = None
            for _ in range(10):
                lemma = vocab[rng.randrange(len(vocab))]
                if lemma != tok.lemma_.lower():
                    new = first_form(lemma, tok.tag_)
                    if new and new.lower() != tok.lower_:
                        break
                    new = None
            if new is None:
                continue
            new = match_case(tok.text, new)
            prev = doc[tok.i - 1] if tok.i > 0 else None
            if prev is not None and prev.lower_ in ("a", "an") and prev.pos_ == "DET":
                art = indefinite_article(new)
                if art != prev.lower_:
                    changes.append(Change(prev.idx, prev.idx + len(prev), match_case(prev.text, art), "a/an agreement"))
            changes.append(Change(tok.idx, tok.idx + len(tok), new, f"{tok.text} -> {new} ({tok.tag_})"))
        return self.rewrite(example, changes)


# ------------------------------------------------------------------------------------------------
# Sentence from another story
# ------------------------------------------------------------------------------------------------
def _story_key(ex: Example) -> str:
    return ex.parent_id or ex.id


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


_SENTENCE_END = re.compile(r"[.!?\u2026][\"\u201d\u2019')\]]*$")


def _poolable(text: str) -> bool:
    """A sentence that reads as a whole sentence on its own."""
    return (
        len(text.split()) >= 3
        and bool(_SENTENCE_END.search(text))
        and text.count('"') % 2 == 0
        and text.count("\u201c") == text.count("\u201d")
        and any(c.isalpha() for c in text)
    )


@register
@dataclass(repr=False)
class SentenceReplacement(_RelatedStories):
    """Replace one sentence with a sentence drawn from another story of the corpus (needs ``fit``)."""

    name = "sentence_replacement"
    aspect = "relatedness"
    effect = Effect.BREAKS
    example = "Tom went to the store. He bought some milk. He paid and went home."

    _pool: list[tuple[str, str, bool]] | None = field(default=None, init=False, repr=False, compare=False)

    def fit(self, corpus: Sequence[Example], annotator: Annotator | None = None) -> SentenceReplacement:
        """Collect every corpus sentence with the story it came from (its example id or parent id)."""
        pool: list[tuple[str, str, bool]] = []
        for ex, doc in _fit_docs(corpus, annotator):
            tok = is_tokenised(ex.text)
            whole = doc_text(doc)
            for a, b in sentence_chars(doc):
                text = whole[a:b].strip()
                if _poolable(text):
                    pool.append((_story_key(ex), text, tok))
        self._pool = pool
        return self

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        if not self._pool:
            return None
        whole = doc_text(doc)
        sents = sentence_chars(doc)
        key, own = _story_key(example), {_norm(whole[a:b]) for a, b in sents}
        if example.context:
            own.add(_norm(example.context))
        style = is_tokenised(example.text)
        cased = any(c.isupper() for c in example.text)
        slot = sents[rng.randrange(len(sents))]
        for _ in range(50):
            story, text, tok = self._pool[rng.randrange(len(self._pool))]
            if story == key or tok != style or _norm(text) in own or any(_norm(text) in o for o in own):
                continue
            if not cased and any(c.isupper() for c in text):
                continue
            raw = whole[slot[0] : slot[1]]
            start = slot[0] + (len(raw) - len(raw.lstrip()))
            end = start + len(raw.strip())
            return self.rewrite(example, [Change(start, end, text, f"sentence from story {story}")])
        return None


# ------------------------------------------------------------------------------------------------
# MARS: retrieve from context
# ------------------------------------------------------------------------------------------------
_ABBREV = re.compile(r"\b(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|vs|etc|e\.g|i\.e)\.$", re.IGNORECASE)
_SPLIT = re.compile(r"(?<=[.!?\u2026])[\"\u201d\u2019')\]]*\s+")


def split_sentences(text: str) -> list[str]:
    """A light rule-based splitter for context text (which the Annotator does not parse)."""
    parts: list[str] = []
    buf = ""
    pos = 0
    for m in _SPLIT.finditer(text):
        piece = text[pos : m.end()]
        buf += piece
        pos = m.end()
        if _ABBREV.search(buf.rstrip()):
            continue
        parts.append(buf.strip())
        buf = ""
    buf += text[pos:]
    if buf.strip():
        parts.append(buf.strip())
    return [p for p in parts if any(c.isalpha() for c in p)]


@register
@dataclass(repr=False)
class RetrieveContext(Transform):
    """MARS attack: answer with a sentence copied from the context instead of the candidate."""

    name = "retrieve_context"
    aspect = "mars"
    effect = Effect.BREAKS
    level = Level.NONE
    example = "She left the party early."

    def applicable(self, example: Example, doc) -> bool:
        return bool(example.context and example.context.strip())

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        own = _norm(example.text)
        cands = [s for s in split_sentences(example.context or "") if _norm(s) != own]
        if not cands:
            return None
        pick = cands[rng.randrange(len(cands))]
        lead = len(example.text) - len(example.text.lstrip())
        end = len(example.text.rstrip())
        return self.rewrite(example, [Change(lead, end, pick, "sentence from the context")])
