"""The passive rewrite behind ``passive_voice``: which active clauses can be rewritten exactly (one
nominal subject, one direct object, a plain auxiliary chain), and the rewrite with the right
participle, auxiliaries, agreement, particles and casing."""

from __future__ import annotations

import functools

from ..annotation import doc_text, token_columns
from ..resources.inflect import lemmas
from ..transform import Change
from ._persons import (
    LIGHT,
    MASK_IDENT,
    MASKED,
    agree,
    ambiguous_object,
    at_sentence_start,
    binds_reflexive,
    cased_pronoun,
    followed_by_verb,
    inflections,
    is_measure,
    is_npi,
    is_wh,
    lower_initial,
    name_gender,
    np_class,
    np_span,
    pronoun_case,
    pronoun_form,
    sid,
)

# Verbs whose object does not passivise ("A car was had by him"); light-verb objects ("take a

_NO_PASSIVE = {
    "have",
    "get",
    "lack",
    "resemble",
    "cost",
    "weigh",
    "fit",
    "suit",
    "equal",
    "become",
    "let",
    "mean",
    "total",
    "hold",
    "keep",
    "go",
    "come",
    "be",
    "leave",
    "live",
    "graduate",
    "die",
    "sleep",
    "smile",
    "laugh",
    "dream",
    "run",
    "say",
    # states and feelings: "It was really enjoyed by her", "He has been known by me"
    "know",
    "enjoy",
    "like",
    "love",
    "hate",
    "want",
    "need",
    "prefer",
    "deserve",
    "miss",
    "talk",  # "We talk it out" -> "It is talked out by us"
}
# Quantified subjects: "All displayed no signs" -> "No signs were displayed by all".
_QUANTIFIED = {"all", "both", "each", "none", "everyone", "everybody", "someone", "somebody", "anyone", "nobody"}
# Collective nouns that take a plural verb ("the police were called").
_COLLECTIVE = {"police", "cattle", "clergy", "staff", "crew", "audience", "jury"}
# Verbs of motion that the parser gives an object after a particle ("jumped out the plane" ->
# "the plane was jumped out by him").
_MOTION = {"jump", "walk", "fall", "step", "crawl", "sneak", "rush", "head", "fly", "climb", "run", "hop", "storm"}
# Verbs whose place phrase belongs right after them: the agent would split them ("She was put by
# Cindy in a time out area").
_LOCATIVE = {"put", "place", "set", "lay", "stick", "hang", "throw", "toss", "push", "shove", "pour", "drop", "tuck"}
# Participles lemminflect gets wrong or archaic ("quitted", "lighted", "waked").
_PARTICIPLE = {
    "wake": "woken",
    "awake": "awoken",
    "quit": "quit",
    "fit": "fit",
    "light": "lit",
    "spit": "spat",
    "swell": "swollen",
    "strike": "struck",
    "bid": "bid",
}
# Adverbs right after the object that belong with the verb, kept before the agent like particles
# ("brought it home" -> "it was brought home by them").
_DIRECTIONAL = {
    "home",
    "back",
    "away",
    "up",
    "down",
    "out",
    "in",
    "off",
    "over",
    "around",
    "inside",
    "outside",
    "together",
    "apart",
    "aside",
    "along",
    "forward",
    "downstairs",
    "upstairs",
}
_BE = {
    ("pres", "1s"): "am",
    ("pres", "3s"): "is",
    ("pres", "pl"): "are",
    ("past", "1s"): "was",
    ("past", "3s"): "was",
    ("past", "pl"): "were",
}
_PRE_DEPS = {"aux", "neg", "advmod"}


def _lemma(v) -> str:
    """The verb's lemma, checked by re-inflecting it (spaCy says "scrap" for "scraped")."""
    return _checked_lemma(v.lemma_.lower(), v.tag_, v.lower_)


@functools.lru_cache(maxsize=65536)
def _checked_lemma(lemma: str, tag: str, low: str) -> str:
    """:func:`_lemma` for a word form ``low`` tagged ``tag`` that spaCy lemmatised as ``lemma``."""
    if tag in ("VBD", "VBZ", "VBP", "VBN", "VBG") and low not in inflections(lemma, tag):
        alt = lemmas(low, "VERB")
        if alt and low in inflections(alt[0], tag):
            return alt[0]
    return lemma


