"""Derive the Doc of an edited text from its parent's Doc, re-parsing only what changed.

Chained perturbations (a UNION negative applies up to four techniques in a row) need the parse of
every intermediate text. Parsing each one costs as much as parsing the story again, yet most
techniques move, copy or lightly edit whole sentences. :func:`derive_docs` rebuilds the new text
sentence by sentence:

- a sentence found verbatim in the parent keeps its tokens and annotations (reordering, sentence
  repetition, untouched sentences);
- a sentence that differs from a parent sentence only in a few word tokens (same tokens otherwise,
  same spacing) keeps the parent's tags, dependencies and entities; the changed words get the
  lemmatizer's lemma (word substitution). A stretch of new text is matched sentence by sentence,
  so substitutions in several sentences in a row, or beside a rewritten one, are not re-parsed;
- the rest (a negated sentence, a repeated n-gram) is parsed on its own, in one ``nlp.pipe`` batch.

The result always has exactly the new text (checked); when it cannot be built that way (unusual
whitespace, a head outside its sentence), ``None`` asks the caller to parse the whole text.

>>> docs = derive_docs(nlp, [(parent_doc, "He left. Tom woke up.")], parse=annotator.pipe)  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .annotator import Level, seed_text
from .reparse_negation import EDIT_WORDS, NEGATORS, negation_rows, prototypes
from .tables import doc_text, token_columns

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

MAX_CHANGED_WORDS = 3  # a sentence with more changed words than this is re-parsed


def _attrs() -> list[int]:
    from spacy.attrs import DEP, ENT_IOB, ENT_TYPE, HEAD, LEMMA, MORPH, POS, TAG

    return [TAG, POS, MORPH, LEMMA, DEP, HEAD, ENT_IOB, ENT_TYPE]


_HEAD_COL, _IOB_COL, _LEMMA_COL = 5, 6, 3


def _words(doc: Doc, text: str | None = None) -> tuple[list[str], list[bool]]:
    """A Doc's words and whether each is followed by a space, read from arrays (no Token objects:
    building one per token of every parent was a third of the derivation's time)."""
    cols = token_columns.peek(doc)  # the transforms' per-Doc table, when already built
    if cols is not None:
        idx, length, space = cols["IDX"], cols["LENGTH"], cols["SPACY"]
    else:
        idx, length, space = doc.to_array(["IDX", "LENGTH", "SPACY"]).T.tolist()
    text = text if text is not None else doc_text(doc)
    return [text[i : i + n] for i, n in zip(idx, length)], [bool(x) for x in space]


class _Sentences:
    """A parent Doc's sentences: stripped text, token range, and its annotation array."""

    def __init__(self, doc: Doc, attrs: list[int]) -> None:
        import numpy as np
        from spacy.attrs import IDX, IS_SPACE, LENGTH, SENT_START, SPACY

        self.doc = doc
        n = len(attrs)  # one read of the annotations and of what finds words and sentences
        full = doc.to_array(attrs + [IDX, LENGTH, SPACY, IS_SPACE, SENT_START])
        self.array = full[:, :n]
        idx, length, spacy_, space = full[:, n : n + 4].T.tolist()
        text = doc_text(doc)
        self.words = [text[i : i + k] for i, k in zip(idx, length)]
        self.spaces = [bool(x) for x in spacy_]
        self.spans: list[tuple[str, int, int]] = []
        self.by_text: dict[str, int] = {}
        self.by_len: dict[int, list[int]] = {}
        starts = np.flatnonzero(full[:, n + 4].astype(np.int64) == 1).tolist()
        # absolute heads (to_array stores relative offsets as unsigned two's complement)
        self.heads = (full[:, _HEAD_COL].astype(np.int64) + np.arange(len(doc), dtype=np.int64)).tolist()
        self._contained: dict[tuple[int, int], bool] = {}
        a = 0
        for end in [i for i in starts if i] + [len(doc)]:  # doc.sents, from the sentence starts
            b = end
            while a < b and space[a]:
                a += 1
            while b > a and space[b - 1]:
                b -= 1
            if a < b:
                piece = text[idx[a] : idx[b - 1] + length[b - 1]]
                k = len(self.spans)
                self.spans.append((piece, a, b))
                self.by_text.setdefault(piece, k)
                self.by_len.setdefault(b - a, []).append(k)
            a = end

    def self_contained(self, a: int, b: int) -> bool:
        """Whether every head of tokens a..b lies inside a..b (the range can move as a block)."""
        found = self._contained.get((a, b))
        if found is None:
            heads = self.heads[a:b]
            found = self._contained[a, b] = min(heads) >= a and max(heads) < b
        return found


