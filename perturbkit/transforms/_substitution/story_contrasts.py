"""Which antonyms make a clean contradiction in a story (the targeted ``antonym``,
``adjective_antonym`` and ``keyword_substitution``): only pairs whose opposite a reader takes in the
sense the story means (``antonyms_story.tsv``), only in plain statements (not negated, asked,
supposed or graded: "could n't find" -> "could n't lose", "do they like you ?", "if we bought our
flights", "the fourth largest city"), and only where what must recur does recur nearby: the word
itself ("a new pc ... the new pc") or the verb's object ("bought a scooter ... shared the scooter").

>>> story_antonym("find", "lose", "VERB")      # "he found a log" is come across, not the opposite of lose
>>> story_antonym("buy", "sell", "VERB")
'object'
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ...annotation import sentence_index, token_columns, token_strings
from ...annotation.links import Witness, arguments, family
from ...resources.lexicons import table
from .adjectives import describes_thing

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

#: How far (in sentences) a witness may stand from the edit: a reader of a long story does not
#: hold sentence 3 against sentence 40.
MAX_GAP = 3
#: Words that negate the clause they stand in ("no" as a determiner: "with no new music").
_NEGATORS = frozenset({"not", "n't", "never", "no", "nobody", "nothing", "without", "hardly"})
#: Subordinators of a supposed event: "if we bought our flights", "unless he won".
_SUPPOSING = frozenset({"if", "unless", "whether"})
#: Degree words that make an adjective relative ("the most amazing animal", "less happy").
_GRADERS = frozenset({"most", "least", "more", "less"})
#: Adjectives whose opposite holds only of a physical thing ("hot soup" -> "cold soup"; of a person
#: "hot" means attractive).
THING_SENSE = frozenset({"hot", "cold"})
#: Nouns for which "old" means "former" ("the old house" = the one she left), not "not new".
FORMER_NOUNS = frozenset(
    """house home apartment job school neighborhood town city place room office team boss friend girlfriend
    boyfriend life car""".split()
)


@functools.lru_cache(maxsize=1)
def story_pairs() -> dict[tuple[str, str, str], str]:
    """(lemma, antonym, UPOS) -> the witness it needs ("same", "object" or "any"), from
    ``antonyms_story.tsv``."""
    return {(r["word"], r["antonym"], r["pos"]): r["witness"] for r in table("antonyms_story.tsv")}


def story_antonym(lemma: str, new_lemma: str, upos: str) -> str | None:
    """The witness kind the pair needs, or None when the pair is not story-safe."""
    return story_pairs().get((lemma, new_lemma, upos))


def witness_kind(lemma: str, upos: str) -> str | None:
    """The witness kind of ``lemma``'s story-safe antonym (one per word), or None."""
    return next((k for (w, _, p), k in story_pairs().items() if w == lemma and p == upos), None)


def _ancestors(tok: Token) -> list[Token]:
    out = [tok]
    while out[-1].head.i != out[-1].i and len(out) < 12:
        out.append(out[-1].head)
    return out


def plain_statement(tok: Token) -> bool:
    """``tok`` is asserted: no negation over it ("could n't find", "was n't sure", "with no new
    music"), not in a question or a supposed clause ("if we bought"), and not graded ("smaller",
    "the most amazing", "the fourth largest")."""
    if "?" in tok.sent.text:
        return False
    if tok.tag_ in ("JJR", "JJS", "RBR", "RBS"):
        return False
    if any(c.lower_ in _GRADERS and c.dep_ == "advmod" for c in tok.children):
        return False
    for a in _ancestors(tok):
        for c in a.children:
            if c.dep_ == "neg" or (c.lower_ in _NEGATORS and c.dep_ in ("det", "advmod", "prep")):
                return False
            if c.dep_ == "mark" and c.lower_ in _SUPPOSING:
                return False
    prev = tok.doc[tok.i - 1].lower_ if tok.i > 0 else ""
    return prev not in _NEGATORS


def story_antonym_ok(tok: Token, lemma: str, new_lemma: str) -> bool:
    """``new_lemma`` replaces ``tok`` (lemma ``lemma``) as a clean opposite in a story: a story-safe
    pair (:func:`story_antonym`), in a plain statement (:func:`plain_statement`); "hot" and "cold" of a
    physical thing only; "old" not of a
    noun where it reads as "former" ("the new house" -> "the old house": the one she left); "sell"
    and "buy" not in a purpose ("bought books to learn") or a noun's complement ("money to buy")."""
    if story_antonym(lemma, new_lemma, tok.pos_) is None or not plain_statement(tok):
        return False
    if new_lemma == "old" and tok.dep_ == "amod" and tok.head.lemma_.lower() in FORMER_NOUNS:
        return False
    if lemma in THING_SENSE and not describes_thing(tok):
        return False
    if lemma in ("buy", "sell"):
        if tok.dep_ in ("acl", "relcl", "advcl"):
            return False
        if any(c.dep_ in ("advcl", "xcomp") and any(k.lower_ == "to" for k in c.children) for c in tok.children):
            return False
    return True


def story_witnesses(doc: Doc, i: int, found: tuple[Witness, ...]) -> tuple[Witness, ...]:
    """The witnesses of ``found`` that make the antonym of token ``i`` a contradiction: within
    :data:`MAX_GAP` sentences, in another sentence, and of the kind the pair needs (the word or
    its family again, or the verb's object again)."""
    cols, strs, sent = token_columns(doc), token_strings(doc), sentence_index(doc)
    lemma, pos, own = cols["lemma"][i], strs["pos"][i], sent[i]
    kind = witness_kind(lemma, pos)
    if kind is None:
        return ()
    same = family(lemma, pos) | {lemma}
    objects = {cols["lemma"][a] for a in arguments(doc, i) if strs["pos"][a] == "NOUN"}
    out = []
    for w in found:
        if w.sentence == own or abs(w.sentence - own) > MAX_GAP:
            continue
        wl = cols["lemma"][w.token]
        is_same = wl in same or cols["lower"][w.token] in same
        is_object = wl in objects and w.kind == "repeats"
        if (
            (kind == "same" and is_same)
            or (kind == "object" and is_object)
            or (kind == "any" and (is_same or is_object))
        ):
            out.append(w)
    return tuple(out)
