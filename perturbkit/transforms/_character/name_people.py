"""Whom a name stands for, as ``name_change`` checks it (validity round 112, where 4 of 20 renames
on WritingPrompts were wrong):

- a full name in a list with a famous person's full name is a real person too ("Stephen King and
  Ian M. Banks": the story misspells Iain M. Banks, whom no list knows): not renamed;
- a name the story gives to two people ("the other Igor", "big Igor" beside "little Igor", "the two
  Igors") would rename both: not renamed;
- the character's gender is the story's as well as the name's: reflexives and possessives in the
  clauses the name is the subject of ("Levi was n't quite herself", "Madeline swept her arm out")
  and gendered role nouns bound to it ("my girlfriend Levi", "Levi is my girlfriend") vote. A name
  the story clearly gives the other gender than the name lists do is not renamed; a name of
  unknown gender takes the story's gender, or else the 1990 Census's when that is clear (round 112:
  "Madeline", in none of the project's lists, got the unisex "Logan"). The unisex replacements are
  only names the Census gives to both genders (not "Logan", 94% men)."""

from __future__ import annotations

import re

from .._discourse.coref import FEMALE_NOUNS, MALE_NOUNS
from .._persons import name_gender
from .entity_pins import _OWN_CLAUSES, _SUBJ_DEPS
from .name_checks import census_share_by_gender, is_famous_person, is_listed_name
from .names import is_common_word, word_spans

# ----------------------------------------------------------------------------------------------
# A real person beside a famous one
# ----------------------------------------------------------------------------------------------
_WORD = r"[A-Z][^\W\d_][\w'\-]*"
_GROUP = rf"{_WORD}(?:[ \t]+(?:[A-Z]\.|{_WORD})){{1,3}}"  # "Stephen King", "Ian M. Banks"
_SEP = r"[ \t]*(?:,[ \t]*(?:and|or)\b|,|;|&|\band\b|\bor\b)[ \t]*"
_LIST = re.compile(rf"(?<![\w\-]){_GROUP}(?:{_SEP}{_GROUP})+")
_GROUP_RE = re.compile(_GROUP)


def _famous_group(group: str) -> bool:
    """True when the capitalised words ``group`` end with a famous person's full name, perhaps
    without a middle initial ("Yesterday Stephen King", "Ursula K. Le Guin")."""
    words = group.split()
    plain = [w for w in words if not re.fullmatch(r"[A-Z]\.", w)]
    tails = [words[-n:] for n in (2, 3, 4)] + [plain[-n:] for n in (2, 3)]
    return any(len(t) >= 2 and len(t) <= len(words) and is_famous_person(" ".join(t)) for t in tails)


def listed_with_famous(word: str, texts) -> str | None:
    """The famous full name that a full name starting with ``word`` is listed beside ("Stephen King"
    for "Stephen King and Ian M. Banks"), or None: the list names real people, and so does the
    name (a misspelt or little-known real person no list holds). Only in stories with capitals.

    >>> listed_with_famous("Ian", ["fiction books ; Stephen King and Ian M. Banks ."])
    'Stephen King'
    """
    for t in texts:
        for m in _LIST.finditer(t or ""):
            groups = [g.group() for g in _GROUP_RE.finditer(m.group())]
            if not any(word in g.split()[:-1] for g in groups):  # the name with a surname after it
                continue
            famous = next((g for g in groups if word not in g.split() and _famous_group(g)), None)
            if famous:
                return famous
    return None


# ----------------------------------------------------------------------------------------------
# Two people of one name
# ----------------------------------------------------------------------------------------------
# epithets that tell two people of one name apart ("big Igor" and "little Igor")
_EPITHETS = frozenset("big little young old elder younger older senior junior fat thin tall short".split())


def shared_name(word: str, texts, lower_style: bool) -> str | None:
    """The words by which ``texts`` give the name ``word`` to two people, or None: "the other Igor",
    "another Igor", the plural ("the two Igors", "both Igors"), or two different epithets before it
    ("big Igor" and "little Igor"). A rename would make two characters one.

    >>> shared_name("Igor", ["Igor is yelling , and the other Igor is smoking ."], False)
    'other Igor'
    """
    epithets: set[str] = set()
    plural = re.compile(
        r"\b(?:the|two|three|both|all|those|these|other)[ \t]+" + re.escape(word) + r"e?s(?![\w\-'])",
        re.I if lower_style else 0,
    )
    for t in texts:
        if not t:
            continue
        m = None if lower_style and is_common_word(word) else plural.search(t)  # "the marks": not two Marks
        if m:
            return m.group()
        for a, b in word_spans(word, t, ignore_case=lower_style):
            before = t[max(0, a - 24) : a].split()
            prev = before[-1].lower() if before else ""
            if prev in ("other", "another"):
                return f"{before[-1]} {t[a:b]}"
            if prev in _EPITHETS:
                epithets.add(prev)
    return " and ".join(f"{e} {word}" for e in sorted(epithets)) if len(epithets) > 1 else None


# ----------------------------------------------------------------------------------------------
# The story's gender for a name
# ----------------------------------------------------------------------------------------------
_REFLEXIVE = {"himself": "m", "herself": "f"}
_POSSESSIVE = {"his": "m", "her": "f"}
# role and kin nouns of one gender ("my girlfriend Levi", "Levi is my wife"): the coreference
# lexicon's gendered nouns plus roles it does not list
_ROLES = {
    **dict.fromkeys(
        FEMALE_NOUNS | set("granny bride fiancee fiancée waitress actress mistress widow madam".split()), "f"
    ),
    **dict.fromkeys(MALE_NOUNS | set("groom fiance fiancé waiter actor widower".split()), "m"),
}


