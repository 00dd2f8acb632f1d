"""Where a temporal word flip may stand: the checks that a time word really orders events here
(not "look after", "after all", "stand before three doors", "stayed late") and that its flip stays
grammatical and contradicts something ("at first" needs a turn after it), and the verb flips
("started crying" -> "stopped crying"). :mod:`.temporal` applies them to each candidate word."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation import linked_sentences
from ...resources.inflect import first_form
from . import clauses as C
from .checks import NEGATING, NPI, habitual
from .clauses import word_lowers
from .lexicon import time_units
from .temporal_anchors import awaited
from .temporal_cues import (
    completion_told,
    goes_on_later,
    near,
    timed_noun,
    went_on_before,
)
from .temporal_recur import momentary_before, restarted
from .temporal_scene import done_by_another, paused_motion

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token


# "look after", "go after" (chase), "take after", "named after", "sprint after the thief": not time
_AFTER_IDIOMS = frozenset(
    {"look", "take", "go", "run", "chase", "seek", "ask", "inquire", "lust", "be", "come"}
    | {"sprint", "race", "dash", "rush", "hurry", "charge", "bolt", "follow", "hunt", "head", "jog", "fly"}
)


def after_idiom(t: Token) -> bool:
    nxt = t.doc[t.i + 1] if t.i + 1 < len(t.doc) else None
    if nxt is not None and nxt.lower_ == "all":  # "after all"
        return True
    head = t.head.lemma_.lower()
    if head in ("clean", "pick", "tidy") and any(c.dep_ == "prt" for c in t.head.children):
        return True  # "cleaning up after his dog": picking up its mess, no time
    return head == "name" or (head in _AFTER_IDIOMS and t.head.i == t.i - 1)


TIME_NOUNS = frozenset(
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
_MEALS = frozenset("breakfast brunch lunch dinner supper meal".split())
_HEDGES = frozenset({"nearly", "almost", "barely", "hardly", "just"})


def duration_object(t: Token) -> bool:
    """ "after two hours": "before two hours" is not idiomatic, so durations are left alone."""
    objs = [c for c in t.children if c.dep_ == "pobj"]
    return (
        bool(objs)
        and (
            objs[0].lemma_.lower() in time_units()
            or objs[0].lower_ in TIME_NOUNS | {"while", "awhile"}
            or objs[0].lemma_.lower() in TIME_NOUNS  # "after a few times"
        )
        and any(
            c.dep_ in ("nummod", "det", "amod") and (c.like_num or c.lower_ in ("a", "an", "few", "several", "many"))
            for c in objs[0].children
        )
    ) or any(c.lower_ == "awhile" for c in t.children)  # "after awhile"


# "we stand before three doors", "knelt before the king": "before" of place (in front of)
POSTURES = frozenset("stand sit kneel bow lie appear stop pause halt wait".split())

# Brief stretches measured before "before"/"after": "an instant before I was looking down at her" is
# an idiom of suddenness, and "an instant after" is garbled (round 41)
_BRIEF = frozenset("instant moment second minute while jiffy heartbeat blink bit".split())


def brief_measure(prev: Token | None) -> bool:
    """ "a moment before", "seconds after": the word just before the time word is a brief measure."""
    return prev is not None and prev.pos_ == "NOUN" and prev.lemma_.lower() in _BRIEF


def opens_clause(t: Token, nxt: Token | None) -> bool:
    """ "Finally, she ..." / "Finally she ...": the adverb is followed by a comma or by its clause's
    subject (not "finally one day ..." or "finally saving up ...", where "first" would not fit)."""
    if nxt is None:
        return False
    if nxt.text == ",":
        return True
    subj = C.subject(t.head)
    return subj is not None and subj.left_edge.i == nxt.i


def bare_subject(t: Token) -> bool:
    """A determiner-less singular noun as subject or possessor: a name in lower-cased text ("dawn won")."""
    return (
        t.tag_ == "NN"
        and t.dep_ in ("nsubj", "nsubjpass", "poss")
        and not any(c.dep_ in ("det", "poss", "amod", "compound", "nummod") for c in t.children)
    )


def npi_in_sentence(t: Token) -> bool:
    """ "before he did anything", "stopped talking to her at all": flipping breaks the licensing."""
    sent = t.sent
    lowers = word_lowers(t.doc)
    return any(
        lowers[i] in NPI or (lowers[i] == "all" and i > 0 and lowers[i - 1] == "at")
        for i in range(sent.start, sent.end)
    )


def adv_ok(t: Token, prev: Token | None, nxt: Token | None) -> bool:
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
    if w in ("later", "earlier") and nxt is not None and nxt.lower_ == "and":
        return False  # "20 years later and I still have n't met him": "20 years earlier and ..." is garbled (round 696)
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
    if w in ("early", "late") and any(k.lemma_.lower() in _BEDTIME for k in t.head.subtree):
        return False  # "hitting the sack early" -> "late": a bedtime nothing else is timed by (round 694)
    if w in ("early", "late") and time_collocation(t, nxt):
        return False  # "late at night" -> "early at night", "early on" -> "late on": a set phrase broken (round 58)
    if any(t.doc[k].lower_ in ("not", "no", "never") for k in range(max(t.sent.start, t.i - 3), t.i)):
        return False  # "not a second later" (at once): "not a second earlier" breaks the idiom (round 45)
    return True


_BEDTIME = frozenset({"bed", "sack", "hay", "bedtime"})


def time_collocation(t: Token, nxt: Token | None) -> bool:
    """Whether "early"/"late" opens a set phrase with what follows: "early on", "late at night", "early
    in the morning", "late into the night" (flipped, "early at night" is no English)."""
    if nxt is None:
        return False
    if nxt.lower_ == "on":
        return True
    following = [x.lower_ for x in t.doc[nxt.i + 1 : nxt.i + 3]]
    return nxt.lower_ in ("at", "in", "into") and any(x in TIME_NOUNS for x in following)


