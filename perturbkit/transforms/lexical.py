"""Lexical substitution: antonyms, synonyms, adjective replacement (RoMe) and UNION's keyword
substitution.

All of them replace single content words, keep the original's inflection ("agreed" ->
"disagreed", "happier" -> "sadder") and capitalisation, fix a preceding "a"/"an", and skip stop
words, names, entities, masks ([MALE]), parts of compounds and fixed expressions ("fell asleep").
Senses are never guessed from context: a word is replaced only through its most frequent
WordNet sense, and only when that sense dominates the word's uses.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from ..annotation import Annotator, Level, default_annotator, token_columns, token_strings
from ..example import Example
from ..resources.inflect import inflect_like
from ..resources.lexicons import table, word_list
from ..transform import Change, Effect, Transform, register
from ._adjectives import adjective_synonym_ok
from ._wordsub import WN_POS, antonyms_of, complements_ok, form_like, replaceable_indices, substitution

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

ANTONYM_POS = ("ADJ", "VERB", "ADV", "NOUN")


def _provider(spec: str | None):
    """The ConceptNet provider for an explicit path/spec, or None (ConceptNet not used)."""
    if spec is None:
        return None
    from ..resources.conceptnet import get_provider

    return get_provider(spec)


def _pick(rng: random.Random, cands: list, k: int) -> list:
    """Up to ``k`` candidates for distinct, non-adjacent tokens, drawn without replacement."""
    by_tok: dict[int, list] = {}
    for c in cands:
        by_tok.setdefault(c[0].i, []).append(c)
    order = sorted(by_tok)
    rng.shuffle(order)
    chosen: list = []
    used: set[int] = set()
    for i in order:
        if len(chosen) >= k:
            break
        if used & {i - 1, i, i + 1}:
            continue
        used.add(i)
        chosen.append(rng.choice(by_tok[i]))
    return sorted(chosen, key=lambda c: c[0].i)


def _changes(doc: Doc, chosen: list, label: str) -> list[Change]:
    out: list[Change] = []
    for tok, lemma, new, source in chosen:
        out.extend(substitution(doc, tok, new, f"{label}[{source}] {tok.pos_} {tok.lemma_.lower()}->{lemma}"))
    return out


# ------------------------------------------------------------------------------------------------
# Antonyms
# ------------------------------------------------------------------------------------------------
def antonym_candidates(
    doc: Doc, upos: Sequence[str] = ANTONYM_POS, provider=None, deps: Sequence[str] | None = None
) -> list[tuple[Token, str, str, str]]:
    """(token, antonym lemma, inflected antonym, source) for every replaceable token; found once
    per Doc and settings (``applicable`` and ``apply`` both ask; kept as plain data)."""
    name = "-" if provider is None else getattr(provider, "name", "base")
    key = f"pk_antonyms:{','.join(upos)}:{name}:{'' if deps is None else ','.join(deps)}"
    cached = doc.user_data.get(key) if name != "base" else None  # a provider without a name: no reuse
    if cached is None:
        cached = tuple(
            (tok.i, ant, new, source) for tok, ant, new, source in _antonym_candidates(doc, upos, provider, deps)
        )
        doc.user_data[key] = cached
    return [(doc[i], ant, new, source) for i, ant, new, source in cached]


def _antonym_candidates(doc: Doc, upos: Sequence[str], provider, deps: Sequence[str] | None) -> list:
    out = []
    lemmas, dep = token_columns(doc)["lemma"], token_strings(doc)["dep"]
    for i, pos in replaceable_indices(doc, upos):
        if deps is not None and dep[i] not in deps:
            continue
        lemma = lemmas[i]
        ants = antonyms_of(lemma, pos, provider)
        tok = doc[i] if ants else None
        for ant, source in ants:
            if not complements_ok(tok, lemma, ant):
                continue
            new = form_like(ant, tok)
            if new and new != tok.lower_:
                out.append((tok, ant, new, source))
    return out


@register
@dataclass(repr=False)
class Antonym(Transform):
    """Replace words with an antonym of their most frequent sense ("agreed" -> "disagreed")."""

    name = "antonym"
    aspect = "consistency"
    effect = Effect.BREAKS
    level = Level.PARSE
    requires = ("wordnet",)
    example = "Tom was happy because he won the race."

    max_words: int = 1
    conceptnet: str | None = None

    upos: ClassVar[tuple[str, ...]] = ANTONYM_POS
    deps: ClassVar[tuple[str, ...] | None] = None

    def validate(self) -> None:
        super().validate()
        if self.max_words < 1:
            raise ValueError(f"max_words must be >= 1, got {self.max_words}")

    def _candidates(self, doc: Doc) -> list:
        return antonym_candidates(doc, self.upos, _provider(self.conceptnet), self.deps)

    def applicable(self, example: Example, doc: Doc) -> bool:
        return bool(self._candidates(doc))

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        cands = self._candidates(doc)
        vetted = [c for c in cands if c[3] != "conceptnet"]  # ConceptNet only where nothing better
        chosen = _pick(rng, vetted if len(vetted) >= self.max_words else cands, self.max_words)
        return self.rewrite(example, _changes(doc, chosen, "antonym")) if chosen else None


# ------------------------------------------------------------------------------------------------
# Synonyms
# ------------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=1)
def lexicon_synonyms() -> dict[tuple[str, str], tuple[tuple[str, str], ...]]:
    """(lemma, UPOS) -> (synonym, object constraint) pairs from ``synonyms.tsv``."""
    out: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for r in table("synonyms.tsv"):
        w, syn, pos, obj = r["word"].lower(), r["synonym"].lower(), r["pos"], r["obj"]
        out.setdefault((w, pos), []).append((syn, obj))
        if r["dir"] == "<>":
            out.setdefault((syn, pos), []).append((w, obj))
    return {k: tuple(v) for k, v in out.items()}


def first_sense_lemmas(lemma: str, upos: str) -> frozenset[str]:
    """The words of ``lemma``'s most frequent WordNet sense for ``upos`` (empty if none)."""
    from ..resources.wordnet import wordnet

    pos = WN_POS.get(upos)
    first = wordnet().first_synset(lemma, pos) if pos else None
    return frozenset(l.name().lower() for l in first.lemmas()) if first is not None else frozenset()