def _referents(tok) -> set[str]:
    """Identities a subject may refer to, to spot "She brushed her teeth" (object owned by the
    subject, whose passive reads oddly)."""
    pc = pronoun_case(tok)
    if pc is not None:
        return {pc[0]}
    m = MASKED.search(doc_text(tok.doc)[max(0, tok.idx - 1) : tok.idx + len(tok.text) + 1])
    if m:
        return {MASK_IDENT[m.group(1)]} | {"3m", "3f"}
    g = name_gender(tok.text)
    if g:
        return {"3" + g}
    cls = np_class(tok)
    return {"3p"} if cls == "pl" else {"3m", "3f", "3n"}


def _aux_chain(auxes, v) -> tuple[str, str] | None:
    """(kind of the finite auxiliary, word inserted before the participle), or None when the
    chain is not one handled: [do], [modal], [modal, have], [have], [be + -ing]."""
    kinds = []
    for a in auxes:
        lem = a.lemma_.lower()
        if a.tag_ == "MD":
            kinds.append("md")
        elif lem in ("do", "have", "be"):
            kinds.append(lem)
        else:
            return None
    if kinds == []:
        return ("none", "") if v.tag_ in ("VBD", "VBZ", "VBP") else None
    if kinds == ["do"] and v.tag_ == "VB":
        return "do", ""
    if kinds == ["md"] and v.tag_ == "VB":
        return "md", "be"
    if kinds in (["md", "have"], ["have"]) and v.tag_ == "VBN":
        return kinds[0], "been"
    if kinds == ["be"] and v.tag_ == "VBG":
        return "be", "being"
    return None


def passive_change(doc, v, style: str) -> Change | None:
    """The Change rewriting verb ``v``'s clause in the passive, or None when it cannot be done
    exactly."""
    parts = _clause(doc, v)
    if parts is None:
        return None
    s, o, ss, os_, pre, auxes = parts
    chain = _aux_chain(auxes, v)
    prts, end = _particles(doc, v, o, os_)
    if chain is None or end is None:
        return None
    cls, s_cls = np_class(o), np_class(s)
    if followed_by_verb(o) or (
        not auxes and s_cls is not None and v.tag_ in ("VBZ", "VBP") and (v.tag_ == "VBZ") != (s_cls == "3s")
    ):
        return None  # a misparse, or a subjunctive ("suggested that she join a group")
    words = _passive_auxiliaries(doc, v, pre, auxes, chain, cls)
    part = _participle(v)
    if words is None or part is None:
        return None
    span = doc.char_span(ss[0], ss[1], alignment_mode="expand")
    if span is None or not len(span):
        return None
    first = span[0]
    start = at_sentence_start(first)
    sp = pronoun_case(s) if s.tag_ == "PRP" else None
    op = pronoun_case(o) if o.tag_ == "PRP" else None
    if op:
        new_subj = cased_pronoun(pronoun_form(op[0], "subj"), start, style)
    else:
        new_subj = doc_text(doc)[os_[0] : os_[1]]
        if start and style == "normal":
            new_subj = new_subj[:1].upper() + new_subj[1:]
    if sp:
        agent = cased_pronoun(pronoun_form(sp[0], "obj"), False, style)
    else:
        agent = doc_text(doc)[ss[0] : ss[1]]
        agent = lower_initial(first, agent, style) if start else agent
    particles = "".join(" " + p.text for p in prts)
    by = "by"
    if style == "upper":
        words, part, by = [w.upper() for w in words], part.upper(), "BY"
    new = f"{new_subj} {''.join(words)}{part}{particles} {by} {agent}"
    return Change(ss[0], end, new, f"passive: {v.text} -> {part}")


