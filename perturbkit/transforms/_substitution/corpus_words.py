"""``random_word_replacement``'s parts: the nouns and verbs a random corpus word may replace, the
corpus vocabulary, and the draw and edit of one replacement."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...annotation import hyphen_glued, per_doc, token_columns, token_strings
from ...resources.inflect import all_lemmas, first_form
from ...transform import Change
from ...transform.words import indefinite_article, match_case

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

_LIGHT_VERBS = frozenset({"be", "have", "do", "get", "let", "make", "go", "say"})
REPLACE_TAGS = {"NOUN": frozenset({"NN", "NNS"}), "VERB": frozenset({"VB", "VBD", "VBG", "VBN", "VBP", "VBZ"})}
_NAME_BLOCKERS = frozenset({"det", "poss", "nummod", "amod", "compound", "quantmod"})


@functools.lru_cache(maxsize=65536)
def _known(lemma: str, pos: str) -> bool:
    """Whether lemminflect's lexicon has ``lemma`` as a ``pos`` (drops tagger errors like "to sunscreen")."""
    return lemma in all_lemmas(lemma, pos).get(pos, ())


@per_doc
def corpus_replaceable(doc: Doc) -> tuple[int, ...]:
    """Nouns and verbs a random corpus word may replace, read from the per-Doc token table: not
    stop words, entities or light verbs ("be", "make"), not a bare singular noun as subject or
    possessor (in lower-cased corpora nearly always a name the tagger took for a noun: "cody
    was ..."), not a verb with a particle, known to lemminflect, not part of a hyphenated word."""
    cols, strs = token_columns(doc), token_strings(doc)
    text, pos, tag, dep, kids = strs["text"], strs["pos"], strs["tag"], strs["dep"], strs["children"]
    alpha, stop, ent, lemma = cols["IS_ALPHA"], cols["IS_STOP"], cols["ENT_TYPE"], cols["lemma"]
    start, glued = cols["SENT_START"], hyphen_glued(doc)
    n = len(text)
    out = []
    for i in range(n):
        p, t = pos[i], tag[i]
        if (
            p not in REPLACE_TAGS
            or t not in REPLACE_TAGS[p]
            or not alpha[i]
            or stop[i]
            or ent[i]
            or lemma[i] in _LIGHT_VERBS
            or len(text[i]) < 2
        ):
            continue
        deps = [dep[k] for k in kids[i]]
        if (
            t == "NN"
            and not any(d in _NAME_BLOCKERS for d in deps)
            and (dep[i] in ("nsubj", "nsubjpass", "poss", "appos") or i == 0 or start[i] == 1)
        ):
            continue
        if "prt" in deps or not _known(lemma[i], p):
            continue
        if i in glued:
            continue
        out.append(i)
    return tuple(out)


def corpus_vocabulary(docs: Iterable[Doc], size: int, min_count: int) -> dict[str, list[str]]:
    """POS -> the ``size`` most frequent replaceable noun and verb lemmas of the corpus (seen at
    least ``min_count`` times), sorted."""
    counts: dict[str, Counter[str]] = {pos: Counter() for pos in REPLACE_TAGS}
    for doc in docs:
        lemmas, pos, strings = token_columns(doc)["LEMMA"], token_strings(doc)["pos"], doc.vocab.strings
        for i in corpus_replaceable(doc):
            lemma = strings[lemmas[i]]
            if lemma.isalpha() and lemma.islower():
                counts[pos[i]][lemma] += 1
    return {pos: sorted(w for w, n in c.most_common(size) if n >= min_count) for pos, c in counts.items()}


def draw_word(rng: random.Random, vocab: list[str], tok: Token) -> str | None:
    """A word of ``vocab`` (lemmas) in ``tok``'s form (its Penn tag), other than ``tok``'s own;
    None after ten draws without one."""
    for _ in range(10):
        lemma = vocab[rng.randrange(len(vocab))]
        if lemma != tok.lemma_.lower():
            new = first_form(lemma, tok.tag_)
            if new and new.lower() != tok.lower_:
                return new
    return None


def corpus_word_changes(doc: Doc, tok: Token, new: str) -> list[Change]:
    """Changes replacing ``tok`` by ``new`` (cased like it), fixing a determiner "a"/"an" before it."""
    new = match_case(tok.text, new)
    changes = []
    prev = doc[tok.i - 1] if tok.i > 0 else None
    if prev is not None and prev.lower_ in ("a", "an") and prev.pos_ == "DET":
        art = indefinite_article(new)
        if art != prev.lower_:
            changes.append(Change(prev.idx, prev.idx + len(prev), match_case(prev.text, art), "a/an agreement"))
    changes.append(Change(tok.idx, tok.idx + len(tok), new, f"{tok.text} -> {new} ({tok.tag_})"))
    return changes
