"""Repetition: lexical (n-gram) and sentence repetition, short- and long-range (OpenMEVA, UNION)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..annotation import doc_text, per_doc, sentence_bounds, token_columns, token_strings
from ..example import Example
from ..transform import Change, Effect, Transform, register
from ..transform.substitution import fixed_expression_spans
from ._copies import (
    _far_sources,
    _gap,
    _noticeable_copies,
    _outcry,
    _plain_units,
    _repeatable_spans,
    repeats_on_purpose,
)
from ._narration import NEAR_COPY, SHORT_STORY_UNITS, free_gap
from ._ngram_limits import draw_ngram, script_form
from ._ngram_phrases import PhraseLimits

if TYPE_CHECKING:
    from spacy.tokens import Doc

# Parts of speech an n-gram may end with, so that the copy reads as a repeated phrase.
_CONTENT_POS = {"NOUN", "PROPN", "VERB", "ADJ", "NUM", "ADV"}
_ATTACHED = {"conj", "amod", "compound", "appos", "poss"}  # a first word that hangs on a word before it
_NOUNISH = {"NOUN", "PROPN", "PRON", "DET", "NUM"}
_CLAUSAL = {"VERB", "AUX"}  # their left edge is the subject, which a verb phrase may leave out
_SUBJECT = {"nsubj", "nsubjpass", "csubj", "csubjpass"}
# nouns that doubled read as an idiom of duration ("for hours and hours"), not as a repetition
_DURATION = set("seconds minutes hours days nights weeks months years ages miles times".split())
# dependents a word needs: an n-gram holding the word holds them too ("bob found and bob found a car"
# repeats a verb cut from its object; "tried and tried to study" one cut from its complement)
_COMPLEMENTS = {"dobj", "obj", "dative", "attr", "acomp", "oprd", "xcomp", "ccomp", "pobj", "pcomp", "prt", "npadvmod"}
_PP_HOSTS = _NOUNISH | {"ADP", "ADV", "ADJ"}  # a preposition on one of these is part of its phrase ("out of")
_DOUBLING_IDIOM_TAGS = {"JJR", "RBR"}  # "better and better", "more and more": idioms of degree
# Punctuation that may touch an n-gram on its left / right without joining it to another word.
_LEFT_GLUE = {'"', "\u201c"}
_RIGHT_GLUE = set('.,!?;:"\u201d)\u2026')
_SIZES = (1, 2, 3, 4)
# left dependents that tie a clause to what comes before it: a subordinator ("than he needed"), a
# fronted object or relative word ("the money that he needed"); an n-gram without them is no clause
_TIES = {"mark", "dobj", "obj", "pobj", "attr", "dative", "relcl"}
_WH_TAGS = {"WDT", "WP", "WP$", "WRB"}
_PARTICLES = set("by over up down out off away back around in on".split())


class _Phrases:
    """Per-token facts of the n-gram test (see ``_ngrams``), from attributes read once through
    ``doc.to_array`` (spaCy builds a Token object on every ``doc[i]``)."""

    def __init__(self, doc: Doc, text: str) -> None:
        cols, strs = token_columns(doc), token_strings(doc)
        idx, length, ws, alpha, num, head = (
            cols[k] for k in ("IDX", "LENGTH", "SPACY", "IS_ALPHA", "LIKE_NUM", "HEAD")
        )
        n = len(idx)
        pos, dep = strs["pos"], strs["dep"]
        # how many joinable words start at each token: plain words (letters or a number, not glued
        # to a neighbouring word), not "and"/"or", joined by single spaces
        run = [0] * (n + 1)
        for i in range(n - 1, -1, -1):
            if (
                (alpha[i] or (num[i] and any(c.isdigit() for c in text[idx[i] : idx[i] + length[i]])))
                and (i == 0 or ws[i - 1] or text[idx[i - 1] : idx[i]] in _LEFT_GLUE)
                and (i + 1 == n or ws[i] or text[idx[i + 1]] in _RIGHT_GLUE)
                and pos[i] != "CCONJ"
            ):
                run[i] = 1 + (run[i + 1] if ws[i] else 0)
        # the longest n-gram a token may start: not a subordinator, not "it to be sent" (an object
        # pronoun), not "up the payments" (a particle cut from its verb)
        most = _SIZES[-1]
        self.longest = [
            0
            if not r or p == "SCONJ" or (p == "PRON" and not d.startswith("nsubj")) or d == "prt"
            else r
            if r < most
            else most
            for p, d, r in zip(pos, dep, run)
        ]
        # the first token an n-gram starting here may end on: one that hangs on a word before it
        # needs that word ("bases" not from "acids and bases", not "of her passwords" without "all",
        # not "of the drain" without "out"); so does an adverb ("sure enough and enough", "again
        # and again" read as idioms, not as a repetition)
        self.first_end = [
            (h if h >= i else n) if d in _ATTACHED or d == "advmod" or (p == "ADP" and pos[h] in _PP_HOSTS) else i
            for i, (p, d, h) in enumerate(zip(pos, dep, head))
        ]
        # the last complement of each token (-1: none): an n-gram holding the token reaches it
        self.needs = [-1] * n
        for i, (d, h) in enumerate(zip(dep, head)):
            if d in _COMPLEMENTS and h != i:
                self.needs[h] = max(self.needs[h], i)
        self.head = head
        self.limits = PhraseLimits(doc)  # contractions, negations, phrases opened before the n-gram
        # may end an n-gram: a content word that modifies nothing after it
        self.end_ok = [p in _CONTENT_POS and h <= i for i, (p, h) in enumerate(zip(pos, head))]
        # the first token of its phrase (none for verbs: their left edge is a subject they may leave out)
        self.reach = [n if p in _CLAUSAL else left for p, left in zip(pos, _left_edges(head))]
        # a lone verb (or any plural noun) doubled reads as an idiom of duration or number ("walked and
        # walked", "miles and miles", "bets and bets" in round 97), not as a repetition
        words = strs["text"]
        self.bare_verb = [
            p in _CLAUSAL or w.lower() in _DURATION or t in _DOUBLING_IDIOM_TAGS or t in ("NNS", "NNPS")
            for p, w, t in zip(pos, words, strs["tag"])
        ]
        # may not end an n-gram: a noun whose "of"-phrase would be cut off ("the sake" + "of his family")
        self.of_after = [i + 1 < n and head[i + 1] == i and words[i + 1].lower() == "of" for i in range(n)]
        # a fixed expression ("at least") is repeated whole or not at all: the first / last token of
        # the expressions around each token
        self.fixed_lo, self.fixed_hi = list(range(n)), list(range(n))
        for a, b in fixed_expression_spans(doc):
            for k in range(a, b):
                self.fixed_lo[k], self.fixed_hi[k] = min(self.fixed_lo[k], a), max(self.fixed_hi[k], b - 1)
        # subjects of a verb after them: "the one she wanted and the one she wanted was" breaks the
        # agreement; an n-gram holding such a subject must reach its verb, none may end where it ends,
        # and one that starts inside it stays inside it ("she wanted was sold" from "the one she wanted")
        self.subject_verb = [-1] * n
        self.ends_subject = [False] * n
        self.last = [n] * n
        right, left = _right_edges(head), _left_edges(head)
        # whole constituents only: a word inside the n-gram (not its head word) keeps its dependents
        # ("be drop and be drop dead beautiful" cuts "drop" from "dead beautiful"), and the head word
        # keeps what ties it to the sentence before it ("more than he needed and he needed" leaves
        # "than" with one clause and a dangling one)
        self.right = right
        # particles after the head word ("a stranger came by": "came and a stranger came by" cuts
        # "came by" in two)
        self.particles = [
            [
                k
                for k in strs["children"][i]
                if k > i and (dep[k] == "prt" or (dep[k] == "advmod" and cols["lower"][k] in _PARTICLES))
            ]
            for i in range(n)
        ]
        self.tied_children = [
            [k for k in strs["children"][i] if k < i and (dep[k] in _TIES or strs["tag"][k] in _WH_TAGS)]
            for i in range(n)
        ]
        for i, (d, h) in enumerate(zip(dep, head)):
            if d in _SUBJECT and h > i:
                self.subject_verb[i] = h
                r = right[i]
                if r < h:
                    self.ends_subject[r] = True
                for k in range(left[i] + 1, r + 1):
                    self.last[k] = min(self.last[k], r)


def _left_edges(head: list[int]) -> list[int]:
    """Each token's ``left_edge.i`` (the first token of its subtree), from the heads alone: going
    left to right, token ``i`` is the left edge of itself and of every ancestor not yet reached."""
    left: list[int | None] = [None] * len(head)
    for i in range(len(head)):
        j = i
        while left[j] is None:
            left[j] = i
            if head[j] == j:
                break
            j = head[j]
    return left  # type: ignore[return-value]


def _right_edges(head: list[int]) -> list[int]:
    """Each token's ``right_edge.i`` (the last token of its subtree), from the heads alone (the
    mirror image of :func:`_left_edges`)."""
    right: list[int | None] = [None] * len(head)
    for i in range(len(head) - 1, -1, -1):
        j = i
        while right[j] is None:
            right[j] = i
            if head[j] == j:
                break
            j = head[j]
    return right  # type: ignore[return-value]


def _ngrams(ph: _Phrases, start: int, end: int) -> dict[int, list[int]]:
    """n -> first token index of the n-grams (n = 1-4) in tokens [start, end) that read
    well repeated: joinable words, a fitting first and last word, and a whole phrase (no noun
    phrase in it loses its determiner or modifiers: "a red car", not "red car" or "a red"), no
    fixed expression or "of"-phrase cut, no lone verb, no subject cut from the verb after it, no
    word cut from its complement, and one phrase: a single word in it hangs on a word outside it
    ("to school he tried" from "he got to school he tried" is two)."""
    longest, first_end, end_ok, reach, head = ph.longest, ph.first_end, ph.end_ok, ph.reach, ph.head
    out: dict[int, list[int]] = {}
    for a in range(start, end):
        k = longest[a]
        if not k or ph.fixed_lo[a] < a or ph.limits.no_start[a]:
            continue
        lo = first_end[a]
        verb = -1  # the verb of the last subject seen in the n-gram
        needs = -1  # the last complement of a word in the n-gram
        for z in range(a, min(a + k, end, ph.last[a] + 1)):
            if reach[z] < a:
                break  # cuts a phrase; so does every longer n-gram
            verb = max(verb, ph.subject_verb[z])
            needs = max(needs, ph.needs[z])
            if (
                z >= lo
                and needs <= z
                and sum(not a <= head[t] <= z or head[t] == t for t in range(a, z + 1)) == 1
                and end_ok[z]
                and ph.fixed_hi[z] <= z
                and not ph.of_after[z]
                and verb <= z
                and not ph.ends_subject[z]
                and not (z == a and ph.bare_verb[a])
                and _whole(ph, a, z)
                and not ph.limits.no_end[z]
                and not ph.limits.cuts(a, z)
            ):
                out.setdefault(z - a + 1, []).append(a)
    return out


def _whole(ph: _Phrases, a: int, z: int) -> bool:
    """Whether tokens [a, z] are one whole constituent: every word but the head word has its
    dependents inside, and the head word has no tie to the words before it left outside."""
    for t in range(a, z + 1):
        h = ph.head[t]
        if a <= h <= z and h != t:
            if ph.right[t] > z:
                return False
        elif any(k < a for k in ph.tied_children[t]) or any(k > z for k in ph.particles[t]):
            return False
    return True


@per_doc
def _ngram_candidates(doc: Doc) -> dict[int, tuple[tuple[int, int, tuple[int, ...]], ...]]:
    """n -> (sentence start, sentence end, first token of each of its n-grams) for every sentence
    of ``doc`` with n-grams of that size, for n = 1-4. Computed once per Doc, as plain data (ints
    rather than pairs: fewer objects for the garbage collector to scan)."""
    ph = _Phrases(doc, doc_text(doc))
    found: dict[int, list] = {}
    for a, b in sentence_bounds(doc):
        for n, cands in _ngrams(ph, a, b).items():
            found.setdefault(n, []).append((a, b, tuple(cands)))
    return {n: tuple(v) for n, v in found.items()}


def _copy_text(doc: Doc, text: str, sent_start: int, first: int, last: int) -> str:
    """The n-gram's text, with a sentence-initial capital lowered (not for names or "I")."""
    tok, end = doc[first], doc[last]
    text = text[tok.idx : end.idx + len(end.text)]
    at_start = first == sent_start or all(t.text in _LEFT_GLUE for t in doc[sent_start:first])
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

    def applicable(self, example: Example, doc: Doc) -> bool:
        return any(c.isalpha() for c in example.text)  # cheap pre-check; apply() finds the n-grams

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        if repeats_on_purpose(doc) or script_form(doc):
            return None  # "I die , I am reborn" told three times: a doubled phrase reads as its style (round 98)
        pick = draw_ngram(doc, _ngram_candidates(doc), self._sizes(), rng)  # none in a chant, a label, ...
        if pick is None:
            return None
        n, sent_start, first = pick
        last = first + n - 1
        copy = _copy_text(doc, example.text, sent_start, first, last)
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

    def _choices(self, doc: Doc) -> tuple[list[tuple[int, int, str, bool]], list[int]]:
        sp = _repeatable_spans(doc)
        if self.keep_length:
            idx = [i for i in range(len(sp) - 1) if sp[i][3] and sp[i + 1][3] and sp[i][2] != sp[i + 1][2]]
        else:
            idx = [i for i in range(len(sp)) if sp[i][3]]
        noticeable = _noticeable_copies(doc)
        return sp, [i for i in idx if noticeable[i][1]]

    def applicable(self, example: Example, doc: Doc) -> bool:
        return bool(self._choices(doc)[1])

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        sp, idx = self._choices(doc)
        if not idx:
            return None
        i = rng.choice(idx)
        start, end, text, _ = sp[i]
        if self.keep_length:
            s2, e2, _, _ = sp[i + 1]
            return self.rewrite(example, [Change(s2, e2, text, f"sentence {i + 2} replaced by a copy of {i + 1}")])
        return self.rewrite(example, [Change(end, end, _gap(example.text, sp, i) + text, f"sentence {i + 1} repeated")])


