"""What a temporal word flip must clash with to break the story (issue 14's strict reading): a
flipped detail nothing else depends on ("one morning" -> "one evening" in a story about reading
the paper) leaves the story no less coherent, so each kind of flip needs a cue elsewhere in the
story that the opposite word contradicts, and idioms or places that only look like time words
("at the end of the hall", "before she knew it") are left alone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation import linked_sentences, sentence_index
from ...annotation.links import FREQUENT_NOUNS
from .checks import own_words
from .clauses import lemma_lowers, word_lowers
from .lexicon import time_units
from .targets import ties

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

# Nouns after "at the end of" / "at the beginning of" that name a stretch of time or an event
# (anything else is a place: "at the end of the hall", "the beginning of the line")
TIMED = frozenset(
    """day night week month year season semester term quarter decade century summer winter spring fall autumn
    game match race movie film show play concert party meeting class lesson session shift trip vacation holiday
    date evening morning afternoon hour minute period school story book song video speech interview
    ceremony wedding tournament competition contest event visit tour weekend career life time""".split()
)
# Lemmas that tie a story to one end of the day: "one morning" -> "one evening" flips only where
# a morning is told elsewhere ("he woke up", "breakfast") and nothing of the evening stands in its
# own sentence; "that night" -> "that morning" only where the night is told ("it was dark") and
# nothing of the morning ("she woke up that night" -> "woke up that morning" is just as coherent)
MORNING_CUES = frozenset("breakfast wake awake alarm sunrise dawn morning".split())
EVENING_CUES = frozenset(
    "dinner supper sunset dusk dark darkness moon star bedtime midnight tonight night evening".split()
)
_MORNING_WORDS = frozenset({"morning", "mornings", "sunrise", "dawn"})
# The cues that fix a scene's time of day explicitly: a meal, waking, the sun's rising or setting, bedtime;
# "dark", the moon, a star or another "night" do not ("one night she saw the shooting star" -> "one morning":
# a pre-dawn star is plausible, round 51). The wider lists above still veto a flip whose own sentence
# tells the new time.
EXPLICIT_MORNING = frozenset("breakfast wake alarm sunrise dawn".split())
EXPLICIT_EVENING = frozenset("dinner supper sunset dusk bedtime midnight".split())
# Lemmas that tie a story to one season, by the season they tell: a flip "summer" -> "winter" needs a
# summer told elsewhere ("the heat", "a sunburn"); a pool, a vacation or a swim fix no season (a pool
# party "in the winter" is odd, not contradicted: round 41)
SEASON_CUES = {
    "summer": frozenset("summer hot heat heatwave sunburn sunburned sweltering humid".split()),
    "winter": frozenset(
        "winter snow snowman snowball snowy sled sledding ski skiing freezing icy frost christmas".split()
    ),
}
# "early"/"late": a detail nothing depends on unless the story speaks of being on time elsewhere
PUNCTUALITY = frozenset({"early", "late", "earliest", "latest"})
PUNCTUAL_WORDS = frozenset({"early", "late", "earliest", "latest", "tardy", "punctual", "lateness"})


# how many sentences either side of a flipped word its cue may stand in: in a long story, a "sunset"
# twenty sentences away tells nothing of the time of the flipped scene
CUE_WINDOW = 2


def _cue_elsewhere(doc: Doc, t: Token, cues: frozenset[str]) -> bool:
    """Whether a word other than ``t``, at most ``CUE_WINDOW`` sentences away, has its lemma (or
    form) in ``cues``."""
    lowers, lemmas, sent = word_lowers(doc), lemma_lowers(doc), sentence_index(doc)
    own = sent[t.i]
    return any(
        i != t.i and abs(sent[i] - own) <= CUE_WINDOW and (lemmas[i] in cues or lowers[i] in cues)
        for i in range(len(lowers))
    )


# words telling that a thing was finished: "finished the film" -> "started the film" clashes with
# "tom was happy to complete the movie"
DONE_CUES = frozenset("done complete completed finished over ready bestseller".split())


def completion_told(doc: Doc, verb: Token) -> bool:
    """For "finished X" -> "started X": whether another sentence names X again or tells that it was
    done, so the flip contradicts it ("i finished some work" -> "started some work" is as coherent)."""
    objs = [c for c in verb.children if c.dep_ == "dobj"]
    if objs and objs[0].lemma_.lower() not in FREQUENT_NOUNS and linked_sentences(doc, [objs[0].i]):
        return True
    return _cue_elsewhere(doc, verb, DONE_CUES) and not _cue_in_sentence(doc, verb, DONE_CUES)


def _cue_in_sentence(doc: Doc, t: Token, cues: frozenset[str]) -> bool:
    lowers = word_lowers(doc)
    return any(i != t.i and lowers[i] in cues for i in range(t.sent.start, t.sent.end))


def day_cue(doc: Doc, t: Token, new: str) -> bool:
    """Whether the story fixes the time of day of ``t`` explicitly elsewhere ("breakfast", "he woke
    up", "sunset"), which its flip to ``new`` ("morning" -> "evening") clashes with, and ``t``'s own
    sentence tells nothing of ``new``'s."""
    morning = t.lower_ in _MORNING_WORDS
    old_cues = EXPLICIT_MORNING if morning else EXPLICIT_EVENING
    new_cues = EVENING_CUES if morning else MORNING_CUES
    lowers, lemmas = word_lowers(doc), lemma_lowers(doc)
    own = t.sent
    if any(i != t.i and (lemmas[i] in new_cues or lowers[i] in new_cues) for i in range(own.start, own.end)):
        return False
    here = sentence_index(doc)[t.i]
    return any(not _duration_between(doc, here, k) for k in cue_sentences(doc, t, old_cues))


def _duration_between(doc: Doc, a: int, b: int) -> bool:
    """Whether a stretch of time ("in labor for several hours") is told in sentences ``a`` to ``b``:
    "arrived late one morning ... delivered just after midnight" then holds by a long wait, and the
    clash needs a reckoning of hours no reader makes (round 41)."""
    lo, hi = min(a, b), max(a, b)
    sent, units = sentence_index(doc), time_units()
    return any(lo <= sent[x.i] <= hi and x.tag_ == "NNS" and x.lemma_.lower() in units for x in doc)


def season_cue(doc: Doc, t: Token) -> bool:
    """Whether the story tells ``t``'s own season ("summer") elsewhere by a word of that season only
    ("the heat"), so "winter" contradicts it; no word of the other season stands in ``t``'s sentence."""
    season = "summer" if t.lower_ == "summer" else "winter"
    other = SEASON_CUES["winter" if season == "summer" else "summer"]
    if _cue_in_sentence(doc, t, other):
        return False
    return bool(cue_sentences(doc, t, SEASON_CUES[season]))


def punctuality_elsewhere(doc: Doc, t: Token) -> bool:
    """For "early"/"late" (and a bare "earlier"/"later"): whether another sentence speaks of being
    early or late ("one day he came early" / "he continued to be late"), so the flip contradicts
    it (True for other words)."""
    if t.lower_ in ("earlier", "later"):
        # "an hour earlier", "later in the day", "Later, ..." order events; a bare "came home
        # from work earlier" -> "later" is a detail like "early"
        # ("watch movies later from then on" has no measure: "earlier" is as plausible, round 45)
        if any(c.dep_ == "npadvmod" for c in t.children) or t.is_sent_start or (t.i > 0 and doc[t.i - 1].is_punct):
            return True
    elif t.lower_ not in PUNCTUALITY:
        return True
    own, sent = t.sent, sentence_index(doc)
    lowers, here = word_lowers(doc), sentence_index(doc)[t.i]
    return any(
        lowers[i] in PUNCTUAL_WORDS and abs(sent[i] - here) <= EVENT_WINDOW
        for i in range(len(lowers))
        if not own.start <= i < own.end
    )


def timed_noun(head: Token) -> bool:
    """ "the first time", "the last day": "first"/"last" order times; "the last toy he sold" is a
    detail nothing else depends on."""
    lemma = head.lemma_.lower()
    return lemma in TIMED or lemma in time_units()


def place_of(doc: Doc, i: int) -> bool:
    """Whether the phrase ending before token ``i`` goes on with "of" + a noun that is no time."""
    if i >= len(doc) or doc[i].lower_ != "of":
        return False
    objs = [c for c in doc[i].children if c.dep_ == "pobj"]
    return not objs or objs[0].lemma_.lower() not in TIMED | time_units()


def unrelated_events(doc: Doc, t: Token) -> bool:
    """For "before"/"after" joining two clauses: whether there is no main clause ("after joe
    cooked ribs and his son enjoyed them", an adverb "after" the parser took for a conjunction)
    or neither clause names anything of the other ("after bingo was over mary went to her
    house"): either order of two such events is coherent, so the flip breaks nothing."""
    sub = t.head
    main = sub.head
    if main.i == sub.i:
        return True
    inner = {c.i for c in sub.subtree}
    outer = [c.i for c in main.subtree if c.i not in inner]
    return not ties(doc, sorted(inner), outer)


def event_named_again(doc: Doc, t: Token) -> bool:
    """For "before"/"after" + a noun ("after the inspection"): whether another sentence names that
    event again ("it was a day of inspection"), so the story depends on the order; "after work",
    "after dinner" alone may as well be "before". A gerund ("after buying them") always counts:
    its clause shares the subject of the main one."""
    objs = [c for c in t.children if c.dep_ == "pobj"]
    if not objs:
        return True
    obj = objs[0]
    if obj.lemma_.lower() in FREQUENT_NOUNS:
        return False
    return bool(linked_sentences(doc, [obj.i]))


def fixed_idiom(t: Token) -> bool:
    """ "before she knew it" (suddenly), "before long" (soon), "but not before driving around a lot"
    (-> "not after" is garbled, round 51): no time order to flip."""
    doc = t.doc
    if t.i > 0 and doc[t.i - 1].lower_ in ("not", "never"):
        return True
    words = [doc[k].lower_ for k in range(t.i + 1, min(t.i + 4, len(doc)))]
    if t.lower_ == "before" and words[:1] == ["long"]:
        return True
    return t.lower_ == "before" and len(words) == 3 and words[1] in ("knew", "know") and words[2] == "it"


def fixed_first_last(t: Token) -> bool:
    """ "at the last minute" (barely in time), "for the first time" (-> "for the last time" is as
    coherent), "i fell the first time": "first"/"last" in a fixed phrase that orders nothing the story tells."""
    head, doc = t.head, t.doc
    if head.lemma_.lower() == "minute":
        return True
    if head.lemma_.lower() == "time" and head.dep_ == "npadvmod" and head.head.i < head.i:
        return True  # "since i stumbled upon them the first time" -> "the last time": as coherent (round 45)
    return head.lemma_.lower() == "time" and t.i >= 2 and doc[t.i - 2].lower_ == "for"


def cue_sentences(doc: Doc, t: Token, cues: frozenset[str]) -> tuple[int, ...]:
    """The other sentences, at most ``CUE_WINDOW`` away from ``t``'s, holding a word whose lemma
    (or form) is in ``cues`` (0-based, sorted)."""
    lowers, lemmas, sent = word_lowers(doc), lemma_lowers(doc), sentence_index(doc)
    own = sent[t.i]
    return tuple(
        sorted(
            {
                sent[i]
                for i in range(len(lowers))
                if sent[i] != own and abs(sent[i] - own) <= CUE_WINDOW and (lemmas[i] in cues or lowers[i] in cues)
            }
        )
    )


# Words of a beginning or an ending elsewhere in the story: "she was nervous" on "the first day"
# (flipped to "the last day"), "she said goodbye" on "the last day" (flipped to "the first day")
# ("a new swimsuit" worn "on the first day" of a vacation fixes no day: "new" is no cue, round 41)
FIRST_CUES = frozenset("nervous begin start debut beginner".split())
LAST_CUES = frozenset("final finally end finish leave retire retirement goodbye farewell".split())
# Words that carry a sequence on after a "First, ..." opener ("Then she went to ..."): "Finally"
# on the first step then contradicts them
SEQUENCE_OPENERS = frozenset("then next afterwards afterward later finally eventually second secondly soon".split())


def first_last_cue(doc: Doc, t: Token) -> tuple[int, ...]:
    """For "the first X" <-> "the last X": the sentences the flip contradicts, those that tell of a
    beginning (for "first") or an ending (for "last") nearby, or that name X's own words again ("the
    last animal attacked her" / "another animal tried to bite her"). Empty: "she wore it on the first
    day of her new job" -> "last day" contradicts nothing."""
    head = t.head
    # not a clause on the noun: "the last 10 years nurturing that grove" -> "the first 10 years" is told
    # by no other sentence that names the grove (round 41)
    clause = {k.i for c in head.children if c.dep_ in ("acl", "relcl") for k in c.subtree}
    words = [
        k.i
        for k in head.subtree
        if k.i != t.i and k.i not in clause and k.lemma_.lower() not in TIMED and k.lower_ not in ("first", "last")
    ]
    found = set(near(doc, t, linked_sentences(doc, words))) if words else set()
    found.update(cue_sentences(doc, t, FIRST_CUES if t.lower_ == "first" else LAST_CUES))
    return tuple(sorted(found))


def sequence_after(doc: Doc, t: Token) -> tuple[int, ...]:
    """For "First, ..." -> "Finally, ...": the next sentences (at most ``CUE_WINDOW`` on) that go on
    with the sequence ("Then she went to ..."), which "Finally" on the first step contradicts."""
    sent = sentence_index(doc)
    own = sent[t.i]
    return tuple(
        sorted(
            {
                sent[s.start]
                for s in doc.sents
                if own < sent[s.start] <= own + CUE_WINDOW
                and any(x.lower_ in SEQUENCE_OPENERS for x in s[:2] if not x.is_punct)
            }
        )
    )


def habitual_frame(t: Token) -> bool:
    """ "after every fight, ben begged them": a time word on a habit orders no one event."""
    return any(c.lower_ in ("every", "each", "any") for k in t.children for c in k.children if c.dep_ == "det")


def event_links(doc: Doc, t: Token) -> tuple[int, ...]:
    """For "before"/"after": the other sentences that name the event of its clause again, by a verb
    of the clause ("before figuring out how to exit" / "he was n't sure where to exit") or the noun
    after the word ("after the game" / "we watched the game"), so the story fixes the order the flip
    contradicts; a shared object alone ties no event ("made eye contact before dropping his gaze"). Empty when the event is told only here ("before drinking it he noticed how
    dirty it was", "after knocking on his door, his uncle opened the door"): either order reads as
    plausible. Everyday nouns ("after work") and light verbs ("before saying them") tie nothing."""
    if t.dep_ == "mark":
        words = [w.i for w in own_words(t.head) if w.pos_ == "VERB"]
    else:
        objs = [c for c in t.children if c.dep_ in ("pobj", "pcomp")]
        if not objs:
            return ()
        obj = objs[0]
        if obj.pos_ in ("NOUN", "PROPN"):
            if obj.lemma_.lower() in FREQUENT_NOUNS:
                return ()
            words = [obj.i]
        else:
            words = [w.i for w in own_words(obj) if w.pos_ == "VERB"]
    words = [i for i in words if doc[i].lemma_.lower() not in BODY]
    return near(doc, t, linked_sentences(doc, words))


# Parts of the body: "before regaining my feet" / "the water lifted me off my feet" name no one event
BODY = frozenset("foot feet hand head eye face arm leg back body hair mouth finger shoulder knee breath".split())


# how many sentences away a sentence naming the flipped event again may stand: in a long story, a
# mention fifty sentences on is no order a reader holds the flip against
EVENT_WINDOW = 6


def near(doc: Doc, t: Token, found: tuple[int, ...]) -> tuple[int, ...]:
    """The sentences of ``found`` at most ``EVENT_WINDOW`` sentences away from ``t``'s."""
    own = sentence_index(doc)[t.i]
    return tuple(k for k in found if abs(k - own) <= EVENT_WINDOW)


# Verbs of a stretch spent on something: "after waiting for more than 6 hours timmy gave up" ->
# "before waiting ..." is fluent and true (he gave up within the 6 hours), no order broken (round 45)
WAITING = frozenset("wait try attempt struggle search spend practice train hesitate linger".split())


def waiting_frame(t: Token) -> bool:
    """Whether the clause "before"/"after" anchors is a waiting or trying frame, or measures a
    stretch ("after waiting for hours", "after trying for weeks", "after three years of dating"):
    its flip reads as just as true."""
    if t.dep_ == "mark":
        clause = [w for w in t.head.subtree if w.i != t.i]
    else:
        clause = [w for c in t.children if c.dep_ in ("pobj", "pcomp") for w in c.subtree]
    units = time_units()
    return any(
        w.lemma_.lower() in WAITING
        or (
            w.lemma_.lower() in units and (w.tag_ == "NNS" or any(c.like_num or c.dep_ == "nummod" for c in w.children))
        )
        for w in clause
    )


# Words telling that an activity went on again after a stop: "began walking" -> "stopped walking"
# then "continued on to the platform" reads as a pause and a resumption, nothing contradicted (round 45)
_RESUME = frozenset("continue resume restart again keep".split())


def goes_on_later(verb: Token, ing: Token) -> bool:
    """For "started X-ing" -> "stopped X-ing": whether a later sentence nearby tells X itself going on
    ("she started crying. she cried for an hour"), with no resumption told after it: a later sentence
    naming only X's object ("walking to the platform" / "continued on to the platform") or nothing at
    all (a newborn "started crying") leaves "stopped" a fluent detail; so does X done to another thing
    or told as a mishap ("started slicing cucumbers" / "I sliced my finger instead", round 540)."""
    doc = verb.doc
    later = tuple(k for k in near(doc, verb, linked_sentences(doc, [ing.i], later_only=True)) if _same_act(doc, ing, k))
    if not later:
        return False
    sent, lemmas = sentence_index(doc), lemma_lowers(doc)
    own = sent[verb.i]
    return not any(own < sent[i] <= max(later) and lemmas[i] in _RESUME for i in range(verb.i + 1, len(doc)))


def _objects(t: Token) -> set[str]:
    return {c.lemma_.lower() for c in t.children if c.dep_ == "dobj"}


def _same_act(doc: Doc, ing: Token, k: int) -> bool:
    """Whether sentence ``k`` tells the act of ``ing`` itself: the same verb, on the same thing when
    both name one, and no "instead" turning it into another act."""
    sent = sentence_index(doc)
    words = [x for x in doc if sent[x.i] == k]
    if any(x.lower_ == "instead" for x in words):
        return False
    objs = _objects(ing)
    return any(
        x.pos_ == "VERB"
        and x.dep_ not in ("amod", "compound")  # not "a speeding ticket" after "began speeding" (round 47)
        and x.lemma_.lower() == ing.lemma_.lower()
        and not (objs and _objects(x) and not objs & _objects(x))
        for x in words
    )


def went_on_before(verb: Token, ing: Token) -> bool:
    """For "stopped X-ing" -> "started X-ing": whether an earlier sentence nearby tells X (or what it
    is done to) going on, so "started" contradicts it ("the keyboard worked great for a week. then it
    stopped working"); a sentence after it only ("stopped asking ... he never asked again") or none
    leaves "started" a plausible turn."""
    doc = verb.doc
    own = sentence_index(doc)[verb.i]
    return any(k < own for k in near(doc, verb, linked_sentences(doc, [c.i for c in ing.subtree])))
