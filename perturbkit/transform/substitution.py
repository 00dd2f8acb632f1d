"""The word-substitution base: the steps every transform that swaps single words shares.

find sites -> propose candidates -> filter -> inflect -> edit -> provenance

1. *sites* (:meth:`WordSubstitution.sites`): plain content words of the parts of speech the
   transform names; never stop words, names, entities, masks ("[MALE]"), parts of compounds,
   hyphenated words, phrasal verbs or fixed expressions ("fell asleep"); checked once per Doc;
2. *propose* (:meth:`~WordSubstitution.propose`): the transform's resource offers replacement
   lemmas (antonyms, synonyms, concepts...), each with the resource's name;
3. *filter* (:meth:`~WordSubstitution.fits`): the transform keeps those that fit the sentence;
4. *inflect* (:meth:`~WordSubstitution.inflect`): a proposal takes the original's form
   ("agreed" -> "disagreed"), and is dropped when the original is not a regular form itself;
5. *edit* (:func:`word_changes`): the new word is cased like the original and a preceding
   "a"/"an" agrees with it;
6. *provenance*: each edit's note reads ``"<label>[<source>] <POS> <old lemma>-><new lemma>"``.

Two ways to choose what to replace come with it: :class:`MaxWordsSubstitution` (up to
``max_words`` words among every candidate) and :class:`RateSubstitution` (about ``rate`` of the
sites, drawn one site at a time).

>>> @register
... @dataclass(repr=False)
... class Colder(MaxWordsSubstitution):                         # doctest: +SKIP
...     name = "colder"; label = "colder"; upos = ("ADJ",)
...     def propose(self, lemma, pos):
...         return [Proposal("cold", "mine")] if lemma == "hot" else []
>>> Colder()("The soup was hot.").text                          # doctest: +SKIP
'The soup was cold.'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from ..annotation import hyphen_glued, per_doc, token_columns, token_strings
from ..example import Example
from ..resources.inflect import inflect_like
from ..resources.lexicons import phrases_by_first_word
from .base import Change, Transform
from .words import indefinite_article, match_case

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

#: Parts of speech lemminflect inflects as content words (others are inflected without a POS).
_INFLECTED_POS = frozenset({"NOUN", "VERB", "ADJ", "ADV"})
#: Dependency labels whose tokens are parts of a larger name or expression.
_FIXED_DEPS = frozenset({"compound", "prt", "fixed", "flat", "case", "poss", "predet", "nummod", "npadvmod"})
#: Words that make a phrasal verb when they follow it ("passed away"), whatever their tag.
_PARTICLES = frozenset("away in out up down off on back over around along through apart together aside forward".split())
#: Verbs with these dependents have a meaning fixed by the construction ("find it hard").
_VERB_BLOCKING_DEPS = frozenset({"prt", "oprd", "dative"})
#: Adjectives in these roles are real adjectives (not nouns mis-tagged as ADJ: "the fair").
_ADJ_DEPS = frozenset({"amod", "acomp", "attr", "conj", "oprd", "xcomp"})


class Proposal(NamedTuple):
    """A lemma a resource offers to replace a word, the resource's name, and what the resource
    says about its use (e.g. the object a synonym needs; "" when nothing)."""

    lemma: str
    source: str
    usage: str = ""


class Candidate(NamedTuple):
    """A replacement ready to write: the token's index, the new lemma, its inflected form, and
    the resource it came from."""

    i: int
    lemma: str
    new: str
    source: str


# ------------------------------------------------------------------------------------------------
# Step 1: sites
# ------------------------------------------------------------------------------------------------
@per_doc
def fixed_expression_spans(doc: Doc) -> tuple[tuple[int, int], ...]:
    """(start, end) token ranges of the fixed expressions in ``doc`` ("fell asleep", "at least",
    "high school"), matched on words or lemmas; found once per Doc. ``repeat_ngram`` keeps them whole."""
    cols = token_columns(doc)
    return expression_spans(list(zip(cols["lower"], cols["lemma"])))


def expression_spans(forms: Sequence[tuple[str, str]]) -> tuple[tuple[int, int], ...]:
    """(start, end) ranges of the fixed expressions of ``fixed_expressions.txt`` in a token
    sequence given as (lower-cased word, lemma) per token; a phrase word matches either form.
    Example: ``expression_spans([("fell", "fall"), ("asleep", "asleep")]) == ((0, 2),)``."""
    exprs = phrases_by_first_word("fixed_expressions.txt")
    out: list[tuple[int, int]] = []
    for i, (lower, lemma) in enumerate(forms):
        found = exprs.get(lower, ())
        if lemma != lower and lemma in exprs:
            found += exprs[lemma]
        for e in found:
            n = len(e)
            if i + n <= len(forms) and all(w in forms[i + k] for k, w in enumerate(e)):
                out.append((i, i + n))
    return tuple(out)


@per_doc
def fixed_expression_tokens(doc: Doc) -> tuple[int, ...]:
    """Indices (ascending) of the tokens inside a fixed expression (see :func:`fixed_expression_spans`)."""
    return tuple(sorted({k for a, b in fixed_expression_spans(doc) for k in range(a, b)}))


@per_doc
def _replaceable(doc: Doc) -> tuple[tuple[int, str], ...]:
    """(index, POS) of every replaceable token, read from the per-Doc token table."""
    cols, strs = token_columns(doc), token_strings(doc)
    fixed, glued = frozenset(fixed_expression_tokens(doc)), hyphen_glued(doc)
    text, pos, tag, dep, kids = strs["text"], strs["pos"], strs["tag"], strs["dep"], strs["children"]
    alpha, stop, ent = cols["IS_ALPHA"], cols["IS_STOP"], cols["ENT_TYPE"]
    start = cols["SENT_START"]
    lower, lemma, head = cols["lower"], cols["lemma"], cols["HEAD"]
    n = len(text)
    out = []
    for i in range(n):
        t = text[i]
        if not alpha[i] or len(t) < 3 or stop[i] or i in fixed or ent[i] or dep[i] in _FIXED_DEPS:
            continue
        if t.isupper() or (t[0].isupper() and not (i == 0 or start[i] == 1)):
            continue  # acronyms, masks ([MALE]) and mid-sentence capitals (names)
        if i > 0 and text[i - 1] in ("[", "<", "@", "#"):
            continue
        if i in glued:
            continue  # part of a hyphenated word ("long-time")
        p = pos[i]
        deps = [dep[k] for k in kids[i]]
        if p == "ADJ" and (dep[i] not in _ADJ_DEPS or "det" in deps or "poss" in deps):
            continue
        if (
            tag[i] == "NN"
            and dep[i] in ("nsubj", "nsubjpass")
            and not any(d in ("det", "poss", "amod", "nummod", "compound") for d in deps)
        ):
            continue  # a bare singular subject is most likely a lower-cased name ("joy used ...")
        if p == "NOUN" and "compound" in deps:
            continue  # "ice cream": the head of a compound
        if p == "VERB" and (
            not _VERB_BLOCKING_DEPS.isdisjoint(deps) or (i + 1 < n and head[i + 1] == i and lower[i + 1] in _PARTICLES)
        ):
            continue  # fixed by the construction, or a phrasal verb ("passed away", "broken in")
        if lemma[i].isalpha():
            out.append((i, p))
    return tuple(out)


def replaceable_indices(doc: Doc, upos: Iterable[str]) -> list[tuple[int, str]]:
    """(index, POS), in order, of the tokens of ``doc`` that may be replaced, of one of ``upos``:
    plain content words, not stop words, names, entities, masks or parts of idioms. The
    POS-independent checks run once per Doc, since every substitution transform asks the same
    question of the same parse; indices, so that callers filter before they need a spaCy Token
    (most replaceable words have no antonym, synonym or concept)."""
    return [(i, pos) for i, pos in _replaceable(doc) if pos in upos]


# ------------------------------------------------------------------------------------------------
# Steps 4 and 5: inflection and the edit
# ------------------------------------------------------------------------------------------------
def form_like(lemma: str, tok: Token) -> str | None:
    """``lemma`` inflected like ``tok`` (agree + "agreed"/VBD -> "disagreed"), or None.

    None also when the token's own form is not the regular inflection of its lemma for its tag
    (a mis-tagged or mis-lemmatised token), so that a wrong parse never yields a wrong form.
    """
    if "_" in lemma or "-" in lemma or " " in lemma or not lemma.isalpha():
        return None
    upos = tok.pos_ if tok.pos_ in _INFLECTED_POS else None
    own = inflect_like(tok.lemma_.lower(), tok.tag_, upos=upos)
    if own is None or own != tok.text.lower():
        return None
    return inflect_like(lemma.lower(), tok.tag_, upos=upos)


def word_changes(doc: Doc, tok: Token, new: str, note: str) -> list[Change]:
    """Changes replacing ``tok`` by ``new`` (cased like it) and fixing a preceding "a"/"an"."""
    new = match_case(tok.text, new)
    changes = [Change(tok.idx, tok.idx + len(tok.text), new, note)]
    if tok.i > 0:
        prev = doc[tok.i - 1]
        if prev.lower_ in ("a", "an") and prev.whitespace_:
            art = indefinite_article(new)
            if art != prev.lower_:
                changes.append(
                    Change(
                        prev.idx, prev.idx + len(prev.text), match_case(prev.text, art), f"article agrees with {new!r}"
                    )
                )
    return changes


@per_doc
def _candidate_tables(doc: Doc) -> dict[tuple, tuple[Candidate, ...]]:
    """Each substitution's candidates in this Doc, by :meth:`WordSubstitution.memo_key` (filled
    by :meth:`WordSubstitution.candidates`)."""
    return {}


# ------------------------------------------------------------------------------------------------
# The base
# ------------------------------------------------------------------------------------------------
@dataclass(repr=False)
class WordSubstitution(Transform):
    """Base of the transforms that replace single words (see the module doc for the steps).

    A subclass states its own parts: the class attributes ``upos`` (parts of speech replaced),
    ``deps`` (dependency labels allowed, None for any) and ``label`` (the provenance prefix),
    :meth:`propose` and, when needed, :meth:`fits`. ``memo_fields`` names the parameters that
    change the candidates (they are found once per Doc and those parameters)."""

    upos: ClassVar[tuple[str, ...]] = ("ADJ", "VERB", "ADV", "NOUN")
    deps: ClassVar[tuple[str, ...] | None] = None
    label: ClassVar[str] = ""
    memo_fields: ClassVar[tuple[str, ...]] = ()

    # --- steps a substitution states ------------------------------------------------------------
    def propose(self, lemma: str, pos: str) -> Sequence[Proposal]:
        """Step 2: lemmas that may replace a word with this lemma and part of speech."""
        raise NotImplementedError

    def fits(self, tok: Token, lemma: str, proposal: Proposal) -> bool:
        """Step 3: whether ``proposal`` may replace ``tok`` (lemma ``lemma``) in its sentence."""
        return True

    # --- shared steps ---------------------------------------------------------------------------
    def sites(self, doc: Doc) -> list[tuple[int, str]]:
        """Step 1: (index, POS) of the replaceable words of ``upos`` with a dependency in ``deps``."""
        found = replaceable_indices(doc, self.upos)
        if self.deps is None:
            return found
        dep = token_strings(doc)["dep"]
        return [(i, pos) for i, pos in found if dep[i] in self.deps]

    def options(self, tok: Token, lemma: str, pos: str) -> list[Proposal]:
        """Steps 2-3 for one word: the proposals that fit, in the resource's order."""
        return [p for p in self.propose(lemma, pos) if self.fits(tok, lemma, p)]

    def inflect(self, tok: Token, proposal: Proposal) -> Candidate | None:
        """Step 4: ``proposal`` in ``tok``'s form, or None (no such form, or the original's)."""
        new = form_like(proposal.lemma, tok)
        return Candidate(tok.i, proposal.lemma, new, proposal.source) if new and new != tok.lower_ else None

    def candidates_at(self, doc: Doc, i: int, pos: str) -> list[Candidate]:
        """Steps 2-4 for token ``i`` (a spaCy Token is built only when something is proposed)."""
        lemma = token_columns(doc)["lemma"][i]
        proposals = self.propose(lemma, pos)
        if not proposals:
            return []
        tok = doc[i]
        out = []
        for p in proposals:
            if self.fits(tok, lemma, p):
                c = self.inflect(tok, p)
                if c is not None:
                    out.append(c)
        return out

    def candidates(self, doc: Doc) -> tuple[Candidate, ...]:
        """Steps 1-4 over the whole Doc, found once per Doc and :meth:`memo_key` (``applicable``
        and ``apply`` both ask)."""
        tables = _candidate_tables(doc)
        key = self.memo_key()
        found = tables.get(key)
        if found is None:
            found = tables[key] = tuple(c for i, pos in self.sites(doc) for c in self.candidates_at(doc, i, pos))
        return found

    def memo_key(self) -> tuple:
        """What the candidates depend on: the class (by name, so the Doc still pickles) and the
        values of ``memo_fields``."""
        cls = type(self)
        return (f"{cls.__module__}.{cls.__qualname__}", *(getattr(self, f) for f in self.memo_fields))

    def changes(self, doc: Doc, chosen: Iterable[Candidate]) -> list[Change]:
        """Steps 5-6: the edits writing ``chosen``, each noted with its provenance."""
        out: list[Change] = []
        for c in chosen:
            tok = doc[c.i]
            note = f"{self.label}[{c.source}] {tok.pos_} {tok.lemma_.lower()}->{c.lemma}"
            out.extend(word_changes(doc, tok, c.new, note))
        return out

    def substitute(self, example: Example, doc: Doc, chosen: Sequence[Candidate]) -> Example | None:
        """The variant with ``chosen`` written in (None when nothing was chosen)."""
        return self.rewrite(example, self.changes(doc, chosen)) if chosen else None