@functools.lru_cache(maxsize=4096)
def wordnet_confirms(lemma: str, syn: str, upos: str) -> bool:
    """WordNet confirms ``syn`` as a synonym of ``lemma`` in ``lemma``'s most frequent sense:
    ``syn`` is a word of that sense, or, for adjectives, ``syn``'s own most frequent sense and
    ``lemma``'s are a satellite and its head. WordNet files adjectives that differ from a head
    word only in register as its satellites: "mad" (roused to anger) under "angry", "lovely"
    under "beautiful", "pricey" under "expensive", "weary" under "tired". Satellites also hold
    words of another strength ("huge" under "large"), so the pair must still be listed in
    ``synonyms.tsv``, which keeps only the same-meaning ones. Both words are used in their most
    frequent sense either way, which is what the rule guards."""
    lemma, syn = lemma.lower(), syn.lower()
    if syn in first_sense_lemmas(lemma, upos):
        return True
    if upos != "ADJ":
        return False
    from ..resources.wordnet import wordnet

    wn = wordnet()
    a, b = wn.first_synset(lemma, "a"), wn.first_synset(syn, "a")
    return a is not None and b is not None and (b in a.similar_tos() or a in b.similar_tos())


def synonyms_of(lemma: str, upos: str) -> tuple[tuple[str, str], ...]:
    """Strict synonyms of ``lemma`` as ``upos``, with their object constraint: listed in the
    project's ``synonyms.tsv`` and confirmed by WordNet (:func:`wordnet_confirms`: same most
    frequent sense; for adjectives also a satellite of that sense and its head)."""
    listed = lexicon_synonyms().get((lemma.lower(), upos), ())
    if not listed:
        return ()
    return tuple((syn, obj) for syn, obj in listed if wordnet_confirms(lemma, syn, upos))


def synonym_candidates(
    doc: Doc, upos: Sequence[str] = ANTONYM_POS, deps: Sequence[str] | None = None
) -> list[tuple[Token, str, str, str]]:
    """(token, synonym lemma, inflected synonym, "wordnet") for every replaceable token."""
    out = []
    lemmas, dep = token_columns(doc)["lemma"], token_strings(doc)["dep"]
    for i, pos in replaceable_indices(doc, upos):
        if deps is not None and dep[i] not in deps:
            continue
        lemma = lemmas[i]
        syns = synonyms_of(lemma, pos)
        if not syns:
            continue
        tok = doc[i]
        if tok.pos_ == "VERB" and any(c.dep_ in ("xcomp", "ccomp") for c in tok.children):
            continue
        has_obj = any(c.dep_ == "dobj" for c in tok.children)
        for syn, obj in syns:
            if tok.pos_ == "VERB" and (obj == "with" and not has_obj or obj == "without" and has_obj):
                continue
            if tok.pos_ == "ADJ" and not adjective_synonym_ok(tok, lemma, syn, frozenset(obj.split(","))):
                continue
            if tok.pos_ == "ADV" and tok.i + 1 < len(doc) and doc[tok.i + 1].lower_ == "of":
                continue  # "outside of his budget"
            new = form_like(syn, tok)
            if new and new != tok.lower_:
                out.append((tok, syn, new, "wordnet"))
    return out


