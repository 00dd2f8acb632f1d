"""``contraction``'s parts: contract ("do not" -> "don't", "I am" -> "I'm") or expand them, only
where the parse makes the other form certain (never "'s" as possessive, never a clause-final
auxiliary)."""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...annotation import token_columns
from ...resources.inflect import all_lemmas, forms
from ...transform import Change
from ...transform.words import is_tokenised, match_case

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

# auxiliary + not -> (host, "n't"); "am not" and rare forms (mightn't, shan't, needn't) are left alone
_NEG = {
    "do": "do",
    "does": "does",
    "did": "did",
    "is": "is",
    "are": "are",
    "was": "was",
    "were": "were",
    "has": "has",
    "have": "have",
    "had": "had",
    "will": "wo",
    "would": "would",
    "could": "could",
    "should": "should",
    "can": "ca",
    "must": "must",
}
_PERFECT = {"has", "have", "had"}  # contracted only as auxiliaries ("I have not eaten", not "I have not a car")
# pronoun + auxiliary/copula -> clitic
_PRON_AUX = {
    "am": ({"i"}, "m"),
    "are": ({"you", "we", "they"}, "re"),
    "is": ({"he", "she", "it"}, "s"),
    "have": ({"i", "you", "we", "they"}, "ve"),
    "will": ({"i", "you", "he", "she", "it", "we", "they"}, "ll"),
    "would": ({"i", "you", "he", "she", "we", "they"}, "d"),  # "it'd" reads badly in writing
    "had": ({"i", "you", "he", "she", "we", "they"}, "d"),
}
# expansion: host of "n't" -> full form (tokenised text, normal text); "can't" is "cannot" in both
# ("can not" reads as non-standard, or as stressing "not")
_NEG_HOST = {"ca": ("cannot", "cannot"), "wo": ("will not", "will not"), "sha": ("shall not", "shall not")}
_NEG_PLAIN = {
    "do",
    "does",
    "did",
    "is",
    "are",
    "was",
    "were",
    "has",
    "have",
    "had",
    "could",
    "should",
    "would",
    "must",
    "need",
    "might",
}
_CLITIC_HOSTS = {
    "m": {"i"},
    "re": {"you", "we", "they", "who", "what"},
    "ve": {"i", "you", "we", "they", "who", "could", "would", "should", "might", "must"},
    "ll": {"i", "you", "he", "she", "it", "we", "they", "that", "there", "who", "what"},
    "s": {"he", "she", "it", "that", "there", "here", "what", "who", "where"},
    "d": {"i", "you", "he", "she", "it", "we", "they", "who", "that", "there"},
}
_SUBJECTS = {"i", "you", "he", "she", "it", "we", "they", "there"}
_CLITIC_WORD = {"m": "am", "re": "are", "ve": "have", "ll": "will"}
_HAS_NEXT = {"been", "got", "gotten", "had"}  # "she's been" = she has been
_IS_ADVERBS = {
    "here",
    "there",
    "home",
    "back",
    "away",
    "out",
    "outside",
    "inside",
    "upstairs",
    "downstairs",
    "late",
    "early",
    "over",
    "right",
    "fine",
    "okay",
    "ok",
    "alright",
}

_NT_RE = re.compile(r"(?<![\w'\u2019])([A-Za-z]+?)( ?)(n['\u2019]t)(?![\w'\u2019])", re.I)
_CLITIC_RE = re.compile(r"(?<![\w'\u2019])([A-Za-z]+)( ?)(['\u2019])(s|re|ve|ll|d|m)(?![\w'\u2019])", re.I)
# a pronoun then one space then an auxiliary it can host (any such pair in the lower-cased text)
_PRON_AUX_RE = re.compile(
    "(?:"
    + "|".join(sorted(set().union(*(p for p, _ in _PRON_AUX.values()))))
    + ") (?:"
    + "|".join(sorted(_PRON_AUX))
    + ")"
)
CANDIDATE = re.compile(r"['\u2019]|\b(not|cannot|am|are|is|have|had|will|would)\b", re.I)


