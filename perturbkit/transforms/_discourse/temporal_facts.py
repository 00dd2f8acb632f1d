"""What a start/stop/finish flip must clash with to read as a break (strict reading, round 58): another
sentence nearby that tells the activity going on (or its thing worked on) as a fact of the story, in
its main clause, not negated, not under a modal or a wish ("thank you for volunteering to do the
report" tells no report begun, so "i have to finish the report" -> "start" stays plausible; "people
who loved to watch him play" tells no playing going on after "he stopped playing online games")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation import sentence_index
from ...annotation.links import is_content
from .checks import NEGATING
from .clauses import lemma_lowers

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

# Heads whose complement goes on as an act told in fact: "kept taking off her shoes", "began speeding"
_ASPECT = frozenset("keep continue start begin resume go".split())
# how many sentences away the fact may stand (as :data:`.temporal_cues.EVENT_WINDOW`)
FACT_WINDOW = 6


def _verb_of(t: Token) -> Token | None:
    v = t
    while v.pos_ not in ("VERB", "AUX") and v.head.i != v.i:
        v = v.head
    return v if v.pos_ in ("VERB", "AUX") else None


def told_as_fact(t: Token) -> bool:
    """Whether ``t``'s clause is the main clause of its sentence (or a gerund or aspect complement
    of it: "labored 12 hours making the film", "kept taking off her shoes"), told as happening: no
    negation, no modal ("would", "could", "will"), no conditional."""
    v = _verb_of(t)
    if v is None:
        return False
    chain = [v]
    while True:
        if v.dep_ == "xcomp" and v.head.lemma_.lower() in _ASPECT:
            v = v.head
        elif v.dep_ in ("xcomp", "advcl") and v.tag_ == "VBG" and not any(c.dep_ == "mark" for c in v.children):
            v = v.head
        elif v.dep_ == "conj" and v.head.pos_ in ("VERB", "AUX"):
            v = v.head
        else:
            break
        chain.append(v)
    if v.dep_ != "ROOT":
        return False
    # "but then I 'd wake up": a modal on a conjoined verb makes it a habit too (round 800)
    kids = [c for w in chain for c in w.children]
    if any(c.dep_ == "neg" or c.lower_ in NEGATING for c in kids):
        return False
    if any(c.tag_ == "MD" or c.lower_ in ("would", "'d", "’d") for c in kids):  # "i 'd wake up": a habit
        return False
    return not any(w.lower_ in ("if", "unless") for w in v.sent)


def fact_sentences(doc: Doc, anchor: Token, words: list[Token], *, before: bool) -> tuple[int, ...]:
    """The sentences before (``before``) or after ``anchor``'s, at most ``FACT_WINDOW`` away, that
    name a content lemma of ``words`` again in a clause told as fact (0-based, sorted)."""
    sent, lemmas = sentence_index(doc), lemma_lowers(doc)
    own = sent[anchor.i]
    wanted = {lemmas[w.i] for w in words if is_content(doc, w.i)}
    if not wanted:
        return ()
    found = {
        sent[i]
        for i in range(len(doc))
        if lemmas[i] in wanted
        and (sent[i] < own if before else sent[i] > own)
        and abs(sent[i] - own) <= FACT_WINDOW
        and told_as_fact(doc[i])
    }
    return tuple(sorted(found))


def activity_words(ing: Token) -> list[Token]:
    """The activity of "stopped X-ing": the verb and the things it is done to or with ("associating
    with his friend" -> associating, friend), not words of a clause hanging off it ("giving a shit
    whether I was popular": "popular" tells no giving)."""
    out = [ing]
    for c in ing.children:
        if c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN"):
            out.append(c)
        elif c.dep_ == "prep":
            out.extend(o for o in c.children if o.dep_ == "pobj" and o.pos_ in ("NOUN", "PROPN"))
    return out


# Verbs of working on a thing: "tom labored making the film . tom finished the film" -> "started the film"
# clashes; a thing only bought or seen before ("she bought a book . she finished the book") was not begun
WORK = frozenset(
    """make write work build paint read knit sew draw craft compose cook bake prepare design create construct
    fix repair edit study practice assemble type start begin film record plan""".split()
)


def worked_on_before(doc: Doc, verb: Token) -> tuple[int, ...]:
    """For "finished X" -> "started X": the earlier sentences nearby that tell, as fact, X being worked
    on ("tom labored 12 hours per day making the film"), which "started" contradicts."""
    objs = [c for c in verb.children if c.dep_ == "dobj" and is_content(doc, c.i)]
    if not objs:
        return ()
    sent, lemmas = sentence_index(doc), lemma_lowers(doc)
    own, lemma = sent[verb.i], lemmas[objs[0].i]
    found = set()
    for i in range(len(doc)):
        if lemmas[i] != lemma or not 0 < own - sent[i] <= FACT_WINDOW or not told_as_fact(doc[i]):
            continue
        t = doc[i]
        head = t.head.head if t.dep_ == "pobj" else t.head
        if t.dep_ in ("dobj", "pobj") and head.lemma_.lower() in WORK:
            found.add(sent[i])
    return tuple(sorted(found))
