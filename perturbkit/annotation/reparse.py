"""Derive the Doc of an edited text from its parent's Doc, re-parsing only what changed.

Chained perturbations (a UNION negative applies up to four techniques in a row) need the parse of
every intermediate text, and a suite's invariance tests perturb the negatives of its other tests
again. Parsing each such text costs as much as parsing the story again, yet most techniques move,
copy or lightly edit whole sentences. :func:`derive_docs` rebuilds the new text sentence by
sentence:

- a sentence found verbatim in the parent keeps its tokens and annotations (reordering, sentence
  repetition, untouched sentences);
- a sentence that differs from a parent sentence only in a few word tokens (same tokens otherwise,
  same spacing) keeps the parent's tags, dependencies and entities; the changed words get the
  lemmatizer's lemma (word substitution). A stretch of new text is matched sentence by sentence,
  so substitutions in several sentences in a row, or beside a rewritten one, are not re-parsed;
- a sentence that only negates or un-negates a parent sentence gets rows derived from the parent's
  (:mod:`.reparse_negation`);
- with a :class:`~.reparse_match.SentenceBank`, a sentence found verbatim in another parent is
  copied from there, a changed function word takes the row of the same word with the same tag,
  and a sentence that exchanges two phrases of a parent sentence, or repeats one with "and", gets
  rows derived from the parent's (:mod:`.reparse_rewrites`);
- the rest (a rewritten sentence, a repeated n-gram) is parsed on its own, in one ``nlp.pipe`` batch.

The result always has exactly the new text (checked); when it cannot be built that way (unusual
whitespace, a head outside its sentence), ``None`` asks the caller to parse the whole text. With a
bank, paragraph breaks and other whitespace between sentences are rebuilt as whitespace tokens.

>>> docs = derive_docs(nlp, [(parent_doc, "He left. Tom woke up.")], parse=annotator.pipe)  # doctest: +SKIP
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .annotator import seed_text
from .reparse_match import (
    COLS,
    WORD_COLS,
    SentenceBank,
    SentenceTable,
    attrs,
    match_at,
    segments,
    sentence_start,
    word_change,
    words_of,
)
from .reparse_negation import EDIT_WORDS, NEGATORS, negation_rows, prototypes
from .reparse_rewrites import coordination, copy_rows, swap_rows

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

#: One step of a derivation plan: (kind, what, separator after it). Kinds: "copy" (a sentence of a
#: table), "sub" (a sentence of a table with changed words), "rows" (derived rows), "parse" (text).
Step = tuple[str, Any, str]


_SPACE_TEMPLATE = "He left.\n\nShe stayed."
_space_rows: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


def _space_row(nlp: Language, attr_ids: list[int]) -> Any:
    """The row of a whitespace token between two sentences (a paragraph break), from one parse of
    a template per pipeline; None unless the pipeline attaches it to the token before it."""
    if nlp not in _space_rows:
        doc = nlp(_SPACE_TEMPLATE)
        i = next((t.i for t in doc if t.is_space), None)
        ok = i is not None and i > 0 and doc[i].head.i == i - 1
        _space_rows[nlp] = doc.to_array(attr_ids)[i].copy() if ok else None
    return _space_rows[nlp]


def _negated(words: list[str], sents: SentenceTable, nlp: Language) -> Any:
    """Rows for ``words`` derived from a parent sentence it negates or un-negates, or None."""
    if not any(w.lower() in EDIT_WORDS for w in words) and not any(w.lower() in NEGATORS for w in sents.words):
        return None  # cheap test: no negation on either side
    protos = None
    for length in sorted(sents.by_len, key=lambda n: abs(n - len(words))):
        if abs(length - len(words)) > 3:
            break
        for k in sents.by_len[length]:
            _, a, b = sents.spans[k]
            if not sents.self_contained(a, b):
                continue
            protos = protos or prototypes(nlp, attrs())
            rows = negation_rows(sents.words[a:b], sents.array[a:b], words, protos, COLS, nlp.vocab.strings)
            if rows is not None:
                return rows
    return None


def _rearranged(words: list[str], sents: SentenceTable, nlp: Language, bank: SentenceBank, relemmatize: bool) -> Any:
    """(rows, re-lemmatise positions) for ``words`` derived from a parent sentence in which two
    phrases were exchanged or a phrase was repeated with "and" (:mod:`.reparse_rewrites`), or None."""
    vocab, tag = nlp.vocab, COLS["TAG"]

    def change(new: str, old: str, row: Any) -> Any:
        return word_change(new, old, int(row[tag]), vocab, bank, relemmatize)

    for k in sents.by_len.get(len(words), ()):
        _, a, b = sents.spans[k]
        if sents.self_contained(a, b):
            got = swap_rows(sents.words[a:b], sents.array[a:b], words, change)
            if got is not None:
                return got
    for length in range(len(words) - 2, len(words) - 6, -1):
        for k in sents.by_len.get(length, ()):
            _, a, b = sents.spans[k]
            if sents.self_contained(a, b):
                got = copy_rows(sents.words[a:b], sents.array[a:b], words, coordination(nlp, bank.attr_ids))
                if got is not None:
                    return got
    return None


def _align(
    piece: str, sep: str, sents: SentenceTable, nlp: Language, bank: SentenceBank | None, relemmatize: bool
) -> list[Step]:
    """Plan a stretch of new text: the parent sentences it repeats up to a few changed words
    ("sub": keep their parse; word substitution, often in several sentences in a row) and, between
    them, runs of other text, sentence by sentence: copied from the bank, derived from a negated
    parent sentence, or parsed. Sentences are tried only where one may start."""
    words, spaces = words_of(nlp.make_doc(piece), piece)
    plan: list[Step] = []
    offsets = []  # character offset of each token in the piece
    pos = 0
    for w, sp in zip(words, spaces):
        offsets.append(pos)
        pos += len(w) + sp

    def flush(a: int, b: int, space: bool) -> None:
        cuts = [q for q in range(a + 1, b) if spaces[q - 1] and sentence_start(words, q)] + [b]
        for c in cuts:
            text = piece[offsets[a] : offsets[c - 1] + len(words[c - 1])]
            sep = " " if c < b or space else ""
            found = bank.sentences.get(text) if bank is not None else None
            rows = _negated(words[a:c], sents, nlp) if found is None else None
            if rows is not None:
                rows = (rows, [])
            elif found is None and bank is not None:
                rows = _rearranged(words[a:c], sents, nlp, bank, relemmatize)
            if found is not None:
                plan.append(("copy", found, sep))
            elif rows is not None:
                plan.append(("rows", (words[a:c], spaces[a:c], *rows), sep))
            else:
                plan.append(("parse", text, sep))
            a = c

    p, run = 0, None
    n = len(words)
    while p < n:
        at_start = p == 0 or (spaces[p - 1] and sentence_start(words, p))
        m = match_at(words, spaces, p, sents, bank, relemmatize) if at_start else None
        if m is None or not sents.self_contained(sents.spans[m[0]][1], sents.spans[m[0]][2]):
            run = p if run is None else run
            p += 1
            continue
        if run is not None:
            flush(run, p, True)
            run = None
        k, changed = m
        length = sents.spans[k][2] - sents.spans[k][1]
        plan.append(("sub", (sents, (k, words[p : p + length], changed)), " " if p + length < n else ""))
        p += length
    if run is not None:
        flush(run, n, False)
    if plan:
        plan[-1] = (plan[-1][0], plan[-1][1], sep)
    return plan


def _plan(text: str, sents: SentenceTable, nlp: Language, bank: SentenceBank | None, relemmatize: bool) -> Any:
    segs = segments(text, sents, strict=bank is not None)
    if segs is None:
        return None
    plan: list[Step] = []
    for piece, k, sep in segs:
        if k is not None and sents.self_contained(sents.spans[k][1], sents.spans[k][2]):
            plan.append(("copy", (sents, k), sep))
        else:
            plan.extend(_align(piece, sep, sents, nlp, bank, relemmatize))
    return plan


def derive_docs(
    nlp: Language,
    pairs: Sequence[tuple[Doc, str]],
    parse: Callable[[list[str]], list[Doc]] | None = None,
    bank: SentenceBank | None = None,
) -> list[Doc | None]:
    """The Doc of each new text, built from its parent Doc (see the module docstring).

    ``parse`` parses the stretches that must be re-parsed (default ``list(nlp.pipe(texts))``;
    pass an Annotator's ``pipe`` to cache them). ``bank`` (optional) also lends the sentences and
    word rows of every parent read with it. None for a text that needs a whole parse.
    """
    attr_ids = bank.attr_ids if bank is not None else attrs()
    parse = parse or (lambda texts: list(nlp.pipe(texts)))
    lemmatizer = nlp.get_pipe("lemmatizer") if "lemmatizer" in nlp.pipe_names else None
    relemmatize = lemmatizer is not None  # else a changed content word's lemma cannot be known
    tables: dict[int, SentenceTable] = {}
    if bank is not None:  # every parent's sentences and words first: the bank is the same for all
        for parent, _ in pairs:
            bank.table(parent)
    plans: list[list[Step] | None] = []
    to_parse: dict[str, None] = {}
    for parent, text in pairs:
        if bank is not None:
            sents = bank.table(parent)
        else:
            sents = tables.get(id(parent))
            if sents is None:
                sents = tables[id(parent)] = SentenceTable(parent, attr_ids)
        plan = _plan(text, sents, nlp, bank, relemmatize)
        to_parse.update((step[1], None) for step in plan or () if step[0] == "parse")
        plans.append(plan)
    parsed = dict(zip(to_parse, parse(list(to_parse)))) if to_parse else {}
    return [
        None if plan is None else _assemble(nlp, text, plan, parsed, attr_ids, lemmatizer)
        for (_, text), plan in zip(pairs, plans)
    ]


def _assemble(
    nlp: Language, text: str, plan: list[Step], parsed: dict[str, Doc], attr_ids: list[int], lemmatizer: Any
) -> Doc | None:
    """The Doc of ``text`` from its plan, or None when the pieces do not make up the text."""
    import numpy as np
    from spacy.tokens import Doc

    words: list[str] = []
    spaces: list[bool] = []
    blocks = []
    relemma: list[int] = []
    iob = COLS["ENT_IOB"]
    for kind, what, sep in plan:
        if kind == "parse":
            d = parsed[what]
            w, sp = words_of(d)
            arr = d.to_array(attr_ids)
        elif kind == "rows":
            w, sp, arr = what[0], list(what[1]), what[2]
            relemma.extend(len(words) + i for i in what[3])
        else:
            sents, ref = what
            k = ref if kind == "copy" else ref[0]
            _, a, b = sents.spans[k]
            w = sents.words[a:b] if kind == "copy" else ref[1]
            sp = list(sents.spaces[a:b])
            arr = sents.array[a:b].copy()
            if kind == "sub":
                for i, row in ref[2]:
                    if row is None:
                        relemma.append(len(words) + i)
                    else:  # the same word with the same tag elsewhere
                        arr[i, WORD_COLS] = row[WORD_COLS]
        if not w:
            return None
        sp[-1] = sep[:1] == " "
        if arr[0, iob] == 1:  # an entity cut at the piece start begins here
            arr[0, iob] = 3
        words.extend(w)
        spaces.extend(sp)
        blocks.append(arr)
        rest = sep[1:] if sp[-1] else sep
        if rest:  # other whitespace is a token of its own, attached to the one before
            row = _space_row(nlp, attr_ids)
            if row is None:
                return None
            row = row.copy()
            row[COLS["LEMMA"]] = nlp.vocab.strings.add(rest)
            words.append(rest)
            spaces.append(False)
            blocks.append(row[None])
    if "".join(w + " " if sp else w for w, sp in zip(words, spaces)) != text:
        return None  # the pieces do not make up the text (a Doc's text is exactly this)
    doc = Doc(nlp.vocab, words=words, spaces=spaces)
    try:
        doc.from_array(attr_ids, np.vstack(blocks))
    except (ValueError, IndexError):
        return None
    for i in relemma:
        tok = doc[i]
        tok.lemma_ = lemmatizer.lemmatize(tok)[0]
    seed_text(doc, text)
    return doc
