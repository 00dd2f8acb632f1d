"""Which swaps ``pronoun_swap`` makes with ``strict=True`` (the default since validity round 102,
ROC 5/20, WP 7/20): only those whose new pronoun a reader cannot take for a narrator the story
simply never introduced ("my friends convinced him", "offered us a ride", "tasted my spaghetti"
stay coherent). Two kinds were judged valid, and only they are made:

- (a) a gender swap (he <-> she, his <-> her, him <-> her, himself <-> herself) where nothing in
  the story or its context is of the new gender: no pronoun of it (any case), no gendered noun
  ("wife", "boy"), no name or masked name of it, and no person of unknown gender ("others", "his
  teacher") in the story ("she sent it" where Greg is the only character);
- (b) a pronoun bound in its own clause, which must be its subject: a reflexive object
  ("she learned about herself" -> "myself", only with ``reflexives=True``: round 103's readers
  took every such swap for a grammar error), a possessive of a body part in a place phrase
  ("bile rising in his throat" -> "our throat" for Levi) or the object of a gesture that is
  always one's own ("he nodded his head", "cleared her throat"), whose clause subject (past
  non-human subjects: "bile", "the wind") is a person of the pronoun's own identity.

Swaps of free pronouns into the first person (subjects, objects, alienable possessions) are not
made. A plural possessor of a plural body part ("their mouths") is not made singular ("my mouths").
"""

from __future__ import annotations

import re

from ...annotation import per_doc
from .._discourse.coref import FEMALE_NOUNS, MALE_NOUNS, PERSON_NOUNS, np_kind
from .._persons import MASKED, masked_identities, name_gender, pronoun_case, pronoun_readings
from .animacy import is_character, noun_lexname
from .names import is_common_word

GENDERS = ("3m", "3f")
# parts of one's own body (and mind) that a place phrase puts inside or on its owner
BODY = frozenset(
    "throat mind head heart chest stomach gut belly veins vein blood lungs lung brain skull spine bones "
    "body eyes eye face cheeks cheek hair skin mouth lips tongue teeth ears ear nose forehead brow temples "
    "neck back limbs muscles nerves ribs breath thoughts".split()
)
_PLACE_PREPS = frozenset({"in", "through", "down", "inside", "within", "along"})
# gestures whose object is always the subject's own body part: verb -> the parts
GESTURES = {
    "nod": {"head"},
    "shrug": {"shoulders", "shoulder"},
    "roll": {"eyes"},
    "clench": {"fist", "fists", "jaw", "teeth"},
    "grit": {"teeth"},
    "clear": {"throat"},
    "hold": {"breath"},
    "catch": {"breath"},
    "lose": {"mind", "temper", "breath", "voice"},
    "blink": {"eyes", "eye"},
    "purse": {"lips"},
    "furrow": {"brow", "brows", "eyebrows"},
    "narrow": {"eyes"},
    "crane": {"neck"},
    "bow": {"head"},
    "hang": {"head"},
}
# verbs by which one person perceives or touches another's body ("saw the fear in his eyes")
_REACH = frozenset(
    "see look stare gaze peer glance watch notice feel touch kiss hold grab stroke brush run put place lay "
    "rest press slap hit punch rub search find spot catch meet".split()
)
_RELATIVE = frozenset({"who", "that", "which", "whom"})
_WORD = re.compile(r"[\w']+")


def gender_absent(text: str, context: str, ident: str) -> bool:
    """No word of ``text`` or ``context`` is of the gender ``ident`` ("3m"/"3f"): no pronoun of
    it in any case ("her", "herself"), no gendered noun ("wife", "girls"), no name or masked name,
    and no kin word of the context (``KIN``: "his dad" implies a mom)."""
    g = ident[1]
    nouns = MALE_NOUNS if g == "m" else FEMALE_NOUNS
    both = f"{text} {context}"
    if ident in masked_identities(both) or "3?" in masked_identities(both):
        return False
    if any(w in KIN or w[:-1] in KIN or w == "children" for w in _WORD.findall(context.lower())):
        return False
    for w in _WORD.findall(MASKED.sub(" ", both)):
        low = w.lower()
        if low.endswith("'s"):
            low = low[:-2]
        if any(r == ident for r, _ in pronoun_readings(low)):
            return False
        stem = low[:-1] if low.endswith("s") else low
        if low in nouns or stem in nouns or (low.endswith("men") and low[:-3] + "man" in nouns):
            return False
        if name_gender(low) == g and (w[:1].isupper() or not is_common_word(low)):
            return False
    return True


# people of either gender a story may mention without a noun WordNet files as a person
_SOMEONE = frozenset("others someone somebody anyone anybody everyone everybody".split())
# kin that imply an unnamed parent or partner of either gender: "his dad" a mom, "my son" his
# other parent ("her mom said he was n't old enough" reads as her dad: rocstories_dev-1660)
KIN = frozenset(
    "mom mommy mum mother dad daddy father parent son daughter baby child kid husband wife "
    "stepmom stepdad stepson stepdaughter".split()
)


