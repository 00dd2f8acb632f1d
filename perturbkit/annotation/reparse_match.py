"""What a derivation reuses: a parent Doc's sentences and annotation rows, and where a new text
repeats them (verbatim, or up to a few substituted words).

- :class:`SentenceTable`: a Doc's sentences (stripped text, token range) and one annotation array;
- :func:`segments`: a new text cut into the parent sentences it repeats verbatim and new material;
- :func:`match_at`: the parent sentence a stretch of new words repeats up to a few substituted words;
- :class:`SentenceBank`: the sentences and word rows of every parent a view has seen, so a sentence
  copied from another story, or a function word swapped for one seen elsewhere, is not re-parsed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .tables import doc_text, token_columns

if TYPE_CHECKING:
    import numpy as np
    from spacy.tokens import Doc

MAX_CHANGED_WORDS = 3  # a sentence with more changed words than this is re-parsed
#: Columns of :func:`attrs` (``COLS["HEAD"]`` holds relative heads, as ``to_array`` stores them).
COLS = {"TAG": 0, "POS": 1, "MORPH": 2, "LEMMA": 3, "DEP": 4, "HEAD": 5, "ENT_IOB": 6, "ENT_TYPE": 7}
#: Columns a substituted word takes from the row of the same word elsewhere (the rest is its slot's).
WORD_COLS = [COLS["POS"], COLS["MORPH"], COLS["LEMMA"]]


def attrs() -> list[int]:
    """The annotations a derived Doc carries, in :data:`COLS` order."""
    from spacy.attrs import DEP, ENT_IOB, ENT_TYPE, HEAD, LEMMA, MORPH, POS, TAG

    return [TAG, POS, MORPH, LEMMA, DEP, HEAD, ENT_IOB, ENT_TYPE]


def words_of(doc: Doc, text: str | None = None) -> tuple[list[str], list[bool]]:
    """A Doc's words and whether each is followed by a space, read from arrays (no Token objects:
    building one per token of every parent was a third of the derivation's time)."""
    cols = token_columns.peek(doc)  # the transforms' per-Doc table, when already built
    if cols is not None:
        idx, length, space = cols["IDX"], cols["LENGTH"], cols["SPACY"]
    else:
        idx, length, space = doc.to_array(["IDX", "LENGTH", "SPACY"]).T.tolist()
    text = text if text is not None else doc_text(doc)
    return [text[i : i + n] for i, n in zip(idx, length)], [bool(x) for x in space]


class SentenceTable:
    """A parent Doc's sentences: stripped text, token range, and its annotation array."""

    def __init__(self, doc: Doc, attr_ids: list[int]) -> None:
        import numpy as np
        from spacy.attrs import IDX, IS_SPACE, LENGTH, SENT_START, SPACY

        self.doc = doc
        n = len(attr_ids)  # one read of the annotations and of what finds words and sentences
        full = doc.to_array(attr_ids + [IDX, LENGTH, SPACY, IS_SPACE, SENT_START])
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
        self.heads = (full[:, COLS["HEAD"]].astype(np.int64) + np.arange(len(doc), dtype=np.int64)).tolist()
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


class SentenceBank:
    """The sentences and word rows of every parent Doc a derivation has read.

    A new sentence found verbatim in any of them is copied from there (a sentence replaced by
    one from another story); a substituted function word ("he" -> "she", "before" -> "after")
    keeps its slot's tag, dependency and entity, and takes its lemma, part of speech and
    morphology from a row where the same word had the same tag. What the bank holds depends on
    which parents were read before, so only a view that is told so uses one.
    """

    def __init__(self, attr_ids: list[int]) -> None:
        self.attr_ids = attr_ids
        self.sentences: dict[str, tuple[SentenceTable, int]] = {}
        self.rows: dict[tuple[str, int], np.ndarray] = {}
        self.tags: dict[str, set[int]] = {}  # every tag each word had
        self._tables: dict[int, SentenceTable] = {}  # by id(doc); the bank keeps the Docs alive

    def table(self, doc: Doc) -> SentenceTable:
        """The doc's table (built once), its sentences and words added to the bank."""
        found = self._tables.get(id(doc))
        if found is None:
            found = self._tables[id(doc)] = SentenceTable(doc, self.attr_ids)
            self.add(found)
        return found

    def add(self, table: SentenceTable) -> None:
        for k, (piece, a, b) in enumerate(table.spans):
            if piece not in self.sentences and table.self_contained(a, b):
                self.sentences[piece] = (table, k)
        rows, tags, array = self.rows, self.tags, table.array
        for i, (w, tag) in enumerate(zip(table.words, array[:, COLS["TAG"]].tolist())):
            if (w, tag) not in rows:
                rows[w, tag] = array[i]
                tags.setdefault(w, set()).add(tag)

    def word_row(self, word: str, tag: int) -> np.ndarray | None:
        """A row where ``word`` had the tag ``tag``, or None."""
        return self.rows.get((word, tag))


