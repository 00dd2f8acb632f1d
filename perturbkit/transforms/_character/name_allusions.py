"""What ``name_change`` also checks before it renames a character (validity round 103 on long
WritingPrompts stories, where 6 of 20 renames were wrong):

- no mention of the name forms a proper compound with a capitalised English word next to it (a
  brand or place: "Hugo Boss", "Lake Louise"; "Anna Smith" and "Captain Nathaniel" are still names);
- the story has no variant of the name that would keep the old one: a nickname or long form
  sharing its first three letters ("Nate" and "Nathan" beside "Nathaniel"), an irregular short
  form or its formal name (``name_short_forms.tsv``, round 120: "Frank" beside "Francis"), or a
  code word it is made from ("Ari" from the robot model "ArRe");
- it is not a famous fictional, legendary or biblical character the story alludes to (Ariel beside
  "Mermaid" or "Eric", Zelda beside "Hyrule", Peter beside "omnipotent"): the lexicon
  ``fictional_names.tsv`` lists each such name with its cue words;
- it is not used inside a fixed phrase built on a first name ("a cup of Joe", "G.I. Joe", "a
  peeping Tom": ``name_idioms.txt``, round 105)."""

from __future__ import annotations

import functools
import re

from ...resources.lexicons import table, word_list
from .name_checks import census_share
from .names import _TITLES, is_common_word

# ranks, kin and honorifics that stand before a first name without making a compound of it
# ("Captain Nathaniel Deshler", "Agent Sarah", "Auntie May"); royal and sacred titles are
# :data:`.name_checks.FAME_TITLES`, declined before this check
_BEFORE_OK = _TITLES | frozenset(
    "captain capt sergeant sgt lieutenant lt general colonel major commander admiral corporal private "
    "detective agent inspector constable sheriff deputy marshal chief doctor professor prof nurse sister "
    "brother cousin auntie nana papa mama master mister madame senor señor monsieur herr frau don dame "
    "judge senator governor mayor pastor reverend rev father elder cadet ensign chancellor director "
    "duke duchess count countess baron baroness earl marquis viscount knight dame "
    "hello hi hey thanks thank bye goodbye sorry please yes no okay ok oh well love darling honey sweetie".split()
)


def _given(low: str) -> bool:
    return low in word_list("names_male.txt") or low in word_list("names_female.txt") or low in census_share()


@functools.lru_cache(maxsize=4096)
def _compound_word(word: str) -> bool:
    """True for a capitalised English word that is neither a first name nor a surname (a famous
    one WordNet knows, or one of ``surname_words.txt``): "Boss", "Lake", "Mermaid"."""
    low = word.lower()
    if not (word.isalpha() and len(word) > 1 and word[:1].isupper() and not word.isupper()):
        return False
    if not is_common_word(word) or _given(low) or low in word_list("surname_words.txt") or not _noun(low):
        return False
    return low not in word_list("interjections.txt") and not _surname(low) and not _stop(low)


def _noun(low: str) -> bool:
    """True when WordNet has ``low`` as a noun ("boss", "lake"; not "marvelous", an epithet: "the
    Marvelous Greg"). True without WordNet."""
    from ...resources.wordnet import ResourceMissing, wordnet

    try:
        return bool(wordnet().synsets(low, "n"))
    except ResourceMissing:
        return True


def _surname(low: str) -> bool:
    """True when WordNet has a person (an instance: "Adam Smith", not "party boss") whose name
    ends with ``low``. False without WordNet."""
    from ...resources.wordnet import ResourceMissing, wordnet

    try:
        synsets = wordnet().synsets(low, "n")
    except ResourceMissing:
        return False
    return any(
        s.lexname() == "noun.person"
        and s.instance_hypernyms()
        and any(n.lower().endswith("_" + low) for n in s.lemma_names())
        for s in synsets
    )


def _stop(low: str) -> bool:
    from spacy.lang.en.stop_words import STOP_WORDS  # here: importing spaCy is heavy

    return low in STOP_WORDS


def in_compound(doc, i: int) -> bool:
    """True when the name ``doc[i]`` (in a story with capitals) forms a proper compound: a
    capitalised English word right after it ("Hugo Boss"), or right before it where that word does
    not start a sentence or quotation and is not a rank, kin word or greeting ("the Lake Louise
    hotel"; not "Captain Nathaniel", "`` Go Ariel")."""
    if i + 1 < len(doc) and not doc[i + 1].is_sent_start and _compound_word(doc[i + 1].text):
        return True
    if i < 2 or doc[i - 1].is_sent_start:
        return False
    before, prior = doc[i - 1].text, doc[i - 2].text
    return prior[:1].isalnum() and before.lower() not in _BEFORE_OK and _compound_word(before)


