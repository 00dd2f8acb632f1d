"""Names ``name_change`` leaves alone because they are not a character's own first name (validity
round 114, where 5 of 20 renames on WritingPrompts were wrong), in stories with capitals:

- a mention inside a run of three or more capitalised name words ("Even Kim Jong Un will be
  there", "Shao Mi Li , late of the Chin Dynasty"): a famous or foreign full name, one part of
  which a rename would change ("Mia Jong Un", "Shao Mi Fran"); ranks and kin words before it do
  not count ("Captain Nathaniel Deshler" is renamed);
- a name mentioned once, with a surname after it, where nothing makes that person a character
  (not a subject, possessor or apposition: "you parade around Ryan Howard like a God"): a passing
  mention of a real-looking person;
- a mention whose possessive opens a Title-Case name ("Merlin 's Magical Pawn and Loan", "Joe 's
  Diner"): a business or place named after someone;
- a mention that modifies a common noun inside a noun phrase opened by a determiner or possessive
  (round 117: "playing with her Barbie dolls", "a Ken doll"): a toy, brand or family's name, not
  a person there ("her Gina dolls"); "Tom gave Mary flowers", with no determiner, is a misparse
  and still renamed.

Round 119 (in every casing style unless said): a mention whose possessive is followed by a place
or venue noun ("shelly 's point", "joe 's diner": a landmark named after someone, a
:func:`business_name`); a name right after "known as" ("the man that came to be known as John": a
placeholder); and, in stories with capitals, a name coordinated by "or" with other capitalised
names ("named Joffrey , John or Alexander": an example name, no character)."""

from __future__ import annotations

import re

from .name_allusions import _BEFORE_OK
from .name_cues import _as_person
from .names import is_common_word

_TITLE_WORD = re.compile(r"[A-Z][a-z]+(?:-[A-Z]?[a-z]+)?")


def _cap(tok) -> bool:
    return bool(_TITLE_WORD.fullmatch(tok.text))


def _run_length(doc, i: int) -> int:
    """The number of capitalised words in the run around ``doc[i]``, leaving out ranks, kin words
    and greetings before it ("Captain") and a common word that opens a sentence ("Even Kim Jong Un")."""
    a = i
    while a > 0 and _cap(doc[a - 1]) and not doc[a].is_sent_start:
        a -= 1
    b = i
    while b + 1 < len(doc) and _cap(doc[b + 1]) and not doc[b + 1].is_sent_start:
        b += 1
    while a < i and (doc[a].lower_ in _BEFORE_OK or (is_common_word(doc[a].text) and (doc[a].is_sent_start or a == 0))):
        a += 1
    return b - a + 1


def in_long_name(doc, word: str) -> str | None:
    """The run of three or more capitalised name words a mention of ``word`` stands in ("Kim Jong
    Un"), or None."""
    for t in doc:
        if t.text == word and _run_length(doc, t.i) >= 3:
            return doc[max(0, t.i - 2) : t.i + 3].text
    return None


def passing_full_name(doc, word: str, texts) -> str | None:
    """The one mention of ``word`` in ``texts`` (the story and its context), when a capitalised
    surname follows it and it is no subject, possessor or apposition (``name_cues._as_person``):
    "Ryan Howard" in "parade around Ryan Howard like a God". None otherwise."""
    count = sum(len(re.findall(r"(?<![\w\-])" + re.escape(word) + r"(?![\w\-])", t or "")) for t in texts)
    if count != 1:
        return None
    for t in doc:
        if t.text != word or t.i + 1 >= len(doc):
            continue
        nxt = doc[t.i + 1]
        if _cap(nxt) and not nxt.is_sent_start and not _as_person(t) and not _as_person(nxt):
            return f"{word} {nxt.text}"
    return None


_POSS = {"'s", "’s", "'", "’"}

# nouns that make "NAME 's" + noun the name of a landmark or venue in any casing (round 119:
# "shelly 's point"); not "place", "house", "farm": there the name is usually the owner's own
_PLACE_NOUNS = frozenset(
    "point landing creek bay island lake peak hill cove harbor harbour pond falls beach canyon ridge "
    "pub bar diner grill cafe café tavern inn saloon bistro bakery deli eatery".split()
)


def business_name(doc, word: str, lower: bool = False) -> str | None:
    """A mention's possessive followed by a capitalised English word that is no rank or kin word
    ("Merlin 's Magical Pawn", "Joe 's Diner"; not "Anna 's Mom") or, in any casing, by a place or
    venue noun of :data:`_PLACE_NOUNS` (round 119: "shelly 's point"): the name of a shop or
    place, or None. ``lower``: the story is lower-cased, where only the place nouns count."""
    for t in doc:
        if t.lower_ != word.lower() or t.i + 2 >= len(doc) or doc[t.i + 1].text not in _POSS:
            continue
        nxt = doc[t.i + 2]
        if nxt.lower_ in _PLACE_NOUNS and (lower or t.text == word):
            return doc[t.i : t.i + 3].text
        if lower or t.text != word:
            continue
        if _cap(nxt) and is_common_word(nxt.text) and nxt.lower_ not in _BEFORE_OK:
            return doc[t.i : t.i + 4].text
    return None


def known_as(word: str, texts) -> str | None:
    """ "known as NAME" in ``texts`` (round 119: "the man that came to be known as John", a
    placeholder for someone unknown), or None."""
    pattern = r"(?<![\w\-])known\s+as\s+" + re.escape(word) + r"(?![\w\-])"
    hit = next((m for t in texts if t for m in [re.search(pattern, t, re.I)] if m), None)
    return hit.group() if hit else None


def or_listed(doc, word: str) -> str | None:
    """A mention of ``word`` in a list of capitalised names joined by "or" (and commas) (round
    119: "named Joffrey , John or Alexander": example names, no character), or None."""
    for t in doc:
        if t.text != word:
            continue
        a = b = t.i
        seps: list[str] = []
        while a >= 2 and doc[a - 1].lower_ in {",", "or"} and _cap(doc[a - 2]) and not doc[a - 2].is_sent_start:
            seps.append(doc[a - 1].lower_)
            a -= 2
        while b + 2 < len(doc) and doc[b + 1].lower_ in {",", "or"} and _cap(doc[b + 2]):
            seps.append(doc[b + 1].lower_)
            b += 2
        if "or" in seps:
            return doc[a : b + 1].text
    return None


_MODIFIER_DEPS = {"compound", "amod", "nmod"}
_OPENERS = {"det", "poss"}


def noun_modifier(doc, word: str) -> str | None:
    """A mention of ``word`` that modifies the lower-case common noun right after it, in a noun
    phrase a determiner or possessive opens before the name ("her Barbie dolls", "a Ken
    doll", "the Jacob family"): a brand, toy or family name, not a person. Returns the phrase or
    None. A bare "gave Mary flowers" (a double object spaCy may parse as a compound) and "before big
    Igor returns" (an adjective, then a verb read as a noun) do not count."""
    for t in doc:
        if t.text != word or t.dep_ not in _MODIFIER_DEPS or t.i + 1 >= len(doc):
            continue
        head = doc[t.i + 1]
        if t.head.i != head.i or head.pos_ != "NOUN" or not head.text.islower() or head.ent_type_ == "PERSON":
            continue
        opener = next((c for c in head.children if c.i < t.i and c.dep_ in _OPENERS), None)
        if opener is not None:
            return doc[opener.i : head.i + 1].text
    return None
