"""Where a causal or temporal connective really has the sense a perturbation needs, confirmed by
the parse: "so" of result, not of purpose ("saved money so he could buy a car"); "because" of
cause, not of evidence ("she must have made a mistake because the rolls were salty"); "since" of
cause, not of time ("has lived here since 2010"); "when"/"before"/"after" between two events,
not states ("he knew how to find it when he lost a shirt"); and the sentences (free of quotes) a
perturbation may touch."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import clauses as C
from .clauses import word_lowers
from .lexicon import time_units
from .sites import opener_length

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

# Negative-polarity items need a licensing context ("before he did anything"); moved out of it
# they become ungrammatical ("he did anything before ..."), so clauses holding one stay put.
NPI = frozenset({"any", "anything", "anyone", "anybody", "anywhere", "ever", "yet"})
#: Negation words as the tokenizer leaves them: "can ’ t" splits off a "t", "dont" an "nt".
NEGATING = frozenset({"not", "n't", "never", "no", "t", "nt", "\u2019t", "'t"})
# "before he even knew": "even" leans on the clause it is in as much as an NPI does
TEMPORAL_NPI = NPI | {"even"}

# Main verbs whose "because" gives evidence for a belief, not the cause of an event ("I know it
# was good because we were terrified"): reversing evidence and belief is no causal reversal.
EPISTEMIC = frozenset(
    {"know", "guess", "think", "bet", "suppose", "assume", "believe", "figure", "reckon", "seem", "appear", "tell"}
    | {"say", "explain", "reply", "answer", "claim", "ask"}  # "he said because ...": what was said
)
EPISTEMIC_MODALS = frozenset({"must", "might", "may"})
# Modals of a "so" clause that make it one of purpose ("so he could buy a car"); a negated "can"
# is a result ("so he could n't go out").
PURPOSE_MODALS = frozenset({"could", "would", "can", "will", "might", "may", "should", "'d", "'ll", "ca", "wo"})
RESULT_NEGATED = frozenset({"could", "can", "ca"})

# Verbs of states, not events: "when" or "before" joining one cannot order two events
STATIVE = frozenset(
    {
        "know", "want", "like", "love", "hate", "need", "believe", "understand", "seem", "appear", "own", "belong",
        "wish", "hope", "prefer", "mean", "contain", "deserve", "owe", "cost", "resemble", "remember", "think",
        "feel", "consist", "depend", "matter", "exist", "lack", "live", "enjoy", "mind", "care", "doubt", "fear",
        "expect", "weigh", "fit", "stay", "remain",
    }
)  # fmt: skip
# Verbs whose "when" clause is their object ("he remembered when he went to a festival")
WH_COMPLEMENT = frozenset(
    {
        "remember", "recall", "forget", "know", "wonder", "ask", "think", "imagine", "tell", "explain", "describe",
        "realize", "realise", "understand", "see", "show", "love", "hate", "like", "miss", "mention", "talk",
        "decide", "learn", "notice", "say", "write", "dream", "reminisce", "recount", "discuss",
    }
)  # fmt: skip


# Verbs of perceiving and finding out: almost anything a person does may let them see, hear or
# find something, so such a clause stays a plausible effect when a flip or swap makes it one ("he
# saw an object because he stopped to look")
PERCEPTION = frozenset(
    {
        "see", "notice", "find", "hear", "discover", "spot", "realize", "realise", "learn", "smell", "observe",
        "sense", "recognize", "recognise", "watch", "detect", "witness", "glimpse",
    }
)  # fmt: skip
# Verbs of thinking: "he panicked, so he thought everyone had quit" is as plausible as the original
COGNITION = frozenset(
    {"think", "believe", "assume", "suspect", "guess", "figure", "wonder", "suppose", "imagine", "remember", "recall"}
)
# Feelings that follow almost any act: "she put on a movie, so she got very bored", "he complained,
# so he was angry" read as plausible reactions, not as a reversed cause (not "tired", "hungry": going
# to bed does not make one tired)
REACTIONS = frozenset(
    """bored angry mad upset frustrated annoyed irritated excited stressed lonely nervous worried scared afraid
    frightened anxious happy glad proud relieved thrilled embarrassed disappointed jealous furious overwhelmed
    satisfied impatient paranoid suspicious obsessed insecure wary terrified""".split()
)
# Words of a habit: a habit made the cause explains almost any state ("i am no longer afraid because i
# go down there all the time", "he was okay at third base, so his team usually played him")
HABITUAL = frozenset(
    """always usually often daily regularly frequently constantly sometimes normally generally weekly nightly
    everyday""".split()
)
# dependents that start another clause: a clause's own words stop there
_CLAUSAL = frozenset({"advcl", "conj", "parataxis", "mark", "cc"})
# Verbs of having and affording: having no money (or time) is the plausible result of almost any
# purchase or pastime ("he bought alcohol, so he did n't have much money")
LACK = frozenset({"have", "afford", "own", "lack", "need"})
# Aspect verbs of a clause that only starts or keeps an activity: "he started eating it when the
# doorbell rang" tells the same moment either way round
INCEPTIVE = frozenset({"start", "begin", "continue", "keep", "try", "attempt", "proceed", "resume"})


def plausible_effect(head: Token) -> bool:
    """Whether the clause headed by ``head`` would read as a plausible effect of almost any cause:
    a perception, discovery or thought ("he saw an object"), an inability ("he could n't do
    arithmetic") or a lack ("he did n't have much money", "she lacked the time"). Reversing a
    causal link onto such a clause breaks nothing."""
    lemma = head.lemma_.lower()
    if lemma in PERCEPTION or lemma in COGNITION:
        return True
    lacking = _negated(head) or any(c.lower_ in ("never", "no") for c in head.subtree)
    if _negated(head) and any(m.lower_ in RESULT_NEGATED for m in _modals(head)):
        return True  # "he could n't do arithmetic (because he panicked)": an inability
    return lemma in LACK and (lacking or lemma == "lack")


def own_words(head: Token) -> list[Token]:
    """The words of the clause headed by ``head``, without the clauses hanging off it."""
    return [head] + [t for c in head.children if c.dep_ not in _CLAUSAL for t in c.subtree]


def habitual(head: Token) -> bool:
    """ "he goes down there all the time", "she bought iced coffee every day": a habit."""
    words = own_words(head)
    lowers = [t.lower_ for t in sorted(words, key=lambda t: t.i)]
    if any(w in HABITUAL for w in lowers) or any(t.lower_ == "every" and t.dep_ == "det" for t in words):
        return True
    return any(lowers[k : k + 3] == ["all", "the", "time"] for k in range(len(lowers)))


def reaction(head: Token) -> bool:
    """ "she got very bored", "he was no longer afraid", "he started feeling lonely": a feeling."""
    if head.lemma_.lower() in ("start", "begin"):
        return any(c.dep_ == "xcomp" and reaction(c) for c in head.children)
    if head.lemma_.lower() not in ("be", "feel", "get", "become", "grow"):
        return False
    return any(c.dep_ == "acomp" and c.lower_ in REACTIONS for c in head.children)


def reversible(cause: Token, effect: Token) -> bool:
    """Whether reversing a causal link between two clauses (heads ``cause`` and ``effect``) would
    still read as coherent: the cause made the effect is a plausible effect (see
    :func:`plausible_effect`), or the effect made the cause is a perception, which reads as the
    evidence for an inference ("he saw the stars, so the sky was clear"); or either clause is an
    ellipsis ("I have since I first met her") or points back with "this"/"that" ("this inspired
    him"), which moved would point at something else. A habit made the cause, or a feeling made the
    effect of an act, still reads as coherent too (:func:`habitual`, :func:`reaction`)."""
    if plausible_effect(cause) or effect.lemma_.lower() in PERCEPTION:
        return True
    if habitual(effect) or (reaction(cause) and is_event(effect)):
        return True
    return elliptical(cause) or elliptical(effect) or demonstrative_subject(cause) or demonstrative_subject(effect)


def elliptical(head: Token) -> bool:
    """ "I have (loved her)", "she did": an auxiliary standing for a verb phrase left out."""
    if head.lemma_ not in ("have", "be", "do") or head.pos_ not in ("AUX", "VERB"):
        return False
    rest = ("nsubj", "nsubjpass", "expl", "neg", "aux", "advmod", "punct", "advcl", "mark", "cc")
    return not any(c.dep_ not in rest for c in head.children)


def demonstrative_subject(head: Token) -> bool:
    """A clause whose subject is "this" or "that" (pointing back at a sentence before it)."""
    return any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in ("this", "that") for c in head.children)


def has_npi(doc: Doc, *clauses: C.Clause, words: frozenset[str] = NPI) -> bool:
    lowers = word_lowers(doc)
    return any(lowers[i] in words for c in clauses for i in range(c.start, c.end))


def span_chars(doc: Doc, start: int, end: int) -> tuple[int, int]:
    return doc[start].idx, doc[end - 1].idx + len(doc[end - 1])


def usable_sentences(doc: Doc) -> list[tuple[int, int]]:
    """(start, end) of the sentences free of quotes (the only ones perturbed)."""
    return [(a, b) for a, b, quote_free in C.sentence_quotes(doc) if quote_free]


def any_in(lowers: list[str], start: int, end: int, words: frozenset[str]) -> bool:
    """Whether a word of ``words`` occurs in ``lowers[start:end]`` (a sentence worth a closer look)."""
    return not words.isdisjoint(lowers[start:end])


def opens_with(doc: Doc, i: int, phrases, extra=None) -> bool:
    """Whether token ``i`` starts one of ``phrases`` (or an opener ``extra`` recognises), tested
    before building any Span."""
    return bool(opener_length(doc, i, phrases, extra))


_HAVE_FORMS = frozenset({"has", "have", "had", "'s", "'ve", "'d", "’s", "’ve", "’d"})


def _aux(head: Token) -> list[Token]:
    return [c for c in head.children if c.dep_ in ("aux", "auxpass")]


def is_perfect(head: Token) -> bool:
    """Perfect aspect ("has lived", "'s been", "had been waiting"); contracted "'s"/"'d" count too."""
    return any(c.lemma_ == "have" or c.lower_ in _HAVE_FORMS for c in _aux(head)) and (
        head.tag_ == "VBN" or any(c.tag_ == "VBN" for c in head.children)
    )


def _modals(head: Token) -> list[Token]:
    return ([head] if head.tag_ == "MD" else []) + [c for c in _aux(head) if c.tag_ == "MD"]


def _negated(head: Token) -> bool:
    return any(c.dep_ == "neg" for c in head.children)


def purpose_so(sub: Token) -> bool:
    """ "so he could buy a car", "so they would never know": "so" (that) of purpose."""
    modals = _modals(sub)
    if not modals:
        return False
    return not (_negated(sub) and all(m.lower_ in RESULT_NEGATED for m in modals))


def epistemic(main: Token) -> bool:
    """ "she must have made a mistake because ...", "I guess we scared it because ...": the
    clause states a belief the other clause is evidence for."""
    return main.lemma_.lower() in EPISTEMIC or any(m.lower_ in EPISTEMIC_MODALS for m in _modals(main))


def bare_copula(main: Token) -> bool:
    """ "this was because ...": a copula whose only complement is the causal clause."""
    if main.lemma_ != "be":
        return False
    return not any(
        c.dep_ in ("attr", "acomp", "prep", "oprd", "dobj", "xcomp", "ccomp", "npadvmod", "advmod")
        for c in main.children
    )


def causal_ok(conn: Token, main: Token, sub: Token) -> bool:
    """Whether a medial/initial connective really is causal here, joining a cause and an effect
    (not evidence and a belief, nor a purpose)."""
    w = conn.lower_
    doc = conn.doc
    if epistemic(main) or bare_copula(main):
        return False
    if w == "since":  # temporal "since" goes with the perfect ("has lived here since ...")
        prev = doc[conn.i - 1].lower_ if conn.i > 0 else ""
        return (
            conn.dep_ == "mark"
            and sub.dep_ == "advcl"
            and not is_perfect(main)
            and prev != "ever"
            and prev.rstrip("s") not in time_units()
            and prev not in ("long", "ago")
            and not childhood(sub)
        )
    if w == "because":
        return conn.dep_ == "mark" and sub.dep_ == "advcl"
    if w == "so":
        nxt = doc[conn.i + 1] if conn.i + 1 < len(doc) else None
        if nxt is None or nxt.lower_ == "that" or purpose_so(sub):
            return False
        # "the warlock made it so the mist would ...": "so" completes "make it"
        before = doc[conn.i - 1] if conn.i > 0 else None
        return not (before is not None and before.lower_ == "it" and before.head.lemma_ == "make")
    return False


_YOUNG = frozenset(
    {"little", "young", "small", "kid", "kids", "child", "children", "baby", "babies", "teenager", "born"}
)


def childhood(sub: Token) -> bool:
    """ "(best friends) since they were little", "since she was born": "since" of time."""
    return sub.lower_ == "born" or any(c.lower_ in _YOUNG and c.dep_ in ("acomp", "attr") for c in sub.children)


def result_opener_ok(opener: Token, second: Token) -> bool:
    """A sentence-opening "So" introducing a result (not a purpose, not a discourse "so")."""
    return not (opener.lower_ == "so" and (opener.head.i != second.i or purpose_so(second)))


def is_event(head: Token) -> bool:
    """A non-stative, non-progressive, active, non-perfect verb: only two such events are ordered
    by "when" or "before" ("they were stuffed when they went home" would only be paraphrased; "it
    tasted amazing" is a state too)."""
    if head.pos_ != "VERB" or head.lemma_ in ("be", "have") or head.lemma_.lower() in STATIVE:
        return False
    if any(c.dep_ in ("auxpass", "acomp") for c in head.children) or is_perfect(head):
        return False  # "when he came back, he had cooled off": the perfect already orders them
    return not (head.tag_ == "VBG" and any(c.dep_ == "aux" and c.lemma_ == "be" for c in head.children))


def tense(head: Token) -> str | None:
    """ "past" or "present" from the finite verb of a clause (None for a modal or no finite verb)."""
    tags = {head.tag_} | {c.tag_ for c in _aux(head)}
    if "MD" in tags:
        return None
    if "VBD" in tags:
        return "past"
    return "present" if tags & {"VBZ", "VBP"} else None


def sequential(first: Token, second: Token) -> bool:
    """Whether two sentences' clauses, in one tense, tell an event and then what followed it (an
    event or the state it led to), so that an opener ("Then") orders them: not a state first
    ("they loved the options. Then the one said ..."), not habits told with "would", not a
    present next to a past ("his boss is hiring. The next week he was called in": the tenses
    tell the order)."""
    t = tense(first)
    return t is not None and t == tense(second) and is_event(first)


def impersonal_it(head: Token) -> bool:
    """ "when it came to the gifts" (an idiom), "it was time for dinner" (a moment that comes in any
    order): an "it" clause that tells no event of its own, so moving it breaks no order."""
    if not any(c.dep_ in ("nsubj", "expl") and c.lower_ == "it" for c in head.children):
        return False
    lemma = head.lemma_.lower()
    if lemma == "come":
        return any(c.dep_ == "prep" and c.lower_ == "to" for c in head.children)
    return lemma == "be" and any(c.dep_ == "attr" and c.lemma_.lower() == "time" for c in head.children)


def temporal_ok(conn: Token, main: Token, sub: Token) -> bool:
    """Whether a medial/initial temporal connective orders two past events."""
    w = conn.lower_
    if impersonal_it(main) or impersonal_it(sub):
        return False
    if tense(main) != "past" or tense(sub) != "past":  # (a modal, or a habitual present)
        return False
    prev = conn.doc[conn.i - 1] if conn.i > 0 else None
    if w in ("after", "before", "once"):
        return conn.dep_ == "mark" and sub.dep_ == "advcl" and is_event(main) and is_event(sub)
    if w == "when":
        if prev is not None and prev.lemma_.lower() in WH_COMPLEMENT:
            return False  # "he remembered when ..."
        if main.lemma_.lower() in INCEPTIVE or sub.lemma_.lower() in INCEPTIVE:
            return False  # "he started eating when the bell rang": the same moment either way
        return conn.dep_ == "advmod" and conn.tag_ == "WRB" and sub.dep_ == "advcl" and is_event(main) and is_event(sub)
    if w == "then":  # "it seemed to grow big, then it started charging": a state and an onset, no order
        if main.lemma_.lower() in INCEPTIVE or sub.lemma_.lower() in INCEPTIVE:
            return False
        return conn.dep_ == "advmod" and is_event(main) and is_event(sub)
    return False


def quantity_later(doc: Doc, i: int) -> int:
    """Length of a "<quantity> <time unit> later" opener at token ``i`` ("Two days later"), or 0."""
    if "later" not in word_lowers(doc)[i + 2 : i + 4]:
        return 0  # (quick test: "later" ends every such opener, as its third or fourth word)
    j = i
    if j < len(doc) and doc[j].lower_ in ("a", "an", "one", "several", "some", "few") or doc[j].like_num:
        j += 1
        if j < len(doc) and doc[j].lower_ == "few":
            j += 1
    if j == i or j + 1 >= len(doc):
        return 0
    unit = doc[j].lower_
    if unit.rstrip("s") not in time_units() and unit not in time_units():
        return 0
    return j + 2 - i if doc[j + 1].lower_ == "later" else 0
