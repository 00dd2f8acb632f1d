"""``contraction``'s contractions ("do not" -> "don't", "I am" -> "I'm"), only where the parse makes
the contracted form certain (never a clause-final auxiliary); the expansions are in ``expansions``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...annotation import token_columns
from ...transform import Change
from ...transform.words import is_tokenised, match_case
from .._register import Voices, formal, written_spans

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


def disjoint(changes: list[Change]) -> list[Change]:
    """The changes sorted by position, dropping any that overlaps an earlier one."""
    out: list[Change] = []
    for c in sorted(changes, key=lambda c: (c.start, c.end)):
        if not out or c.start >= out[-1].end:
            out.append(c)
    return out


# a contraction or possessive as the story writes it: spaced ("was n't", "I 'm", WritingPrompts),
# joined ("wasn't") or split around its apostrophe ("wasn \u2019 t", "I \u2019 m": WP stories typed
# with curly apostrophes, which WP's tokenizer did not know); group 1 is its apostrophe
_CLITICS = r"(?:s|m|re|ve|ll|d)(?![\w'\u2019])"
_SPACED = re.compile(r"(?<=[A-Za-z]) (?:n(['\u2019])t|(['\u2019])" + _CLITICS + ")", re.I)
_JOINED = re.compile(r"(?<=[A-Za-z])(?:n(['\u2019])t|(['\u2019])" + _CLITICS + ")", re.I)
_SPLIT = re.compile(r"(?<=[A-Za-z]) ?(['\u2019]) (?:t(?![\w'\u2019])|" + _CLITICS + ")", re.I)
_IN_WORD = re.compile(r"(?<=[A-Za-z])(['\u2019])(?=[A-Za-z])")


def _style(text: str) -> tuple[str, str]:
    """(apostrophe, form) of the contractions to write: as the story's own contractions are
    written, its native form first (spaced in tokenised text, else joined), then the split form,
    then the other one; curly only if most of them are curly. Quotation marks do not count: a WP
    story with curly quotes and "was n't" everywhere got "was n\u2019t" (round 101). A story with
    no contraction takes the apostrophes inside its words, else the straight one."""
    native = "spaced" if is_tokenised(text) else "joined"
    other = "joined" if native == "spaced" else "spaced"
    patterns = {"spaced": _SPACED, "joined": _JOINED, "split": _SPLIT}
    for form in (native, "split", other, None):
        marks = ["".join(m) for m in (patterns[form] if form else _IN_WORD).findall(text)]
        if marks:
            return ("\u2019" if marks.count("\u2019") > len(marks) / 2 else "'"), form or native
    return "'", native


def _attached(clitic: str, apos: str, form: str) -> str:
    """The clitic as written after its host: " n't", "n't" or "n \u2019 t" (form as in :func:`_style`)."""
    if form == "split":
        return clitic.replace(apos, f" {apos} ") if clitic[0] != apos else f" {apos} {clitic[1:]}"
    return (" " if form == "spaced" else "") + clitic


def upper(s: str) -> bool:
    """All of the string's letters are capitals (and it has some)."""
    letters = [c for c in s if c.isalpha()]
    return bool(letters) and all(c.isupper() for c in letters)


# ------------------------------------------------------------------------------------------------
# contract
# ------------------------------------------------------------------------------------------------
_NOT_COMPLEMENTS = {"too", "also", "either", "so", "not", "n't"}
#: Adverbs that complement nothing: a copula with only these after it ends its clause ("Here I am
#: though , running away" cannot read "Here I 'm though"; round 105).
_TRAILING = {"though", "tho", "too", "anyway", "anyways", "again", "now", "then", "also", "either", "still", "anymore"}
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
    j = tok.i + 1
    while j < len(doc) and doc[j].lower_ in _TRAILING:
        j += 1
    if j > tok.i + 1 and (j == len(doc) or doc[j].is_punct or doc[j].pos_ == "CCONJ"):
        return True
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


#: Determiners before "do not": the words are a label's ("the do not touch signs", "a do not
#: disturb sign"), quoted as written.
_LABEL_DETERMINERS = {"the", "a", "an", "my", "your", "our", "their", "its"}


def _label_determiner(tok: Token) -> bool:
    """A determiner, which no auxiliary follows but a label's first word ("a do not disturb
    sign"); "her" and "his" only as parsed possessives ("girls like her are not")."""
    return tok.lower_ in _LABEL_DETERMINERS or (tok.lower_ in ("her", "his") and tok.dep_ in ("det", "poss"))