def _segments(text: str, sents: _Sentences) -> list[tuple[str, int | None, str]] | None:
    """Split ``text`` into (piece, parent sentence index or None, separator after it)."""
    if not text or text[0].isspace():
        return None
    out: list[tuple[str, int | None, str]] = []
    pos, n = 0, len(text)
    order = sorted(range(len(sents.spans)), key=lambda k: -len(sents.spans[k][0]))
    while pos < n:
        match = None
        for k in order:  # longest first: "He left." must not win over "He left. Then..."
            s = sents.spans[k][0]
            end = pos + len(s)
            if text.startswith(s, pos) and (end == n or text[end].isspace()):
                match = k
                break
        if match is not None:
            end = pos + len(sents.spans[match][0])
        else:  # new material, up to where a parent sentence starts again (after whitespace)
            end = n
            for s, _, _ in sents.spans:
                q = text.find(s, pos + 1)
                while q != -1 and q < end:
                    if text[q - 1].isspace() and (q + len(s) == n or text[q + len(s)].isspace()):
                        end = q
                        break
                    q = text.find(s, q + 1)
            while end > pos and text[end - 1].isspace():
                end -= 1
        piece = text[pos:end]
        sep_end = end
        while sep_end < n and text[sep_end].isspace():
            sep_end += 1
        sep = text[end:sep_end]
        if sep not in ("", " "):
            return None  # newlines and runs of spaces become whitespace tokens: parse it whole
        out.append((piece, match, sep))
        pos = sep_end
    return out


def _match_at(words: list[str], spaces: list[bool], p: int, sents: _Sentences) -> tuple[int, list[int]] | None:
    """The parent sentence that ``words[p:]`` begins with, up to a few changed words (same other
    tokens, same spacing, a space or the end after it): (sentence index, changed positions)."""
    best = None
    n = len(words)
    vocab = sents.doc.vocab
    for length, ks in sents.by_len.items():
        end = p + length
        if end > n or (end < n and not spaces[end - 1]):
            continue
        for k in ks:
            _, a, b = sents.spans[k]
            if sents.spaces[a : b - 1] != spaces[p : end - 1]:
                continue
            changed = [i for i in range(length) if words[p + i] != sents.words[a + i]]
            if len(changed) <= MAX_CHANGED_WORDS and all(
                _content(words[p + i], vocab) and _content(sents.words[a + i], vocab) for i in changed
            ):
                if best is None or (len(changed), -length) < (len(best[1]), -best[2]):
                    best = (k, changed, length)  # fewest changes, then the longest
    return None if best is None else best[:2]


def _content(word: str, vocab: Any) -> bool:
    """A word a substitution may have changed: alphabetic and not a stop word (a changed "not",
    "was" or "the" is a change of grammar, whose parse the parent's does not give)."""
    return word.isalpha() and not vocab[word].is_stop


_FINAL = frozenset({".", "!", "?", "...", "…"})
_CLOSING = frozenset({'"', "'", "”", "’", ")", "]", "''"})


def _sentence_start(words: list[str], p: int) -> bool:
    """Whether a sentence may start at word ``p``: the first word, or after final punctuation
    (possibly followed by a closing quote or bracket)."""
    if p == 0:
        return True
    prev = words[p - 1]
    if prev in _CLOSING and p >= 2:
        prev = words[p - 2]
    return prev in _FINAL or prev[-1:] in ("!", "?")


_COLS = {"TAG": 0, "POS": 1, "MORPH": 2, "LEMMA": 3, "DEP": 4, "HEAD": 5}  # in _attrs() order


def _negated(words: list[str], sents: _Sentences, nlp: Language) -> Any:
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
            protos = protos or prototypes(nlp, _attrs())
            rows = negation_rows(sents.words[a:b], sents.array[a:b], words, protos, _COLS, nlp.vocab.strings)
            if rows is not None:
                return rows
    return None


def _align(piece: str, sep: str, sents: _Sentences, nlp: Language) -> list[tuple[str, Any, str]]:
    """Plan a stretch of new text: the parent sentences it repeats up to a few changed words
    ("sub": keep their parse; word substitution, often in several sentences in a row) and, between
    them, runs of other text ("parse"). Sentences are tried only where one may start."""
    words, spaces = _words(nlp.make_doc(piece), piece)
    plan: list[tuple[str, Any, str]] = []
    offsets = []  # character offset of each token in the piece
    pos = 0
    for w, sp in zip(words, spaces):
        offsets.append(pos)
        pos += len(w) + sp

    def flush(a: int, b: int, space: bool) -> None:
        cuts = [q for q in range(a + 1, b) if spaces[q - 1] and _sentence_start(words, q)] + [b]
        for c in cuts:  # sentence by sentence: a negated one is derived, the rest parsed
            rows = _negated(words[a:c], sents, nlp)
            sep = " " if c < b or space else ""
            if rows is not None:
                plan.append(("rows", (words[a:c], spaces[a:c], rows), sep))
            else:
                plan.append(("parse", piece[offsets[a] : offsets[c - 1] + len(words[c - 1])], sep))
            a = c

    p, run = 0, None
    n = len(words)
    while p < n:
        m = _match_at(words, spaces, p, sents) if p == 0 or (spaces[p - 1] and _sentence_start(words, p)) else None
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


