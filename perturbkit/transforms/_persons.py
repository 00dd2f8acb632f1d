"""Grammar helpers shared by the character and voice transforms: the pronoun table, who a pronoun
or noun phrase refers to (person, number, gender), subject-verb agreement, sentence-start casing
and noun-phrase spans from the parse. Conservative by design: every helper answers None when the
parse does not let it be sure, and the transforms then skip that case."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..annotation import doc_text, token_strings
from ..annotation import token_columns as columns  # (re-exported: the person transforms read it from here)
from ..resources.inflect import all_lemmas, forms
from ..resources.lexicons import table, word_list

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

CASES = ("subj", "obj", "poss_adj", "poss_noun", "refl")
HUMAN = ("1s", "1p", "2", "3m", "3f", "3p")  # identities pronoun_swap moves between ("it" excluded)
AGREEMENT = {"1s": "1s", "1p": "pl", "2": "pl", "3m": "3s", "3f": "3s", "3n": "3s", "3p": "pl"}
MASKED = re.compile(r"\[(MALE|FEMALE|NEUTRAL)\]")
MASK_IDENT = {"MALE": "3m", "FEMALE": "3f", "NEUTRAL": "3?"}  # "3?": a person of unknown gender

OBJ_DEPS = {"dobj", "pobj", "dative", "iobj", "obj"}
SUBJ_DEPS = {"nsubj", "nsubjpass"}
FINITE_TAGS = {"VBZ", "VBP", "VBD", "MD"}
NOMINAL_POS = {"NOUN", "PROPN", "ADJ", "NUM"}
NOUNISH = {"NOUN", "PROPN", "NUM", "X"}  # heads a possessive pronoun can modify
_POSS_NOUN_BLOCK = {"DT", "JJ", "PRP$", "NN", "NNS", "NNP", "NNPS", "CD", "POS"}
_APOS = ("'", "\u2019")


def _ident(row: dict[str, str]) -> str:
    p, n, g = row["person"], row["number"], row["gender"]
    if p == "2":
        return "2"
    if p == "1":
        return "1s" if n == "sing" else "1p"
    if n == "plur":
        return "3p"
    return {"masc": "3m", "fem": "3f"}.get(g, "3n")


@functools.cache
def _pronoun_table() -> tuple[dict[tuple[str, str], str], dict[str, frozenset[tuple[str, str]]]]:
    forms: dict[tuple[str, str], str] = {}
    readings: dict[str, set[tuple[str, str]]] = {}
    for row in table("pronouns.tsv"):
        if row["case"] not in CASES:
            raise ValueError(f"lexicon pronouns.tsv: unknown case {row['case']!r}")
        ident = _ident(row)
        forms.setdefault((ident, row["case"]), row["form"])  # "2"+refl: the singular row comes first
        readings.setdefault(row["form"].lower(), set()).add((ident, row["case"]))
    return forms, {k: frozenset(v) for k, v in readings.items()}


def pronoun_form(ident: str, case: str) -> str:
    """The pronoun of ``ident`` ("1s", "3f", ...) in ``case`` ("subj", "obj", ...), e.g. "her"."""
    return _pronoun_table()[0][(ident, case)]


_NO_READINGS: frozenset[tuple[str, str]] = frozenset()


def pronoun_readings(word: str) -> frozenset[tuple[str, str]]:
    """All (identity, case) readings of a word form according to the pronoun table."""
    return _pronoun_table()[1].get(word.lower(), _NO_READINGS)


# --------------------------------------------------------------------------------------------
# Per-Doc token columns (read once, so scans need not create spaCy Token objects)
# --------------------------------------------------------------------------------------------
@functools.cache
def sid(label: str) -> int:
    """The id spaCy's arrays use for a label or word (a symbol id or the string's hash)."""
    from spacy.strings import get_string_id

    return get_string_id(label)


def _has_reflexive(doc: Doc) -> bool:
    """Whether some word of ``doc`` ends in "self"/"selves" (checked once per Doc)."""
    found = doc.user_data.get("pk_persons_reflexive")
    if found is None:
        found = doc.user_data["pk_persons_reflexive"] = any(
            w.endswith(("self", "selves")) for w in columns(doc)["lower"]
        )
    return found


@functools.cache
def _pronoun_words() -> frozenset[str]:
    return frozenset(_pronoun_table()[1])


# --------------------------------------------------------------------------------------------
# Pronoun case and identity from the parse
# --------------------------------------------------------------------------------------------
def _next_word(tok: Token) -> Token | None:
    doc = tok.doc
    return doc[tok.i + 1] if tok.i + 1 < len(doc) else None


@functools.cache
def ids(*labels: str) -> frozenset[int]:
    """The array ids (:func:`sid`) of some labels, e.g. ``ids("nsubj", "nsubjpass")``."""
    return frozenset(sid(label) for label in labels)


_PC_KEY = "pk_persons_pronoun_cases"


def pronoun_cases(doc: Doc) -> dict[int, tuple[str, str] | None]:
    """Token index -> :func:`pronoun_case` for every word of ``doc`` in the pronoun table
    (other words have no case), computed once per Doc and cached in ``doc.user_data``."""
    cached = doc.user_data.get(_PC_KEY)
    if cached is None:
        cols = columns(doc)
        words = _pronoun_words()
        cached = {i: _pronoun_case(doc, cols, i) for i, w in enumerate(cols["lower"]) if w in words}
        doc.user_data[_PC_KEY] = cached
    return cached


def pronoun_case(tok: Token) -> tuple[str, str] | None:
    """(identity, case) of a personal pronoun token, or None when not a pronoun or unsure."""
    return pronoun_cases(tok.doc).get(tok.i)


def _pronoun_case(doc: Doc, cols: dict[str, list], i: int) -> tuple[str, str] | None:
    """:func:`pronoun_case` of token ``i``, read from the token columns."""
    low = cols["lower"][i]
    readings = pronoun_readings(low)
    if not readings:
        return None
    idents = {r for r, _ in readings}
    cases = {c for _, c in readings}
    if len(idents) != 1:
        return None
    ident = next(iter(idents))
    tags, deps, pos = cols["TAG"], cols["DEP"], cols["POS"]
    nxt_pos = pos[i + 1] if i + 1 < len(pos) else None
    if low in ("mine", "hers", "ours", "yours", "theirs"):
        if (i > 0 and tags[i - 1] in ids(*_POSS_NOUN_BLOCK)) or any(
            deps[c] in ids("det", "amod", "compound") for c in token_strings(doc)["children"][i]
        ):
            return None
        return ident, "poss_noun"
    tag = tags[i]
    if tag not in ids("PRP", "PRP$"):
        return None
    dep, head = deps[i], cols["HEAD"][i]
    poss, nounish = sid("poss"), ids(*NOUNISH)
    if len(cases) == 1:
        case = next(iter(cases))
        if case == "poss_adj" and (dep != poss or pos[head] not in nounish):
            return None
        return ident, case
    if low == "her":
        if (
            tag == sid("PRP$")
            and dep == poss
            and head > i
            and pos[head] in nounish
            and (pos[head] == sid("PROPN") or _noun_reading(cols["lower"][head]))
        ):
            return ident, "poss_adj"  # _can_be_noun(head)
        if tag == sid("PRP") and dep != poss and (nxt_pos is None or nxt_pos not in ids(*NOMINAL_POS)):
            return ident, "obj"
        return None
    if low in ("his", "its"):
        if dep == poss and head > i and pos[head] in nounish:
            return ident, "poss_adj"
        if dep != poss and (nxt_pos is None or nxt_pos not in ids(*NOMINAL_POS)):
            return ident, "poss_noun"
        return None
    if low in ("you", "it"):
        if dep in ids(*SUBJ_DEPS) and finite_verbs(doc[i]) is not None:
            return ident, "subj"
        if dep in ids(*OBJ_DEPS):
            return ident, "obj"
        return None
    return None


_BARE_INF_HEADS = {"see", "watch", "hear", "make", "let", "help", "feel", "have", "notice", "observe", "bid"}


def _can_be_noun(tok: Token) -> bool:
    """Whether a word the tagger calls a noun can be one ("drowsy" in "made her drowsy" cannot)."""
    return tok.pos_ == "PROPN" or _noun_reading(tok.lower_)


@functools.lru_cache(maxsize=65536)
def _noun_reading(low: str) -> bool:
    """Whether lemminflect knows ``low`` as a noun (or does not know it at all)."""
    lemmas = all_lemmas(low)
    return not lemmas or "NOUN" in lemmas or "PROPN" in lemmas


def finite_verbs(subj: Token, whole: bool = False) -> list[Token] | None:
    """The finite verbs/auxiliaries that agree with subject ``subj`` (shared by coordinated verbs).

    [] when agreement does not depend on this word (it is one of coordinated subjects, unless
    ``whole``: the whole coordinated phrase is being replaced); None when the parse does not show
    a finite verb for sure (then callers must not change agreement)."""
    if subj.dep_ not in SUBJ_DEPS:
        return None
    if not whole and any(c.dep_ == "conj" for c in subj.children):
        return []
    head = subj.head
    if head.pos_ not in ("VERB", "AUX") or head.i == subj.i:
        return None

    def carrier(v: Token) -> Token | None:
        auxes = sorted((c for c in v.children if c.dep_ in ("aux", "auxpass")), key=lambda t: t.i)
        f = auxes[0] if auxes else v
        return f if f.tag_ in FINITE_TAGS else None

    first = carrier(head)
    if first is None:
        return None
    if (
        first.i == head.i
        and head.dep_ in ("ccomp", "xcomp")
        and head.head.lemma_.lower() in _BARE_INF_HEADS
        and not any(c.dep_ == "mark" for c in head.children)
    ):
        return None  # "watched the crew cover the field": a bare infinitive the tagger calls VBP
    out = [first]
    for c in head.children:
        if c.dep_ != "conj" or any(g.dep_ in SUBJ_DEPS or g.dep_ == "expl" for g in c.children):
            continue
        if any(g.dep_ in ("aux", "auxpass") for g in c.children):
            f = carrier(c)
            if f is None:
                return None
            out.append(f)
        elif c.tag_ in ("VBZ", "VBP") or (c.tag_ == "VBD" and c.lemma_.lower() == "be"):
            out.append(c)
        elif c.pos_ in ("ADJ", "ADV", "ADP") or c.tag_ in ("VBD", "VBN", "VBG", "JJ", "RB"):
            continue
        elif first.i == head.i:
            return None  # a coordinated word the tagger could not place ("walks and talks"/NNS)
    return out


def agree(verb: Token, cls: str) -> str | None:
    """``verb`` re-inflected to agree with a subject of class ``cls`` ("1s", "3s" or "pl"); None
    when that cannot be done safely (e.g. "isn't" -> "am n't", an ambiguous "'s")."""
    low = verb.lower_
    lemma = verb.lemma_.lower()
    tag = verb.tag_
    nxt = _next_word(verb)
    contracted = low[:1] in _APOS
    if tag == "MD" or low in (f"{a}{x}" for a in _APOS for x in ("d", "ll")):
        return verb.text
    if contracted:
        apo = low[0]
        after = [t for t in verb.doc[verb.i + 1 : verb.i + 4] if t.pos_ not in ("ADV", "PART")][:1]
        if low[1:] == "s" and (verb.head.tag_ == "VBN" or lemma != "be" or any(t.tag_ == "VBN" for t in after)):
            return None  # "he's gone": is or has
        if lemma == "have" or low[1:] == "ve":
            return apo + ("s" if cls == "3s" else "ve")
        if lemma == "be":
            return apo + {"1s": "m", "3s": "s", "pl": "re"}[cls]
        return None
    if lemma == "be":
        if tag == "VBD" or low in ("was", "were"):
            new = "were" if cls == "pl" else "was"
        elif low in ("am", "is", "are"):
            new = {"1s": "am", "3s": "is", "pl": "are"}[cls]
            if new == "am" and nxt is not None and nxt.lower_ in ("n't", "n\u2019t"):
                return None
        else:
            return None
        return match_word_case(verb.text, new)
    if tag == "VBD":
        return verb.text
    if tag in ("VBZ", "VBP"):
        prev = verb.doc[verb.i - 1] if verb.i > 0 else None
        if (
            low in ("ai",)
            or len(low) < 2
            or not low.isalpha()
            or not lemma.isalpha()
            or (prev is not None and prev.text in _APOS)
        ):
            return None
        infl = inflections(lemma, "VBZ" if cls == "3s" else "VB")
        if not infl:
            return None
        return match_word_case(verb.text, infl[0])
    return None


def inflections(lemma: str, tag: str) -> tuple[str, ...]:
    """lemminflect's ``getInflection(lemma, tag)`` (its default out-of-vocabulary rules on), memoised."""
    return forms(lemma, tag, oov=True)


