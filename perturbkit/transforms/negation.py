"""Negation: insert or delete the negation of a sentence's main verb (OpenMEVA's consistency
perturbation, UNION's negation alteration), keeping the sentence grammatical.

Insertion follows English auxiliary syntax: after the first auxiliary or modal ("has gone" ->
"has not gone", "can" -> "cannot"), after a finite copula ("was" -> "was not"), else with
do-support in the verb's tense ("went" -> "did not go", "likes" -> "does not like"). Deletion is
the reverse ("did n't go" -> "went", "won't" -> "will", "wasn't" -> "was", "never went" ->
"went"). Contractions follow the story's own style ("didn't" in normal text, "did n't" in
tokenised text, "did not" when the story never contracts). Only the main clause (the parse root
and its auxiliaries) is touched; questions, inversions, clauses with other negative words, and
deletions that would strand a negative polarity item ("did n't have any") are skipped.
"""

from __future__ import annotations

import functools
import itertools
import random
import re
from bisect import bisect_left
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from ..annotation import Level, doc_text, sentences, token_columns
from ..example import Example
from ..resources.inflect import forms, inflect_like
from ..resources.lexicons import table, word_list
from ..transform import Change, Effect, Transform, register
from ..transform.words import is_tokenised, match_case

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

#: Negative contractions of auxiliaries and modals ("am", "may", "might", "shall" have none in
#: current English and take a full "not").
CONTRACTED = {
    "is": "isn't",
    "are": "aren't",
    "was": "wasn't",
    "were": "weren't",
    "has": "hasn't",
    "have": "haven't",
    "had": "hadn't",
    "do": "don't",
    "does": "doesn't",
    "did": "didn't",
    "will": "won't",
    "would": "wouldn't",
    "can": "can't",
    "could": "couldn't",
    "should": "shouldn't",
    "must": "mustn't",
}
#: spaCy's split of contracted negatives: "can't" -> "ca" + "n't", "won't" -> "wo" + "n't".
_CLIPPED = {"ca": "can", "wo": "will", "sha": "shall"}
#: Clitic auxiliaries and their full negative forms ("I'll" -> "I won't").
_CLITIC_NEG = {"'ll": "will", "'ve": "have"}
_DO_FOR_TAG = {"VBD": "did", "VBZ": "does", "VBP": "do"}
_SUBJ_DEPS = ("nsubj", "nsubjpass", "expl", "csubj")
#: Dependencies through which a polarity item is in the scope of the main verb's negation.
_SCOPE_DEPS = frozenset(
    {
        "dobj",
        "pobj",
        "prep",
        "det",
        "attr",
        "acomp",
        "xcomp",
        "npadvmod",
        "advmod",
        "amod",
        "nmod",
        "compound",
        "dative",
        "oprd",
        "quantmod",
        "nummod",
        "poss",
        "agent",
        "pcomp",
        "dep",
    }
)
_NEG_DEPS = ("not", "n't", "never")
#: Adverbs that stay outside an inserted "did not" ("then he did not go"); other adverbs right
#: before the verb go inside it ("he did not always want", not "he always did not want").
_OUTER_ADVERBS = frozenset(
    {
        "then",
        "finally",
        "eventually",
        "suddenly",
        "soon",
        "later",
        "now",
        "luckily",
        "unfortunately",
        "fortunately",
        "also",
        "still",
        "already",
        "once",
        "instead",
        "so",
        "thus",
        "therefore",
        "immediately",
        "quickly",
        "accidentally",
        "happily",
        "sadly",
        "surprisingly",
        "thankfully",
        "hopefully",
    }
)
#: Verbs whose negation is not idiomatic ("I do not hope ...").
_NO_DO_SUPPORT = frozenset({"hope", "use"})
#: Words right after "not" that make it a focus negation, not the clause's ("not only X but Y").
_FOCUS = frozenset({"only", "just", "merely", "simply", "even", "to", "because", "until", "till"})


@functools.lru_cache(maxsize=1)
def negation_cues() -> frozenset[str]:
    """Single-word negation cues (``negation_words.txt``) plus the approximate negators."""
    return frozenset(w for w in word_list("negation_words.txt") | word_list("negation_approximate.txt") if " " not in w)


