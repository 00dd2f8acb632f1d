"""What the negation transforms read from the parse: one Doc's token facts (cues, polarity
items, questions) read once, and checks on a sentence's main clause (subject position,
subordination, the scope of its negation, the verb's base form)."""

from __future__ import annotations

import functools
from bisect import bisect_left
from typing import TYPE_CHECKING, NamedTuple

from ...annotation import token_columns
from ...resources.inflect import inflect_like
from .cues import cue_forms, npis_by_first, polarity_items

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token


SUBJ_DEPS = ("nsubj", "nsubjpass", "expl", "csubj")
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


class Facts(NamedTuple):
    """Token facts of one Doc read once into plain lists, so sentence checks work on indices
    instead of creating spaCy Token objects again and again."""

    lows: tuple[str, ...]  # lower-cased token texts
    space: tuple[int, ...]  # the token is whitespace (1) or not (0)
    cue_at: list[int]  # ascending indices of negation-cue tokens (curly apostrophes normalised)
    ppi_at: list[int]  # ascending indices of positive-polarity-item tokens
    any_question: bool  # the Doc has a question mark at all

    @classmethod
    def of(cls, doc: Doc) -> Facts:
        """Read ``doc``'s tokens once."""
        cols = token_columns(doc)
        lows, cues, ppis = cols["lower"], cue_forms(), polarity_items()
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


#: A head's children with their dependency labels, read once per sentence.
Kids = list[tuple["Token", str]]


def kids_of(head: Token) -> Kids:
    """``head``'s children paired with their dependency labels."""
    return [(c, c.dep_) for c in head.children]


def subordinate(root: Token, kids: Kids) -> bool:
    """The parse's root is inside a subordinate clause ("when i do presses she tries"): a
    mis-parse, since the main clause is elsewhere. ``kids`` are the root's children."""
    return any(dep == "mark" or (dep == "advmod" and c.tag_ == "WRB" and c.i < root.i) for c, dep in kids)


def has_subject(kids: Kids) -> bool:
    """The clause whose head has children ``kids`` has a subject."""
    return any(dep in SUBJ_DEPS for _, dep in kids)


def subject_before(kids: Kids, i: int) -> bool:
    """The main clause (root children ``kids``) has a subject before token ``i`` (a
    declarative, not an inversion)."""
    subj = next((c for c, dep in kids if dep in SUBJ_DEPS), None)
    return subj is not None and subj.i < i


def in_scope(tok: Token, root: Token) -> bool:
    """``tok`` hangs from ``root`` through phrase-internal links only (not another clause)."""
    t = tok
    while t.i != root.i:
        if t.dep_ not in _SCOPE_DEPS or t.head.i == t.i:
            return False
        t = t.head
    return True


def has_npi_after(lows: list[str], start: int, end: int) -> bool:
    """A negative polarity item ("any", "ever", "at all") among the lower-cased tokens
    ``lows[start + 1:end]`` (after token ``start`` in its sentence)."""
    words = lows[start + 1 : end]
    by_first = npis_by_first()
    for i, word in enumerate(words):
        for npi in by_first.get(word, ()):
            if tuple(words[i : i + len(npi)]) == npi:
                return True
    return False


def base_form(verb: Token) -> str | None:
    """The verb's lemma, if the verb really is an inflection of it (guards against bad parses)."""
    return _base_of(verb.lemma_, verb.tag_, verb.text)


@functools.lru_cache(maxsize=8192)
def _base_of(lemma: str, tag: str, text: str) -> str | None:
    """:func:`base_form` on the token's lemma, tag and text (pure, so cached)."""
    lemma = lemma.lower()
    if not lemma.isalpha() or lemma == "be":
        return None
    own = inflect_like(lemma, tag, upos="VERB")
    return lemma if own == text.lower() else None