def _negations(doc: Doc, sites: list[int], form: str, apos: str) -> Iterator[tuple[Token, Change]]:
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
        if aux.i > 0 and _label_determiner(doc[aux.i - 1]):
            continue  # "the do not touch signs": a sign's wording used as a noun's modifier (round 103)
        if upper(neg.text) and any(t.is_alpha and t.is_lower for t in aux.sent):
            continue  # "But the FIRE WILL NOT LISTEN !": capitals in a sentence of small letters are stress (round 103)
        clitic = "N" + apos + "T" if upper(neg.text) and upper(aux.text) else "n" + apos + "t"
        new = match_case(aux.text, host) + _attached(clitic, apos, form)
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


def _extracted(doc: Doc, pron: Token, verb: Token) -> bool:
    """ "who I am", "what you are": the copula's complement went before the subject, so the copula
    ends its clause however much follows ("the actions that defined who I am in my life" cannot
    read "who I'm in my life"; wp_dev-1110, found comparing outputs in round 101)."""
    return (
        verb.lower_ in ("am", "are", "is")
        and verb.dep_ not in ("aux", "auxpass")
        and pron.i > 0
        and (
            doc[pron.i - 1].lower_ in ("who", "what")
            and doc[verb.i + 1].lower_ != "like"  # "what it's like": "what" is the object of "like"
            or doc[pron.i - 1].lower_ in ("here", "there")
            and doc[pron.i - 1].head.i == verb.i  # "Here I am in the woods" (round 105)
        )
    )


def _pronoun_aux(doc: Doc, sites: list[int], form: str, apos: str, used: set[int]) -> Iterator[tuple[Token, Change]]:
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
        if verb.lower_ in ("will", "would") and (verb.tag_ != "MD" or doc[verb.i + 1].lower_ in ("never", "ever")):
            continue  # "memories I would never forget": a solemn vow reads weaker as "I 'd never" (round 105)
        if verb.lower_ in ("have", "had"):
            nxt = doc[verb.i + 1]
            perfect = verb.dep_ == "aux" and verb.head.tag_ == "VBN"
            if not perfect and not (verb.lower_ == "had" and nxt.lower_ == "better"):
                continue
            if perfect and _possessive_left(doc, verb.head):
                continue
        if verb.lower_ == "is" and verb.tag_ != "VBZ":
            continue
        if _extracted(doc, pron, verb):
            continue
        if pron.i > 0 and (doc[pron.i - 1].tag_ == "MD" or doc[pron.i - 1].lower_ in ("did", "does", "do")):
            continue  # an inverted question: "how could they have known" never "could they 've" (round 106)
        if any(t.lower_ == verb.lower_ and t.i != verb.i and doc[t.i - 1].lower_ not in spec[0] for t in verb.sent):
            continue  # "you will die , as will every person": the echo keeps the full form (round 106)
        clitic = apos + (spec[1].upper() if upper(verb.text) else spec[1])
        start = pron.idx + len(pron.text)
        change = Change(
            start,
            verb.idx + len(verb.text),
            _attached(clitic, apos, form),
            f"contracted {pron.text} {verb.text!r}",
        )
        yield pron, change


_SERIES_PUNCT = frozenset({",", ";", "-", "--", "\u2014", "\u2013"})


def _without_lone_twins(doc: Doc, low: list[str], sites: list[int], made: list[tuple[int, Change]]) -> list[Change]:
    """The changes (each with the index of its word pair's first token) whose word pair has no
    twin left uncontracted in the same sentence: "I am what I am" does not become "I'm what I am"
    (a fixed, parallel phrase whose second half cannot contract; round 101), and "I did not ask
    and I did not care" contracts both or neither."""
    touched = {j for i, _ in made for j in (i, i + 1)}
    left = {(doc[i].sent.start, low[i], low[i + 1]) for i in sites if i not in touched and i + 1 not in touched}
    # a negation left whole keeps every negation of its sentence whole: "you do not -- -could not
    # know" is one parallel run (round 103), whatever its auxiliaries
    negated = {
        t.sent.start
        for t in doc
        if t.lower_ == "not"
        and t.i > 0
        and not {t.i, t.i - 1} & touched  # "I'm not" is contracted
        and (doc[t.i - 1].tag_ == "MD" or doc[t.i - 1].pos_ == "AUX")
    }
    # a series of negations ("It was not black , not white , nor anywhere in between") is one
    # emphatic, parallel run: a "nor", or a "not" opening a list item, keeps the sentence whole (round 108)
    negated |= {
        t.sent.start
        for t in doc
        if t.lower_ == "nor" or (t.lower_ == "not" and t.i > 0 and doc[t.i - 1].lower_ in _SERIES_PUNCT)
    }
    if not left and not negated:
        return [ch for _, ch in made]
    return [
        ch
        for i, ch in made
        if (doc[i].sent.start, low[i], low[i + 1]) not in left
        and not (low[i + 1] == "not" and doc[i].sent.start in negated)
    ]