@register
@dataclass(repr=False)
class Synonym(Transform):
    """Replace words with a strict synonym: listed by the project and in the word's most frequent
    WordNet sense ("purchased" for "bought", "began" for "started")."""

    name = "synonym"
    aspect = "synonym"
    effect = Effect.PRESERVES
    level = Level.PARSE
    requires = ("wordnet",)
    example = "She started to cry when she saw the big dog."

    max_words: int = 1

    upos: ClassVar[tuple[str, ...]] = ANTONYM_POS
    deps: ClassVar[tuple[str, ...] | None] = None

    def validate(self) -> None:
        super().validate()
        if self.max_words < 1:
            raise ValueError(f"max_words must be >= 1, got {self.max_words}")

    def applicable(self, example: Example, doc: Doc) -> bool:
        return bool(synonym_candidates(doc, self.upos, self.deps))

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        chosen = _pick(rng, synonym_candidates(doc, self.upos, self.deps), self.max_words)
        return self.rewrite(example, _changes(doc, chosen, "synonym")) if chosen else None


# ------------------------------------------------------------------------------------------------
# Adjective replacement (RoMe)
# ------------------------------------------------------------------------------------------------
_ADJ_DEPS = ("amod", "acomp")


@register
@dataclass(repr=False)
class AdjectiveAntonym(Antonym):
    """Replace one adjective (attributive or predicative) with its antonym (RoMe's adjective case)."""

    name = "adjective_antonym"
    aspect = "adjective"
    effect = Effect.BREAKS
    example = "The old man lived in a big house near the quiet lake."
    upos = ("ADJ",)
    deps = _ADJ_DEPS
    mode: ClassVar[str] = "antonym"


@register
@dataclass(repr=False)
class AdjectiveSynonym(Synonym):
    """Replace one adjective (attributive or predicative) with a strict synonym (RoMe)."""

    name = "adjective_synonym"
    aspect = "adjective"
    effect = Effect.PRESERVES
    example = "The big dog was very happy to see the little boy."
    upos = ("ADJ",)
    deps = _ADJ_DEPS
    mode: ClassVar[str] = "synonym"


# ------------------------------------------------------------------------------------------------
# Keyword substitution (UNION)
# ------------------------------------------------------------------------------------------------
KEYWORD_POS = ("NOUN", "VERB", "ADJ")


#: Dependents that make up a verb's frame (a replacement verb must take the same ones).
_FRAME_DEPS = frozenset({"dobj", "dative", "ccomp", "acomp", "oprd", "prep", "agent"})


def _slot(doc: Doc, i: int) -> tuple[str, str]:
    """What a replacement must share with token ``i``: its tag and, for verbs, its frame
    (objects, clausal and prepositional complements), so "told him he ..." is never
    replaced by "walked him he ..."; for nouns, whether it follows "a"/"an". Read from the
    token table."""
    strs = token_strings(doc)
    tag, dep, kids, p = strs["tag"], strs["dep"], strs["children"][i], strs["pos"][i]
    if p == "NOUN":  # countable after "a"/"an": never "a money"
        lower = token_columns(doc)["lower"]
        return tag[i], "a" if any(dep[c] == "det" and lower[c] in ("a", "an") for c in kids) else ""
    if p != "VERB":
        return tag[i], ""
    deps = {dep[c] for c in kids if dep[c] in _FRAME_DEPS}
    for c in kids:
        if dep[c] == "xcomp":
            deps.add("xcomp:ing" if tag[c] == "VBG" else "xcomp")
    return tag[i], "+".join(sorted(deps))


def form_like_ok(word: str, lemma: str, tag: str, upos: str) -> bool:
    """``word`` is the regular ``tag`` form of ``lemma`` (so a mis-tagged token never enters
    the vocabulary)."""
    return inflect_like(lemma, tag, upos=upos) == word


@functools.lru_cache(maxsize=1)
def _names() -> frozenset[str]:
    return word_list("names_male.txt") | word_list("names_female.txt")


def _known(lemma: str, upos: str) -> bool:
    """WordNet knows ``lemma`` as ``upos`` and it is not a first name (ROC stories are lower-cased)."""
    from ..resources.wordnet import wordnet

    return lemma not in _names() and bool(wordnet().offsets(lemma, WN_POS[upos]))