# Verbs whose "late"/"early" is a collocation of its own ("stay late", "work late", "sleep late",
# "run late"): flipped, "stayed early" reads garbled rather than as the other time
_LATE_VERBS = frozenset("stay work sleep run keep open party study linger remain".split())
_PUNCTUAL_COLLOCATIONS = frozenset({"late", "early", "later", "earlier"})


# Spans of time: their start or end is another moment of the span, no event a story fixes
_SPANS = frozenset(
    """day night week month year season semester term quarter decade century summer winter spring fall autumn
    evening morning afternoon weekend time life career period""".split()
)


def time_span(t: Token) -> bool:
    """Whether ``t`` names a span of time ("the day", "summer"), not an event ("the movie")."""
    lemma = t.lemma_.lower()
    return lemma in _SPANS or lemma in time_units()


_CLAUSE_TIES = {"nsubj", "nsubjpass", "expl", "csubj", "aux", "auxpass", "mark"}


def imperative(t: Token) -> bool:
    """Whether verb ``t`` heads an order ("Finish the meal", "Come and finish it"): a base form with
    no subject, auxiliary or subordinator, as the main clause, a quoted clause or joined to one, or
    opening its sentence ("Finish the meal quickly, it thought" is parsed as an adverbial clause)."""
    if t.tag_ != "VB" or any(c.dep_ in _CLAUSE_TIES for c in t.children):
        return False
    if t.dep_ in ("ROOT", "ccomp", "parataxis"):
        return True
    if t.dep_ == "advcl" and all(w.is_punct for w in t.doc[t.sent.start : t.i]):
        return True
    return t.dep_ == "conj" and t.head.i != t.i and imperative(t.head)


