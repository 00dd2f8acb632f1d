"""The parse of a sentence that differs from a parent sentence only by a negation edit.

A UNION negative negates or un-negates sentences before its other techniques run on the result,
and parsing those sentences again was most of its cost. The edits are few and regular: "not",
"n't" or "never" inserted or deleted, do-support added or removed with the verb's form changed
("went" <-> "did not go", "likes" <-> "does not like"). :func:`negation_rows` builds the new
sentence's annotation rows from the parent's: kept tokens keep theirs, a verb whose form changed
gets the tag and morphology of its new form, and the added words take their rows from a parse of
a short template (so tags, lemmas and labels are the model's own) and attach as the parser
attaches them ("did" and "not" to the verb, "not" after a copula to the copula). Anything else
returns None, and the caller parses the sentence.
"""

from __future__ import annotations

import difflib
import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    from spacy.language import Language

_DO = frozenset({"did", "does", "do"})
NEGATORS = frozenset({"not", "n't", "never"})
EDIT_WORDS = NEGATORS | _DO  # what a negation edit adds or removes
_TEMPLATE = "He did not go. She does not like it. They do not care. He never went. He did n't go. She likes it."
#: Verb tag -> the template word whose row gives that tag's morphology.
_VERB_FORMS = {"VB": "go", "VBD": "went", "VBZ": "likes", "VBP": "care"}
_MAX_EDITS = 4

_cache: weakref.WeakKeyDictionary[Any, dict[str, np.ndarray]] = weakref.WeakKeyDictionary()


def prototypes(nlp: Language, attrs: list[int]) -> dict[str, np.ndarray]:
    """Rows (``attrs`` order) for the function words and for each verb tag, from one parse of a
    short template per pipeline (cached)."""
    protos = _cache.get(nlp)
    if protos is None:
        doc = nlp(_TEMPLATE)
        arr = doc.to_array(attrs)
        protos = {}
        for t in doc:
            key = t.lower_
            if key in EDIT_WORDS and key not in protos:
                protos[key] = arr[t.i].copy()
            if key in _VERB_FORMS.values() and t.tag_ not in protos:
                protos[t.tag_] = arr[t.i].copy()
        _cache[nlp] = protos
    return protos


def negation_rows(
    parent_words: Sequence[str],
    parent_rows: np.ndarray,
    new_words: Sequence[str],
    protos: dict[str, np.ndarray],
    cols: dict[str, int],
    strings: Any,
) -> np.ndarray | None:
    """Annotation rows for ``new_words`` (one sentence) derived from its parent sentence's, or
    None when the two differ by anything but a negation edit. ``cols`` gives the column of
    "TAG", "POS", "MORPH", "LEMMA", "DEP" and "HEAD" (relative heads, as ``to_array`` stores them)."""
    import numpy as np

    old = [w.lower() for w in parent_words]
    new = [w.lower() for w in new_words]
    if not _few_edits(old, new):
        return None
    rows: list[np.ndarray | None] = [None] * len(new)
    old_of: dict[int, int] = {}  # new index -> parent index, for kept and re-formed words
    added: list[int] = []
    edits = 0
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if op == "equal":
            old_of.update((j1 + k, i1 + k) for k in range(i2 - i1))
            continue
        gone = [i for i in range(i1, i2) if old[i] not in EDIT_WORDS]
        came = [j for j in range(j1, j2) if new[j] not in EDIT_WORDS]
        do = [j for j in range(j1, j2) if new[j] in _DO]
        edits += (i2 - i1) + (j2 - j1)
        added.extend(j for j in range(j1, j2) if new[j] in EDIT_WORDS)
        if not gone and not came:
            if any(old[i] in _DO for i in range(i1, i2)):
                return None  # do-support removed, the verb's form unchanged ("did not go" -> "go")
            continue
        if len(gone) != 1 or len(came) != 1:
            return None
        i, j = gone[0], came[0]
        row = parent_rows[i]
        tag = _verb_tag(new[j], strings[int(row[cols["LEMMA"]])], strings[int(row[cols["POS"]])], bool(do))
        if tag is None or tag not in protos:
            return None
        rows[j] = row.copy()
        rows[j][cols["TAG"]] = protos[tag][cols["TAG"]]
        rows[j][cols["MORPH"]] = protos[tag][cols["MORPH"]]
        old_of[j] = i
    if not edits or edits > _MAX_EDITS:
        return None
    head_col = cols["HEAD"]
    old_head = (parent_rows[:, head_col].astype(np.int64) + np.arange(len(old), dtype=np.int64)).tolist()
    new_of = {i: j for j, i in old_of.items()}
    heads = [0] * len(new)
    for j, i in old_of.items():
        if rows[j] is None:
            rows[j] = parent_rows[i].copy()
        h, steps = old_head[i], 0
        while h not in new_of and steps <= len(old):  # its head was removed: climb to a kept one
            h, steps = old_head[h], steps + 1
        if h not in new_of:
            return None
        heads[j] = new_of[h]
    for j in added:  # in order: "did" is placed before the "not" that follows it
        h = _attach(j, new, rows, heads, cols, strings)
        if h is None:
            return None
        rows[j] = protos[new[j]].copy()
        heads[j] = h
    out = np.vstack(rows)
    out[:, head_col] = (np.array(heads, dtype=np.int64) - np.arange(len(new), dtype=np.int64)).astype(out.dtype)
    return out


def _few_edits(old: Sequence[str], new: Sequence[str]) -> bool:
    """Whether ``old`` and ``new`` may differ by at most ``_MAX_EDITS`` words: the words each has
    that the other lacks are a lower bound of the edits (a quick test before the diff)."""
    old_set, new_set = set(old), set(new)
    return sum(w not in new_set for w in old) + sum(w not in old_set for w in new) <= _MAX_EDITS


def _verb_tag(word: str, lemma: str, pos: str, after_do: bool) -> str | None:
    """The tag of ``word`` as a form of the verb ``lemma``: the bare form after do-support (VB),
    else a finite form (VBD, VBZ, or VBP for the bare form), if it is one."""
    if pos != "VERB":
        return None
    lemma = lemma.lower()
    if word == lemma:
        return "VB" if after_do else "VBP"
    if after_do:
        return None
    from ..resources.inflect import all_inflections

    forms = all_inflections(lemma, "VERB")
    return next((t for t in ("VBD", "VBZ") if word in forms.get(t, ())), None)


def _attach(j: int, new: Sequence[str], rows: list, heads: list[int], cols: dict[str, int], strings: Any) -> int | None:
    """Where an added word attaches: "not"/"never" after an auxiliary or copula to the clause's
    verb (the copula itself when it heads the clause); otherwise to the next verb."""

    def pos(k: int) -> str:
        return strings[int(rows[k][cols["POS"]])] if rows[k] is not None else ""

    if new[j] in NEGATORS and j > 0 and rows[j - 1] is not None and pos(j - 1) == "AUX":
        dep = strings[int(rows[j - 1][cols["DEP"]])]
        return heads[j - 1] if dep in ("aux", "auxpass") else j - 1
    for k in range(j + 1, len(new)):
        if rows[k] is not None and pos(k) == "VERB":
            if new[j] in _DO and strings[int(rows[k][cols["TAG"]])] != "VB":
                return None  # do-support needs the bare form ("did not went")
            return k
    return None