def _keyword_observations(doc: Doc) -> tuple[tuple[tuple[str, str], str, str, str], ...]:
    """(slot, word, lemma, POS) of each lower-case keyword of ``doc``: what ``fit`` counts, kept
    in ``doc.user_data`` (plain data) so that a second fit on the same parses (UNION's own
    keyword substitution) does not look at every token again."""
    obs = doc.user_data.get("pk_keyword_obs")
    if obs is None:
        cols, text = token_columns(doc), token_strings(doc)["text"]
        obs = doc.user_data["pk_keyword_obs"] = tuple(
            (_slot(doc, i), cols["lower"][i], cols["lemma"][i], pos)
            for i, pos in replaceable_indices(doc, KEYWORD_POS)
            if text[i].islower()
        )
    return obs


@register
@dataclass(repr=False)
class KeywordSubstitution(Transform):
    """UNION's word replacement: swap ~15% of keywords for an antonym, else a corpus word of the
    same form (tag and transitivity), drawn by frequency. Needs ``fit`` for the second part."""

    name = "keyword_substitution"
    aspect = "consistency"
    effect = Effect.BREAKS
    level = Level.PARSE
    requires = ("wordnet",)
    example = "Anna baked a chocolate cake for her brother's party. She was happy."

    rate: float = 0.15
    conceptnet: str | None = None
    min_count: int = 2

    _vocab: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def validate(self) -> None:
        super().validate()
        if self.min_count < 1:
            raise ValueError(f"min_count must be >= 1, got {self.min_count}")

    def fit(self, corpus: Sequence[Example | str], annotator: Annotator | None = None) -> KeywordSubstitution:
        """Count keyword forms per slot (tag, transitivity) over the corpus for random draws."""
        ann = annotator or default_annotator()
        texts = [x.text if isinstance(x, Example) else str(x) for x in corpus]
        counts: dict[tuple[str, str], Counter] = {}
        frames: Counter = Counter()  # (lemma, frame): a verb must be seen often with the frame
        for doc in ann.pipe([t for t in texts if t.strip()], Level.PARSE):
            for slot, word, lemma, pos in _keyword_observations(doc):
                counts.setdefault(slot, Counter())[(word, lemma, pos)] += 1
                frames[lemma, slot[1]] += 1
        self._vocab = {}
        for slot, c in counts.items():
            items = sorted(
                ((w, lem), n)
                for (w, lem, pos), n in c.items()
                if n >= self.min_count
                and frames[lem, slot[1]] >= 2 * self.min_count
                and _known(lem, pos)
                and form_like_ok(w, lem, slot[0], pos)
            )
            if items:
                # cumulative counts, summed once: ``choices`` would re-add every weight on every draw
                self._vocab[slot] = ([k for k, _ in items], list(itertools.accumulate(n for _, n in items)))
        return self

    @property
    def fitted(self) -> bool:
        return bool(self._vocab)

    def _replacement(self, tok: Token, rng: random.Random, provider) -> tuple[str, str, str] | None:
        lemma = tok.lemma_.lower()
        ants = [(a, s) for a, s in antonyms_of(lemma, tok.pos_, provider) if complements_ok(tok, lemma, a)]
        rng.shuffle(ants)
        for ant, source in ants:
            new = form_like(ant, tok)
            if new and new != tok.lower_:
                return ant, new, source
        pool = self._vocab.get(_slot(tok.doc, tok.i))
        if not pool or form_like(lemma, tok) is None:
            return None
        words, cum_weights = pool
        for _ in range(10):
            word, wlemma = rng.choices(words, cum_weights=cum_weights)[0]
            if wlemma != lemma and word != tok.lower_:
                return wlemma, word, "corpus"
        return None

    def applicable(self, example: Example, doc: Doc) -> bool:
        kws = replaceable_indices(doc, KEYWORD_POS)
        if self.fitted:
            return bool(kws)
        provider, lemma = _provider(self.conceptnet), token_columns(doc)["lemma"]
        return any(antonyms_of(lemma[i], pos, provider) for i, pos in kws)

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        kws = [i for i, _ in replaceable_indices(doc, KEYWORD_POS)]
        provider = _provider(self.conceptnet)
        n = max(1, round(self.rate * len(kws)))
        rng.shuffle(kws)
        chosen, used = [], set()
        for i in kws:
            if len(chosen) >= n:
                break
            if used & {i - 1, i + 1}:
                continue
            tok = doc[i]
            rep = self._replacement(tok, rng, provider)
            if rep is not None:
                chosen.append((tok, *rep))
                used.add(tok.i)
        chosen.sort(key=lambda c: c[0].i)
        return self.rewrite(example, _changes(doc, chosen, "keyword")) if chosen else None
