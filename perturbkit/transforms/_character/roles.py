"""``subject_object_swap``'s parts: clauses with one subject and one direct object (or a passive
subject and its "by" agent), and the swap of the two with pronoun case, casing and agreement fixed."""

from __future__ import annotations

from ...annotation import doc_text, token_columns, token_strings
from ...transform import Change
from .._persons import (
    LIGHT,
    MASKED,
    SUBJ_DEPS,
    agreement_changes,
    ambiguous_object,
    at_sentence_start,
    binds_reflexive,
    cased_pronoun,
    finite_verbs,
    followed_by_verb,
    ids,
    is_measure,
    is_npi,
    is_wh,
    lower_initial,
    np_class,
    np_span,
    pronoun_case,
    pronoun_form,
    sid,
    span_of,
)
from .animacy import is_character
from .asymmetry import binds_elsewhere, unequal

# Verbs whose two roles may swap without changing what happened ("everybody knows her" ~ "she
# knows everybody"): a swap must make the story clearly wrong.
_SYMMETRIC = frozenset(
    "meet marry date hug kiss resemble join fight befriend face touch match accompany equal know greet "
    "battle embrace wed divorce encounter".split()
)
# Quantified pronouns: "everybody knows her" -> "she knows everybody" says much the same.
_QUANTIFIED = frozenset(
    "everybody everyone anybody anyone somebody someone nobody everything something anything nothing".split()
)


def _shares_subject(v) -> bool:
    """A coordinated verb takes the same subject ("she opened her eyes and saw a light"): swapping
    would make the object the subject of both ("her eyes opened her and saw a light")."""
    return any(
        c.dep_ == "conj" and not any(g.dep_ in SUBJ_DEPS for g in c.children)  # any tag: "perceive" may read ADJ
        for c in v.children
    )


def _holds_clause(x) -> bool:
    """A noun phrase with a verb in it ("a girl who sat there", or a clause the parser hung on the
    object: "the quiz he felt it was too easy"): moving it garbles the sentence."""
    return any(t.i != x.i and t.pos_ in ("VERB", "AUX") for t in x.subtree)


def _pro_form(x) -> bool:
    """ "one" standing for a noun ("they made one" -> "one made them"), or a noun phrase negated by
    "no" ("no one recognized him" -> "he recognized no one" says much the same)."""
    return (x.lower_ == "one" and not any(True for _ in x.children)) or any(
        t.lower_ == "no" and t.dep_ == "det" for t in x.children
    )


# Modals of a mere possibility and the words of fearing, hoping or imagining: a clause under them
# tells no event, so its roles swapped contradict nothing ("afraid the baby might bite him" -> "afraid
# he might bite the baby", round 57 WP)
_MAYBE = frozenset({"might", "may", "could", "would", "'d", "’d"})
_UNREAL = frozenset("afraid scared worried fear worry hope wish imagine suppose pretend dream wonder doubt".split())


def _hypothetical(v) -> bool:
    """A clause telling a possibility, not an event: a modal of possibility, or the complement of a
    fear, hope or fancy ("Like he was afraid the baby might bite him")."""
    if any(c.dep_ == "aux" and c.lower_ in _MAYBE for c in v.children):
        return True
    return v.dep_ in ("ccomp", "xcomp") and v.head.lemma_.lower() in _UNREAL


def _clause(s, v, o) -> tuple | None:
    """(subject, verb, object) of a clause with one nominal subject and one direct object (or a
    passive subject and one "by" agent), in canonical order; None otherwise. The clause's shape
    was checked by :func:`_clause_sites`; this checks the words."""
    for x in (s, o):
        if is_wh(x) or x.lower_ == "there" or x.pos_ not in ("NOUN", "PROPN", "PRON", "NUM", "X"):
            return None
        if x.lower_ in _QUANTIFIED or _holds_clause(x) or _pro_form(x):
            return None
    if v.lemma_.lower() in _SYMMETRIC or _shares_subject(v) or _hypothetical(v):
        return None
    if not (is_character(s) and is_character(o)):
        return None  # "the egg gently tossed joe", "her hair braided her mom": nonsense, not a mix-up
        if x.pos_ == "X" and not MASKED.search(doc_text(x.doc)[max(0, x.idx - 1) : x.idx + len(x.text) + 1]):
            return None
    if o.lower_ in ("each", "one") and {t.lower_ for t in o.subtree} & {"other", "another"}:
        return None
    if (
        o.lemma_.lower() in LIGHT.get(v.lemma_.lower(), ())
        or is_measure(o)
        or ambiguous_object(v, o)
        or is_npi(o)
        or followed_by_verb(o)
        or binds_reflexive(s)
    ):
        return None
    if not unequal(s, v, o) or binds_elsewhere(s, v, o):
        return None  # between equals the swap is still a story; a pronoun would point wrong
    return s, v, o