@functools.lru_cache(maxsize=1)
def _cue_forms() -> frozenset[str]:
    """:func:`negation_cues` as written with straight or curly apostrophes ("n't", "n’t")."""
    out = set()
    for cue in negation_cues():
        parts = cue.split("'")
        for quotes in itertools.product("'\u2019", repeat=len(parts) - 1):
            out.add(parts[0] + "".join(q + p for q, p in zip(quotes, parts[1:])))
    return frozenset(out)


@functools.lru_cache(maxsize=1)
def _count_pattern() -> re.Pattern:
    words = sorted((w for w in word_list("negation_words.txt") if " " not in w and "'" not in w), key=len, reverse=True)
    return re.compile(r"n't\b|\b(?:" + "|".join(map(re.escape, words)) + r")\b", re.IGNORECASE)


def negation_count(text: str) -> int:
    """How many negation cues ``text`` has ("did n't", "didn't", "not", "never", "cannot", "no"...)."""
    return len(_count_pattern().findall(text.replace("\u2019", "'")))


@functools.lru_cache(maxsize=1)
def _npis() -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(w.split()) for w in word_list("negation_npi.txt"))


@functools.lru_cache(maxsize=1)
def _npis_by_first() -> dict[str, tuple[tuple[str, ...], ...]]:
    """The negative polarity items indexed by their first word (so a scan tries only those)."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for npi in _npis():
        out.setdefault(npi[0], []).append(npi)
    return {k: tuple(v) for k, v in out.items()}


@functools.lru_cache(maxsize=1)
def _ppis() -> dict[str, str | None]:
    return {r["word"]: (None if r["negative"] == "-" else r["negative"]) for r in table("negation_ppi.txt")}


class Style(NamedTuple):
    """How the story writes negation: contracted ("didn't") or not, tokenised ("did n't") or not."""

    contract: bool
    tokenised: bool

    @classmethod
    def of(cls, doc: Doc, lows: list[str] | None = None) -> Style:
        """The doc's style; ``lows`` are its lower-cased token texts when already read."""
        if lows is None:
            lows = token_columns(doc)["lower"]
        n_nt = lows.count("n't") + lows.count("n’t")
        n_not = lows.count("not")
        return cls(contract=n_nt > 0 and n_nt >= n_not, tokenised=is_tokenised(doc_text(doc)))

    def negative(self, aux: str) -> str:
        """The negative of an auxiliary word ("did" -> "didn't" / "did n't" / "did not")."""
        low = aux.lower()
        if self.contract and low in CONTRACTED:
            neg = CONTRACTED[low]
            if self.tokenised:
                neg = {"won't": "wo n't", "can't": "ca n't"}.get(neg, neg[:-3] + " n't")
            return match_case(aux, neg)
        if low == "can":
            return match_case(aux, "can not" if self.tokenised else "cannot")
        return f"{aux} not"


class Op(NamedTuple):
    """One sentence's negation flip: its index, "insert"/"delete", and the changes."""

    sentence: int
    kind: str
    changes: tuple[Change, ...]


class _Facts(NamedTuple):
    """Token facts of one Doc read once into plain lists, so sentence checks work on indices
    instead of creating spaCy Token objects again and again."""

    lows: tuple[str, ...]  # lower-cased token texts
    space: tuple[int, ...]  # the token is whitespace (1) or not (0)
    cue_at: list[int]  # ascending indices of negation-cue tokens (curly apostrophes normalised)
    ppi_at: list[int]  # ascending indices of positive-polarity-item tokens
    any_question: bool  # the Doc has a question mark at all

    @classmethod
    def of(cls, doc: Doc) -> _Facts:
        """Read ``doc``'s tokens once."""
        cols = token_columns(doc)
        lows, cues, ppis = cols["lower"], _cue_forms(), _ppis()
        cue_at = [i for i, low in enumerate(lows) if low in cues]
        ppi_at = [i for i, low in enumerate(lows) if low in ppis]
        return cls(lows, cols["IS_SPACE"], cue_at, ppi_at, "?" in lows or "\uff1f" in lows)

    def first_word(self, sent: Span) -> int | None:
        """Index of the sentence's first non-space token."""
        space = self.space
        if not space[sent.start]:
            return sent.start
        return next((i for i in range(sent.start + 1, sent.end) if not space[i]), None)

    def n_words(self, sent: Span) -> int:
        """How many non-space tokens the sentence has."""
        return sent.end - sent.start - sum(self.space[sent.start : sent.end])

    def is_question(self, sent: Span) -> bool:
        """The sentence has a question mark (ASCII or full-width)."""
        if not self.any_question:
            return False
        toks = self.lows[sent.start : sent.end]
        return "?" in toks or "\uff1f" in toks

    def cues_in(self, sent: Span) -> list[int]:
        """Indices of the negation cues inside the sentence."""
        return _within(self.cue_at, sent)

    def ppis_in(self, sent: Span) -> list[int]:
        """Indices of the positive polarity items inside the sentence."""
        return _within(self.ppi_at, sent)


