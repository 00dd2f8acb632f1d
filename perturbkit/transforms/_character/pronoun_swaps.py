"""``pronoun_swap``'s parts: who the story talks about, which pronoun identities may replace a
pronoun (a different referent, not a reading of the same one), and the swap with the verb's
agreement fixed."""

from __future__ import annotations

import random

from ...annotation import doc_text, per_doc, token_columns
from ...transform import Change
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