@per_doc
def unknown_person(doc) -> bool:
    """The story mentions a person of unknown gender, whom a new "he"/"she" could be: "she asked
    others to join her" (rocstories_dev-1766), "his geology teacher" (a compound ``is_character``
    does not find in WordNet: its head noun counts here), or kin implying one (``KIN``)."""
    for t in doc:
        low, lemma = t.lower_, t.lemma_.lower()
        if low in _SOMEONE or lemma in KIN:
            return True
        if t.pos_ != "NOUN" or lemma in MALE_NOUNS or lemma in FEMALE_NOUNS or lemma in ("soul", "self", "spirit"):
            continue
        if lemma in PERSON_NOUNS or noun_lexname(lemma) == "noun.person":
            return True
    return False


def _subject(verb):
    """The person a verb's subject names, or None: a relative pronoun stands for its noun."""
    for c in verb.children:
        if c.dep_ in ("nsubj", "nsubjpass"):
            if c.lower_ in _RELATIVE and verb.dep_ == "relcl":
                return verb.head
            return c
    return None


def _fits(subj, ident: str) -> bool | None:
    """True when ``subj`` is a person of ``ident``, False for another person, None for a thing."""
    pc = pronoun_case(subj)
    if pc is not None:
        return pc[0] == ident if pc[0] != "3n" else None
    if subj.lower_ in ("it", "this", "that"):
        return None
    kind = np_kind(subj)
    if kind in ("m", "f", "p"):
        if kind == "p" and not (is_character(subj) or subj.ent_type_ == "PERSON"):
            return None
        return "3" + kind == ident
    if kind == "person" or subj.ent_type_ == "PERSON" or is_character(subj):
        return ident in GENDERS
    return None


def _other_person(verb, skip) -> bool:
    """The verb has an object naming a person (other than ``skip``'s phrase): the possessor could be them."""
    for c in verb.children:
        objs = [c] if c.dep_ in ("dobj", "dative", "iobj") else []
        objs += [g for g in c.children if g.dep_ == "pobj"] if c.dep_ in ("prep", "agent") else []
        for o in objs:
            if o.i in skip:
                continue
            pc = pronoun_case(o)
            if (pc is not None and pc[0] != "3n") or is_character(o) or o.ent_type_ == "PERSON":
                return True
    return False


def _bound_to_subject(start, ident: str) -> bool:
    """Walking up from ``start``, the first clause subject that is a person is of ``ident``, no
    verb on the way perceives or touches ("saw the fear in his eyes") and none has another person
    as an object."""
    skip = {t.i for t in start.subtree}
    cur = start
    while cur.head.i != cur.i:
        cur = cur.head
        if cur.pos_ in ("NOUN", "PROPN") and (is_character(cur) or cur.ent_type_ == "PERSON"):
            return False  # "the tears of the man in his eyes"
        if cur.pos_ not in ("VERB", "AUX"):
            continue
        if cur.lemma_.lower() in _REACH or _other_person(cur, skip):
            return False
        subj = _subject(cur)
        fit = _fits(subj, ident) if subj is not None and subj.i not in skip else None
        if fit is not None:
            return fit
        skip |= {t.i for t in cur.subtree}
    return False


def bound_site(tok, ident: str, case: str) -> str | None:
    """How ``tok`` is bound to its clause's subject (module doc, kind (b)): "reflexive", "body"
    (a body part in a place phrase), "gesture", or None."""
    if case == "refl":
        verb = tok.head.head if tok.dep_ == "pobj" else tok.head
        if tok.dep_ not in ("dobj", "pobj", "dative", "iobj") or verb.pos_ not in ("VERB", "AUX"):
            return None
        subj = _subject(verb)
        ok = subj is not None and _fits(subj, ident) is True and not _other_person(verb, {tok.i, subj.i})
        return "reflexive" if ok else None
    if case != "poss_adj" or tok.dep_ != "poss":
        return None
    noun = tok.head
    part = noun.lower_
    if part not in BODY and noun.lemma_.lower() not in BODY:
        return None
    if ident in ("3p", "1p") and noun.tag_ in ("NNS", "NNPS"):
        return None  # "their mouths": a group's parts (a singular swap would be "my mouths")
    if noun.dep_ == "dobj" and part in GESTURES.get(noun.head.lemma_.lower(), ()):
        subj = _subject(noun.head)
        return "gesture" if subj is not None and _fits(subj, ident) is True else None
    if noun.dep_ == "pobj" and noun.head.lower_ in _PLACE_PREPS and _bound_to_subject(noun.head, ident):
        return "body"
    return None


def strict_targets(tok, ident: str, case: str, targets: list[str], text: str, context: str) -> list[str]:
    """The ``targets`` (in their order) a strict swap of ``tok`` may use (module doc)."""
    site = bound_site(tok, ident, case)
    out = []
    for t in targets:
        if t in GENDERS and (unknown_person(tok.doc) or not gender_absent(text, context, t)):
            continue
        if site is not None:
            if t == "1p" and tok.head.tag_ in ("NNS", "NNPS") and case != "refl":
                continue  # "tears in our eyes" can be a group's
            out.append(t)
        elif ident in GENDERS and t in GENDERS:
            out.append(t)  # (a): he <-> she with no one of the new gender
    return out