def _within(positions: list[int], sent: Span) -> list[int]:
    """The ascending token ``positions`` that fall inside ``sent``."""
    lo = bisect_left(positions, sent.start)
    return positions[lo : bisect_left(positions, sent.end, lo)]


# ------------------------------------------------------------------------------------------------
# Helpers on the parse
# ------------------------------------------------------------------------------------------------
#: A head's children with their dependency labels, read once per sentence.
_Kids = list[tuple["Token", str]]


def _kids(head: Token) -> _Kids:
    """``head``'s children paired with their dependency labels."""
    return [(c, c.dep_) for c in head.children]


def _subordinate(root: Token, kids: _Kids) -> bool:
    """The parse's root is inside a subordinate clause ("when i do presses she tries"): a
    mis-parse, since the main clause is elsewhere. ``kids`` are the root's children."""
    return any(dep == "mark" or (dep == "advmod" and c.tag_ == "WRB" and c.i < root.i) for c, dep in kids)


def _has_subject(kids: _Kids) -> bool:
    """The clause whose head has children ``kids`` has a subject."""
    return any(dep in _SUBJ_DEPS for _, dep in kids)


def _subject_before(kids: _Kids, i: int) -> bool:
    """The main clause (root children ``kids``) has a subject before token ``i`` (a
    declarative, not an inversion)."""
    subj = next((c for c, dep in kids if dep in _SUBJ_DEPS), None)
    return subj is not None and subj.i < i


def _in_scope(tok: Token, root: Token) -> bool:
    """``tok`` hangs from ``root`` through phrase-internal links only (not another clause)."""
    t = tok
    while t.i != root.i:
        if t.dep_ not in _SCOPE_DEPS or t.head.i == t.i:
            return False
        t = t.head
    return True


def _has_npi_after(lows: list[str], start: int, end: int) -> bool:
    """A negative polarity item ("any", "ever", "at all") among the lower-cased tokens
    ``lows[start + 1:end]`` (after token ``start`` in its sentence)."""
    words = lows[start + 1 : end]
    by_first = _npis_by_first()
    for i, word in enumerate(words):
        for npi in by_first.get(word, ()):
            if tuple(words[i : i + len(npi)]) == npi:
                return True
    return False


def _base_form(verb: Token) -> str | None:
    """The verb's lemma, if the verb really is an inflection of it (guards against bad parses)."""
    return _base_of(verb.lemma_, verb.tag_, verb.text)


@functools.lru_cache(maxsize=65536)
def _base_of(lemma: str, tag: str, text: str) -> str | None:
    """:func:`_base_form` on the token's lemma, tag and text (pure, so cached)."""
    lemma = lemma.lower()
    if not lemma.isalpha() or lemma == "be":
        return None
    own = inflect_like(lemma, tag, upos="VERB")
    return lemma if own == text.lower() else None


