"""Word-flip-only checks: causal word flips a strict reader still finds doubtful after
:func:`.plausible.cause_may_follow` (round 672), so ``causal_word_flip`` declines them.

Each one leaves the flipped link as readable as the original: a wish made the new cause
("This was because I wanted it to be unexpected"), a general claim or an inference in the present
tense ("the restaurant shut down, so no one shares my tastes"), an impression ("so it seems to
energize the kids"), or an evaluation of the new cause's agent ("the doctor did a great job because
donna looked very beautiful": the look is evidence of the good job).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...resources.lexicons import verb_class
from .checks import tense
from .clauses import subject
from .plausible import disposition, evidence, generic
from .responses import abstract_claim, answered, condition_noun, framing, maxim

if TYPE_CHECKING:
    from spacy.tokens import Token

# Verbs of a wish or desire ("want", "wish", "hope", "need", "plan", "decide"): as the new cause
# any earlier act may follow from them ("X . This was because I wanted it to be unexpected")
_DESIRE = verb_class("desire")
# Verbs of seeming: "it seems to energize the kids", "he appeared tired" tell an impression
_SEEMING = verb_class("seeming")
# Work judged: "did a great job", "did well"
_WORK = frozenset({"job", "work"})
_JUDGED = frozenset({"well", "badly", "poorly", "great", "good", "fine", "terribly", "wonderfully"})
_DEGREE = frozenset({"worse", "better", "stronger", "weaker", "louder", "quieter", "bigger", "smaller"})
_ASKING = frozenset({"tell", "ask", "order", "warn", "beg", "advise", "urge", "command"})
_TIMES = frozenset("day night morning evening afternoon week weekend month year time today tomorrow".split())
# Verbs that report words or an opinion ("my life coach said it is good", "she thinks so", "I was told"):
# someone's words as the reason or the response read plausibly either way round (round 73 WP)
_REPORTING = verb_class("speech") | frozenset("recommend advise claim mention suggest believe think feel".split())
# Bodily or vocal reactions ("snorted in protest", "laughed", "flinched"): a reaction to another's act
# on it and an act in answer to a reaction read plausibly either way (round 73 WP); not "shout", "leave"
_REACTING = frozenset(
    """protest snort laugh giggle cry weep sob flinch wince gasp shriek squeal whimper whine neigh growl hiss
    recoil shudder shiver tremble smile grin frown blush grimace moan groan purr kick buck struggle resist
    squirm sigh scream""".split()
)
_REACTION_NOUNS = frozenset("protest response reaction surprise pain shock disgust alarm fear horror delight".split())
_SUBJECTS = ("nsubj", "nsubjpass", "expl", "csubj")
_FINITE = ("VBD", "VBZ", "VBP")


def desire(head: Token) -> bool:
    """ "I wanted it to be unexpected", "she hoped he would call": a wish or desire, which any
    earlier act may serve, so as the new cause of a flip the link stays plausible."""
    lemma = head.lemma_.lower()
    if lemma in ("start", "begin"):
        return any(c.dep_ == "xcomp" and desire(c) for c in head.children)
    return lemma in _DESIRE or lemma == "tempt"  # ("i was tempted to buy an iced mocha", round 713)


def request(head: Token) -> bool:
    """ "he told drew to stop", "she asked him to leave": a request, which almost any act may
    prompt, so as the new effect the link stays plausible (round 713)."""
    return head.lemma_.lower() in _ASKING and any(c.dep_ == "xcomp" for c in head.children)


def report(head: Token) -> bool:
    """ "my life coach said it is a good thing", "I was told to go": words or an opinion reported,
    which read as a plausible reason and a plausible response alike (round 73 WP)."""
    lemma = head.lemma_.lower()
    if lemma == "tell" and any(c.dep_ == "auxpass" for c in head.children):
        return True
    return lemma in _REPORTING and any(c.dep_ in ("ccomp", "xcomp") for c in head.children)


def reacting(head: Token) -> bool:
    """ "the horse shook its mane and snorted in protest", "she laughed": a bodily or vocal reaction
    (in the clause's head or a verb joined to it), or an act done "in protest", "in surprise"."""
    for verb in [head, *(c for c in head.children if c.dep_ == "conj" and c.pos_ == "VERB")]:
        if verb.lemma_.lower() in _REACTING:
            return True
        for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ == "in"):
            if any(o.dep_ == "pobj" and o.lemma_.lower() in _REACTION_NOUNS for o in prep.children):
                return True
    return False