def _clause_sites(doc) -> list[tuple[int, int, int]]:
    """(subject, verb, object) indices of the clauses :func:`_clause` may accept, in verb order,
    read from the token columns: a VERB/AUX with exactly one nominal subject before it, no dative,
    and after it one direct object (active) or one object of a "by" agent (passive)."""
    cols, kids = token_columns(doc), token_strings(doc)["children"]
    deps, lower = cols["DEP"], cols["lower"]
    subj_ids, nsubj, dobj, agent, pobj = ids(*SUBJ_DEPS), sid("nsubj"), sid("dobj"), sid("agent"), sid("pobj")
    verbal, blocking = ids("VERB", "AUX"), ids("dative", "iobj")
    out = []
    for v, pos in enumerate(cols["POS"]):
        ks = kids[v]
        if pos not in verbal or not ks:
            continue
        subs = [c for c in ks if deps[c] in subj_ids]
        if len(subs) != 1:
            continue
        s = subs[0]
        if deps[s] == nsubj:
            objs = [c for c in ks if deps[c] == dobj]
        else:
            objs = [g for c in ks if deps[c] == agent and lower[c] == "by" for g in kids[c] if deps[g] == pobj]
        if len(objs) != 1 or any(deps[c] in blocking for c in ks) or not s < v < objs[0]:
            continue
        out.append((s, v, objs[0]))
    return out


def _pronoun_role(tok, case: str) -> tuple[str, str] | None | bool:
    """For a personal pronoun: its (identity, case) if it is a lone pronoun in ``case``;
    False when it is a pronoun that cannot be moved; None when it is not a personal pronoun."""
    if tok.tag_ not in ("PRP",):
        return None
    pc = pronoun_case(tok)
    if pc is None or pc[1] != case or len(list(tok.subtree)) > 1:
        return False
    return pc


def _other_objects(v, o) -> set[str]:
    """Identities of the other object pronouns of the verb and of coordinated verbs sharing its
    subject (the new subject must not bind them)."""
    verbs = [v] + [c for c in v.children if c.dep_ == "conj" and not any(g.dep_ in SUBJ_DEPS for g in c.children)]
    out = set()
    for verb in verbs:
        for t in verb.subtree:
            if (
                t.i != o.i
                and t.dep_ in ("dobj", "dative", "iobj", "pobj")
                and (pc := pronoun_case(t))
                and pc[1] == "obj"
            ):
                out.add(pc[0])
    return out


def _first_token(doc, span: tuple[int, int]):
    cs = doc.char_span(span[0], span[1], alignment_mode="expand")
    return cs[0] if cs is not None and len(cs) else None


def swappable_clauses(doc) -> list[tuple]:
    """(subject, verb, object) Tokens of every clause whose subject and object may swap, in verb
    order (:func:`_clause_sites` then :func:`_clause`)."""
    return [c for c in (_clause(doc[s], doc[v], doc[o]) for s, v, o in _clause_sites(doc)) if c is not None]


def role_swap(doc, s, v, o, style: str) -> list[Change] | None:
    """Changes swapping subject ``s`` and object ``o`` of verb ``v`` (pronoun case, casing and the
    verb's agreement fixed), or None when the swap cannot be made exactly."""
    text = doc_text(doc)
    ss, os_ = np_span(s), np_span(o)
    if ss is None or os_ is None or ss[1] > v.idx or os_[0] < v.idx + len(v.text):
        return None
    sp, op = _pronoun_role(s, "subj"), _pronoun_role(o, "obj")
    if sp is False or op is False:
        return None
    if sp and any(not (t.is_space or t.dep_ == "agent") for t in doc[v.i + 1 : o.left_edge.i]):
        return None  # "He picked up the box" -> "The box picked up him"
    if any(
        not (t.is_space or t.dep_ in ("aux", "auxpass", "neg", "advmod") and t.head.i == v.i)
        for t in doc[s.i : v.i]
        if t.idx >= ss[1]
    ):
        return None  # "Our dog, Max, knocked ..." (punctuation or other words before the verb)
    if op and op[0] in ("1s", "1p", "2") and op[0] in _other_objects(v, o):
        return None  # "He sat me down and bought me ice cream" -> "I ... bought me": binding
    cls_new, cls_old = np_class(o), np_class(s)
    verbs = finite_verbs(s, whole=True)
    if verbs is None:
        if cls_new is None or cls_new != cls_old:
            return None
        fixes: list = []
    elif cls_new is None:
        if any(not (x.tag_ == "MD" or (x.tag_ == "VBD" and x.lemma_ != "be")) for x in verbs):
            return None
        fixes = []
    else:
        fixes = agreement_changes(verbs, cls_new)
        if fixes is None:
            return None
    first = _first_token(doc, ss)
    start = first is not None and at_sentence_start(first)
    if sp:
        new_obj = cased_pronoun(pronoun_form(sp[0], "obj"), False, style)
    else:
        new_obj = text[ss[0] : ss[1]]
        if start:
            new_obj = lower_initial(first, new_obj, style)
    if op:
        new_subj = cased_pronoun(pronoun_form(op[0], "subj"), start, style)
    else:
        new_subj = text[os_[0] : os_[1]]
        if start and style == "normal":
            new_subj = new_subj[:1].upper() + new_subj[1:]
    changes = [
        Change(ss[0], ss[1], new_subj, "object -> subject"),
        Change(os_[0], os_[1], new_obj, "subject -> object"),
    ]
    for tok, form in fixes:
        a, b = span_of(tok)
        if any(a < c.end and b > c.start for c in changes):
            return None
        changes.append(Change(a, b, form, f"agreement {tok.text} -> {form}"))
    return changes
