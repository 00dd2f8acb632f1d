"""Which active clauses ``passive_voice`` can rewrite exactly: one nominal subject, one direct
object, a plain auxiliary chain, and nothing that would read unnaturally or change the meaning in
the passive (word lists below say why each is excluded)."""

from __future__ import annotations

import functools

from ...annotation import doc_text, token_columns
from ...resources.inflect import lemmas
from .._persons import (
    LIGHT,
    MASK_IDENT,
    MASKED,
    ambiguous_object,
    binds_reflexive,
    inflections,
    is_measure,
    is_npi,
    is_wh,
    name_gender,
    np_class,
    np_span,
    pronoun_case,
    sid,
)
from .structure import PLACE_VERBS, WITH_PASSIVE, unsafe

# Verbs whose object does not passivise ("A car was had by him"); light-verb objects ("take a walk")
# are in `_persons.LIGHT`.

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
    # perception and belief: "natural toothpaste was seen by tim", "the sight could n't be believed by Erg"
    "see",
    "hear",
    "feel",
    "notice",
    "believe",
    "remember",
    "recognize",
    "understand",
    "trust",
    "doubt",
    # states and wearing: "flats were being worn by susie", "relationships were involved by these memories"
    "wear",
    "involve",
    "include",
    "contain",
    "concern",
}
# Quantified subjects: "All displayed no signs" -> "No signs were displayed by all".
_QUANTIFIED = {"all", "both", "each", "none", "everyone", "everybody", "someone", "somebody", "anyone", "nobody"}
# Collective nouns that take a plural verb ("the police were called").
_COLLECTIVE = {"police", "cattle", "clergy", "staff", "crew", "audience", "jury"}
# Verbs of motion that the parser gives an object after a particle ("jumped out the plane" ->
# "the plane was jumped out by him").
_MOTION = {"jump", "walk", "fall", "step", "crawl", "sneak", "rush", "head", "fly", "climb", "run", "hop", "storm"} | {
    "hurry",
    "race",
    "dash",
    "bolt",
    "sprint",
    "wander",
    "march",
    "drive",
    "ride",
    "swim",
    "sail",
    "slip",
    "throw",  # "threw on some athletic wear" (dressing, not throwing)
    "burst",
    "charge",
    "lean",
}
# Adverbs whose scope moves with the passive: "tim only drank beer" -/-> "beer was only drunk by tim".
_SCOPE = {"only", "even", "also", "alone", "too", "either"}
# Nouns of time the parser folds into a subject: "one day tom was setting up" -> "by one day tom".
_TIME = {"day", "night", "morning", "evening", "afternoon", "week", "weekend", "year", "month", "time", "moment"}
_QUANT_DET = {"each", "every", "all", "no", "any", "some", "most"}
# Verbs whose place phrase belongs right after them: the agent would split them ("She was put by
# Cindy in a time out area").
_LOCATIVE = {"put", "place", "set", "lay", "stick", "hang", "throw", "toss", "push", "shove", "pour", "drop", "tuck"}
_PRE_DEPS = {"aux", "neg", "advmod"}
# Adverbs right after the object that belong with the verb, kept before the agent like particles
# ("brought it home" -> "it was brought home by them").
DIRECTIONAL = {
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
# Pronouns the tagger may miss as PRP (lower-cased text): an agent "by him/them" reads stilted.
_PRONOUNS = {"i", "you", "he", "she", "it", "we", "they", "one", "this", "that", "these", "those"}
# Objects that make a fixed phrase with the verb, whose passive loses the sense ("ten bucks were
# made" reads as manufactured; "a difference is made").
_MONEY = {"buck", "dollar", "cent", "money", "cash", "profit", "fortune", "penny", "pound", "living", "grand"}
_IDIOM_OBJECTS = {
    "make": {"difference", "sense", "friend", "mistake", "sure", "way", "fun", "progress", "effort", "point", "deal"}
    | {"shot", "pointer", "basket", "goal", "call", "choice", "move", "load"}
    | _MONEY,
    "earn": _MONEY,
    "do": {"best", "job", "favor", "favour", "harm", "good", "damage", "trick", "part", "thing"},
    "raise": {"money"},
    "give": {"grin", "smile", "look", "nod", "shrug", "laugh", "sigh", "wink", "glance", "hug", "kiss", "thought"},
    "pull": {"knife", "gun", "weapon", "sword", "face", "prank", "muscle", "trigger"},
    "share": {"glance", "look", "laugh", "smile", "moment", "kiss", "hug"},
    "take": {"train", "bus", "rail", "taxi", "cab", "subway", "plane", "flight", "route", "road", "exit", "stairs"}
    | {"elevator", "ferry", "boat", "car", "shortcut", "turn", "class", "course", "test", "exam", "medicine"},
    "lose": {"weight", "track", "mind", "temper", "way"},
    "gain": {"weight"},
    "pay": {"attention", "visit"},
    "change": {"mind"},
    "catch": {"breath", "eye"},
}


def verb_lemma(v) -> str:
    """The verb's lemma, checked by re-inflecting it (spaCy says "scrap" for "scraped")."""
    return _checked_lemma(v.lemma_.lower(), v.tag_, v.lower_)


@functools.lru_cache(maxsize=8192)
def _checked_lemma(lemma: str, tag: str, low: str) -> str:
    """:func:`verb_lemma` for a word form ``low`` tagged ``tag`` that spaCy lemmatised as ``lemma``."""
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


def object_verbs(doc) -> tuple[list[int], set[int]]:
    """Indices of the VERBs with a direct object (the shuffled candidates), and the subset with
    exactly one nominal subject, one object and no child :func:`clause` excludes, from the token
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
    if s.tag_ == "PRP" or s.lower_ in _PRONOUNS:
        return True  # any pronoun agent reads stilted: "a stylist was visited by her", "it was studied by him"
    if not (s.is_alpha and len(s.text) > 1) and not MASKED.search(doc_text(s.doc)[max(0, s.idx - 1) : s.idx + 2]):
        return True  # a stray letter: "I haven ' t seen you" -> "you were seen by t"
    if s.tag_ == "DT" or _misparsed_end(o):
        return True  # "the was mixing everything" (a typo taken for the subject); "removed the poison and dan really liked"
    heads = [o] + [g for c in o.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children]
    if any(h.lemma_.lower() in _IDIOM_OBJECTS.get(lemma, ()) for h in heads):
        return True  # "loads of money were being made"
    if any(t.lower_ in ("enough", "too") for t in o.subtree):
        return True  # "enough composure was regained by Simon to realize"
    if any(t.i != s.i and t.lemma_.lower() in _TIME | _QUANT_DET for t in s.subtree):
        return True  # "by one day tom", "a memory was harbored by each inch of yard"
    if s.tag_ == "NNS" and v.tag_ == "VBP" and s.i + 1 == v.i and s.lower_ in inflections(s.lemma_.lower(), "VBZ"):
        return True  # "the security guard kicks open the door": "kicks" taken for the subject
    if lemma == "do" and o.pos_ in ("PRON", "DET"):
        return True  # "a difference is made by it", "something would be done by him", "ten bucks were made"
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
    while after < len(o.doc) and o.doc[after].head.i == v.i and o.doc[after].dep_ in ("prt", "advmod"):
        if o.doc[after].dep_ == "advmod" and o.doc[after].lower_ not in DIRECTIONAL:
            break
        after += 1  # particles move before the agent: "took her out to lunch" -/-> "taken out by the company to lunch"
    if lemma in _LOCATIVE and any(c.i >= after and c.dep_ not in ("punct", "prt") for c in kids):
        return True  # "My lungs were set by the water ablaze"
    # a phrase right after the object would read as the agent's ("dust was found by the woman on the
    # desk") or be stranded after it ("he was caught by the raccoon looking", "hit by her too hard")
    return any(c.left_edge.i == after and _strands(c) for c in kids)


def _misparsed_end(o) -> bool:
    """The object's phrase is followed by what cannot follow it: a noun,
    a verb after adverbs ("touched the cats belly the cat", "the poison and dan really liked"), or a quotation ("told him `` No")."""
    doc, k = o.doc, o.right_edge.i + 1
    if k >= len(doc):
        return False
    if doc[k].pos_ in ("NOUN", "PROPN", "PRON") or doc[k].tag_ in ("``", "''") or doc[k].text in ('"', "\u201c"):
        return True
    while k < len(doc) and doc[k].tag_ == "RB":
        k += 1
    return k < len(doc) and doc[k].tag_ in ("VB", "VBD", "VBZ", "VBP", "MD")


def _strands(c) -> bool:
    """A dependent of the verb that the agent would split from it when it follows the object."""
    if c.dep_ in ("prep", "agent", "acomp", "dobj", "ccomp") or (c.dep_ == "npadvmod" and c.lower_ == "lot"):
        return True
    if c.dep_ in ("advcl", "acl"):
        return c.tag_ in ("VBG", "VBN") or c.left_edge.i == c.i  # a bare participle, not "to stop it"
    return c.dep_ == "advmod" and not (c.lower_ in DIRECTIONAL | _SENTENCE_ADVERBS and not list(c.children))


# Adverbs that may follow the agent without reading as its modifier ("never bought by Tom again").
_SENTENCE_ADVERBS = {"again", "anymore", "today", "yesterday", "tonight", "later", "then", "before", "already", "yet"}


def clause(doc, v) -> tuple | None:
    """(subject, object, their spans, words between subject and verb, auxiliaries) of a simple
    active clause "S (aux) (not) (adv) V O", or None when the clause is anything else."""
    lemma = verb_lemma(v)
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
        or t.lower_ in _SCOPE
        for t in pre
    ):
        return None
    auxes = [t for t in pre if t.dep_ == "aux"]
    if sum(c.dep_ == "aux" for c in kids) != len(auxes):
        return None  # an auxiliary before the subject: a question
    if lemma in WITH_PASSIVE | PLACE_VERBS or unsafe(doc, v, s, o, pre, kids):
        return None  # "filled by a cheer", "entered by the shape", or a part of the sentence misplaced (see .structure)
    return s, o, ss, os_, pre, auxes