def agreement_changes(verbs: Iterable[Token], cls: str) -> list[tuple[Token, str]] | None:
    """(token, new form) for every verb whose form must change; None if one cannot be fixed."""
    out = []
    for v in verbs:
        new = agree(v, cls)
        if new is None:
            return None
        if new != v.text:
            out.append((v, new))
    return out


# --------------------------------------------------------------------------------------------
# Casing
# --------------------------------------------------------------------------------------------
def text_style(text: str) -> str:
    """'lower' (released-corpus style, no capitals), 'upper' (all caps) or 'normal'; masked
    names ("[MALE]") do not count."""
    if "[" in text:
        text = MASKED.sub(" ", text)
    if text.islower() or not any(map(str.isupper, text)):  # islower: the common case, in one C loop
        return "lower"
    if not any(map(str.islower, text)):
        return "upper"
    return "normal"


def match_word_case(model: str, word: str) -> str:
    """``word`` cased like ``model`` (Title, UPPER or as given)."""
    if len(model) > 1 and model.isupper():
        return word.upper()
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def at_sentence_start(tok: Token) -> bool:
    """True when only punctuation (quotes, brackets, dashes) precedes ``tok`` in its sentence."""
    doc = tok.doc
    cols = columns(doc)
    starts = cols["SENT_START"]
    if doc.user_hooks or doc.user_token_hooks or doc.user_span_hooks or not starts or starts[0] != 1:
        sent_start = tok.sent.start  # custom sentence hooks, or no sentence boundaries at all
        return all(t.is_punct or t.is_space for t in doc[sent_start : tok.i])
    i = start = tok.i
    while starts[start] != 1 and start > 0:  # as spaCy's Span.sent finds the sentence start
        start -= 1
    punct, space = cols["IS_PUNCT"], cols["IS_SPACE"]
    return all(punct[j] or space[j] for j in range(start, i))