def reaction_to_act(reaction: Token, act: Token) -> bool:
    """A reaction (:func:`reacting`) beside an act by another agent on something ("snorted in protest,
    so Melizan rubbed her neck" -> "because Melizan rubbed her neck": a horse may protest being
    touched, round 73 WP): reactions to another's act are plausible effects in either direction."""
    a, b = subject(reaction), subject(act)
    if not reacting(reaction) or a is None or b is None or a.lower_ == b.lower_:
        return False
    return any(c.dep_ in ("dobj", "prep") for c in act.children)


def subjectless(head: Token) -> bool:
    """A finite verb in the clause with no subject of its own ("my life coach said is a good thing"):
    "because" tolerates the slip, a "so" clause reads as garbled (round 73 WP)."""
    for verb in [head, *(c for c in head.children if c.dep_ == "ccomp")]:
        finite = [verb, *(c for c in verb.children if c.dep_ in ("aux", "auxpass"))]
        if any(t.tag_ in _FINITE for t in finite) and not any(c.dep_ in _SUBJECTS for c in verb.children):
            return True
    return False


def aside(head: Token) -> bool:
    """ "so you know", "so you see": the aside "(just) so you know", a bare verb of knowing with "you"
    and nothing else, which tells no result ("I ain't stupid , so you know" -> "because you know", round 755)."""
    subj = subject(head)
    known = head.lemma_.lower() in ("know", "see", "understand") and subj is not None and subj.lower_ == "you"
    return known and not any(c.dep_ in ("dobj", "ccomp", "xcomp", "prep", "attr") for c in head.children)


def seeming(head: Token) -> bool:
    """ "it seems to energize the kids", "donna looked very beautiful": an impression or an
    appearance, which reads as evidence either way round."""
    return head.lemma_.lower() in _SEEMING or evidence(head)


def evaluation(head: Token) -> bool:
    """ "the doctor did a great job", "she did well": an act judged, whose evidence (the result)
    reads as its cause behind "because"."""
    if head.lemma_.lower() != "do":
        return False
    for c in head.children:
        if c.dep_ == "dobj" and c.lemma_.lower() in _WORK and any(d.dep_ == "amod" for d in c.children):
            return True
        if c.dep_ in ("advmod", "acomp") and c.lower_ in _JUDGED:
            return True
    return False


def degree_change(head: Token) -> bool:
    """ "the smell grew worse", "it got louder": a change of degree, which almost any act nearby
    may bring ("the smell grew worse because he investigated", round 710)."""
    if head.lemma_.lower() not in ("grow", "get", "become", "turn"):
        return False
    return any(c.dep_ in ("acomp", "oprd") and (c.tag_ in ("JJR", "RBR") or c.lower_ in _DEGREE) for c in head.children)


def time_state(head: Token) -> bool:
    """ "the next day was my cousin 's birthday": a time told by "be", which no act of the story
    causes, so as the new cause it reads as a narrative "So" turned into nonsense (round 710)."""
    if head.lemma_ != "be":
        return False
    subj = subject(head)
    return subj is not None and subj.lemma_.lower() in _TIMES


def general(head: Token, other: Token) -> bool:
    """A present-tense impression or evaluation (:func:`.plausible.generic`), or a present-tense
    clause beside a past one ("the restaurant shut down because no one shares my tastes"), or a
    present "be" ("liftoff is at 11:00"): a
    general claim, no event of the story, which explains and follows from the other alike."""
    if tense(head) == "present" and head.lemma_ == "be":
        return True  # "liftoff is at no later than 11:00": a schedule or a fact (round 713)
    return generic(head) or (tense(head) == "present" and tense(other) == "past")


def doubtful_flip(new_cause: Token, new_effect: Token, *, opener: bool = False) -> bool:
    """Whether flipping the link to "``new_effect`` because ``new_cause``" is no clear wrong cause:
    a wish or a time as the new cause, a general claim, an impression, an appearance or a trait ("too lazy
    to use the restroom") or a report of words ("my coach said it is good") either side, an act judged, a
    request, a change of degree or a reaction to the other agent's act as the new effect, or a
    sentence-opening "So", "Thus" or "Therefore" next to a present-tense clause (an inference or an
    argument: "They change the programs you know. So someone ... answers a little different")."""
    if desire(new_cause) or time_state(new_cause) or evaluation(new_effect) or degree_change(new_effect):
        return True
    if request(new_effect) or report(new_effect) or report(new_cause) or reaction_to_act(new_effect, new_cause):
        return True
    if seeming(new_cause) or seeming(new_effect) or disposition(new_cause) or disposition(new_effect):
        return True
    if general(new_cause, new_effect) or general(new_effect, new_cause):
        return True
    if answered(new_effect, new_cause) or framing(new_cause):
        return True  # "So, she posted a note on my door"; "So problem was I got drunk" (round 85)
    if maxim(new_cause) or maxim(new_effect):
        return True  # "I let it slide, because you got ta turn the other cheek": a rule of life (round 87)
    return opener and "present" in (tense(new_cause), tense(new_effect))