@register
@dataclass(repr=False)
class RepeatSentenceFar(Transform):
    """Copy a sentence to a later, non-adjacent position (long-range repetition; >= 3 sentences)."""

    name = "repeat_sentence_far"
    aspect = "repetition"
    effect = Effect.BREAKS
    example = "Tom woke up early. He made coffee. Then he went to work."

    keep_length: bool = False  # overwrite a later sentence instead of inserting (same sentence count)
    # Long stories (more than five sentence units) only on request: read strictly, 60%, 50%, 60% and
    # 80% of their cases were valid (rounds 97-100, each round's failures then declined: copies read
    # as callbacks, refrains or a pronoun pointing elsewhere), against 100% on five-sentence stories
    long_stories: bool = False

    def _targets(self, doc: Doc, i: int) -> list[int]:
        """Sentences after which (or, with keep_length, over which) a copy of sentence ``i`` may go,
        leaving at least one sentence between the original and its copy."""
        sp = _repeatable_spans(doc)
        if not sp[i][3] or not _noticeable_copies(doc)[i][0] or _outcry(sp[i][2]):
            return []
        long_story = len(sp) > SHORT_STORY_UNITS
        if long_story and not self.long_stories:
            return []
        plain = _plain_units(doc)
        if long_story and not (_noticeable_copies(doc)[i][1] and _far_sources(doc)[i]):
            return []  # a long story's speech, question or short line said again reads as a refrain or a new turn (round 97)
        last = min(len(sp), i + NEAR_COPY + 1) if long_story else len(sp)  # further: a callback (round 98)
        out = []
        for j in range(i + (2 if self.keep_length else 1), last):
            neighbours = {sp[j - 1][2]} if self.keep_length else {sp[j][2]}
            if j + 1 < len(sp):
                neighbours.add(sp[j + 1][2])
            if not (sp[j][3] and sp[i][2] not in neighbours and sp[j][2] != sp[i][2]):
                continue
            if long_story and not (j + 1 < len(sp) and plain[j] and plain[j + 1] and free_gap(sp, j, strict=True)):
                continue  # not as the last line (a closing echo), not in dialogue nor before a line leaning on j
            out.append(j)
        return out

    def applicable(self, example: Example, doc: Doc) -> bool:
        sp = _repeatable_spans(doc)
        return len(sp) >= 3 and any(self._targets(doc, i) for i in range(len(sp)))

    def apply(self, example: Example, doc: Doc, rng: random.Random) -> Example | None:
        sp = _repeatable_spans(doc)
        if len(sp) < 3:
            return None
        for i in rng.sample(range(len(sp)), len(sp)):  # a random source that has a target
            targets = self._targets(doc, i)
            if targets:
                break
        else:
            return None
        j = rng.choice(targets)
        text = sp[i][2]
        if self.keep_length:
            return self.rewrite(
                example, [Change(sp[j][0], sp[j][1], text, f"sentence {j + 1} replaced by a copy of {i + 1}")]
            )
        end = sp[j][1]
        return self.rewrite(
            example,
            [Change(end, end, _gap(example.text, sp, j) + text, f"sentence {i + 1} repeated after sentence {j + 1}")],
        )