def _shortens(short: str, long: str) -> bool:
    """True when ``short`` (lower-cased) is ``long`` cut short, perhaps with a pet ending ("nathan",
    "nate" and "nat" for "nathaniel"; "juli" for "julius"; "jonny", "jono" for "jonathan"), the two sharing three letters or more;
    not two names of one length ("mark", "mary")."""
    if len(short) >= len(long) or short[:3] != long[:3]:
        return False
    stems = [short] + [short[: -len(e)] for e in ("ie", "ey", "e", "y", "i", "o") if short.endswith(e)]
    # a doubled consonant before the pet ending (round 114: "jonny" and "jonno" for "jonathan")
    stems += [s[:-1] for s in stems[1:] if len(s) >= 4 and s[-1] == s[-2] and s[-1] not in "aeiou"]
    return any(len(s) >= 3 and long.startswith(s) for s in stems)


_PET_ENDINGS = ("ie", "ey", "ee", "y", "i", "o")


def _pet_of(pet: str, other: str) -> bool:
    """True when ``pet`` (lower-cased) is a pet form built on a two-letter stem that ``other``
    also opens with: a doubled consonant before a pet ending, the double cut to one ("ellie" for
    "elm" or "elizabeth", "annie" for "anya", "emmy" for "emma"). Round 117: a grandfather calls
    his granddaughter Elm "Ellie"; three-letter stems are :func:`_shortens`'s."""
    if pet == other or len(other) < 2:
        return False
    for e in _PET_ENDINGS:
        stem = pet[: -len(e)]
        if pet.endswith(e) and len(stem) == 3 and stem[-1] == stem[-2] and stem[-1] not in "aeiou":
            return other.startswith(stem[:2]) and other[:3] != stem
    return False


_INNER_CAP = re.compile(r"(?<=[a-z,] )[A-Z][a-z]+(?![\w\-])")


def _inner_capitals(texts) -> list[str]:
    """The capitalised words of ``texts`` after a lower-case word or a comma (a name, English word
    or not: "his granddaughter Elm"), sorted."""
    return sorted({m.group() for t in texts for m in _INNER_CAP.finditer(t or "")})


@functools.cache
def _short_forms() -> dict[str, frozenset[str]]:
    """name -> the names ``name_short_forms.tsv`` pairs it with, both ways ("frank" -> "francis",
    "frances"; "francis" -> "frank", "fran", "frankie")."""
    out: dict[str, set[str]] = {}
    for row in table("name_short_forms.tsv"):
        name = row["name"].lower()
        for short in row["short_forms"].lower().split():
            out.setdefault(name, set()).add(short)
            out.setdefault(short, set()).add(name)
    return {k: frozenset(v) for k, v in out.items()}


def short_form_pair(word: str, texts, lower_style: bool, odd: set[str], people=()) -> str | None:
    """A name of the story that ``name_short_forms.tsv`` pairs with the name ``word`` as formal
    name and irregular short form ("Francis" beside "Frank", "Bill" beside "William"), so that the
    two may be one person (round 120), or None. A pair counts when it is among ``odd`` (see
    :func:`name_variant`), ``people`` (the story's person names) or, in a story with capitals, a
    capitalised word inside a sentence ("your friend Francis")."""
    partners = _short_forms().get(word.lower())
    if not partners:
        return None
    seen = set(odd) | {p.lower() for p in people}
    if not lower_style:
        seen |= {w.lower() for w in _inner_capitals(texts)}
    return next((p for p in sorted(partners) if p in seen), None)


_CODE = re.compile(r"[^\W\d_]*[a-z][A-Z][^\W\d_]*|[^\W\d_]+(?=-?\d)")


def name_variant(word: str, texts, lower_style: bool, odd: set[str]) -> str | None:
    """A word of the story (``odd``: its capitalised non-English words, see
    :func:`.name_checks.odd_words`) that reads as a variant of the name ``word``, so that renaming
    the name would leave the character's other name: a longer or shorter form ("Nate", "Nathan"
    beside "Nathaniel"), or a code word with a capital inside or a number after it ("ArRe-41")
    sharing its first two letters ("Ari"), or a capitalised word inside a sentence that the name is
    a pet form of on a two-letter stem (:func:`_pet_of`: "Ellie" beside "Elm"), or None."""
    low = word.lower()
    hit = next((w for w in sorted(odd) if _shortens(low, w) or _shortens(w, low)), None)
    if not hit and not lower_style:  # round 117: a pet form on a two-letter stem, "Ellie" for "Elm"
        hit = next((w for w in _inner_capitals(texts) if _pet_of(low, w.lower()) or _pet_of(w.lower(), low)), None)
    if hit or lower_style:
        return hit
    for t in texts:
        for m in _CODE.finditer(t or ""):
            code = m.group()
            if code.lower() != low and code[:2].lower() == low[:2]:
                return code
    return None


