"""Reordering helpers (``perturbkit.transforms.reorder``): the orders ``sentence_shuffle`` accepts
(its units are in ``_units``), and the token units ``token_shuffle`` may move (MARS: words stay,
their order does not)."""

from __future__ import annotations

import difflib
import itertools
import random
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..annotation import doc_text, frozen, per_doc, token_columns, token_strings
from ._narration import LONG_STORY_UNITS

if TYPE_CHECKING:
    from spacy.tokens import Doc


_SMALL = 6  # up to this many units, every order is listed and one drawn; beyond it, drawn until one fits


def _scrambled(order: Sequence[int], texts: Sequence[str], weights: Sequence[int] | None = None) -> bool:
    """An order that breaks the story's: its text differs, at most one in four sentences is still
    followed by the one that followed it (none in a short story), and at least two pairs of
    sentences changed places (swapping two neighbours may leave a story that still reads well).
    A short story of four or more sentences also loses its opening and its ending (neither stays
    in place) and at least half of its pairs of sentences change places: strict readings (round
    22) accepted "he did n't go ... jack was n't feeling well" (cause after effect) and two
    swapped pairs as stories that still read in order. A long story's order (given the sentences
    each unit holds, ``weights``) breaks throughout (:func:`_displaced`)."""
    n = len(order)
    if [texts[i] for i in order] == list(texts):
        return False
    kept = sum(1 for a, b in zip(order, order[1:]) if a + 1 < n and texts[b] == texts[a + 1])
    swapped = _inversions(order) if n <= _SMALL else n
    if 4 <= n <= _SMALL and (order[0] == 0 or order[-1] == n - 1 or 4 * swapped < n * (n - 1)):
        return False
    if weights is not None and not _displaced(order, weights):
        return False
    return kept <= (n - 1) // 4 and swapped >= min(2, n - 1)


def _inversions(order: Sequence[int]) -> int:
    """The pairs of units told in the other order (the Kendall distance to the story's order)."""
    return sum(1 for i in range(len(order)) for j in range(i + 1, len(order)) if order[i] > order[j])


#: A long story's shuffle leaves at least this share of its pairs of units in the other order
KENDALL_FLOOR = 1 / 3
#: and no stretch read in the story's order (one unit, or units that still follow each other) holds
#: more than this share of its movable sentences
RUN_SHARE = 1 / 2


def _displaced(order: Sequence[int], weights: Sequence[int]) -> bool:
    """The order breaks a long story throughout: at least ``KENDALL_FLOOR`` of its pairs of units
    change places, and no run of units still in the story's order (one unit, or units that still
    follow each other) holds more than ``RUN_SHARE`` of the sentences (``weights``: per unit; one
    unit alone counts in a story of more than ``LONG_STORY_UNITS`` sentences: in a shorter one, a
    dialogue exchange may hold half of it).
    Round 103 (wp_dev-691): three short closing lines moved before a block of 70% of the story read
    as a flash-forward prologue, not as a broken order."""
    n = len(order)
    if _inversions(order) < KENDALL_FLOOR * n * (n - 1) / 2:
        return False
    total, run = sum(weights), weights[order[0]]
    longest = run if total > LONG_STORY_UNITS else 0  # one unit alone counts in a long story only
    for a, b in zip(order, order[1:]):
        run = run + weights[b] if b == a + 1 else weights[b]
        longest = max(longest, run if b == a + 1 or total > LONG_STORY_UNITS else 0)
    return longest <= RUN_SHARE * total


_WORDS = re.compile(r"\w+")
#: two units of at least this many words whose words match this closely are near-identical
_TWIN_WORDS, _TWIN_RATIO = 4, 0.8


def _twins(texts: Sequence[str]) -> frozenset[tuple[int, int]]:
    """The pairs of units (i < j) with the same words, or nearly ("Alarm , shower , coffee , eat ,
    work , coffee ." told twice), that are not neighbours in the story: an order that puts them
    side by side adds a word-for-word repetition the story did not have (round 108, wp_dev-1022)."""
    words = [tuple(_WORDS.findall(t.lower())) for t in texts]
    out = set()
    for i, j in itertools.combinations(range(len(texts)), 2):
        a, b = words[i], words[j]
        same = a == b or (
            min(len(a), len(b)) >= _TWIN_WORDS and difflib.SequenceMatcher(None, a, b).ratio() >= _TWIN_RATIO
        )
        if same and a and j - i != 1:
            out.add((i, j))
    return frozenset(out)


