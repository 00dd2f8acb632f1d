"""What a temporal word flip must clash with to break the story (issue 14's strict reading): a
flipped detail nothing else depends on ("one morning" -> "one evening" in a story about reading
the paper) leaves the story no less coherent, so each kind of flip needs a cue elsewhere in the
story that the opposite word contradicts, and idioms or places that only look like time words
("at the end of the hall", "before she knew it") are left alone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation import linked_sentences, sentence_index
from ...annotation.links import FREQUENT_NOUNS
from . import clauses as C
from .checks import own_words
from .clauses import lemma_lowers, word_lowers
from .lexicon import time_units
from .targets import ties
from .temporal_facts import activity_words, fact_sentences, told_as_fact, worked_on_before

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
# "early"/"late": a detail nothing depends on unless the story speaks of being on time elsewhere
PUNCTUALITY = frozenset({"early", "late", "earliest", "latest"})
PUNCTUAL_WORDS = frozenset({"early", "late", "earliest", "latest", "tardy", "punctual", "lateness"})


# how many sentences either side of a flipped word its cue may stand in: in a long story, a "sunset"
# twenty sentences away tells nothing of the time of the flipped scene
CUE_WINDOW = 2


def completion_told(doc: Doc, verb: Token) -> bool:
    """For "finished X" -> "started X": whether an earlier sentence tells, as fact, X being worked on
    ("tom labored making the film"); X named only in a wish or a duty ("thank you for volunteering to do
    the report" before "i have to finish the report") or told done after it leaves "start" plausible
    (round 58)."""
    return bool(worked_on_before(doc, verb))


def _cue_in_sentence(doc: Doc, t: Token, cues: frozenset[str]) -> bool:
    lowers = word_lowers(doc)
    return any(i != t.i and lowers[i] in cues for i in range(t.sent.start, t.sent.end))


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
    """ "before she knew it" (suddenly), "before long" (soon), "first before", "but not before driving around a lot"
    (-> "not after" is garbled, round 51): no time order to flip."""
    doc = t.doc
    if t.i > 0 and doc[t.i - 1].lower_ in ("not", "never", "first"):
        return True  # "ask grandpa first before telling another" -> "first after" is garbled (round 691)
    words = [doc[k].lower_ for k in range(t.i + 1, min(t.i + 4, len(doc)))]
    if t.lower_ == "before" and words[:1] == ["long"]:
        return True
    return t.lower_ == "before" and len(words) == 3 and words[1] in ("knew", "know") and words[2] == "it"


# Words that carry a sequence on after a "First, ..." opener ("Then she went to ..."): "Finally"
# on the first step then contradicts them
SEQUENCE_OPENERS = frozenset("then next afterwards afterward later finally eventually second secondly soon".split())


# Markers of a sequence's last step: a second "finally" pins the flipped one as out of place
_CLOSERS = frozenset({"finally", "lastly", "last"})


def sequence_after(doc: Doc, t: Token) -> tuple[int, ...]:
    """For "First, ..." -> "Finally, ...": the next sentences (at most ``CUE_WINDOW`` on) that go on
    with the sequence ("Then she went to ..."), which "Finally" on the first step contradicts. Empty
    unless one of them opens with a last step ("finally she went to the museum"): with only "then"
    and "soon" after it, "finally they learned to thread the needle" reads as "at last" (round 74)."""
    sent = sentence_index(doc)
    own = sent[t.i]
    found = tuple(
        sorted(
            {
                sent[s.start]
                for s in doc.sents
                if own < sent[s.start] <= own + CUE_WINDOW
                and any(x.lower_ in SEQUENCE_OPENERS for x in s[:2] if not x.is_punct)
            }
        )
    )
    closing = any(
        own < sent[s.start] <= own + CUE_WINDOW and any(x.lower_ in _CLOSERS for x in s[:2] if not x.is_punct)
        for s in doc.sents
    )
    return found if closing else ()


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
    words = [doc[i] for i in words if doc[i].lemma_.lower() not in BODY]
    # told as fact there: "when it was time to serve the food" tells no serving done, so "removed the
    # cucumbers after serving" stays plausible (round 692)
    return tuple(sorted(fact_sentences(doc, t, words, before=True) + fact_sentences(doc, t, words, before=False)))


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
    or told as a mishap ("started slicing cucumbers" / "I sliced my finger instead", round 540), or X
    told again only two or more sentences on."""
    doc = verb.doc
    later = tuple(k for k in near(doc, verb, linked_sentences(doc, [ing.i], later_only=True)) if _same_act(doc, ing, k))
    sent, lemmas = sentence_index(doc), lemma_lowers(doc)
    own = sent[verb.i]
    # the very next sentence: "jesse stopped playing with the drum kit . his father decided to teach him to
    # play . jesse played very well" reads as a stop and a new start in between (round 694)
    if not later or min(later) > own + 1:
        return False
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
        and _same_subject(ing.head, x)  # "I started reading the letter" / the letter's "we have read" (round 695)
        and told_as_fact(x)  # "people who loved to watch him play" tells no playing going on (round 58)
        and x.dep_ not in ("amod", "compound")  # not "a speeding ticket" after "began speeding" (round 47)
        and x.lemma_.lower() == ing.lemma_.lower()
        and not (objs and _objects(x) and not objs & _objects(x))
        for x in words
    )


def _same_subject(a: Token, b: Token) -> bool:
    """Whether two verbs' subjects may be the same one: not two different pronouns ("I" / "we") nor two
    different nouns."""
    sa, sb = C.subject(a), C.subject(b)
    if sa is None or sb is None or (sa.pos_ == "PRON") != (sb.pos_ == "PRON"):
        return True
    return sa.lower_ == sb.lower_


def went_on_before(verb: Token, ing: Token) -> bool:
    """For "stopped X-ing" -> "started X-ing": whether an earlier sentence nearby tells, as fact, X (or
    what it is done to) going on, so "started" contradicts it ("the keyboard worked great for a week. then it
    stopped working"); a sentence after it only ("stopped asking ... he never asked again") or none
    leaves "started" a plausible turn."""
    return bool(fact_sentences(verb.doc, verb, activity_words(ing), before=True))
