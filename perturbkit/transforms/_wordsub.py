"""Shared machinery for word-substitution transforms (antonym, synonym, adjective, keyword,
ConceptNet): which tokens may be replaced, WordNet sense checks, the project's antonym lexicon,
inflection to the original's form, and a/an agreement.

Everything here reads a spaCy ``Token`` from the shared parse; nothing loads spaCy.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from ..annotation import hyphen_glued, token_columns, token_strings
from ..resources.inflect import inflect_like
from ..resources.lexicons import table, word_list
from ..resources.wordnet import lemma_count, tag_count, tag_counts
from ..transform import Change
from ._articles import indefinite_article
from ._casing import match_case

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

#: spaCy UPOS -> WordNet POS letter.
WN_POS = {"NOUN": "n", "VERB": "v", "ADJ": "a", "ADV": "r"}
#: Dependency labels whose tokens are parts of a larger name or expression.
_FIXED_DEPS = frozenset({"compound", "prt", "fixed", "flat", "case", "poss", "predet", "nummod", "npadvmod"})
#: Words that make a phrasal verb when they follow it ("passed away"), whatever their tag.
_PARTICLES = frozenset(
    {
        "away",
        "in",
        "out",
        "up",
        "down",
        "off",
        "on",
        "back",
        "over",
        "around",
        "along",
        "through",
        "apart",
        "together",
        "aside",
        "forward",
    }
)
#: Verbs with these dependents have a meaning fixed by the construction ("find it hard").
_VERB_BLOCKING_DEPS = frozenset({"prt", "oprd", "dative"})
#: Verbs that take the same clausal complements, so that swapping them keeps the sentence
#: grammatical and its meaning simply reversed: gerunds ("started/stopped crying"),
#: to-infinitives ("loved/hated to swim") and that-clauses ("admitted/denied that ...").
_GERUND_OK = frozenset({"start", "stop", "love", "hate", "enjoy", "like", "dislike", "remember", "forget"})
_INFINITIVE_OK = frozenset({"love", "hate", "remember", "forget"})
_CCOMP_OK = frozenset({"remember", "forget", "agree", "disagree", "admit", "deny", "love", "hate"})
#: (new word, preposition) pairs that are ungrammatical although the old word took them
#: ("forgot about" -> "remembered about", "bought from" -> "sold from", "new to" -> "old to").
_BAD_PREP = frozenset(
    {
        ("remember", "about"),
        ("sell", "from"),
        ("uncover", "in"),
        ("uncover", "with"),
        ("old", "to"),
        ("lose", "for"),
        ("appear", "into"),
        ("buy", "to"),
        ("appear", "from"),
    }
)
#: Negative polarity items: a verb governing one may carry negative meaning ("forgot to bring any").
_POLARITY = frozenset({"any", "anything", "anyone", "anybody", "anywhere", "ever", "yet"})
#: Adjectives that take the same clausal complements ("happy to help" / "sad to help").
_ADJ_CLAUSE_OK = frozenset(
    {
        "happy",
        "unhappy",
        "sad",
        "glad",
        "able",
        "unable",
        "sure",
        "unsure",
        "proud",
        "ashamed",
        "lucky",
        "unlucky",
        "easy",
        "difficult",
        "possible",
        "impossible",
        "likely",
        "unlikely",
        "willing",
        "unwilling",
        "eager",
    }
)
#: Adjectives in these roles are real adjectives (not nouns mis-tagged as ADJ: "the fair").
_ADJ_DEPS = frozenset({"amod", "acomp", "attr", "conj", "oprd", "xcomp"})


class Candidate(NamedTuple):
    """A replacement for one token: the new lemma, the resource it came from, and its form."""

    token_i: int
    lemma: str
    new: str
    source: str


# ------------------------------------------------------------------------------------------------
# Which tokens may be replaced
# ------------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=1)
def _fixed_expressions() -> dict[str, tuple[tuple[str, ...], ...]]:
    """Fixed expressions indexed by their first word, so matching is one dict lookup per token."""
    by_first: dict[str, list[tuple[str, ...]]] = {}
    for e in word_list("fixed_expressions.txt"):
        words = tuple(e.split())
        by_first.setdefault(words[0], []).append(words)
    return {k: tuple(v) for k, v in by_first.items()}


def fixed_expression_tokens(doc: Doc) -> frozenset[int]:
    """Indices of tokens inside a fixed expression ("fell asleep", "at least", "high school").
    Computed once per Doc (cached in ``doc.user_data`` as a list of ints, so the Doc still
    pickles) and shared by every substitution."""
    cached = doc.user_data.get("pk_fixed_expr")
    if cached is not None:
        return frozenset(cached)
    exprs = _fixed_expressions()
    cols = token_columns(doc)
    forms = list(zip(cols["lower"], cols["lemma"]))
    out: set[int] = set()
    for i, (lower, lemma) in enumerate(forms):
        found = exprs.get(lower, ())
        if lemma != lower and lemma in exprs:
            found += exprs[lemma]
        for e in found:
            n = len(e)
            if i + n <= len(forms) and all(w in forms[i + k] for k, w in enumerate(e)):
                out.update(range(i, i + n))
    doc.user_data["pk_fixed_expr"] = tuple(sorted(out))
    return frozenset(out)


def replaceable_indices(doc: Doc, upos: Iterable[str]) -> list[tuple[int, str]]:
    """(index, POS), in order, of the tokens of ``doc`` that may be replaced, of one of ``upos``:
    plain content words, not stop words, names, entities, masks or parts of idioms. The
    POS-independent checks run once per Doc (kept in ``doc.user_data`` as (index, POS) pairs, so
    the Doc still pickles), since every substitution transform asks the same question of the same
    parse; indices, so that callers filter before they need a spaCy Token (most replaceable words
    have no antonym, synonym or concept)."""
    base = doc.user_data.get("pk_replaceable")
    if base is None:
        base = doc.user_data["pk_replaceable"] = tuple(_replaceable_indices(doc))
    return [(i, pos) for i, pos in base if pos in upos]


def _replaceable_indices(doc: Doc) -> list[tuple[int, str]]:
    """(index, POS) of every replaceable token, read from the per-Doc token table."""
    cols, strs = token_columns(doc), token_strings(doc)
    fixed, glued = fixed_expression_tokens(doc), hyphen_glued(doc)
    text, pos, tag, dep, kids = strs["text"], strs["pos"], strs["tag"], strs["dep"], strs["children"]
    alpha, stop, ent = cols["IS_ALPHA"], cols["IS_STOP"], cols["ENT_TYPE"]
    start = cols["SENT_START"]
    lower, lemma, head = cols["lower"], cols["lemma"], cols["HEAD"]
    n = len(text)
    out = []
    for i in range(n):
        t = text[i]
        if not alpha[i] or len(t) < 3 or stop[i] or i in fixed or ent[i] or dep[i] in _FIXED_DEPS:
            continue
        if t.isupper() or (t[0].isupper() and not (i == 0 or start[i] == 1)):
            continue  # acronyms, masks ([MALE]) and mid-sentence capitals (names)
        if i > 0 and text[i - 1] in ("[", "<", "@", "#"):
            continue
        if i in glued:
            continue  # part of a hyphenated word ("long-time")
        p = pos[i]
        deps = [dep[k] for k in kids[i]]
        if p == "ADJ" and (dep[i] not in _ADJ_DEPS or "det" in deps or "poss" in deps):
            continue
        if (
            tag[i] == "NN"
            and dep[i] in ("nsubj", "nsubjpass")
            and not any(d in ("det", "poss", "amod", "nummod", "compound") for d in deps)
        ):
            continue  # a bare singular subject is most likely a lower-cased name ("joy used ...")
        if p == "NOUN" and "compound" in deps:
            continue  # "ice cream": the head of a compound
        if p == "VERB" and (
            not _VERB_BLOCKING_DEPS.isdisjoint(deps) or (i + 1 < n and head[i + 1] == i and lower[i + 1] in _PARTICLES)
        ):
            continue  # fixed by the construction, or a phrasal verb ("passed away", "broken in")
        if lemma[i].isalpha():
            out.append((i, p))
    return out


def xcomp_ok(tok: Token, lemma: str, new_lemma: str) -> bool:
    """Both verbs take ``tok``'s complements ("started crying" -> "stopped crying"; not
    "started to fall asleep" -> "stopped to fall asleep", "forgot about" -> "remembered about")."""
    for c in tok.children:
        if c.dep_ == "xcomp":
            ok = _GERUND_OK if c.tag_ == "VBG" else _INFINITIVE_OK
            if lemma not in ok or new_lemma not in ok:
                return False
        elif c.dep_ == "ccomp" and (lemma not in _CCOMP_OK or new_lemma not in _CCOMP_OK):
            return False
        elif c.dep_ == "prep" and (new_lemma, c.lower_) in _BAD_PREP:
            return False
    return True


def adjective_ok(tok: Token, lemma: str, new_lemma: str) -> bool:
    """Both adjectives take ``tok``'s complements ("happy to help" -> "sad to help"; not
    "excited to go" -> "bored to go", "new to the town" -> "old to the town")."""
    for c in tok.children:
        if c.dep_ in ("xcomp", "ccomp") and (lemma not in _ADJ_CLAUSE_OK or new_lemma not in _ADJ_CLAUSE_OK):
            return False
        if c.dep_ == "prep" and (new_lemma, c.lower_) in _BAD_PREP:
            return False
        if c.dep_ in ("npadvmod", "nummod"):  # "ten foot high", "two years old"
            return False
    return True


def complements_ok(tok: Token, lemma: str, new_lemma: str) -> bool:
    """The replacement fits ``tok``'s dependents (verbs and adjectives; other words always)."""
    if tok.pos_ == "VERB":
        if any(t.lower_ in _POLARITY for t in tok.subtree):
            return False  # "forgot to bring any" -> "remembered to bring any"
        return xcomp_ok(tok, lemma, new_lemma)
    if tok.pos_ == "ADJ":
        return adjective_ok(tok, lemma, new_lemma)
    return True