def _echoes(order: Sequence[int], twins: frozenset[tuple[int, int]]) -> bool:
    """The order puts two near-identical units (``twins``) side by side."""
    return bool(twins) and any((min(a, b), max(a, b)) in twins for a, b in zip(order, order[1:]))


def scrambled_order(
    texts: Sequence[str],
    rng: random.Random,
    weights: Sequence[int] | None = None,
    accept: Callable[[list[int]], bool] | None = None,
) -> list[int] | None:
    """A random order of ``texts`` that :func:`_scrambled` accepts (with ``weights``, as a long
    story's; and ``accept``, if given) and that puts no two near-identical units side by side
    that were not (:func:`_twins`), or
    None (for few sentences: drawn from all such orders; for many: shuffled until one is
    accepted, seeded by ``rng``)."""
    n = len(texts)
    if n < 2:
        return None
    twins = _twins(texts)
    if n <= _SMALL:
        orders = [list(p) for p in itertools.permutations(range(n)) if _scrambled(p, texts, weights)]
        orders = [o for o in orders if not _echoes(o, twins) and (accept is None or accept(o))]
        return rng.choice(orders) if orders else None
    order = list(range(n))
    for _ in range(50):
        rng.shuffle(order)
        if _scrambled(order, texts, weights) and not _echoes(order, twins) and (accept is None or accept(order)):
            return order
    return None


_CLOSERS = frozenset({'"', "'", "\u201d", "\u2019", ")", "]", "}", "\u00bb"})


class _Toks:
    """Plain lists of the token attributes the shuffle reads."""

    def __init__(
        self, text: str, words: list[str], ws: list[bool], idx: list[int], punct: list[bool], space: list[bool]
    ) -> None:
        self.text, self.words, self.ws, self.idx, self.punct, self.space = text, words, ws, idx, punct, space


class Units(NamedTuple):
    """The movable units of a text (see ``_units``): text, character start and end, the text
    between each unit and the next, and whether a unit starts with a punctuation token."""

    texts: tuple[str, ...]
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    gaps: tuple[str, ...]
    punct_first: tuple[bool, ...]


@per_doc
def _unit_table(doc: Doc) -> tuple:
    """The units of ``doc`` (see :func:`_units`) as plain tuples, from the token table (spaCy builds
    a Token object per ``doc[i]``, and per token for ``Doc.text``). Computed once per Doc:
    ``applicable`` and ``apply`` both need them."""
    text = doc_text(doc)
    cols = token_columns(doc)
    idx, length, ws, punct, space = (cols[k] for k in ("IDX", "LENGTH", "SPACY", "IS_PUNCT", "IS_SPACE"))
    t = _Toks(text, token_strings(doc)["text"], ws, idx, punct, space)
    units = _units(t)
    starts = [idx[a] for a, _ in units]
    ends = [idx[b - 1] + length[b - 1] for _, b in units]
    return frozen(
        (
            [text[a:b] for a, b in zip(starts, ends)],
            starts,
            ends,
            [text[e:a] for e, a in zip(ends, starts[1:])],
            [bool(punct[a]) for a, _ in units],
        )
    )


def token_units(doc: Doc) -> Units:
    """The movable units of ``doc`` (kept once per Doc)."""
    return Units(*_unit_table(doc))


def _tail_start(t: _Toks) -> int:
    """Index of the first token of the trailing punctuation run (".", "!?", '."'): it stays put."""
    w = t.words
    i = len(w)
    while i > 0 and (t.punct[i - 1] or t.space[i - 1] or w[i - 1] in _CLOSERS):
        if w[i - 1] == "]" and i >= 3 and w[i - 3] == "[" and w[i - 2].isupper():
            break  # the end of a masked name like [MALE], not punctuation
        i -= 1
    return i


_OPENERS = frozenset({"(", "[", "{", '"', "'", "\u201c", "\u2018", "\u00ab", "`", "``"})
_APOSTROPHES = frozenset({"'", "\u2019", "\u2018", "`"})
# what an apostrophe joins to a word as one token ("I 'm", "we 've", "'til", "rock 'n' roll"): the
# tokenizer splits some of them ("'" + "m"), and a lone "m" or "ve" moved elsewhere is no word
# (round 101: 13 of 20 WP shuffles scattered them)
_CLITICS = frozenset({"m", "ve", "s", "re", "d", "ll", "t", "em", "n", "til", "tis", "twas", "cause", "bout", "round"})
# clitics WritingPrompts writes apart from their (often curly) apostrophe: "I ' ve", "weren ' t", "let ' em"
_SPACED_CLITICS = frozenset({"m", "ve", "s", "re", "d", "ll", "t", "em"})
_TRAILERS = frozenset(
    {",", ".", ";", ":", "!", "?", "...", ")", "]", "}", '"', "'", "\u201d", "\u2019", "\u00bb", "''"}
)