def cased_pronoun(form: str, at_start: bool, style: str) -> str:
    """A pronoun form cased for its position ("I" stays capital, except in lower-case corpora)."""
    if style == "lower":
        return form.lower()
    if style == "upper":
        return form.upper()
    if form == "I":
        return form
    return form[:1].upper() + form[1:] if at_start else form.lower()


# --------------------------------------------------------------------------------------------
# Noun phrases
# --------------------------------------------------------------------------------------------
_WH = {"who", "whom", "what", "which", "that", "whose", "whoever", "whatever", "where", "when"}
_SING_PRON = {
    "everyone",
    "everybody",
    "someone",
    "somebody",
    "anyone",
    "anybody",
    "nobody",
    "no one",
    "everything",
    "something",
    "anything",
    "nothing",
    "this",
    "that",
    "one",
    "another",
    "each",
    "either",
    "neither",
}
_PLUR_PRON = {"these", "those", "both", "many", "few", "several", "others"}


# Light-verb + object idioms whose object cannot move ("take care of", "take a nap").
LIGHT = {
    "take": {
        "nap",
        "shower",
        "bath",
        "break",
        "breath",
        "look",
        "seat",
        "walk",
        "step",
        "turn",
        "sip",
        "bite",
        "peek",
        "rest",
        "stroll",
        "chance",
        "place",
        "part",
        "care",
        "time",
        "advantage",
        "notice",
        "note",
    },
    "make": {"sure", "it", "way", "sense", "fun", "friends", "use", "progress", "noise", "money"},
    "catch": {"breath", "eye", "cold", "fire"},
    "pay": {"attention"},
    "give": {"birth", "up"},
    "do": {"best", "well"},
    "lose": {"mind", "temper", "weight", "track", "control"},
    "change": {"mind"},
    "find": {"way"},
    "tell": {"truth"},
    "play": {"role", "part"},
    "gain": {"weight"},
    "hold": {"breath"},
    "shake": {"head", "hand"},
    "nod": {"head"},
}
# Nouns of time and measure that head objects which are really adverbials ("drove four hours").
MEASURE = {
    "second",
    "minute",
    "hour",
    "day",
    "night",
    "morning",
    "afternoon",
    "evening",
    "week",
    "weekend",
    "month",
    "year",
    "time",
    "mile",
    "kilometer",
    "meter",
    "foot",
    "yard",
    "inch",
    "pound",
    "lap",
    "block",
    "step",
    "way",
    "home",
    "while",
    "moment",
}
_AMOUNT = {"lot", "bit", "little", "ton", "deal", "bunch"}


