"""Where ``pronoun_swap`` (with ``fresh``) leaves a pronoun alone, and which persons a long story
rules out, because the new pronoun could be read as someone rather than as a mistake (validity
round 101, 20 long WritingPrompts stories, 12/20 valid):

- inside a quotation or a ``*...*`` passage: a recited verse, a song or another speaker's words
  ("'all I see , in my infancy'" -> "her infancy" is a misquotation, not a character's slip);
- bound by a quantified person of its clause ("Each individual his own artist" -> "our own artist"
  is an agreement error; "everyone ... his" names nobody in particular either way);
- the first mention of who it stands for: a story's first "I" or "we", or a third-person pronoun
  with nothing before it to point at ("I have an idea" -> "She has an idea" introduces a new
  person; "When we found him" -> "When she found him" one of the group);
- in a long story, "we"/"us"/"our" as the new pronoun: the narrator and the reader, people in
  general, a stock phrase ("before our eyes") or a group of the characters speaking;
- a person a noun implies but never names: "the divorce" implies a spouse of either gender, so
  "I inherited the house" -> "She inherited" may be her;
- a person the context names (ROCStories' first sentence: "ethan 's grandma" rules out "she").
"""

from __future__ import annotations

import re

from ...annotation import doc_text, per_doc
from .._discourse.coref import FEMALE_NOUNS, MALE_NOUNS, PERSON_NOUNS
from .._narration import SHORT_STORY_UNITS
from .._persons import MASKED, masked_identities, name_gender, pronoun_cases, pronoun_readings
from .._quotes import inside_any, speech_spans
from .._units import sentence_units
from .animacy import is_character
from .names import is_common_word

# nouns (and verbs, by lemma) that imply a person the story need not name: a spouse, a partner
# ("the divorce" in wp_dev-399, "my anniversary" in ROC's rocstories_dev-182)
IMPLIED_PARTNER = frozenset(
    "divorce marriage marry wedding engagement engage fiance fiancee fiancé fiancée breakup honeymoon ex spouse "
    "partner widow widower anniversary propose proposal".split()
)
# words that open a quantified person a later pronoun of its clause may be bound to
_BINDERS = frozenset(
    "each every everyone everybody anyone anybody someone somebody nobody noone whoever whomever".split()
)
_THIRD = ("3m", "3f", "3p")
_WORD = re.compile(r"[\w']+")


def long_story(doc) -> bool:
    """More sentence units than a five-sentence story (ROCStories) has."""
    return len(sentence_units(doc)) > SHORT_STORY_UNITS


def long_story_referents(doc) -> set[str]:
    """Identities a long story rules out as new pronouns on top of ``referent_identities``:
    "1p" (see the module doc)."""
    return {"1p"} if long_story(doc) else set()


def implied_referents(doc) -> set[str]:
    """ "3m" and "3f" when a noun or verb implies an unnamed partner ("the divorce", "we married")."""
    return {"3m", "3f"} if any(t.lemma_.lower() in IMPLIED_PARTNER for t in doc) else set()


@per_doc
def _speech(doc) -> tuple[tuple[int, int], ...]:
    return speech_spans(doc_text(doc))


def context_referents(context: str) -> set[str]:
    """Who a story's context (ROCStories' first sentence) names, word by word: "3m"/"3f" for a
    gendered pronoun, name or noun ("ethan 's grandma"), both for a person noun ("my cousin") or an
    implied partner, "1p" when it has an "I" (as ``referent_identities`` does for the story)."""
    out: set[str] = set()
    for w in _WORD.findall(MASKED.sub(" ", context.lower())):
        idents = {r for r, _ in pronoun_readings(w)}
        if len(idents) == 1 and idents <= {"1s", "3m", "3f"}:
            out |= {"1p"} if idents == {"1s"} else idents
        stem = w[:-1] if w.endswith("s") else w
        if w in MALE_NOUNS or stem in MALE_NOUNS:
            out.add("3m")
        elif w in FEMALE_NOUNS or stem in FEMALE_NOUNS:
            out.add("3f")
        elif w in PERSON_NOUNS or stem in PERSON_NOUNS or w in IMPLIED_PARTNER or stem in IMPLIED_PARTNER:
            out |= {"3m", "3f"}
        elif (g := name_gender(w)) and not is_common_word(w):
            out.add("3" + g)
    out |= masked_identities(context)
    return {"3m", "3f"} | out if "3?" in out else out


def quoted(tok) -> bool:
    """``tok`` lies inside a quotation or a ``*...*`` passage."""
    return inside_any(_speech(tok.doc), tok.idx)


def bound(tok, ident: str) -> bool:
    """A third-person pronoun a quantified person of its clause may bind: "Each individual his
    own artist", "everyone raised their hand", "no one knew his name" (not "every morning he ran",
    not "rude to everyone around him", not the binder's own object: "everyone gave him a look")."""
    if ident not in _THIRD:
        return False
    for t in tok.doc[tok.sent.start : tok.i]:
        head = _binder(t)
        if head is None or tok in head.subtree:
            continue
        verb = head.head
        if tok in verb.subtree and not (tok.head == verb and tok.dep_ in _OBJECTS and head.dep_ in _SUBJECTS):
            return True
    return False


_SUBJECTS = {"nsubj", "nsubjpass"}
_OBJECTS = {"dobj", "dative", "iobj"}


def _binder(t):
    """The head of a quantified noun phrase naming a person that ``t`` opens ("everyone", "each"
    standing alone, "no one", "every man", "each individual"), else None."""
    low = t.lower_
    if low in _BINDERS and low not in ("each", "every"):
        return t
    if low == "each" and t.dep_ != "det":
        return t
    if low in ("each", "every", "no") and t.dep_ == "det" and t.head.i > t.i:
        noun = t.head
        person = noun.lower_ in ("one", "individual") or (noun.pos_ == "NOUN" and is_character(noun))
        return noun if person else None  # WordNet files "individual" under noun.Tops
    return None


def _said_in(text: str, ident: str) -> bool:
    """A word of ``text`` can be a pronoun of ``ident`` ("my" for "1s")."""
    return any(ident in {r for r, _ in pronoun_readings(w)} for w in _WORD.findall(MASKED.sub(" ", text)))


def _antecedent(t, ident: str) -> bool:
    """Token ``t`` (before the pronoun) may be what a third-person pronoun of ``ident`` points at."""
    if t.tag_ in ("NNS", "NNPS") or any(c.dep_ == "conj" for c in t.children):
        return ident == "3p" or is_character(t)
    return (t.pos_ in ("NOUN", "PROPN") or t.ent_type_ == "PERSON") and (ident == "3p" or is_character(t))


def first_mention(tok, ident: str, context: str) -> bool:
    """``tok`` is the first mention of who it stands for: no earlier pronoun of ``ident`` in the
    story or its context, and (third person) no earlier noun it could point at and no context."""
    doc = tok.doc
    cases = pronoun_cases(doc)
    if any(pc is not None and pc[0] == ident for i, pc in cases.items() if i < tok.i):
        return False
    if ident not in _THIRD:
        return not _said_in(context, ident)
    if context.strip() or MASKED.search(doc_text(doc)[: tok.idx]):
        return False
    return not any(_antecedent(t, ident) for t in doc[: tok.i])


def declined(tok, ident: str, context: str) -> bool:
    """``pronoun_swap`` (``fresh``) leaves ``tok`` alone: quoted, bound by a quantifier, or the
    first mention of its referent (see the module doc)."""
    return quoted(tok) or bound(tok, ident) or first_mention(tok, ident, context)