# States of wanting or looking forward: almost any event may make one eager ("she was eager to try it.
# This was because her friends banded together to try"), so made the effect they stay plausible
_EAGER = frozenset(
    "eager keen curious interested determined motivated inspired hopeful impatient attached fond".split()
)


def eager(head: Token) -> bool:
    """ "she was eager to try it", "he grew curious": a state of wanting something."""
    if head.lemma_.lower() not in ("be", "feel", "get", "become", "grow", "seem"):
        return False
    return any(c.dep_ == "acomp" and c.lower_ in _EAGER for c in head.children)


def helpless(head: Token) -> bool:
    """ "there was nothing i could do": a helplessness, the plausible effect of almost anything ("i
    started crying, so there was nothing i could do")."""
    return any(t.lower_ in ("nothing", "nobody") for t in head.subtree) and any(t.tag_ == "MD" for t in head.subtree)


# Subjects of a vague situation: "it was particularly bad today", "things got worse"
_SITUATION = frozenset({"it", "this", "that", "things", "everything", "life"})


def vague_state(head: Token) -> bool:
    """ "It was particularly bad today", "it was bad timing": a situation judged by an adjective, which may as well cause
    the other clause as follow from it ("It was bad today, so I failed to hide my plans" still reads,
    round 68 WP)."""
    if head.lemma_.lower() not in ("be", "get", "become", "seem", "feel"):
        return False
    subj = subject(head)
    if subj is None or subj.lower_ not in _SITUATION:
        return False
    return any(
        c.dep_ in ("acomp", "attr")
        and (c.pos_ == "ADJ" or any(a.dep_ == "amod" and a.pos_ == "ADJ" for a in c.children))
        for c in head.children
    )  # "bad", or "bad timing": "It was bad timing because a truck hit me" (round 749 WP)


# Practices, habits and skills: "years of practice led to the drumming" -> "resulted from the drumming"
# is as plausible, each feeds the other (round 82 WP)
_PURSUITS = frozenset(
    """practice practise training study habit skill routine discipline rehearsal repetition exercise experience
    talent hobby craft art artistry mastery musicianship devotion dedication effort passion interest
    love""".split()
)
# Amounts that head the pursuit: "years of practice", "a lot of training"
_AMOUNTS = frozenset("year month week day hour minute decade lifetime lot bit amount deal".split())
# Things named with "-ing" that are no activity
_ING_THINGS = frozenset(
    """thing morning evening ceiling building ring king string spring wing sibling earring stocking pudding
    icing nothing something anything everything ending beginning""".split()
)
_ABSTRACT = ("ship", "ism", "ness", "ity")


def _pursuit(w: Token, *, activity: bool) -> bool:
    """Whether ``w`` names a practice or skill ("patient practice", "years of training") or, with
    ``activity``, an activity (a gerund or "-ing" noun, "musicianship")."""
    if w.lemma_.lower() in _AMOUNTS:
        w = next((k for c in w.children if c.lower_ == "of" for k in c.children if k.dep_ == "pobj"), w)
    low = w.lower_
    if w.lemma_.lower() in _PURSUITS or low in _PURSUITS:
        return True
    if not activity or w.pos_ not in ("NOUN", "VERB"):
        return False
    return (
        w.tag_ == "VBG" or (low.endswith("ing") and len(low) > 5 and low not in _ING_THINGS) or low.endswith(_ABSTRACT)
    )


def mutual_pursuits(subj: Token | None, obj: Token, verb: Token | None = None) -> bool:
    """For "X led to/caused Y" -> "X resulted from Y": whether X and Y are both practices, skills,
    activities or abstract states ("years of studied practice had led to the drumming", "loneliness
    led to his drinking"): such things feed each other, so the reversed link reads as plausible, no
    contradiction (round 82 WP); so do two abstract nouns in a generic present-tense claim of ``verb``
    (:func:`.responses.abstract_claim`, round 85), and a lack, condition or quality either side, in
    any tense (:func:`.responses.condition_noun`, round 87). Events and things ("a broken pipe led to the flooding") still flip."""
    if (verb is not None and abstract_claim(verb, subj, obj)) or condition_noun(subj) or condition_noun(obj):
        return True  # "the lack of targets led to unstable paths": a lack or a condition, either way (round 87)
    return subj is not None and _pursuit(subj, activity=True) and _pursuit(obj, activity=True)
