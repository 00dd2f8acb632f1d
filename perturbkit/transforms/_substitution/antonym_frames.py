"""Frames in which the targeted ``antonym`` declines a verb's opposite, which a strict reader
(rounds 56 and 670) found too loose:

- "loved" -> "hated" contradicts the story only where another sentence states a fondness for the
  same thing ("she enjoyed the ice cream", "it was her favorite"); a mere mention ("paul always
  brought her ice cream": maybe another flavour) or a regret ("regrets buying the land") fits
  either attitude.
- "remember" <-> "forget" is an opposite only of a told event ("she forgot to buy milk"), not of a
  recollected image in a list or in the present ("I remember chanting . I remember a crying
  baby" -> "I forget a crying baby") nor of a fading over time ("I began to forget the letter
  until ..." -> "began to remember the letter until").
- A thing brought into being and described by what it would be ("came together to build a grand
  city , one that would exemplify the best of each culture") or a replacement ("then built a
  church instead"): the opposite verb leaves the description or the "instead" without sense.
- A verb of mind in a clause stated as the cause of a feeling ("terrified as she remembered the
  sounds" -> "as she forgot the sounds", round 75 WP): forgetting cannot be what terrifies her, so
  the flip garbles the cause rather than contradicting the story.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .witness_fit import compatible_witness

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Verbs of fondness: "hated X" cannot stand beside "enjoyed X".
_FONDNESS = frozenset("love like enjoy adore cherish treasure savor savour relish crave".split())
#: Adjectives of fondness: "her favorite ice cream", "X was her favorite".
_FOND_ADJ = frozenset({"favorite", "favourite", "beloved"})
_MEMORY = frozenset({"remember", "forget"})
#: Verbs of a phase: "began to forget" is a fading, whose opposite is no opposite event.
_PHASES = frozenset({"begin", "start", "continue", "keep"})
#: What makes a memory durative: "forgot it until one night", "remembered it for years".
_DURATIVE = re.compile(
    r"\b(?:until|till|forever|anymore|any more|for (?:years|months|weeks|days|ages|decades|a while|a long time|"
    r"so long|ever|the rest))\b"
)


def _negated(tok: Token) -> bool:
    return any(c.dep_ == "neg" or c.lower_ in ("never", "not", "n't") for c in tok.children)


def states_fondness(wt: Token) -> bool:
    """``wt`` (a noun repeating an attitude's object) is what a sentence states a fondness for: the
    object of a verb of fondness ("she enjoyed the ice cream"), called a favourite ("her favorite
    ice cream", "the land was his favorite"), not negated nor in a sentence that fits either
    attitude (:func:`~.witness_fit.compatible_witness`: "regrets buying the land")."""
    if compatible_witness(wt.sent.text):
        return False
    head = wt.head
    if wt.dep_ == "dobj" and head.lemma_.lower() in _FONDNESS and not _negated(head):
        return True
    if any(c.dep_ == "amod" and c.lower_ in _FOND_ADJ for c in wt.children):
        return True
    if wt.dep_ == "nsubj" and head.lemma_ == "be" and not _negated(head):
        return any(
            c.dep_ in ("attr", "acomp") and (c.lower_ in _FOND_ADJ or any(d.lower_ in _FOND_ADJ for d in c.children))
            for c in head.children
        )
    return False


def memory_flip_ok(tok: Token, lemma: str) -> bool:
    """ "remember" <-> "forget" at ``tok`` tells an opposite event: not under a phase verb ("began
    to forget"), not durative ("until one night", "for years"), not in the present ("I remember
    fire": a recollection), not in a list of memories (the verb again in the next or previous
    sentence: "I remember chanting . I remember a crying baby") and not of an indefinite thing
    ("remembered a crying baby": a recollected image). Other verbs: True."""
    if lemma not in _MEMORY:
        return True
    if tok.dep_ == "xcomp" and tok.head.lemma_.lower() in _PHASES:
        return False
    doc = tok.doc
    if tok.tag_ in ("VBP", "VBZ") or _DURATIVE.search(doc[tok.i + 1 : tok.sent.end].text.lower()):
        return False
    objs = [c for c in tok.children if c.dep_ == "dobj"]
    if any(d.lower_ in ("a", "an") for o in objs for d in o.children):
        return False
    sents = list(doc.sents)
    k = next(n for n, s in enumerate(sents) if s.start <= tok.i < s.end)
    near = sents[max(0, k - 1) : k + 2]
    return not any(t.lemma_.lower() in _MEMORY and t.i != tok.i for s in near for t in s)


#: Verbs that bring a thing into being.
_CREATION = frozenset({"build", "create", "make", "construct", "found", "establish"})


def frame_kept(tok: Token, lemma: str) -> bool:
    """The verb's frame suits its opposite too: no "instead" on it ("built a church instead"), and
    for a verb of creation nothing after it in the sentence told by what it would be ("a grand
    city , one that would exemplify ...", "a house that will last"), and a verb of mind not told
    as the cause of a feeling (:func:`feeling_cause`). Other words: True."""
    if tok.pos_ != "VERB":
        return True
    if any(c.lower_ == "instead" for c in tok.children) or feeling_cause(tok, lemma):
        return False
    if lemma not in _CREATION:
        return True
    # (anywhere after the verb: the parser may hang "one that would ..." on another word)
    return not any(t.lower_ in ("would", "will", "'ll", "'d") for t in tok.doc[tok.i + 1 : tok.sent.end])


#: Verbs of mind whose opposite ("forget", "ignore") cannot cause what knowing or recalling does.
_MIND = frozenset("remember forget recall know ignore realize realise recognize recognise notice understand".split())
#: Connectives of a clause that may state the cause of a feeling: "terrified as she remembered".
_CAUSE_MARKS = frozenset({"as", "because", "since", "when", "while", "once", "whenever"})
#: Feelings and bodily reactions: "was terrified", "shuddered", "her heart sank".
_FEELINGS = frozenset(
    """terrified scared afraid frightened horrified petrified fearful nervous anxious worried uneasy panicked
    happy glad relieved delighted joyful pleased thrilled excited sad unhappy miserable heartbroken upset
    angry furious mad annoyed ashamed embarrassed guilty proud grateful calm shocked stunned sick pale
    disgusted fear dread terror panic horror joy relief grief shame guilt anger rage tremble shiver shudder
    shake smile grin laugh cry weep sob gasp wince flinch blush panic freeze sink chill""".split()
)


def feeling_cause(tok: Token, lemma: str) -> bool:
    """Whether ``tok``, a verb of mind ("remembered", "knew"), heads a clause told as the cause of a
    feeling or reaction ("she was suddenly terrified as she remembered the sounds", "he smiled when
    he knew"): its opposite makes that cause nonsense, not a contradiction (round 75 WP)."""
    if lemma not in _MIND or tok.dep_ != "advcl":
        return False
    if not any(c.dep_ == "mark" and c.lower_ in _CAUSE_MARKS for c in tok.children):
        return False
    own = {w.i for w in tok.subtree}
    return any(w.lemma_.lower() in _FEELINGS or w.lower_ in _FEELINGS for w in tok.head.subtree if w.i not in own)
