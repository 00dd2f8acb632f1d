"""Repetition: lexical (n-gram) and sentence repetition, short- and long-range (OpenMEVA, UNION)."""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..example import Example
from ..transform import Change, Effect, Transform, register
from ._quotes import Quotes
from ._text import sentences

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

_SPANS_KEY = "perturbkit.repetition.sentence_spans"
# A sentence we copy must end like a sentence and not leave a quotation open.
_FINAL = re.compile(r"[.!?\u2026][\"\u201d\u2019')\]]*$")
# Parts of speech an n-gram may end with, so that the copy reads as a repeated phrase.
_CONTENT_POS = {"NOUN", "PROPN", "VERB", "ADJ", "NUM", "ADV"}
_ATTACHED = {"conj", "amod", "compound", "appos", "poss"}  # a first word that hangs on a word before it
_NOUNISH = {"NOUN", "PROPN", "PRON", "DET", "NUM"}
_CLAUSAL = {"VERB", "AUX"}  # their left edge is the subject, which a verb phrase may leave out
# Punctuation that may touch an n-gram on its left / right without joining it to another word.
_LEFT_GLUE = {'"', "\u201c"}
_RIGHT_GLUE = set('.,!?;:"\u201d)\u2026')


def _span(sent: "Span") -> tuple[int, int, str]:
    """(start, end, text) of a sentence without its surrounding whitespace."""
    text = sent.text.strip()
    start = sent.start_char + (len(sent.text) - len(sent.text.lstrip()))
    return start, start + len(text), text


def _copyable(text: str) -> bool:
    """A sentence whose copy reads as a whole sentence: final punctuation, balanced quotes."""
    return (bool(_FINAL.search(text)) and any(c.isalpha() for c in text)
            and text.count('"') % 2 == 0 and text.count("\u201c") == text.count("\u201d"))


def _copyable_spans(doc: "Doc", text: str) -> list[tuple[int, int, str, bool]]:
    """(start, end, text, ok) per sentence; ``ok``: it can be copied, or be the target of a copy
    (a whole sentence outside dialogue, so the copy never lands inside or splits a quotation)."""
    out = doc.user_data.get(_SPANS_KEY)
    if out is None:
        out = []
        quotes = Quotes(text)
        for s in sentences(doc):
            start, end, sent = _span(s)
            ok = _copyable(sent) and not quotes.inside(start) and not quotes.inside(end)
            out.append((start, end, sent, ok))
        doc.user_data[_SPANS_KEY] = out  # shared by the sentence-level transforms (plain data)
    return out


def _gap(text: str, sp: list[tuple[int, int, str]], i: int) -> str:
    """The separator to put between sentence ``i`` and a copy inserted after it."""
    if i + 1 < len(sp):
        gap = text[sp[i][1]:sp[i + 1][0]]
    elif i > 0:
        gap = text[sp[i - 1][1]:sp[i][0]]
    else:
        gap = " "
    return gap if gap and not gap.strip() and "\n\n" not in gap else " "


class _Tokens:
    """Per-token attributes of a Doc, read once (spaCy's Token objects are costly to re-create)."""

    def __init__(self, doc: "Doc") -> None:
        toks = list(doc)
        self.text = [t.text for t in toks]
        self.ws = [t.whitespace_ for t in toks]
        self.pos = [t.pos_ for t in toks]
        self.dep = [t.dep_ for t in toks]
        self.head = [t.head.i for t in toks]
        self.left = [t.left_edge.i for t in toks]
        n = len(toks)
        self.word = [
            (t.is_alpha or (t.like_num and any(c.isdigit() for c in t.text)))
            and (i == 0 or bool(self.ws[i - 1]) or self.text[i - 1] in _LEFT_GLUE)
            and (i + 1 == n or bool(self.ws[i]) or self.text[i + 1][0] in _RIGHT_GLUE)
            for i, t in enumerate(toks)
        ]  # a plain word (letters or a number) not glued to a neighbouring word


def _ngrams(tk: _Tokens, start: int, end: int, n: int) -> list[tuple[int, int]]:
    """(first, last) token indices of the n-grams in tokens [start, end) that read well repeated."""
    out = []
    pos, word = tk.pos, tk.word
    for a in range(start, end - n + 1):
        z = a + n - 1
        if not all(word[a:z + 1]) or any(w != " " for w in tk.ws[a:z]):
            continue
        if pos[z] not in _CONTENT_POS or "CCONJ" in pos[a:z + 1]:
            continue
        if pos[a] == "SCONJ" or (pos[a] == "PRON" and not tk.dep[a].startswith("nsubj")) or tk.dep[a] == "prt":
            continue  # not "it to be sent", not "up the payments" (a particle cut from its verb)
        if not a <= tk.head[a] <= z and (tk.dep[a] in _ATTACHED or (pos[a] == "ADP" and pos[tk.head[a]] in _NOUNISH)):
            continue  # not "of her passwords" cut from "all", "bases" from "acids and bases"
        # a whole phrase: its last word modifies nothing after it, and no noun phrase in it
        # loses its determiner or modifiers ("a red car", not "red car" or "a red")
        if tk.head[z] > z or any(pos[i] not in _CLAUSAL and tk.left[i] < a for i in range(a, z + 1)):
            continue
        out.append((a, z))
    return out


def _copy_text(doc: "Doc", text: str, sent: "Span", first: int, last: int) -> str:
    """The n-gram's text, with a sentence-initial capital lowered (not for names or "I")."""
    tok, end = doc[first], doc[last]
    text = text[tok.idx:end.idx + len(end.text)]
    at_start = first == sent.start or all(t.text in _LEFT_GLUE for t in doc[sent.start:first])
    if at_start and tok.text.istitle() and tok.pos_ != "PROPN" and tok.text != "I" and tok.ent_type_ != "PERSON":
        text = text[0].lower() + text[1:]
    return text