def segments(text: str, sents: SentenceTable, strict: bool = False) -> list[tuple[str, int | None, str]] | None:
    """Split ``text`` into (piece, parent sentence index or None, separator after it). With
    ``strict``, a parent sentence is found only where a sentence may start (after final
    punctuation), not inside a sentence that repeats it ("we ran and we ran home."), and a
    separator may be any whitespace (a paragraph break); else None for other than one space."""
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
                if not strict or _may_start(text, pos):
                    match = k
                    break
        if match is not None:
            end = pos + len(sents.spans[match][0])
        else:  # new material, up to where a parent sentence starts again (after whitespace)
            end = n
            for s, _, _ in sents.spans:
                q = text.find(s, pos + 1)
                while q != -1 and q < end:
                    if (
                        text[q - 1].isspace()
                        and (q + len(s) == n or text[q + len(s)].isspace())
                        and (not strict or _may_start(text, q))
                    ):
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
        if sep not in ("", " ") and not strict:
            return None  # newlines and runs of spaces become whitespace tokens: parse it whole
        out.append((piece, match, sep))
        pos = sep_end
    return out


#: A changed word in a repeated sentence: (position in the sentence, the row its annotation comes
#: from, or None to keep the slot's row and ask the lemmatizer for its lemma).
Changed = tuple[int, Any]
KEEP = "keep"


def word_change(new: str, old: str, tag: int, vocab: Any, bank: SentenceBank | None, relemmatize: bool) -> Any:
    """How a word substituted for ``old`` (whose tag was ``tag``) gets its annotation: the row of
    the same word with the same tag in ``bank``; ``KEEP`` (a content word for a content word: the
    slot's row, re-lemmatised, if ``relemmatize``) unless the bank has seen the word only with
    other tags ("cats" in the slot of "cat"); else None (the sentence must be parsed)."""
    if bank is not None:
        row = bank.word_row(new, tag)
        if row is not None:
            return row
        if new in bank.tags:
            return None  # a word the bank knows, never with this tag: "cats" in the slot of "cat"
    if relemmatize and _content(new, vocab) and _content(old, vocab):
        return KEEP
    return None


def match_at(
    words: list[str],
    spaces: list[bool],
    p: int,
    sents: SentenceTable,
    bank: SentenceBank | None = None,
    relemmatize: bool = True,
) -> tuple[int, list[Changed]] | None:
    """The parent sentence that ``words[p:]`` begins with, up to a few changed words (same other
    tokens, same spacing, a space or the end after it): (sentence index, changed words). A changed
    content word keeps its slot's row and is re-lemmatised (if ``relemmatize``: the pipeline has
    a lemmatizer); another changed word needs a row of the same word with the slot's tag in
    ``bank``."""
    best = None
    n = len(words)
    vocab = sents.doc.vocab
    tag_col = COLS["TAG"]
    for length, ks in sents.by_len.items():
        end = p + length
        if end > n or (end < n and not spaces[end - 1]):
            continue
        for k in ks:
            _, a, b = sents.spans[k]
            if sents.spaces[a : b - 1] != spaces[p : end - 1]:
                continue
            diff = [i for i in range(length) if words[p + i] != sents.words[a + i]]
            if len(diff) > MAX_CHANGED_WORDS:
                continue
            changed: list[Changed] | None = []
            for i in diff:
                got = word_change(
                    words[p + i], sents.words[a + i], int(sents.array[a + i, tag_col]), vocab, bank, relemmatize
                )
                if got is None:
                    changed = None
                    break
                changed.append((i, None if got is KEEP else got))
            if changed is not None and (best is None or (len(changed), -length) < (len(best[1]), -best[2])):
                best = (k, changed, length)  # fewest changes, then the longest
    return None if best is None else best[:2]


def _content(word: str, vocab: Any) -> bool:
    """A word a substitution may have changed: alphabetic and not a stop word (a changed "not",
    "was" or "the" is a change of grammar, whose parse the parent's does not give)."""
    return word.isalpha() and not vocab[word].is_stop


_FINAL = frozenset({".", "!", "?", "...", "…"})
_CLOSING = frozenset({'"', "'", "”", "’", ")", "]", "''"})


def _may_start(text: str, q: int) -> bool:
    """:func:`sentence_start` for character offset ``q`` of ``text``."""
    head = text[:q].rstrip()
    if not head:
        return True
    if head[-1] in _CLOSING and len(head) > 1:
        head = head[:-1]
    return head[-1] in ".!?…"


def sentence_start(words: list[str], p: int) -> bool:
    """Whether a sentence may start at word ``p``: the first word, or after final punctuation
    (possibly followed by a closing quote or bracket)."""
    if p == 0:
        return True
    prev = words[p - 1]
    if prev in _CLOSING and p >= 2:
        prev = words[p - 2]
    return prev in _FINAL or prev[-1:] in ("!", "?")
