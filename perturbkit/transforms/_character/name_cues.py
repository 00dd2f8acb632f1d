"""What ``name_change`` also checks before it renames a character (validity round 108, where 3 of
40 renames were wrong, and rounds 105-106):

- in a lower-cased story (ROC), a name that is also a common noun in WordNet ("teddy", "rose",
  "jack", "bill") is renamed only when the story treats it as a person: at least one mention is
  the subject of a verb or conjoined with one, a possessor or in apposition, or the context starts
  with it ("what he did with teddy": the class's teddy bear, "a figurine of big ben");
- a story that names at least three characters of one well-known work of ``fictional_ensembles.tsv``
  ("Sam", "Diane" and "Coach" of Cheers) alludes to such works: none of their characters' names
  is renamed ("Ross", "Rachael" beside them too);
- a dialogue that labels its speakers with initials ("J : But Tina ...") keeps the old name in the
  label: a name whose initial labels a speaker is not renamed;
- a famous person or character of ``famous_people.txt`` ("Taylor Swift", "Bruce Springsteen",
  perhaps with a middle name) mentioned by full name in the story or its context is not renamed
  (:func:`.name_checks.is_famous_person` reads the same list)."""

from __future__ import annotations

import functools
import re

from ...resources.lexicons import table
from .name_checks import famous_people
from .names import is_common_word

# a mention that is the subject of a verb, or conjoined with one ("henry and teddy went")
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})


@functools.lru_cache(maxsize=4096)
def is_common_noun(word: str) -> bool:
    """True when WordNet has ``word`` as a common noun: a noun lemma written in lower case ("teddy":
    a teddy bear, "jack", "john"; not "amy", "joe"). False without WordNet."""
    from ...resources.wordnet import ResourceMissing, wordnet

    low = word.lower()
    try:
        synsets = wordnet().synsets(low, "n")
    except ResourceMissing:
        return False
    return any(low in s.lemma_names() for s in synsets)


def _as_person(tok) -> bool:
    """A mention read as a person: a subject ("mike olsen was never seen", "natalie and maria
    rebelled": through first names and conjuncts), a possessor ("tom 's puppy"), in apposition
    ("his son , bob"), or an object told to do something ("they asked bob to lead")."""
    head = tok
    while head.dep_ in ("conj", "compound") and head.head is not head:
        head = head.head
    if head.dep_ in _SUBJECTS or head.dep_ in ("poss", "appos") or any(c.dep_ == "appos" for c in head.children):
        return True
    if head.dep_ == "dobj" and any(c.dep_ == "xcomp" for c in head.head.children):
        return True
    nxt = tok.nbor(1) if tok.i + 1 < len(tok.doc) else None
    return nxt is not None and nxt.lower_ == "'s"


def _context_person(low: str, context: str | None) -> bool:
    """True when the (lower-cased) context starts with the name or has it as a possessor ("tom
    experienced neck pain .", "mark 's hands were hurting"): ROCStories' first sentence is about
    its protagonist."""
    words = (context or "").lower().split()
    return bool(words) and (words[0] == low or any(w == low and n == "'s" for w, n in zip(words, words[1:])))


def noun_not_person(doc, word: str, context: str | None = None) -> bool:
    """True when ``word`` is a WordNet common noun and neither a mention in ``doc`` (a lower-cased
    story) nor the ``context`` reads it as a person (:func:`_as_person`, :func:`_context_person`):
    the story may mean the thing ("his class stuffed animal ... what he did with teddy", "a
    figurine of big ben")."""
    if not is_common_noun(word):
        return False
    low = word.lower()
    return not (_context_person(low, context) or any(_as_person(t) for t in doc if t.lower_ == low))


@functools.cache
def _casts() -> tuple[frozenset[str], ...]:
    return tuple(frozenset(r["characters"].split()) for r in table("fictional_ensembles.tsv"))


@functools.cache
def _cast_pattern(lower_style: bool) -> re.Pattern:
    names = sorted({n for cast in _casts() for n in cast if not (lower_style and is_common_word(n))}, key=len)
    body = "|".join(re.escape(n) for n in reversed(names))
    return re.compile(r"(?<![\w\-])(?:" + body + r")(?![\w\-])", re.I if lower_style else 0)


def ensemble_names(texts, lower_style: bool) -> frozenset[str]:
    """The (lower-cased) names of ``fictional_ensembles.tsv`` that ``texts`` mention, when they
    mention at least three characters of one work (the story alludes to the works it draws on);
    otherwise none. Names are whole words, capitalised as listed unless the story is all lower
    case (where names that are also English words are not matched).

    >>> sorted(ensemble_names(["Sam and Diane split. Sam killed Coach. Ross and Rachael kissed."], False))
    ['coach', 'diane', 'rachael', 'ross', 'sam']
    """
    pattern = _cast_pattern(lower_style)
    found = {m.group() for t in texts if t for m in pattern.finditer(t)}
    if lower_style:
        found = {n for cast in _casts() for n in cast if n.lower() in {f.lower() for f in found}}
    if not any(len(cast & found) >= 3 for cast in _casts()):
        return frozenset()
    return frozenset(n.lower() for n in found)


def speaker_initial(word: str, texts, lower_style: bool) -> str | None:
    """The speaker label made of ``word``'s initial ("J :" for Joe) that ``texts`` use at the
    start of a line, a sentence or after a quotation, or None: a rename would leave the label.

    >>> speaker_initial("Joe", ["Tina : “ Hi ! ” J : “ But Tina ... ”"], False)
    'J :'
    """
    letter = word[:1].lower() if lower_style else word[:1].upper()
    if not letter.isalpha():
        return None
    pattern = re.compile(r"(?:^|(?<=[.!?\"”’\n]))[ \t]*(" + re.escape(letter) + r"[ \t]*:)(?!\d)", re.M)
    for t in texts:
        m = pattern.search(t or "")
        if m:
            return m.group(1)
    return None


@functools.cache
def _famous_by_first() -> dict[str, re.Pattern]:
    """first name -> one pattern for the listed full names that start with it: the first name, at
    most one middle name or initial, then the rest ("Taylor Alison Swift"; not across a sentence
    end: "Taylor sang. Swift rivers ran")."""
    by_first: dict[str, list[str]] = {}
    for full in famous_people():
        first, *rest = full.split()
        if rest:
            by_first.setdefault(first, []).append(r"\s+".join(re.escape(w) for w in rest))
    return {
        f: re.compile(
            r"(?<![\w\-])" + re.escape(f) + r"(?:\s+[^\W\d_](?:[\w'\-]*|\.))?\s+(?:" + "|".join(ps) + r")(?![\w\-])",
            re.I,
        )
        for f, ps in by_first.items()
    }


def famous_full_name(word: str, texts) -> str | None:
    """The mention of a full name of ``famous_people.txt`` starting with the first name ``word`` in
    ``texts`` (any casing), or None.

    >>> famous_full_name("Bruce", ["Bruce Springsteen played from hidden speakers."])
    'Bruce Springsteen'
    """
    pattern = _famous_by_first().get(word.lower())
    if pattern is None:
        return None
    return next((m.group() for t in texts if t for m in [pattern.search(t)] if m), None)