@dataclass(repr=False)
class MaxWordsSubstitution(WordSubstitution):
    """Replace up to ``max_words`` words, drawn among every candidate of the story: distinct,
    non-adjacent words, each with one of its candidates."""

    max_words: int = 1

    def validate(self) -> None:
        super().validate()
        if self.max_words < 1:
            raise ValueError(f"max_words must be >= 1, got {self.max_words}")

    def choices(self, doc: Doc) -> Sequence[Candidate]:
        """The candidates to draw from (all of them; a subclass may prefer some)."""
        return self.candidates(doc)

    def applicable(self, example: Example, doc: Doc) -> bool:
        return bool(self.candidates(doc))

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        return self.substitute(example, doc, pick(rng, self.choices(doc), self.max_words))


@dataclass(repr=False)
class RateSubstitution(WordSubstitution):
    """Replace about ``rate`` of the sites (at least one): sites are visited in random order,
    skipping neighbours of words already replaced, and :meth:`draw` chooses each one's
    replacement. ``distinct_lemmas``: replace each lemma at most once."""

    rate: float = 0.15

    distinct_lemmas: ClassVar[bool] = False

    def draw(self, doc: Doc, i: int, pos: str, rng: random.Random) -> Candidate | None:
        """The replacement for token ``i``: one of its candidates (None when it has none)."""
        cands = self.candidates_at(doc, i, pos)
        return rng.choice(cands) if cands else None

    def applicable(self, example: Example, doc: Doc) -> bool:
        return bool(self.sites(doc))

    def how_many(self, n_sites: int) -> int:
        """How many words to replace among ``n_sites`` sites: about ``rate`` of them, at least one
        (a subclass may cap it)."""
        return max(1, round(self.rate * n_sites))

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        sites = list(self.sites(doc))
        n = self.how_many(len(sites))
        rng.shuffle(sites)
        lemma_of = token_columns(doc)["lemma"]
        chosen: list[Candidate] = []
        used: set[int] = set()
        lemmas: set[str] = set()
        for i, pos in sites:
            if len(chosen) >= n:
                break
            if used & {i - 1, i + 1} or (self.distinct_lemmas and lemma_of[i] in lemmas):
                continue
            c = self.draw(doc, i, pos, rng)
            if c is not None:
                chosen.append(c)
                used.add(i)
                lemmas.add(lemma_of[i])
        return self.substitute(example, doc, sorted(chosen, key=_token_index))


def _token_index(c: Candidate) -> int:
    return c.i


def pick(rng: random.Random, cands: Sequence[Candidate], k: int) -> list[Candidate]:
    """Up to ``k`` candidates for distinct, non-adjacent tokens, drawn without replacement (in
    text order)."""
    by_tok: dict[int, list[Candidate]] = {}
    for c in cands:
        by_tok.setdefault(c.i, []).append(c)
    order = sorted(by_tok)
    rng.shuffle(order)
    chosen: list[Candidate] = []
    used: set[int] = set()
    for i in order:
        if len(chosen) >= k:
            break
        if used & {i - 1, i, i + 1}:
            continue
        used.add(i)
        chosen.append(rng.choice(by_tok[i]))
    return sorted(chosen, key=_token_index)