def object_verbs(doc) -> tuple[list[int], set[int]]:
    """Indices of the VERBs with a direct object (the shuffled candidates), and the subset with
    exactly one nominal subject, one object and no child :func:`_clause` excludes, from the token
    columns."""
    cols = token_columns(doc)
    heads, deps = cols["HEAD"], cols["DEP"]
    n = len(heads)
    nsubj, dobj, excluded = sid("nsubj"), sid("dobj"), {sid(d) for d in _EXCLUDED_DEPS}
    n_subj, n_obj, bad = [0] * n, [0] * n, [False] * n
    for j, (h, d) in enumerate(zip(heads, deps)):
        if h == j:
            continue
        if d == nsubj:
            n_subj[h] += 1
        elif d == dobj:
            n_obj[h] += 1
        elif d in excluded:
            bad[h] = True
    verb = sid("VERB")
    verbs = [i for i, pos in enumerate(cols["POS"]) if pos == verb and n_obj[i]]
    return verbs, {i for i in verbs if n_subj[i] == 1 and n_obj[i] == 1 and not bad[i]}


_EXCLUDED_DEPS = {
    "nsubjpass",
    "auxpass",
    "dative",
    "iobj",
    "oprd",
    "ccomp",
    "xcomp",
    "acomp",
    "attr",
    "csubj",
    "expl",
    "agent",
    "conj",
    "cc",
}


def _reads_unnaturally(v, s, o, lemma: str, kids: list) -> bool:
    """A passive that would not read naturally or would change the meaning: a first- or
    second-person agent ("Several snacks were ordered by me", "You can be heard by me"); an
    object holding a clause ("A girl who did was met by him"); a second "by" ("built by him by
    hand"); an idiom ("take you at your word"); a particle verb of motion ("the plane was jumped
    out by him"); a place phrase the agent would split from its verb ("put by Cindy in a time out
    area")."""
    if s.tag_ == "PRP" and (pc := pronoun_case(s)) is not None and pc[0] in ("1s", "1p", "2"):
        return True
    if s.lower_ in _QUANTIFIED or any(t.lower_ == "no" and t.dep_ == "det" for t in o.children):
        return True  # "No signs were displayed by all"
    if o.lemma_.lower() in _COLLECTIVE:
        return True  # "the police was called"
    if any(t.i != x.i and t.pos_ in ("VERB", "AUX") for x in (s, o) for t in x.subtree):
        return True
    preps = [c for c in kids if c.dep_ in ("prep", "agent")]
    if any(c.lower_ == "by" for c in preps):
        return True
    if any(c.lower_ == "at" and any(g.lemma_.lower() == "word" for g in c.children) for c in preps):
        return True
    if lemma in _MOTION and any(c.dep_ == "prt" for c in kids):
        return True
    after = o.right_edge.i + 1
    if lemma in _LOCATIVE and any(c.i >= after and c.dep_ not in ("punct", "prt") for c in kids):
        return True  # "My lungs were set by the water ablaze"
    # a phrase right after the object would read as the agent's: "dust was found by the woman on the desk"
    return s.tag_ != "PRP" and any(c.i == after for c in preps)