# ------------------------------------------------------------------------------------------------
# Insertion
# ------------------------------------------------------------------------------------------------
def _negate_aux(aux: Token, root: Token, style: Style) -> list[Change] | None:
    """Negate an auxiliary, modal or copula in place."""
    low = aux.lower_.replace("\u2019", "'")
    end = aux.idx + len(aux.text)
    lead = "" if aux.i > 0 and aux.doc[aux.i - 1].whitespace_ else " "
    if low in ("'s", "'re", "'m"):
        return [Change(end, end, " not", "negation inserted")]
    if low in _CLITIC_NEG:
        return [Change(aux.idx, end, lead + style.negative(_CLITIC_NEG[low]), "negation inserted")]
    if low == "'d":
        nxt = aux.doc[aux.i + 1] if aux.i + 1 < len(aux.doc) else None
        if nxt is None or nxt.pos_ not in ("VERB", "AUX"):
            return None
        base = nxt.lemma_.lower()
        vbn = inflect_like(base, "VBN", upos="VERB")
        if nxt.lower_ == base and vbn != base:
            full = "would"
        elif nxt.lower_ == vbn and vbn != base:
            full = "had"
        else:
            return None
        return [Change(aux.idx, end, lead + style.negative(full), "negation inserted")]
    if not aux.is_alpha or low in _CLIPPED:
        return None
    if low == "am" or low in CONTRACTED or low in ("may", "might", "shall", "need", "ought"):
        new = style.negative(aux.text) if low != "am" else f"{aux.text} not"
        if low in ("need", "ought") and aux.tag_ != "MD":
            return None
        return [Change(aux.idx, end, new, "negation inserted")]
    return None


def insertion(sent: Span, style: Style, facts: _Facts | None = None) -> list[Change] | None:
    """Changes negating the sentence's main verb, or None when that cannot be done right
    (``facts``: the Doc's token facts, when already read)."""
    facts = facts if facts is not None else _Facts.of(sent.doc)
    if facts.n_words(sent) < 2 or facts.is_question(sent):
        return None
    if facts.cues_in(sent):
        return None
    root = sent.root
    if root.pos_ not in ("VERB", "AUX"):
        return None
    kids = _kids(root)
    if _subordinate(root, kids):
        return None
    auxes = [c for c, dep in kids if dep in ("aux", "auxpass") and c.i < root.i and c.tag_ != "TO"]
    head = auxes[0] if auxes else root
    ppis = _ppis()
    doc = sent.doc
    conversions: list[Change] = []
    for i in facts.ppis_in(sent):
        low = facts.lows[i]
        t = doc[i]
        if not _in_scope(t, root):
            continue
        if ppis[low] is None:
            if t.head.i == root.i or t.head.i == head.i:
                return None  # "had already left", "was still there": no natural negative
            continue
        if t.i > head.i:
            conversions.append(
                Change(t.idx, t.idx + len(t.text), match_case(t.text, ppis[low]), "polarity item follows the negation")
            )
    if auxes:
        if not _subject_before(kids, head.i):
            return None
        changes = _negate_aux(head, root, style)
    elif root.lemma_ == "be" and root.tag_ in ("VBD", "VBZ", "VBP"):
        if not _subject_before(kids, root.i):
            return None
        changes = _negate_aux(root, root, style)
    else:
        changes = _do_support(sent, root, kids, style, facts.first_word(sent))
    if not changes:
        return None
    return changes + conversions


def _do_support(sent: Span, root: Token, kids: _Kids, style: Style, first_word: int | None) -> list[Change] | None:
    """ "went" -> "did not go", "likes" -> "does not like"; imperatives "Go" -> "Do not go".
    ``kids`` are the root's children, ``first_word`` the sentence's first non-space token."""
    if root.pos_ != "VERB":
        return None
    base = _base_form(root)
    if base is None or not forms(base, "VBD", "VERB"):
        return None  # not a verb lemminflect knows ("unsure" mis-tagged as a verb)
    if base in _NO_DO_SUPPORT:
        return None  # "I do not hope", "did not use to"
    if root.tag_ in _DO_FOR_TAG:
        if not _subject_before(kids, root.i):
            return None
        do = _DO_FOR_TAG[root.tag_]
    elif root.tag_ == "VB" and root.i == first_word and not _has_subject(kids):
        do = "do"  # imperative
    else:
        return None
    neg = style.negative(do)
    if do == "do" and root.tag_ == "VB":
        neg = match_case(root.text, neg)
    end = root.idx + len(root.text)
    doc = root.doc
    first = root.i
    while first - 1 > sent.start:
        prev = doc[first - 1]
        if not (
            prev.pos_ == "ADV" and prev.head.i == root.i and prev.lower_ not in _OUTER_ADVERBS and prev.whitespace_
        ):
            break
        first -= 1
    if first < root.i:  # "he always wanted" -> "he did not always want"
        start = doc[first].idx
        middle = doc_text(doc)[start : root.idx]
        return [Change(start, end, f"{neg} {middle}{base}", "negation inserted (do-support)")]
    return [Change(root.idx, end, f"{neg} {base}", "negation inserted (do-support)")]


