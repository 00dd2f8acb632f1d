"""Whether a sentence order really breaks a story (``union_negative``'s reordering-only draws): a
reader sees a shuffle as broken only where a moved sentence is tied to where it stood. Two ties
count: a discourse opener ("then", "but", "finally") that now opens the story or follows a
sentence that came after it, and a definite noun ("the towel") that now comes before the
sentence introducing it ("a towel"). A shuffle of sentences told in any order ("she grabbed her
keys. she put a towel down.") leaves a plausible story: strict readings (round 49) judged such
orders valid stories, so they are no negatives.

``sentence_shuffle`` asks more of a short story (round 103: "if there is too much milk the cereal
is too soggy" and "they were amazed with the alligators" read as well shuffled): two more ties, a
sequel word anywhere in a unit ("then", "the next day", "finally", "as a result") after a unit
told before it, and two events told in sequence (dynamic verbs in the simple past: "he walked in",
"she was fired", "he did n't go") told the other way round; and a story whose clauses mostly
describe (be, have, like, love, hate ..., a generic present "i get mad", a past perfect backstory)
gets no shuffle at all (:func:`descriptive`)."""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..annotation import token_columns, token_strings
from ._present import characterizing

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from ._units import Unit

#: Words that open a sentence by tying it to the one before it (sequence, contrast, result).
OPENERS = frozenset(
    """then next later afterwards afterward finally eventually soon but so however instead yet
    still also thus therefore meanwhile luckily unfortunately fortunately""".split()
)
# a word that places a unit after something told before it: a time ("then", "the next day") or a
# consequence ("as a result", "that's why"); "after all" and "next to" are none
_SEQUEL = re.compile(
    r"\b(?:then|later|suddenly|afterwards?|after(?!\s+all\b)|finally|eventually|next(?!\s+to\b)|soon|again|now"
    r"|the (?:next|following) (?:day|morning|night|evening|week|weekend|month|year|time)"
    r"|as a result|because of (?:this|that|it)"
    r"|that\s*'?\s*s why|that is why|since then|ever since|one day|for the first time|(?:by|at) the (?:end|time)|in the end|at (?:first|last)|therefore|thus"
    r"|by (?:lunch|lunchtime|noon|morning|evening|night|nightfall|then)|(?:all of (?:a|the) )?sudden)\b"
)
# "that day", "that night": a sequel only in a unit that tells an event ("that night he left"); in
# a state ("everyone felt like they had accomplished something that day") it ties the unit to no
# place (round 108, roc-597), though the story is still told in time (not ``descriptive``: "but that
# night she had several terrifying nightmares")
_THAT_TIME = re.compile(r"\bthat (?:night|evening|afternoon|morning|day)\b")
# verbs of states, not events: told in another order, "i love cereal" and "i hate soggy cereal"
# still read as one description
_STATIVE = frozenset(
    """be have like love hate want need know seem prefer enjoy own wish hope believe think feel
    mean belong contain appear deserve adore dislike fear envy doubt matter care remember
    understand resemble""".split()
)
_INTRO_DETS = frozenset({"a", "an", "another", "some"})
_TOLD_EVENTS = 2  # units telling an event a long story needs (``narrated_too_little``)
_TOLD_SHARE = 4  # and at least one in this many of its movable units
_DEFINITE_DETS = frozenset({"the", "this", "that", "these", "those"})


class UnitTies(NamedTuple):
    """What ties one unit to the others: whether a discourse opener starts it, the noun lemmas it
    introduces ("a towel") and those it uses as known ("the towel")."""

    opener: bool
    introduces: frozenset[str]
    definite: frozenset[str]
    sequel: bool = False  # a sequel word anywhere in it (see ``_SEQUEL``)
    clauses: int = 0  # its main clauses (the root and the verbs conjoined to it)
    events: int = 0  # those that tell an event (see :func:`_event`)
    timed: bool = False  # "that day" in a unit that tells no event: no tie, but the story is told in time


