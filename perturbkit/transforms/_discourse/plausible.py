"""Swap-only checks: which clause swaps a careful reader would still find coherent (the reversed
cause or order is plausible) or garbled, so ``causal_swap`` and ``temporal_swap`` decline them.

These are stricter than :mod:`.checks` (shared with the word flips, whose outputs must not
change): a swap moves whole clauses, so an ongoing state, a feeling or an absence on either side
usually reads as a plausible cause or effect of the other clause ("he was angry because he was
losing" -> "he was losing because he was angry").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...resources.lexicons import verb_class
from .._persons.lexicon import reflexives
from .checks import COGNITION, PERCEPTION, REACTIONS, habitual, reaction, tense
from .clauses import subject
from .readable import transfer
from .responses import answered

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from .clauses import Clause

# Feelings besides checks.REACTIONS: a feeling explains almost any act ("she thrived in austin
# because she was happy"), and almost any act may leave one ("the man adopted josh, so he became
# attached to josh")
FEELINGS = REACTIONS | frozenset(
    """attached fond close sad depressed confident comfortable curious interested grateful thankful ashamed guilty
    hopeful content calm motivated inspired determined lonely miserable sorry hurt heartbroken""".split()
)
_FEELING_VERBS = frozenset({"be", "feel", "get", "become", "grow"})
# Words that leave nobody there: "there was nobody there to operate the machinery" is the plausible
# result of almost anything that empties a place
_NOBODY = frozenset({"nobody", "nothing", "none", "noone"})
# Adjectives of knowing: "he was n't sure where to exit" is a thought, the plausible effect of almost any act
_KNOWING = frozenset({"sure", "certain", "aware", "unsure", "uncertain", "confused", "convinced"})
# Clause-final words that lean on the sentence before ("allie kept losing though"): moved behind
# another connective they point at the wrong clause ("so finally allie kept losing though")
LEANING = frozenset({"though", "instead", "anyway", "either", "still", "too"})
# Comparatives and intensifiers that need a complement ("belle was much more" is a garbled fragment)
_DANGLING = frozenset({"more", "less", "much", "so", "too", "very", "really"})


def progressive(head: Token) -> bool:
    """ "detention was going so slow", "he was losing": a state in progress, which almost anything
    may explain, so it stays a plausible effect when a swap makes it one. Not the weather ("it was
    raining" is the effect of no act)."""
    if any(c.dep_ in ("nsubj", "expl") and c.lower_ == "it" for c in head.children):
        return False
    return head.tag_ == "VBG" and any(c.dep_ == "aux" and c.lemma_ == "be" for c in head.children)


def feeling(head: Token) -> bool:
    """ "he was angry", "she became attached to josh", "he started feeling lonely": a feeling."""
    if reaction(head):
        return True
    lemma = head.lemma_.lower()
    if lemma in ("start", "begin"):
        return any(c.dep_ == "xcomp" and feeling(c) for c in head.children)
    if lemma == "fall" and any(c.lower_ == "in" and any(g.lower_ == "love" for g in c.children) for c in head.children):
        return True  # "she instantly fell in love"
    return lemma in _FEELING_VERBS and any(c.dep_ == "acomp" and c.lower_ in FEELINGS for c in head.children)


def cognition(head: Token) -> bool:
    """ "gage feels he should see a counselor", "he thought it was over", "he was n't sure where to
    exit": a thought, the plausible effect of almost any act."""
    lemma = head.lemma_.lower()
    if lemma == "be" and any(c.dep_ == "acomp" and c.lower_ in _KNOWING for c in head.children):
        return True  # "he was n't sure where to exit"
    return lemma in COGNITION or (lemma == "feel" and any(c.dep_ == "ccomp" for c in head.children))


# A wish, a will or a choice: "she was eager to try it", "he wanted a dog", "she decided to go"
# follow from almost anything, so made the effect of a social event they still read as coherent
# ("her friends banded together to try, so she was eager to try it")
_WILLING = frozenset("""eager keen willing ready desperate excited happy anxious impatient determined""".split())
# ("so he needed to study": a need follows from almost anything too, round 580)
# ("so he refused": a refusal or an agreement is a choice any reason may bring, round 631)
_WANTING = verb_class("wanting")


# Nouns of a thought or an impulse: "inspiration came to him", "the idea struck her" tell a mental
# state, which almost any act may bring ("he quit and left his wife, so inspiration came to him", round 46)
_MIND_NOUNS = frozenset(
    """inspiration idea thought urge impulse realization realisation epiphany notion temptation motivation
    courage confidence desire wish feeling hope fear doubt""".split()
)


def mental_state(head: Token) -> bool:
    """ "she was eager to try it", "he wanted a dog", "she decided to leave", "inspiration came to
    him": a wish, a will, a choice, a feeling or a thought, which almost any event may leave."""
    lemma = head.lemma_.lower()
    if lemma in _WANTING or feeling(head):
        return True
    subj = subject(head)
    if subj is not None and subj.lemma_.lower() in _MIND_NOUNS:
        return True
    if lemma in ("start", "begin"):
        return any(c.dep_ == "xcomp" and mental_state(c) for c in head.children)
    return lemma in _FEELING_VERBS and any(c.dep_ == "acomp" and c.lower_ in _WILLING for c in head.children)


def absence(head: Token) -> bool:
    """ "there was nobody there", "there was no one left": an empty place."""
    if head.lemma_ != "be" or not any(c.dep_ == "expl" and c.lower_ == "there" for c in head.children):
        return False
    for c in head.children:
        if c.dep_ == "neg" or c.lower_ in _NOBODY:
            return True
        if c.dep_ in ("attr", "nsubj") and any(d.dep_ == "det" and d.lower_ == "no" for d in c.children):
            return True
    return False


# Verbs of seeming: "it seems to energize the kids" is an impression, not an event
_SEEMING = verb_class("seeming") | {"sound", "tend"}
_THING_SUBJECTS = frozenset({"it", "this", "that", "these", "those", "there"})


def generic(head: Token) -> bool:
    """A present-tense impression or evaluation ("it seems to energize the kids", "it's a fun
    question to ask", "the game is fun"): a generic claim, which explains and follows from the
    other clause alike, so reversed it still reads as coherent. Not a person's present state
    ("they are spoiled now")."""
    if tense(head) != "present":
        return False
    if head.lemma_.lower() in _SEEMING:
        return True
    subj = subject(head)
    thing = subj is not None and (subj.lower_ in _THING_SUBJECTS or subj.pos_ in ("NOUN", "PROPN"))
    return thing and head.lemma_ == "be" and any(c.dep_ in ("acomp", "attr") for c in head.children)


def reversed_plausible(cause: Token, effect: Token) -> bool:
    """Whether "``effect`` because ``cause``" reversed still reads as coherent: either clause is an
    ongoing state or a feeling (a feeling explains almost any act, and almost any act may leave one;
    an ongoing state likewise), or the old cause, now the effect, is a thought, a wish or a choice,
    or an absence (explained by almost anything); or either clause is a present-tense impression
    or evaluation (:func:`generic`)."""
    if progressive(cause) or progressive(effect) or feeling(cause) or feeling(effect):
        return True
    if generic(cause) or generic(effect) or disposition(cause) or disposition(effect):
        return True
    if habitual(cause) or habitual(effect) or cause.lemma_.lower() == "know":
        return True  # "my gut always said ...": a habit, no single event; knowing follows from almost anything
    if answered(cause, effect):
        return True  # "I joined the hunt. So, she posted a note on my door" (round 85)
    return cognition(cause) or absence(cause) or mental_state(cause)


# Traits of character: a trait explains a habit and a habit may build one alike ("mike only wore
# diapers because he was too lazy to use the restroom" -> "... lazy because he only wore diapers", round 51)
_TRAITS = frozenset("lazy shy stubborn selfish greedy clumsy careless picky messy rude timid spoiled".split())


def disposition(head: Token) -> bool:
    """ "he was too lazy to use the restroom", "she was very shy": a trait or a "too ... to" state."""
    if head.lemma_.lower() not in _FEELING_VERBS:
        return False
    for c in head.children:
        if c.dep_ in ("acomp", "xcomp") and c.pos_ == "ADJ":
            if c.lower_ in _TRAITS or any(d.lower_ == "too" for d in c.children):
                return True
    return False


# Adverbs that mark a clause as an outcome: "he ended up saving lots of money", "eventually she won"
_OUTCOME_ADVERBS = frozenset({"eventually", "finally", "ultimately", "consequently", "therefore", "thus"})


def outcome(head: Token) -> bool:
    """A clause told as an outcome ("he ended up saving lots of money", "eventually he won"): as the
    cause of a swap its story already runs effect-first, and the swap restores the natural order
    ("he ate less and less . so he ended up saving lots of money", round 46)."""
    lemma = head.lemma_.lower()
    if lemma in ("end", "wind") and any(c.dep_ == "prt" and c.lower_ == "up" for c in head.children):
        return True
    return any(c.dep_ == "advmod" and c.lower_ in _OUTCOME_ADVERBS for c in head.children)


def subordinate_prefix(doc: Doc, start: int, clause: Clause) -> bool:
    """Whether the words kept in place before ``clause`` (from token ``start``) hold a subordinator
    of the clause itself ("when they got there though the line was out the door": "when" stays
    behind and the moved-in clause leaves "when they had to leave ." a fragment, round 46)."""
    return any(
        t.dep_ in ("mark", "advmod")
        and (t.pos_ == "SCONJ" or t.tag_ == "WRB")
        and clause.start <= t.head.i < clause.end
        for t in doc[start : clause.start]
    )


def incomplete(doc: Doc, clause: Clause) -> bool:
    """A clause that is no complete predication on its own ("belle was much more": a comparative
    with nothing to compare) or whose last word leans on the sentence before ("... though")."""
    last = doc[clause.end - 1]
    if last.lower_ in LEANING and last.dep_ in ("advmod", "cc"):
        return True
    if last.lower_ in _DANGLING and last.dep_ in ("acomp", "advmod", "attr") and last.i > clause.head.i:
        return not any(c.dep_ in ("prep", "pobj", "ccomp", "xcomp") for c in last.children)
    return False


def ends_leaning(doc: Doc, clause: Clause) -> bool:
    """A clause ending in "however" ("the bland sandwich left her unsatisfied however"): moved behind
    "so" it points at the wrong clause (causal_swap only; round 547)."""
    return doc[clause.end - 1].lower_ == "however"


def inferential_so(opener: Token, first: Token, second: Token) -> bool:
    """A sentence-opening "So" that draws a conclusion rather than telling a result: between two
    present-tense statements ("They change the programs you know. So someone ... answers a little
    different"), or before a bare state ("... noticed me. So I was dead."). Reversed, the
    conclusion still reads as a conclusion; so does a state the swap moves behind "So" ("joe looked
    online for a new one. so his was old", :func:`inferable_state`)."""
    if opener.lower_ != "so":
        return False
    if "present" in (tense(first), tense(second)):
        return True
    if inferable_state(first) or evidence(second):
        return True
    return second.lemma_ == "be" and any(c.dep_ in ("acomp", "attr") for c in second.children)


# Connectives that may draw a conclusion ("he rubbed his eyes, so he was tired": the speaker infers it)
INFERENTIAL = frozenset({"so", "therefore", "thus", "hence"})
# Wants of the body an act removes: "he ate a sandwich, so he was hungry" cannot be read as an
# inference from the eating, so the swap stays a clear wrong cause
_DEFICITS = frozenset("hungry thirsty starving famished parched".split())


# Words that make a clause look back on what must have been: "so he already had dinner"
_RETROSPECTIVE = frozenset({"already", "never", "obviously", "clearly", "apparently"})
# Verbs of a state, not an event: behind "so" they read as a conclusion ("he bought a surfboard, so he
# had some money", round 547)
_STATIVE = frozenset("have know love like hate prefer own live belong lack owe need understand".split())
# how a thing appears ("it looked broken"); "feel" left out: "she felt tired" is her own state
_APPEARING = (verb_class("seeming") | verb_class("appearance")) - {"feel"}


def inferable_state(cause: Token) -> bool:
    """Whether the cause clause, moved behind an inferential "so", is a state the new cause is
    evidence for ("she rubbed her eyes so she was tired", "he knew what to do so he was at
    altitude", "he went for a walk, so the sky was clear"): "be" with a complement, an adjective or
    a place; reversed, it reads as a conclusion drawn, still coherent (round 580). Not a want the
    new cause removes ("so he was hungry", :data:`_DEFICITS`)."""
    kids = list(cause.children)
    if any(c.dep_ == "neg" or c.lower_ in _RETROSPECTIVE for c in kids):
        return True  # "so she did n't cover her mouth", "so he already had dinner": a conclusion
    if any(c.dep_ == "aux" and c.lemma_ == "have" and c.tag_ == "VBD" for c in kids):
        return True  # "so his kids had broken so many", "so i had walked there": the past perfect looks back
    if cause.lemma_.lower() in _STATIVE:
        return True  # "so he had some money", "so they all loved mexican food", "so he knew this"
    if cause.tag_ == "VBN" and any(c.dep_ in ("aux", "auxpass") and c.lemma_ == "be" for c in kids):
        return True  # "so 43 was gone", "so he was fired"
    if cause.lemma_ != "be":
        return False
    comps = [c for c in kids if c.dep_ in ("acomp", "attr", "prep", "advmod", "oprd")]
    if not comps:
        return False
    return not any(c.lower_ in _DEFICITS for c in comps)


def evidence(head: Token) -> bool:
    """An appearance ("donna looked very beautiful"): made the cause of an inferential "so", it
    reads as the evidence of a conclusion ("so the doctor did a great job", round 547)."""
    return head.lemma_.lower() in _APPEARING and any(c.dep_ in ("acomp", "prep", "oprd") for c in head.children)


# Verbs of sensing: one may see, hear or recognise something at any moment, before or after an
# act ("I recognized it as one of the mothers, then went to check the body"; "she saw it, and then
# he lifted Jacks"), so they order no events
# (the shared perception verbs without those of finding out, which tell an event; plus feel, taste)
SENSORY = (PERCEPTION - {"find", "discover", "realize", "realise", "learn", "detect", "witness"}) | {"feel", "taste"}


# Verbs of gazing and the eyes' movements: "she tore her eyes away from the water" and "found
# herself looking into his eyes" happen at one moment, in either order; not a search ("looked for
# the key", "looked around")
GAZE = frozenset("""look gaze stare glance peer peek glare gawk""".split())
_SEARCH = frozenset({"for", "around", "after", "forward", "through"})
_EYES = frozenset({"eye", "eyes", "gaze"})
_STARE = frozenset({"stared", "staring", "stares"})  # the tagger's lemma is often "star"


def gazing(head: Token) -> bool:
    """ "she looked into his eyes", "she tore her eyes away", "she found herself looking": a look,
    an eye movement or a "find oneself", none an event that orders against another."""
    lemma = head.lemma_.lower()
    if lemma in GAZE or head.lower_ in _STARE:
        return not any(c.lower_ in _SEARCH and c.i <= head.i + 2 for c in head.children)  # not "for a long time"
    if any(c.dep_ == "dobj" and c.lower_ in _EYES for c in head.children):
        return True  # "she tore her eyes away", "he lifted his gaze"
    return lemma == "find" and any(c.dep_ == "dobj" and c.lower_ in reflexives() for c in head.children)


# Verbs of checking on something: one may check on a thing at any moment, before or after an act
# on it ("i checked on the clothes . ten minutes later i went down stairs to add detergent", round 46)
INSPECTING = frozenset({"check", "inspect", "examine", "monitor", "survey"})


def unordered(head: Token) -> bool:
    """A clause a temporal swap cannot order against another: a sensation ("then I hear it"), a
    look ("she found herself looking into his eyes", :func:`gazing`), a check ("ten minutes later i
    checked on the clothes"), a thing standing out ("one cat stood out to me"), or a negated clause
    ("it didn't take me long"), which tells no event happening at a time."""
    lemma = head.lemma_.lower()
    if lemma in SENSORY or lemma in INSPECTING or gazing(head) or any(c.dep_ == "neg" for c in head.children):
        return True
    return lemma == "stand" and any(c.dep_ in ("prt", "advmod") and c.lower_ == "out" for c in head.children)


# Verbs that tell an act not yet done ("began saving money", "tried to find it"): the same verb in
# the later clause tells the act itself, not the act told twice
_NOT_YET = frozenset("""begin start try want decide plan hope need intend attempt""".split())
_LIGHT = frozenset({"be", "have", "do", "get", "go", "make", "take"})


def told_twice(doc: Doc, a: Clause, b: Clause) -> bool:
    """Whether two clauses tell one event: the head verb of one is done (not negated, not merely
    begun or wanted) in the other ("she looked around until she found a pair on sale . finally ,
    she found a nice pair"): swapped, the story reads as that event told in the other order, which
    breaks nothing (round 46)."""
    for x, y in ((a, b), (b, a)):
        lemma = x.head.lemma_.lower()
        if x.head.pos_ != "VERB" or lemma in _LIGHT:
            continue
        for t in doc[y.start : y.end]:
            if t.pos_ != "VERB" or t.lemma_.lower() != lemma or any(c.dep_ == "neg" for c in t.children):
                continue
            if not (t.dep_ == "xcomp" and t.head.lemma_.lower() in _NOT_YET):
                return True
    return False


# Money kept or spent: "he ended up saving lots of money" follows from eating less as well as
# eating less follows from it, so a reversed link between them stays plausible (round 56)
_MONEY_VERBS = frozenset({"save", "spend", "earn", "afford", "budget", "waste", "owe", "pay"})
_MONEY_NOUNS = frozenset({"money", "cash", "dollar", "buck", "cent", "fortune", "savings", "budget"})
# Verbs of an emotion: "she loved it", "he hated mondays", "they worried": almost any event may
# bring one about (round 56)
_EMOTION_VERBS = frozenset(
    "love hate like dislike enjoy fear worry miss regret resent adore envy mourn grieve panic despair".split()
)
# Verbs of coming upon something: "she found a store she liked" may as well make her want a
# piercing as follow from the wish (round 56)
FINDING = frozenset({"find", "see", "notice", "spot", "discover", "meet", "hear", "learn"})
# Adverbs of a feeling: "I waited nervously" is a feeling, which almost any event may bring (round 671)
_FEELING_ADVERBS = frozenset(
    "nervously anxiously impatiently eagerly happily sadly angrily excitedly patiently".split()
)


def money(head: Token) -> bool:
    """ "he saved lots of money", "she spent $50", "they could afford it": money kept or spent."""
    if head.lemma_.lower() in _MONEY_VERBS:
        return True
    return any(c.dep_ in ("dobj", "pobj") and c.lemma_.lower() in _MONEY_NOUNS for c in head.subtree)


def emotion(head: Token) -> bool:
    """A feeling (:func:`feeling`), a verb of emotion ("she loved the song"), or a mood felt or
    not ("she did n't feel like eating", "he felt sick")."""
    if feeling(head) or head.lemma_.lower() in _EMOTION_VERBS:
        return True
    if any(c.dep_ == "advmod" and c.lower_ in _FEELING_ADVERBS for c in head.children):
        return True
    if head.lemma_.lower() in ("start", "begin"):
        return any(c.dep_ == "xcomp" and emotion(c) for c in head.children)
    return head.lemma_.lower() == "feel"


def cause_may_follow(cause: Token, effect: Token) -> bool:
    """Whether the old cause (``cause``), made the effect of ``effect`` by a flip ("X. So Y." ->
    "X. This was because Y."), still reads as plausible: an outcome ("he ended up saving money"),
    money kept or spent, a wish, thought or feeling, an emotion, an ongoing state either side, or a
    finding after a wish ("she wanted a piercing . she found a store"): the two directions are
    both plausible, so the flip is no clear wrong cause."""
    if outcome(cause) or money(cause) or money(effect) or mental_state(cause) or cognition(cause):
        return True
    if emotion(cause) or emotion(effect) or progressive(cause) or progressive(effect) or cognition(effect):
        return True  # (a feeling or a thought explains almost any act: "This was because morgan felt happy")
    if transfer(cause, effect):
        return True  # "it arrived because he delivered it" is as plausible as "so" (round 671)
    return effect.lemma_.lower() in FINDING and mental_state(cause)