def is_measure(o: Token) -> bool:
    """An object that is really an adverbial of time, distance or amount ("ran two miles",
    "practiced a lot"), but not "a lot of money"."""
    lemma = o.lemma_.lower()
    return lemma in MEASURE or (lemma in _AMOUNT and not any(c.lower_ == "of" for c in o.children))


# Verbs after which "her + noun" may be an indirect object rather than a possessive ("asked her
# hard questions", "made her dinner") or "her + adjective" a small clause ("made her drowsy").
_COMPLEMENT_VERBS = {
    "make",
    "find",
    "call",
    "name",
    "consider",
    "keep",
    "leave",
    "drive",
    "get",
    "turn",
    "paint",
    "want",
    "like",
    "prefer",
    "think",
    "believe",
    "declare",
    "elect",
    "set",
    "ask",
    "give",
    "tell",
    "show",
    "send",
    "buy",
    "bring",
    "offer",
    "teach",
    "pay",
    "hand",
    "lend",
    "owe",
    "cook",
    "bake",
    "pour",
    "read",
    "write",
    "sell",
    "throw",
    "promise",
    "save",
    "fix",
    "build",
    "order",
    "win",
    "cost",
    "wish",
    "feed",
}
_ADVERB_LIKE = {"daily", "weekly", "monthly", "yearly", "nightly", "hourly", "home", "today", "tonight"}