_HABITUAL = frozenset({"always", "usually", "often", "sometimes", "generally", "normally", "rarely", "seldom"})
_GENERIC_MARKS = frozenset({"if", "whenever", "unless"})
_BECOME = frozenset({"get", "become", "grow", "turn", "feel", "look", "sound"})


def _event(i: int, lemma: tuple, tag: tuple, pos: tuple, dep: tuple, children: tuple, lower: tuple) -> bool:
    """Verb ``i`` tells an event: a dynamic verb (not ``_STATIVE``) in the simple past ("walked"),
    passive ("was fired"), with "did" ("did n't go"), a causative "had it fixed", or a present
    that narrates ("mark fills in for tom"); not a copula, a past or present perfect ("had left":
    backstory), a progressive, a modal, or a generic present ("i get mad", "if it rains i stay
    in", "i always eat cereal")."""
    kids = children[i]
    if lemma[i] == "be" and tag[i] == "VBD":  # "he was able to pass his test": he passed it
        return any(lower[c] in ("able", "unable") and any(tag[x] == "VB" for x in children[c]) for c in kids)
    if pos[i] != "VERB":
        return False
    if lemma[i] == "have" and any(
        dep[c] in ("ccomp", "xcomp") and (tag[c] == "VBN" or (tag[c] == "VB" and lemma[c] not in _STATIVE))
        for c in kids
    ):
        return True  # "he had hair implants put in", "she had to start at a new school"
    if lemma[i] in _STATIVE or (lemma[i] == "use" and any(lower[c] == "to" for c in kids)):
        return False  # "used to go": a habit
    aux = {lower[c] for c in kids if dep[c] in ("aux", "auxpass")}
    subject = any(dep[c] == "nsubj" for c in kids)
    habit = any(lower[c] in _HABITUAL or {lower[d] for d in children[c]} & {"every", "each"} for c in kids)
    if tag[i] == "VBD" and habit:
        return False  # "she played it more often than most", "he walked there every day": a habit (round 105)
    if tag[i] == "VBD" or (not aux and (subject or (dep[i] == "conj" and tag[i] == "VBN")) and tag[i] in ("VBN", "VB")):
        return True  # with a subject and no auxiliary, a "VBN" or "VB" is a past the tagger missed ("she let")
    if tag[i] == "VBN":
        return not aux & {"had", "'d", "have", "'ve", "has", "'s"} and bool(aux & {"was", "were", "got", "is", "are"})
    if tag[i] in ("VBZ", "VBP"):
        generic = habit or any(dep[c] == "advcl" and any(lower[m] in _GENERIC_MARKS for m in children[c]) for c in kids)
        become = lemma[i] in _BECOME and any(dep[c] == "acomp" for c in kids)
        return not generic and not become and not characterizing(i, lemma, tag, dep, children, lower)
    return tag[i] == "VB" and bool(aux & {"did", "do", "does"})


def _tells_event(h: int, lemma: tuple, tag: tuple, pos: tuple, dep: tuple, children: tuple, lower: tuple) -> bool:
    """Main clause ``h`` tells an event, in its verb or in a clause under it ("when he came back")."""
    args = (lemma, tag, pos, dep, children, lower)
    if tag[h] in ("VBZ", "VBP") and characterizing(h, lemma, tag, dep, children, lower):
        return False  # "he helps new companies create websites": its clauses characterize too (round 112)
    return _event(h, *args) or any(
        dep[c] in ("advcl", "xcomp", "ccomp") and _event(c, *args) for c in children[h] if pos[c] in ("VERB", "AUX")
    )