@functools.cache
def _fictional() -> dict[str, tuple[str, ...]]:
    return {r["name"].lower(): tuple(r["cues"].split()) for r in table("fictional_names.tsv")}


def fictional_cue(word: str, texts, lower_style: bool) -> str | None:
    """A cue word for the name ``word`` in ``texts`` (the story and its context): the famous
    character or person the story alludes to, or None. The cues are those of
    ``fictional_names.tsv`` ("Mermaid" for Ariel) and, round 116, the names in WordNet's gloss of
    a famous person who goes by the name alone or by a long form of it (:func:`gloss_cues`: "Divine
    Comedy" for Dante, "Mark Antony" for Cleo, Cleopatra)."""
    for cue in _fictional().get(word.lower(), ()) + gloss_cues(word.lower()):
        flags = re.I if lower_style or cue.islower() or " " in cue else 0
        pattern = r"(?<![\w\-])" + r"\s+".join(map(re.escape, cue.split())) + r"(?![\w\-])"
        if any(t and re.search(pattern, t, flags) for t in texts):
            return cue
    return None


# words in glosses that say of what people or faith someone was, not what they did
_GLOSS_GENERIC = frozenset(
    "god christians christian catholics bible testament old new united states church saint st".split()
)
_REGNAL = re.compile(r"_(?:[IVX]+|the_\w+)$")  # "George_III", "Louis_the_Pious": a king, not a mononym


@functools.lru_cache(maxsize=4096)
def gloss_cues(low: str) -> tuple[str, ...]:
    """The names (capitalised runs: "Divine Comedy", "Virgil", "Mark Antony") in WordNet's glosses
    of the famous people who go by the name ``low`` alone (a head word and no regnal number:
    not King George III) or by a long form of it that the name shortens ("cleo" for "Cleopatra",
    a Census first name). Left out: that person's own names, generic words (``God``, ``Old
    Testament``), places ("Egypt", "England": a setting, not an allusion) and, alone, a
    nationality ("Italian"), an English word ("Hell") or a first name. Empty without WordNet.

    >>> gloss_cues("dante"), gloss_cues("george")
    (('Divine Comedy',), ())
    """
    from ...resources.wordnet import ResourceMissing, nltk_reader

    try:
        wn = nltk_reader()
    except ResourceMissing:
        return ()
    forms = [low] + [n for n in sorted(census_share()) if _shortens(low, n)]
    cues: list[str] = []
    for form in forms:
        for s in wn.synsets(form, "n"):
            names = s.lemma_names()
            if s.lexname() != "noun.person" or not s.instance_hypernyms() or names[0].lower() != form:
                continue
            if any(_REGNAL.search(n) for n in names):
                continue
            own = {w.lower() for n in names for w in n.split("_")}
            for m in re.finditer(r"[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*", s.definition()):
                words = [w for w in m.group().split() if w.lower() not in own | _GLOSS_GENERIC]
                cue = " ".join(words)
                if not words or cue in cues or _place(wn, cue):
                    continue
                if len(words) == 1 and (is_common_word(cue) or _given(cue.lower()) or wn.synsets(cue.lower(), "a")):
                    continue
                cues.append(cue)
    return tuple(cues)


def _place(wn, cue: str) -> bool:
    """True when WordNet has ``cue`` (or its last word) as a place ("Egypt", "Mount Sinai")."""
    keys = dict.fromkeys([cue.replace(" ", "_").lower(), cue.split()[-1].lower()])
    return any(s.lexname() == "noun.location" for k in keys for s in wn.synsets(k, "n"))


_POSS = r"(?:\s?['\u2019]s)?"
_PLURAL = r"(?:s|\s?['\u2019]s)?"