def _clause(doc, v) -> tuple | None:
    """(subject, object, their spans, words between subject and verb, auxiliaries) of a simple
    active clause "S (aux) (not) (adv) V O", or None when the clause is anything else."""
    lemma = _lemma(v)
    if lemma in _NO_PASSIVE or not lemma.isalpha():
        return None
    kids = list(v.children)
    subs = [c for c in kids if c.dep_ == "nsubj"]
    objs = [c for c in kids if c.dep_ == "dobj"]
    if len(subs) != 1 or len(objs) != 1 or any(c.dep_ in _EXCLUDED_DEPS for c in kids):
        return None
    s, o = subs[0], objs[0]
    if not s.i < v.i < o.i or is_wh(s) or is_wh(o) or s.lower_ == "there":
        return None
    for x in (s, o):
        if x.pos_ not in ("NOUN", "PROPN", "PRON") and not MASKED.search(
            doc_text(doc)[max(0, x.idx - 1) : x.idx + len(x.text) + 1]
        ):
            return None
    if (
        ambiguous_object(v, o)
        or is_npi(o)
        or binds_reflexive(s)
        or is_measure(o)
        or o.lemma_.lower() in LIGHT.get(lemma, ())
        or {t.lemma_.lower() for t in o.subtree} & {"other", "another"}
    ):
        return None
    if any(t.dep_ == "poss" and (pc := pronoun_case(t)) and pc[0] in _referents(s) for t in o.subtree):
        return None  # "She brushed her teeth" -> "Her teeth were brushed by her"
    if _reads_unnaturally(v, s, o, lemma, kids):
        return None
    for x, case in ((s, "subj"), (o, "obj")):
        if x.tag_ == "PRP" and ((pc := pronoun_case(x)) is None or pc[1] != case or len(list(x.subtree)) > 1):
            return None
    ss, os_ = np_span(s), np_span(o)
    if ss is None or os_ is None or ss[1] > v.idx or os_[0] < v.idx + len(v.text):
        return None
    pre = [t for t in doc[s.i : v.i] if t.idx >= ss[1]]  # auxiliaries, "not", one-word adverbs only
    if any(
        t.head.i != v.i
        or t.dep_ not in _PRE_DEPS
        or (t.dep_ == "advmod" and list(t.children))
        or t.text[:1] in ("'", "\u2019")
        for t in pre
    ):
        return None
    auxes = [t for t in pre if t.dep_ == "aux"]
    if sum(c.dep_ == "aux" for c in kids) != len(auxes):
        return None  # an auxiliary before the subject: a question
    return s, o, ss, os_, pre, auxes


def _particles(doc, v, o, os_: tuple[int, int]) -> tuple[list, int | None]:
    """Particles (and directional adverbs right after the object) that move with the verb, and
    where the rewritten span ends; end None when something else stands between verb and object."""
    after_object = o.right_edge.i + 1
    prts = sorted(
        (
            c
            for c in v.children
            if c.dep_ == "prt"
            or (c.dep_ == "advmod" and c.lower_ in _DIRECTIONAL and c.i == after_object and not list(c.children))
        ),
        key=lambda t: t.i,
    )
    end = os_[1]
    for p in prts:
        if p.i == o.right_edge.i + 1 and p.idx >= os_[1]:
            end = p.idx + len(p.text)
        elif not v.i < p.i < o.left_edge.i:
            return prts, None
    if any(t.dep_ != "prt" for t in doc[v.i + 1 : o.left_edge.i]):
        return prts, None
    return prts, end


def _passive_auxiliaries(doc, v, pre, auxes, chain: tuple[str, str], cls: str | None) -> list[str] | None:
    """The words between the new subject and the participle: the old auxiliaries, negation and
    adverbs, with the finite one turned into (or agreeing as) a form of "be"/"have"."""
    kind, insert = chain
    words: list[str] = []
    for t in pre:
        w = t.text
        if auxes and t.i == auxes[0].i and kind in ("do", "have", "be"):
            if cls is None:
                return None
            if kind == "do":
                w = _BE[("past" if t.tag_ == "VBD" else "pres", cls)]
                if w == "am" and t.i + 1 < len(doc) and doc[t.i + 1].lower_ in ("n't", "n\u2019t"):
                    return None  # "I amn't"
            else:
                w = agree(t, cls)
                if w is None:
                    return None
        words.append(w + t.whitespace_)
    if kind == "none":
        if cls is None:
            return None
        words.insert(0, _BE[("past" if v.tag_ == "VBD" else "pres", cls)] + " ")
    if insert:
        words.append(insert + " ")
    return words


def _participle(v) -> str | None:
    """The past participle of the verb, keeping the writer's own form when it is one."""
    lemma = _lemma(v)
    part = (_PARTICIPLE[lemma],) if lemma in _PARTICIPLE else inflections(lemma, "VBN")
    if not part:
        return None
    if v.tag_ == "VBN" or (
        v.tag_ == "VBD" and v.lower_.endswith("ed") and part[0] in inflections(lemma, "VBD") + (v.lower_,)
    ):
        return v.lower_  # "spelled", not "spelt"
    return part[0]
