"""Causal and temporal perturbations (OpenMEVA's causal and temporal aspects).

Swaps exchange the two events (cause/effect, earlier/later) around a connective that stays in
place; word flips replace a causal or time word with its opposite from the project's lexicons
(``resources/lexicons/causal_*.tsv``, ``temporal_*.tsv``), restructuring only where a plain word
swap would be ungrammatical. Every site is confirmed by the parse; doubtful ones are skipped.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..annotation import doc_text
from ..example import Example
from ..resources.inflect import first_form
from ..resources.lexicons import table
from ..transform import Change, Effect, Transform, register
from ..transform.words import indefinite_article, is_tokenised, match_case
from . import _clauses as C

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token


# ------------------------------------------------------------------------------------------------
# Lexicons
# ------------------------------------------------------------------------------------------------
@functools.cache
def _connectives(kind: str, where: str) -> frozenset[tuple[str, ...]]:
    """Connective phrases (token tuples) of ``kind`` ("causal"/"temporal") used at ``where``."""
    return frozenset(C.tokens_of(r["phrase"]) for r in table(f"{kind}_connectives.tsv") if r["where"] == where)


@functools.cache
def _words(kind: str, where: str) -> frozenset[str]:
    return frozenset(p[0] for p in _connectives(kind, where) if len(p) == 1)


@functools.cache
def _opposites(kind: str, rule: str) -> dict[str, str]:
    """word -> opposite for the rows of ``{kind}_opposites.tsv`` with this rule (read once; do not
    mutate the result)."""
    return {r["word"]: r["opposite"] for r in table(f"{kind}_opposites.tsv") if r["rule"] == rule}


@functools.cache
def _time_units() -> frozenset[str]:
    return frozenset(r["unit"] for r in table("temporal_units.tsv"))


def _span_chars(doc: Doc, start: int, end: int) -> tuple[int, int]:
    return doc[start].idx, doc[end - 1].idx + len(doc[end - 1])


def _usable(doc: Doc) -> list[tuple[int, int]]:
    """(start, end) of the sentences free of quotes (the only ones perturbed)."""
    return [(a, b) for a, b, quote_free in C.sentence_quotes(doc) if quote_free]


def _any_in(lowers: list[str], start: int, end: int, words: frozenset[str]) -> bool:
    """Whether a word of ``words`` occurs in ``lowers[start:end]`` (a sentence worth a closer look)."""
    return not words.isdisjoint(lowers[start:end])


def _opens_with(doc: Doc, i: int, phrases, extra=None) -> bool:
    """Whether token ``i`` starts one of ``phrases`` (or an opener ``extra`` recognises): the test
    ``C.sentence_sites`` makes first, done here before building any Span."""
    return bool(C.phrase_at(doc, i, phrases) or (extra is not None and extra(doc, i)))


# ------------------------------------------------------------------------------------------------
# Connective checks
# ------------------------------------------------------------------------------------------------
_HAVE_FORMS = frozenset({"has", "have", "had", "'s", "'ve", "'d", "’s", "’ve", "’d"})


def _is_perfect(head: Token) -> bool:
    """Perfect aspect ("has lived", "'s been", "had been waiting"); contracted "'s"/"'d" count too."""
    return any(
        c.dep_ in ("aux", "auxpass") and (c.lemma_ == "have" or c.lower_ in _HAVE_FORMS) for c in head.children
    ) and (head.tag_ == "VBN" or any(c.tag_ == "VBN" for c in head.children))


def _causal_ok(conn: Token, main: Token, sub: Token) -> bool:
    """Whether a medial/initial connective really is causal here."""
    w = conn.lower_
    if w == "since":  # temporal "since" goes with the perfect ("has lived here since ...")
        prev = conn.doc[conn.i - 1].lower_ if conn.i > 0 else ""
        return conn.dep_ == "mark" and sub.dep_ == "advcl" and not _is_perfect(main) and prev != "ever"
    if w == "because":
        return conn.dep_ == "mark" and sub.dep_ == "advcl"
    if w == "so":
        nxt = conn.doc[conn.i + 1] if conn.i + 1 < len(conn.doc) else None
        return nxt is not None and nxt.lower_ != "that"
    return False


def _is_event(head: Token) -> bool:
    """A non-stative, non-progressive, active verb: swapping "when" clauses then reverses the
    order ("they were stuffed when they went home" would only be paraphrased)."""
    if head.pos_ != "VERB" or head.lemma_ in ("be", "have") or any(c.dep_ == "auxpass" for c in head.children):
        return False
    if any(c.dep_ == "aux" and c.lemma_ == "have" for c in head.children):
        return False  # "when he came back, he had cooled off": the perfect already orders them
    return not (head.tag_ == "VBG" and any(c.dep_ == "aux" and c.lemma_ == "be" for c in head.children))


def _has_modal(head: Token) -> bool:
    return head.tag_ == "MD" or any(c.tag_ == "MD" for c in head.children)


def _temporal_ok(conn: Token, main: Token, sub: Token) -> bool:
    w = conn.lower_
    if _has_modal(main) or _has_modal(sub):  # "after he must have left", "before I will go"
        return False
    if w in ("after", "before", "once"):
        return conn.dep_ == "mark" and sub.dep_ == "advcl" and (w != "once" or (_is_event(main) and _is_event(sub)))
    if w == "when":
        return (
            conn.dep_ == "advmod" and conn.tag_ == "WRB" and sub.dep_ == "advcl" and _is_event(main) and _is_event(sub)
        )
    if w == "then":
        return conn.dep_ == "advmod"
    return False


def _quantity_later(doc: Doc, i: int) -> int:
    """Length of a "<quantity> <time unit> later" opener at token ``i`` ("Two days later"), or 0."""
    if "later" not in C.word_lowers(doc)[i + 2 : i + 4]:
        return 0  # (quick test: "later" ends every such opener, as its third or fourth word)
    j = i
    if j < len(doc) and doc[j].lower_ in ("a", "an", "one", "several", "some", "few") or doc[j].like_num:
        j += 1
        if j < len(doc) and doc[j].lower_ == "few":
            j += 1
    if j == i or j + 1 >= len(doc):
        return 0
    unit = doc[j].lower_
    if unit.rstrip("s") not in _time_units() and unit not in _time_units():
        return 0
    return j + 2 - i if doc[j + 1].lower_ == "later" else 0


# ------------------------------------------------------------------------------------------------
# Swaps
# ------------------------------------------------------------------------------------------------
# Negative-polarity items need a licensing context ("before he did anything"); moved out of it
# they become ungrammatical ("he did anything before ..."), so clauses holding one stay put.
_NPI = frozenset({"any", "anything", "anyone", "anybody", "anywhere", "ever", "yet"})


def _has_npi(doc: Doc, *clauses: C.Clause) -> bool:
    lowers = C.word_lowers(doc)
    return any(lowers[i] in _NPI for c in clauses for i in range(c.start, c.end))


def _swap_candidates(doc: Doc, kind: str, check) -> list[list[Change]]:
    """All clause swaps around ``kind`` connectives, each as a pair of Changes."""
    out: list[list[Change]] = []
    medial, initial = _words(kind, "medial"), _words(kind, "initial")
    lowers = C.word_lowers(doc)
    bounds = C.sentence_quotes(doc)
    for start, end, quote_free in bounds:
        if not quote_free or not (lowers[start] in initial or _any_in(lowers, start + 1, end, medial)):
            continue  # (no connective: neither medial_sites nor initial_sites would find a site)
        s = doc[start:end]
        for site in C.medial_sites(doc, s, medial, allow_and=kind == "temporal"):
            main, sub = (site.left.head, site.right.head)
            if not check(site.conn, main, sub) or _has_npi(doc, site.left, site.right):
                continue
            if site.left.text(doc).lower() == site.right.text(doc).lower():
                continue
            out.append(
                C.swap_changes(
                    doc, site.left, site.right, site.left_at_start, False, f"swapped clauses around {site.conn.text!r}"
                )
            )
        for ini in C.initial_sites(doc, s, initial):
            if not check(ini.conn, ini.main.head, ini.sub.head) or _has_npi(doc, ini.sub, ini.main):
                continue
            if ini.sub.text(doc).lower() == ini.main.text(doc).lower():
                continue
            out.append(
                C.swap_changes(doc, ini.sub, ini.main, False, False, f"swapped clauses around {ini.conn.text!r}")
            )
    extra = _quantity_later if kind == "temporal" else None
    openers = _connectives(kind, "sentence")
    for (a0, a1, ok_a), (b0, b1, ok_b) in zip(bounds, bounds[1:]):
        if not (ok_a and ok_b and _opens_with(doc, b0, openers, extra)):
            continue
        for site in C.sentence_sites(doc, [doc[a0:a1], doc[b0:b1]], openers, extra):
            if site.first.text(doc).lower() == site.second.text(doc).lower():
                continue
            if _has_npi(doc, site.first, site.second):
                continue
            if (
                kind == "causal"
                and doc[site.conn_start].lower_ == "so"
                and doc[site.conn_start].head.i != site.second.head.i
            ):
                continue
            opener = doc[site.conn_start : site.conn_end].text
            out.append(
                C.swap_changes(
                    doc, site.first, site.second, True, False, f"swapped sentence contents around {opener!r}"
                )
            )
    return out


def _has_any(doc: Doc, words: frozenset[str]) -> bool:
    return not words.isdisjoint(C.word_lowers(doc))


@functools.cache
def _first_words(kind: str) -> frozenset[str]:
    """First words of every ``kind`` connective: a story without one has nothing to swap."""
    return frozenset(p[0] for w in ("medial", "initial", "sentence") for p in _connectives(kind, w))


@register
@dataclass(repr=False)
class CausalSwap(Transform):
    """Swap cause and effect around a causal connective that stays in place."""

    name = "causal_swap"
    aspect = "causal"
    effect = Effect.BREAKS
    example = "She cried because she lost the game."

    def applicable(self, example: Example, doc) -> bool:
        return _has_any(doc, _first_words("causal"))

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        cands = _swap_candidates(doc, "causal", _causal_ok)
        return self.rewrite(example, rng.choice(cands)) if cands else None


@register
@dataclass(repr=False)
class TemporalSwap(Transform):
    """Swap two sequential events around a temporal connective that stays in place."""

    name = "temporal_swap"
    aspect = "temporal"
    effect = Effect.BREAKS
    example = "He showered. Then he ate breakfast."

    def applicable(self, example: Example, doc) -> bool:
        return _has_any(doc, _first_words("temporal") | {"later"})

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        cands = _swap_candidates(doc, "temporal", _temporal_ok)
        return self.rewrite(example, rng.choice(cands)) if cands else None


# ------------------------------------------------------------------------------------------------
# Word flips
# ------------------------------------------------------------------------------------------------
def _tense_be(head: Token) -> str | None:
    tags = {head.tag_} | {c.tag_ for c in head.children if c.dep_ in ("aux", "auxpass")}
    if "MD" in tags:
        return None
    if "VBD" in tags:
        return "was"
    if tags & {"VBZ", "VBP"}:
        return "is"
    return None


def _causal_flips(doc: Doc) -> list[Change]:
    """Every causal-word flip this doc allows, one Change each."""
    out: list[Change] = []
    clause_map = _opposites("causal", "clause")
    words = frozenset(clause_map)
    lowers = C.word_lowers(doc)
    usable = _usable(doc)
    for s_start, s_end in usable:
        if not _any_in(lowers, s_start + 1, s_end, words):
            continue  # (medial_sites would find nothing)
        for site in C.medial_sites(doc, doc[s_start:s_end], words):
            c = site.conn
            if not _causal_ok(c, site.left.head, site.right.head):
                continue
            start = site.left.chars(doc)[1]
            new_word = clause_map[c.lower_]
            if new_word == "so":
                new = " , so" if is_tokenised(doc_text(doc)) else ", so"
            else:
                new = " " + new_word
            out.append(Change(start, c.idx + len(c), new, f"{c.text} -> {new_word}"))
    openers = _causal_openers()
    has_opener = any(_opens_with(doc, s_start, openers) for s_start, _ in usable[1:])
    spans = [doc[s_start:s_end] for s_start, s_end in usable] if has_opener else []
    for site in C.sentence_sites(doc, spans, openers):
        opener = doc[site.conn_start : site.conn_end]
        if opener[0].lower_ == "so" and opener[0].head.i != site.second.head.i:
            continue
        be = _tense_be(site.second.head)
        if be is None:
            continue
        phrase = f"this {be} because"
        a, _ = _span_chars(doc, site.conn_start, site.conn_end)
        b = doc[site.second.start].idx
        out.append(Change(a, b, match_case(opener[0].text, phrase) + " ", f"{opener.text.lower()} -> this is because"))
    lemmas = C.lemma_lowers(doc)
    keys = _causal_lemmas()
    for i in [i for i in range(len(lemmas) - 1) if lemmas[i] in keys]:  # (no other word can flip)
        t, nxt = doc[i], doc[i + 1]
        prev = doc[i - 1] if i > 0 else None
        if t.pos_ == "NOUN" and prev is not None and prev.lower_ == "the":
            if t.lemma_.lower() in _opposites("causal", "noun_of") and nxt.lower_ == "of" and nxt.head.i == t.i:
                new = first_form(_opposites("causal", "noun_of")[t.lemma_.lower()], t.tag_)
                if new:
                    out.append(Change(t.idx, t.idx + len(t), match_case(t.text, new), f"{t.lemma_} -> {new}"))
            elif t.lemma_.lower() in _opposites("causal", "noun_for") and nxt.lower_ == "for" and nxt.head.i == t.i:
                new = first_form(_opposites("causal", "noun_for")[t.lemma_.lower()], t.tag_)
                if new:
                    out.append(
                        Change(
                            t.idx, nxt.idx + len(nxt), match_case(t.text, new) + " of", f"{t.lemma_} for -> result of"
                        )
                    )
        if t.pos_ != "VERB" or any(c.dep_ == "auxpass" for c in t.children):
            continue
        lemma = t.lemma_.lower()
        verb_prep = _opposites("causal", "verb_prep")
        key = f"{lemma} {nxt.lower_}"
        if (
            key in verb_prep
            and nxt.dep_ == "prep"
            and nxt.head.i == t.i
            and nxt.tag_ == "IN"
            and any(c.dep_ == "pobj" for c in nxt.children)
        ):
            new_lemma, new_prep = verb_prep[key].split()
            new_verb = first_form(new_lemma, t.tag_)
            if new_verb:
                out.append(
                    Change(
                        t.idx,
                        nxt.idx + len(nxt),
                        match_case(t.text, new_verb) + " " + new_prep,
                        f"{key} -> {verb_prep[key]}",
                    )
                )
        elif lemma in _opposites("causal", "verb_obj"):
            # "X caused a flood" -> "X resulted from a flood": a plain object right after the verb,
            # not "caused him to cry" (xcomp) or "caused her pain" (dative)
            kids = {c.dep_ for c in t.children}
            objs = [c for c in t.children if c.dep_ == "dobj"]
            if objs and objs[0].left_edge.i == t.i + 1 and not kids & {"xcomp", "ccomp", "dative", "oprd", "prt"}:
                new_lemma, new_prep = _opposites("causal", "verb_obj")[lemma].split()
                new_verb = first_form(new_lemma, t.tag_)
                if new_verb:
                    out.append(
                        Change(
                            t.idx,
                            t.idx + len(t),
                            match_case(t.text, new_verb) + " " + new_prep,
                            f"{lemma} -> {new_lemma} {new_prep}",
                        )
                    )
    return out


@functools.cache
def _causal_openers() -> tuple[tuple[str, ...], ...]:
    """The sentence-opening causal phrases that flip to "this is because", as token tuples."""
    return tuple(C.tokens_of(p) for p in _opposites("causal", "sentence"))


@functools.cache
def _causal_lemmas() -> frozenset[str]:
    """Lemmas of the causal nouns and verbs (``noun_*``, ``verb_*`` rules) that can be flipped."""
    rules = ("noun_of", "noun_for", "verb_prep", "verb_obj")
    return frozenset(w.split()[0] for r in rules for w in _opposites("causal", r))


@functools.cache
def _causal_flip_words() -> frozenset[str]:
    """Words (or lemmas) one of which a story needs for a causal word flip."""
    return frozenset(
        {w.split()[0] for w in _opposites("causal", "clause")}
        | {"therefore", "thus", "consequently", "as", "cause", "result", "effect", "consequence", "reason", "lead"}
    )


@register
@dataclass(repr=False)
class CausalWordFlip(Transform):
    """Replace a causal word with its opposite ("because" -> ", so"; "the cause of" -> "the result of")."""

    name = "causal_word_flip"
    aspect = "causal"
    effect = Effect.BREAKS
    example = "She left the party because he shouted at her."

    def applicable(self, example: Example, doc) -> bool:
        words = _causal_flip_words()
        return not words.isdisjoint(C.word_lowers(doc)) or not words.isdisjoint(C.lemma_lowers(doc))

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        cands = _causal_flips(doc)
        return self.rewrite(example, [rng.choice(cands)]) if cands else None


# "look after", "go after" (chase), "take after", "named after": not time
_AFTER_IDIOMS = frozenset({"look", "take", "go", "run", "chase", "seek", "ask", "inquire", "lust", "be", "come"})


def _after_idiom(t: Token) -> bool:
    nxt = t.doc[t.i + 1] if t.i + 1 < len(t.doc) else None
    if nxt is not None and nxt.lower_ == "all":  # "after all"
        return True
    head = t.head.lemma_.lower()
    return head == "name" or (head in _AFTER_IDIOMS and t.head.i == t.i - 1)


_TIME_NOUNS = frozenset(
    {
        "day",
        "night",
        "week",
        "month",
        "year",
        "morning",
        "evening",
        "afternoon",
        "hour",
        "minute",
        "moment",
        "time",
        "days",
        "weeks",
        "months",
        "years",
        "nights",
        "hours",
    }
)
_HUMAN_PRON = frozenset({"i", "you", "he", "she", "we", "they", "who"})


def _article_fix(doc: Doc, t: Token, new: str) -> list[Change]:
    """Change "a"/"an" right before ``t`` to agree with its replacement ``new``."""
    if t.i == 0:
        return []
    prev = doc[t.i - 1]
    if prev.lower_ not in ("a", "an"):
        return []
    art = indefinite_article(new)
    return (
        []
        if art == prev.lower_
        else [Change(prev.idx, prev.idx + len(prev), match_case(prev.text, art), "a/an agreement")]
    )


@functools.cache
def _phrase_table(kind: str) -> dict[tuple[str, ...], str]:
    """Multi-word opposites by token tuple ("at first" -> "at last")."""
    return {C.tokens_of(p): o for p, o in _opposites(kind, "phrase").items()}


def _temporal_flips(doc: Doc) -> list[list[Change]]:
    """Every time-word flip this doc allows (a flip may carry an article fix)."""
    out: list[list[Change]] = []
    candidates = _temporal_candidates(doc)
    if not candidates:
        return out
    conj, adv, adj_the = (_opposites("temporal", r) for r in ("conj", "adv", "adj_the"))
    initial, phrase, noun = (_opposites("temporal", r) for r in ("initial", "phrase", "noun"))
    noun_det, verb_ing = _opposites("temporal", "noun_det"), _opposites("temporal", "verb_ing")
    verb_intr, verb_obj = _opposites("temporal", "verb_intr"), _opposites("temporal", "verb_obj")
    phrases = _phrase_table("temporal")
    used: set[int] = set()
    allowed = {i for a, b in _usable(doc) for i in range(a, b)}

    def one(t: Token, new: str, note: str) -> None:
        out.append([Change(t.idx, t.idx + len(t), match_case(t.text, new), note)] + _article_fix(doc, t, new))
        used.add(t.i)

    for i in candidates:
        if i not in allowed or i in used:
            continue
        t = doc[i]
        n = C.phrase_at(doc, t.i, phrases)
        if n:
            key = tuple(x.lower_ for x in doc[t.i : t.i + n])
            new = phrases[key]
            # "at last"/"at first" need the word to end the phrase, not start "at first glance"
            if t.i + n < len(doc) and doc[t.i + n].pos_ in ("NOUN", "ADJ"):
                continue
            a, b = _span_chars(doc, t.i, t.i + n)
            out.append([Change(a, b, match_case(t.text, new), f"{' '.join(key)} -> {new}")])
            used.update(range(t.i, t.i + n))
            continue
        w, prev = t.lower_, doc[t.i - 1] if t.i > 0 else None
        nxt = doc[t.i + 1] if t.i + 1 < len(doc) else None
        sent_start = t.is_sent_start or (
            prev is not None and (prev.is_sent_end or (prev.pos_ == "CCONJ" and (prev.is_sent_start or prev.i == 0)))
        )
        if w in initial and sent_start and t.pos_ == "ADV" and t.dep_ == "advmod" and _opens_clause(t, nxt):
            one(t, initial[w], f"{w} -> {initial[w]}")
        elif (
            w in conj
            and t.pos_ in ("ADP", "SCONJ")
            and t.dep_ in ("prep", "mark")
            and not _duration_object(t)
            and (t.dep_ == "mark" or any(c.dep_ in ("pobj", "pcomp") for c in t.children))
            and not _npi_in_sentence(t)
            and not (w == "after" and _after_idiom(t))
            and not (prev is not None and nxt is not None and (prev.lower_ == nxt.lower_ or prev.lower_ == "one"))
        ):
            one(t, conj[w], f"{w} -> {conj[w]}")
        elif w in conj and t.pos_ == "ADV" and prev is not None and prev.lower_ in _TIME_NOUNS:
            one(t, conj[w], f"{w} -> {conj[w]}")
        elif (
            w in adj_the
            and t.pos_ == "ADJ"
            and prev is not None
            and prev.lower_ == "the"
            and t.head.pos_ == "NOUN"
            and t.head.i > t.i
        ):
            one(t, adj_the[w], f"{w} -> {adj_the[w]}")
        elif w in adv and t.pos_ in ("ADV", "ADJ") and not (sent_start and w in initial) and _adv_ok(t, prev, nxt):
            one(t, adv[w], f"{w} -> {adv[w]}")
        elif (
            w in noun and t.pos_ == "NOUN" and not (prev is not None and prev.lower_ == "good") and not _bare_subject(t)
        ):
            one(t, noun[w], f"{w} -> {noun[w]}")
        elif (
            w in noun_det
            and t.pos_ == "NOUN"
            and prev is not None
            and prev.lower_ in ("that", "the", "one", "every", "all", "each")
        ):
            one(t, noun_det[w], f"{w} -> {noun_det[w]}")
        elif t.pos_ == "VERB" and not _npi_in_sentence(t):
            flip = _verb_flip(t, verb_ing, verb_intr, verb_obj)
            if flip:
                one(t, flip, f"{t.lemma_} -> {flip}")
    return out


@functools.cache
def _temporal_keys() -> tuple[frozenset[str], frozenset[str]]:
    """(words, verb lemmas) that may start a temporal flip: every other token is passed over."""
    words = {p[0] for p in _phrase_table("temporal")}
    for rule in ("conj", "adv", "adj_the", "initial", "noun", "noun_det"):
        words |= set(_opposites("temporal", rule))
    verbs = {w for rule in ("verb_ing", "verb_intr", "verb_obj") for w in _opposites("temporal", rule)}
    return frozenset(words), frozenset(verbs)


def _temporal_candidates(doc: Doc) -> list[int]:
    """Indices of tokens whose word or lemma could flip (in order)."""
    words, verbs = _temporal_keys()
    lemmas = C.lemma_lowers(doc)
    return [i for i, w in enumerate(C.word_lowers(doc)) if w in words or lemmas[i] in verbs]


def _duration_object(t: Token) -> bool:
    """ "after two hours": "before two hours" is not idiomatic, so durations are left alone."""
    objs = [c for c in t.children if c.dep_ == "pobj"]
    return (
        bool(objs)
        and (objs[0].lemma_.lower() in _time_units() or objs[0].lower_ in _TIME_NOUNS | {"while"})
        and any(
            c.dep_ in ("nummod", "det", "amod") and (c.like_num or c.lower_ in ("a", "an", "few", "several"))
            for c in objs[0].children
        )
    )


def _opens_clause(t: Token, nxt: Token | None) -> bool:
    """ "Finally, she ..." / "Finally she ...": the adverb is followed by a comma or by its clause's
    subject (not "finally one day ..." or "finally saving up ...", where "first" would not fit)."""
    if nxt is None:
        return False
    if nxt.text == ",":
        return True
    subj = C.subject(t.head)
    return subj is not None and subj.left_edge.i == nxt.i


def _bare_subject(t: Token) -> bool:
    """A determiner-less singular noun as subject or possessor: a name in lower-cased text ("dawn won")."""
    return (
        t.tag_ == "NN"
        and t.dep_ in ("nsubj", "nsubjpass", "poss")
        and not any(c.dep_ in ("det", "poss", "amod", "compound", "nummod") for c in t.children)
    )


def _npi_in_sentence(t: Token) -> bool:
    """ "before he did anything", "stopped talking to her at all": flipping breaks the licensing."""
    sent = t.sent
    lowers = C.word_lowers(t.doc)
    return any(
        lowers[i] in _NPI or (lowers[i] == "all" and i > 0 and lowers[i - 1] == "at")
        for i in range(sent.start, sent.end)
    )


def _adv_ok(t: Token, prev: Token | None, nxt: Token | None) -> bool:
    w = t.lower_
    if t.dep_ in ("nsubj", "nsubjpass", "dobj", "pobj", "poss", "compound", "appos"):
        return False  # a noun use
    h = t.head
    if t.i < h.i and C.is_finite(h) and C.subject(h) is None and h.tag_ != "MD":
        return False  # the parser took a subject for an adverb ("late wanted to be a musician")
    if w in ("later", "earlier") and prev is not None and prev.lower_ in ("for", "until", "till", "see", "from"):
        return False  # "pies for later", "see you later"
    if w in ("first", "last"):  # "He came last", "when I first met her"; not "last night"
        return t.pos_ == "ADV" and t.dep_ == "advmod" and not (prev is not None and prev.lower_ in ("at", "the"))
    if w == "late" and prev is not None and prev.tag_ == "PRP$":  # "her late husband"
        return False
    if w == "ago":
        return prev is not None and (prev.lower_ in _TIME_NOUNS or prev.lower_.rstrip("s") in _TIME_NOUNS)
    if w == "later" and prev is not None and prev.lower_ == "or":  # "sooner or later"
        return False
    return True


def _verb_flip(t: Token, verb_ing: dict[str, str], verb_intr: dict[str, str], verb_obj: dict[str, str]) -> str | None:
    lemma = t.lemma_.lower()
    kids = list(t.children)
    deps = {c.dep_ for c in kids}
    if "prt" in deps or "auxpass" in deps:
        return None
    ing = [c for c in kids if c.dep_ == "xcomp" and c.tag_ == "VBG" and c.i == t.i + 1]
    new_lemma = None
    if lemma in verb_ing and ing and "dobj" not in deps:
        new_lemma = verb_ing[lemma]
    elif lemma in verb_intr and not deps & {"dobj", "xcomp", "ccomp", "prep_to", "attr", "acomp"}:
        subj = C.subject(t)
        if (
            subj is not None
            and subj.pos_ == "NOUN"
            and subj.lower_ not in _HUMAN_PRON
            and not any(c.dep_ == "prep" and c.lower_ in ("with", "by") for c in kids)
        ):
            new_lemma = verb_intr[lemma]
    elif lemma in verb_obj and "dobj" in deps and not deps & {"xcomp", "ccomp", "dative"}:
        new_lemma = verb_obj[lemma]
    if new_lemma is None:
        return None
    return first_form(new_lemma, t.tag_)


@functools.cache
def _temporal_flip_words() -> frozenset[str]:
    """Every word of the temporal opposites lexicon: a story needs one (as word or lemma) to flip."""
    return frozenset(w for r in table("temporal_opposites.tsv") for w in r["word"].split())


@register
@dataclass(repr=False)
class TemporalWordFlip(Transform):
    """Replace a time word with its opposite ("before" -> "after", "the next day" -> "the previous day")."""

    name = "temporal_word_flip"
    aspect = "temporal"
    effect = Effect.BREAKS
    example = "Before dinner, she finished her homework."

    def applicable(self, example: Example, doc) -> bool:
        words = _temporal_flip_words()
        return not words.isdisjoint(C.word_lowers(doc)) or not words.isdisjoint(C.lemma_lowers(doc))

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        cands = _temporal_flips(doc)
        return self.rewrite(example, rng.choice(cands)) if cands else None
