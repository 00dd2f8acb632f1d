"""``pronoun_swap``'s parts: who the story talks about, which pronoun identities may replace a
pronoun (a different referent, not a reading of the same one), and the swap with the verb's
agreement fixed."""

from __future__ import annotations

import random

from ...annotation import doc_text, per_doc, token_columns
from ...transform import Change
from .._discourse.coref import np_kind
from .._persons import (
    AGREEMENT,
    HUMAN,
    agreement_changes,
    at_sentence_start,
    binds_reflexive,
    cased_pronoun,
    finite_verbs,
    masked_identities,
    name_gender,
    pronoun_case,
    pronoun_cases,
    pronoun_form,
    pronoun_readings,
    sid,
    span_of,
)
from .animacy import is_character
from .pronoun_sites import IMPLIED_PARTNER


@per_doc
def _identities(doc) -> tuple[str, ...]:
    return tuple(sorted(_story_identities(doc)))


def story_identities(doc) -> set[str]:
    """Who the story talks about: identities of its human pronouns, masked names ([MALE] -> "3m",
    [NEUTRAL] -> "3?") and gendered PERSON names ("Anna" -> "3f"). Computed once per Doc (both
    ``applicable`` and ``apply`` ask)."""
    return set(_identities(doc))


def _story_identities(doc) -> set[str]:
    """:func:`story_identities` computed from the token columns: only words in the pronoun table
    and proper nouns / PERSON entities can contribute."""
    found = masked_identities(doc_text(doc))
    cols = token_columns(doc)
    lower, tags = cols["lower"], cols["TAG"]
    prp = (sid("PRP"), sid("PRP$"))
    names = []
    cases = pronoun_cases(doc)
    for i, pc in cases.items():
        readings = {r for r, _ in pronoun_readings(lower[i])}
        if pc is not None or (len(readings) == 1 and tags[i] in prp):
            ident = pc[0] if pc is not None else next(iter(readings))
            if ident in HUMAN:
                found.add(ident)
        else:
            names.append(i)
    propn, person = sid("PROPN"), sid("PERSON")
    names += [
        i
        for i, (pos, ent) in enumerate(zip(cols["POS"], cols["ENT_TYPE"]))
        if (pos == propn or ent == person) and i not in cases
    ]
    for i in names:
        if cols["POS"][i] == propn or cols["ENT_TYPE"][i] == person:
            g = name_gender(lower[i])
            if g:
                found.add("3" + g)
    return found


def referent_identities(doc) -> set[str]:
    """The identities a pronoun of the story could refer to (:func:`story_identities` plus what its
    nouns add): "3f" for a woman's name or "mom", "3m" and "3f" for a person of unknown gender
    ("the coworker", [NEUTRAL]), "3p" for plural nouns, coordinated characters and stories with
    two or more characters, "1p" when the narrator ("I") could be part of a "we", "3m" and "3f"
    for a partner a word implies ("the divorce": a spouse, round 101). A swap to one
    of these can be read as another character, so :class:`PronounSwap` avoids them."""
    return set(_referents(doc))


@per_doc
def _referents(doc) -> tuple[str, ...]:
    found = set(story_identities(doc))
    if "3?" in found:
        found |= {"3m", "3f"}
    people = 0
    for tok in doc:
        if tok.lemma_.lower() in IMPLIED_PARTNER:
            found |= {"3m", "3f"}
        if tok.pos_ not in ("NOUN", "PROPN") and tok.ent_type_ != "PERSON":
            continue
        if tok.tag_ in ("NNS", "NNPS") or (tok.dep_ == "conj" and tok.head.pos_ in ("NOUN", "PROPN", "PRON")):
            found.add("3p")
        kind = np_kind(tok)
        if kind in ("m", "f"):
            found.add("3" + kind)
        elif tok.ent_type_ == "PERSON" or is_character(tok):
            found |= {"3m", "3f"}
        else:
            continue
        people += 1
    if people >= 2 or {"3m", "3f"} <= found or len(found & {"1s", "3m", "3f"}) >= 2:
        found.add("3p")  # "they" can be two of the characters
    if "1s" in found:
        found.add("1p")
    return tuple(sorted(found))


_FLOATING = {"both", "all", "each", "together", "themselves", "ourselves", "yourselves"}
_WEAK = {frozenset(p) for p in (("1s", "1p"), ("3m", "3p"), ("3f", "3p"))}


