"""Whether a sentence order really breaks a story (``union_negative``'s reordering-only draws): a
reader sees a shuffle as broken only where a moved sentence is tied to where it stood. Two ties
count: a discourse opener ("then", "but", "finally") that now opens the story or follows a
sentence that came after it, and a definite noun ("the towel") that now comes before the
sentence introducing it ("a towel"). A shuffle of sentences told in any order ("she grabbed her
keys. she put a towel down.") leaves a plausible story: strict readings (round 49) judged such
orders valid stories, so they are no negatives."""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..annotation import token_columns, token_strings

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from ._units import Unit

#: Words that open a sentence by tying it to the one before it (sequence, contrast, result).
OPENERS = frozenset(
    """then next later afterwards afterward finally eventually soon but so however instead yet
    still also thus therefore meanwhile luckily unfortunately fortunately""".split()
)
_INTRO_DETS = frozenset({"a", "an", "another", "some"})
_DEFINITE_DETS = frozenset({"the", "this", "that", "these", "those"})


class UnitTies(NamedTuple):
    """What ties one unit to the others: whether a discourse opener starts it, the noun lemmas it
    introduces ("a towel") and those it uses as known ("the towel")."""

    opener: bool
    introduces: frozenset[str]
    definite: frozenset[str]


def unit_ties(doc: Doc, units: Sequence[Unit]) -> list[UnitTies]:
    """:class:`UnitTies` of each unit of ``doc`` (units by character offsets), from the token table."""
    cols, strs = token_columns(doc), token_strings(doc)
    lower, lemma, head, idx = cols["lower"], cols["lemma"], cols["HEAD"], cols["IDX"]
    pos, dep = strs["pos"], strs["dep"]
    out = []
    for u in units:
        toks = range(bisect.bisect_left(idx, u.start), bisect.bisect_left(idx, u.end))
        words = [i for i in toks if lower[i].isalpha()]
        opener = bool(words) and lower[words[0]] in OPENERS
        intro, definite = set(), set()
        for i in toks:
            if dep[i] == "det" and pos[head[i]] == "NOUN":
                if lower[i] in _INTRO_DETS:
                    intro.add(lemma[head[i]])
                elif lower[i] in _DEFINITE_DETS:
                    definite.add(lemma[head[i]])
        out.append(UnitTies(opener, frozenset(intro), frozenset(definite - intro)))
    return out


def order_broken(ties: Sequence[UnitTies], order: Sequence[int], known: frozenset[str] = frozenset()) -> bool:
    """The order (``order[slot]`` = the unit told there) breaks a tie of :func:`unit_ties`: an
    opener first or right after a unit that came after it, or a definite noun (not in ``known``,
    the context's nouns) before every unit introducing it although one came before it."""
    where = {src: slot for slot, src in enumerate(order)}
    for src, t in enumerate(ties):
        slot = where.get(src)
        if slot is None:
            continue
        if t.opener and src > 0 and (slot == 0 or order[slot - 1] > src):
            return True
        for noun in t.definite - known:
            intros = [v for v, o in enumerate(ties) if noun in o.introduces and v in where]
            if intros and min(intros) < src and all(where[v] > slot for v in intros):
                return True
    return False