def ambiguous_object(v: Token, o: Token) -> bool:
    """True for objects the tagger often gets wrong: "made her drowsy" (her + adjective parsed as
    a possessed noun), "made them dinner", and objects that are not nouns at all."""
    if o.tag_ not in ("NN", "NNS", "NNP", "NNPS", "PRP", "CD") and o.pos_ not in ("PRON", "X"):
        return True
    if o.tag_ in ("NN", "NNS") and not _can_be_noun(o):
        return True  # "watched the mosquito explode": "explode" tagged as the object noun
    if v.lemma_.lower() in _COMPLEMENT_VERBS and any(c.dep_ == "poss" and c.lower_ == "her" for c in o.children):
        return True
    return min(o.subtree, key=lambda t: t.i).lower_ in _ADVERB_LIKE  # "exercised daily and ..."


_NPI = {"any", "anyone", "anything", "anybody", "either", "ever", "much"}


def is_npi(tok: Token) -> bool:
    """A phrase that needs a negation before it ("anyone", "any vegetables") and so cannot become
    a subject ("He never told anyone" -/-> "Anyone was never told")."""
    return min(tok.subtree, key=lambda t: t.i).lower_ in _NPI or tok.lower_ in _NPI


_LEFT_OK = {
    "det",
    "amod",
    "compound",
    "poss",
    "nummod",
    "quantmod",
    "predet",
    "nmod",
    "case",
    "advmod",
    "punct",
    "cc",
    "conj",
}
_RIGHT_OK = {"prep", "conj", "cc", "relcl", "acl", "amod", "compound", "case", "nummod", "det"}


def np_span(tok: Token) -> tuple[int, int] | None:
    """Character span of the phrase headed by ``tok`` (its whole subtree), extended over a
    masked name ("[MALE]") it cuts; None when the subtree is not contiguous or unbalanced."""
    sub = sorted(tok.subtree, key=lambda t: t.i)
    if sub[-1].i - sub[0].i + 1 != len(sub):
        return None
    if any(c.dep_ not in (_LEFT_OK if c.i < tok.i else _RIGHT_OK) for c in tok.children):
        return None  # "that day phil", a clause, a temporal modifier inside the phrase
    while sub and (sub[-1].is_punct and sub[-1].text not in ("]", ")")):
        sub.pop()
    while sub and sub[0].is_punct and sub[0].text not in ("[",):
        sub.pop(0)
    if not sub:
        return None
    start, end = sub[0].idx, sub[-1].idx + len(sub[-1].text)
    text = doc_text(tok.doc)
    for m in MASKED.finditer(text):
        if m.start() < end and m.end() > start:
            start, end = min(start, m.start()), max(end, m.end())
    s = text[start:end]
    if s.count("[") != s.count("]") or s.count("(") != s.count(")") or '"' in s or "\n" in s:
        return None
    if "\u201c" in s or "\u201d" in s:
        return None
    return start, end


_QUANTITY = {
    "lot",
    "lots",
    "bunch",
    "couple",
    "number",
    "plenty",
    "majority",
    "rest",
    "most",
    "half",
    "some",
    "all",
    "none",
    "any",
    "kind",
    "sort",
    "type",
    "pair",
}