# ------------------------------------------------------------------------------------------------
# Deletion
# ------------------------------------------------------------------------------------------------
def deletion(sent: Span, style: Style, facts: _Facts | None = None) -> list[Change] | None:
    """Changes removing the negation of the sentence's main verb, or None (``facts``: the
    Doc's token facts, when already read)."""
    facts = facts if facts is not None else _Facts.of(sent.doc)
    if facts.is_question(sent):
        return None
    negs = facts.cues_in(sent)
    if len(negs) != 1:
        return None  # none, or several (double negation, a negative subject, a second clause)
    root = sent.root
    doc = sent.doc
    neg = doc[negs[0]]
    kids = _kids(root)
    if _subordinate(root, kids):
        return None
    if neg.dep_ != "neg" or neg.head.i != root.i or neg.lower_.replace("\u2019", "'") not in _NEG_DEPS:
        return None
    nxt = doc[neg.i + 1] if neg.i + 1 < len(doc) else None
    if nxt is None or nxt.is_punct or nxt.lower_ in _FOCUS or _has_npi_after(facts.lows, neg.i, sent.end):
        return None
    if neg.lower_ == "never":
        if neg.i == facts.first_word(sent) or not _subject_before(kids, neg.i):
            return None  # "Never have I ..."
        return [Change(neg.idx, nxt.idx, "", "negation deleted")]
    prev = doc[neg.i - 1] if neg.i > sent.start else None
    if prev is None:
        return None
    is_aux = prev.head.i == root.i and prev.dep_ in ("aux", "auxpass")
    is_cop = prev.i == root.i and root.lemma_ == "be"
    if not (is_aux or is_cop):
        return None
    imperative = prev.lower_ == "do" and prev.i == facts.first_word(sent) and not _has_subject(kids)
    if not imperative and not _subject_before(kids, prev.i):
        return None
    if prev.lemma_.lower() == "do" and is_aux:
        return _undo_support(prev, neg, root, imperative)
    low = prev.lower_
    if low == "ai" or not prev.is_alpha:
        return None
    if low in _CLIPPED:  # "can't" / "ca n't" -> "can"
        return [Change(prev.idx, neg.idx + len(neg.text), match_case(prev.text, _CLIPPED[low]), "negation deleted")]
    if not prev.whitespace_:  # "wasn't" -> "was", "cannot" -> "can"
        return [Change(neg.idx, neg.idx + len(neg.text), "", "negation deleted")]
    return [Change(prev.idx + len(prev.text), neg.idx + len(neg.text), "", "negation deleted")]


def _undo_support(do: Token, neg: Token, verb: Token, imperative: bool) -> list[Change] | None:
    """ "did not go" -> "went", "doesn't like" -> "likes", "Don't worry" -> "Worry"."""
    doc = do.doc
    if verb.i <= neg.i or verb.tag_ != "VB" or verb.lemma_.lower() == "be":
        return None
    between = doc[neg.i + 1 : verb.i]
    if any(t.pos_ != "ADV" or t.head.i != verb.i for t in between):
        return None
    base = _base_form(verb)
    if base is None:
        return None
    if imperative:
        tag = "VB"
    else:
        tag = {"VBD": "VBD", "VBZ": "VBZ", "VBP": "VBP"}.get(do.tag_)
        if tag is None:
            return None
    new = base if tag in ("VB", "VBP") else inflect_like(base, tag, upos="VERB")
    if not new:
        return None
    first = doc[neg.i + 1]
    changes = [Change(do.idx, first.idx, "", "negation deleted (do-support)")]
    if imperative and not between:
        new = match_case(do.text, new)
    elif imperative:
        changes = [Change(do.idx, first.idx + len(first.text), match_case(do.text, first.text), "negation deleted")]
    changes.append(Change(verb.idx, verb.idx + len(verb.text), new, f"{verb.text} -> {new}"))
    return changes