def may_contract(text: str) -> bool:
    """The string-level condition :func:`contractions` starts with: a "not" or a pronoun then an
    auxiliary it can host (False: no pair to contract, whatever the parse)."""
    low_text = text.lower()
    return "not" in low_text or _PRON_AUX_RE.search(low_text) is not None


def may_expand(text: str) -> bool:
    """The string-level condition :func:`expansions` starts with: an apostrophe."""
    return "'" in text or "\u2019" in text


def disjoint(changes: list[Change]) -> list[Change]:
    """The changes sorted by position, dropping any that overlaps an earlier one."""
    out: list[Change] = []
    for c in sorted(changes, key=lambda c: (c.start, c.end)):
        if not out or c.start >= out[-1].end:
            out.append(c)
    return out


def _apostrophe(text: str) -> str:
    """The apostrophe the text uses (curly if it mostly uses curly ones)."""
    return "\u2019" if text.count("\u2019") > text.count("'") else "'"


def _upper(s: str) -> bool:
    """All of the string's letters are capitals (and it has some)."""
    letters = [c for c in s if c.isalpha()]
    return bool(letters) and all(c.isupper() for c in letters)


# ------------------------------------------------------------------------------------------------
# contract
# ------------------------------------------------------------------------------------------------
_NOT_COMPLEMENTS = {"too", "also", "either", "so", "not", "n't"}
_COMPLEMENT_DEPS = {"acomp", "attr", "prep", "advmod", "oprd", "xcomp", "ccomp", "dobj", "dative", "agent"}


def _clause_final(doc: Doc, tok: Token) -> bool:
    """Nothing the auxiliary/copula governs follows it ("Yes, I am." / "I am, and ..." /
    "he will too"): a contraction there is ungrammatical."""
    if tok.i + 1 >= len(doc):
        return True
    nxt = doc[tok.i + 1]
    if nxt.is_punct or nxt.is_space or nxt.pos_ == "CCONJ" or not tok.whitespace_:
        return True
    if tok.dep_ in ("aux", "auxpass"):
        return tok.head.i < tok.i
    if tok.tag_ == "MD":
        return True  # a modal that is not an auxiliary of a later verb is stranded
    return not any(
        c.i > tok.i and c.dep_ in _COMPLEMENT_DEPS and c.lower_ not in _NOT_COMPLEMENTS for c in tok.children
    )