def derive_docs(
    nlp: Language, pairs: Sequence[tuple[Doc, str]], parse: Callable[[list[str]], list[Doc]] | None = None
) -> list[Doc | None]:
    """The Doc of each new text, built from its parent Doc (see the module docstring).

    ``parse`` parses the stretches that must be re-parsed (default ``list(nlp.pipe(texts))``;
    pass an Annotator's ``pipe`` to cache them). None for a text that needs a whole parse.
    """
    import numpy as np
    from spacy.tokens import Doc

    attrs = _attrs()
    parse = parse or (lambda texts: list(nlp.pipe(texts)))
    parents: dict[int, _Sentences] = {}
    plans: list[list[tuple[str, Any, str]] | None] = []
    to_parse: dict[str, None] = {}
    for parent, text in pairs:
        sents = parents.get(id(parent))
        if sents is None:
            sents = parents[id(parent)] = _Sentences(parent, attrs)
        segs = _segments(text, sents)
        plan: list[tuple[str, Any, str]] | None = [] if segs is not None else None
        for piece, k, sep in segs or ():
            if k is not None and sents.self_contained(sents.spans[k][1], sents.spans[k][2]):
                plan.append(("copy", (sents, k), sep))
                continue
            for part in _align(piece, sep, sents, nlp):
                if part[0] == "parse":
                    to_parse[part[1]] = None
                plan.append(part)
        plans.append(plan)
    parsed = dict(zip(to_parse, parse(list(to_parse)))) if to_parse else {}
    lemmatizer = nlp.get_pipe("lemmatizer") if "lemmatizer" in nlp.pipe_names else None

    out: list[Doc | None] = []
    for (_parent, text), plan in zip(pairs, plans):
        if plan is None:
            out.append(None)
            continue
        words: list[str] = []
        spaces: list[bool] = []
        blocks = []
        relemma: list[int] = []
        for kind, what, sep in plan:
            if kind == "parse":
                d = parsed[what]
                w, sp = _words(d)
                arr = d.to_array(attrs)
            elif kind == "rows":
                w, sp, arr = what[0], list(what[1]), what[2]
            else:
                sents, ref = what
                k = ref if kind == "copy" else ref[0]
                _, a, b = sents.spans[k]
                w = sents.words[a:b] if kind == "copy" else ref[1]
                sp = list(sents.spaces[a:b])
                arr = sents.array[a:b].copy()
                if kind == "sub":
                    relemma.extend(len(words) + i for i in ref[2])
            if not w:
                out_doc = None
                break
            sp[-1] = sep == " "
            if arr[0, _IOB_COL] == 1:  # an entity cut at the piece start begins here
                arr[0, _IOB_COL] = 3
            words.extend(w)
            spaces.extend(sp)
            blocks.append(arr)
        else:
            if "".join(w + " " if sp else w for w, sp in zip(words, spaces)) != text:
                out.append(None)  # the pieces do not make up the text (a Doc's text is exactly this)
                continue
            out_doc = Doc(nlp.vocab, words=words, spaces=spaces)
            try:
                out_doc.from_array(attrs, np.vstack(blocks))
            except (ValueError, IndexError):
                out_doc = None
            if out_doc is not None and relemma and lemmatizer is not None:
                for i in relemma:
                    tok = out_doc[i]
                    tok.lemma_ = lemmatizer.lemmatize(tok)[0]
            if out_doc is not None:
                seed_text(out_doc, text)
        out.append(out_doc)
    return out


class DerivedAnnotator:
    """An Annotator view for one chained run: full parses come from ``base`` (and its cache);
    the parses of intermediate texts registered with :meth:`derive` are derived from their
    parents. Derived docs live only in this view, so they never stand in for a full parse of the
    same text elsewhere (results do not depend on what ran before)."""

    def __init__(self, base: Any) -> None:
        self.base = base
        self.docs: dict[str, Doc] = {}

    @property
    def nlp(self) -> Language:
        return self.base.nlp

    def require(self, needs: Iterable[str], who: str) -> None:
        """As :meth:`Annotator.require` (the base's pipeline)."""
        self.base.require(needs, who)

    def pipe(self, texts: Iterable[str], level: Level = Level.PARSE) -> list[Doc]:
        texts = list(texts)
        if level != Level.PARSE:
            return self.base.pipe(texts, level)
        rest = [t for t in texts if t not in self.docs]
        got = dict(zip(rest, self.base.pipe(rest, level))) if rest else {}
        return [self.docs[t] if t in self.docs else got[t] for t in texts]

    def parse(self, text: str, level: Level = Level.PARSE) -> Doc:
        return self.pipe([text], level)[0]

    def derive(self, pairs: Iterable[tuple[str, str]]) -> None:
        """Register (parent text, new text) pairs: each new text gets a derived Doc when it can."""
        todo: dict[str, str] = {}
        for parent, text in pairs:
            if text != parent and text not in self.docs and text not in todo and text.strip():
                todo[text] = parent
        if not todo:
            return
        parents = self.pipe(list(todo.values()))
        docs = derive_docs(self.base.nlp, list(zip(parents, todo)), parse=self.base.pipe)
        for text, doc in zip(todo, docs):
            if doc is not None:
                self.docs[text] = doc