# ------------------------------------------------------------------------------------------------
# Inflection, articles, casing
# ------------------------------------------------------------------------------------------------
def form_like(lemma: str, tok: Token) -> str | None:
    """``lemma`` inflected like ``tok`` (agree + "agreed"/VBD -> "disagreed"), or None.

    None also when the token's own form is not the regular inflection of its lemma for its tag
    (a mis-tagged or mis-lemmatised token), so that a wrong parse never yields a wrong form.
    """
    if "_" in lemma or "-" in lemma or " " in lemma or not lemma.isalpha():
        return None
    upos = tok.pos_ if tok.pos_ in WN_POS else None
    own = inflect_like(tok.lemma_.lower(), tok.tag_, upos=upos)
    if own is None or own != tok.text.lower():
        return None
    return inflect_like(lemma.lower(), tok.tag_, upos=upos)


def substitution(doc: Doc, tok: Token, new: str, note: str) -> list[Change]:
    """Changes replacing ``tok`` by ``new`` (cased like it) and fixing a preceding "a"/"an"."""
    new = match_case(tok.text, new)
    changes = [Change(tok.idx, tok.idx + len(tok.text), new, note)]
    if tok.i > 0:
        prev = doc[tok.i - 1]
        if prev.lower_ in ("a", "an") and prev.whitespace_:
            art = indefinite_article(new)
            if art != prev.lower_:
                changes.append(
                    Change(
                        prev.idx, prev.idx + len(prev.text), match_case(prev.text, art), f"article agrees with {new!r}"
                    )
                )
    return changes