@register
@dataclass(repr=False)
class RepeatNgram(Transform):
    """Repeat an n-gram right after itself, joined by "and" ("a red car" -> "a red car and a red car")."""

    name = "repeat_ngram"
    aspect = "repetition"
    effect = Effect.BREAKS
    example = "She bought a red car at the market."

    n: int | None = None  # n-gram size 1-4; None draws one per example

    def validate(self) -> None:
        if self.n is not None and not (isinstance(self.n, int) and 1 <= self.n <= 4):
            raise ValueError(f"n must be 1-4 or None, got {self.n!r}")

    def _sizes(self) -> tuple[int, ...]:
        return (self.n,) if self.n else (1, 2, 3, 4)

    def applicable(self, example: Example, doc: "Doc") -> bool:
        return any(c.isalpha() for c in example.text)  # cheap pre-check; apply() finds the n-grams

    def apply(self, example: Example, doc: "Doc", rng: random.Random) -> Example | None:
        tk = _Tokens(doc)
        by_size: dict[int, list[tuple["Span", list[tuple[int, int]]]]] = {}
        for s in sentences(doc):
            for n in self._sizes():
                cands = _ngrams(tk, s.start, s.end, n)
                if cands:
                    by_size.setdefault(n, []).append((s, cands))
        if not by_size:
            return None
        n = rng.choice(sorted(by_size))
        sent, cands = rng.choice(by_size[n])
        first, last = rng.choice(cands)
        copy = _copy_text(doc, example.text, sent, first, last)
        end = doc[last].idx + len(doc[last].text)
        joiner = " AND " if sum(c.isalpha() for c in copy) > 1 and copy.isupper() else " and "
        return self.rewrite(example, [Change(end, end, joiner + copy, f"repeated {n}-gram {copy!r}")])


@register
@dataclass(repr=False)
class RepeatSentence(Transform):
    """Insert a copy of a sentence right after it (``keep_length``: the copy replaces the next one)."""

    name = "repeat_sentence"
    aspect = "repetition"
    effect = Effect.BREAKS
    example = "Tom woke up early. He made coffee. Then he went to work."

    keep_length: bool = False  # UNION style: overwrite the following sentence, same sentence count

    def _choices(self, doc: "Doc", text: str) -> tuple[list[tuple[int, int, str, bool]], list[int]]:
        sp = _copyable_spans(doc, text)
        if self.keep_length:
            idx = [i for i in range(len(sp) - 1) if sp[i][3] and sp[i + 1][3] and sp[i][2] != sp[i + 1][2]]
        else:
            idx = [i for i in range(len(sp)) if sp[i][3]]
        return sp, idx

    def applicable(self, example: Example, doc: "Doc") -> bool:
        return bool(self._choices(doc, example.text)[1])

    def apply(self, example: Example, doc: "Doc", rng: random.Random) -> Example | None:
        sp, idx = self._choices(doc, example.text)
        if not idx:
            return None
        i = rng.choice(idx)
        start, end, text, _ = sp[i]
        if self.keep_length:
            s2, e2, _, _ = sp[i + 1]
            return self.rewrite(example, [Change(s2, e2, text, f"sentence {i + 2} replaced by a copy of {i + 1}")])
        return self.rewrite(example, [Change(end, end, _gap(example.text, sp, i) + text,
                                             f"sentence {i + 1} repeated")])


@register
@dataclass(repr=False)
class RepeatSentenceFar(Transform):
    """Copy a sentence to a later, non-adjacent position (long-range repetition; >= 3 sentences)."""

    name = "repeat_sentence_far"
    aspect = "repetition"
    effect = Effect.BREAKS
    example = "Tom woke up early. He made coffee. Then he went to work."

    keep_length: bool = False  # overwrite a later sentence instead of inserting (same sentence count)

    def _targets(self, sp: list[tuple[int, int, str, bool]], i: int) -> list[int]:
        """Sentences after which (or, with keep_length, over which) a copy of sentence ``i`` may go,
        leaving at least one sentence between the original and its copy."""
        if not sp[i][3]:
            return []
        out = []
        for j in range(i + (2 if self.keep_length else 1), len(sp)):
            neighbours = {sp[j - 1][2]} if self.keep_length else {sp[j][2]}
            if j + 1 < len(sp):
                neighbours.add(sp[j + 1][2])
            if sp[j][3] and sp[i][2] not in neighbours and sp[j][2] != sp[i][2]:
                out.append(j)
        return out

    def applicable(self, example: Example, doc: "Doc") -> bool:
        sp = _copyable_spans(doc, example.text)
        return len(sp) >= 3 and any(self._targets(sp, i) for i in range(len(sp)))

    def apply(self, example: Example, doc: "Doc", rng: random.Random) -> Example | None:
        sp = _copyable_spans(doc, example.text)
        if len(sp) < 3:
            return None
        for i in rng.sample(range(len(sp)), len(sp)):  # a random source that has a target
            targets = self._targets(sp, i)
            if targets:
                break
        else:
            return None
        j = rng.choice(targets)
        text = sp[i][2]
        if self.keep_length:
            return self.rewrite(example, [Change(sp[j][0], sp[j][1], text,
                                                 f"sentence {j + 1} replaced by a copy of {i + 1}")])
        end = sp[j][1]
        return self.rewrite(example, [Change(end, end, _gap(example.text, sp, j) + text,
                                             f"sentence {i + 1} repeated after sentence {j + 1}")])