# ------------------------------------------------------------------------------------------------
# Transforms
# ------------------------------------------------------------------------------------------------
def negation_ops(doc: Doc, mode: str = "both") -> list[Op]:
    """Every sentence's possible flip: a deletion where the main verb is negated (``mode``
    "delete"/"both"), else an insertion where it can be negated ("insert"/"both").

    Computed once per Doc and mode (``applicable`` and ``apply`` of both transforms ask): see
    :func:`_op_table`."""
    return [Op(k, kind, tuple(Change(*c) for c in changes)) for k, kind, changes in _op_table(doc, mode)[1]]


def _op_table(doc: Doc, mode: str) -> tuple[int, tuple]:
    """The Doc's sentence count and its flips as plain tuples ``(sentence, kind, ((start, end,
    new, note), ...))``, computed once per Doc and mode and kept in ``doc.user_data``."""
    key = f"pk_negation_ops_{mode}"
    table = doc.user_data.get(key)
    if table is None:
        sents = sentences(doc)
        ops = tuple(
            (op.sentence, op.kind, tuple(tuple(c) for c in op.changes)) for op in _compute_ops(doc, sents, mode)
        )
        table = doc.user_data[key] = (len(sents), ops)
    return table


def _compute_ops(doc: Doc, sents: list[Span], mode: str) -> list[Op]:
    """The uncached work of :func:`negation_ops` over the Doc's ``sents``, reading its tokens once."""
    facts = _Facts.of(doc)
    style = Style.of(doc, facts.lows)
    ops = []
    for k, sent in enumerate(sents):
        if mode in ("delete", "both"):
            ch = deletion(sent, style, facts)
            if ch:
                ops.append(Op(k, "delete", tuple(ch)))
                continue
        if mode in ("insert", "both"):
            ch = insertion(sent, style, facts)
            if ch:
                ops.append(Op(k, "insert", tuple(ch)))
    return ops


_MODES = ("insert", "delete", "both")


@register
@dataclass(repr=False)
class Negation(Transform):
    """Insert or delete the main-verb negation in ``rate`` of the sentences (at least one):
    "went" -> "did not go", "can't" -> "can" (OpenMEVA's consistency perturbation)."""

    name = "negation"
    aspect = "consistency"
    effect = Effect.BREAKS
    level = Level.PARSE
    example = "Tom went to the store. He could n't find any milk. He was sad."

    rate: float = 0.2
    mode: str = "both"

    def validate(self) -> None:
        super().validate()
        if self.mode not in _MODES:
            raise ValueError(f"mode must be one of {', '.join(_MODES)}, got {self.mode!r}")

    def applicable(self, example: Example, doc: Doc) -> bool:
        return bool(_op_table(doc, self.mode)[1])

    def choose(self, ops: list[Op], n_total: int, rng: random.Random) -> list[Op]:
        """Which flips to make: ``rate`` of the story's sentences (at least one), among those
        that can be flipped (OpenMEVA: ``max(1, int(n * 0.2))``)."""
        return rng.sample(ops, min(len(ops), max(1, int(n_total * self.rate))))

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        n_sents, table = _op_table(doc, self.mode)
        if not table:
            return None
        # The ops' changes stay plain (start, end, new, note) tuples until their final note is known.
        chosen = sorted(self.choose([Op(*row) for row in table], n_sents, rng))
        changes = [
            Change(start, end, new, f"sentence {op.sentence + 1}: {note}")
            for op in chosen
            for start, end, new, note in op.changes
        ]
        return self.rewrite(example, changes)


@register
@dataclass(repr=False)
class NegationAlteration(Negation):
    """UNION's negation alteration: flip the negation of a random number of sentences (uniform
    between one and all of them), deleting where negated and inserting elsewhere."""

    name = "negation_alteration"
    aspect = "consistency"
    effect = Effect.BREAKS
    example = "Tom went to the store. He could n't find any milk. He was sad."

    rate: float = 1.0

    def choose(self, ops: list[Op], n_total: int, rng: random.Random) -> list[Op]:
        """UNION: draw a count uniformly from 1..n (n = ``rate`` of the sentences), pick that
        many sentences, flip those that can be flipped (one flippable sentence if none can)."""
        drawn = rng.randint(1, max(1, int(round(n_total * self.rate))))
        picked = set(rng.sample(range(n_total), min(drawn, n_total)))
        chosen = [op for op in ops if op.sentence in picked]
        return chosen or [rng.choice(ops)]