def followed_by_verb(tok: Token) -> bool:
    """True when the phrase headed by ``tok`` is really the subject of a clause or a misparse: a
    finite verb directly follows it ("when she woke up the feeling stayed"), or it holds a bare
    infinitive ("watched the mosquito explode") or a coordinated finite verb ("exercised daily and
    preferred ...")."""
    end = max(t.i for t in tok.subtree) + 1
    if end < len(tok.doc) and tok.doc[end].tag_ in ("VBD", "VBZ", "VBP", "MD"):
        return True
    return any(
        (t.tag_ == "VB" and t.i != tok.i and not any(c.tag_ == "TO" for c in t.children))
        or (t.dep_ == "conj" and t.tag_ in ("VBD", "VBZ", "VBP"))
        for t in tok.subtree
    )


def np_class(tok: Token) -> str | None:
    """Agreement class of the phrase headed by ``tok``: "1s", "3s", "pl", or None if unsure."""
    conj = [c for c in tok.children if c.dep_ == "conj"]
    if conj:
        ccs = {c.lower_ for c in tok.children if c.dep_ == "cc"} | {
            g.lower_ for c in conj for g in c.children if g.dep_ == "cc"
        }
        return "pl" if ccs == {"and"} else None
    pc = pronoun_case(tok)
    if pc is not None:
        return AGREEMENT[pc[0]] if pc[1] in ("subj", "obj") else None
    low = tok.lower_
    if low in _QUANTITY:  # "a lot of pictures" agrees with "pictures"
        of = [g for c in tok.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children if g.dep_ == "pobj"]
        return np_class(of[0]) if of else None
    if MASKED.fullmatch(_masked_text(tok) or ""):
        return "3s"
    if low in _SING_PRON:
        return "3s"
    if low in _PLUR_PRON:
        return "pl"
    if tok.tag_ in ("NNS", "NNPS"):
        return "pl"
    if tok.tag_ in ("NN", "NNP"):
        return "3s"
    if tok.tag_ == "CD":
        return "3s" if low in ("one", "1") else "pl"
    return None


def _masked_text(tok: Token) -> str | None:
    text = doc_text(tok.doc)
    for m in MASKED.finditer(text):
        if m.start() <= tok.idx < m.end():
            return m.group(0)
    return None


def is_wh(tok: Token) -> bool:
    return tok.lower_ in _WH or tok.tag_ in ("WDT", "WP", "WP$", "WRB")


def masked_identities(text: str) -> set[str]:
    """Identities of masked names ([MALE] -> "3m", [FEMALE] -> "3f", [NEUTRAL] -> "3?")."""
    return {MASK_IDENT[m.group(1)] for m in MASKED.finditer(text)}


def name_gender(word: str) -> str | None:
    """ "m" or "f" for a first name in the project's gendered name lists, else None."""
    return _name_gender(word.lower())


@functools.lru_cache(maxsize=65536)
def _name_gender(w: str) -> str | None:
    male, female = w in word_list("names_male.txt"), w in word_list("names_female.txt")
    if male == female:
        return None
    return "m" if male else "f"


def binds_reflexive(subj: Token) -> bool:
    """True when a reflexive in the subject's clause refers back to it ("She practised by herself"),
    so changing the subject alone would break binding rather than reference."""
    if not _has_reflexive(subj.doc):
        return False  # no reflexive in the whole story
    head = subj.head
    for t in head.subtree:
        if t.i == subj.i or not t.lower_.endswith(("self", "selves")):
            continue
        anc = t.head
        while anc.i != head.i and not any(c.dep_ in SUBJ_DEPS for c in anc.children) and anc.head.i != anc.i:
            anc = anc.head
        if anc.i == head.i:
            return True
    return False


def lower_initial(first: Token, phrase: str, style: str) -> str:
    """A sentence-initial phrase moved into the middle of a sentence: "The dogs" -> "the dogs",
    but names, "I", acronyms and masked names keep their capital."""
    if (
        style != "normal"
        or first.pos_ == "PROPN"
        or first.ent_type_
        or first.text == "I"
        or first.text.isupper()
        or phrase.startswith("[")
        or name_gender(first.text)
    ):
        return phrase
    return phrase[:1].lower() + phrase[1:]


def has_passive(doc: Doc) -> bool:
    """Whether some clause of ``doc`` is passive (a passive subject or auxiliary)."""
    return not {sid("nsubjpass"), sid("auxpass")}.isdisjoint(columns(doc)["DEP"])


def span_of(tok: Token) -> tuple[int, int]:
    return tok.idx, tok.idx + len(tok.text)