def _units(t: _Toks) -> list[tuple[int, int]]:
    """Movable token ranges before the final punctuation. A unit is a whitespace-delimited chunk
    ("8mm", "don't", "``", "'ve" stay whole), with opening and closing punctuation split off a
    word ("walked," -> "walked" + ","), but not an apostrophe off a clitic the tokenizer split
    ("'m", "'ve", "'til" move whole, whichever apostrophe); a masked name such as ``[MALE]``
    moves as one."""
    end = _tail_start(t)
    w, punct, space = t.words, t.punct, t.space
    out: list[tuple[int, int]] = []
    i = 0
    while i < end:
        if space[i]:
            i += 1
            continue
        j = i + 1  # the chunk: tokens joined without whitespace
        while j < end and not t.ws[j - 1] and not space[j]:
            j += 1
        a, b = i, j
        if b - a == 1:  # the common case: one token, a unit whatever it is
            out.append((a, b))
            i = j
            continue
        if b - a == 3 and w[a] == "[" and w[b - 1] == "]" and w[a + 1].isupper():
            out.append((a, b))
            i = j
            continue
        words = [k for k in range(a, b) if not punct[k]]
        if words:  # split opening/closing punctuation off the word part
            lo, hi = words[0], words[-1] + 1
            if lo == a + 1 and hi == lo + 1 and w[a] in _APOSTROPHES and w[lo].lower() in _CLITICS:
                lo = a  # "'m", "'ve": the apostrophe stays with its clitic
                if w[hi - 1].lower() == "n" and hi < b and w[hi] in _APOSTROPHES:
                    hi += 1  # "'n'"
            lead = [(k, k + 1) for k in range(a, lo) if w[k] in _OPENERS]
            trail = [(k, k + 1) for k in range(hi, b) if w[k] in _TRAILERS]
            if len(lead) == lo - a and len(trail) == b - hi:
                out.extend(lead + [(lo, hi)] + trail)
                i = j
                continue
        out.append((a, b))
        i = j
    return _join_spaced_clitics(w, punct, out)


def _join_spaced_clitics(w: list[str], punct: list[bool], units: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Units with a clitic written apart from its apostrophe joined to it: WritingPrompts writes
    "I \u2019 ve", "it \u2019 s", "weren \u2019 t" (round 103: a lone "\u2019" and a stray "ve" or "t"
    moved apart are no words). The apostrophe and the clitic move as one unit ("\u2019 ve"); "t"
    takes its host as well ("weren \u2019 t": "weren" alone is no word either)."""
    out: list[tuple[int, int]] = []
    k = 0
    while k < len(units):
        a, b = units[k]
        nxt = units[k + 1] if k + 1 < len(units) else None
        if (
            nxt is not None
            and b == a + 1
            and w[a] in _APOSTROPHES
            and nxt[1] == nxt[0] + 1
            and w[nxt[0]].lower() in _SPACED_CLITICS
            and out
            and not punct[out[-1][1] - 1]
        ):
            if w[nxt[0]].lower() == "t" and out[-1][1] == a and w[a - 1].lower().endswith("n"):
                a = out.pop()[0]  # "weren ' t", "did n ' t"
            out.append((a, nxt[1]))
            k += 2
            continue
        out.append((a, b))
        k += 1
    return out


def rejoined(table: Units, picked: list[int], order: list[str]) -> tuple[int, int, str]:
    """(start, end, new text) of the stretch from the unit before the first ``picked`` one to the
    unit after the last, with the picked units' texts put in ``order``; where a moved word would
    touch another word with no space between, a space keeps them apart."""
    old = table.texts
    lo, hi = max(0, picked[0] - 1), min(len(old) - 1, picked[-1] + 1)
    new = list(old[lo : hi + 1])
    for u, text in zip(picked, order):
        new[u - lo] = text
    parts = [new[0]]
    for u in range(lo + 1, hi + 1):
        ws = table.gaps[u - 1]
        now, was = new[u - lo], old[u]
        if not ws and (new[u - lo - 1] != old[u - 1] or now != was) and not (now == was and table.punct_first[u]):
            ws = " "
        parts += (ws, now)
    return table.starts[lo], table.ends[hi], "".join(parts)