def verb_flip(t: Token, verb_ing: dict[str, str], verb_intr: dict[str, str], verb_obj: dict[str, str]) -> str | None:
    """The opposite verb form for a flip of ``t`` ("finished" -> "started"), or None where the flip
    would contradict nothing or read as no sense."""
    if imperative(t):
        return None  # "Finish the meal" -> "Start the meal": an order tells no event to contradict
    lemma = t.lemma_.lower()
    kids = list(t.children)
    deps = {c.dep_ for c in kids}
    if "prt" in deps or "auxpass" in deps or t.dep_ in ("csubj", "csubjpass") or habitual(t):
        return None  # "finishing one small goal gives me satisfaction": a generic act, no one event
    ing = [c for c in kids if c.dep_ == "xcomp" and c.tag_ == "VBG" and c.i == t.i + 1]
    new_lemma = None
    if lemma in verb_ing and ing and "dobj" not in deps:
        if any(c.dep_ == "neg" for c in kids) or any(
            t.doc[k].lower_ in NEGATING for k in range(max(t.sent.start, t.i - 3), t.i)
        ):  # "i can ’ t stop smiling" (the parser takes "t" for a subject) -> "can ’ t start smiling"
            return None  # "i could n't stop having the dream" -> "could n't start having it" is no sense
        if verb_ing[lemma] == "stop" and not goes_on_later(t, ing[0]):
            return None  # "the puppy started whining" -> "stopped whining": nothing later needs it going on
        if paused_motion(t, ing[0]) or done_by_another(t, ing[0]) or momentary_before(t, ing[0]):
            return None  # "she stopped walking" -> "started walking": she may have paused (rounds 81, 801, 83)
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
            and not time_span(subj)  # "before the day ended" -> "started": another moment of the day (round 691)
            and not any(c.dep_ == "prep" and c.lower_ in ("with", "by") for c in kids)
            and near(t.doc, t, linked_sentences(t.doc, [subj.i]))  # "soon summer ended": named nowhere else
        ):
            new_lemma = verb_intr[lemma]
    elif lemma in verb_obj and "dobj" in deps and not deps & {"xcomp", "ccomp", "dative"}:
        if any(c.lower_ in _HEDGES for c in kids) or not completion_told(t.doc, t):
            return None  # "he nearly finished the puzzle" -> "nearly started" is no sense
        new_lemma = verb_obj[lemma]
    if new_lemma is None or (new_lemma in ("start", "begin") and restarted(t)):
        return None  # "my connection stopped ... when the movie started": a restart (round 83)
    return first_form(new_lemma, t.tag_)


def doubled(doc: Doc, start: int, end: int, new: str) -> bool:
    """Whether ``new`` already stands within three words of the flipped span ("the first and last
    time"): the flip would only make a redundancy ("the last and last time"), no time error."""
    first = new.split()[-1].lower()
    lowers = word_lowers(doc)
    return any(lowers[k] == first for k in range(max(0, start - 3), min(len(doc), end + 3)) if not start <= k < end)


def phrase_order(doc: Doc, t: Token, key: tuple[str, ...], n: int) -> tuple[int, ...] | None:
    """The sentences a phrase flip ("at the end of" <-> "at the beginning of") contradicts, or None
    when it would contradict none: it must say of what ("of the date"): bare, "at the end, his
    manager told him" -> "at the beginning" reads as another plausible moment."""
    if t.i + n >= len(doc) or doc[t.i + n].lower_ != "of":
        return None
    # the time unit itself ties nothing: "at the end of the month" -> "beginning" is not contradicted
    # by "after that month" (rent is due at a month's beginning too, round 51); an event ("the race") is
    objs = [c.i for c in doc[t.i + n].children if c.dep_ == "pobj" and c.lemma_.lower() not in time_units()]
    found = near(
        doc, t, linked_sentences(doc, [k for o in objs for k in range(doc[o].left_edge.i, doc[o].right_edge.i + 1)])
    )
    return found or None  # "at the end of the month he had 9 bags" -> "beginning": nothing else times it


def negated(head: Token) -> bool:
    """ "tommy never received compliments after using the razor": a thing that never happened is
    told in no order ("never ... before using it" reads as plausibly)."""
    return any(c.dep_ == "neg" or c.lower_ in ("never", "no") for c in head.children)
