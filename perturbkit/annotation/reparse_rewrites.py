"""The parse of a sentence that rearranges a parent sentence: two phrases exchanged, or a phrase
repeated after itself with "and".

Both edits keep every word's role: an exchanged phrase moves with its inner structure and takes
the other phrase's place in the clause ("He hired a piano teacher" -> "A piano teacher hired
him": "teacher" becomes the subject, "him" the object, as the parser would have it); a repeated
phrase is coordinated with the phrase it copies ("felt really bad and really bad": the copy is
its conjunct, "and" its coordinator, attached as the pipeline attaches them in a parsed
template). :func:`swap_rows` and :func:`copy_rows` build the new sentence's rows from the
parent's; words whose form changed on the way ("he" -> "him", "likes" -> "like") take rows as in
a word substitution (:func:`~.reparse_match.word_change`). Anything else returns None, and the
caller parses the sentence.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .reparse_match import COLS, KEEP, MAX_CHANGED_WORDS, WORD_COLS

if TYPE_CHECKING:
    from spacy.language import Language

#: (new word, old word, old row) -> a row to take the word's annotation from, KEEP (keep the
#: slot's row, re-lemmatise) or None (the change needs a parse): see ``reparse_match.word_change``.
WordChange = Callable[[str, str, Any], Any]
_MAX_COPY = 4  # repeated phrases of up to this many words

_cache: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()
_TEMPLATE = "Tom ran and ran."


def coordination(nlp: Language, attr_ids: list[int]) -> dict[str, Any]:
    """How the pipeline coordinates two phrases, from one parse of a template (cached): the
    coordinator's row, the conjunct's and punctuation's labels, and whether the coordinator
    attaches to the first conjunct (ClearNLP style, spaCy's English models) or the second (UD)."""
    found = _cache.get(nlp)
    if found is None:
        doc = nlp(_TEMPLATE)
        heads = [t.head.i for t in doc]
        found = {"ok": len(doc) == 5 and heads[3] == 1 and heads[2] in (1, 3)}  # else never used
        if found["ok"]:
            arr = doc.to_array(attr_ids)
            found.update(
                cc=arr[2].copy(),
                conj=int(arr[3, COLS["DEP"]]),
                punct=int(arr[4, COLS["DEP"]]),
                cc_on_first=heads[2] == 1,
            )
        _cache[nlp] = found
    return found


def _heads(rows: Any) -> list[int]:
    import numpy as np

    return (rows[:, COLS["HEAD"]].astype(np.int64) + np.arange(len(rows), dtype=np.int64)).tolist()


def _finish(rows: list[Any], heads: list[int]) -> Any:
    """Stack rows and store ``heads`` (absolute) as relative offsets; mend entity starts."""
    import numpy as np

    out = np.vstack(rows)
    out[:, COLS["HEAD"]] = (np.array(heads, dtype=np.int64) - np.arange(len(rows), dtype=np.int64)).astype(out.dtype)
    iob = out[:, COLS["ENT_IOB"]]
    for j in range(len(out)):  # an entity inside (I) that no longer follows its start begins (B)
        if iob[j] == 1 and (j == 0 or iob[j - 1] == 2):
            iob[j] = 3
    return out


def _changes(
    new: Sequence[str], old: Sequence[str], old_rows: Any, pairs: Sequence[tuple[int, int]], change: WordChange
) -> tuple[dict[int, Any], list[int]] | None:
    """For each (new index, old index) whose words differ: the row to use (or re-lemmatise)."""
    rows: dict[int, Any] = {}
    relemma: list[int] = []
    for j, i in pairs:
        if new[j] == old[i]:
            continue
        got = change(new[j], old[i], old_rows[i])
        if got is None:
            return None
        if got is KEEP:
            relemma.append(j)
        else:
            rows[j] = got
        if len(rows) + len(relemma) > MAX_CHANGED_WORDS:
            return None
    return rows, relemma


def _word_rows(old_rows: Any, j: int, i: int, subs: dict[int, Any]) -> Any:
    row = old_rows[i].copy()
    if j in subs:
        row[WORD_COLS] = subs[j][WORD_COLS]
    return row


def _subtrees(heads: list[int]) -> dict[tuple[int, int], int]:
    """The contiguous subtrees of a sentence: (start, end) -> its root."""
    n = len(heads)
    left, right = list(range(n)), list(range(n))
    for i in range(n):  # widen each ancestor's edges by every token below it
        h, seen = i, 0
        while heads[h] != h and seen <= n:
            h, seen = heads[h], seen + 1
            left[h], right[h] = min(left[h], i), max(right[h], i)
    size = [0] * n
    for i in range(n):
        h, seen = i, 0
        size[h] += 1
        while heads[h] != h and seen <= n:
            h, seen = heads[h], seen + 1
            size[h] += 1
    return {(left[r], right[r] + 1): r for r in range(n) if size[r] == right[r] - left[r] + 1}


def swap_rows(old: Sequence[str], old_rows: Any, new: Sequence[str], change: WordChange) -> Any:
    """Rows for ``new`` when it is ``old`` with two phrases (whole subtrees) exchanged, words
    of each possibly changed in form; ``(rows, relemmatise positions)`` or None."""
    n = len(old)
    if len(new) != n or n < 3:
        return None
    p = 0
    while p < n and old[p] == new[p]:
        p += 1
    s = 0
    while s < n - p and old[n - 1 - s] == new[n - 1 - s]:
        s += 1
    if p + s >= n:
        return None
    heads = _heads(old_rows)
    spans = _subtrees(heads)
    firsts = [(a, b) for a, b in spans if a <= p < b]  # the first phrase starts before the change
    lasts = [(a, b) for a, b in spans if a < n - s <= b]
    best = None
    for a, b in firsts:
        for c, d in lasts:
            if c < b:
                continue  # they overlap
            # new = old[:a] + Y + M + X + old[d:], with X = old[a:b], M = old[b:c], Y = old[c:d]
            order = list(range(a)) + list(range(c, d)) + list(range(b, c)) + list(range(a, b)) + list(range(d, n))
            got = _changes(new, old, old_rows, list(enumerate(order)), change)
            if got is not None and (best is None or len(got[0]) + len(got[1]) < best[0]):
                best = (len(got[0]) + len(got[1]), order, got, spans[a, b], spans[c, d])
    if best is None:
        return None
    _, order, (subs, relemma), rx, ry = best
    where = {i: j for j, i in enumerate(order)}
    rows, new_heads = [], []
    for j, i in enumerate(order):
        row = _word_rows(old_rows, j, i, subs)
        h = heads[i]
        if i in (rx, ry):  # each phrase takes the other's place: its label and its head
            other = ry if i == rx else rx
            row[COLS["DEP"]] = old_rows[other][COLS["DEP"]]
            h = heads[other]
        rows.append(row)
        new_heads.append(where[h])
    return _finish(rows, new_heads), relemma


def copy_rows(old: Sequence[str], old_rows: Any, new: Sequence[str], coord: dict[str, Any]) -> Any:
    """Rows for ``new`` when it is ``old`` with a phrase of one to four words repeated right after
    itself, joined by "and" (the copy may differ in case); ``(rows, [])`` or None."""
    k = len(new) - len(old) - 1
    if not coord["ok"] or not 1 <= k <= _MAX_COPY:
        return None
    n = len(old)
    p = 0
    while p < n and old[p] == new[p]:
        p += 1
    heads = _heads(old_rows)
    for i in range(min(p, n), k - 1, -1):  # the copy is inserted after old[i - k : i]
        if new[i].lower() != "and" or new[i + 1 + k :] != list(old[i:]):
            continue
        if [w.lower() for w in new[i + 1 : i + 1 + k]] != [w.lower() for w in old[i - k : i]]:
            continue
        roots = [t for t in range(i - k, i) if not i - k <= heads[t] < i or heads[t] == t]
        if len(roots) != 1:
            return None  # not one phrase ("felt really" of "felt really bad")
        r = roots[0]

        rows, new_heads = [], []
        for j in range(len(new)):
            if j == i:  # the coordinator
                row = coord["cc"].copy()
                row[COLS["ENT_IOB"]], row[COLS["ENT_TYPE"]] = 2, 0
                rows.append(row)
                new_heads.append(r if coord["cc_on_first"] else r + k + 1)
            elif i < j <= i + k:  # the copy: its root is the phrase's conjunct, the rest as inside it
                src = j - k - 1
                row = old_rows[src].copy()
                if src == r:
                    row[COLS["DEP"]] = coord["conj"]
                rows.append(row)
                new_heads.append(r if src == r else heads[src] + k + 1)
            else:
                src = j if j < i else j - k - 1
                rows.append(old_rows[src].copy())
                h = heads[src]
                if h >= i or (j > i and i - k <= h and old_rows[src][COLS["DEP"]] != coord["punct"]):
                    h += k + 1  # the words after the copy attach to it, the nearer (not punctuation)
                new_heads.append(h)
        return _finish(rows, new_heads), []
    return None
