"""Temporal word flips: a time word replaced by its opposite where the parse shows the flip
keeps the sentence grammatical ("before" -> "after", "the next day" -> "the previous day",
"started crying" -> "stopped crying")."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ...annotation import linked_sentences
from ...transform.flip import Scored, flip_word, opposites
from .checks import habitual, usable_sentences
from .clauses import lemma_lowers, word_lowers
from .targets import contradicts
from .temporal_anchors import (
    after_scene_break,
    backstory_time,
    habitual_sentence,
    measured_from_before,
    next_previous_cue,
    repeated_act,
    told_in_order,
    trailing_measure,
)
from .temporal_cues import (
    event_links,
    fixed_idiom,
    habitual_frame,
    near,
    punctuality_elsewhere,
    sequence_after,
    unrelated_events,
    waiting_frame,
)
from .temporal_recur import elapsed_since, looked_measure, parallel_pair, standing_anchor
from .temporal_scene import either_time_act, loose_measure, unanchored_previous
from .temporal_sites import (
    POSTURES,
    adv_ok,
    after_idiom,
    brief_measure,
    doubled,
    duration_object,
    negated,
    npi_in_sentence,
    opens_clause,
    verb_flip,
)

if TYPE_CHECKING:
    from collections.abc import Iterable

    from spacy.tokens import Doc, Token


# "look after", "go after" (chase), "take after", "named after", "sprint after the thief": not time


def temporal_flips(doc: Doc) -> list[Scored]:
    """Every time-word flip this doc allows (a flip may carry an article fix), scored by the other
    sentences it contradicts, which its note names ("before -> after; contradicts sentence 2")."""
    out: list[Scored] = []
    candidates = _temporal_candidates(doc)
    if not candidates:
        return out
    conj, adv, adj_the = (opposites("temporal", r) for r in ("conj", "adv", "adj_the"))
    initial = opposites("temporal", "initial")
    verb_ing = opposites("temporal", "verb_ing")
    verb_intr, verb_obj = opposites("temporal", "verb_intr"), opposites("temporal", "verb_obj")
    used: set[int] = set()
    allowed = {i for a, b in usable_sentences(doc) for i in range(a, b)}

    def one(t: Token, new: str, note: str, found: Iterable[int] = ()) -> None:
        if doubled(doc, t.i, t.i + 1, new):
            return  # "the first and last time" -> "the last and last time"
        found = tuple(found)
        out.append(Scored(flip_word(doc, t, new, note + contradicts(n + 1 for n in found)), len(found)))
        used.add(t.i)

    for i in candidates:
        if i not in allowed or i in used:
            continue
        t = doc[i]
        if habitual_sentence(t):
            continue  # "where I always put them the night before": a habit orders no one event
        w, prev = t.lower_, doc[t.i - 1] if t.i > 0 else None
        nxt = doc[t.i + 1] if t.i + 1 < len(doc) else None
        sent_start = t.is_sent_start or (
            prev is not None and (prev.is_sent_end or (prev.pos_ == "CCONJ" and (prev.is_sent_start or prev.i == 0)))
        )
        if w in initial and t.is_sent_start and t.pos_ == "ADV" and t.dep_ == "advmod" and opens_clause(t, nxt):
            found = sequence_after(doc, t)
            if found:  # "First the oxygen dropped" alone may as well be "Finally": a later step must follow
                one(t, initial[w], f"{w} -> {initial[w]}", found)
        elif (
            w in conj
            and t.pos_ in ("ADP", "SCONJ")
            and t.dep_ in ("prep", "mark")
            and not duration_object(t)
            and not waiting_frame(t)
            and (t.dep_ == "mark" or any(c.dep_ in ("pobj", "pcomp") for c in t.children))
            and not npi_in_sentence(t)
            and not (w == "after" and after_idiom(t))
            and not (w == "before" and t.dep_ == "prep" and t.head.lemma_.lower() in POSTURES)
            and not (prev is not None and nxt is not None and (prev.lower_ == nxt.lower_ or prev.lower_ == "one"))
            and not (t.dep_ == "mark" and unrelated_events(doc, t))
            and not fixed_idiom(t)
            and not repeated_act(t)
            and not brief_measure(prev)
            and not habitual_frame(t)
            and not habitual(t.head if t.dep_ == "prep" else t.head.head)
            and not negated(t.head if t.dep_ == "prep" else t.head.head)
            and not either_time_act(t)
            and not elapsed_since(t)
        ):
            found = told_in_order(doc, t, event_links(doc, t))
            if found:  # the event of its clause is told again elsewhere: the story fixes the order
                one(t, conj[w], f"{w} -> {conj[w]}", found)
        elif (
            w in adj_the
            and t.pos_ == "ADJ"
            and prev is not None
            and prev.lower_ == "the"
            and t.head.pos_ == "NOUN"
            and t.head.i > t.i
            and not backstory_time(t, adj_the[w])
        ):
            found = next_previous_cue(doc, t)
            if found and not unanchored_previous(doc, t, found) and not standing_anchor(doc, t, found):
                one(t, adj_the[w], f"{w} -> {adj_the[w]}", found)
        elif (
            w in adv
            and t.pos_ in ("ADV", "ADJ")
            and not (sent_start and w in initial)
            and adv_ok(t, prev, nxt)
            and punctuality_elsewhere(doc, t)
            and not trailing_measure(t)
            and not loose_measure(t)
            and not repeated_act(t)
            and not after_scene_break(t)
            and not parallel_pair(t)
            and not looked_measure(t)
            and measured_from_before(doc, t)
        ):
            one(t, adv[w], f"{w} -> {adv[w]}")
        elif t.pos_ == "VERB" and not npi_in_sentence(t):
            flip = verb_flip(t, verb_ing, verb_intr, verb_obj)
            if flip:
                one(
                    t,
                    flip,
                    f"{t.lemma_} -> {flip}",
                    near(doc, t, linked_sentences(doc, [c.i for c in t.subtree if c.i != t.i])),
                )
    return out


@functools.cache
def _temporal_keys() -> tuple[frozenset[str], frozenset[str]]:
    """(words, verb lemmas) that may start a temporal flip: every other token is passed over."""
    words: set[str] = set()
    for rule in ("conj", "adv", "adj_the", "initial"):
        words |= set(opposites("temporal", rule))
    verbs = {w for rule in ("verb_ing", "verb_intr", "verb_obj") for w in opposites("temporal", rule)}
    return frozenset(words), frozenset(verbs)


def _temporal_candidates(doc: Doc) -> list[int]:
    """Indices of tokens whose word or lemma could flip (in order)."""
    words, verbs = _temporal_keys()
    lemmas = lemma_lowers(doc)
    return [i for i, w in enumerate(word_lowers(doc)) if w in words or lemmas[i] in verbs]
