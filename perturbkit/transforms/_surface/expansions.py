"""``contraction``'s expansions ("I'm" -> "I am", "didn't" -> "did not"), only where the full form
is certain: never "'s" as possessive, never an inverted question, never a clitic the writer meant
as a possessive ("You 're daddy misses you" is "Your daddy", round 101)."""

from __future__ import annotations

import bisect
import functools
import re
from typing import TYPE_CHECKING

from ...annotation import token_columns
from ...resources.inflect import all_lemmas, forms
from ...transform import Change
from ...transform.words import is_tokenised, match_case
from .._register import Voices, contraction_spans, written_spans
from .contractions import full_forms, upper

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

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


def may_expand(text: str) -> bool:
    """The string-level condition :func:`expansions` starts with: an apostrophe."""
    return "'" in text or "\u2019" in text


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


def _noun_as_adj(t: Token) -> bool:
    """A token tagged as an adjective that is only ever a noun ("it 's origin not from the planet":
    "origin" JJ after a misspelt "its")."""
    found = all_lemmas(t.lower_)
    return t.pos_ == "ADJ" and "NOUN" in found and "ADJ" not in found


def _possessive_its(nxt: list[Token]) -> bool:
    """ "it's" before a noun (after adjectives or not): a misspelt possessive "its" ("it's owner",
    "it 's secondary smaller yellow star", "it 's origin" with "origin" tagged JJ, round 121)."""
    k = next((k for k, t in enumerate(nxt) if t.pos_ != "ADJ" or _noun_as_adj(t)), len(nxt))
    if k == len(nxt):
        return False
    noun = "NOUN" if _noun_as_adj(nxt[k]) else nxt[k].pos_
    return noun in ("NOUN", "PROPN") and (k == 0 or noun == "NOUN")


def _expand_s(host: str, nxt: list[Token]) -> str | None:
    """ "is" or "has" for "'s" after a pronoun, when the next words decide it."""
    if host == "it" and _possessive_its(nxt):
        return None
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


_COPULAS = {"m", "re", "s"}
_NOMINAL = {"NN", "NNS", "NNP", "NNPS"}
_FINITE = {"VBZ", "VBD", "VBP", "MD"}


def _copula(doc: Doc, starts: list[int], pos: int) -> bool:
    """The clitic token at character ``pos`` ("'re", "'s", "'m") is parsed as a verb and what
    follows it can follow "are"/"is"/"am": not a bare noun that is the subject of another verb,
    as where the writer meant a possessive ("You 're daddy misses you" = "Your daddy"; expanded
    to "You are daddy misses you", round 101)."""
    i = bisect.bisect_left(starts, pos)
    if i >= len(doc) or starts[i] != pos or doc[i].pos_ not in ("AUX", "VERB"):
        return False
    j = i + 1
    while j < len(doc) and doc[j].is_space:
        j += 1
    if j >= len(doc) or doc[j].tag_ not in _NOMINAL:
        return True  # "you 're the best", "you 're my hero", "you 're late"
    while j + 1 < len(doc) and doc[j].dep_ == "compound" and doc[j + 1].tag_ in _NOMINAL:
        j += 1  # the noun phrase's head
    noun = doc[j]
    if noun.dep_ in ("nsubj", "nsubjpass") and noun.head.i != i:
        return False  # "they 're dog is barking"
    if any(c.dep_ == "dobj" for c in noun.children):
        return False  # "daddy misses you": a "noun" with an object is a verb the parser missed
    return not (j + 1 < len(doc) and doc[j + 1].tag_ in _FINITE)  # "you 're mom said"


def _its_for_its(doc: Doc, text: str, starts: list[int]) -> bool:
    """The writer types "it's" for the possessive "its" somewhere in the text ("in it 's deep
    uncertainty"): then no "it's" of the text is certainly "it is" ("the night masks it 's every
    feature" became "masks it is every feature", round 103)."""
    return any(
        m.group(1).lower() == "it" and m.group(4).lower() == "s" and _possessive_its(_following(doc, starts, m.end()))
        for m in _CLITIC_RE.finditer(text)
    )


def _in_register(doc: Doc, text: str, changes: list[Change]) -> list[Change]:
    """The expansions that keep the voice's register: none in a voice (the dialogue, or the
    narration) that talks colloquially ("I 'm gon na be late" -> "I am gon na", a profane rant
    expanded to "If you cannot tell"; round 103), none in a voice that contracts (nearly) all it can
    (:meth:`Voices.mixes`, round 105), and none in a sentence that keeps another
    contraction (one the rules cannot expand: "DON \u2019 T BE FOOLED", "ai n't", "is n't it"), none in
    a quotation of written wording (a sign's)."""
    voices, written = Voices(text), written_spans(text)
    changes = [c for c in changes if not voices.colloquial(c.start) and not any(a < c.start < b for a, b in written)]
    full = full_forms(doc, text) if changes else []
    changes = [c for c in changes if voices.mixes(c.start, full)]
    if not changes:
        return changes
    kept = [a for a, b in contraction_spans(text) if not any(a < c.end and c.start < b for c in changes)]
    if not kept:
        return changes
    bounds = [(s.start_char, s.end_char) for s in doc.sents]
    mixed = {k for k, (a, b) in enumerate(bounds) if any(a <= p < b for p in kept)}
    return [c for c in changes if not any(a <= c.start < b for k, (a, b) in enumerate(bounds) if k in mixed)]


def expansions(doc: Doc, text: str) -> list[Change]:
    """Every contraction in the text whose full form is certain, where the full form keeps the
    voice's register (:func:`_in_register`)."""
    if not may_expand(text):
        return []  # both patterns need an apostrophe
    tokenised = is_tokenised(text)
    starts = token_columns(doc)["IDX"]
    its_typo = _its_for_its(doc, text, starts)
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
        if upper(clitic):
            new = new.upper() if upper(host) else new.replace("not", "NOT")
        changes.append(Change(m.start(), m.end(), new, f"expanded {m.group(0)!r}"))
    for m in _CLITIC_RE.finditer(text):
        host, clitic = m.group(1), m.group(4)
        low, cl = host.lower(), clitic.lower()
        if low not in _CLITIC_HOSTS[cl] or (its_typo and low == "it" and cl == "s"):
            continue
        if cl in _COPULAS and not _copula(doc, starts, m.start(3)):
            continue
        if cl in _CLITIC_WORD:
            word = _CLITIC_WORD[cl]
        elif cl == "s":
            word = _expand_s(low, _following(doc, starts, m.end()))
        else:
            word = _expand_d(_following(doc, starts, m.end()))
        if word is None:
            continue
        if upper(clitic) and (len(clitic) > 1 or upper(host)):
            word = word.upper()
        changes.append(Change(m.end(1), m.end(), " " + word, f"expanded {m.group(0)!r}"))
    return _in_register(doc, text, changes)
