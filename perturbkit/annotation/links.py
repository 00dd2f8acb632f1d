"""Story links: which sentences mention a token's content words, so an edit can target what the
rest of the story depends on.

A coherence-breaking edit (a negation, an antonym, a flipped connective) is only a real
inconsistency when something else in the story depends on what it changed: "he bought a car. he
drove the car home." turns inconsistent when "bought" is negated, because the next sentence still
uses the car; "he wanted to leave. he was tired." stays a plausible story with "he did not want
to leave". Transforms rank their candidate sites by these links and, when no site links to
another sentence, decline (return None).

- :func:`linked_sentences`: the other sentences that name a token's content lemma;
- :func:`family`: a lemma and the words WordNet derives from it ("win" -> "winnings"), so that
  "he won a lot of money" links to "he bet all his winnings";
- :func:`arguments`: the content words completing a predicate (its objects and complements);
- :func:`witnesses`: the other sentences (or later clauses) that mention those words or refer to
  the predicate's object with a pronoun ("he found a log and attached it to his boat").

>>> sent_of = sentence_index(doc)                      # doctest: +SKIP
>>> linked_sentences(doc, [verb_i, object_i])         # other sentences naming them  # doctest: +SKIP
(3,)
>>> witnesses(doc, verb_i, later_only=True)            # doctest: +SKIP
(Witness(sentence=3, token=17, word='car', kind='repeats'),)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from .memo import per_doc
from .tables import sentence_bounds, token_columns, token_strings

if TYPE_CHECKING:
    from spacy.tokens import Doc

#: Parts of speech whose lemmas carry a story's content.
CONTENT_POS = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "ADV"})
#: Verbs too common to link two sentences by themselves ("was", "had", "got", "went").
LIGHT_VERBS = frozenset({"be", "have", "do", "get", "go", "make", "take", "let", "say", "come", "see", "know"})
#: Nouns too general to tie two sentences to one thing ("that day", "a long time", "a lot").
GENERAL_NOUNS = frozenset(
    """time day night morning evening afternoon week month year hour minute second moment today tonight
    tomorrow yesterday weekend way thing lot bit kind sort type part side end people person one place
    everyone everything something someone anything nothing stuff idea reason fact matter""".split()
)
#: Dependency labels of a predicate's arguments (what it is about): objects and complements.
_ARG_DEPS = frozenset({"dobj", "dative", "attr", "oprd", "acomp", "pobj", "xcomp", "ccomp", "agent", "nsubjpass"})
#: Parts of speech an argument may have to link sentences.
_ARG_POS = frozenset({"NOUN", "PROPN", "VERB", "ADJ"})
#: Pronouns that refer back to a thing (not a person): "attached it to his boat", "put them on".
_THING_PRONOUNS = {"it": "NN", "them": "NNS"}
_OBJECT_DEPS = frozenset({"dobj", "pobj", "dative"})
#: WordNet's letter for a spaCy part of speech.
_WN_POS = {"NOUN": "n", "PROPN": "n", "VERB": "v", "ADJ": "a", "ADV": "r"}


class Witness(NamedTuple):
    """A place the story depends on an edited word: the sentence, the token there, its word, and
    how it links ("repeats": it names the same word or one derived from it; "refers": a pronoun
    refers to the edited predicate's object)."""

    sentence: int
    token: int
    word: str
    kind: str


@per_doc
def sentence_index(doc: Doc) -> tuple[int, ...]:
    """The sentence (index into :func:`~perturbkit.annotation.tables.sentences`) of every token;
    -1 for whitespace between sentences."""
    out = [-1] * len(doc)
    for k, (a, b) in enumerate(sentence_bounds(doc)):
        out[a:b] = [k] * (b - a)
    return tuple(out)


def is_content(doc: Doc, i: int) -> bool:
    """Token ``i`` is a content word that can link sentences (not a stop word, a light verb, a
    pronoun or punctuation)."""
    cols = token_columns(doc)
    return (
        token_strings(doc)["pos"][i] in CONTENT_POS
        and bool(cols["IS_ALPHA"][i])
        and not cols["IS_STOP"][i]
        and cols["lemma"][i] not in LIGHT_VERBS
    )


@per_doc
def lemma_sentences(doc: Doc) -> dict[str, tuple[int, ...]]:
    """Content lemma -> the sentences that mention it (sorted, each once)."""
    lemma, sent = token_columns(doc)["lemma"], sentence_index(doc)
    found: dict[str, set[int]] = {}
    for i in range(len(doc)):
        if sent[i] >= 0 and is_content(doc, i):
            found.setdefault(lemma[i], set()).add(sent[i])
    return {k: tuple(sorted(v)) for k, v in found.items()}


def linked_sentences(doc: Doc, tokens: Iterable[int], *, later_only: bool = False) -> tuple[int, ...]:
    """Sentences other than the tokens' own that mention a content lemma of ``tokens`` (sorted);
    with ``later_only``, only sentences after the first token's sentence (what follows an event
    depends on it; what precedes it usually does not)."""
    tokens = list(tokens)
    if not tokens:
        return ()
    lemma, sent = token_columns(doc)["lemma"], sentence_index(doc)
    own = {sent[i] for i in tokens}
    first = min(sent[i] for i in tokens)
    table = lemma_sentences(doc)
    out: set[int] = set()
    for i in tokens:
        if is_content(doc, i):
            out.update(k for k in table.get(lemma[i], ()) if k not in own and (not later_only or k > first))
    return tuple(sorted(out))


# ------------------------------------------------------------------------------------------------
# Word families and predicate arguments
# ------------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=8192)
def family(lemma: str, pos: str) -> frozenset[str]:
    """``lemma`` and the words WordNet derives from it or it from, in any of its senses as ``pos``
    (a spaCy UPOS): "win" -> {"win", "winner", "winning", "winnings"}, "hungry" -> {"hungry",
    "hunger", "hungriness"}. Just ``{lemma}`` when WordNet is not installed."""
    out = {lemma}
    wn_pos = _WN_POS.get(pos)
    if wn_pos is None:
        return frozenset(out)
    try:
        from ..resources.wordnet import wordnet

        wn = wordnet()
    except Exception:  # no WordNet here: the lemma alone still links repeated words
        return frozenset(out)
    for synset in wn.synsets(lemma, wn_pos):
        for lem in synset.lemmas():
            if lem.name().lower() == lemma:
                out.update(d.name().lower() for d in lem.derivationally_related_forms() if d.name().isalpha())
    return frozenset(out)


@per_doc
def _word_sentences(doc: Doc) -> dict[str, tuple[tuple[int, int], ...]]:
    """Content lemma or lower-cased word -> ((sentence, token), ...) of its mentions, so a
    family member matches however spaCy lemmatised it ("winnings" or "winning")."""
    cols, sent = token_columns(doc), sentence_index(doc)
    found: dict[str, list[tuple[int, int]]] = {}
    for i in range(len(doc)):
        if sent[i] >= 0 and is_content(doc, i):
            for w in {cols["lemma"][i], cols["lower"][i]}:
                found.setdefault(w, []).append((sent[i], i))
    return {k: tuple(v) for k, v in found.items()}


def is_general(doc: Doc, i: int) -> bool:
    """Token ``i`` is too general to tie two sentences to one thing: a time, a measure or a
    word such as "way" or "thing" (:data:`GENERAL_NOUNS`), a number, or a light verb."""
    cols = token_columns(doc)
    return (
        cols["lemma"][i] in GENERAL_NOUNS
        or cols["lemma"][i] in LIGHT_VERBS
        or cols["ENT_TYPE"][i] != 0
        and token_strings(doc)["pos"][i] != "PROPN"
        or not cols["IS_ALPHA"][i]
    )


def arguments(doc: Doc, head: int, depth: int = 2) -> tuple[int, ...]:
    """The content words completing the predicate headed by token ``head`` (ascending): its
    objects and complements, the objects of its prepositions, and (``depth`` levels down) those
    of its open complements: "wanted to buy a new car" -> buy, car. Subjects are left out
    (characters recur in every sentence), and so are general words ("that day", "a lot")."""
    strs = token_strings(doc)
    dep, pos, kids = strs["dep"], strs["pos"], strs["children"]
    out: set[int] = set()
    frontier = [head]
    for _ in range(depth):
        nxt = []
        for h in frontier:
            for c in kids[h]:
                if dep[c] == "prep":
                    nxt.append(c)  # its pobj is an argument on the next level
                    continue
                if dep[c] not in _ARG_DEPS:
                    continue
                if pos[c] in _ARG_POS and is_content(doc, c) and not is_general(doc, c):
                    out.add(c)
                if pos[c] in ("VERB", "AUX", "ADP") or dep[c] in ("xcomp", "ccomp"):
                    nxt.append(c)
                elif dep[c] in ("dobj", "pobj", "attr"):
                    out.update(k for k in kids[c] if dep[k] == "conj" and pos[k] in _ARG_POS and is_content(doc, k))
        frontier = nxt
    out.discard(head)
    return tuple(sorted(out))


def witnesses(
    doc: Doc, tokens: Iterable[int], *, later_only: bool = False, after: int | None = None, pos: str | None = None
) -> tuple[Witness, ...]:
    """The mentions in other sentences of the content words ``tokens`` (their lemma or a word of
    its :func:`family`), one per sentence, in sentence order. ``later_only``: only sentences
    after the tokens' own; ``after``: also mentions later in the tokens' own sentence, past token
    ``after`` (another clause: "she did not buy the milk and loved the milk"). ``pos``: the part
    of speech families are looked up as (default: each token's own)."""
    tokens = [i for i in tokens if is_content(doc, i)]
    if not tokens:
        return ()
    cols, strs, sent = token_columns(doc), token_strings(doc), sentence_index(doc)
    own = sent[tokens[0]]
    table = _word_sentences(doc)
    found: dict[int, Witness] = {}
    for i in tokens:
        words = family(cols["lemma"][i], pos or strs["pos"][i]) | {cols["lemma"][i]}
        for w in sorted(words):
            for k, j in table.get(w, ()):
                if j in tokens or k in found:
                    continue
                if k == own:
                    if after is None or j <= after:
                        continue
                elif later_only and k < own:
                    continue
                found[k] = Witness(k, j, strs["text"][j], "repeats")
    return tuple(found[k] for k in sorted(found))


def pronoun_witnesses(doc: Doc, head: int) -> tuple[Witness, ...]:
    """Later clauses that refer with "it"/"them" to the object of the predicate ``head``: a
    verb conjoined after it in its sentence ("found a log and attached it to his boat"), or the
    next sentence ("he bought a dress. he wore it to the party"). The object must be a noun whose
    number agrees with the pronoun; pronouns as subjects are left out ("it was late")."""
    cols, strs, sent = token_columns(doc), token_strings(doc), sentence_index(doc)
    dep, tag, kids, lower = strs["dep"], strs["tag"], strs["children"], cols["lower"]
    objects = [c for c in kids[head] if dep[c] == "dobj" and strs["pos"][c] == "NOUN" and not is_general(doc, c)]
    if not objects:
        return ()
    number = "NNS" if any(tag[o] == "NNS" or any(dep[k] == "conj" for k in kids[o]) for o in objects) else "NN"
    own = sent[head]
    bounds = sentence_bounds(doc)
    out: list[Witness] = []
    # later clauses of the same sentence: verbs conjoined to the head
    for c in kids[head]:
        if dep[c] == "conj" and c > head:
            for j in kids[c]:
                if _THING_PRONOUNS.get(lower[j]) == number and dep[j] in _OBJECT_DEPS:
                    out.append(Witness(own, j, strs["text"][j], "refers"))
                    break
                if dep[j] == "prep":
                    p = next((k for k in kids[j] if _THING_PRONOUNS.get(lower[k]) == number), None)
                    if p is not None:
                        out.append(Witness(own, p, strs["text"][p], "refers"))
                        break
            if out:
                break
    if own + 1 < len(bounds):
        a, b = bounds[own + 1]
        j = next((j for j in range(a, b) if _THING_PRONOUNS.get(lower[j]) == number and dep[j] in _OBJECT_DEPS), None)
        if j is not None:
            out.append(Witness(own + 1, j, strs["text"][j], "refers"))
    return tuple(out)


def word_witnesses(doc: Doc, i: int) -> tuple[Witness, ...]:
    """Where the story depends on token ``i``. A verb names an event, and what FOLLOWS an event
    depends on it: later mentions of the verb or its arguments (in a later sentence, or a later
    clause of its own) and later pronouns for its object. Other words (a state's adjective, a
    thing's noun) hold before and after: mentions of the word or its family anywhere else."""
    if token_strings(doc)["pos"][i] != "VERB":
        return witnesses(doc, (i,))
    found = list(witnesses(doc, (i, *arguments(doc, i)), later_only=True, after=i))
    seen = {w.sentence for w in found}
    found += [w for w in pronoun_witnesses(doc, i) if w.sentence not in seen]
    return tuple(sorted(found))


def shared_lemmas(doc: Doc, a: Iterable[int], b: Iterable[int]) -> frozenset[str]:
    """Content lemmas that both token sets mention ("saving money" / "saved enough money" share
    "save" and "money"): the second depends on what the first said."""
    lemma = token_columns(doc)["lemma"]
    left = {lemma[i] for i in a if is_content(doc, i)}
    return frozenset(lemma[i] for i in b if is_content(doc, i) and lemma[i] in left)


#: Nouns so frequent in stories that their recurring proves no dependence on an event ("her
#: friend", "his love", "the island" aside): people around the protagonist, home, work, school.
FREQUENT_NOUNS = frozenset(
    """friend love family home house work school life job mom dad mother father man woman girl boy kid child
    guy lady wife husband son daughter brother sister parent world fun""".split()
)
#: Dependency labels of a core argument: a noun recurring as one is what a later predicate is about.
_CORE_DEPS = frozenset({"dobj", "nsubj", "nsubjpass", "dative", "attr", "conj", "appos", "oprd"})


def strict_witnesses(doc: Doc, found: Iterable[Witness], own: int) -> tuple[Witness, ...]:
    """The witnesses of ``found`` that show the story depends on an edit in sentence ``own``: a
    pronoun counts only in a later clause of the same sentence ("found a log and attached it"),
    not alone in another sentence ("it was late"); a frequent noun (:data:`FREQUENT_NOUNS`), a
    name or a word of one or two letters ("m & m", "can ' t") does not count; another noun counts only as a core argument of its predicate (an object or a
    subject: "he drove the car home", not "on the island")."""
    cols, strs = token_columns(doc), token_strings(doc)
    out = []
    for w in found:
        j = w.token
        if w.kind == "refers" and w.sentence != own:
            continue
        if cols["lemma"][j] in FREQUENT_NOUNS or cols["lemma"][j] in GENERAL_NOUNS or len(w.word) < 3:
            continue
        if strs["pos"][j] == "PROPN":
            continue  # a character's or place's name recurs whatever happened
        if strs["pos"][j] in ("NOUN", "PROPN") and w.kind == "repeats" and strs["dep"][j] not in _CORE_DEPS:
            continue
        out.append(w)
    return tuple(out)