# ------------------------------------------------------------------------------------------------
# Antonyms: the project's lexicon, WordNet's first sense, ConceptNet
# ------------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=1)
def lexicon_antonyms() -> dict[tuple[str, str], tuple[str, ...]]:
    """(lemma, UPOS) -> antonyms, from ``antonyms.tsv`` (both directions where ``dir`` is <>)."""
    out: dict[tuple[str, str], list[str]] = {}
    for r in table("antonyms.tsv"):
        w, a, pos = r["word"].lower(), r["antonym"].lower(), r["pos"]
        out.setdefault((w, pos), []).append(a)
        if r["dir"] == "<>":
            out.setdefault((a, pos), []).append(w)
    return {k: tuple(dict.fromkeys(v)) for k, v in out.items()}


@functools.lru_cache(maxsize=1)
def blocked_antonyms() -> frozenset[tuple[str, str]]:
    """WordNet antonym pairs that are wrong in stories (both directions)."""
    out = set()
    for r in table("antonyms_blocked.tsv"):
        a, b = r["word"].lower(), r["antonym"].lower()
        out.update({(a, b), (b, a)})
    return frozenset(out)


def sense_share(wn, lemma: str, pos: str) -> tuple[object | None, float, int]:
    """The first (most frequent) synset of ``lemma``, the share of the lemma's tagged uses it
    covers, and its count there (WordNet's SemCor counts)."""
    offsets = wn.offsets(lemma, pos)
    if not offsets:
        return None, 0.0, 0
    counts = [tag_count(wn, lemma, p, o) for p, o in offsets]  # no synset read for the counts
    total = sum(counts)
    return wn.synset_from_pos_and_offset(*offsets[0]), (counts[0] / total if total else 0.0), counts[0]


