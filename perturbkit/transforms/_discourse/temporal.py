"""Temporal word flips: a time word replaced by its opposite where the parse shows the flip
keeps the sentence grammatical ("before" -> "after", "the next day" -> "the previous day",
"started crying" -> "stopped crying")."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ...annotation import linked_sentences, sentence_index
from ...resources.inflect import first_form
from ...transform import Change
from ...transform.flip import Scored, flip_word, opposites
from ...transform.words import match_case
from . import clauses as C
from .checks import NPI, habitual, span_chars, usable_sentences
from .clauses import lemma_lowers, word_lowers
from .lexicon import phrase_table, time_units
from .targets import contradicts
from .temporal_anchors import (
    awaited,
    backstory_time,
    habitual_sentence,
    measure_anchor,
    next_previous_cue,
    repeated_act,
    told_in_order,
    trailing_measure,
)
from .temporal_cues import (
    SEQUENCE_OPENERS,
    completion_told,
    day_cue,
    event_links,
    first_last_cue,
    fixed_first_last,
    fixed_idiom,
    goes_on_later,
    habitual_frame,
    near,
    place_of,
    punctuality_elsewhere,
    season_cue,
    sequence_after,
    timed_noun,
    unrelated_events,
    waiting_frame,
    went_on_before,
)

if TYPE_CHECKING:
    from collections.abc import Iterable

    from spacy.tokens import Doc, Token


# "look after", "go after" (chase), "take after", "named after", "sprint after the thief": not time
_AFTER_IDIOMS = frozenset(
    {"look", "take", "go", "run", "chase", "seek", "ask", "inquire", "lust", "be", "come"}
    | {"sprint", "race", "dash", "rush", "hurry", "charge", "bolt", "follow", "hunt", "head", "jog", "fly"}
)


def _after_idiom(t: Token) -> bool:
    nxt = t.doc[t.i + 1] if t.i + 1 < len(t.doc) else None
    if nxt is not None and nxt.lower_ == "all":  # "after all"
        return True
    head = t.head.lemma_.lower()
    if head in ("clean", "pick", "tidy") and any(c.dep_ == "prt" for c in t.head.children):
        return True  # "cleaning up after his dog": picking up its mess, no time
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
_SEASONS = frozenset({"summer", "winter"})
_HUMAN_PRON = frozenset({"i", "you", "he", "she", "we", "they", "who"})
_MEALS = frozenset("breakfast brunch lunch dinner supper meal".split())
_NEGS = frozenset({"not", "n't", "never", "t", "nt", "’t", "'t"})
_HEDGES = frozenset({"nearly", "almost", "barely", "hardly", "just"})


def temporal_flips(doc: Doc) -> list[Scored]:
    """Every time-word flip this doc allows (a flip may carry an article fix), scored by the other
    sentences it contradicts, which its note names ("before -> after; contradicts sentence 2")."""
    out: list[Scored] = []
    candidates = _temporal_candidates(doc)
    if not candidates:
        return out
    conj, adv, adj_the = (opposites("temporal", r) for r in ("conj", "adv", "adj_the"))
    initial, phrase, noun = (opposites("temporal", r) for r in ("initial", "phrase", "noun"))
    noun_det, verb_ing = opposites("temporal", "noun_det"), opposites("temporal", "verb_ing")
    verb_intr, verb_obj = opposites("temporal", "verb_intr"), opposites("temporal", "verb_obj")
    phrases = phrase_table("temporal")
    used: set[int] = set()
    allowed = {i for a, b in usable_sentences(doc) for i in range(a, b)}

    def one(t: Token, new: str, note: str, found: Iterable[int] = ()) -> None:
        if _doubled(doc, t.i, t.i + 1, new):
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
        n = C.phrase_at(doc, t.i, phrases)
        if n:
            key = tuple(x.lower_ for x in doc[t.i : t.i + n])
            new = phrases[key]
            # "at last"/"at first" need the word to end the phrase, not start "at first glance"
            if t.i + n < len(doc) and doc[t.i + n].pos_ in ("NOUN", "ADJ"):
                continue
            if place_of(doc, t.i + n) or _doubled(doc, t.i, t.i + n, new):
                continue  # "at the end of the hall": a place, not a time
            found = _phrase_order(doc, t, key, n)
            if found is None:
                continue
            a, b = span_chars(doc, t.i, t.i + n)
            note = f"{' '.join(key)} -> {new}" + contradicts(k + 1 for k in found)
            out.append(Scored([Change(a, b, match_case(t.text, new), note)], len(found)))
            used.update(range(t.i, t.i + n))
            continue
        w, prev = t.lower_, doc[t.i - 1] if t.i > 0 else None
        nxt = doc[t.i + 1] if t.i + 1 < len(doc) else None
        sent_start = t.is_sent_start or (
            prev is not None and (prev.is_sent_end or (prev.pos_ == "CCONJ" and (prev.is_sent_start or prev.i == 0)))
        )
        if w in initial and t.is_sent_start and t.pos_ == "ADV" and t.dep_ == "advmod" and _opens_clause(t, nxt):
            found = sequence_after(doc, t)
            if found:  # "First the oxygen dropped" alone may as well be "Finally": a later step must follow
                one(t, initial[w], f"{w} -> {initial[w]}", found)
        elif (
            w in conj
            and t.pos_ in ("ADP", "SCONJ")
            and t.dep_ in ("prep", "mark")
            and not _duration_object(t)
            and not waiting_frame(t)
            and (t.dep_ == "mark" or any(c.dep_ in ("pobj", "pcomp") for c in t.children))
            and not _npi_in_sentence(t)
            and not (w == "after" and _after_idiom(t))
            and not (w == "before" and t.dep_ == "prep" and t.head.lemma_.lower() in _POSTURES)
            and not (prev is not None and nxt is not None and (prev.lower_ == nxt.lower_ or prev.lower_ == "one"))
            and not (t.dep_ == "mark" and unrelated_events(doc, t))
            and not fixed_idiom(t)
            and not _brief_measure(prev)
            and not habitual_frame(t)
            and not habitual(t.head if t.dep_ == "prep" else t.head.head)
            and not _negated(t.head if t.dep_ == "prep" else t.head.head)
        ):
            found = told_in_order(doc, t, event_links(doc, t))
            if found:  # the event of its clause is told again elsewhere: the story fixes the order
                one(t, conj[w], f"{w} -> {conj[w]}", found)
        elif w in conj and t.pos_ == "ADV" and prev is not None and prev.lower_ in _TIME_NOUNS:
            if measure_anchor(doc, t):  # "weeks before" what? with no event to count from, "after" is as fluent
                one(t, conj[w], f"{w} -> {conj[w]}")
        elif (
            w in adj_the
            and t.pos_ == "ADJ"
            and prev is not None
            and prev.lower_ == "the"
            and t.head.pos_ == "NOUN"
            and t.head.i > t.i
            and (w not in ("first", "last") or (timed_noun(t.head) and not fixed_first_last(t)))
            and not backstory_time(t, adj_the[w])
        ):
            found = first_last_cue(doc, t) if w in ("first", "last") else next_previous_cue(doc, t)
            if found:
                one(t, adj_the[w], f"{w} -> {adj_the[w]}", found)
        elif (
            w in adv
            and t.pos_ in ("ADV", "ADJ")
            and not (sent_start and w in initial)
            and _adv_ok(t, prev, nxt)
            and punctuality_elsewhere(doc, t)
            and not trailing_measure(t)
            and not repeated_act(t)
        ):
            one(t, adv[w], f"{w} -> {adv[w]}")
        elif (
            w in noun
            and t.pos_ == "NOUN"
            and not (prev is not None and prev.lower_ in ("good", "every", "each"))
            and not _bare_subject(t)
            and t.dep_ != "compound"  # "the morning room", "an evening gown": a name or a kind, no time
            and (day_cue(doc, t, noun[w]) if w not in _SEASONS else season_cue(doc, t))
        ):
            one(t, noun[w], f"{w} -> {noun[w]}")
        elif (
            w in noun_det
            and t.pos_ == "NOUN"
            and prev is not None
            and prev.lower_ in ("that", "the", "one")  # not a habit ("every night" -> "every morning")
            and day_cue(doc, t, noun_det[w])
        ):
            one(t, noun_det[w], f"{w} -> {noun_det[w]}")
        elif t.pos_ == "VERB" and not _npi_in_sentence(t):
            flip = _verb_flip(t, verb_ing, verb_intr, verb_obj)
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
    words = {p[0] for p in phrase_table("temporal")}
    for rule in ("conj", "adv", "adj_the", "initial", "noun", "noun_det"):
        words |= set(opposites("temporal", rule))
    verbs = {w for rule in ("verb_ing", "verb_intr", "verb_obj") for w in opposites("temporal", rule)}
    return frozenset(words), frozenset(verbs)


def _temporal_candidates(doc: Doc) -> list[int]:
    """Indices of tokens whose word or lemma could flip (in order)."""
    words, verbs = _temporal_keys()
    lemmas = lemma_lowers(doc)
    return [i for i, w in enumerate(word_lowers(doc)) if w in words or lemmas[i] in verbs]


def _duration_object(t: Token) -> bool:
    """ "after two hours": "before two hours" is not idiomatic, so durations are left alone."""
    objs = [c for c in t.children if c.dep_ == "pobj"]
    return (
        bool(objs)
        and (
            objs[0].lemma_.lower() in time_units()
            or objs[0].lower_ in _TIME_NOUNS | {"while", "awhile"}
            or objs[0].lemma_.lower() in _TIME_NOUNS  # "after a few times"
        )
        and any(
            c.dep_ in ("nummod", "det", "amod") and (c.like_num or c.lower_ in ("a", "an", "few", "several", "many"))
            for c in objs[0].children
        )
    ) or any(c.lower_ == "awhile" for c in t.children)  # "after awhile"


# "we stand before three doors", "knelt before the king": "before" of place (in front of)
_POSTURES = frozenset("stand sit kneel bow lie appear stop pause halt wait".split())

# Brief stretches measured before "before"/"after": "an instant before I was looking down at her" is
# an idiom of suddenness, and "an instant after" is garbled (round 41)
_BRIEF = frozenset("instant moment second minute while jiffy heartbeat blink".split())


def _brief_measure(prev: Token | None) -> bool:
    """ "a moment before", "seconds after": the word just before the time word is a brief measure."""
    return prev is not None and prev.pos_ == "NOUN" and prev.lemma_.lower() in _BRIEF


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
    lowers = word_lowers(t.doc)
    return any(
        lowers[i] in NPI or (lowers[i] == "all" and i > 0 and lowers[i - 1] == "at")
        for i in range(sent.start, sent.end)
    )


def _adv_ok(t: Token, prev: Token | None, nxt: Token | None) -> bool:
    w = t.lower_
    if t.dep_ in ("nsubj", "nsubjpass", "dobj", "pobj", "poss", "compound", "appos"):
        return False  # a noun use
    if t.dep_ == "advmod" and t.head.pos_ in ("NOUN", "PROPN", "PRON") and t.lower_ != "ago":
        return False  # "the city square earlier a hand had yanked ...": the parse lost the clause it orders
    h = t.head
    if t.i < h.i and C.is_finite(h) and C.subject(h) is None and h.tag_ != "MD":
        return False  # the parser took a subject for an adverb ("late wanted to be a musician")
    if w in ("later", "earlier") and prev is not None and prev.lower_ in ("for", "until", "till", "see", "from"):
        return False  # "pies for later", "see you later"
    if w == "late" and prev is not None and prev.tag_ == "PRP$":  # "her late husband"
        return False
    if w in ("later", "earlier") and (t.dep_ == "amod" or any(c.lower_ == "than" for c in t.subtree)):
        return False  # "worked even later hours than before" -> "earlier hours": still more work (round 41)
    if w == "ago":
        return False  # "parents I said goodbye to years later": "later" has no anchor (round 35)
    if w == "later" and prev is not None and prev.lower_ == "or":  # "sooner or later"
        return False
    if (
        w in ("early", "late")
        and t.dep_ == "amod"
        and (t.head.i != t.i + 1 or not (timed_noun(t.head) or t.head.lemma_.lower() in _MEALS))
    ):
        return False  # "early dismissal days", "a late fee": a compound term, not a time (round 45)
    if w in _PUNCTUAL_COLLOCATIONS and (
        t.dep_ == "advmod"
        and (
            t.head.lemma_.lower() in _LATE_VERBS or (t.head.lemma_ == "be" and prev is not None and prev.lower_ == "up")
        )
    ):
        return False  # "stayed late", "slept late", "was up late": "stayed early" is no English (round 45)
    if any(t.doc[k].lower_ in ("not", "no", "never") for k in range(max(t.sent.start, t.i - 3), t.i)):
        return False  # "not a second later" (at once): "not a second earlier" breaks the idiom (round 45)
    return True


# Verbs whose "late"/"early" is a collocation of its own ("stay late", "work late", "sleep late",
# "run late"): flipped, "stayed early" reads garbled rather than as the other time
_LATE_VERBS = frozenset("stay work sleep run keep open party study linger remain".split())
_PUNCTUAL_COLLOCATIONS = frozenset({"late", "early", "later", "earlier"})


def _verb_flip(t: Token, verb_ing: dict[str, str], verb_intr: dict[str, str], verb_obj: dict[str, str]) -> str | None:
    lemma = t.lemma_.lower()
    kids = list(t.children)
    deps = {c.dep_ for c in kids}
    if "prt" in deps or "auxpass" in deps or t.dep_ in ("csubj", "csubjpass") or habitual(t):
        return None  # "finishing one small goal gives me satisfaction": a generic act, no one event
    ing = [c for c in kids if c.dep_ == "xcomp" and c.tag_ == "VBG" and c.i == t.i + 1]
    new_lemma = None
    if lemma in verb_ing and ing and "dobj" not in deps:
        if any(c.dep_ == "neg" for c in kids) or any(
            t.doc[k].lower_ in _NEGS for k in range(max(t.sent.start, t.i - 3), t.i)
        ):  # "i can ’ t stop smiling" (the parser takes "t" for a subject) -> "can ’ t start smiling"
            return None  # "i could n't stop having the dream" -> "could n't start having it" is no sense
        if verb_ing[lemma] == "stop" and not goes_on_later(t, ing[0]):
            return None  # "the puppy started whining" -> "stopped whining": nothing later needs it going on
        if lemma in ("stop", "finish") and not went_on_before(t, ing[0]):
            return None  # "when he stopped answering my emails" -> "started": nothing before tells it went on
        new_lemma = verb_ing[lemma]
    elif lemma in verb_intr and not deps & {"dobj", "xcomp", "ccomp", "prep_to", "attr", "acomp"} and not awaited(t):
        subj = C.subject(t)
        if (
            subj is not None
            and subj.pos_ == "NOUN"
            and subj.lower_ not in _HUMAN_PRON
            and timed_noun(subj)  # "the movie started"; "the mower would not start" -> "end" is no English
            and not any(c.dep_ == "prep" and c.lower_ in ("with", "by") for c in kids)
            and near(t.doc, t, linked_sentences(t.doc, [subj.i]))  # "soon summer ended": named nowhere else
        ):
            new_lemma = verb_intr[lemma]
    elif lemma in verb_obj and "dobj" in deps and not deps & {"xcomp", "ccomp", "dative"}:
        if any(c.lower_ in _HEDGES for c in kids) or not completion_told(t.doc, t):
            return None  # "he nearly finished the puzzle" -> "nearly started" is no sense
        new_lemma = verb_obj[lemma]
    if new_lemma is None:
        return None
    return first_form(new_lemma, t.tag_)


def _doubled(doc: Doc, start: int, end: int, new: str) -> bool:
    """Whether ``new`` already stands within three words of the flipped span ("the first and last
    time"): the flip would only make a redundancy ("the last and last time"), no time error."""
    first = new.split()[-1].lower()
    lowers = word_lowers(doc)
    return any(lowers[k] == first for k in range(max(0, start - 3), min(len(doc), end + 3)) if not start <= k < end)


_STARTS = frozenset({("at", "first"), ("in", "the", "beginning"), ("at", "the", "beginning")})


def _phrase_order(doc: Doc, t: Token, key: tuple[str, ...], n: int) -> tuple[int, ...] | None:
    """The sentences a phrase flip contradicts, or None when it would contradict none: "at first"
    needs the story to go on after it (the next sentence), "at last"/"in the end" a sentence before
    it; "at the end"/"at the beginning" must say of what ("of the date"): bare, "at the end, his
    manager told him" -> "at the beginning" reads as another plausible moment."""
    sent = sentence_index(doc)
    own, last = sent[t.i], sent[len(doc) - 1]
    if key[:2] == ("at", "the"):
        if t.i + n >= len(doc) or doc[t.i + n].lower_ != "of":
            return None
        # the time unit itself ties nothing: "at the end of the month" -> "beginning" is not contradicted
        # by "after that month" (rent is due at a month's beginning too, round 51); an event ("the race") is
        objs = [c.i for c in doc[t.i + n].children if c.dep_ == "pobj" and c.lemma_.lower() not in time_units()]
        found = near(
            doc, t, linked_sentences(doc, [k for o in objs for k in range(doc[o].left_edge.i, doc[o].right_edge.i + 1)])
        )
        return found or None  # "at the end of the month he had 9 bags" -> "beginning": nothing else times it
    prev = doc[t.i - 1] if t.i > 0 else None
    if not (t.is_sent_start or prev is None or prev.text == "," or (prev.pos_ == "CCONJ" and prev.is_sent_start)):
        return None  # "she was bad at first" -> "bad at last" reads as "finally", no order a reader holds
    if key in _STARTS:
        # "at first, she declined. but after tasting one, ..." -> "at last": the next sentence goes on
        # from it; with no turn there, "at last" reads as another plausible moment
        return (own + 1,) if own < last and _turn_opens(doc, own + 1) else None
    # "in the end" -> "in the beginning" inverts an outcome only on the story's last sentence; in
    # the middle ("in the end she decided to ground him. he threw a fit") it reads as "at first" (round 41)
    return (own - 1,) if 0 < own == last else None


# not a plain next step: "at last , she considered cheating . then she realized it was time to give up"
# reads as a sequence, nothing contradicted (round 654 sample)
_TURNS = (SEQUENCE_OPENERS - {"then", "next"}) | {"but", "however", "after", "now", "yet", "still"}


def _turn_opens(doc: Doc, k: int) -> bool:
    """Whether sentence ``k`` (0-based) opens with a turn or a next step ("but", "then", "later")."""
    sent = sentence_index(doc)
    words = [x for x in doc if sent[x.i] == k and not x.is_punct][:2]
    return any(x.lower_ in _TURNS for x in words)


def _negated(head: Token) -> bool:
    """ "tommy never received compliments after using the razor": a thing that never happened is
    told in no order ("never ... before using it" reads as plausibly)."""
    return any(c.dep_ == "neg" or c.lower_ in ("never", "no") for c in head.children)