def unit_ties(doc: Doc, units: Sequence[Unit]) -> list[UnitTies]:
    """:class:`UnitTies` of each unit of ``doc`` (units by character offsets), from the token table."""
    cols, strs = token_columns(doc), token_strings(doc)
    lower, lemma, head, idx = cols["lower"], cols["lemma"], cols["HEAD"], cols["IDX"]
    pos, dep, tag, children = strs["pos"], strs["dep"], strs["tag"], strs["children"]
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
        heads = [i for i in toks if dep[i] == "ROOT"]
        if not any(pos[h] in ("VERB", "AUX") for h in heads):  # a misparse ("along the way they took turns")
            heads += [i for i in toks if tag[i] == "VBD" and any(dep[c] == "nsubj" for c in children[i])]
        heads += [c for h in heads for c in children[h] if dep[c] == "conj" and pos[c] in ("VERB", "AUX")]
        events = sum(_tells_event(i, lemma, tag, pos, dep, children, lower) for i in heads)
        said = " ".join(lower[i] for i in toks)
        timed = bool(_THAT_TIME.search(said))
        sequel = bool(_SEQUEL.search(said) or (events and timed))
        sequel = sequel or any(lower[i] == "first" and pos[i] == "ADV" for i in toks)  # "first though she ..."
        sequel = sequel or (bool(words) and lower[words[0]] == "so")  # "so she needed to work out"
        out.append(
            UnitTies(
                opener, frozenset(intro), frozenset(definite - intro), sequel, len(heads), events, timed and not sequel
            )
        )
    return out


def descriptive(ties: Sequence[UnitTies]) -> bool:
    """The units tell fewer than two events and no sequel word places one after another: a
    description, a preference, a backstory ("if there is too much milk the cereal is too soggy",
    "they were amazed with the alligators ... it was a very unique place"), which read as well in
    another order (round 103: roc-2846, roc-2928)."""
    return sum(1 for t in ties if t.events) < 2 and not any(t.sequel or t.timed for t in ties)


def narrated_too_little(ties: Sequence[UnitTies]) -> bool:
    """A long story's movable units (``ties``) tell too few events to have an order a shuffle breaks:
    fewer than two of them, or fewer than a quarter of them, hold a clause that tells one
    (:func:`_event`: a dynamic past, not "be", "have", a modal, a mental state or a present that
    describes). A static description ("the leg room is cramped", "both doors have handles") or a
    lyrical piece ("i have all the means yet i can not describe", "sometimes i can't breathe")
    reads as well shuffled (round 124, wp_dev-790 and -844). A stricter bar (half the units, three
    at least) also declined a third of WP's shuffles, many of them plain narratives."""
    told = sum(1 for t in ties if t.events)
    return told < _TOLD_EVENTS or _TOLD_SHARE * told < len(ties)


def order_broken(
    ties: Sequence[UnitTies], order: Sequence[int], known: frozenset[str] = frozenset(), sequence: bool = False
) -> bool:
    """The order (``order[slot]`` = the unit told there) breaks a tie of :func:`unit_ties`: an
    opener first or right after a unit that came after it, or a definite noun (not in ``known``,
    the context's nouns) before every unit introducing it although one came before it. With
    ``sequence`` (``sentence_shuffle``), also a unit with a sequel word or an event before a unit
    telling an event that came before it."""
    where = {src: slot for slot, src in enumerate(order)}
    for src, t in enumerate(ties):
        slot = where.get(src)
        if slot is None:
            continue
        if t.opener and src > 0 and (slot == 0 or order[slot - 1] > src):
            return True
        earlier = [v for v in range(src) if v in where]
        # round 105: only an event told earlier counts ("one day she wore flats" before the store's
        # dress code, or "she entered a competition" before "over time she had become skilled",
        # still read in order)
        if sequence and (t.events or t.sequel) and any(ties[v].events and where[v] > slot for v in earlier):
            return True
        for noun in t.definite - known:
            intros = [v for v, o in enumerate(ties) if noun in o.introduces and v in where]
            if intros and min(intros) < src and all(where[v] > slot for v in intros):
                return True
    return False