@functools.lru_cache(maxsize=65536)
def wordnet_antonyms(lemma: str, upos: str) -> tuple[str, ...]:
    """Direct WordNet antonyms of ``lemma`` in its most frequent sense for ``upos``.

    Both words must be attested in that sense (SemCor count >= 1), single words, and not in the
    project's blocked list; the sense must cover at least a third of the word's tagged uses.
    """
    from ..resources.wordnet import wordnet

    pos = WN_POS.get(upos)
    if pos is None:
        return ()
    wn = wordnet()
    first, share, count = sense_share(wn, lemma, pos)
    if first is None or count < 1 or share < 1 / 3:
        return ()
    out = []
    blocked = blocked_antonyms()
    for lem in first.lemmas():
        if lem.name().lower() != lemma:
            continue
        for ant in lem.antonyms():
            name = ant.name().lower()
            if not name.isalpha() or lemma_count(ant) < 1 or (lemma, name) in blocked:
                continue
            if upos == "NOUN" and name.endswith(lemma):
                continue  # "inexperience", "nonmember": abstract prefix nouns read badly
            out.append(name)
    return tuple(dict.fromkeys(out))


def conceptnet_antonyms(provider, lemma: str, upos: str) -> tuple[str, ...]:
    """ConceptNet antonyms of ``lemma`` that WordNet knows mainly as the same part of speech."""
    if provider is None:
        return ()
    pos = WN_POS.get(upos)
    if pos is None:
        return ()
    blocked = blocked_antonyms()
    out = []
    for a in provider.antonyms(lemma, pos=upos):
        a = a.lower()
        if not a.isalpha() or a in (lemma, lemma[::-1]) or (lemma, a) in blocked:
            continue  # ConceptNet's crowd-sourced antonyms include "dog" -> "god"
        if main_pos_of(a) == pos:
            out.append(a)
    return tuple(dict.fromkeys(out))


@functools.lru_cache(maxsize=65536)
def main_pos_of(lemma: str) -> str | None:
    """Cached :func:`main_pos` on the installed WordNet."""
    from ..resources.wordnet import wordnet

    return main_pos(wordnet(), lemma)


def main_pos(wn, lemma: str) -> str | None:
    """The WordNet POS in which ``lemma`` is most often used (by SemCor counts), or None."""
    best, most = None, 0
    for pos in ("n", "v", "a", "r"):
        c = sum(tag_counts(wn, lemma, pos))
        if c > most:
            best, most = pos, c
    return best


def antonyms_of(lemma: str, upos: str, provider=None) -> list[tuple[str, str]]:
    """(antonym, source) pairs for ``lemma`` as ``upos``: the lexicon first, then WordNet, then
    ConceptNet (only with a provider). Sources are "lexicon", "wordnet" and "conceptnet"."""
    lemma = lemma.lower()
    lex = lexicon_antonyms().get((lemma, upos))
    if lex:
        return [(a, "lexicon") for a in lex]
    wn = wordnet_antonyms(lemma, upos)
    if wn:
        return [(a, "wordnet") for a in wn]
    return [(a, "conceptnet") for a in conceptnet_antonyms(provider, lemma, upos)]


def is_antonym_pair(a: str, b: str, upos: str, provider=None) -> bool:
    """True if ``b`` is an antonym of ``a`` in the resource :func:`antonyms_of` uses."""
    return b.lower() in {x for x, _ in antonyms_of(a, upos, provider)}