@functools.cache
def _idiom_patterns() -> dict[str, re.Pattern]:
    """name -> one pattern for the phrases of ``name_idioms.txt`` that hold it. Each word may take
    a possessive "'s" (" 's" in tokenised text) and each word up to the name a plural "s" (round
    115: "averages Joe 's" for "average Joe's", "peeping Toms"); not a word after the name, where
    "s" makes a verb ("John does", "Joe blows")."""
    by_name: dict[str, list[str]] = {}
    for phrase in word_list("name_idioms.txt"):
        words = phrase.split()
        first = next((i for i, w in enumerate(words) if _given(w)), len(words))
        body = r"[\s.]*".join(re.escape(w) + (_PLURAL if i <= first else _POSS) for i, w in enumerate(words))
        for w in words:
            if _given(w):
                by_name.setdefault(w, []).append(body)
    return {n: re.compile(r"(?<![\w\-])(?:" + "|".join(ps) + r")(?![\w\-])", re.I) for n, ps in by_name.items()}


def in_name_idiom(word: str, texts) -> bool:
    """True when the name ``word`` stands in a fixed phrase of ``name_idioms.txt`` in ``texts`` ("a
    cup of Joe"): there it names no one, and a rename would break the phrase.

    >>> in_name_idiom("Joe", ["I made a cup of joe ."]), in_name_idiom("Joe", ["Joe made coffee ."])
    (True, False)
    >>> in_name_idiom("Joe", ["and averages Joe 's all looked up"]), in_name_idiom("John", ["John does ."])
    (True, False)
    """
    pattern = _idiom_patterns().get(word.lower())
    return pattern is not None and any(t and pattern.search(t) for t in texts)


def renameable_names(example, doc) -> dict[str, str]:
    """:func:`.names.person_names` of ``doc`` (name -> gender) without the names that have a variant
    or a famous character's cue word in the story or its context (``example.context``), nor those
    :mod:`.name_cues` declines (round 108: a common noun never a subject in a lower-cased story, a
    cast of a well-known work, a speaker's initial, a famous full name) or :mod:`.name_people`
    declines (round 112: a full name listed beside a famous person's, a name of two people, a name
    the story gives the other gender) or :mod:`.name_passing` declines (round 114: a part of a run
    of three capitalised names, a passing full name, a shop's name); none in a story set in the
    ancient world (round 116: :func:`.name_setting.ancient_setting`); none the story puns on
    (round 118: :func:`.name_checks.pun_word`, "Demise" beside "Denise"); each kept name with the
    gender the story gives it."""
    from .._persons import text_style
    from .name_checks import odd_words, pun_word
    from .name_cues import ensemble_names, famous_full_name, noun_not_person, speaker_initial
    from .name_passing import business_name, in_long_name, known_as, noun_modifier, or_listed, passing_full_name
    from .name_people import listed_with_famous, shared_name, story_gender
    from .name_setting import ancient_setting
    from .names import person_names

    names = dict(person_names(doc))
    if not names:
        return names
    texts = (example.text, example.context)
    lower = text_style(example.text) == "lower"
    odd = odd_words(texts, lower)
    cast = ensemble_names(texts, lower)
    kept = {
        n: g
        for n, g in names.items()
        if not name_variant(n, texts, lower, odd)
        and not short_form_pair(n, texts, lower, odd, names)  # round 120: "Frank" beside "Francis"
        and not fictional_cue(n, texts, lower)
        and not in_name_idiom(n, texts)
        and n.lower() not in cast
        and not speaker_initial(n, texts, lower)
        and not famous_full_name(n, texts)
        and not (lower and noun_not_person(doc, n, example.context))
        and not shared_name(n, texts, lower)
        and not (not lower and listed_with_famous(n, texts))
        and not (lower and business_name(doc, n, lower=True))  # round 119: "shelly 's point"
        and not known_as(n, texts)  # round 119: "the man that came to be known as John"
    }
    if not lower:  # round 114: a part of a long name, a passing full name, a shop named after someone
        kept = {
            n: g
            for n, g in kept.items()
            if not in_long_name(doc, n)
            and not passing_full_name(doc, n, texts)
            and not business_name(doc, n)
            and not noun_modifier(doc, n)  # round 117: "her Barbie dolls"
            and not pun_word(n, texts)  # round 118: "Demise , her real name was ... Denise"
            and not or_listed(doc, n)  # round 119: "named Joffrey , John or Alexander"
        }
    if kept and ancient_setting(texts):  # last: a WordNet look-up per word of the story
        return {}  # round 116: no modern name for a Roman, Greek or Egyptian of old
    genders = {n: story_gender(doc, n, g, example.context) for n, g in kept.items()}
    return {n: g for n, g in genders.items() if g}