def _clause(verb) -> list:
    """``verb``'s own clause: its subtree without embedded clauses that have a subject of their own."""
    out, todo = [], [verb]
    while todo:
        tok = todo.pop()
        out.append(tok)
        for ch in tok.children:
            if ch.dep_ in _OWN_CLAUSES or (ch.dep_ == "conj" and any(c.dep_ in _SUBJ_DEPS for c in ch.children)):
                continue
            todo.append(ch)
    return out


def gender_votes(doc, word: str) -> dict[str, int]:
    """Votes of ``doc`` for the gender of the character ``word`` ({"m": .., "f": ..}): a reflexive
    (2), or a possessive determiner of the direct object (1: "swept her arm out"; not "smiled at
    his words", another's), in a clause whose subject is a mention, and a role noun of one gender
    with a determiner or possessor (2) in apposition, compound or predicate with a mention."""
    votes = {"m": 0, "f": 0}
    low = word.lower()
    for tok in doc:
        if tok.lower_ != low:
            continue
        head = tok  # "Lovely Madeline", "Madeline Smith": the name's head (not a conjunct: another person)
        while head.dep_ in ("compound", "flat") and head.head is not head and head.head.pos_ == "PROPN":
            head = head.head
        near = [c for c in head.children if c.dep_ in ("appos", "compound")]
        near += [head.head] if head.dep_ in ("appos", "compound") else []
        for n in near:
            if _role(n):
                votes[_ROLES[n.lower_]] += 2
        if head.dep_ not in _SUBJ_DEPS:
            continue
        for t in _clause(head.head):
            if t.lower_ in _REFLEXIVE:
                votes[_REFLEXIVE[t.lower_]] += 2
            elif t.lower_ in _POSSESSIVE and t.dep_ == "poss" and t.head.dep_ == "dobj":
                votes[_POSSESSIVE[t.lower_]] += 1
            elif t.dep_ == "attr" and t.head is head.head and _role(t):
                votes[_ROLES[t.lower_]] += 2
    return votes


def _role(tok) -> bool:
    """A role noun with a determiner or possessor ("my girlfriend", "a widow"; not the vocative or
    name-like "Dad" of "It 's Dad , Sarah")."""
    return tok.lower_ in _ROLES and any(c.dep_ in ("det", "poss") for c in tok.children)


def census_gender(word: str) -> str | None:
    """ "m" or "f" when the 1990 Census gives the name to at least 90% of one gender ("Madeline",
    "Rosie"), else None."""
    shares = census_share_by_gender().get(word.lower())
    if not shares:
        return None
    m, f = shares
    if m >= 9 * f and m > 0:
        return "m"
    return "f" if f >= 9 * m and f > 0 else None


def is_unisex(name: str) -> bool:
    """False for a name the 1990 Census gives to at least 90% of one gender, where at least 0.01% of
    that gender had it ("Logan", "Charlie", "Jesse"); True otherwise (rare or recent: "Harper")."""
    shares = census_share_by_gender().get(name.lower())
    return not (shares and census_gender(name) and max(shares) >= 0.01)


_OPENING = {"he": "m", "she": "f"}


def opening_pronouns(doc, word: str, context: str | None = None) -> set[str]:
    """The genders of "he"/"she" opening a sentence right after one the name ``word`` opens, in
    the ``context`` and ``doc`` read as one text ("nestor found work as an umpire . | she worked at a
    youth league"; not after the name's possessive or a role noun of that gender: "kenneth 's
    girlfriend"): a weak sign, read only against the Census's gender."""
    sents = [x for x in re.split(r"(?<=[.!?])\s+", context or "") if x.strip()] + [x.text for x in doc.sents]
    words = [[w.lower() for w in re.findall(r"[^\W\d_]+", x)] or [""] for x in sents]
    found = set()
    for a, b in zip(words, words[1:]):
        g = _OPENING.get(b[0])
        if a[0] != word.lower() or not g or a[1:2] == ["s"] or any(_ROLES.get(w) == g for w in a):
            continue  # "kenneth 's girlfriend", "kisha yelled at her husband": "she"/"he" is the other
        if any(w != a[0] and name_gender(w) == g for w in a[1:]):
            continue  # "jackie met tom . he smiled": "he" may be tom
        found.add(g)
    return found


def story_gender(doc, word: str, gender: str, context: str | None = None) -> str | None:
    """The gender ("m", "f" or "n") ``name_change`` gives the character ``word`` whose name lists
    give it ``gender``, or None when the story clearly gives it the other gender (at least 2 votes
    of :func:`gender_votes`, more than its own, or, with no vote for its own, only
    :func:`opening_pronouns` of the other gender: declined, round 114). A name of no list takes the 1990 Census's
    clear gender (:func:`census_gender`) unless a vote or :func:`opening_pronouns` in the story or
    ``context`` contradicts it ("Hilary ... drew his pistol", "nestor found work . she worked"), else
    the story's clear gender (at least 2 votes and 3 times the other's), else "n"."""
    votes = gender_votes(doc, word)
    story = next((g for g, o in (("m", "f"), ("f", "m")) if votes[g] >= 2 and votes[g] >= 3 * votes[o]), None)
    if gender in ("m", "f"):
        other = "f" if gender == "m" else "m"
        if votes[other] >= 2 and votes[other] > votes[gender]:
            return None
        # round 114: "jackie thought quickly . he also grabbed" (a listed woman's name, a man here)
        opening = opening_pronouns(doc, word, context)
        return None if other in opening and gender not in opening and not votes[gender] else gender
    census = None if is_listed_name(word) else census_gender(word)
    other = "f" if census == "m" else "m"
    if census and not votes[other] and other not in opening_pronouns(doc, word, context):
        return census  # the Census's gender, which nothing in the story contradicts
    return story or "n"