def _negates_gerund(aux: Token) -> bool:
    """ "be" + "not" + a gerund whose subject is a noun: the "not" may negate the gerund, not the
    verb ("his only regret was not having a fireplace" is not "wasn't having"); a pronoun or name
    subject keeps the progressive reading ("she was not eating")."""
    if aux.lemma_.lower() != "be" or aux.head.tag_ != "VBG" or aux.head.i < aux.i:
        return False
    subj = next((c for c in aux.head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    return subj is not None and subj.pos_ == "NOUN"


def _negations(doc: Doc, sites: list[int], tokenised: bool, apos: str) -> Iterator[tuple[Token, Change]]:
    """Auxiliary + "not" -> "n't" ("did not" -> "didn't", "will not" -> "won't", "cannot" -> "can't"),
    for the auxiliaries at token indices ``sites`` (each followed by "not")."""
    for i in sites:
        aux, neg = doc[i], doc[i + 1]
        host = _NEG[aux.lower_]
        if neg.dep_ != "neg" or aux.whitespace_ not in ("", " "):
            continue
        if aux.whitespace_ == "" and aux.lower_ != "can":  # only "cannot" is written as one word
            continue
        if aux.lower_ in _PERFECT and aux.dep_ != "aux":
            continue
        if aux.pos_ not in ("AUX", "VERB") or (neg.i + 1 < len(doc) and doc[neg.i + 1].lower_ == "only"):
            continue
        if aux.lower_ == "will" and aux.tag_ != "MD":
            continue
        if _negates_gerund(aux):
            continue
        clitic = "N" + apos + "T" if _upper(neg.text) and _upper(aux.text) else "n" + apos + "t"
        new = match_case(aux.text, host) + (" " if tokenised else "") + clitic
        yield aux, Change(aux.idx, neg.idx + len(neg.text), new, f"contracted {aux.text} {neg.text!r}")


def _possessive_left(doc: Doc, participle: Token) -> bool:
    """ "left" (or "got") ending a subordinate clause after "have": "how much time I have left" is
    possession, often parsed as a perfect, and "I've left" would read as "departed"."""
    end = participle.i + 1
    return (
        participle.lower_ in ("left", "got")
        and participle.dep_ in ("relcl", "ccomp")
        and (end == len(doc) or doc[end].is_punct)
    )


def _pronoun_aux(doc: Doc, sites: list[int], tokenised: bool, apos: str, used: set[int]) -> Iterator[Change]:
    """Subject pronoun + auxiliary/copula -> clitic ("I am" -> "I'm"), for the pronouns at token
    indices ``sites`` (each followed by an auxiliary it can host), skipping ``used`` auxiliaries."""
    for i in sites:
        pron, verb = doc[i], doc[i + 1]
        spec = _PRON_AUX[verb.lower_]
        if verb.i in used or pron.whitespace_ != " ":
            continue
        if pron.dep_ not in ("nsubj", "nsubjpass", "expl") or pron.head.i not in (verb.i, verb.head.i):
            continue
        if _clause_final(doc, verb):
            continue
        after = doc[verb.i + 1].lower_
        if after in ("n't", "n\u2019t") or (after == "not" and verb.lower_ in ("will", "would", "have", "had")):
            continue  # "she had n't" is contracted already; "I'd not" reads oddly
        if verb.lower_ in ("will", "would") and verb.tag_ != "MD":
            continue
        if verb.lower_ in ("have", "had"):
            nxt = doc[verb.i + 1]
            perfect = verb.dep_ == "aux" and verb.head.tag_ == "VBN"
            if not perfect and not (verb.lower_ == "had" and nxt.lower_ == "better"):
                continue
            if perfect and _possessive_left(doc, verb.head):
                continue
        if verb.lower_ == "is" and verb.tag_ != "VBZ":
            continue
        clitic = apos + (spec[1].upper() if _upper(verb.text) else spec[1])
        start = pron.idx + len(pron.text)
        yield Change(
            start,
            verb.idx + len(verb.text),
            (" " if tokenised else "") + clitic,
            f"contracted {pron.text} {verb.text!r}",
        )


def contractions(doc: Doc, text: str) -> list[Change]:
    """Every safe contraction in the text (a negation wins over a pronoun contraction of its verb).
    Only the word pairs that could contract are looked at through the parse."""
    if not may_contract(text):
        return []  # no "not" and no pronoun + auxiliary: no word pair to look at
    low = token_columns(doc)["lower"]
    pairs = list(zip(low, low[1:]))
    negs = [i for i, (a, b) in enumerate(pairs) if b == "not" and a in _NEG]
    prons = [i for i, (a, b) in enumerate(pairs) if b in _PRON_AUX and a in _PRON_AUX[b][0]]
    if not negs and not prons:
        return []
    tokenised, apos = is_tokenised(text), _apostrophe(text)
    used, changes = set(), []
    for aux, ch in _negations(doc, negs, tokenised, apos):
        used.add(aux.i)
        changes.append(ch)
    changes.extend(_pronoun_aux(doc, prons, tokenised, apos, used))
    return changes


# ------------------------------------------------------------------------------------------------
# expand
# ------------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=8192)
def _verb_form(word: str) -> str | None:
    """ "base" or "participle" for an unambiguous verb form, else None ("come", "cut", "put")."""
    w = word.lower()
    lemmas = all_lemmas(w, "VERB").get("VERB", ())
    if not lemmas:
        return None
    base = w in lemmas
    part = any(w in forms(lem, "VBN", oov=True) for lem in lemmas)  # lemminflect's getInflection
    if base == part:
        return None
    return "base" if base else "participle"


def _following(doc: Doc, starts: list[int], pos: int, n: int = 8) -> list[Token]:
    """The (up to ``n``) tokens from character ``pos`` on, without whitespace tokens."""
    i = bisect.bisect_left(starts, pos)
    return [t for t in doc[i : i + 2 * n] if not t.is_space][:n]


def _expand_s(host: str, nxt: list[Token]) -> str | None:
    """ "is" or "has" for "'s" after a pronoun, when the next words decide it."""
    if host == "it":
        k = next((k for k, t in enumerate(nxt) if t.pos_ != "ADJ"), len(nxt))
        if k < len(nxt) and nxt[k].pos_ in ("NOUN", "PROPN") and (k == 0 or nxt[k].pos_ == "NOUN"):
            return None  # "it's owner", "it 's secondary smaller yellow star": a misspelt possessive "its"
    advs = []
    for t in nxt:
        if t.tag_ in ("RB", "RBR", "RBS") and t.lower_ not in _IS_ADVERBS and t.lower_ not in ("here", "there"):
            advs.append(t)
            continue
        if t.lower_ in _HAS_NEXT:
            return "has"
        if t.lower_ in _IS_ADVERBS and not advs:
            return "is"
        if t.tag_ == "VBG":
            return "is"
        if t.tag_.startswith("VB") or t.tag_ == "MD" or t.is_punct or t.pos_ in ("PART", "CCONJ", "SCONJ"):
            return None
        if t.pos_ in ("ADJ", "DET", "NUM", "NOUN", "PROPN", "PRON", "ADP"):
            return "is"
        return None
    return None


def _expand_d(nxt: list[Token]) -> str | None:
    """ "would" or "had" for "'d": "better" -> had, "rather" -> would, else the next verb's form."""
    for t in nxt:
        if t.lower_ == "better":
            return "had"
        if t.lower_ == "rather":
            return "would"
        if t.tag_ in ("RB", "RBR", "RBS") and t.pos_ in ("ADV", "PART"):
            continue
        if t.pos_ not in ("VERB", "AUX"):
            return None
        form = _verb_form(t.text)
        return {"base": "would", "participle": "had"}.get(form or "")
    return None


def expansions(doc: Doc, text: str) -> list[Change]:
    """Every contraction in the text whose full form is certain."""
    if not may_expand(text):
        return []  # both patterns need an apostrophe
    tokenised = is_tokenised(text)
    starts = token_columns(doc)["IDX"]
    changes = []
    for m in _NT_RE.finditer(text):
        host, clitic = m.group(1), m.group(3)
        low = host.lower()
        nxt = _following(doc, starts, m.end())
        if nxt and (nxt[0].lower_ in _SUBJECTS or nxt[0].dep_ in ("nsubj", "nsubjpass", "expl")):
            continue  # inverted ("Why won't you ...?", "isn't it?"): the expansion would need reordering
        if low in _NEG_HOST:
            full = _NEG_HOST[low][0 if tokenised else 1]
            new = match_case(host, full.split(" ")[0]) + full[len(full.split(" ")[0]) :]
        elif low in _NEG_PLAIN:
            new = host + " not"
        else:
            continue  # "ain't" and unknown hosts: no single right expansion
        if _upper(clitic):
            new = new.upper() if _upper(host) else new.replace("not", "NOT")
        changes.append(Change(m.start(), m.end(), new, f"expanded {m.group(0)!r}"))
    for m in _CLITIC_RE.finditer(text):
        host, clitic = m.group(1), m.group(4)
        low, cl = host.lower(), clitic.lower()
        if low not in _CLITIC_HOSTS[cl]:
            continue
        if cl in _CLITIC_WORD:
            word = _CLITIC_WORD[cl]
        elif cl == "s":
            word = _expand_s(low, _following(doc, starts, m.end()))
        else:
            word = _expand_d(_following(doc, starts, m.end()))
        if word is None:
            continue
        if _upper(clitic) and (len(clitic) > 1 or _upper(host)):
            word = word.upper()
        changes.append(Change(m.end(1), m.end(), " " + word, f"expanded {m.group(0)!r}"))
    return changes