_END = re.compile(r"[.!?]+")


def _exclaimed(text: str, pos: int) -> bool:
    """The sentence at ``pos`` ends with "!" (from ``pos`` on, its first end mark has one): its full
    forms are emphasis ("I will not be made a fool !", "Do not distract me with flattery !"; round 105)."""
    m = _END.search(text, pos)
    return m is not None and "!" in m.group()


def _in_register(doc: Doc, text: str, made: list[tuple[int, Change]]) -> list[tuple[int, Change]]:
    """The contractions (each with its first token's index) that keep the register: none in a
    voice that never contracts although it is long enough to show it (a wizard's "You will not
    pass", an alien's proclamation, a mock academic report; round 103), none in a sentence of
    formal voice ("whom I would sacrifice"), none in a quotation of written wording (a sign's), none in
    an exclamation."""
    voices, written = Voices(text), written_spans(text)
    full = full_forms(doc, text) if made else []
    out = []
    for i, ch in made:
        if voices.never_contracts(ch.start) or any(a < ch.start < b for a, b in written):
            continue
        if formal(doc[i].sent.text) or _exclaimed(text, ch.start) or _emphasised(text, ch.start):
            continue
        if not voices.contracts_enough(ch.start, full) or voices.formal_voice(ch.start):
            continue  # a voice of full forms, or a solemn one (round 106)
        out.append((i, ch))
    return out


def _emphasised(text: str, pos: int) -> bool:
    """``pos`` is inside a short ``*...*`` span on its line: stressed words ("*did not give a
    damn*", round 106), whose full form is the stress."""
    a, b = text.rfind("*", 0, pos), text.find("*", pos)
    return a >= 0 and b >= 0 and "\n" not in text[a:b] and len(text[a:b].split()) <= 8


def _sites(low: list[str]) -> tuple[list[int], list[int]]:
    """Token indices of auxiliaries followed by "not", and of pronouns followed by an auxiliary
    they can host."""
    pairs = list(zip(low, low[1:]))
    negs = [i for i, (a, b) in enumerate(pairs) if b == "not" and a in _NEG]
    prons = [i for i, (a, b) in enumerate(pairs) if b in _PRON_AUX and a in _PRON_AUX[b][0]]
    return negs, prons


def full_forms(doc: Doc, text: str) -> list[int]:
    """Character positions of the full forms the text writes where it could have contracted
    ("do not", "I am", "we will"), whatever the register: the writer's choice of full forms."""
    if not may_contract(text):
        return []
    negs, prons = _sites(token_columns(doc)["lower"])
    used, out = set(), []
    for aux, ch in _negations(doc, negs, "joined", "'"):
        used.add(aux.i)
        out.append(ch.start)
    out.extend(ch.start for _, ch in _pronoun_aux(doc, prons, "joined", "'", used))
    return sorted(out)


def contractions(doc: Doc, text: str) -> list[Change]:
    """Every safe contraction in the text (a negation wins over a pronoun contraction of its verb),
    in the story's own apostrophe and spacing. Only the word pairs that could contract are looked
    at through the parse."""
    if not may_contract(text):
        return []  # no "not" and no pronoun + auxiliary: no word pair to look at
    low = token_columns(doc)["lower"]
    negs, prons = _sites(low)
    if not negs and not prons:
        return []
    apos, form = _style(text)
    used, made = set(), []
    for aux, ch in _negations(doc, negs, form, apos):
        used.add(aux.i)
        made.append((aux.i, ch))
    made.extend((pron.i, ch) for pron, ch in _pronoun_aux(doc, prons, form, apos, used))
    return _without_lone_twins(doc, low, negs + prons, _in_register(doc, text, made))