_QUANTIFIERS = {
    "each",
    "all",
    "both",
    "some",
    "none",
    "many",
    "most",
    "few",
    "several",
    "one",
    "any",
    "either",
    "neither",
    "two",
    "three",
    "four",
    "five",
    "half",
    "rest",
}


def _after_quantifier(tok) -> bool:
    """The pronoun in "each of us", "one of them": only a plural pronoun fits."""
    prep = tok.head
    return tok.dep_ == "pobj" and prep.lower_ == "of" and (prep.head.lower_ in _QUANTIFIERS or prep.head.tag_ == "CD")


def _coarguments(tok) -> set[str]:
    """Identities of the personal pronouns that are subject or object of the same verb."""
    verb = tok.head.head if tok.dep_ == "pobj" else tok.head
    args = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass", "dobj", "dative", "iobj")]
    args += [g for c in verb.children if c.dep_ in ("prep", "agent") for g in c.children if g.dep_ == "pobj"]
    out = set()
    for a in args:
        if a.i != tok.i and (pc := pronoun_case(a)) is not None and pc[1] in ("subj", "obj"):
            out.add(pc[0])
    return out


def _strong(a: str, b: str) -> bool:
    """A swap that cannot be read as the same referent (he -> they can be a singular "they" or
    a group including him; I -> we a group including me); weak swaps are tried last."""
    return frozenset((a, b)) not in _WEAK


def swappable_pronouns(doc, reflexives: bool) -> list[tuple]:
    """(token, identity, case) of the story's human personal pronouns, in order (reflexives only
    when asked for)."""
    return [
        (doc[i], *pc)
        for i, pc in sorted(pronoun_cases(doc).items())
        if pc is not None and pc[0] in HUMAN and (reflexives or pc[1] != "refl")
    ]


def fresh_targets(ident: str, referents: set[str], rng: random.Random) -> list[str]:
    """The identities to try instead of ``ident`` that nothing in the story could be
    (``referents``, see :func:`referent_identities`), in random order: the swapped pronoun then
    names nobody. Never "you" (a generic "you" is not a character) and no weak swap (he -> they)."""
    group = sorted(t for t in HUMAN if t not in (ident, "2") and t not in referents and _strong(ident, t))
    rng.shuffle(group)
    return group


def target_order(ident: str, story: set[str], rng: random.Random) -> list[str]:
    """The identities to try instead of ``ident``: strong swaps first (see :func:`_strong`), within
    them those the story has (``story``), each group in random order."""
    order: list[str] = []
    for strong in (True, False):
        for in_story in (True, False):
            group = sorted(t for t in HUMAN if t != ident and (t in story) == in_story and _strong(ident, t) == strong)
            rng.shuffle(group)
            order += group
    return order


def pronoun_changes(tok, ident: str, case: str, target: str, style: str) -> list[Change] | None:
    """Changes putting a pronoun of ``target`` in ``tok``'s place (same ``case``), re-inflecting the
    verb of a subject; None when the swap would break binding, agreement or a quantifier."""
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    if AGREEMENT[target] != "pl" and ((nxt is not None and nxt.lower_ in _FLOATING) or _after_quantifier(tok)):
        return None  # "they both" -> "I both", "each of us" -> "each of him"
    if target in ("1s", "1p", "2") and target in _coarguments(tok):
        return None  # "I told her the truth" -> "I told me": binding, not reference
    form = pronoun_form(target, case)
    if form.lower() == tok.lower_:
        return None  # e.g. "you" (2) vs "you" (2): nothing would change
    at_start = at_sentence_start(tok) or (tok.text[:1].isupper() and tok.text != "I")
    new = cased_pronoun(form, at_start, style)
    if style == "normal" and len(tok.text) > 1 and tok.text.isupper():
        new = new.upper()
    changes = [Change(*span_of(tok), new, f"pronoun {tok.text} -> {new} ({case})")]
    if case == "subj":
        if binds_reflexive(tok):
            return None
        verbs = finite_verbs(tok)
        if verbs is None:
            if AGREEMENT[target] != AGREEMENT[ident]:
                return None
        else:
            fixes = agreement_changes(verbs, AGREEMENT[target])
            if fixes is None:
                return None
            changes += [Change(*span_of(v), f, f"agreement {v.text} -> {f}") for v, f in fixes]
    return changes
